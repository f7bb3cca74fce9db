//! Reduced row echelon form over F_2 by the Method of Four Russians ("M4RI").
//!
//! Sources: V. L. Arlazarov, E. A. Dinic, M. A. Kronrod, I. A. Faradžev, "On
//! economical construction of the transitive closure of an oriented graph",
//! Soviet Math. Dokl. 11 (1970) — the table-of-all-combinations idea; G. V. Bard,
//! *Algebraic Cryptanalysis* (Springer 2009), ch. 9 — M4RI for echelon forms;
//! M. R. Albrecht, G. V. Bard, W. Hart, "Algorithm 898: Efficient multiplication
//! of dense matrices over GF(2)", ACM TOMS 37(1), 2010 — Gray-code table
//! construction, several tables applied in one sweep, cache blocking.
//! This is an independent implementation of those ideas.
//!
//! # The algorithm
//!
//! Columns are processed one 64-bit limb at a time (a *pass*). In a pass at limb
//! `l`, with `r` pivots found so far (rows `r..` are zero left of the pass):
//!
//! 1. **Pivot search on windows.** Each row `i ≥ r` contributes its limb `l`
//!    (its *window*). Gaussian elimination on these `u64` windows alone (no row
//!    data is touched except to swap the chosen pivot rows up to `r, r+1, …`)
//!    finds the pivot columns of the pass.
//! 2. **Groups and tables.** The 64 window bits are cut into groups of `k`
//!    consecutive bits. Group by group (in column order), the group's pivot rows
//!    are Gauss–Jordan reduced among themselves, then a table of all `2^p`
//!    sums of its `p` pivot rows is built, each entry from an earlier one by one
//!    row XOR (Gray-code order), and applied to the pivot rows of later groups,
//!    so that those are zero in this group's pivot columns.
//! 3. **One sweep.** Every other row (above and below the pivot rows; and each
//!    pivot row for the groups after its own) reads its window once; the table
//!    index of each group is read from the window as updated by the previous
//!    groups' entries (only the entries' first limbs are needed for that), and
//!    then all chosen entries are XORed into the row in one pass over its limbs.
//!    The sweep can be cut into column blocks (all rows' first block of limbs,
//!    then the next, …) so that only one block of every table need stay in
//!    cache; on the machines measured so far whole rows were faster, so that is
//!    the default ([`Params::block`]).
//!
//! Table entries are laid out on 64-byte lines with an odd number of lines
//! between consecutive entries, so that equal columns of different entries do
//! not crowd into a few cache sets.
//!
//! The result is the unique RREF, identical to plain Gauss–Jordan elimination.
//!
//! # Augmented matrices
//!
//! [`echelonize_augmented`] reduces `[M | I_m]` (for [`crate::kernel_image`])
//! while keeping the identity part narrow: during the passes over `M`'s columns
//! the identity part is held in *pivot order* — its column `j` stands for the
//! source row that is now row `j` — so that row `i`'s identity part is supported
//! in columns `< r` (pivots found so far) plus its own column `i`. Row XORs then
//! stop at column `n + r + (pivots of this pass)` instead of `n + m`. A row swap
//! exchanges two of those columns, which only the two swapped rows use. After
//! the last column of `M` the identity part is permuted back and the passes go
//! on over it (the kernel part).
//!
//! # SIMD
//!
//! The reduction is one generic function inlined into wrappers compiled with
//! `#[target_feature(enable = "avx2")]` / `"avx512f"`, chosen at run time with
//! `is_x86_feature_detected!`; the XOR loops are then vectorised to 256- or
//! 512-bit registers. Without those features (or off x86-64) the same code is
//! compiled for the baseline target.

mod pass;
mod xor;

use crate::LIMB_BITS;

/// The instruction set the XOR loops are compiled for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Simd {
    /// The compilation target's baseline (SSE2 on x86-64).
    Portable,
    /// AVX2 (256-bit integer vectors).
    Avx2,
    /// AVX-512 Foundation (512-bit integer vectors).
    Avx512,
}

impl Simd {
    /// The best level this CPU supports.
    pub(crate) fn detect() -> Simd {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx512f") {
                return Simd::Avx512;
            }
            if std::arch::is_x86_feature_detected!("avx2") {
                return Simd::Avx2;
            }
        }
        Simd::Portable
    }

    /// Every level this CPU supports (for tests comparing them).
    #[cfg(test)]
    pub(crate) fn available() -> Vec<Simd> {
        let mut out = vec![Simd::Portable];
        if matches!(Simd::detect(), Simd::Avx2 | Simd::Avx512) {
            out.push(Simd::Avx2);
        }
        if Simd::detect() == Simd::Avx512 {
            out.push(Simd::Avx512);
        }
        out
    }
}

