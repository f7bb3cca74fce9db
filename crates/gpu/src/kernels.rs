//! The device kernels, written once with cubecl's `#[cube]` and compiled for
//! whichever [`cubecl::Runtime`] launches them.
//!
//! All indices are `u32`/`usize` (cubecl's default 32-bit address type); the
//! host checks every buffer length against `u32::MAX` before launching
//! (see `crate::launch`). Bit positions inside an output block are `u64`.

use cubecl::prelude::*;

/// The sign bit of both 16-bit lanes of a `u32`.
const H: u32 = 0x8000_8000;
/// The low 15 bits of both 16-bit lanes.
const LOW: u32 = 0x7fff_7fff;

/// `out[i] = 0` for every `i < out.len()`.
#[cube(launch_unchecked)]
pub fn zero_u64(out: &mut Array<u64>) {
    if ABSOLUTE_POS < out.len() {
        out[ABSOLUTE_POS] = 0u64;
    }
}

/// `dst[dst_offset + i] = src[i]` for every `i < src.len()`.
#[cube(launch_unchecked)]
pub fn copy_u32(src: &Array<u32>, dst: &mut Array<u32>, dst_offset: u32) {
    if ABSOLUTE_POS < src.len() {
        dst[usize::cast_from(dst_offset) + ABSOLUTE_POS] = src[ABSOLUTE_POS];
    }
}

/// `counts[k * stride + d] - counts[k * stride + d - x]`: the number of
/// sequences `(r_1..r_k)` of degree `d` whose `k`-th entry is below the one
/// that uses `x` of the degree (0 when `x = 0`).
#[cube]
fn rank_term(counts: &Array<u32>, row: u32, d: u32, x: u32) -> u32 {
    counts[usize::cast_from(row + d)] - counts[usize::cast_from(row + d - x)]
}

