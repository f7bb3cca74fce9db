//! The offload path of the steps ([`resolution::Backend`]) without a GPU: a backend
//! that builds rows through another entry point (one `multiply_basis` call per product,
//! bit by bit through `Matrix::set`) and row reduces by plain Gauss–Jordan must give the same
//! resolution as the CPU path, with every call checked; a backend that corrupts one bit
//! must be caught by the check, naming the bidegree and the row; a backend error must stop
//! the run. A sampled check (`--verify-sample`) redoes the same calls whatever the thread
//! count, about the asked fraction of them, and none at fraction 0. Classical steps offload
//! through the same interface.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use fp::Matrix;
use resolution::{
    Action, Algorithm, Backend, Call, CallKind, CheckedCall, CpuBackend, MatrixName, Offload,
    OffloadError, ProductBatch, Resolution, ResolutionConfig, ResolutionError, RunOptions,
    SampleFraction,
};
use steenrod::module::FiniteModule;

/// How the test backend misbehaves.
#[derive(Clone, Copy, PartialEq)]
enum Fault {
    None,
    /// Flip one bit of the 3rd offloaded build.
    FlipBuild,
    /// Report a device error on the 2nd offloaded reduction.
    FailReduce,
    /// Flip one bit of every offloaded build of this shape (rows, columns).
    FlipShape(usize, usize),
}

struct TestBackend {
    fault: Fault,
    builds: AtomicUsize,
    reductions: AtomicUsize,
    /// The shape (rows, columns) of every build it took.
    shapes: Mutex<Vec<(usize, usize)>>,
}

impl TestBackend {
    fn new(fault: Fault) -> Self {
        Self {
            fault,
            builds: AtomicUsize::new(0),
            reductions: AtomicUsize::new(0),
            shapes: Mutex::default(),
        }
    }
}

impl Backend for TestBackend {
    fn name(&self) -> String {
        "test backend".into()
    }

    fn offloads_build(&self, batch: &ProductBatch<'_>) -> bool {
        batch.terms() >= 1
    }

    fn offloads_reduction(&self, rows: usize, cols: usize) -> bool {
        rows.min(cols) >= 2
    }

    fn build(&self, call: &Call<'_>, batch: &ProductBatch<'_>) -> Result<Matrix, OffloadError> {
        if !self.offloads_build(batch) {
            return CpuBackend.build(call, batch);
        }
        let n = self.builds.fetch_add(1, Ordering::SeqCst);
        let mut out = Matrix::new(batch.rows.len(), batch.cols());
        for (i, (g, r)) in batch.rows.iter().enumerate() {
            for term in &batch.gens[*g as usize].terms {
                batch.alg.multiply_basis(r, &term.op(), |idx| {
                    let col = batch.target_offsets[term.gen as usize] + idx;
                    out.set(i, col, !out.get(i, col));
                });
            }
        }
        self.shapes.lock().unwrap().push((out.rows(), out.cols()));
        let flip = match self.fault {
            Fault::FlipBuild => n == 2,
            Fault::FlipShape(rows, cols) => (out.rows(), out.cols()) == (rows, cols),
            _ => false,
        };
        if flip && out.rows() > 0 && out.cols() > 0 {
            let (i, j) = (out.rows() - 1, out.cols() - 1);
            out.set(i, j, !out.get(i, j));
        }
        Ok(out)
    }

    fn row_reduce(&self, call: &Call<'_>, m: &mut Matrix) -> Result<Vec<usize>, OffloadError> {
        if !self.offloads_reduction(m.rows(), m.cols()) {
            return CpuBackend.row_reduce(call, m);
        }
        let n = self.reductions.fetch_add(1, Ordering::SeqCst);
        if self.fault == Fault::FailReduce && n == 1 {
            return Err(OffloadError::device(
                self.name(),
                Action::RowReduce,
                call,
                "simulated device error: launch failed",
            ));
        }
        Ok(m.row_reduce_simple())
    }
}

fn run(
    backend: Option<&TestBackend>,
    verify: bool,
) -> (Resolution, Result<resolution::RunReport, ResolutionError>) {
    let check = if verify {
        SampleFraction::ALL
    } else {
        SampleFraction::NONE
    };
    run_checking(backend, check, 2)
}

/// S_2 through stem 30, `s ≤ 12`, checking the fraction `check` of offloaded calls.
fn run_checking(
    backend: Option<&TestBackend>,
    check: SampleFraction,
    threads: usize,
) -> (Resolution, Result<resolution::RunReport, ResolutionError>) {
    run_with(Algorithm::Nassau, backend, check, threads)
}