/// Tuning of the reduction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Params {
    /// Bits per table (`1..=8`): tables have up to `2^k` entries, a pass uses
    /// `ceil(64 / k)` of them.
    pub k: usize,
    /// Column block of the sweep, in limbs (`>= 1`): the sweep updates every
    /// row's limbs `0..block` of the pass, then `block..2 * block`, and so on,
    /// so that only that block of every table need stay in cache.
    pub block: usize,
    /// Instruction set of the XOR loops.
    pub simd: Simd,
}

impl Params {
    /// The parameters for a matrix of `rows` rows and `stride` limbs per row.
    /// `k` grows with the rows a pass sweeps (tables of `2^k` entries pay off
    /// when many rows use them): 5 below 512 rows, 6 below 4096, 7 below 8192,
    /// then 8 — the best values measured on the project's 2-core machine
    /// (docs/EXPERIMENTS.md). No column blocking (blocking measured slower).
    pub(crate) fn for_shape(rows: usize, stride: usize) -> Params {
        let k = match rows {
            0..512 => 5,
            512..4096 => 6,
            4096..8192 => 7,
            _ => 8,
        };
        Params::with_k(k, stride, Simd::detect())
    }

    /// Parameters with the given `k` and SIMD level, sweeping whole rows.
    pub(crate) fn with_k(k: usize, stride: usize, simd: Simd) -> Params {
        assert!((1..=8).contains(&k), "M4RI table bits k = {k} not in 1..=8");
        Params {
            k,
            block: stride.max(1),
            simd,
        }
    }
}

/// Reduce the `rows × cols` matrix held in `data` (`stride` limbs per row, bits
/// past `cols` zero) to RREF in place; returns the pivot columns, ascending.
/// Same contract as [`crate::Matrix::row_reduce`].
pub(crate) fn echelonize(
    data: &mut [u64],
    rows: usize,
    cols: usize,
    stride: usize,
    params: Params,
) -> Vec<usize> {
    let job = Job {
        data,
        rows,
        cols,
        stride,
        augmented_at: None,
        params,
    };
    dispatch(job)
}

/// Reduce `[M | I_m]` to RREF in place, where `data` holds `rows = m` rows of
/// `stride = limbs_for(n + m)` limbs whose first `n` columns are `M` and whose
/// last `m` columns are the identity (row `i` has a one in column `n + i`);
/// returns the pivot columns. The result is exactly that of
/// [`crate::Matrix::row_reduce`] on the same matrix.
pub(crate) fn echelonize_augmented(
    data: &mut [u64],
    rows: usize,
    n: usize,
    stride: usize,
    params: Params,
) -> Vec<usize> {
    let job = Job {
        data,
        rows,
        cols: n + rows,
        stride,
        augmented_at: Some(n),
        params,
    };
    dispatch(job)
}

struct Job<'a> {
    data: &'a mut [u64],
    rows: usize,
    cols: usize,
    stride: usize,
    /// `Some(n)`: the matrix is `[M | I]` with `M` of `n` columns (see
    /// [`echelonize_augmented`]).
    augmented_at: Option<usize>,
    params: Params,
}

fn dispatch(job: Job<'_>) -> Vec<usize> {
    assert_eq!(job.stride, crate::limbs_for(job.cols));
    assert_eq!(job.data.len(), job.rows * job.stride);
    match job.params.simd {
        #[cfg(target_arch = "x86_64")]
        Simd::Avx512 => {
            assert!(
                std::arch::is_x86_feature_detected!("avx512f"),
                "M4RI: AVX-512 requested on a CPU without it"
            );
            // SAFETY: the CPU supports AVX-512F (checked just above), which is
            // all `run_avx512` is compiled to assume.
            unsafe { run_avx512(job) }
        }
        #[cfg(target_arch = "x86_64")]
        Simd::Avx2 => {
            assert!(
                std::arch::is_x86_feature_detected!("avx2"),
                "M4RI: AVX2 requested on a CPU without it"
            );
            // SAFETY: the CPU supports AVX2 (checked just above), which is all
            // `run_avx2` is compiled to assume.
            unsafe { run_avx2(job) }
        }
        _ => run(job),
    }
}

/// [`run`] compiled with AVX2 (every helper is `#[inline(always)]`, so the
/// whole reduction, XOR loops included, is generated for AVX2).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn run_avx2(job: Job<'_>) -> Vec<usize> {
    run(job)
}

/// [`run`] compiled with AVX-512F.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn run_avx512(job: Job<'_>) -> Vec<usize> {
    run(job)
}

/// The reduction, generic over the instruction set it is compiled for (its phases
/// are in [`pass`], all inlined here).
#[inline(always)]
fn run(job: Job<'_>) -> Vec<usize> {
    let Job {
        data,
        rows,
        cols,
        stride,
        augmented_at,
        params,
    } = job;
    let mut reducer = pass::Reducer::new(data, rows, stride, params);
    match augmented_at {
        None => reducer.reduce(),
        Some(n) => reducer.reduce_augmented(n),
    }
    let pivots = reducer.pivots;
    debug_assert!(pivots.iter().all(|&p| p < cols));
    pivots
}

