//! A [`Backend`] that does its work on the CPU, by the same code as the CPU path: it
//! takes the builds and reductions a device would take (the same size thresholds as the
//! GPU backend's `--gpu-min-work` and `--gpu-rref-min`) and counts them. With it, the
//! cost of redoing offloaded calls on the CPU (`--verify`, `--verify-sample`) can be
//! measured on a machine without a device (`examples/offload_cost.rs`).

use std::sync::atomic::{AtomicUsize, Ordering};

use fp::Matrix;
use steenrod::{MilnorAlgebra, PPart};

use crate::backend::Backend;
use crate::classical::fill_rows_in;
use crate::free_module::Differential;

/// The CPU as a [`Backend`], taking what a device with these thresholds would take.
pub struct CpuBackend {
    /// Take a build holding at least this many products `Sq(R)·Sq(S)`.
    pub min_work: usize,
    /// Take a reduction when `min(rows, columns)` is at least this.
    pub rref_min: usize,
    builds: AtomicUsize,
    reductions: AtomicUsize,
}

impl CpuBackend {
    /// The GPU backend's default thresholds: 200 000 products, 2048 rows and columns.
    pub fn with_device_defaults() -> Self {
        Self::new(200_000, 2048)
    }

    /// Thresholds `min_work` (products per build) and `rref_min` (rows and columns).
    pub fn new(min_work: usize, rref_min: usize) -> Self {
        CpuBackend {
            min_work,
            rref_min,
            builds: AtomicUsize::new(0),
            reductions: AtomicUsize::new(0),
        }
    }

    /// `(builds, reductions)` taken so far.
    pub fn taken(&self) -> (usize, usize) {
        (
            self.builds.load(Ordering::Relaxed),
            self.reductions.load(Ordering::Relaxed),
        )
    }
}

impl Backend for CpuBackend {
    fn name(&self) -> String {
        "cpu (as a backend)".into()
    }

    fn takes_rows(&self, _rows: usize, terms: usize) -> bool {
        terms >= self.min_work
    }

    fn fill_rows(
        &self,
        alg: &MilnorAlgebra,
        specs: &[(&Differential, PPart)],
        target_offsets: &[usize],
        out: &mut Matrix,
    ) -> Result<(), String> {
        self.builds.fetch_add(1, Ordering::Relaxed);
        fill_rows_in(alg, out, specs, target_offsets);
        Ok(())
    }

    fn takes_row_reduce(&self, rows: usize, cols: usize) -> bool {
        rows.min(cols) >= self.rref_min
    }

    fn row_reduce(&self, m: &mut Matrix) -> Result<Vec<usize>, String> {
        self.reductions.fetch_add(1, Ordering::Relaxed);
        Ok(m.row_reduce())
    }
}
