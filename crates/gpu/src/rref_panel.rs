//! F_2 row reduction on the device by panels of 64 columns (M4RI-style; the
//! kernels and the method's sources are in [`crate::panel_kernels`]): per
//! limb `l`, three stream-ordered launches — find the panel's pivots and
//! reduce the pivot rows among themselves (one cube), Gray-code tables of
//! all sums of up to 8 pivot rows with every other row's table indices, and
//! one launch that eliminates the panel from every other row. Rank and
//! pivots stay on the device; the matrix, rank and pivots are read back once.
//! The reduced row echelon form is unique, so the result equals
//! `fp::Matrix::row_reduce`'s.
//!
//! Device memory besides the matrix: `rows` limbs of windows and `rows`
//! limbs of table indices, `8 · 256 · stride` limbs of tables.

use cubecl::prelude::*;

use crate::engine::Device;
use crate::launch::{grid, narrow, CUBE};
use crate::panel_kernels::{self as pk, ENTRIES, GROUPS};
use crate::rref::reduce;
use crate::GpuError;

/// Units of the single-cube pivot kernel (at least 64: one per pivot row).
const PIVOT_CUBE: u32 = 256;

/// Launches of [`row_reduce`] for a matrix of `cols` columns: 3 per panel.
pub(crate) fn launches(cols: usize) -> usize {
    3 * cols.div_ceil(64)
}

pub(crate) fn row_reduce<R: Runtime>(
    dev: &Device<R>,
    m: &mut fp::Matrix,
) -> Result<Vec<usize>, GpuError> {
    reduce(dev, m, |st| {
        let (rows, stride) = (st.rows32 as usize, st.stride32 as usize);
        let table_len = (GROUPS * ENTRIES) as u64 * stride as u64;
        narrow(table_len, "panel table limbs")?;
        let win = st.bufs.empty(rows, 8)?;
        let idx = st.bufs.empty(rows, 8)?;
        let tab = st.bufs.empty(table_len as usize, 8)?;
        for l in 0..st.stride32 {
            let width = (st.stride32 - l) as u64;
            // SAFETY: every kernel guards its unit index (rows, rows + 8 · width,
            // rows × width); row and limb indices stay below rows and stride;
            // pivots[rank + j] is written only for rank + j < min(rows, cols)
            // (one pivot per row and per column); table entries stay below
            // 8 · 256 · width ≤ the table's length.
            unsafe {
                pk::panel_pivots::launch_unchecked::<R>(
                    &dev.client,
                    CubeCount::Static(1, 1, 1),
                    CubeDim::new_1d(PIVOT_CUBE),
                    st.mat.arg(),
                    win.arg(),
                    st.state.arg(),
                    st.pivots.arg(),
                    st.rows32,
                    st.cols32,
                    st.stride32,
                    l,
                    PIVOT_CUBE as usize,
                );
                pk::panel_tables::launch_unchecked::<R>(
                    &dev.client,
                    grid(rows as u64 + GROUPS as u64 * width, CUBE)?,
                    CubeDim::new_1d(CUBE),
                    st.mat.arg(),
                    st.state.arg(),
                    st.pivots.arg(),
                    idx.arg(),
                    tab.arg(),
                    st.rows32,
                    st.stride32,
                    l,
                );
                pk::panel_eliminate::launch_unchecked::<R>(
                    &dev.client,
                    grid(rows as u64 * width, CUBE)?,
                    CubeDim::new_1d(CUBE),
                    st.mat.arg(),
                    st.state.arg(),
                    idx.arg(),
                    tab.arg(),
                    st.rows32,
                    st.stride32,
                    l,
                );
            }
        }
        Ok(())
    })
}
