//! Gauss–Jordan reduction of an [`FqMatrix`] to reduced row echelon form.

use super::limb::Field;
use super::{FqMatrix, FqVector};
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
    pub fn row_reduce(&mut self) -> Vec<usize> {
        let prime = self.prime();
        let f = Field::new(prime);
        let cols = self.cols();
        let rows = self.rows_mut();
        let mut pivots = Vec::new();
        let mut multiples: Vec<Vec<u64>> = Vec::new();
        for c in 0..cols {
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
            pivot_multiples(&f, &rows[rank].limbs()[limb..], &mut multiples);
            for (i, row) in rows.iter_mut().enumerate() {
                if i != rank {
                    eliminate(&f, row, c, limb, &multiples);
                }
            }
            pivots.push(c);
        }
        pivots
    }
}

/// `multiples[c] = c·pivot` for `c` in `0..p` (at p = 2 only `[0, pivot]`).
fn pivot_multiples(f: &Field, pivot: &[u64], multiples: &mut Vec<Vec<u64>>) {
    let count = if f.p == 2 { 2 } else { f.p as usize };
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

/// Clear column `c` (in limb `limb`) of `row` with the pivot row's multiples.
#[inline]
fn eliminate<P: Prime>(
    f: &Field,
    row: &mut FqVector<P>,
    c: usize,
    limb: usize,
    multiples: &[Vec<u64>],
) {
    let e = f.get(row.limbs(), c);
    if e == 0 {
        return;
    }
    // At p = 2, e = 1 and p − e = 1 too.
    f.add_mul_limbs(
        &mut row.limbs_mut()[limb..],
        &multiples[(f.p - e) as usize],
        1,
    );
}
