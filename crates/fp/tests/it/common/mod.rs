//! Naive reference implementations over `Vec<Vec<bool>>`, independent of the
//! crate's bit-packed code, plus proptest strategies for matrices.
#![allow(dead_code)]

use fp::{FpVector, Matrix};
use proptest::bool::weighted;
use proptest::collection::vec;
use proptest::prelude::*;

/// A matrix as a list of rows of booleans (all rows have the same length).
pub type Bits = Vec<Vec<bool>>;

/// Textbook Gauss–Jordan elimination: returns (RREF with zero rows dropped,
/// pivot columns).
pub fn naive_rref(m: &Bits, cols: usize) -> (Bits, Vec<usize>) {
    let mut a: Bits = m.clone();
    let mut pivots = Vec::new();
    let mut r = 0;
    for c in 0..cols {
        let mut found = None;
        for (i, row) in a.iter().enumerate().skip(r) {
            if row[c] {
                found = Some(i);
                break;
            }
        }
        let Some(p) = found else { continue };
        a.swap(r, p);
        let pivot_row = a[r].clone();
        for (i, row) in a.iter_mut().enumerate() {
            if i != r && row[c] {
                for j in 0..cols {
                    row[j] ^= pivot_row[j];
                }
            }
        }
        pivots.push(c);
        r += 1;
    }
    a.truncate(r);
    (a, pivots)
}

pub fn naive_rank(m: &Bits, cols: usize) -> usize {
    naive_rref(m, cols).1.len()
}

/// v·M for a row vector v of length `m.len()`.
pub fn naive_apply(v: &[bool], m: &Bits, cols: usize) -> Vec<bool> {
    assert_eq!(v.len(), m.len());
    let mut out = vec![false; cols];
    for (i, &b) in v.iter().enumerate() {
        if b {
            for j in 0..cols {
                out[j] ^= m[i][j];
            }
        }
    }
    out
}

/// a·b where a is r×k and b is k×cols.
pub fn naive_mul(a: &Bits, b: &Bits, cols: usize) -> Bits {
    a.iter().map(|row| naive_apply(row, b, cols)).collect()
}

/// Whether v is in the row span of m.
pub fn naive_in_span(m: &Bits, cols: usize, v: &[bool]) -> bool {
    let mut ext = m.clone();
    ext.push(v.to_vec());
    naive_rank(&ext, cols) == naive_rank(m, cols)
}

pub fn to_matrix(m: &Bits, cols: usize) -> Matrix {
    let mut out = Matrix::new(m.len(), cols);
    for (i, row) in m.iter().enumerate() {
        for (j, &b) in row.iter().enumerate() {
            out.set(i, j, b);
        }
    }
    out
}

pub fn from_matrix(m: &Matrix) -> Bits {
    (0..m.rows())
        .map(|i| (0..m.cols()).map(|j| m.get(i, j)).collect())
        .collect()
}

pub fn to_vec(v: &FpVector) -> Vec<bool> {
    (0..v.len()).map(|j| v.get(j)).collect()
}

/// Row counts: edge cases and random.
pub fn row_dim() -> impl Strategy<Value = usize> {
    prop_oneof![Just(0usize), Just(1), 0usize..8, 0usize..40, 60usize..70]
}

/// Column counts: edge cases around limb boundaries and random.
pub fn col_dim() -> impl Strategy<Value = usize> {
    prop_oneof![
        Just(0usize),
        Just(1),
        Just(63),
        Just(64),
        Just(65),
        Just(130),
        0usize..10,
        0usize..140
    ]
}

/// Matrices of the given shape: dense, sparse, low rank (a product through
/// a thin inner dimension), or zero.
pub fn matrix_of(rows: usize, cols: usize) -> impl Strategy<Value = Bits> {
    let dense = vec(vec(any::<bool>(), cols), rows);
    let sparse = vec(vec(weighted(0.05), cols), rows);
    let low_rank = (0usize..5).prop_flat_map(move |k| {
        (
            vec(vec(any::<bool>(), k), rows),
            vec(vec(any::<bool>(), cols), k),
        )
            .prop_map(move |(a, b)| naive_mul(&a, &b, cols))
    });
    let zero = Just(vec![vec![false; cols]; rows]);
    prop_oneof![3 => dense, 2 => sparse, 3 => low_rank, 1 => zero]
}

/// (cols, matrix) with `rows × cols` drawn from [`row_dim`] × [`col_dim`].
pub fn arb_matrix() -> impl Strategy<Value = (usize, Bits)> {
    (row_dim(), col_dim()).prop_flat_map(|(r, c)| matrix_of(r, c).prop_map(move |m| (c, m)))
}
