//! Gauss–Jordan reduction of an [`FqMatrix`] to reduced row echelon form.

use super::grease::{block_size, find_block, Block, Table};
use super::limb::LimbField;
use super::{FqMatrix, FqVector};
use crate::m4ri::Simd;
use crate::Prime;

impl<P: Prime> FqMatrix<P> {
    /// In-place reduced row echelon form: nonzero rows first, each with leading
    /// entry 1 in its pivot column, zero above and below; returns the pivot column
    /// of each nonzero row (ascending). Same convention as
    /// [`crate::Matrix::row_reduce`].
    ///
    /// Algorithm: Gauss–Jordan, column by column. For each pivot the multiples
    /// `c·row` (c in `1..p`) are made once from the pivot's limb on, and each other
    /// row with entry `e` in the pivot column gets `(p − e)·row` added limb-wise from
    /// that limb on. Cost O(rank · rows · cols / entries_per_limb) limb operations.
    ///
    /// The reduction is compiled for AVX-512F, AVX2 and the baseline and picked at
    /// run time, as in [`crate::Matrix::row_reduce`]'s M4RI path, so that the limb
    /// loops are vectorised.
    pub fn row_reduce(&mut self) -> Vec<usize> {
        let k = block_size(self.prime().value(), self.rows());
        match Simd::detect() {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `detect` saw AVX-512F on this CPU, all the wrapper assumes.
            Simd::Avx512 => unsafe { gauss_jordan_avx512(self, k) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `detect` saw AVX2 on this CPU, all the wrapper assumes.
            Simd::Avx2 => unsafe { gauss_jordan_avx2(self, k) },
            _ => gauss_jordan(self, k),
        }
    }
}

/// [`gauss_jordan`] compiled with AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn gauss_jordan_avx2<P: Prime>(m: &mut FqMatrix<P>, k: usize) -> Vec<usize> {
    gauss_jordan(m, k)
}

/// [`gauss_jordan`] compiled with AVX-512F.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn gauss_jordan_avx512<P: Prime>(m: &mut FqMatrix<P>, k: usize) -> Vec<usize> {
    gauss_jordan(m, k)
}

/// The body of [`FqMatrix::row_reduce`], with pivots taken `k` at a time (the
/// Method of Four Russians, [`super::grease`]) when `k > 1`, else one at a time
/// (every helper `#[inline(always)]`, so that the wrappers compile the whole loop
/// for their instruction set).
#[inline(always)]
fn gauss_jordan<P: Prime>(m: &mut FqMatrix<P>, k: usize) -> Vec<usize> {
    let prime = m.prime();
    let f = LimbField::new(prime);
    let cols = m.cols();
    let rows = m.rows_mut();
    let mut pivots = Vec::new();
    if k > 1 {
        let mut table = Table::default();
        let mut c = 0;
        while c < cols && pivots.len() < rows.len() {
            let start = pivots.len();
            c = find_block(&f, rows, &mut pivots, c, cols, k);
            let block = Block {
                start,
                cols: &pivots[start..],
            };
            let Some(&first) = block.cols.first() else {
                break;
            };
            let from = first / f.epl;
            table.build(&f, rows, &block, from);
            let (before, rest) = rows.split_at_mut(start);
            for row in before.iter_mut().chain(&mut rest[block.cols.len()..]) {
                table.eliminate(&f, row, &block, from);
            }
        }
        return pivots;
    }
    one_pivot_at_a_time(prime, &f, rows, cols, true)
}

/// Pivots one at a time in the columns `0..stop`: each pivot row scaled to a leading
/// 1 and its column cleared in every other row (`reduced`: Gauss–Jordan) or only in
/// the rows below it (row echelon form). The pivot columns are the same either way.
#[inline(always)]
fn one_pivot_at_a_time<P: Prime>(
    prime: P,
    f: &LimbField,
    rows: &mut [FqVector<P>],
    stop: usize,
    reduced: bool,
) -> Vec<usize> {
    let mut pivots = Vec::new();
    let mut multiples: Vec<Vec<u64>> = Vec::new();
    // All p multiples of each pivot row pay when most of them are used.
    let tabulate = f.p == 2 || f.p as usize <= rows.len();
    for c in 0..stop {
        let rank = pivots.len();
        if rank == rows.len() {
            break;
        }
        let limb = c / f.epl;
        let Some(found) = (rank..rows.len()).find(|&i| f.get(rows[i].limbs(), c) != 0) else {
            continue;
        };
        rows.swap(rank, found);
        let lead = f.get(rows[rank].limbs(), c);
        if lead != 1 {
            rows[rank].scale(prime.inverse(lead));
        }
        let count = if tabulate { f.p as usize } else { 2 };
        pivot_multiples(f, &rows[rank].limbs()[limb..], count, &mut multiples);
        let first = if reduced { 0 } else { rank + 1 };
        for (i, row) in rows.iter_mut().enumerate().skip(first) {
            if i != rank {
                eliminate(f, row, c, limb, &multiples);
            }
        }
        pivots.push(c);
    }
    pivots
}

