//! `--backend`: opening the device that Nassau steps offload to (the `gpu` crate, behind
//! the `gpu` / `cuda` cargo features), as a [`resolution::Backend`].

use crate::cli::{BackendChoice, GpuKnobs};

/// Largest `--gpu-segment-mb`: a segment is addressed in 32-bit words (< 16 GiB).
const MAX_SEGMENT_MB: usize = 16 * 1024 - 1;
/// Largest `--gpu-block-mb` (far above any device's memory).
const MAX_BLOCK_MB: usize = 1 << 20;

/// An opened backend: the device and a way to read its peak memory.
pub trait Device: resolution::Backend {
    /// High-water mark of device memory allocated by this run, bytes.
    fn peak_device_bytes(&self) -> u64;
    /// Matrix builds and row reductions the device took so far.
    fn offloaded(&self) -> (usize, usize);
}

/// `--gpu-block-mb` / `ADAMS_GPU_BLOCK_MB`: a whole number of MiB in `1..=MAX_BLOCK_MB`.
pub fn parse_block_mb(text: &str) -> Result<usize, String> {
    parse_mib(text, MAX_BLOCK_MB)
}

/// `--gpu-segment-mb` / `ADAMS_GPU_SEGMENT_MB`: a whole number of MiB in `1..=MAX_SEGMENT_MB`.
pub fn parse_segment_mb(text: &str) -> Result<usize, String> {
    parse_mib(text, MAX_SEGMENT_MB)
}

/// A size in MiB between 1 and `max`. Checked when the command line (or the environment)
/// is parsed, whatever the backend, so a bad value is one clear error naming its source.
fn parse_mib(text: &str, max: usize) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(value) if (1..=max).contains(&value) => Ok(value),
        _ => Err(format!("expected a whole number of MiB between 1 and {max}")),
    }
}

/// Opens the backend `choice` for an algebra through degree `max_degree`; `None` for the
/// CPU. Errors (one line): the feature is not built in, no device. (The knobs' values were
/// checked when parsed: [`parse_block_mb`], [`parse_segment_mb`].)
pub fn open(choice: BackendChoice, knobs: &GpuKnobs, max_degree: u32) -> Result<Option<Box<dyn Device>>, String> {
    if choice == BackendChoice::Cpu {
        return Ok(None);
    }
    imp::open(choice, knobs, max_degree).map(Some)
}

#[cfg(not(feature = "gpu"))]
mod imp {
    use super::*;

    pub fn open(choice: BackendChoice, _: &GpuKnobs, _: u32) -> Result<Box<dyn Device>, String> {
        Err(format!(
            "--backend {}: this adams was built without GPU support; rebuild with \
             `cargo build --release -p adams --features gpu` (Vulkan through wgpu) or `--features cuda`",
            choice.name()
        ))
    }
}

#[cfg(feature = "gpu")]
mod imp {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    use fp::Matrix;
    use gpu::{Gpu, GpuConfig, ProductBatch};
    use resolution::{Backend, Differential};
    use steenrod::{MilnorAlgebra, PPart};

    use super::*;

    struct GpuBackend {
        gpu: Gpu,
        min_work: usize,
        rref_min: usize,
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

    pub fn open(choice: BackendChoice, knobs: &GpuKnobs, max_degree: u32) -> Result<Box<dyn Device>, String> {
        let backend = match choice {
            BackendChoice::Cuda if !cfg!(feature = "cuda") => {
                return Err("--backend cuda: this adams was built without CUDA support; rebuild with \
                            `cargo build --release -p adams --features cuda`"
                    .into())
            }
            BackendChoice::Cuda => gpu::Backend::Cuda,
            BackendChoice::Wgpu => gpu::Backend::Wgpu,
            BackendChoice::Gpu if cfg!(feature = "cuda") => gpu::Backend::Cuda,
            _ => gpu::Backend::Wgpu,
        };
        let xdg_dir = if backend == gpu::Backend::Wgpu { quiet_vulkan_loader() } else { None };
        // The device needs the basis only; products use its own resident tables.
        let alg = Arc::new(MilnorAlgebra::with_table_budget(max_degree, 0));
        let config = GpuConfig { segment_bytes: knobs.gpu_segment_mb << 20, block_bytes: knobs.gpu_block_mb << 20 };
        let gpu = Gpu::new(backend, alg, config).map_err(|e| format!("--backend {}: {e}", choice.name()))?;
        Ok(Box::new(GpuBackend {
            gpu,
            min_work: knobs.gpu_min_work,
            rref_min: knobs.gpu_rref_min,
            builds: AtomicUsize::new(0),
            reductions: AtomicUsize::new(0),
            xdg_dir,
        }))
    }

    /// Mesa's Vulkan drivers print `error: XDG_RUNTIME_DIR is invalid or not set` on
    /// stderr when probing window systems without one; a compute-only run needs none, so
    /// give it a private empty folder (only when unset), before any worker thread starts.
    /// Returns the folder it made, if any.
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

        fn takes_rows(&self, _rows: usize, terms: usize) -> bool {
            terms >= self.min_work
        }

        fn fill_rows(&self, _alg: &MilnorAlgebra, specs: &[(&Differential, PPart)], offsets: &[usize], out: &mut Matrix) -> Result<(), String> {
            self.builds.fetch_add(1, Ordering::Relaxed);
            // Rows of one generator come together (basis order) and share its term list.
            let mut batch = ProductBatch { rows: Vec::with_capacity(specs.len()), terms: Vec::new() };
            let mut last: Option<(*const Differential, (u32, u32))> = None;
            let too_many = || "more than 2^32 terms in one build".to_string();
            for (dg, r) in specs {
                let key = *dg as *const Differential;
                let range = match last {
                    Some((k, range)) if k == key => range,
                    _ => {
                        let start = u32::try_from(batch.terms.len()).map_err(|_| too_many())?;
                        batch.terms.extend(dg.terms.iter().map(|t| (t.op, offsets[t.gen as usize] as u64)));
                        let end = u32::try_from(batch.terms.len()).map_err(|_| too_many())?;
                        last = Some((key, (start, end)));
                        (start, end)
                    }
                };
                batch.rows.push((*r, range.0, range.1));
            }
            self.gpu.multiply_rows(&batch, out).map_err(|e| e.to_string())
        }

        fn takes_row_reduce(&self, rows: usize, cols: usize) -> bool {
            rows.min(cols) >= self.rref_min
        }

        fn row_reduce(&self, m: &mut Matrix) -> Result<Vec<usize>, String> {
            self.reductions.fetch_add(1, Ordering::Relaxed);
            self.gpu.row_reduce(m).map_err(|e| e.to_string())
        }
    }

    impl Device for GpuBackend {
        fn peak_device_bytes(&self) -> u64 {
            self.gpu.peak_device_bytes()
        }

        fn offloaded(&self) -> (usize, usize) {
            (self.builds.load(Ordering::Relaxed), self.reductions.load(Ordering::Relaxed))
        }
    }
}
