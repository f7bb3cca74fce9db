//! `adams._adams`: the Rust half of the Python package `adams` (its Python half,
//! `python/adams/__init__.py`, wraps it with NumPy, the progress bar and the documented
//! API). Thin: modules are found by `adams::modules` (the command line's lookup), resolved
//! by `resolution::Resolution::run` (one engine for every prime), resumed from a save
//! directory by `resolution::SaveDir`, and certified by `resolution::certify`.
//!
//! Errors reach Python as `BadInput` (what the command line exits 2 for: a module, a range,
//! a save directory refused), `CheckFailed` (a certificate that fails) or `ComputeError`
//! (anything else, and a panic, caught here: none reaches Python).

// pyo3 0.22's `#[pymethods]` expansion converts each `PyResult` into itself (a clippy
// false positive in generated code, not in ours).
#![allow(clippy::useless_conversion)]

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{mpsc, OnceLock};
use std::time::Duration;

mod ext_algebra;
mod module;
mod module_map;

use module::{load, Module};
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use resolution::{
    Algorithm, Bidegree, Resolution, ResolutionConfig, ResolutionError, RunOptions, SaveDir,
    SaveError, SaveOptions,
};
use steenrod::module::{AnyModule, FiniteModule};
use steenrod::MilnorAlgebra;
use steenrod::Profile;
use fp::ValidPrime;

create_exception!(_adams, AdamsError, PyException, "Every error of adams.");
create_exception!(
    _adams,
    BadInput,
    AdamsError,
    "Bad input: a module, range, algebra or save directory refused (the command line's exit 2)."
);
create_exception!(
    _adams,
    CheckFailed,
    AdamsError,
    "A check failed: the exactness certificate of a resolution (the command line's exit 1)."
);
create_exception!(
    _adams,
    ComputeError,
    AdamsError,
    "The computation failed (a file could not be written, an internal error): exit 3."
);

/// How often the calling thread wakes to check Python's signals and report progress.
const POLL: Duration = Duration::from_millis(100);

/// A resolution of either kind: the engine is one, its module type is chosen by the prime.
#[allow(clippy::large_enum_variant)] // one per Python object: its size does not matter
pub(crate) enum AnyResolution {
    Two(Resolution<FiniteModule>),
    Odd(Resolution<FiniteModule<MilnorAlgebra<ValidPrime>>>),
}

/// A finished resolution: Ext over the range, read off its generators.
#[pyclass(module = "adams._adams", frozen)]
pub(crate) struct RawResolution {
    pub(crate) res: AnyResolution,
    algorithm: &'static str,
    /// The sphere's resolution over the same range, once a product over a module other
    /// than the sphere asked for it (`ext_algebra`): one per prime kind.
    pub(crate) sphere_two: OnceLock<Resolution<FiniteModule>>,
    pub(crate) sphere_odd: OnceLock<Resolution<FiniteModule<MilnorAlgebra<ValidPrime>>>>,
}

#[pymethods]
impl RawResolution {
    /// `dim Ext^{s, n+s}`; 0 outside the range.
    fn dim(&self, n: i32, s: i64) -> usize {
        let Ok(s) = u32::try_from(s) else {
            return 0;
        };
        let b = Bidegree::n_s(n, s);
        match &self.res {
            AnyResolution::Two(r) => r.number_of_gens(b),
            AnyResolution::Odd(r) => r.number_of_gens(b),
        }
    }

    /// The nonzero Ext of the range: `(stem, s, dim)` triples.
    fn ext(&self) -> Vec<(i32, u32, usize)> {
        let ext = match &self.res {
            AnyResolution::Two(r) => r.ext(),
            AnyResolution::Odd(r) => r.ext(),
        };
        let config = self.config();
        ext.into_iter()
            .filter(|e| e.dim > 0 && e.stem() <= config.max_stem && e.bidegree.s() <= config.max_s)
            .map(|e| (e.stem(), e.bidegree.s(), e.dim))
            .collect()
    }

    #[getter]
    fn max_stem(&self) -> i32 {
        self.config().max_stem
    }

    #[getter]
    fn max_s(&self) -> u32 {
        self.config().max_s
    }

