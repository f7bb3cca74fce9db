//! `--backend`: opening the device that steps offload to (the `gpu` crate, behind the
//! `gpu` / `cuda` cargo features), as a device [`resolution::Backend`]: it takes the
//! builds and reductions above its thresholds and hands the rest to
//! [`resolution::CpuBackend`]; the run wraps it in [`resolution::Verified`] through
//! [`resolution::Offload`].

use resolution::{FractionError, SampleFraction};

use crate::cli::{BackendChoice, GpuKnobs};

/// The fraction of offloaded builds and reductions redone on the CPU by default
/// (`--verify-sample`): its cost, `f · O / R` at most (`O`: the CPU time of the calls a
/// device takes, `R`: the CPU time of the rest of the run), stays under 5% while a device
/// takes up to 90% of a run's CPU work, however fast the device; measured 0.08% at stem
/// 130 and 0.7% at stem 140 (docs/EXPERIMENTS.md, 2026-11-30; ARCHITECTURE.md, knobs).
pub const DEFAULT_VERIFY_SAMPLE: f64 = 0.005;

/// The environment variable read when `--verify-sample` is not given.
pub const VERIFY_SAMPLE_ENV: &str = "ADAMS_VERIFY_SAMPLE";

/// Why `--backend` and its flags cannot be used as given: the binary maps it to exit 2.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// `ADAMS_VERIFY_SAMPLE` is not a fraction.
    #[error("{VERIFY_SAMPLE_ENV}={0}")]
    SampleVariable(#[source] FractionError),
    /// `--verify-sample` is not a fraction.
    #[error("--verify-sample {0}")]
    SampleFlag(#[source] FractionError),
    /// `--verify` without an offloading backend.
    #[error(
        "--verify compares an offloading backend with the CPU: give --backend gpu (or wgpu, cuda)"
    )]
    VerifyOnCpu,
    /// `--verify-sample` without an offloading backend.
    #[error("--verify-sample checks an offloading backend against the CPU: give --backend gpu (or wgpu, cuda)")]
    SampleOnCpu,
    /// A device backend asked of a build without the `gpu` feature.
    #[cfg(not(feature = "gpu"))]
    #[error("--backend {backend}: this adams was built without GPU support; rebuild with \
             `cargo build --release -p adams --features gpu` (Vulkan through wgpu) or `--features cuda`")]
    NoGpuSupport {
        /// The `--backend` value.
        backend: &'static str,
    },
    /// `--backend cuda` asked of a build without the `cuda` feature.
    #[cfg(feature = "gpu")]
    #[error(
        "--backend cuda: this adams was built without CUDA support; rebuild with \
             `cargo build --release -p adams --features cuda`"
    )]
    NoCudaSupport,
    /// The device could not be opened.
    #[cfg(feature = "gpu")]
    #[error("--backend {backend}: {source}")]
    Open {
        /// The `--backend` value.
        backend: &'static str,
        /// Why.
        source: gpu::GpuError,
    },
}

/// Which offloaded calls to check against the CPU: `--verify` (all), else
/// `--verify-sample FRACTION`, else `ADAMS_VERIFY_SAMPLE` (empty means unset), else
/// [`DEFAULT_VERIFY_SAMPLE`]. Errors (one line): a bad fraction, naming the flag or the
/// variable; `--verify` or `--verify-sample` without an offloading backend.
pub fn check_fraction(
    choice: BackendChoice,
    verify: bool,
    flag: Option<&str>,
    env: Option<&str>,
) -> Result<SampleFraction, SetupError> {
    let from_env = match env.filter(|v| !v.is_empty()) {
        Some(v) => Some(
            v.parse::<SampleFraction>()
                .map_err(SetupError::SampleVariable)?,
        ),
        None => None,
    };
    let from_flag = match flag {
        Some(v) => Some(
            v.parse::<SampleFraction>()
                .map_err(SetupError::SampleFlag)?,
        ),
        None => None,
    };
    if choice == BackendChoice::Cpu {
        if verify {
            return Err(SetupError::VerifyOnCpu);
        }
        if from_flag.is_some() {
            return Err(SetupError::SampleOnCpu);
        }
    }
    if verify {
        return Ok(SampleFraction::ALL);
    }
    let default = SampleFraction::new(DEFAULT_VERIFY_SAMPLE).expect("the default is a fraction");
    Ok(from_flag.or(from_env).unwrap_or(default))
}

