//! The kernels of the panel row reduction ([`crate::rref_panel`]): three
//! launches per panel of 64 columns (one limb `l`).
//!
//! Matrix layout as in [`crate::kernels`]: `rows × stride` little-endian
//! `u64` limbs, bit `j` of a row in limb `j / 64`, bit `j % 64`.
//! `state = [rank, found]`: pivots before this panel, pivots of the panel
//! before it (folded into `rank` by [`panel_pivots`]); after `panel_pivots`,
//! `state = [rank, p]` with `p` the panel's pivots, rows `rank..rank + p`.
//!
//! Method: M4RI (Arlazarov, Dinic, Kronrod, Faradžev 1970; Bard, *Algebraic
//! Cryptanalysis*, 2009, ch. 9; Albrecht, Bard, Hart, ACM TOMS 37(1), 2010),
//! with the panel's pivot rows brought to reduced form among themselves
//! first, so that the table index of every other row is read from its
//! window once (the pivot columns' bits of the window).

use cubecl::prelude::*;

/// Most table groups of one panel (64 columns, 8 bits each).
pub const GROUPS: u32 = 8;
/// Entries of one group's table (`2^8`).
pub const ENTRIES: u32 = 256;

/// A barrier of the cube that orders both its shared memory and the
/// storage buffers (units read limbs and windows other units wrote).
#[cube]
fn sync_all() {
    sync_storage();
    sync_cube();
}

/// Step 1 of panel `l` (one cube of `cube` units): folds `state`, finds the
/// panel's pivot rows by elimination on the windows (`win[r]` = limb `l` of
/// row `r`; scratch of `rows` limbs), swaps them up to rows `rank..rank + p`
/// (limbs `l..stride`), records `pivots[rank + j]`, and reduces the `p`
/// pivot rows among themselves (Gauss–Jordan on their pivot columns, limbs
/// `l..stride`), so that row `rank + j` has a one in pivot column `j` and
/// zeros in the panel's other pivot columns.
#[cube(launch_unchecked)]
#[allow(clippy::too_many_arguments)]
pub fn panel_pivots(
    mat: &mut Array<u64>,
    win: &mut Array<u64>,
    state: &mut Array<u32>,
    pivots: &mut Array<u32>,
    rows: u32,
    cols: u32,
    stride: u32,
    l: u32,
    #[comptime] cube: usize,
) {
    let mut best = SharedMemory::<u32>::new(cube);
    let mut hit = SharedMemory::<u32>::new(64usize);
    let tid = UNIT_POS;
    let s = usize::cast_from(stride);
    let lu = usize::cast_from(l);
    let rank = state[0] + state[1];
    sync_all();
    if tid == 0 {
        state[0] = rank;
        state[1] = 0;
    }
    let mut r = rank + tid;
    while r < rows {
        win[usize::cast_from(r)] = mat[usize::cast_from(r) * s + lu];
        r += CUBE_DIM;
    }
    sync_all();
    // Forward elimination on the windows.
    let mut found = 0u32;
    let mut b = 0u32;
    let last = u32::min(64u32, cols - l * 64);
    while b < last {
        let top = rank + found;
        let mask = 1u64 << u64::cast_from(b);
        let mut mine = rows;
        let mut i = top + tid;
        while i < rows {
            if (win[usize::cast_from(i)] & mask) != 0 {
                mine = i;
                break;
            }
            i += CUBE_DIM;
        }
        best[usize::cast_from(tid)] = mine;
        sync_all();
        let mut p = rows;
        for k in 0..CUBE_DIM {
            p = u32::min(p, best[usize::cast_from(k)]);
        }
        sync_all();
        if p < rows {
            if p != top {
                let mut li = l + tid;
                while li < stride {
                    let a = usize::cast_from(top) * s + usize::cast_from(li);
                    let c = usize::cast_from(p) * s + usize::cast_from(li);
                    let x = mat[a];
                    mat[a] = mat[c];
                    mat[c] = x;
                    li += CUBE_DIM;
                }
            }
            let wt = win[usize::cast_from(p)];
            let wp = win[usize::cast_from(top)];
            sync_all();
            if tid == 0 {
                win[usize::cast_from(p)] = wp;
                win[usize::cast_from(top)] = wt;
                pivots[usize::cast_from(top)] = l * 64 + b;
            }
            let mut k = top + 1 + tid;
            while k < rows {
                let w = win[usize::cast_from(k)];
                if k != p && (w & mask) != 0 {
                    win[usize::cast_from(k)] = w ^ wt;
                }
                k += CUBE_DIM;
            }
            found += 1;
        }
        sync_all();
        b += 1;
    }
    // Gauss–Jordan among the pivot rows, limbs l..stride.
    let width = stride - l;
    let mut j = 0u32;
    while j < found {
        let cj = u64::cast_from(pivots[usize::cast_from(rank + j)] - l * 64);
        if tid < found {
            let w = mat[usize::cast_from(rank + tid) * s + lu];
            hit[usize::cast_from(tid)] = u32::cast_from((w >> cj) & 1u64);
        }
        sync_all();
        let mut u = tid;
        while u < found * width {
            let i = u / width;
            if i != j && hit[usize::cast_from(i)] != 0 {
                let li = usize::cast_from(l + u % width);
                let dst = usize::cast_from(rank + i) * s + li;
                mat[dst] ^= mat[usize::cast_from(rank + j) * s + li];
            }
            u += CUBE_DIM;
        }
        sync_all();
        j += 1;
    }
    if tid == 0 {
        state[1] = found;
    }
}