    #[getter]
    fn prime(&self) -> u32 {
        match &self.res {
            AnyResolution::Two(_) => 2,
            AnyResolution::Odd(r) => fp::Prime::value(r.prime()),
        }
    }

    #[getter]
    fn algorithm(&self) -> &'static str {
        self.algorithm
    }

    /// The exactness certificate (`d∘d = 0`, exactness by ranks, minimality in every
    /// bidegree of the range): `(bidegrees certified, seconds)`. Errors: `CheckFailed`.
    fn certify(&self, py: Python<'_>, threads: usize) -> PyResult<(usize, f64)> {
        let config = self.config();
        let outcome = py.allow_threads(|| {
            catch_unwind(AssertUnwindSafe(|| match &self.res {
                AnyResolution::Two(r) => resolution::certify(r, config, threads),
                AnyResolution::Odd(r) => resolution::certify(r, config, threads),
            }))
        });
        match outcome {
            Ok(Ok(c)) => Ok((c.bidegrees, c.elapsed.as_secs_f64())),
            Ok(Err(e)) => Err(CheckFailed::new_err(e.to_string())),
            Err(payload) => Err(panicked(payload.as_ref())),
        }
    }
}

impl RawResolution {
    fn config(&self) -> ResolutionConfig {
        match &self.res {
            AnyResolution::Two(r) => r.config(),
            AnyResolution::Odd(r) => r.config(),
        }
    }
}

/// A panic's payload as a `ComputeError`.
pub(crate) fn panicked(payload: &(dyn std::any::Any + Send)) -> PyErr {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".to_string());
    ComputeError::new_err(format!("internal error: {what}"))
}

pub(crate) fn resolution_error(name: &str, e: ResolutionError) -> PyErr {
    let message = format!("module {name}: {e}");
    match e {
        ResolutionError::InvalidRange { .. } | ResolutionError::RangeTooLarge { .. } => {
            BadInput::new_err(message)
        }
        _ => ComputeError::new_err(message),
    }
}

fn save_error(dir: &std::path::Path, e: SaveError) -> PyErr {
    let message = format!("save directory {}: {e}", dir.display());
    match e {
        SaveError::Refused { .. } => BadInput::new_err(message),
        _ => ComputeError::new_err(message),
    }
}

/// The arguments of one run, as `adams.resolve` checked them.
struct Request {
    max_stem: i32,
    max_s: u32,
    profile: Option<Vec<u32>>,
    /// The algorithm asked for (`None`: Nassau's over A at p = 2, else classical).
    algorithm: Option<Algorithm>,
    save_dir: Option<PathBuf>,
}

/// The algorithm of a run: Nassau's (the default) over the whole algebra at p = 2, the
/// classical one (the only one) at odd primes and over a sub-Hopf algebra — asked for by
/// `algebra=`, or the module file's own profile.
fn algorithm_of(name: &str, asked: Option<Algorithm>, classical_only: bool) -> PyResult<Algorithm> {
    match (asked, classical_only) {
        (None | Some(Algorithm::Nassau), false) => Ok(Algorithm::Nassau),
        (None, true) | (Some(Algorithm::Classical), _) => Ok(Algorithm::Classical),
        (Some(Algorithm::Nassau), true) => Err(BadInput::new_err(format!(
            "module {name}: algorithm='nassau' is available over A at p = 2 only (odd primes and sub-Hopf algebras are resolved by the classical algorithm)"
        ))),
    }
}

