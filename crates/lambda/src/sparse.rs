//! The rank of a sparse matrix over F_2 by elimination on leading entries.

use std::collections::HashMap;

/// Rows over F_2 added one at a time, each reduced against the pivots so far (a row is
/// the sorted list of its nonzero columns; its pivot its last column); the rank is the
/// number of rows left nonzero. Gaussian elimination, the order of the rows kept: the
/// matrices of `d` in `Λ` have a few terms per row and stay sparse.
#[derive(Default)]
pub struct SparseRank {
    pivots: HashMap<u32, Vec<u32>>,
}

/// The sum over F_2 of two sorted lists of distinct elements (columns, monomials).
pub(crate) fn xor_sorted<T: Ord + Copy>(a: &[T], b: &[T]) -> Vec<T> {
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::with_capacity(a.len() + b.len());
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => {
                out.push(a[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                out.push(b[j]);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}

impl SparseRank {
    /// Adds a row (its nonzero columns, sorted and distinct).
    pub fn add(&mut self, mut row: Vec<u32>) {
        while let Some(&lead) = row.last() {
            match self.pivots.get(&lead) {
                Some(pivot) => row = xor_sorted(&row, pivot),
                None => {
                    self.pivots.insert(lead, row);
                    return;
                }
            }
        }
    }

    /// The rank of the rows added.
    pub fn rank(&self) -> usize {
        self.pivots.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against the `fp` crate's dense row reduction on pseudo-random sparse matrices.
    #[test]
    fn rank_agrees_with_dense_reduction() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for trial in 0..200 {
            let (rows, cols) = (1 + trial % 37, 1 + (trial * 7) % 41);
            let mut dense = fp::Matrix::new(0, cols);
            let mut sparse = SparseRank::default();
            for _ in 0..rows {
                let mut ones: Vec<u32> = (0..3).map(|_| (next() % cols as u64) as u32).collect();
                ones.sort_unstable();
                ones.dedup();
                let idx: Vec<usize> = ones.iter().map(|&c| c as usize).collect();
                dense.append_row(&fp::FpVector::from_ones(cols, &idx));
                sparse.add(ones);
            }
            assert_eq!(sparse.rank(), dense.row_reduce().len(), "trial {trial}");
        }
    }
}
