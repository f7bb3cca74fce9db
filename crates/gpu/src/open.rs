//! Opening a runtime's devices: wgpu's default adapter (set up once per
//! process; further *logical* devices are further Vulkan devices created on
//! the same adapter, each its own cubecl server) or CUDA devices `0..n`, each
//! behind the `wgpu` / `cuda` feature.

use std::sync::Arc;

use steenrod::MilnorAlgebra;

#[cfg(any(feature = "wgpu", feature = "cuda"))]
use crate::budget::Budget;
use crate::engine::Engine;
use crate::error::NoDevice;
#[cfg(not(all(feature = "wgpu", feature = "cuda")))]
use crate::Platform;
#[cfg(any(feature = "wgpu", feature = "cuda"))]
use crate::{boundary::panic_message, engine};
use crate::{GpuConfig, GpuError};

/// What each opened device gets: the algebra, the knobs, a fresh device budget.
pub(crate) struct Spec {
    pub alg: Arc<MilnorAlgebra>,
    pub config: GpuConfig,
    /// `--gpu-memory`, bytes per device.
    pub device_bytes: Option<u64>,
}

impl Spec {
    /// A device of runtime `R` on `client` with the resident tables and its own budget.
    #[cfg(any(feature = "wgpu", feature = "cuda"))]
    fn engine<R: cubecl::Runtime>(
        &self,
        client: cubecl::prelude::ComputeClient<R>,
        label: String,
    ) -> Result<Box<dyn Engine>, GpuError> {
        let budget = Budget::new(crate::BudgetKind::Device, self.device_bytes);
        let dev = engine::Device::<R>::new(client, label, self.alg.clone(), self.config, budget)?;
        Ok(Box::new(dev))
    }
}

/// `devices` logical devices on wgpu's default adapter (`None`: one, the adapter),
/// each with `alg`'s resident tables. Device 0 is the adapter's first Vulkan device;
/// device `i > 0` is another Vulkan device requested on the same adapter, registered
/// with cubecl as `WgpuDevice::Existing` (a server, memory pool and queue of its own),
/// created once per process and reused.
///
/// Errors: [`NoDevice::NoAdapter`] when wgpu finds no Vulkan adapter;
/// [`NoDevice::Logical`] when the adapter refuses another device.
#[cfg(feature = "wgpu")]
pub(crate) fn wgpu_engines(
    spec: &Spec,
    devices: Option<usize>,
) -> Result<Vec<Box<dyn Engine>>, GpuError> {
    use cubecl::wgpu::{WgpuDevice, WgpuRuntime, WgpuSetup};
    use std::panic::{catch_unwind, AssertUnwindSafe};
    use std::sync::{Mutex, OnceLock};
    type Setup = (WgpuSetup, String);
    // cubecl registers one server per device id; set each up once per process.
    static SETUP: OnceLock<Result<Setup, String>> = OnceLock::new();
    static EXTRA: Mutex<Vec<WgpuDevice>> = Mutex::new(Vec::new());
    let setup = SETUP.get_or_init(|| {
        catch_unwind(|| {
            let setup = cubecl::wgpu::init_setup::<cubecl::wgpu::AutoGraphicsApi>(
                &WgpuDevice::DefaultDevice,
                Default::default(),
            );
            let info = setup.adapter.get_info();
            let name = format!("{} ({:?})", info.name, info.backend);
            (setup, name)
        })
        .map_err(|p| panic_message(&*p))
    });
    let (setup, name) = setup.as_ref().map_err(|msg| NoDevice::NoAdapter {
        panic_message: msg.clone(),
    })?;
    let n = devices.unwrap_or(1);
    let mut ids = vec![WgpuDevice::DefaultDevice];
    {
        let mut extra = EXTRA.lock().unwrap_or_else(|e| e.into_inner());
        while extra.len() + 1 < n {
            let index = extra.len() + 1;
            let refused = |reason: String| NoDevice::Logical {
                index,
                adapter: name.clone(),
                reason,
            };
            let pair = catch_unwind(AssertUnwindSafe(|| {
                cubecl::future::block_on(cubecl::wgpu::vulkan::request_vulkan_device(
                    &setup.adapter,
                ))
            }))
            .map_err(|p| refused(panic_message(&*p)))?;
            let (device, queue) =
                pair.ok_or_else(|| refused("the adapter is not a Vulkan one".to_string()))?;
            let own = WgpuSetup {
                instance: setup.instance.clone(),
                adapter: setup.adapter.clone(),
                device,
                queue,
                backend: setup.backend,
            };
            extra.push(cubecl::wgpu::init_device(own, Default::default()));
        }
        ids.extend(extra.iter().take(n - 1).cloned());
    }
    ids.into_iter()
        .enumerate()
        .map(|(i, id)| {
            let client = <WgpuRuntime as cubecl::Runtime>::client(&id);
            let label = if n == 1 {
                name.clone()
            } else {
                format!("{name} #{i}")
            };
            spec.engine::<WgpuRuntime>(client, label)
        })
        .collect()
}

#[cfg(not(feature = "wgpu"))]
pub(crate) fn wgpu_engines(_: &Spec, _: Option<usize>) -> Result<Vec<Box<dyn Engine>>, GpuError> {
    Err(NoDevice::NotBuilt {
        backend: Platform::Wgpu,
        feature: "wgpu",
    }
    .into())
}

/// CUDA devices `0..devices` (`None`: every device the driver reports) with `alg`'s
/// resident tables.
///
/// Errors: [`NoDevice::Cuda`] when the driver cannot open one.
#[cfg(feature = "cuda")]
pub(crate) fn cuda_engines(
    spec: &Spec,
    devices: Option<usize>,
) -> Result<Vec<Box<dyn Engine>>, GpuError> {
    use cubecl::cuda::{CudaDevice, CudaRuntime};
    let open = |index: usize| {
        std::panic::catch_unwind(|| {
            <CudaRuntime as cubecl::Runtime>::client(&CudaDevice::new(index))
        })
        .map_err(|p| NoDevice::Cuda {
            index,
            panic_message: panic_message(&*p),
        })
    };
    let first = open(0)?;
    let n = devices.unwrap_or_else(|| first.device_count_total().max(1));
    let mut clients = vec![first];
    for index in 1..n {
        clients.push(open(index)?);
    }
    clients
        .into_iter()
        .enumerate()
        .map(|(i, client)| spec.engine::<CudaRuntime>(client, format!("CUDA device {i}")))
        .collect()
}

#[cfg(not(feature = "cuda"))]
pub(crate) fn cuda_engines(_: &Spec, _: Option<usize>) -> Result<Vec<Box<dyn Engine>>, GpuError> {
    Err(NoDevice::NotBuilt {
        backend: Platform::Cuda,
        feature: "cuda",
    }
    .into())
}
