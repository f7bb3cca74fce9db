//! [`CpuDevice`]: the CPU posing as a device. It takes the builds and reductions a device
//! would take (the GPU backend's size thresholds, `--gpu-min-work` and `--gpu-rref-min`),
//! does them by [`CpuBackend`]'s code and counts them. With it, the cost of redoing
//! offloaded calls on the CPU (`--verify`, `--verify-sample`) can be measured on a
//! machine without a device (`examples/offload_cost.rs`), and tests can inject faults.

use std::sync::atomic::{AtomicUsize, Ordering};

use fp::Matrix;

use crate::backend::{Backend, Call, ProductBatch};
use crate::cpu_backend::CpuBackend;
use crate::step_errors::OffloadError;

/// The CPU as a device backend, taking what a device with these thresholds would take.
pub struct CpuDevice {
    /// Take a build holding at least this many products `Sq(R)·Sq(S)`.
    pub min_work: usize,
    /// Take a reduction when `min(rows, columns)` is at least this.
    pub rref_min: usize,
    builds: AtomicUsize,
    reductions: AtomicUsize,
}

impl CpuDevice {
    /// The GPU backend's default thresholds: 200 000 products, 2048 rows and columns.
    pub fn with_device_defaults() -> Self {
        Self::new(200_000, 2048)
    }

    /// Thresholds `min_work` (products per build) and `rref_min` (rows and columns).
    pub fn new(min_work: usize, rref_min: usize) -> Self {
        CpuDevice {
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

impl Backend for CpuDevice {
    fn name(&self) -> String {
        "cpu (as a device)".into()
    }

    fn offloads_build(&self, batch: &ProductBatch<'_>) -> bool {
        batch.terms() >= self.min_work
    }

    fn offloads_reduction(&self, rows: usize, cols: usize) -> bool {
        rows.min(cols) >= self.rref_min
    }

    fn build(&self, call: &Call<'_>, batch: &ProductBatch<'_>) -> Result<Matrix, OffloadError> {
        if self.offloads_build(batch) {
            self.builds.fetch_add(1, Ordering::Relaxed);
        }
        CpuBackend.build(call, batch)
    }

    fn row_reduce(&self, call: &Call<'_>, m: &mut Matrix) -> Result<Vec<usize>, OffloadError> {
        if self.offloads_reduction(m.rows(), m.cols()) {
            self.reductions.fetch_add(1, Ordering::Relaxed);
        }
        CpuBackend.row_reduce(call, m)
    }
}