/// Step 2 of panel `l`, two kinds of unit. Units `r < rows`: `idx[r]` = the
/// table indices of row `r`, byte `g` holding bits `8g..8g + 8` of its
/// window read at the panel's pivot columns (0 for the pivot rows). Units
/// `rows + u`, `u < GROUPS · width` (`width = stride − l`): limb `l + u %
/// width` of group `g = u / width`'s table, built in Gray-code order (entry
/// `gray(i)` = entry `gray(i − 1)` XOR one pivot row), in `tab` at
/// `(g · ENTRIES + m) · width + limb − l`.
#[cube(launch_unchecked)]
pub fn panel_tables(
    mat: &Array<u64>,
    state: &Array<u32>,
    pivots: &Array<u32>,
    idx: &mut Array<u64>,
    tab: &mut Array<u64>,
    rows: u32,
    stride: u32,
    l: u32,
) {
    let pos = ABSOLUTE_POS;
    let rank = state[0];
    let found = state[1];
    let width = stride - l;
    let s = usize::cast_from(stride);
    if pos < usize::cast_from(rows) {
        let r = u32::cast_from(pos);
        let mut x = 0u64;
        if r < rank || r >= rank + found {
            let w = mat[pos * s + usize::cast_from(l)];
            let mut j = 0u32;
            while j < found {
                let c = u64::cast_from(pivots[usize::cast_from(rank + j)] - l * 64);
                x |= ((w >> c) & 1u64) << u64::cast_from(j);
                j += 1;
            }
        }
        idx[pos] = x;
    } else if pos < usize::cast_from(rows + GROUPS * width) {
        let u = u32::cast_from(pos) - rows;
        let g = u / width;
        let li = u % width;
        if g * 8 < found {
            let q = u32::min(8u32, found - g * 8);
            let w = usize::cast_from(width);
            let base = usize::cast_from(g * ENTRIES) * w + usize::cast_from(li);
            let col = usize::cast_from(l + li);
            let first = rank + g * 8;
            let mut acc = 0u64;
            tab[base] = acc;
            let mut i = 1u32;
            while i < (1u32 << q) {
                let mut t = 0u32;
                let mut v = i;
                while (v & 1) == 0 {
                    v >>= 1;
                    t += 1;
                }
                acc ^= mat[usize::cast_from(first + t) * s + col];
                let gray = i ^ (i >> 1);
                tab[base + usize::cast_from(gray) * w] = acc;
                i += 1;
            }
        }
    }
}

/// Step 3 of panel `l`: one unit per (row, limb `l + i % width`), row
/// `i / width`: XORs into the limb the table entries its indices select
/// (rows with index 0, the pivot rows among them, are left alone).
#[cube(launch_unchecked)]
pub fn panel_eliminate(
    mat: &mut Array<u64>,
    state: &Array<u32>,
    idx: &Array<u64>,
    tab: &Array<u64>,
    rows: u32,
    stride: u32,
    l: u32,
) {
    let width = usize::cast_from(stride - l);
    let i = ABSOLUTE_POS;
    if i < usize::cast_from(rows) * width {
        let r = i / width;
        let x = idx[r];
        if x != 0 {
            let li = i % width;
            let groups = (state[1] + 7) >> 3;
            let mut acc = 0u64;
            #[unroll]
            for g in 0..GROUPS {
                if g < groups {
                    let m = usize::cast_from((x >> u64::cast_from(g * 8)) & 255u64);
                    acc ^= tab[(usize::cast_from(g * ENTRIES) + m) * width + li];
                }
            }
            mat[r * usize::cast_from(stride) + usize::cast_from(l) + li] ^= acc;
        }
    }
}
