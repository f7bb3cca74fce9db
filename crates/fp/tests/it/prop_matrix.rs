//! Property tests: Matrix operations and row reduction against naive code.

use crate::common;

use common::*;
use fp::{limbs_for, FpVector, Matrix};
use proptest::collection::vec;
use proptest::prelude::*;

/// Checks the RREF shape invariants of a reduced matrix and its pivots.
fn assert_rref(m: &Matrix, pivots: &[usize]) {
    let rank = pivots.len();
    assert!(
        pivots.windows(2).all(|w| w[0] < w[1]),
        "pivots not ascending: {pivots:?}"
    );
    for (k, &p) in pivots.iter().enumerate() {
        assert_eq!(m.row_vector(k).first_one(), Some(p), "row {k} leading one");
        for i in 0..m.rows() {
            assert_eq!(m.get(i, p), i == k, "pivot column {p} row {i}");
        }
    }
    for i in rank..m.rows() {
        assert!(
            m.row_vector(i).is_zero(),
            "row {i} below rank {rank} nonzero"
        );
    }
}

/// Bits past `cols` in every row are zero.
fn assert_tail_clean(m: &Matrix) {
    assert_eq!(m.stride(), limbs_for(m.cols()));
    assert_eq!(m.data().len(), m.rows() * m.stride());
    if !m.cols().is_multiple_of(64) {
        let mask = !((1u64 << (m.cols() % 64)) - 1);
        for i in 0..m.rows() {
            assert_eq!(
                m.row(i)[m.stride() - 1] & mask,
                0,
                "row {i} has bits past cols"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn row_reduce_matches_naive((cols, bits) in arb_matrix()) {
        let mut m = to_matrix(&bits, cols);
        let pivots = m.row_reduce();
        assert_rref(&m, &pivots);
        assert_tail_clean(&m);
        let (naive, naive_piv) = naive_rref(&bits, cols);
        prop_assert_eq!(&pivots, &naive_piv);
        prop_assert_eq!(pivots.len(), naive_rank(&bits, cols));
        // RREF is unique, so the nonzero rows must match the naive ones exactly.
        let reduced = from_matrix(&m);
        prop_assert_eq!(&reduced[..pivots.len()], &naive[..]);
        // Row space unchanged: each original row lies in the span of the
        // reduced rows, and the spans have equal dimension.
        for row in &bits {
            prop_assert!(naive_in_span(&reduced, cols, row));
        }
        prop_assert_eq!(naive_rank(&reduced, cols), naive_rank(&bits, cols));
        // Reducing again is a no-op.
        let before = m.clone();
        prop_assert_eq!(m.row_reduce(), pivots);
        prop_assert_eq!(m, before);
    }

    #[test]
    fn apply_matches_naive(
        (cols, bits, v) in arb_matrix().prop_flat_map(|(c, b)| {
            let r = b.len();
            (Just(c), Just(b), vec(any::<bool>(), r))
        })
    ) {
        let m = to_matrix(&bits, cols);
        let out = m.apply(&FpVector::from_bools(&v));
        prop_assert_eq!(out.len(), cols);
        prop_assert_eq!(to_vec(&out), naive_apply(&v, &bits, cols));
    }

    #[test]
    fn mul_and_transpose_match_naive(
        (a, b, k, n) in (row_dim(), col_dim(), col_dim()).prop_flat_map(|(r, k, n)| {
            (matrix_of(r, k), matrix_of(k, n), Just(k), Just(n))
        })
    ) {
        let ma = to_matrix(&a, k);
        let mb = to_matrix(&b, n);
        let prod = ma.mul(&mb);
        assert_tail_clean(&prod);
        prop_assert_eq!((prod.rows(), prod.cols()), (a.len(), n));
        prop_assert_eq!(from_matrix(&prod), naive_mul(&a, &b, n));
        let t = ma.transpose();
        assert_tail_clean(&t);
        prop_assert_eq!((t.rows(), t.cols()), (k, a.len()));
        for (i, row) in a.iter().enumerate() {
            for (j, &x) in row.iter().enumerate() {
                prop_assert_eq!(t.get(j, i), x);
            }
        }
        prop_assert_eq!(t.transpose(), ma);
    }

    #[test]
    fn add_and_swap_rows_match_naive(
        (cols, bits, ops) in arb_matrix().prop_filter("need rows", |(_, b)| !b.is_empty())
            .prop_flat_map(|(c, b)| {
                let r = b.len();
                (Just(c), Just(b), vec((0..r, 0..r, any::<bool>()), 0..20))
            })
    ) {
        let mut m = to_matrix(&bits, cols);
        let mut naive = bits.clone();
        for (s, d, swap) in ops {
            if swap {
                m.swap_rows(s, d);
                naive.swap(s, d);
            } else if s != d {
                m.add_row(s, d);
                let src = naive[s].clone();
                for (x, y) in naive[d].iter_mut().zip(src) {
                    *x ^= y;
                }
            }
        }
        prop_assert_eq!(from_matrix(&m), naive);
        assert_tail_clean(&m);
    }

    #[test]
    fn building_row_by_row((cols, bits) in arb_matrix()) {
        let rows: Vec<FpVector> = bits.iter().map(|r| FpVector::from_bools(r)).collect();
        let a = Matrix::from_rows(cols, &rows);
        let mut b = Matrix::new(0, cols);
        for r in &rows {
            b.append_row(r);
        }
        let mut c = Matrix::with_row_capacity(cols, rows.len());
        for r in &rows {
            let i = c.append_zero_row();
            c.row_mut(i).copy_from_slice(r.limbs());
        }
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(&a, &c);
        prop_assert_eq!(from_matrix(&a), bits.clone());
        for (i, r) in rows.iter().enumerate() {
            prop_assert_eq!(&a.row_vector(i), r);
        }
    }
}

#[test]
fn identity_reduces_to_itself() {
    for n in [0, 1, 63, 64, 65, 130] {
        let mut m = Matrix::identity(n);
        assert_eq!(m.row_reduce(), (0..n).collect::<Vec<_>>());
        assert_eq!(m, Matrix::identity(n));
    }
}
