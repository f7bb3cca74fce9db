//! One device of one cubecl runtime: the resident Milnor basis and count
//! table, the admissible-matrix master, and the [`Engine`] interface that
//! [`crate::Gpu`] calls (products in `crate::products`, row reduction in
//! `crate::rref` and `crate::rref_panel`).

use std::sync::Arc;

use cubecl::prelude::*;
use steenrod::{MilnorAlgebra, MAX_PPART_LEN};

use crate::budget::{Budget, Permit};
use crate::buffers::{Buf, DeviceBufs, Mem};
use crate::launch::{narrow, pack_lanes};
use crate::master::Master;
use crate::products::Rows;
use crate::{GpuConfig, GpuError, ProductBatch, RowReduction};

/// What [`crate::Gpu`] needs from a device, independent of the runtime.
pub(crate) trait Engine: Send + Sync {
    fn device_name(&self) -> String;
    /// The rows `pick` of `batch` into `out` (see [`Rows`]), host buffers admitted by `host`.
    fn multiply_rows(
        &self,
        batch: &ProductBatch,
        pick: &[usize],
        out: &Rows<'_>,
        host: &Arc<Budget>,
    ) -> Result<(), GpuError>;
    fn row_reduce(&self, m: &mut fp::Matrix, method: RowReduction) -> Result<Vec<usize>, GpuError>;
    fn peak_device_bytes(&self) -> u64;
    fn segments(&self) -> usize;
}

/// A device of runtime `R` with the resident basis, counts and master.
pub(crate) struct Device<R: Runtime> {
    pub client: ComputeClient<R>,
    name: String,
    pub alg: Arc<MilnorAlgebra>,
    pub config: GpuConfig,
    pub mem: Arc<Mem>,
    /// `deg_start[t]`: global index of the first basis element of degree `t`.
    pub deg_start: Vec<u64>,
    /// Every basis element of degrees `0..=max_degree`, packed by [`pack_lanes`].
    pub basis: Buf,
    /// `MilnorAlgebra::rank_counts`.
    pub counts: Buf,
    pub master: Master,
    /// `--gpu-memory`: every allocation is admitted here first.
    pub budget: Arc<Budget>,
}

impl<R: Runtime> Device<R> {
    /// Uploads `alg`'s basis (16 bytes per element) and count table, held for
    /// good in `budget`.
    ///
    /// Errors: [`GpuError::Overflow`] if the basis or a segment has `2^32`
    /// words or more; [`GpuError::Budget`] if the tables exceed `budget`.
    pub fn new(
        client: ComputeClient<R>,
        name: String,
        alg: Arc<MilnorAlgebra>,
        config: GpuConfig,
        budget: Arc<Budget>,
    ) -> Result<Self, GpuError> {
        let max = alg.max_degree();
        let mut deg_start = Vec::with_capacity(max as usize + 2);
        let mut packed = Vec::new();
        for t in 0..=max {
            deg_start.push((packed.len() / 4) as u64);
            for r in alg.basis(t) {
                packed.extend_from_slice(&pack_lanes(&r.0));
            }
        }
        deg_start.push((packed.len() / 4) as u64);
        narrow(packed.len() as u64, "resident basis length (u32 words)")?;
        narrow(
            (config.segment_bytes / 32) as u64 * 8,
            "segment length (u32 words)",
        )?;
        debug_assert_eq!(
            alg.rank_counts().len(),
            (MAX_PPART_LEN + 1) * (max as usize + 1)
        );
        budget.hold(
            (packed.len() + alg.rank_counts().len()) as u64 * 4,
            "the resident Milnor basis and count table",
        )?;
        let mem = Arc::new(Mem::default());
        let dev = DeviceBufs {
            client: &client,
            mem: &mem,
        };
        let basis = dev.upload_u32(&packed)?;
        let counts = dev.upload_u32(alg.rank_counts())?;
        Ok(Device {
            name,
            master: Master::new(config.segment_bytes as u64 / 32),
            client,
            alg,
            config,
            mem,
            deg_start,
            basis,
            counts,
            budget,
        })
    }

    /// Admits the device bytes `crate::rref::row_reduce` allocates for `m`: the
    /// matrix (its limbs), two words of state, a pivot word per possible pivot
    /// and a flag word per row; for the panel method also its windows, table
    /// indices and Gray-code tables. Keep in step with `rref.rs` and `rref_panel.rs`.
    fn admit_rref(&self, m: &fp::Matrix, method: RowReduction) -> Result<Permit, GpuError> {
        let (rows, cols) = (m.rows() as u64, m.cols() as u64);
        let mut bytes = rows * m.stride() as u64 * 8 + 8 + 4 * rows.min(cols) + 4 * rows;
        if method == RowReduction::Panels {
            // `rref_panel`: windows and table indices (a limb per row each) and the
            // Gray-code tables (GROUPS · ENTRIES · stride limbs).
            let entries = (crate::panel_kernels::GROUPS * crate::panel_kernels::ENTRIES) as u64;
            bytes += 2 * rows * 8 + entries * m.stride() as u64 * 8;
        }
        self.budget.admit(bytes, "a row reduction")
    }

    /// Allocation helpers on this device's client and accounting.
    pub fn bufs(&self) -> DeviceBufs<'_, R> {
        DeviceBufs {
            client: &self.client,
            mem: &self.mem,
        }
    }
}

impl<R: Runtime> Engine for Device<R> {
    fn device_name(&self) -> String {
        self.name.clone()
    }

    fn peak_device_bytes(&self) -> u64 {
        self.mem.peak()
    }

    fn segments(&self) -> usize {
        self.master.segments()
    }

    fn row_reduce(&self, m: &mut fp::Matrix, method: RowReduction) -> Result<Vec<usize>, GpuError> {
        let _permit = self.admit_rref(m, method)?;
        match method {
            RowReduction::Columns => crate::rref::row_reduce(self, m),
            RowReduction::Panels => crate::rref_panel::row_reduce(self, m),
        }
    }

    fn multiply_rows(
        &self,
        batch: &ProductBatch,
        pick: &[usize],
        out: &Rows<'_>,
        host: &Arc<Budget>,
    ) -> Result<(), GpuError> {
        crate::products::multiply_rows(self, batch, pick, out, host)
    }
}