/// Row echelon form in the columns `0..stop` (pivots one at a time, cleared below
/// only): the body of [`FqMatrix::echelon_until`].
#[inline(always)]
fn echelon<P: Prime>(m: &mut FqMatrix<P>, stop: usize) -> Vec<usize> {
    let prime = m.prime();
    let f = LimbField::new(prime);
    one_pivot_at_a_time(prime, &f, m.rows_mut(), stop, false)
}

/// [`echelon`] compiled with AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn echelon_avx2<P: Prime>(m: &mut FqMatrix<P>, stop: usize) -> Vec<usize> {
    echelon(m, stop)
}

/// [`echelon`] compiled with AVX-512F.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn echelon_avx512<P: Prime>(m: &mut FqMatrix<P>, stop: usize) -> Vec<usize> {
    echelon(m, stop)
}

impl<P: Prime> FqMatrix<P> {
    /// In-place row echelon form with pivots only in the columns `0..stop`: each pivot
    /// row has leading entry 1 and zeros below it in its pivot column (entries above are
    /// left as they are); the rows past the returned pivots are zero in `0..stop`.
    /// Returns the pivot columns (ascending), the same as [`FqMatrix::row_reduce`]'s
    /// in `0..stop`. About half the work of the full reduction.
    pub(crate) fn echelon_until(&mut self, stop: usize) -> Vec<usize> {
        let stop = stop.min(self.cols());
        match Simd::detect() {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `detect` saw AVX-512F on this CPU, all the wrapper assumes.
            Simd::Avx512 => unsafe { echelon_avx512(self, stop) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `detect` saw AVX2 on this CPU, all the wrapper assumes.
            Simd::Avx2 => unsafe { echelon_avx2(self, stop) },
            _ => echelon(self, stop),
        }
    }
}

/// `multiples[c] = c·pivot` for `c` in `0..count`.
#[inline(always)]
fn pivot_multiples(f: &LimbField, pivot: &[u64], count: usize, multiples: &mut Vec<Vec<u64>>) {
    multiples.resize_with(count, Vec::new);
    multiples[0].clear();
    multiples[0].resize(pivot.len(), 0);
    for c in 1..count {
        let (done, rest) = multiples.split_at_mut(c);
        let prev = &done[c - 1];
        let cur = &mut rest[0];
        cur.clear();
        cur.extend(prev.iter().zip(pivot).map(|(&a, &b)| f.add(a, b)));
    }
}

/// Clear column `c` (in limb `limb`) of `row` with the pivot row's multiples
/// (`c·pivot` for `c` in `0..p`, or only `[0, pivot]`).
#[inline(always)]
fn eliminate<P: Prime>(
    f: &LimbField,
    row: &mut FqVector<P>,
    c: usize,
    limb: usize,
    multiples: &[Vec<u64>],
) {
    let e = f.get(row.limbs(), c);
    if e == 0 {
        return;
    }
    let dst = &mut row.limbs_mut()[limb..];
    match multiples.get((f.p - e) as usize) {
        Some(m) if multiples.len() > 2 || f.p == 2 => f.add_mul_limbs(dst, m, 1),
        _ => f.add_mul_limbs(dst, &multiples[1], f.p - e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ValidPrime;

    /// Every instruction set this CPU has and every block size (pivots at a time)
    /// give the same RREF (the property tests check the dispatched one against a
    /// naive elimination).
    #[test]
    fn instruction_sets_and_block_sizes_agree() {
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        for p in [2, 3, 5, 7, 11] {
            let p = ValidPrime::new(p).unwrap();
            let rows = (0..40)
                .map(|_| {
                    let entries: Vec<u32> = (0..100)
                        .map(|_| {
                            x ^= x << 13;
                            x ^= x >> 7;
                            x ^= x << 17;
                            (x % 4 * u64::from(p.value()) / 4) as u32
                        })
                        .collect();
                    FqVector::from_entries(p, &entries)
                })
                .collect();
            let m = FqMatrix::from_rows(p, 100, rows);
            let mut want = m.clone();
            let want_pivots = gauss_jordan(&mut want, 1);
            for simd in Simd::available() {
                for k in 1..=5 {
                    let mut got = m.clone();
                    let pivots = match simd {
                        #[cfg(target_arch = "x86_64")]
                        // SAFETY: `available` lists only what this CPU has.
                        Simd::Avx512 => unsafe { gauss_jordan_avx512(&mut got, k) },
                        #[cfg(target_arch = "x86_64")]
                        // SAFETY: as above.
                        Simd::Avx2 => unsafe { gauss_jordan_avx2(&mut got, k) },
                        _ => gauss_jordan(&mut got, k),
                    };
                    let what = format!("{simd:?}, k = {k} at p = {p}");
                    assert_eq!((pivots, &got), (want_pivots.clone(), &want), "{what}");
                }
            }
        }
    }
}
