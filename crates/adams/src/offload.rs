//! `--backend`: the flags read into the device that steps offload to (the `gpu` crate's
//! `GpuBackend`, behind the `gpu` / `cuda` cargo features), the fraction of its calls
//! redone on the CPU, and the summary line of a device run.

use resolution::{FractionError, SampleFraction};

use crate::cli::{BackendChoice, GpuKnobs};
use crate::error::Error;
use crate::plan::BackendPlan;

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
    #[cfg(any(test, not(feature = "gpu")))]
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

/// The backend a run offloads to: the device (none for the CPU) and the fraction of its
/// calls redone on the CPU.
pub(crate) struct Backend {
    pub(crate) device: Option<Box<dyn Device>>,
    pub(crate) check: resolution::SampleFraction,
}

impl Backend {
    /// No device: everything on the CPU.
    pub(crate) fn cpu() -> Self {
        Self {
            device: None,
            check: resolution::SampleFraction::NONE,
        }
    }
}

/// `--backend`, `--verify`, `--verify-sample` (else `ADAMS_VERIFY_SAMPLE`) and the device
/// knobs: the device opened (none for the CPU) for an algebra through `max_degree`.
pub(crate) fn open_backend(plan: &BackendPlan, max_degree: u32) -> Result<Backend, Error> {
    let env_sample = std::env::var(VERIFY_SAMPLE_ENV).ok();
    let check = check_fraction(
        plan.choice,
        plan.verify,
        plan.sample.as_deref(),
        env_sample.as_deref(),
    )
    .map_err(Error::Backend)?;
    let device = open(plan.choice, &plan.knobs, max_degree).map_err(Error::Backend)?;
    Ok(Backend { device, check })
}

/// Opens the backend `choice` for an algebra through degree `max_degree`; `None` for the
/// CPU. Errors (one line): the feature is not built in, no device. (The knobs' values were
/// checked when parsed: `crate::cli::GpuKnobs`.)
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

/// The refusal of the device backend `choice` by a build without the `gpu` feature.
#[cfg(any(test, not(feature = "gpu")))]
fn without_gpu(choice: BackendChoice) -> SetupError {
    SetupError::NoGpuSupport {
        backend: choice.name(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Built without the `gpu` feature (the default), asking for a device names the feature
    /// and the build command. (The CPU-only build is linted by scripts/test.sh; its tests
    /// run in the build with `gpu`, so the refusal is checked here, not through the binary.)
    #[test]
    fn a_device_backend_without_the_feature_says_how_to_build_it() {
        for backend in [BackendChoice::Gpu, BackendChoice::Wgpu, BackendChoice::Cuda] {
            let message = without_gpu(backend).to_string();
            assert!(
                message.starts_with(&format!("--backend {}:", backend.name()))
                    && message.contains("without GPU support")
                    && message.contains("--features gpu")
                    && !message.contains('\n'),
                "{message}"
            );
        }
    }

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
        Err(without_gpu(choice))
    }
}

#[cfg(feature = "gpu")]
mod imp {
    use gpu::{GpuBackend, GpuConfig, PoolConfig, Thresholds};

    use super::*;

    pub fn open(
        choice: BackendChoice,
        knobs: &GpuKnobs,
        max_degree: u32,
    ) -> Result<Box<dyn Device>, SetupError> {
        let platform = match choice {
            BackendChoice::Cuda if !cfg!(feature = "cuda") => {
                return Err(SetupError::NoCudaSupport)
            }
            BackendChoice::Cuda => gpu::Platform::Cuda,
            BackendChoice::Wgpu => gpu::Platform::Wgpu,
            BackendChoice::Gpu if cfg!(feature = "cuda") => gpu::Platform::Cuda,
            _ => gpu::Platform::Wgpu,
        };
        let config = GpuConfig {
            segment_bytes: knobs.gpu_segment_mb << 20,
            block_bytes: knobs.gpu_block_mb << 20,
        };
        let pool = PoolConfig {
            devices: knobs.gpus,
            device_bytes: knobs.gpu_memory.map(|mb| (mb as u64) << 20),
            host_bytes: knobs.host_memory.map(|mb| (mb as u64) << 20),
        };
        let thresholds = Thresholds {
            min_work: knobs.gpu_min_work,
            rref_min: knobs.gpu_rref_min,
        };
        let backend =
            GpuBackend::open(platform, max_degree, config, pool, thresholds).map_err(|source| {
                SetupError::Open {
                    backend: choice.name(),
                    source,
                }
            })?;
        Ok(Box::new(backend))
    }

    impl Device for GpuBackend {
        fn peak_device_bytes(&self) -> u64 {
            self.gpu().peak_device_bytes()
        }

        fn peak_device_bytes_each(&self) -> Vec<u64> {
            self.gpu().peak_device_bytes_each()
        }

        fn peak_host_bytes(&self) -> u64 {
            self.gpu().peak_host_bytes()
        }

        fn offloaded(&self) -> (usize, usize) {
            GpuBackend::offloaded(self)
        }
    }
}
