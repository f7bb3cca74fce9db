//! The device as the engine's offload interface: a [`resolution::Backend`] that takes the
//! matrix builds and row reductions above its thresholds ([`Thresholds`]) and hands the
//! rest to [`resolution::CpuBackend`]. The engine wraps it in [`resolution::Verified`]
//! through [`resolution::Offload`], so a sample of what it takes is redone on the CPU.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use fp::Matrix;
use resolution::{Action, Backend, Call, CpuBackend, OffloadError, ProductBatch};
use steenrod::MilnorAlgebra;

use crate::{Gpu, GpuConfig, GpuError, Platform, PoolConfig, ProductBatch as DeviceBatch};

/// Which calls go to the device: the rest run on the CPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thresholds {
    /// A matrix build is offloaded when it holds at least this many products
    /// `Sq(R)·Sq(S)` (rows × terms of `d(g)`).
    pub min_work: usize,
    /// A row reduction is offloaded when `min(rows, columns)` is at least this.
    pub rref_min: usize,
}

/// An opened device as a [`resolution::Backend`], counting what it took.
pub struct GpuBackend {
    gpu: Gpu,
    thresholds: Thresholds,
    builds: AtomicUsize,
    reductions: AtomicUsize,
    /// The private XDG_RUNTIME_DIR made for Mesa, removed when the backend is dropped.
    xdg_dir: Option<std::path::PathBuf>,
}

impl Drop for GpuBackend {
    fn drop(&mut self) {
        if let Some(dir) = &self.xdg_dir {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

impl GpuBackend {
    /// Opens `platform`'s devices for an algebra through `max_degree` ([`Gpu::open`] with
    /// `config` and `pool`). Errors: [`Gpu::open`]'s (no device, a knob below its least
    /// value, a runtime that failed to start).
    pub fn open(
        platform: Platform,
        max_degree: u32,
        config: GpuConfig,
        pool: PoolConfig,
        thresholds: Thresholds,
    ) -> Result<GpuBackend, GpuError> {
        let xdg_dir = if platform == Platform::Wgpu {
            quiet_vulkan_loader()
        } else {
            None
        };
        // The device needs the basis only; products use its own resident tables.
        let alg = Arc::new(MilnorAlgebra::with_table_budget(max_degree, 0));
        let gpu = Gpu::open(platform, alg, config, pool)?;
        Ok(GpuBackend {
            gpu,
            thresholds,
            builds: AtomicUsize::new(0),
            reductions: AtomicUsize::new(0),
            xdg_dir,
        })
    }

    /// The opened devices ([`Gpu`]): their memory figures.
    pub fn gpu(&self) -> &Gpu {
        &self.gpu
    }

    /// Matrix builds and row reductions the device took so far.
    pub fn offloaded(&self) -> (usize, usize) {
        (
            self.builds.load(Ordering::Relaxed),
            self.reductions.load(Ordering::Relaxed),
        )
    }
}

/// Mesa's Vulkan drivers print `error: XDG_RUNTIME_DIR is invalid or not set` on stderr
/// when probing window systems without one; a compute-only run needs none, so give it a
/// private empty folder (only when unset), before any worker thread starts. Returns the
/// folder it made, if any.
fn quiet_vulkan_loader() -> Option<std::path::PathBuf> {
    if std::env::var_os("XDG_RUNTIME_DIR").is_some() {
        return None;
    }
    let dir = std::env::temp_dir().join(format!("adams-xdg-{}", std::process::id()));
    let made = std::fs::create_dir_all(&dir).and_then(|()| {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700))
    });
    if made.is_err() {
        return None;
    }
    std::env::set_var("XDG_RUNTIME_DIR", &dir);
    Some(dir)
}

impl Backend for GpuBackend {
    fn name(&self) -> String {
        self.gpu.device_name()
    }

    fn offloads_build(&self, batch: &ProductBatch<'_>) -> bool {
        batch.terms() >= self.thresholds.min_work
    }

    fn offloads_reduction(&self, rows: usize, cols: usize) -> bool {
        rows.min(cols) >= self.thresholds.rref_min
    }

    fn build(&self, call: &Call<'_>, batch: &ProductBatch<'_>) -> Result<Matrix, OffloadError> {
        if !self.offloads_build(batch) {
            return CpuBackend.build(call, batch);
        }
        self.builds.fetch_add(1, Ordering::Relaxed);
        let device_batch = device_batch(batch)
            .map_err(|e| OffloadError::device(self.name(), Action::Build, call, e))?;
        let mut out = Matrix::new(batch.rows.len(), batch.cols());
        self.gpu
            .multiply_rows(&device_batch, &mut out)
            .map_err(|e| OffloadError::device(self.name(), Action::Build, call, e))?;
        Ok(out)
    }

    fn row_reduce(&self, call: &Call<'_>, m: &mut Matrix) -> Result<Vec<usize>, OffloadError> {
        if !self.offloads_reduction(m.rows(), m.cols()) {
            return CpuBackend.row_reduce(call, m);
        }
        self.reductions.fetch_add(1, Ordering::Relaxed);
        self.gpu
            .row_reduce(m)
            .map_err(|e| OffloadError::device(self.name(), Action::RowReduce, call, e))
    }
}

/// The device's form of `batch`: each generator's terms `(S, bit offset)` once (in the
/// order its rows first name it), each row `R` with its generator's term range.
fn device_batch(batch: &ProductBatch<'_>) -> Result<DeviceBatch, GpuError> {
    let too_many = |n: usize| GpuError::Overflow {
        quantity: "terms in one build",
        value: n as u64,
        limit: u64::from(u32::MAX),
    };
    let mut ranges: Vec<Option<(u32, u32)>> = vec![None; batch.gens.len()];
    let mut out = DeviceBatch {
        rows: Vec::with_capacity(batch.rows.len()),
        terms: Vec::new(),
    };
    for (g, r) in &batch.rows {
        let (start, end) = match ranges[*g as usize] {
            Some(range) => range,
            None => {
                let start =
                    u32::try_from(out.terms.len()).map_err(|_| too_many(out.terms.len()))?;
                out.terms.extend(
                    batch.gens[*g as usize]
                        .terms
                        .iter()
                        .map(|t| (t.op(), batch.target_offsets[t.gen as usize] as u64)),
                );
                let end = u32::try_from(out.terms.len()).map_err(|_| too_many(out.terms.len()))?;
                ranges[*g as usize] = Some((start, end));
                (start, end)
            }
        };
        out.rows.push((*r, start, end));
    }
    Ok(out)
}
