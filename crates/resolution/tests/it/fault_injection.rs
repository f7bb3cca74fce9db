//! Fault injection: a resolution whose every offloaded matrix build and row reduction is
//! computed on the CPU, but with ONE seeded random bit flipped in ONE of them, either stops
//! with an error, or fails the exactness certificate (`resolution::certify`), or has the
//! right Ext table — never a wrong table that is certified.
//!
//! The backend takes every build and every reduction of the run's steps: Nassau's (rows
//! `s ≥ 2`) and the classical ones of rows 0 and 1.
//! Run `k` (seed `k`) picks one call uniformly among the calls of an unfaulted run that
//! have a nonzero matrix, and flips one uniformly chosen bit: of the built rows (a wrong
//! product), or of the matrix handed to the reduction before it is reduced (a reduction
//! of a wrong matrix: its result is a valid echelon form, as a device's would look).
//! One worker thread, so the sequence of calls, hence the run, is deterministic. `verify`
//! is off: nothing compares with the CPU. The reference is an unfaulted run of the
//! classical algorithm on the CPU.

use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex};
use std::time::Duration;

use fp::Matrix;
use rayon::prelude::*;
use resolution::{
    Algorithm, Backend, Call, CpuBackend, ExtEntry, Offload, OffloadError, ProductBatch,
    Resolution, ResolutionConfig, RunOptions, SampleFraction,
};
use steenrod::module::FiniteModule;

/// S_2 through stem 30, s ≤ 12 (the range of the first measurement: 6 of 127 faults gave
/// `d∘d = 0` and a wrong Ext).
const RANGE: ResolutionConfig = ResolutionConfig {
    max_stem: 30,
    max_s: 12,
};
/// Seeded runs.
const RUNS: u64 = 500;
/// Longest a run may take before the test calls it hung.
const HANG: Duration = Duration::from_secs(120);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Build,
    Reduce,
}

/// One call the backend took: its kind and matrix shape.
type Logged = (Kind, usize, usize);

thread_local! {
    /// Whether this thread flipped a run's bit. A run's workers live as long as the run
    /// (its own pool, `threads: 1`), so a panic on such a thread is the fault's.
    static FLIPPED: Cell<bool> = const { Cell::new(false) };
}

/// The CPU, with one bit flipped in call `fault.0` (bit chosen from seed `fault.1`).
struct FaultyCpu {
    fault: Option<(usize, u64)>,
    calls: AtomicUsize,
    log: Mutex<Vec<Logged>>,
}

impl FaultyCpu {
    fn new(fault: Option<(usize, u64)>) -> Self {
        Self {
            fault,
            calls: AtomicUsize::new(0),
            log: Mutex::new(Vec::new()),
        }
    }

    /// Counts the call and flips its bit if it is the one.
    fn call(&self, kind: Kind, m: &mut Matrix) {
        let k = self.calls.fetch_add(1, Ordering::SeqCst);
        self.log
            .lock()
            .expect("log")
            .push((kind, m.rows(), m.cols()));
        if let Some((at, seed)) = self.fault {
            let cells = m.rows() * m.cols();
            if at == k && cells > 0 {
                let bit = (splitmix64(seed) % cells as u64) as usize;
                let (i, j) = (bit / m.cols(), bit % m.cols());
                m.set(i, j, !m.get(i, j));
                FLIPPED.with(|f| f.set(true));
            }
        }
    }
}

impl Backend for FaultyCpu {
    fn name(&self) -> String {
        "faulty cpu".into()
    }

    fn offloads_build(&self, _batch: &ProductBatch<'_>) -> bool {
        true
    }

    fn offloads_reduction(&self, _rows: usize, _cols: usize) -> bool {
        true
    }

    fn build(&self, call: &Call<'_>, batch: &ProductBatch<'_>) -> Result<Matrix, OffloadError> {
        let mut out = CpuBackend.build(call, batch)?;
        self.call(Kind::Build, &mut out);
        Ok(out)
    }

    fn row_reduce(&self, call: &Call<'_>, m: &mut Matrix) -> Result<Vec<usize>, OffloadError> {
        self.call(Kind::Reduce, m);
        CpuBackend.row_reduce(call, m)
    }
}

/// SplitMix64 (Steele, Lea, Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014): a seeded, well-mixed 64-bit value.
fn splitmix64(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn resolve(algorithm: Algorithm, backend: Option<&FaultyCpu>) -> Result<Resolution, String> {
    let mut res = Resolution::new(FiniteModule::sphere(), RANGE).expect("range");
    // No CPU check of the offloaded calls (`--verify-sample 0`): the faults must reach
    // the resolution, and the certificate must catch what they break.
    let offload = backend.map(|b| Offload::new(b as &dyn Backend, SampleFraction::NONE));
    res.run(RunOptions {
        algorithm,
        threads: 1,
        progress: None,
        offload,
        stop: None,
        hold: None,
        watch: None,
    })
    .map_err(|e| e.to_string())?;
    Ok(res)
}

/// What became of one faulted run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// The run stopped with an error.
    Error,
    /// A step panicked.
    Panic,
    /// The right Ext table, certified.
    Unchanged,
    /// The right Ext table, but the certificate failed (the resolution is not exact or
    /// not minimal somewhere, though the counts agree).
    RightButRefused,
    /// A wrong Ext table, and the certificate failed: caught.
    WrongRefused,
    /// A wrong Ext table, certified: must never happen.
    WrongCertified,
}

