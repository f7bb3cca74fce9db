//! Device kernels for `adams`: the batched Milnor product and F_2 row
//! reduction, written once with cubecl `#[cube]` kernels and run on wgpu
//! (Vulkan, feature `wgpu`, default) or CUDA (feature `cuda`).
//!
//! The design follows `docs/design/system.md` §4, the GPU path: admissible matrices of
//! every left factor `R` live in a device-resident append-only master grown
//! in fixed segments ([`GpuConfig::segment_bytes`]); the Milnor basis of every
//! degree is resident; a launch uploads 4-byte term indices; results are
//! XORed atomically into bit-packed rows byte-identical to `fp`'s limbs. See
//! `README.md` in this crate for the layout, tiles, bounds and knobs.
//!
//! The CPU (`steenrod`, `fp`) is always the reference: every result here
//! equals the CPU's bit for bit, and every device failure is returned as a
//! [`GpuError`], never hidden behind a CPU fallback.
//!
//! The engine sees the device through [`GpuBackend`], its [`resolution::Backend`]: the
//! builds and reductions above [`Thresholds`] go to the device, the rest to the CPU.

mod backend;
mod boundary;
mod budget;
mod buffers;
mod engine;
mod error;
mod kernels;
mod launch;
mod master;
mod open;
mod panel_kernels;
mod pool;
mod products;
mod rref;
mod rref_panel;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use steenrod::{MilnorAlgebra, PPart};

pub use backend::{GpuBackend, Thresholds};
use boundary::guard;
use budget::Budget;
pub use budget::BudgetKind;
pub use error::{GpuError, InvalidRequest, NoDevice};
pub use pool::shard;

/// Which cubecl runtime drives the device (named `Platform` so as not to be confused with
/// `resolution::Backend`, the offload interface this crate's device is used through).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Platform {
    /// wgpu on Vulkan (SPIR-V), e.g. Mesa's lavapipe; needs the `wgpu` feature.
    Wgpu,
    /// CUDA device 0; needs the `cuda` feature (and at run time a CUDA driver).
    Cuda,
}

/// How [`Gpu::row_reduce_by`] reduces a matrix on the device (both give the
/// unique reduced row echelon form, identical to `fp::Matrix::row_reduce`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowReduction {
    /// Gauss–Jordan, one column at a time: 3 launches per column.
    Columns,
    /// M4RI-style panels of 64 columns with Gray-code tables of the panel's
    /// pivot rows in device memory: 3 launches per panel (the default).
    Panels,
}

impl RowReduction {
    /// Kernel launches of this method on a matrix of `cols` columns (the
    /// single readback not counted).
    pub fn launches(self, cols: usize) -> usize {
        match self {
            RowReduction::Columns => 3 * cols,
            RowReduction::Panels => rref_panel::launches(cols),
        }
    }
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

impl GpuConfig {
    /// Errors: [`InvalidRequest::Knob`] for a knob below its least value.
    fn check(&self) -> Result<(), InvalidRequest> {
        let knobs = [
            (
                "segment_bytes",
                self.segment_bytes,
                32,
                "one 32-byte admissible matrix",
            ),
            ("block_bytes", self.block_bytes, 8, "one 8-byte limb"),
        ];
        for (knob, value, least, why) in knobs {
            if value < least {
                return Err(InvalidRequest::Knob {
                    knob,
                    value,
                    least,
                    why,
                });
            }
        }
        Ok(())
    }
}

impl Default for GpuConfig {
    fn default() -> Self {
        GpuConfig {
            segment_bytes: 64 << 20,
            block_bytes: 128 << 20,
        }
    }
}

/// How many devices a [`Gpu`] drives and its byte budgets (`--gpus`,
/// `--gpu-memory`, `--host-memory`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PoolConfig {
    /// Devices to open: `None` for every visible one (CUDA: the driver's count;
    /// wgpu: one, its default adapter). On wgpu, `n > 1` opens `n` logical
    /// devices on the default adapter, each its own Vulkan device.
    pub devices: Option<usize>,
    /// Most bytes requested on each device (resident tables, master, launch
    /// transients, row reductions); `None`: unlimited. When set, segments and
    /// blocks are capped at a quarter of it.
    pub device_bytes: Option<u64>,
    /// Most bytes of host buffers of device builds, all threads together
    /// (term indices, block packing, readback); `None`: unlimited.
    pub host_bytes: Option<u64>,
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

/// One device, or a pool of devices ([`PoolConfig`]), each with its resident
/// Milnor basis and its shard of the admissible-matrix master
/// ([`shard`]). `Send + Sync`: call it from many threads at once; each
/// thread launches on its own cubecl stream.
pub struct Gpu {
    engines: Vec<Box<dyn engine::Engine>>,
    host: Arc<Budget>,
    /// Round robin of row reductions over the devices.
    next_reduction: AtomicUsize,
}

impl Gpu {
    /// Opens `backend`'s device (one) and uploads `alg`'s basis (16 bytes per
    /// element of every degree) and count tables: [`Gpu::open`] with one
    /// device and no budgets.
    ///
    /// Errors: as [`Gpu::open`].
    pub fn new(
        backend: Platform,
        alg: Arc<MilnorAlgebra>,
        config: GpuConfig,
    ) -> Result<Gpu, GpuError> {
        let pool = PoolConfig {
            devices: Some(1),
            ..PoolConfig::default()
        };
        Gpu::open(backend, alg, config, pool)
    }