/// The batched Milnor product over one master segment (docs/design/system.md §1, the
/// Milnor basis and its product; §4, the GPU path).
///
/// Thread `t < n_tiles` reads tile `t = (job, m0, k0)` from `tiles` (3 `u32`
/// each) and job `job = (mat_first, nmat, term_start, nterms)` from `jobs`
/// (4 `u32` each): it tests matrices `m0..min(m0 + tile_m, nmat)` of the
/// job's `R` (at `mat_first + m` in `seg`, 8 `u32` each: four words of
/// column sums, then four of anti-diagonal masks, two 16-bit lanes per word,
/// lane `k` = column `k + 1`) against the terms `term_start + k` for
/// `k` in `k0..min(k0 + tile_t, nterms)`. Term `i` is `Sq(S)` with
/// `S = basis[4 terms[i] .. 4 terms[i] + 4]` (packed the same way) and is
/// written at block bit `term_bits[i]`. Each accepted matrix gives
/// `T_j = (s_j − c_j) | m_j`; bit `term_bits[i] + rank(T)` of `out` is flipped
/// with an atomic XOR, the rank computed from `counts` (`counts[k * stride + d]`
/// = number of `(r_1..r_k)` of degree `d`) as in `steenrod::MilnorAlgebra`.
///
/// The SWAR accept test is the one of `steenrod`'s `AdmissibleMatrices`:
/// `d = (s | H) − c` never borrows across lanes (entries ≤ 510 < 2^15), lane
/// sign bits of `d ^ H` are clear iff `c ≤ s`, and the matrix is accepted iff
/// `(d ^ H) & (H | m) = 0`.
///
/// The tile loops are unrolled at compile time (`tile_m`, `tile_t` comptime)
/// with a bounds guard per step: with runtime-bounded `for` loops here the
/// SPIR-V build on lavapipe dropped products (found by the tests).
///
/// Longer than 80 lines on purpose: the unrolled tile loops, the SWAR test
/// and the 7-step rank share a dozen per-tile values (four lanes of `S`,
/// four differences, four masks), which one body keeps in registers; split
/// into `#[cube]` helpers they would be inlined back anyway.
#[cube(launch_unchecked)]
#[allow(clippy::too_many_arguments)]
pub fn milnor_tiles(
    seg: &Array<u32>,
    basis: &Array<u32>,
    counts: &Array<u32>,
    jobs: &Array<u32>,
    tiles: &Array<u32>,
    terms: &Array<u32>,
    term_bits: &Array<u64>,
    out: &mut Array<Atomic<u64>>,
    n_tiles: u32,
    stride: u32,
    #[comptime] tile_m: u32,
    #[comptime] tile_t: u32,
) {
    let t = ABSOLUTE_POS;
    if t < usize::cast_from(n_tiles) {
        let job = usize::cast_from(tiles[3 * t]) * 4;
        let m0 = tiles[3 * t + 1];
        let k0 = tiles[3 * t + 2];
        let mat_first = jobs[job];
        let nmat = jobs[job + 1];
        let term_start = jobs[job + 2];
        let nterms = jobs[job + 3];
        #[unroll]
        for dk in 0..tile_t {
            let k = k0 + dk;
            if k < nterms {
                let ti = usize::cast_from(term_start + k);
                let si = usize::cast_from(terms[ti]) * 4;
                let s0 = basis[si] | H;
                let s1 = basis[si + 1] | H;
                let s2 = basis[si + 2] | H;
                let s3 = basis[si + 3] | H;
                let base = term_bits[ti];
                #[unroll]
                for dm in 0..tile_m {
                    let m = m0 + dm;
                    if m < nmat {
                        let mb = usize::cast_from(mat_first + m) * 8;
                        let d0 = s0 - seg[mb];
                        let d1 = s1 - seg[mb + 1];
                        let d2 = s2 - seg[mb + 2];
                        let d3 = s3 - seg[mb + 3];
                        let k0m = seg[mb + 4];
                        let k1m = seg[mb + 5];
                        let k2m = seg[mb + 6];
                        let k3m = seg[mb + 7];
                        let bad = ((d0 ^ H) & (k0m | H))
                            | ((d1 ^ H) & (k1m | H))
                            | ((d2 ^ H) & (k2m | H))
                            | ((d3 ^ H) & (k3m | H));
                        if bad == 0 {
                            let t0 = (d0 & LOW) | k0m;
                            let t1 = (d1 & LOW) | k1m;
                            let t2 = (d2 & LOW) | k2m;
                            let t3 = (d3 & LOW) | k3m;
                            // Lane k (weight 2^k − 1), k = 1..8.
                            let x1 = t0 & 0xffff;
                            let x2 = (t0 >> 16) * 3;
                            let x3 = (t1 & 0xffff) * 7;
                            let x4 = (t1 >> 16) * 15;
                            let x5 = (t2 & 0xffff) * 31;
                            let x6 = (t2 >> 16) * 63;
                            let x7 = (t3 & 0xffff) * 127;
                            let x8 = (t3 >> 16) * 255;
                            let mut d = x1 + x2 + x3 + x4 + x5 + x6 + x7 + x8;
                            let mut rank = rank_term(counts, 8 * stride, d, x8);
                            d -= x8;
                            rank += rank_term(counts, 7 * stride, d, x7);
                            d -= x7;
                            rank += rank_term(counts, 6 * stride, d, x6);
                            d -= x6;
                            rank += rank_term(counts, 5 * stride, d, x5);
                            d -= x5;
                            rank += rank_term(counts, 4 * stride, d, x4);
                            d -= x4;
                            rank += rank_term(counts, 3 * stride, d, x3);
                            d -= x3;
                            rank += rank_term(counts, 2 * stride, d, x2);
                            let bit = base + u64::cast_from(rank);
                            let limb = usize::cast_from(bit >> 6);
                            out[limb].fetch_xor(1u64 << (bit & 63));
                        }
                    }
                }
            }
        }
    }
}