/// S_2 through stem 30, `s ≤ 12`, by `algorithm`.
fn run_with(
    algorithm: Algorithm,
    backend: Option<&TestBackend>,
    check: SampleFraction,
    threads: usize,
) -> (Resolution, Result<resolution::RunReport, ResolutionError>) {
    let config = ResolutionConfig {
        max_stem: 30,
        max_s: 12,
    };
    let mut res = Resolution::new(FiniteModule::sphere(), config).expect("range");
    let offload = backend.map(|b| Offload::new(b as &dyn Backend, check));
    let out = res.run(RunOptions {
        algorithm,
        threads,
        progress: None,
        offload,
        stop: None,
        hold: None,
        watch: None,
    });
    (res, out)
}

fn generators(res: &Resolution) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for s in 0..=12u32 {
        for t in s as i32..=30 + s as i32 {
            out.extend(
                res.free_module(s)
                    .gens(t)
                    .iter()
                    .map(|d| d.value.limbs().to_vec()),
            );
        }
    }
    out
}

#[test]
fn an_offloaded_run_equals_the_cpu_run() {
    let (cpu, r) = run(None, false);
    r.expect("cpu run");
    let backend = TestBackend::new(Fault::None);
    let (off, r) = run(Some(&backend), true);
    let report = r.expect("offloaded run with verify");
    let (builds, reductions) = (
        backend.builds.load(Ordering::SeqCst),
        backend.reductions.load(Ordering::SeqCst),
    );
    assert!(
        builds > 100,
        "the backend built too little to test anything"
    );
    assert!(
        reductions > 50,
        "the backend reduced too little to test anything"
    );
    // Every offloaded call was checked, each once.
    assert_eq!(
        (report.checks.builds(), report.checks.reductions()),
        (builds, reductions)
    );
    assert!(
        report.checks.calls.windows(2).all(|w| w[0] != w[1]),
        "a call checked twice"
    );
    assert_eq!(cpu.ext(), off.ext());
    assert!(
        generators(&cpu) == generators(&off),
        "generators differ between the CPU and the offloaded run"
    );
}

#[test]
fn verify_catches_a_corrupted_build() {
    let backend = TestBackend::new(Fault::FlipBuild);
    let (_, r) = run(Some(&backend), true);
    let e = r.expect_err("a flipped bit must be caught");
    let msg = e.to_string();
    assert!(matches!(e, ResolutionError::Offload { .. }), "{msg}");
    assert!(
        msg.contains("bidegree (s = ") && msg.contains("verify") && msg.contains("row "),
        "{msg}"
    );
}

#[test]
fn a_device_error_stops_the_run() {
    let backend = TestBackend::new(Fault::FailReduce);
    let (_, r) = run(Some(&backend), false);
    let msg = r.expect_err("a device error must stop the run").to_string();
    assert!(
        msg.contains("simulated device error") && msg.contains("test backend failed row reducing"),
        "{msg}"
    );
}

/// Classical steps offload their old-part builds (`s ≥ 1`) and reductions through the
/// same interface: every call checked, the same resolution as the CPU's; a corrupted
/// build is caught naming the old-part matrix.
#[test]
fn classical_steps_offload_through_the_same_interface() {
    let (cpu, r) = run_with(Algorithm::Classical, None, SampleFraction::NONE, 2);
    r.expect("cpu run");
    let backend = TestBackend::new(Fault::None);
    let (off, r) = run_with(Algorithm::Classical, Some(&backend), SampleFraction::ALL, 2);
    let report = r.expect("offloaded classical run with verify");
    let (builds, reductions) = (
        backend.builds.load(Ordering::SeqCst),
        backend.reductions.load(Ordering::SeqCst),
    );
    assert!(
        builds > 100 && reductions > 50,
        "{builds} builds, {reductions} reductions"
    );
    assert_eq!(
        (report.checks.builds(), report.checks.reductions()),
        (builds, reductions)
    );
    assert!(report
        .checks
        .calls
        .iter()
        .all(|c| c.what == MatrixName::OldPart.to_string()));
    assert_eq!(cpu.ext(), off.ext());
    assert!(generators(&cpu) == generators(&off));

    let faulty = TestBackend::new(Fault::FlipBuild);
    let (_, r) = run_with(Algorithm::Classical, Some(&faulty), SampleFraction::ALL, 2);
    let e = r.expect_err("a flipped bit must be caught");
    let msg = e.to_string();
    assert!(
        matches!(
            e,
            ResolutionError::Offload {
                source: OffloadError::BuildDiffers {
                    what: MatrixName::OldPart,
                    subalgebra: None,
                    ..
                },
                ..
            }
        ),
        "{msg}"
    );
    assert!(
        msg.contains("building the old-part matrix of d_s, row "),
        "{msg}"
    );
}