/// The resolution of `module` over the range, resumed from the save directory if given,
/// before its run. A profile (truncated, Adams–Margolis: `steenrod::Profile`) restricts a
/// p = 2 module to that sub-Hopf algebra.
fn prepare(module: &Module, req: &Request) -> PyResult<(AnyResolution, Algorithm)> {
    let config = ResolutionConfig {
        max_stem: req.max_stem,
        max_s: req.max_s,
    };
    let top = req.max_stem.saturating_add(req.max_s as i32);
    let name = module.name.as_str();
    match load(module, Some(top))? {
        AnyModule::Two(m) => {
            let m = match &req.profile {
                Some(p) => {
                    let profile = Profile::new(p.clone(), true).map_err(|e| {
                        BadInput::new_err(format!("algebra with profile {p:?}: {e}"))
                    })?;
                    m.restricted_to(&profile)
                }
                None => m,
            };
            let algorithm = algorithm_of(name, req.algorithm, m.profile().is_some())?;
            let mut r = Resolution::new(m, config).map_err(|e| resolution_error(name, e))?;
            if let Some(dir) = &req.save_dir {
                let options = SaveOptions {
                    quasi_inverses: true,
                    wait_for_lock: None,
                    ..SaveOptions::default()
                };
                let save = SaveDir::open(dir, r.module(), algorithm, options)
                    .map_err(|e| save_error(dir, e))?;
                r.resume(save).map_err(|e| save_error(dir, e))?;
            }
            Ok((AnyResolution::Two(r), algorithm))
        }
        AnyModule::Odd(m) => {
            if req.profile.is_some() {
                return Err(BadInput::new_err(format!(
                    "module {name}: algebra=A(n) or a profile is a sub-Hopf algebra of the mod 2 Steenrod algebra; the module is at p = {}",
                    module.prime
                )));
            }
            let algorithm = algorithm_of(name, req.algorithm, true)?;
            let mut r = Resolution::new(m, config).map_err(|e| resolution_error(name, e))?;
            if let Some(dir) = &req.save_dir {
                // No quasi-inverse records at odd primes (`SaveAlgebra`).
                let save = SaveDir::open(dir, r.module(), algorithm, SaveOptions::default())
                    .map_err(|e| save_error(dir, e))?;
                r.resume(save).map_err(|e| save_error(dir, e))?;
            }
            Ok((AnyResolution::Odd(r), algorithm))
        }
    }
}

/// What the run's thread shares with the calling thread.
#[derive(Default)]
struct Shared {
    stop: AtomicBool,
    done: AtomicUsize,
    total: AtomicUsize,
    stem_front: AtomicUsize,
}

