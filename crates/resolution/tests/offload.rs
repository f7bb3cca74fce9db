//! The offload path of Nassau steps ([`resolution::Backend`]) without a GPU: a backend
//! that builds rows through another entry point (one `multiply_basis` call per product,
//! bit by bit through `Matrix::set`) and row reduces by plain Gauss–Jordan must give the same
//! resolution as the CPU path, with `verify` on; a backend that corrupts one bit must be
//! caught by `verify`, naming the bidegree and the row; a backend error must stop the run.

use std::sync::atomic::{AtomicUsize, Ordering};

use fp::Matrix;
use resolution::{Algorithm, Backend, Differential, Offload, Resolution, ResolutionConfig, ResolutionError, RunOptions};
use steenrod::module::FiniteModule;
use steenrod::{MilnorAlgebra, PPart};

/// How the test backend misbehaves.
#[derive(Clone, Copy, PartialEq)]
enum Fault {
    None,
    /// Flip one bit of the 3rd offloaded build.
    FlipBuild,
    /// Report a device error on the 2nd offloaded reduction.
    FailReduce,
}

struct TestBackend {
    fault: Fault,
    builds: AtomicUsize,
    reductions: AtomicUsize,
}

impl TestBackend {
    fn new(fault: Fault) -> Self {
        Self { fault, builds: AtomicUsize::new(0), reductions: AtomicUsize::new(0) }
    }
}

impl Backend for TestBackend {
    fn name(&self) -> String {
        "test backend".into()
    }

    fn takes_rows(&self, _rows: usize, terms: usize) -> bool {
        terms >= 1
    }

    fn fill_rows(&self, alg: &MilnorAlgebra, specs: &[(&Differential, PPart)], offsets: &[usize], out: &mut Matrix) -> Result<(), String> {
        let n = self.builds.fetch_add(1, Ordering::SeqCst);
        for (i, (dg, r)) in specs.iter().enumerate() {
            for term in &dg.terms {
                alg.multiply_basis(r, &term.op, |idx| {
                    let col = offsets[term.gen as usize] + idx;
                    out.set(i, col, !out.get(i, col));
                });
            }
        }
        if self.fault == Fault::FlipBuild && n == 2 && out.rows() > 0 && out.cols() > 0 {
            let (i, j) = (out.rows() - 1, out.cols() - 1);
            out.set(i, j, !out.get(i, j));
        }
        Ok(())
    }

    fn takes_row_reduce(&self, rows: usize, cols: usize) -> bool {
        rows.min(cols) >= 2
    }

    fn row_reduce(&self, m: &mut Matrix) -> Result<Vec<usize>, String> {
        let n = self.reductions.fetch_add(1, Ordering::SeqCst);
        if self.fault == Fault::FailReduce && n == 1 {
            return Err("simulated device error: launch failed".into());
        }
        Ok(m.row_reduce_simple())
    }
}

fn run(backend: Option<&TestBackend>, verify: bool) -> (Resolution, Result<resolution::RunReport, ResolutionError>) {
    let config = ResolutionConfig { max_stem: 30, max_s: 12 };
    let mut res = Resolution::new(FiniteModule::sphere(), config).expect("range");
    let offload = backend.map(|b| Offload { backend: b as &dyn Backend, verify });
    let out = res.run(RunOptions { algorithm: Algorithm::Nassau, threads: 2, progress: None, offload });
    (res, out)
}

fn generators(res: &Resolution) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    for s in 0..=12u32 {
        for t in s as i32..=30 + s as i32 {
            out.extend(res.free_module(s).gens(t).iter().map(|d| d.value.limbs().to_vec()));
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
    r.expect("offloaded run with verify");
    assert!(backend.builds.load(Ordering::SeqCst) > 100, "the backend built too little to test anything");
    assert!(backend.reductions.load(Ordering::SeqCst) > 50, "the backend reduced too little to test anything");
    assert_eq!(cpu.ext(), off.ext());
    assert!(generators(&cpu) == generators(&off), "generators differ between the CPU and the offloaded run");
}

#[test]
fn verify_catches_a_corrupted_build() {
    let backend = TestBackend::new(Fault::FlipBuild);
    let (_, r) = run(Some(&backend), true);
    let e = r.expect_err("a flipped bit must be caught");
    let msg = e.to_string();
    assert!(matches!(e, ResolutionError::Offload { .. }), "{msg}");
    assert!(msg.contains("bidegree (s = ") && msg.contains("verify") && msg.contains("row "), "{msg}");
}

#[test]
fn a_device_error_stops_the_run() {
    let backend = TestBackend::new(Fault::FailReduce);
    let (_, r) = run(Some(&backend), false);
    let msg = r.expect_err("a device error must stop the run").to_string();
    assert!(msg.contains("simulated device error") && msg.contains("test backend failed row reducing"), "{msg}");
}