/// Row reduction, step 1 of column `col` (one cube of `cube` units).
///
/// `state = [rank, found]`: first folds the previous column's `found` into
/// `rank`; then finds a row `p ≥ rank` with bit `col` set, swaps it into row
/// `rank`, records `pivots[rank] = col` and sets `found = 1` (else 0).
/// `mat` is `rows × stride` little-endian `u64` limbs, bit `j` of a row in
/// limb `j / 64`, bit `j % 64` (the layout of `fp::Matrix`).
#[cube(launch_unchecked)]
pub fn rr_find(
    mat: &mut Array<u64>,
    state: &mut Array<u32>,
    pivots: &mut Array<u32>,
    rows: u32,
    stride: u32,
    col: u32,
    #[comptime] cube: usize,
) {
    let mut best = SharedMemory::<u32>::new(cube);
    let tid = UNIT_POS;
    let rank = state[0] + state[1];
    sync_cube();
    if tid == 0 {
        state[0] = rank;
        state[1] = 0;
    }
    let limb = col / 64;
    let mask = 1u64 << u64::cast_from(col % 64);
    let mut mine = rows;
    let mut r = rank + tid;
    while r < rows {
        if (mat[usize::cast_from(r * stride + limb)] & mask) != 0 {
            mine = r;
            break;
        }
        r += CUBE_DIM;
    }
    best[usize::cast_from(tid)] = mine;
    sync_cube();
    let mut p = rows;
    for i in 0..CUBE_DIM {
        p = u32::min(p, best[usize::cast_from(i)]);
    }
    if p < rows {
        if p != rank {
            let mut l = tid;
            while l < stride {
                let a = usize::cast_from(rank * stride + l);
                let b = usize::cast_from(p * stride + l);
                let x = mat[a];
                mat[a] = mat[b];
                mat[b] = x;
                l += CUBE_DIM;
            }
        }
        if tid == 0 {
            pivots[usize::cast_from(rank)] = col;
            state[1] = 1;
        }
    }
}

/// Row reduction, step 2 of column `col`: `flags[r] = 1` iff a pivot was
/// found, `r ≠ rank` and row `r` has bit `col` set (one unit per row).
#[cube(launch_unchecked)]
pub fn rr_mark(
    mat: &Array<u64>,
    state: &Array<u32>,
    flags: &mut Array<u32>,
    rows: u32,
    stride: u32,
    col: u32,
) {
    let r = ABSOLUTE_POS;
    if r < usize::cast_from(rows) {
        let rank = usize::cast_from(state[0]);
        let mut f = 0u32;
        if state[1] != 0 && r != rank {
            let w = mat[r * usize::cast_from(stride) + usize::cast_from(col / 64)];
            f = u32::cast_from((w >> u64::cast_from(col % 64)) & 1u64);
        }
        flags[r] = f;
    }
}

/// Row reduction, step 3 of column `col`: XORs row `rank` into every flagged
/// row, limbs `col / 64 .. stride` (the pivot row is zero below `col`'s limb
/// in every column left of `col`). One unit per (row, limb): unit `i` is row
/// `i / width`, limb `col / 64 + i % width`, `width = stride − col / 64`.
#[cube(launch_unchecked)]
pub fn rr_eliminate(
    mat: &mut Array<u64>,
    state: &Array<u32>,
    flags: &Array<u32>,
    rows: u32,
    stride: u32,
    col: u32,
) {
    let first = col / 64;
    let width = usize::cast_from(stride - first);
    let i = ABSOLUTE_POS;
    if i < usize::cast_from(rows) * width {
        let r = i / width;
        if flags[r] != 0 {
            let l = usize::cast_from(first) + i % width;
            let s = usize::cast_from(stride);
            let p = usize::cast_from(state[0]);
            mat[r * s + l] ^= mat[p * s + l];
        }
    }
}