/// Runs `res` on a thread of its own while the calling thread, its GIL released between
/// polls, calls `on_poll(done, total, stem_front)` every [`POLL`] (it checks Python's
/// signals and draws the progress bar). An error from `on_poll` (`KeyboardInterrupt`)
/// sets the run's stop flag (`RunOptions::stop`): it stops at its next completed bidegree,
/// without unwinding, and every record written by then stays in the save directory, which
/// a later run resumes.
fn run_polled(
    py: Python<'_>,
    res: &mut AnyResolution,
    algorithm: Algorithm,
    threads: usize,
    on_poll: &Bound<'_, PyAny>,
) -> PyResult<Result<(), ResolutionError>> {
    let shared = Shared::default();
    let (tx, rx) = mpsc::channel::<std::thread::Result<Result<(), ResolutionError>>>();
    std::thread::scope(|scope| {
        let shared = &shared;
        scope.spawn(move || {
            let outcome = catch_unwind(AssertUnwindSafe(|| {
                run_one(res, algorithm, threads, shared)
            }));
            // The receiver lives until this thread is joined.
            let _ = tx.send(outcome);
        });
        let mut asked: Option<PyErr> = None;
        let mut rx = rx;
        loop {
            let (back, received) = py.allow_threads(move || {
                let received = rx.recv_timeout(POLL);
                (rx, received)
            });
            rx = back;
            match received {
                Ok(outcome) => {
                    return match (asked, outcome) {
                        (Some(e), _) => Err(e),
                        (None, Ok(run)) => Ok(run),
                        (None, Err(payload)) => Err(panicked(payload.as_ref())),
                    };
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    return Err(ComputeError::new_err(
                        "internal error: the run's thread ended",
                    ));
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
            if asked.is_some() {
                continue;
            }
            let state = (
                shared.done.load(Ordering::Relaxed),
                shared.total.load(Ordering::Relaxed),
                shared.stem_front.load(Ordering::Relaxed),
            );
            if let Err(e) = py
                .check_signals()
                .and_then(|()| on_poll.call1(state).map(drop))
            {
                shared.stop.store(true, Ordering::Relaxed);
                asked = Some(e);
            }
        }
    })
}

/// One run of the engine; its progress callback publishes the counts, and `shared.stop`
/// is its stop flag (read between bidegrees: the run then waits for the steps in flight
/// and the save directory's writers for their queue, and returns `Stopped`).
fn run_one(
    res: &mut AnyResolution,
    algorithm: Algorithm,
    threads: usize,
    shared: &Shared,
) -> Result<(), ResolutionError> {
    let mut progress = |p: &resolution::Progress| {
        shared.done.store(p.done, Ordering::Relaxed);
        shared.total.store(p.total, Ordering::Relaxed);
        shared
            .stem_front
            .store(p.stem_front.max(0) as usize, Ordering::Relaxed);
    };
    let options = RunOptions {
        algorithm,
        threads,
        progress: Some(&mut progress),
        offload: None,
        stop: Some(&shared.stop),
        hold: None,
        // Every row stays in memory: the bindings' products, maps and Massey products read
        // the rows as they are, and none reads a spilled row back.
        watch: None,
    };
    match res {
        AnyResolution::Two(r) => r.run(options).map(drop),
        AnyResolution::Odd(r) => r.run(options).map(drop),
    }
}

/// `adams.resolve`'s engine: see its docstring in `adams/__init__.py`. `profile`: the
/// sub-Hopf algebra's profile `(h(1), h(2), …)`, truncated (`A(1)`: `[2, 1]`), or `None`
/// for `A`; `algorithm`: `"nassau"`, `"classical"` or `None` (Nassau's
/// over `A` at p = 2, else classical).
#[pyfunction]
#[pyo3(signature = (module, max_stem, max_s, profile, algorithm, threads, save_dir, on_poll))]
#[allow(clippy::too_many_arguments)]
fn resolve(
    py: Python<'_>,
    module: &Module,
    max_stem: i32,
    max_s: u32,
    profile: Option<Vec<u32>>,
    algorithm: Option<&str>,
    threads: usize,
    save_dir: Option<PathBuf>,
    on_poll: &Bound<'_, PyAny>,
) -> PyResult<RawResolution> {
    let asked = match algorithm {
        None => None,
        Some("nassau") => Some(Algorithm::Nassau),
        Some("classical") => Some(Algorithm::Classical),
        Some(other) => {
            return Err(BadInput::new_err(format!(
                "algorithm={other:?}: expected 'nassau' or 'classical'"
            )))
        }
    };
    let req = Request {
        max_stem,
        max_s,
        profile,
        algorithm: asked,
        save_dir,
    };
    let (mut res, algorithm) = prepare(module, &req)?;
    match run_polled(py, &mut res, algorithm, threads, on_poll)? {
        Err(e) => Err(resolution_error(&module.name, e)),
        Ok(()) => Ok(RawResolution {
            res,
            sphere_two: OnceLock::new(),
            sphere_odd: OnceLock::new(),
            algorithm: match algorithm {
                Algorithm::Nassau => "nassau",
                Algorithm::Classical => "classical",
            },
        }),
    }
}

/// The names of the modules bundled with adams.
#[pyfunction]
fn bundled_names() -> Vec<&'static str> {
    steenrod::module::bundled_names().to_vec()
}

#[pymodule]
fn _adams(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("AdamsError", py.get_type_bound::<AdamsError>())?;
    m.add("BadInput", py.get_type_bound::<BadInput>())?;
    m.add("CheckFailed", py.get_type_bound::<CheckFailed>())?;
    m.add("ComputeError", py.get_type_bound::<ComputeError>())?;
    m.add_class::<Module>()?;
    m.add_class::<RawResolution>()?;
    m.add_function(wrap_pyfunction!(resolve, m)?)?;
    m.add_function(wrap_pyfunction!(bundled_names, m)?)?;
    m.add_function(wrap_pyfunction!(ext_algebra::class_of, m)?)?;
    m.add_function(wrap_pyfunction!(ext_algebra::product, m)?)?;
    m.add_function(wrap_pyfunction!(ext_algebra::massey, m)?)?;
    m.add_function(wrap_pyfunction!(ext_algebra::d2, m)?)?;
    m.add_function(wrap_pyfunction!(ext_algebra::chart_texts, m)?)?;
    m.add_function(wrap_pyfunction!(module_map::map_file, m)?)?;
    Ok(())
}
