//! Opening a runtime's device: wgpu's default adapter (set up once per
//! process) or CUDA device 0, each behind the `wgpu` / `cuda` feature.

use std::sync::Arc;

use steenrod::MilnorAlgebra;

use crate::engine::Engine;
use crate::error::NoDevice;
#[cfg(not(all(feature = "wgpu", feature = "cuda")))]
use crate::Platform;
#[cfg(any(feature = "wgpu", feature = "cuda"))]
use crate::{boundary::panic_message, engine};
use crate::{GpuConfig, GpuError};

/// wgpu's default adapter with `alg`'s resident tables.
///
/// Errors: [`NoDevice::NoAdapter`] when wgpu finds no Vulkan adapter.
#[cfg(feature = "wgpu")]
pub(crate) fn wgpu_engine(
    alg: Arc<MilnorAlgebra>,
    config: GpuConfig,
) -> Result<Box<dyn Engine>, GpuError> {
    use cubecl::wgpu::{WgpuDevice, WgpuRuntime};
    use std::panic::catch_unwind;
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
        .map_err(|p| panic_message(&*p))
    });
    match setup {
        Ok((device, name)) => {
            let client = <WgpuRuntime as cubecl::Runtime>::client(device);
            Ok(Box::new(engine::Device::<WgpuRuntime>::new(
                client,
                name.clone(),
                alg,
                config,
            )?))
        }
        Err(msg) => Err(NoDevice::NoAdapter {
            panic_message: msg.clone(),
        }
        .into()),
    }
}

#[cfg(not(feature = "wgpu"))]
pub(crate) fn wgpu_engine(
    _: Arc<MilnorAlgebra>,
    _: GpuConfig,
) -> Result<Box<dyn Engine>, GpuError> {
    Err(NoDevice::NotBuilt {
        backend: Platform::Wgpu,
        feature: "wgpu",
    }
    .into())
}

/// CUDA device 0 with `alg`'s resident tables.
///
/// Errors: [`NoDevice::Cuda`] when the driver cannot open it.
#[cfg(feature = "cuda")]
pub(crate) fn cuda_engine(
    alg: Arc<MilnorAlgebra>,
    config: GpuConfig,
) -> Result<Box<dyn Engine>, GpuError> {
    use cubecl::cuda::{CudaDevice, CudaRuntime};
    let client =
        std::panic::catch_unwind(|| <CudaRuntime as cubecl::Runtime>::client(&CudaDevice::new(0)))
            .map_err(|p| NoDevice::Cuda {
                index: 0,
                panic_message: panic_message(&*p),
            })?;
    Ok(Box::new(engine::Device::<CudaRuntime>::new(
        client,
        "CUDA device 0".to_string(),
        alg,
        config,
    )?))
}

#[cfg(not(feature = "cuda"))]
pub(crate) fn cuda_engine(
    _: Arc<MilnorAlgebra>,
    _: GpuConfig,
) -> Result<Box<dyn Engine>, GpuError> {
    Err(NoDevice::NotBuilt {
        backend: Platform::Cuda,
        feature: "cuda",
    }
    .into())
}