fn faulted_run(reference: &[ExtEntry], call: usize, seed: u64, expected: Logged) -> Outcome {
    let backend = FaultyCpu::new(Some((call, seed)));
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let res = match resolve(Algorithm::Nassau, Some(&backend)) {
            Ok(res) => res,
            Err(_) => return Outcome::Error,
        };
        let certified = res.certify(RANGE, 1).is_ok();
        match (res.ext() == reference, certified) {
            (true, true) => Outcome::Unchanged,
            (true, false) => Outcome::RightButRefused,
            (false, false) => Outcome::WrongRefused,
            (false, true) => Outcome::WrongCertified,
        }
    }))
    .unwrap_or(Outcome::Panic);
    let log = backend.log.lock().expect("log");
    assert_eq!(
        log.get(call),
        Some(&expected),
        "seed {seed}: the faulted call is not the one the unfaulted run made"
    );
    outcome
}

/// Runs `f` on its own thread; fails the test if it takes longer than [`HANG`].
fn within_time<T: Send + 'static>(what: String, f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(HANG)
        .unwrap_or_else(|_| panic!("{what} did not finish within {HANG:?}"))
}

#[test]
fn no_wrong_table_is_certified() {
    // A fault may trip an assertion inside a step (counted as a panic: the run stops);
    // its message on the worker thread that flipped the bit is noise here. Every other
    // panic in the process (the tests beside this one share it) is printed as before.
    let default_hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if !FLIPPED.with(Cell::get) {
            default_hook(info);
        }
    }));
    let reference = resolve(Algorithm::Classical, None).expect("reference run");
    reference
        .certify(RANGE, 2)
        .expect("the reference resolution is certified");
    let reference = reference.ext();

    // An unfaulted run through the backend: the calls to choose from.
    let clean = FaultyCpu::new(None);
    let res = resolve(Algorithm::Nassau, Some(&clean)).expect("unfaulted offloaded run");
    assert_eq!(
        res.ext(),
        reference,
        "the unfaulted offloaded run differs from the classical reference"
    );
    res.certify(RANGE, 2)
        .expect("the unfaulted offloaded run is certified");
    let calls: Vec<Logged> = clean.log.into_inner().expect("log");
    let candidates: Vec<usize> = (0..calls.len())
        .filter(|&k| calls[k].1 * calls[k].2 > 0)
        .collect();
    let builds = candidates
        .iter()
        .filter(|&&k| calls[k].0 == Kind::Build)
        .count();
    assert!(
        builds > 100 && candidates.len() - builds > 100,
        "too few calls to inject into: {builds} builds of {}",
        candidates.len()
    );

    let reference = std::sync::Arc::new(reference);
    let outcomes: Vec<(u64, Kind, Outcome)> = (0..RUNS)
        .into_par_iter()
        .map(|seed| {
            let call = candidates[(splitmix64(seed ^ 0x5eed) % candidates.len() as u64) as usize];
            let (expected, reference) = (calls[call], std::sync::Arc::clone(&reference));
            let outcome = within_time(format!("faulted run {seed}"), move || {
                faulted_run(&reference, call, seed, expected)
            });
            (seed, expected.0, outcome)
        })
        .collect();

    let count = |o: Outcome| outcomes.iter().filter(|x| x.2 == o).count();
    let faulted_builds = outcomes.iter().filter(|x| x.1 == Kind::Build).count();
    println!(
        "fault injection, S_2 stem <= {}, s <= {}: {RUNS} runs ({faulted_builds} faulted builds, {} faulted reductions, of {} calls): \
         unchanged {}, stopped with an error {}, panicked {}, right table but refused {}, wrong table refused by certify {}, \
         wrong table certified {}",
        RANGE.max_stem,
        RANGE.max_s,
        RUNS as usize - faulted_builds,
        candidates.len(),
        count(Outcome::Unchanged),
        count(Outcome::Error),
        count(Outcome::Panic),
        count(Outcome::RightButRefused),
        count(Outcome::WrongRefused),
        count(Outcome::WrongCertified),
    );
    let certified_wrong: Vec<u64> = outcomes
        .iter()
        .filter(|x| x.2 == Outcome::WrongCertified)
        .map(|x| x.0)
        .collect();
    assert!(
        certified_wrong.is_empty(),
        "wrong Ext tables were certified (seeds {certified_wrong:?})"
    );
    assert!(
        count(Outcome::WrongRefused) > 0,
        "no fault gave a wrong table for certify to catch: the test tests nothing"
    );
}
