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

mod boundary;
mod buffers;
mod engine;
mod error;
mod kernels;
mod launch;
mod master;
mod open;
mod panel_kernels;
mod products;
mod rref;
mod rref_panel;

use std::sync::Arc;

use steenrod::{MilnorAlgebra, PPart};

use boundary::guard;
pub use error::{GpuError, InvalidRequest, NoDevice};

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

/// Rows of one call of [`Gpu::multiply_rows`].
#[derive(Clone, Debug, Default)]
pub struct ProductBatch {
    /// Row `i`: `Sq(R)` and its term range `[start, end)` in `terms`.
    pub rows: Vec<(PPart, u32, u32)>,
    /// `(S, bit offset)`: row `i` is `Σ_k Sq(R)·Sq(S_k)` over its terms, the
    /// product's `Sq(T)` at bit `offset_k + index of T in basis(|R| + |S_k|)`.
    pub terms: Vec<(PPart, u64)>,
}

/// One device with its resident Milnor basis and admissible-matrix master.
/// `Send + Sync`: call it from many threads at once; each thread launches on
/// its own cubecl stream.
pub struct Gpu {
    engine: Box<dyn engine::Engine>,
}

impl Gpu {
    /// Opens `backend`'s device and uploads `alg`'s basis (16 bytes per
    /// element of every degree) and count tables. Chains the crate's panic
    /// hook (once per process) so that a panic on the runtime's own device
    /// thread is returned by the next call as [`GpuError::RuntimePanic`]
    /// instead of reaching the program's hook (see `boundary.rs`).
    ///
    /// Errors: [`GpuError::NoDevice`] if the backend was not compiled in or no
    /// device is found; [`InvalidRequest::Knob`] when `segment_bytes` cannot
    /// hold one 32-byte matrix or `block_bytes` one 8-byte limb;
    /// [`GpuError::RuntimePanic`] if the runtime panics while the tables are
    /// uploaded.
    pub fn new(
        backend: Platform,
        alg: Arc<MilnorAlgebra>,
        config: GpuConfig,
    ) -> Result<Gpu, GpuError> {
        config.check()?;
        boundary::install_hook();
        let engine = guard("opening the device", || match backend {
            Platform::Wgpu => open::wgpu_engine(alg, config),
            Platform::Cuda => open::cuda_engine(alg, config),
        })?;
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
    /// for a length beyond 32 bits; [`GpuError::Device`] for a failed launch;
    /// [`GpuError::RuntimePanic`] when the runtime panics (e.g. an output
    /// block or master segment above the device's largest buffer).
    pub fn multiply_rows(
        &self,
        batch: &ProductBatch,
        out: &mut fp::Matrix,
    ) -> Result<(), GpuError> {
        guard("multiply_rows", || self.engine.multiply_rows(batch, out))
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
    /// benchmarks); same result and errors.
    pub fn row_reduce_by(
        &self,
        m: &mut fp::Matrix,
        method: RowReduction,
    ) -> Result<Vec<usize>, GpuError> {
        guard("row_reduce", || self.engine.row_reduce(m, method))
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
