//! F_2 row reduction on the device by stream-ordered kernels (no grid
//! barriers): Gauss–Jordan elimination, one column at a time, with three
//! launches per column (find/swap/record, mark, eliminate; see
//! [`crate::kernels`]). Rank and pivots stay on the device; the matrix, rank
//! and pivots are read back once at the end. The reduced row echelon form is
//! unique, so the result equals `fp::Matrix::row_reduce`'s. Kept for
//! comparison with the panel method ([`crate::rref_panel`]), the default.

use cubecl::prelude::*;

use crate::buffers::{limbs, words, Buf, DeviceBufs};
use crate::engine::Device;
use crate::launch::{grid, narrow, CUBE};
use crate::{kernels, GpuError};

/// Units of the single-cube find/swap kernel.
const FIND_CUBE: u32 = 128;

/// What both reductions start from: the matrix on the device, `state =
/// [0, 0]` (rank, pivots of the last step), `min(rows, cols)` pivot slots,
/// and the shape narrowed to the kernels' `u32`.
pub(crate) struct Start<'a, R: Runtime> {
    pub bufs: DeviceBufs<'a, R>,
    pub mat: Buf,
    pub state: Buf,
    pub pivots: Buf,
    pub rows32: u32,
    pub cols32: u32,
    pub stride32: u32,
}

impl<'a, R: Runtime> Start<'a, R> {
    /// `None` for a matrix without rows or columns (nothing to reduce).
    ///
    /// Errors: [`GpuError::Overflow`] if `m` has `2^32` limbs or more.
    pub fn upload(dev: &'a Device<R>, m: &fp::Matrix) -> Result<Option<Self>, GpuError> {
        let (rows, cols, stride) = (m.rows(), m.cols(), m.stride());
        if rows == 0 || cols == 0 {
            return Ok(None);
        }
        let total = narrow(rows as u64 * stride as u64, "matrix limbs")?;
        let bufs = dev.bufs();
        Ok(Some(Start {
            rows32: narrow(rows as u64, "matrix rows")?,
            stride32: narrow(stride as u64, "matrix stride")?,
            cols32: narrow(cols as u64, "matrix columns")?,
            mat: bufs.upload_u64(&m.data()[..total as usize])?,
            state: bufs.upload_u32(&[0, 0])?,
            pivots: bufs.upload_u32(&vec![0; rows.min(cols)])?,
            bufs,
        }))
    }
}

pub(crate) fn row_reduce<R: Runtime>(
    dev: &Device<R>,
    m: &mut fp::Matrix,
) -> Result<Vec<usize>, GpuError> {
    reduce(dev, m, |st| {
        let rows = st.rows32 as usize;
        let flags = st.bufs.empty(rows, 4)?;
        let row_grid = grid(rows as u64, CUBE)?;
        for col in 0..st.cols32 {
            let width = (st.stride32 - col / 64) as u64;
            // SAFETY: find touches rows < `rows` and limbs < `stride`, and writes
            // pivots[rank] only while rank < min(rows, cols); mark and eliminate
            // guard their unit index by rows (× width).
            unsafe {
                kernels::rr_find::launch_unchecked::<R>(
                    &dev.client,
                    CubeCount::Static(1, 1, 1),
                    CubeDim::new_1d(FIND_CUBE),
                    st.mat.arg(),
                    st.state.arg(),
                    st.pivots.arg(),
                    st.rows32,
                    st.stride32,
                    col,
                    FIND_CUBE as usize,
                );
                kernels::rr_mark::launch_unchecked::<R>(
                    &dev.client,
                    row_grid.clone(),
                    CubeDim::new_1d(CUBE),
                    st.mat.arg(),
                    st.state.arg(),
                    flags.arg(),
                    st.rows32,
                    st.stride32,
                    col,
                );
                kernels::rr_eliminate::launch_unchecked::<R>(
                    &dev.client,
                    grid(rows as u64 * width, CUBE)?,
                    CubeDim::new_1d(CUBE),
                    st.mat.arg(),
                    st.state.arg(),
                    flags.arg(),
                    st.rows32,
                    st.stride32,
                    col,
                );
            }
        }
        Ok(())
    })
}

/// Uploads `m` ([`Start::upload`]), runs `launch` (the method's kernels,
/// leaving the reduced matrix in `mat` and `state = [rank, last step's
/// pivots]`) and reads the result back into `m` ([`read_back`]).
pub(crate) fn reduce<R: Runtime>(
    dev: &Device<R>,
    m: &mut fp::Matrix,
    launch: impl FnOnce(&Start<'_, R>) -> Result<(), GpuError>,
) -> Result<Vec<usize>, GpuError> {
    let Some(st) = Start::upload(dev, m)? else {
        return Ok(Vec::new());
    };
    launch(&st)?;
    read_back(&st.bufs, &st.mat, &st.state, &st.pivots, m)
}

/// Reads back the reduced matrix into `m` and returns the pivots
/// `pivots[..rank]`, `rank = state[0] + state[1]` (both reductions end so).
///
/// Errors: [`GpuError::Device`] for a failed readback;
/// [`GpuError::Inconsistent`] if the rank exceeds `min(rows, cols)`.
pub(crate) fn read_back<R: Runtime>(
    bufs: &DeviceBufs<'_, R>,
    mat: &Buf,
    state: &Buf,
    pivots: &Buf,
    m: &mut fp::Matrix,
) -> Result<Vec<usize>, GpuError> {
    let data = bufs.read(mat, "reading back the reduced matrix")?;
    let st: Vec<u32> = words(&bufs.read(state, "reading back the rank")?);
    let piv: Vec<u32> = words(&bufs.read(pivots, "reading back the pivots")?);
    let rank = (st[0] + st[1]) as usize;
    if rank > piv.len() {
        return Err(GpuError::Inconsistent {
            what: "row_reduce",
            quantity: "rank",
            value: rank as u64,
            bound: piv.len() as u64,
        });
    }
    for (dst, src) in m.data_mut().iter_mut().zip(limbs(&data)) {
        *dst = src;
    }
    Ok(piv[..rank].iter().map(|&p| p as usize).collect())
}