/// Largest `--gpu-segment-mb`: a segment is addressed in 32-bit words (< 16 GiB).
const MAX_SEGMENT_MB: usize = 16 * 1024 - 1;
/// Largest `--gpu-block-mb` (far above any device's memory).
const MAX_BLOCK_MB: usize = 1 << 20;

/// An opened device backend, with its memory and what it took.
pub trait Device: resolution::Backend {
    /// High-water mark of device memory allocated by this run on its busiest device, bytes.
    fn peak_device_bytes(&self) -> u64;
    /// [`Device::peak_device_bytes`] of each device.
    fn peak_device_bytes_each(&self) -> Vec<u64>;
    /// High-water mark of the host buffers of device builds (`--host-memory`), bytes.
    fn peak_host_bytes(&self) -> u64;
    /// Matrix builds and row reductions the device took so far.
    fn offloaded(&self) -> (usize, usize);
}

/// Most `--gpus`.
const MAX_GPUS: usize = 64;

/// `--gpus` / `ADAMS_GPUS`: a whole number of devices in `1..=MAX_GPUS`.
pub fn parse_gpus(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(value) if (1..=MAX_GPUS).contains(&value) => Ok(value),
        _ => Err(format!(
            "expected a whole number of devices between 1 and {MAX_GPUS}"
        )),
    }
}

/// `--gpu-memory` / `--host-memory` (and their variables): a whole number of MiB in
/// `1..=MAX_BLOCK_MB`.
pub fn parse_budget_mb(text: &str) -> Result<usize, String> {
    parse_mib(text, MAX_BLOCK_MB)
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
        _ => Err(format!(
            "expected a whole number of MiB between 1 and {max}"
        )),
    }
}

/// Opens the backend `choice` for an algebra through degree `max_degree`; `None` for the
/// CPU. Errors (one line): the feature is not built in, no device. (The knobs' values were
/// checked when parsed: [`parse_block_mb`], [`parse_segment_mb`].)
pub fn open(
    choice: BackendChoice,
    knobs: &GpuKnobs,
    max_degree: u32,
) -> Result<Option<Box<dyn Device>>, SetupError> {
    if choice == BackendChoice::Cpu {
        return Ok(None);
    }
    imp::open(choice, knobs, max_degree).map(Some)
}