/// The checked calls of a sampled run at `check` with `threads` workers, and the number of
/// calls offloaded.
fn sampled_run(check: f64, threads: usize) -> (Vec<CheckedCall>, usize) {
    let backend = TestBackend::new(Fault::None);
    let (_, r) = run_checking(Some(&backend), SampleFraction::new(check).unwrap(), threads);
    let report = r.expect("sampled run");
    let offloaded =
        backend.builds.load(Ordering::SeqCst) + backend.reductions.load(Ordering::SeqCst);
    (report.checks.calls, offloaded)
}

#[test]
fn a_sample_is_the_same_in_every_run_and_about_the_asked_fraction() {
    let f = 0.2;
    let (one_thread, offloaded) = sampled_run(f, 1);
    let (two_threads, offloaded_2) = sampled_run(f, 2);
    let (again, _) = sampled_run(f, 2);
    assert_eq!(
        offloaded, offloaded_2,
        "the offloaded calls depend on the thread count"
    );
    assert!(
        one_thread == two_threads,
        "1 and 2 threads sampled different calls"
    );
    assert!(two_threads == again, "two runs sampled different calls");
    // Each offloaded call is in the sample with probability f, independently: the count
    // is binomial; allow 5 standard deviations.
    let n = offloaded as f64;
    let sd = (n * f * (1.0 - f)).sqrt();
    let got = one_thread.len() as f64;
    assert!(n > 200.0, "only {n} offloaded calls");
    assert!(
        (got - n * f).abs() < 5.0 * sd,
        "{got} of {n} calls sampled at fraction {f}"
    );
    assert!(
        one_thread.iter().any(|c| c.kind == CallKind::Build)
            && one_thread.iter().any(|c| c.kind == CallKind::Reduction)
    );
}

#[test]
fn fraction_zero_checks_nothing() {
    let (checked, offloaded) = sampled_run(0.0, 2);
    assert!(offloaded > 100, "nothing offloaded");
    assert!(
        checked.is_empty(),
        "{} calls checked at fraction 0",
        checked.len()
    );
}

/// A run with the build of shape `shape` corrupted, checking `check`: the bidegree and
/// the build named by a check that caught it, if one did.
fn caught(shape: (usize, usize), check: SampleFraction) -> Option<(u32, i32, String)> {
    let backend = TestBackend::new(Fault::FlipShape(shape.0, shape.1));
    let (_, r) = run_checking(Some(&backend), check, 2);
    let Err(ResolutionError::Offload {
        at,
        source: OffloadError::BuildDiffers { what, .. },
    }) = r
    else {
        return None;
    };
    Some((at.s(), at.t(), what.to_string()))
}

#[test]
fn a_sampled_check_catches_a_corrupted_build_exactly_when_it_is_in_the_sample() {
    // Builds whose shape occurs once are told apart by their shape, whatever the order of
    // the calls: corrupt each (up to 40) in turn.
    let clean = TestBackend::new(Fault::None);
    run_checking(Some(&clean), SampleFraction::NONE, 2)
        .1
        .expect("clean run");
    let mut shapes = clean.shapes.into_inner().unwrap();
    shapes.sort();
    let unique: Vec<(usize, usize)> = shapes
        .iter()
        .filter(|&&x| shapes.iter().filter(|&&y| y == x).count() == 1)
        .copied()
        .take(40)
        .collect();
    assert!(
        unique.len() >= 20,
        "only {} builds of a unique shape",
        unique.len()
    );
    let f = SampleFraction::new(0.5).unwrap();
    let (mut in_sample, mut outside) = (0, 0);
    for shape in unique {
        // Checking every call names the corrupted build: which call it is.
        let (s, t, what) = caught(shape, SampleFraction::ALL)
            .unwrap_or_else(|| panic!("{shape:?}: not caught checking every call"));
        let sampled = resolution::sample::is_sampled(
            f,
            resolution::sample::DEFAULT_SEED,
            s,
            t,
            CallKind::Build,
            &what,
        );
        let by_sample = caught(shape, f);
        if sampled {
            assert_eq!(
                by_sample,
                Some((s, t, what)),
                "{shape:?}: a build in the sample was not caught by its check"
            );
            in_sample += 1;
        } else {
            assert_eq!(
                by_sample, None,
                "{shape:?}: a build outside the sample was checked (s {s}, t {t}, {what})"
            );
            outside += 1;
        }
    }
    assert!(
        in_sample > 0 && outside > 0,
        "{in_sample} builds in the sample, {outside} outside"
    );
}