    /// Opens `pool.devices` devices of `backend` and uploads `alg`'s basis and
    /// count tables to each. Chains the crate's panic hook (once per process)
    /// so that a panic on the runtime's own device thread is returned by the
    /// next call as [`GpuError::RuntimePanic`] instead of reaching the
    /// program's hook (see `boundary.rs`).
    ///
    /// Errors: [`GpuError::NoDevice`] if the backend was not compiled in or no
    /// device is found (or fewer than asked); [`InvalidRequest::Knob`] when
    /// `segment_bytes` cannot hold one 32-byte matrix or `block_bytes` one
    /// 8-byte limb, or `pool.devices` is `Some(0)`; [`GpuError::Budget`] when
    /// the resident tables exceed `pool.device_bytes`;
    /// [`GpuError::RuntimePanic`] if the runtime panics while the tables are
    /// uploaded.
    pub fn open(
        backend: Platform,
        alg: Arc<MilnorAlgebra>,
        mut config: GpuConfig,
        pool: PoolConfig,
    ) -> Result<Gpu, GpuError> {
        if let Some(limit) = pool.device_bytes {
            let quarter = (limit / 4).max(32) as usize;
            config.segment_bytes = config.segment_bytes.min(quarter);
            config.block_bytes = config.block_bytes.min(quarter);
        }
        config.check()?;
        if pool.devices == Some(0) {
            return Err(InvalidRequest::Knob {
                knob: "devices",
                value: 0,
                least: 1,
                why: "one device",
            }
            .into());
        }
        boundary::install_hook();
        let spec = open::Spec {
            alg,
            config,
            device_bytes: pool.device_bytes,
        };
        let engines = guard("opening the device", || match backend {
            Platform::Wgpu => open::wgpu_engines(&spec, pool.devices),
            Platform::Cuda => open::cuda_engines(&spec, pool.devices),
        })?;
        Ok(Gpu {
            engines,
            host: Budget::new(BudgetKind::Host, pool.host_bytes),
            next_reduction: AtomicUsize::new(0),
        })
    }

    /// Number of devices.
    pub fn devices(&self) -> usize {
        self.engines.len()
    }

    /// The adapter's name as the runtime reports it; with several devices, their count
    /// and every device's name (`3 devices: llvmpipe … #0, llvmpipe … #1, …`).
    pub fn device_name(&self) -> String {
        match self.engines.len() {
            1 => self.engines[0].device_name(),
            n => {
                let names: Vec<String> = self.engines.iter().map(|e| e.device_name()).collect();
                format!("{n} devices: {}", names.join(", "))
            }
        }
    }

