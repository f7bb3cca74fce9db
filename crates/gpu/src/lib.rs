//! Device kernels for `adams`: the batched Milnor product and F_2 row
//! reduction, written once with cubecl `#[cube]` kernels and run on wgpu
//! (Vulkan, feature `wgpu`, default) or CUDA (feature `cuda`).
//!
//! The design follows `shared/design/SYSTEM.md` §4: admissible matrices of
//! every left factor `R` live in a device-resident append-only master grown
//! in fixed segments ([`GpuConfig::segment_bytes`]); the Milnor basis of every
//! degree is resident; a launch uploads 4-byte term indices; results are
//! XORed atomically into bit-packed rows byte-identical to `fp`'s limbs. See
//! `README.md` in this crate for the layout, tiles, bounds and knobs.
//!
//! The CPU (`steenrod`, `fp`) is always the reference: every result here
//! equals the CPU's bit for bit, and every device failure is returned as a
//! [`GpuError`], never hidden behind a CPU fallback.

mod engine;
mod kernels;
mod master;
mod rref;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use steenrod::{MilnorAlgebra, PPart};

/// Which cubecl runtime drives the device.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// wgpu on Vulkan (SPIR-V), e.g. Mesa's lavapipe; needs the `wgpu` feature.
    Wgpu,
    /// CUDA device 0; needs the `cuda` feature (and at run time a CUDA driver).
    Cuda,
}

/// Memory knobs of a [`Gpu`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GpuConfig {
    /// Bytes of one segment of the admissible-matrix master (32 bytes per
    /// matrix). Default 64 MiB.
    pub segment_bytes: usize,
    /// Most output bytes of one launch block of [`Gpu::multiply_rows`] (at
    /// least one row per block). Default 128 MiB (the largest buffer on Mesa's lavapipe).
    pub block_bytes: usize,
}

impl Default for GpuConfig {
    fn default() -> Self {
        GpuConfig {
            segment_bytes: 64 << 20,
            block_bytes: 128 << 20,
        }
    }
}

/// Rows of one call of [`Gpu::multiply_rows`].
#[derive(Clone, Debug, Default)]
pub struct ProductBatch {
    /// Row `i`: `Sq(R)` and its term range `[start, end)` in `terms`.
    pub rows: Vec<(PPart, u32, u32)>,
    /// `(S, bit offset)`: row `i` is `Σ_k Sq(R)·Sq(S_k)` over its terms, the
    /// product's `Sq(T)` at bit `offset_k + index of T in basis(|R| + |S_k|)`.
    pub terms: Vec<(PPart, u64)>,
}

/// A failure of the device or of a request; the message names what failed.
#[derive(Debug, thiserror::Error)]
pub enum GpuError {
    /// No usable device (driver missing, no adapter, feature not built).
    #[error("no GPU device: {0}")]
    NoDevice(String),
    /// A launch, transfer or allocation failed on the device.
    #[error("device failure during {what}: {detail}")]
    Device {
        /// The operation that failed.
        what: &'static str,
        /// The runtime's message.
        detail: String,
    },
    /// A length or index does not fit the 32-bit field it must pass through.
    #[error("length overflow: {0}")]
    Overflow(String),
    /// The request itself is inconsistent (bad ranges, degrees, shapes).
    #[error("invalid request: {0}")]
    Invalid(String),
}

/// One device with its resident Milnor basis and admissible-matrix master.
/// `Send + Sync`: call it from many threads at once; each thread launches on
/// its own cubecl stream.
pub struct Gpu {
    engine: Box<dyn engine::Engine>,
}

impl Gpu {
    /// Opens `backend`'s device and uploads `alg`'s basis (16 bytes per
    /// element of every degree) and count tables.
    ///
    /// Errors: [`GpuError::NoDevice`] if the backend was not compiled in or no
    /// device is found; [`GpuError::Invalid`] on a zero knob in `config`.
    pub fn new(
        backend: Backend,
        alg: Arc<MilnorAlgebra>,
        config: GpuConfig,
    ) -> Result<Gpu, GpuError> {
        if config.segment_bytes < 32 || config.block_bytes < 8 {
            return Err(GpuError::Invalid(format!(
                "GpuConfig {config:?}: segment_bytes must hold one 32-byte matrix and \
                 block_bytes one limb"
            )));
        }
        let engine: Box<dyn engine::Engine> = match backend {
            Backend::Wgpu => wgpu_engine(alg, config)?,
            Backend::Cuda => cuda_engine(alg, config)?,
        };
        Ok(Gpu { engine })
    }

    /// The adapter's name as the runtime reports it.
    pub fn device_name(&self) -> String {
        self.engine.device_name()
    }

