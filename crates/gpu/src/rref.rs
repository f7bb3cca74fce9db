//! F_2 row reduction on the device by stream-ordered kernels (no grid
//! barriers): Gauss–Jordan elimination, one column at a time, with three
//! launches per column (find/swap/record, mark, eliminate; see
//! [`crate::kernels`]). Rank and pivots stay on the device; the matrix, rank
//! and pivots are read back once at the end. The reduced row echelon form is
//! unique, so the result equals `fp::Matrix::row_reduce`'s.

use cubecl::prelude::*;

use crate::buffers::{limbs, words};
use crate::engine::Device;
use crate::launch::{grid, narrow, CUBE};
use crate::{kernels, GpuError};

/// Units of the single-cube find/swap kernel.
const FIND_CUBE: u32 = 128;

pub(crate) fn row_reduce<R: Runtime>(
    dev: &Device<R>,
    m: &mut fp::Matrix,
) -> Result<Vec<usize>, GpuError> {
    let (rows, cols, stride) = (m.rows(), m.cols(), m.stride());
    if rows == 0 || cols == 0 {
        return Ok(Vec::new());
    }
    let total = rows as u64 * stride as u64;
    narrow(total, "matrix limbs")?;
    let rows32 = narrow(rows as u64, "matrix rows")?;
    let stride32 = narrow(stride as u64, "matrix stride")?;
    let cols32 = narrow(cols as u64, "matrix columns")?;
    let bufs = dev.bufs();
    let mat = bufs.upload_u64(&m.data()[..total as usize])?;
    let state = bufs.upload_u32(&[0, 0])?;
    let pivots = bufs.upload_u32(&vec![0; rows.min(cols)])?;
    let flags = bufs.empty(rows, 4)?;
    let row_grid = grid(rows as u64, CUBE)?;
    for col in 0..cols32 {
        let width = (stride32 - col / 64) as u64;
        // SAFETY: find touches rows < `rows` and limbs < `stride`, and writes
        // pivots[rank] only while rank < min(rows, cols); mark and eliminate
        // guard their unit index by rows (× width).
        unsafe {
            kernels::rr_find::launch_unchecked::<R>(
                &dev.client,
                CubeCount::Static(1, 1, 1),
                CubeDim::new_1d(FIND_CUBE),
                mat.arg(),
                state.arg(),
                pivots.arg(),
                rows32,
                stride32,
                col,
                FIND_CUBE as usize,
            );
            kernels::rr_mark::launch_unchecked::<R>(
                &dev.client,
                row_grid.clone(),
                CubeDim::new_1d(CUBE),
                mat.arg(),
                state.arg(),
                flags.arg(),
                rows32,
                stride32,
                col,
            );
            kernels::rr_eliminate::launch_unchecked::<R>(
                &dev.client,
                grid(rows as u64 * width, CUBE)?,
                CubeDim::new_1d(CUBE),
                mat.arg(),
                state.arg(),
                flags.arg(),
                rows32,
                stride32,
                col,
            );
        }
    }
    let data = bufs.read(&mat, "reading back the reduced matrix")?;
    let st: Vec<u32> = words(&bufs.read(&state, "reading back the rank")?);
    let piv: Vec<u32> = words(&bufs.read(&pivots, "reading back the pivots")?);
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
