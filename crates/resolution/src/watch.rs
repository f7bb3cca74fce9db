//! A watched run going on within its budget ([`crate::Watch`]): the save directory its
//! finished rows are spilled to, holding every bidegree completed before the switch.

use rayon::prelude::*;

use crate::bidegree::Bidegree;
use crate::config::Algorithm;
use crate::error::ResolutionError;
use crate::run::Resolvable;
use crate::save::{SaveDir, SaveOptions};
use crate::Resolution;

impl<M: Resolvable> Resolution<M> {
    /// Before a watched run goes on within its [`crate::Hold`]: attaches a temporary save
    /// directory when none is attached (the resolution owns it; it is removed when the
    /// resolution is dropped) and writes every completed bidegree it lacks, encoded on
    /// `pool`. A directory attached by [`Resolution::resume`] has them already, but for
    /// the steps that were in flight when the pass stopped (written, not kept: they are
    /// recomputed, and written again with the same bytes).
    ///
    /// Errors: [`ResolutionError::SpillDir`] when the temporary directory cannot be made;
    /// [`ResolutionError::Save`] when it cannot be opened or a record cannot be written.
    pub(crate) fn attach_spill(
        &mut self,
        algorithm: Algorithm,
        pool: &rayon::ThreadPool,
    ) -> Result<(), ResolutionError> {
        if self.save.is_none() {
            let temp = tempfile::Builder::new()
                .prefix("adams-spill-")
                .tempdir()
                .map_err(|source| ResolutionError::SpillDir { source })?;
            let options = SaveOptions {
                quasi_inverses: false,
                ..SaveOptions::default()
            };
            let header = M::save_header(&self.module, algorithm);
            self.save = Some(SaveDir::open_for(temp.path(), header, options)?);
            self.spill_temp = Some(temp);
        }
        let save = self.save.as_ref().expect("attached above");
        let missing: Vec<Bidegree> = self
            .completed_bidegrees()
            .filter(|&b| !save.has_record(b))
            .collect();
        let rows = &self.rows;
        save.with_writers::<M::Algebra, _, ResolutionError>(|store| {
            pool.install(|| {
                missing.par_iter().try_for_each(|&b| {
                    let gens = rows[b.s() as usize].gens(b.t());
                    store.put(b, gens, None).map_err(ResolutionError::from)
                })
            })
        })
    }

    /// The bidegrees of the range whose generators are in memory, row by row.
    fn completed_bidegrees(&self) -> impl Iterator<Item = Bidegree> + '_ {
        (0u32..).zip(&self.rows).flat_map(|(s, row)| {
            (row.min_degree()..=row.max_degree())
                .filter(move |&t| !row.is_spilled() && row.is_complete(t))
                .map(move |t| Bidegree::s_t(s, t))
        })
    }
}