    /// XORs each row's products into the same row of `out`
    /// (`out.rows() == batch.rows.len()`), limbs identical to
    /// `MilnorAlgebra::multiply_basis_into` on the same terms. Output blocks
    /// are zeroed on the device, filled, read back and XORed into `out`.
    ///
    /// Errors: [`GpuError::Invalid`] for a bad term range, a product above the
    /// algebra's degree or a term past the row's end; [`GpuError::Overflow`]
    /// for a length beyond 32 bits; [`GpuError::Device`] for a failed launch.
    pub fn multiply_rows(
        &self,
        batch: &ProductBatch,
        out: &mut fp::Matrix,
    ) -> Result<(), GpuError> {
        guard("multiply_rows", || self.engine.multiply_rows(batch, out))
    }

    /// Row reduces `m` in place to its reduced row echelon form, exactly as
    /// `fp::Matrix::row_reduce` does (the RREF is unique), and returns the
    /// pivot columns in increasing order. Three stream-ordered kernels per
    /// column (find/swap, mark, eliminate); one readback at the end.
    ///
    /// Errors: [`GpuError::Overflow`] if `m` has `2^32` limbs or more;
    /// [`GpuError::Device`] for a failed launch or readback.
    pub fn row_reduce(&self, m: &mut fp::Matrix) -> Result<Vec<usize>, GpuError> {
        guard("row_reduce", || self.engine.row_reduce(m))
    }

    /// High-water mark of the device bytes this `Gpu` requested (resident
    /// tables, master segments and launch transients; the runtime's pool may
    /// hold more).
    pub fn peak_device_bytes(&self) -> u64 {
        self.engine.peak_device_bytes()
    }

    /// Number of master segments allocated so far.
    pub fn segments(&self) -> usize {
        self.engine.segments()
    }
}

/// Runs `f`, turning a panic inside the runtime (its allocation and upload
/// calls unwrap internally) into [`GpuError::Device`].
fn guard<T>(what: &'static str, f: impl FnOnce() -> Result<T, GpuError>) -> Result<T, GpuError> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|p| {
        Err(GpuError::Device {
            what,
            detail: panic_message(&p),
        })
    })
}

fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<String>()
        .cloned()
        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "panic in the GPU runtime".to_string())
}

#[cfg(feature = "wgpu")]
fn wgpu_engine(
    alg: Arc<MilnorAlgebra>,
    config: GpuConfig,
) -> Result<Box<dyn engine::Engine>, GpuError> {
    use cubecl::wgpu::{WgpuDevice, WgpuRuntime};
    use std::sync::OnceLock;
    // cubecl registers one server per device id; set it up once per process.
    static SETUP: OnceLock<Result<(WgpuDevice, String), String>> = OnceLock::new();
    let setup = SETUP.get_or_init(|| {
        catch_unwind(|| {
            let device = WgpuDevice::DefaultDevice;
            let setup = cubecl::wgpu::init_setup::<cubecl::wgpu::AutoGraphicsApi>(
                &device,
                Default::default(),
            );
            let info = setup.adapter.get_info();
            (device, format!("{} ({:?})", info.name, info.backend))
        })
        .map_err(|p| panic_message(&p))
    });
    match setup {
        Ok((device, name)) => {
            let client = guard("opening the wgpu device", || {
                Ok(<WgpuRuntime as cubecl::Runtime>::client(device))
            })?;
            Ok(Box::new(engine::Device::<WgpuRuntime>::new(
                client,
                name.clone(),
                alg,
                config,
            )?))
        }
        Err(msg) => Err(GpuError::NoDevice(format!(
            "wgpu found no Vulkan adapter ({msg}); install a driver, e.g. \
             `apt-get install -y mesa-vulkan-drivers libvulkan1` for the software one"
        ))),
    }
}

#[cfg(not(feature = "wgpu"))]
fn wgpu_engine(_: Arc<MilnorAlgebra>, _: GpuConfig) -> Result<Box<dyn engine::Engine>, GpuError> {
    Err(GpuError::NoDevice(
        "Backend::Wgpu requested but this build lacks the `wgpu` feature of crate `gpu`".into(),
    ))
}

#[cfg(feature = "cuda")]
fn cuda_engine(
    alg: Arc<MilnorAlgebra>,
    config: GpuConfig,
) -> Result<Box<dyn engine::Engine>, GpuError> {
    use cubecl::cuda::{CudaDevice, CudaRuntime};
    let client = catch_unwind(|| <CudaRuntime as cubecl::Runtime>::client(&CudaDevice::new(0)))
        .map_err(|p| GpuError::NoDevice(format!("CUDA device 0: {}", panic_message(&p))))?;
    Ok(Box::new(engine::Device::<CudaRuntime>::new(
        client,
        "CUDA device 0".to_string(),
        alg,
        config,
    )?))
}

#[cfg(not(feature = "cuda"))]
fn cuda_engine(_: Arc<MilnorAlgebra>, _: GpuConfig) -> Result<Box<dyn engine::Engine>, GpuError> {
    Err(GpuError::NoDevice(
        "Backend::Cuda requested but this build lacks the `cuda` feature of crate `gpu`".into(),
    ))
}