#[inline(always)]
fn flip_bit(data: &mut [u64], stride: usize, row: usize, col: usize) {
    data[row * stride + col / LIMB_BITS] ^= 1 << (col % LIMB_BITS);
}

/// Put the identity part back in source-row order: in every row, bit `n + j`
/// moves to `n + perm[j]` (a column permutation of the `m × m` identity part).
///
/// Done 64 rows at a time: the strip's `64 × m` block is transposed by 64×64
/// bit blocks into one word per column, the column words are permuted, and the
/// result is transposed back. Cost O(m² / 64 · log 64) word operations and
/// O(m) words of scratch (a bit-by-bit scatter measured slower: docs/EXPERIMENTS.md).
#[inline(always)]
fn unpermute(data: &mut [u64], rows: usize, stride: usize, n: usize, perm: &[usize]) {
    if perm.iter().enumerate().all(|(j, &p)| j == p) {
        return;
    }
    let m = rows;
    let mw = crate::limbs_for(m);
    let mut strip = vec![0u64; LIMB_BITS * mw]; // 64 rows × mw limbs
    let mut cols = vec![0u64; LIMB_BITS * mw]; // one word per column, permuted
    let mut blk = [0u64; 64];
    for i0 in (0..m).step_by(LIMB_BITS) {
        let h = LIMB_BITS.min(m - i0);
        for t in 0..h {
            let row = &data[(i0 + t) * stride..(i0 + t + 1) * stride];
            read_bits(row, n, &mut strip[t * mw..(t + 1) * mw]);
        }
        strip[h * mw..].fill(0);
        for bj in 0..mw {
            for (t, w) in blk.iter_mut().enumerate() {
                *w = strip[t * mw + bj];
            }
            transpose64(&mut blk);
            for (c, &w) in blk.iter().enumerate() {
                let j = bj * LIMB_BITS + c;
                if j < m {
                    cols[perm[j]] = w;
                }
            }
        }
        for bj in 0..mw {
            blk.copy_from_slice(&cols[bj * LIMB_BITS..(bj + 1) * LIMB_BITS]);
            transpose64(&mut blk);
            for (t, &w) in blk.iter().enumerate().take(h) {
                strip[t * mw + bj] = w;
            }
        }
        for t in 0..h {
            let row = &mut data[(i0 + t) * stride..(i0 + t + 1) * stride];
            write_bits(row, n, &strip[t * mw..(t + 1) * mw]);
        }
    }
}

/// `out` = bits `start..start + 64 * out.len()` of `row` (zero past its end).
#[inline(always)]
fn read_bits(row: &[u64], start: usize, out: &mut [u64]) {
    let (first, sh) = (start / LIMB_BITS, start % LIMB_BITS);
    for (t, w) in out.iter_mut().enumerate() {
        let lo = row.get(first + t).copied().unwrap_or(0);
        let hi = if sh == 0 {
            0
        } else {
            row.get(first + t + 1).copied().unwrap_or(0)
        };
        *w = if sh == 0 {
            lo
        } else {
            (lo >> sh) | (hi << (LIMB_BITS - sh))
        };
    }
}

/// Bits `start..` of `row` (up to its end) = the bits of `src`, in order;
/// bits of `src` past the row's end must be zero.
#[inline(always)]
fn write_bits(row: &mut [u64], start: usize, src: &[u64]) {
    let (first, sh) = (start / LIMB_BITS, start % LIMB_BITS);
    if sh == 0 {
        let n = row.len() - first;
        row[first..].copy_from_slice(&src[..n]);
        return;
    }
    row[first] &= (1u64 << sh) - 1;
    row[first + 1..].fill(0);
    for (t, &w) in src.iter().enumerate() {
        row[first + t] |= w << sh;
        if let Some(next) = row.get_mut(first + t + 1) {
            *next |= w >> (LIMB_BITS - sh);
        }
    }
}

/// Transpose the 64×64 bit matrix `a` in place: bit `j` of `a[i]` and bit `i`
/// of `a[j]` trade places. Recursive block swaps (H. S. Warren, *Hacker's
/// Delight*, 2nd ed., §7-3), here for least-significant-bit-first columns.
#[inline(always)]
fn transpose64(a: &mut [u64; 64]) {
    let mut j = 32;
    let mut mask: u64 = 0x0000_0000_FFFF_FFFF;
    while j != 0 {
        let mut k = 0;
        while k < 64 {
            let t = ((a[k] >> j) ^ a[k + j]) & mask;
            a[k] ^= t << j;
            a[k + j] ^= t;
            k = (k + j + 1) & !j;
        }
        j >>= 1;
        mask ^= mask << j;
    }
}

#[cfg(test)]
mod tests;