/// The summary line of a device run: what was offloaded, what was checked, device memory.
pub fn summary_line(
    choice: BackendChoice,
    device: &dyn Device,
    verify: bool,
    check: SampleFraction,
    checks: &resolution::Checks,
) -> String {
    let (builds, reductions) = device.offloaded();
    let checked = if verify {
        ", every one verified against the CPU".to_string()
    } else if check.get() == 0.0 {
        ", none checked against the CPU (--verify-sample 0)".to_string()
    } else {
        format!(
            ", a sample of {} builds and {} reductions (fraction {check}) redone on the CPU and matching ({:.2} s CPU)",
            checks.builds(),
            checks.reductions(),
            checks.cpu_time.as_secs_f64()
        )
    };
    format!(
        "summary: backend {} ({}): {builds} matrix builds and {reductions} row reductions offloaded{checked}, peak device memory {:.1} MB, peak host build buffers {:.1} MB",
        choice.name(),
        device.name(),
        device.peak_device_bytes() as f64 / 1e6,
        device.peak_host_bytes() as f64 / 1e6
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fraction_comes_from_verify_the_flag_the_variable_or_the_default() {
        let gpu = BackendChoice::Gpu;
        let f = |verify, flag, env| {
            check_fraction(gpu, verify, flag, env)
                .map(SampleFraction::get)
                .map_err(|e| e.to_string())
        };
        assert_eq!(f(false, None, None), Ok(DEFAULT_VERIFY_SAMPLE));
        assert_eq!(f(true, None, Some("0.5")), Ok(1.0));
        assert_eq!(f(false, Some("0"), Some("0.5")), Ok(0.0));
        assert_eq!(f(false, None, Some("0.5")), Ok(0.5));
        assert_eq!(f(false, None, Some("")), Ok(DEFAULT_VERIFY_SAMPLE));
        let e = f(false, None, Some("lots")).unwrap_err();
        assert!(
            e.starts_with("ADAMS_VERIFY_SAMPLE=`lots` is not a number"),
            "{e}"
        );
        let e = f(false, Some("2"), None).unwrap_err();
        assert!(
            e.starts_with("--verify-sample `2`: 2 is not between 0 and 1"),
            "{e}"
        );
        // The CPU backend checks nothing: the variable is still read (a typo is an error),
        // the flags are refused.
        assert_eq!(
            check_fraction(BackendChoice::Cpu, false, None, Some("0.5"))
                .map(SampleFraction::get)
                .map_err(|e| e.to_string()),
            Ok(0.5)
        );
        assert!(check_fraction(BackendChoice::Cpu, false, None, Some("x"))
            .unwrap_err()
            .to_string()
            .starts_with("ADAMS_VERIFY_SAMPLE="));
        assert!(check_fraction(BackendChoice::Cpu, false, Some("0.5"), None)
            .unwrap_err()
            .to_string()
            .starts_with("--verify-sample checks"));
        assert!(check_fraction(BackendChoice::Cpu, true, None, None)
            .unwrap_err()
            .to_string()
            .starts_with("--verify compares"));
    }
}

#[cfg(not(feature = "gpu"))]
mod imp {
    use super::*;

    pub fn open(
        choice: BackendChoice,
        _: &GpuKnobs,
        _: u32,
    ) -> Result<Box<dyn Device>, SetupError> {
        Err(SetupError::NoGpuSupport {
            backend: choice.name(),
        })
    }
}

#[cfg(feature = "gpu")]
mod imp {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    use fp::Matrix;
    use gpu::{Gpu, GpuConfig, PoolConfig, ProductBatch as DeviceBatch};
    use resolution::{Action, Backend, Call, CpuBackend, OffloadError, ProductBatch};
    use steenrod::MilnorAlgebra;

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

    pub fn open(
        choice: BackendChoice,
        knobs: &GpuKnobs,
        max_degree: u32,
    ) -> Result<Box<dyn Device>, SetupError> {
        let backend = match choice {
            BackendChoice::Cuda if !cfg!(feature = "cuda") => {
                return Err(SetupError::NoCudaSupport)
            }
            BackendChoice::Cuda => gpu::Platform::Cuda,
            BackendChoice::Wgpu => gpu::Platform::Wgpu,
            BackendChoice::Gpu if cfg!(feature = "cuda") => gpu::Platform::Cuda,
            _ => gpu::Platform::Wgpu,
        };
        let xdg_dir = if backend == gpu::Platform::Wgpu {
            quiet_vulkan_loader()
        } else {
            None
        };
        // The device needs the basis only; products use its own resident tables.
        let alg = Arc::new(MilnorAlgebra::with_table_budget(max_degree, 0));
        let config = GpuConfig {
            segment_bytes: knobs.gpu_segment_mb << 20,
            block_bytes: knobs.gpu_block_mb << 20,
        };
        let pool = PoolConfig {
            devices: knobs.gpus,
            device_bytes: knobs.gpu_memory.map(|mb| (mb as u64) << 20),
            host_bytes: knobs.host_memory.map(|mb| (mb as u64) << 20),
        };
        let gpu = Gpu::open(backend, alg, config, pool).map_err(|source| SetupError::Open {
            backend: choice.name(),
            source,
        })?;
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

        fn offloads_build(&self, batch: &ProductBatch<'_>) -> bool {
            batch.terms() >= self.min_work
        }

        fn offloads_reduction(&self, rows: usize, cols: usize) -> bool {
            rows.min(cols) >= self.rref_min
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

    /// The device's form of `batch`: each generator's terms `(S, bit offset)` once (in
    /// the order its rows first name it), each row `R` with its generator's term range.
    fn device_batch(batch: &ProductBatch<'_>) -> Result<DeviceBatch, gpu::GpuError> {
        let too_many = |n: usize| gpu::GpuError::Overflow {
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
                            .map(|t| (t.op, batch.target_offsets[t.gen as usize] as u64)),
                    );
                    let end =
                        u32::try_from(out.terms.len()).map_err(|_| too_many(out.terms.len()))?;
                    ranges[*g as usize] = Some((start, end));
                    (start, end)
                }
            };
            out.rows.push((*r, start, end));
        }
        Ok(out)
    }

    impl Device for GpuBackend {
        fn peak_device_bytes(&self) -> u64 {
            self.gpu.peak_device_bytes()
        }

        fn peak_device_bytes_each(&self) -> Vec<u64> {
            self.gpu.peak_device_bytes_each()
        }

        fn peak_host_bytes(&self) -> u64 {
            self.gpu.peak_host_bytes()
        }

        fn offloaded(&self) -> (usize, usize) {
            (
                self.builds.load(Ordering::Relaxed),
                self.reductions.load(Ordering::Relaxed),
            )
        }
    }
}
