//! `--save-dir` for unstable runs: resume from `DIR/unstable.json` and rewrite it as
//! degrees finish (`resolution::unstable::save`).

use std::path::Path;
use std::time::{Duration, Instant};

use resolution::save::SaveAlgebra;
use resolution::unstable::save::{self, FILE};
use resolution::unstable::{UnstableAlgebra, UnstableField, UnstableResolution};
use resolution::ResolutionConfig;
use steenrod::module::{FiniteModule, ModuleAlgebra};

use crate::error::Error;

/// How often the save is rewritten while a run goes on.
const EVERY: Duration = Duration::from_secs(10);

/// Resolves `module` over `range` on the current pool; with `dir`, from the save there if
/// any (over the larger of its range and `range`), rewriting it at least every
/// [`EVERY`] and at the end. Returns the resolution and, with `dir`, a line saying what
/// was resumed and saved. Errors: a save that cannot be used (exit 2), one that cannot be
/// written (exit 3; the generators of the degrees before were saved).
pub(crate) fn resolve<A>(
    module: FiniteModule<A>,
    range: ResolutionConfig,
    dir: Option<&Path>,
    quiet: bool,
) -> Result<(UnstableResolution<A>, Option<String>), Error>
where
    A: ModuleAlgebra + UnstableAlgebra + SaveAlgebra,
    A::Field: UnstableField,
{
    let ResolutionConfig { max_stem, max_s } = range;
    let mut progress = Progress::new(quiet);
    let Some(dir) = dir else {
        let mut res = UnstableResolution::new(module, max_stem, max_s);
        let top = max_stem + max_s as i32;
        res.run(|_, t| {
            progress.degree(t, top);
            Ok::<(), Error>(())
        })?;
        return Ok((res, None));
    };
    let refuse = |why: String| Error::UnstableSave {
        message: format!("--save-dir {}: {why}", dir.display()),
    };
    if dir.exists() && !dir.is_dir() {
        return Err(refuse("exists and is not a folder".into()));
    }
    let other = std::fs::read_dir(dir).is_ok_and(|mut d| d.next().is_some());
    if other && !dir.join(FILE).exists() {
        return Err(refuse(format!(
            "not empty and holds no {FILE}: an unstable run keeps its save in a folder of its \
             own (nothing in it was changed)"
        )));
    }
    crate::resolve::make_output(dir)?;
    let mut res = save::resume(module, max_stem, max_s, dir).map_err(|e| Error::UnstableSave {
        message: e.to_string(),
    })?;
    let kept: usize = (0..=res.range().1).map(|s| res.generators(s).len()).sum();
    let path = dir.join(FILE);
    let top = res.range().0 + res.range().1 as i32;
    let mut last = Instant::now();
    res.run(|r, t| {
        progress.degree(t, top);
        if t < top && last.elapsed() < EVERY {
            return Ok(());
        }
        last = Instant::now();
        save::write(r, t, dir).map_err(|source| Error::Write {
            path: path.clone(),
            source,
        })
    })?;
    let total: usize = (0..=res.range().1).map(|s| res.generators(s).len()).sum();
    let line = format!(
        "saved {total} generators to {} ({kept} of them resumed from it)",
        path.display()
    );
    Ok((res, Some(line)))
}

/// A line on stderr every [`Progress::EVERY`] while a run is long: the internal degree
/// reached of the last one.
struct Progress {
    quiet: bool,
    last: Instant,
}

impl Progress {
    const EVERY: Duration = Duration::from_secs(5);

    fn new(quiet: bool) -> Self {
        Progress {
            quiet,
            last: Instant::now(),
        }
    }

    fn degree(&mut self, t: i32, top: i32) {
        if !self.quiet && t < top && self.last.elapsed() >= Self::EVERY {
            self.last = Instant::now();
            eprintln!("resolving unstably: internal degree {t} of {top} done");
        }
    }
}
