//! Where completed bidegrees go and come from.
//!
//! A step reads the free modules of its predecessors and returns its generators
//! ([`crate::step::StepOutput`]); it neither reads nor writes storage. The run hands each
//! completed bidegree to the stores: always the in-memory one (the free modules
//! `C_0, …, C_{max_s}` the next steps read), and the save directory's when one is attached
//! ([`crate::save::SaveDir::with_writers`]). A store on another process or node would
//! implement this trait too.

use steenrod::{Algebra, MilnorAlgebra};

use crate::bidegree::Bidegree;
use crate::free_module::{Differential, FreeModule};
use crate::save::SaveError;
use crate::step::StepQuasiInverse;

/// A place completed bidegrees of a resolution over `A` are kept.
pub trait Store<A: Algebra = MilnorAlgebra>: Sync {
    /// Whether the generators of `b` are kept here (a run does not recompute them).
    fn is_complete(&self, b: Bidegree) -> bool;

    /// Whether the store keeps the quasi-inverses a step row reduced; the run then asks
    /// the steps for them (their `want_qi` input).
    fn keeps_quasi_inverses(&self) -> bool {
        false
    }

    /// Keeps the new generators of `b` (with their differentials) and the step's
    /// quasi-inverses. Bidegrees arrive in any order, each once, after every bidegree its
    /// step read. Errors: [`SaveError`] when the record cannot be written.
    fn put(
        &self,
        b: Bidegree,
        gens: &[Differential<A>],
        qi: Option<&StepQuasiInverse>,
    ) -> Result<(), SaveError>;

    /// [`Store::put`], handing the generators over (a store that keeps them in memory
    /// avoids a copy).
    fn put_owned(
        &self,
        b: Bidegree,
        gens: Vec<Differential<A>>,
        qi: Option<&StepQuasiInverse>,
    ) -> Result<(), SaveError> {
        self.put(b, &gens, qi)
    }
}

/// The in-memory store: the free modules `C_0, …, C_{max_s}`, row `s` at index `s`.
impl<A: Algebra> Store<A> for Vec<FreeModule<A>> {
    fn is_complete(&self, b: Bidegree) -> bool {
        self[b.s() as usize].is_complete(b.t())
    }

    fn put(
        &self,
        b: Bidegree,
        gens: &[Differential<A>],
        qi: Option<&StepQuasiInverse>,
    ) -> Result<(), SaveError> {
        self.put_owned(b, gens.to_vec(), qi)
    }

    fn put_owned(
        &self,
        b: Bidegree,
        gens: Vec<Differential<A>>,
        _qi: Option<&StepQuasiInverse>,
    ) -> Result<(), SaveError> {
        self[b.s() as usize].set_gens(b.t(), gens);
        Ok(())
    }
}