    /// XORs each row's products into the same row of `out`
    /// (`out.rows() == batch.rows.len()`), limbs identical to
    /// `MilnorAlgebra::multiply_basis_into` on the same terms. Output blocks
    /// are zeroed on the device, filled, read back and XORed into `out`. Each
    /// row runs on the device owning its `R` ([`shard`]), the devices
    /// concurrently; the first error by device index is returned.
    ///
    /// Errors: [`GpuError::Invalid`] for a bad term range, a product above the
    /// algebra's degree or a term past the row's end; [`GpuError::Overflow`]
    /// for a length beyond 32 bits; [`GpuError::Device`] for a failed launch;
    /// [`GpuError::RuntimePanic`] when the runtime panics (e.g. an output
    /// block or master segment above the device's largest buffer);
    /// [`GpuError::Budget`] when a block or the call's host buffers cannot fit
    /// their budget even alone.
    pub fn multiply_rows(
        &self,
        batch: &ProductBatch,
        out: &mut fp::Matrix,
    ) -> Result<(), GpuError> {
        if out.rows() != batch.rows.len() {
            return Err(InvalidRequest::RowCount {
                out_rows: out.rows(),
                batch_rows: batch.rows.len(),
            }
            .into());
        }
        let picks = pool::split(batch, self.engines.len());
        let out = Mutex::new(out);
        let work: Vec<(&dyn engine::Engine, &[usize])> = self
            .engines
            .iter()
            .zip(&picks)
            .filter(|(_, p)| !p.is_empty())
            .map(|(e, p)| (&**e, p.as_slice()))
            .collect();
        let run = |(e, p): &(&dyn engine::Engine, &[usize])| {
            guard("multiply_rows", || {
                e.multiply_rows(batch, p, &out, &self.host)
            })
        };
        if work.len() <= 1 {
            return work.iter().try_for_each(run);
        }
        let results: Vec<Result<(), GpuError>> = std::thread::scope(|s| {
            let handles: Vec<_> = work.iter().map(|w| s.spawn(move || run(w))).collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join().unwrap_or_else(|p| {
                        Err(GpuError::RuntimePanic {
                            what: "multiply_rows",
                            thread: "a pool thread".to_string(),
                            location: None,
                            panic_message: boundary::panic_message(&*p),
                        })
                    })
                })
                .collect()
        });
        results.into_iter().collect()
    }

    /// Row reduces `m` in place to its reduced row echelon form, exactly as
    /// `fp::Matrix::row_reduce` does (the RREF is unique), and returns the
    /// pivot columns in increasing order, by [`RowReduction::Panels`]: three
    /// stream-ordered kernels per 64 columns; one readback at the end.
    ///
    /// Errors: [`GpuError::Overflow`] if `m` has `2^32` limbs or more;
    /// [`GpuError::Device`] for a failed launch or readback;
    /// [`GpuError::RuntimePanic`] when the runtime panics.
    pub fn row_reduce(&self, m: &mut fp::Matrix) -> Result<Vec<usize>, GpuError> {
        self.row_reduce_by(m, RowReduction::Panels)
    }

    /// [`Gpu::row_reduce`] by the given method (for comparisons and
    /// benchmarks); same result and errors. Reductions take turns across the
    /// devices.
    pub fn row_reduce_by(
        &self,
        m: &mut fp::Matrix,
        method: RowReduction,
    ) -> Result<Vec<usize>, GpuError> {
        let d = self.next_reduction.fetch_add(1, Ordering::Relaxed) % self.engines.len();
        guard("row_reduce", || self.engines[d].row_reduce(m, method))
    }

    /// High-water mark of the device bytes requested on the busiest device
    /// (resident tables, master segments and launch transients; the runtime's
    /// pool may hold more): at most `--gpu-memory`.
    pub fn peak_device_bytes(&self) -> u64 {
        self.peak_device_bytes_each().into_iter().max().unwrap_or(0)
    }

    /// [`Gpu::peak_device_bytes`] of each device.
    pub fn peak_device_bytes_each(&self) -> Vec<u64> {
        self.engines.iter().map(|e| e.peak_device_bytes()).collect()
    }

    /// High-water mark of the host bytes admitted for device builds: at most
    /// `--host-memory`.
    pub fn peak_host_bytes(&self) -> u64 {
        self.host.peak()
    }

    /// Number of master segments allocated so far, all devices together.
    pub fn segments(&self) -> usize {
        self.engines.iter().map(|e| e.segments()).sum()
    }

    /// Number of master segments on each device.
    pub fn segments_each(&self) -> Vec<usize> {
        self.engines.iter().map(|e| e.segments()).collect()
    }
}
