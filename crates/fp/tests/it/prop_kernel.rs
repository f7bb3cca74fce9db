//! Property tests: kernel_image and QuasiInverse against naive code.

use crate::common;

use common::*;
use fp::{kernel_image, FpVector, Subspace};
use proptest::collection::vec;
use proptest::prelude::*;

/// Checks that a subspace's basis is in RREF with the stated pivots.
fn assert_subspace_rref(s: &Subspace) {
    let p = s.pivots();
    assert!(p.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(s.basis().rows(), s.dim());
    for (k, &pk) in p.iter().enumerate() {
        assert_eq!(s.basis().row_vector(k).first_one(), Some(pk));
        for l in 0..s.dim() {
            assert_eq!(s.basis().get(l, pk), l == k);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn kernel_image_matches_naive(
        (cols, bits, xs, ys) in arb_matrix().prop_flat_map(|(c, b)| {
            let r = b.len();
            (Just(c), Just(b), vec(vec(any::<bool>(), r), 4), vec(vec(any::<bool>(), c), 4))
        })
    ) {
        let rows = bits.len();
        let m = to_matrix(&bits, cols);
        let ki = kernel_image(&m);
        let rank = naive_rank(&bits, cols);

        // Image: the row space of M, in RREF, equal to the naive RREF.
        assert_subspace_rref(&ki.image);
        prop_assert_eq!(ki.image.ambient_dim(), cols);
        prop_assert_eq!(ki.image.dim(), rank);
        let (naive, naive_piv) = naive_rref(&bits, cols);
        prop_assert_eq!(ki.image.pivots(), &naive_piv[..]);
        prop_assert_eq!(from_matrix(ki.image.basis()), naive);

        // Kernel: RREF, right dimension, each basis vector maps to zero.
        assert_subspace_rref(&ki.kernel);
        prop_assert_eq!(ki.kernel.ambient_dim(), rows);
        prop_assert_eq!(ki.kernel.dim(), rows - rank);
        for k in ki.kernel.basis_vectors() {
            prop_assert!(naive_apply(&to_vec(&k), &bits, cols).iter().all(|&b| !b));
        }

        // Quasi-inverse.
        let qi = &ki.quasi_inverse;
        prop_assert_eq!(qi.image(), &ki.image);
        prop_assert_eq!((qi.source_dim(), qi.target_dim()), (rows, cols));
        for (k, b) in ki.image.basis_vectors().iter().enumerate() {
            let pre = qi.preimages().row_vector(k);
            prop_assert_eq!(&m.apply(&pre), b);
        }
        for x in &xs {
            let y = naive_apply(x, &bits, cols);
            let pre = qi.apply(&FpVector::from_bools(&y));
            prop_assert!(pre.is_some(), "image vector rejected");
            let pre = pre.unwrap();
            prop_assert_eq!(pre.len(), rows);
            prop_assert_eq!(naive_apply(&to_vec(&pre), &bits, cols), y.clone());
            // x - pre lies in the kernel.
            let mut diff = FpVector::from_bools(x);
            diff.add(&pre);
            prop_assert!(ki.kernel.contains(&diff));
        }
        for y in &ys {
            let in_image = naive_in_span(&bits, cols, y);
            let pre = qi.apply(&FpVector::from_bools(y));
            prop_assert_eq!(pre.is_some(), in_image);
            if let Some(p) = pre {
                prop_assert_eq!(naive_apply(&to_vec(&p), &bits, cols), y.clone());
            }
        }
    }

    #[test]
    fn subspace_matches_naive(
        (cols, bits, ys) in arb_matrix().prop_flat_map(|(c, b)| {
            (Just(c), Just(b), vec(vec(any::<bool>(), c), 6))
        })
    ) {
        let vectors: Vec<FpVector> = bits.iter().map(|r| FpVector::from_bools(r)).collect();
        let s = Subspace::from_vectors(cols, &vectors);
        assert_subspace_rref(&s);
        let (naive, naive_piv) = naive_rref(&bits, cols);
        prop_assert_eq!(s.pivots(), &naive_piv[..]);
        prop_assert_eq!(from_matrix(s.basis()), naive.clone());
        prop_assert_eq!(s.ambient_dim(), cols);

        // Incremental construction gives the same RREF basis, and every
        // intermediate (a subspace of the final one) has pivots ⊆ final pivots.
        let mut inc = Subspace::new(cols);
        let mut dim = 0;
        for v in &vectors {
            let grew = inc.add_vector(v);
            prop_assert_eq!(grew, inc.dim() == dim + 1);
            dim = inc.dim();
            assert_subspace_rref(&inc);
            prop_assert!(inc.pivots().iter().all(|p| s.pivots().contains(p)));
            prop_assert!(inc.is_subspace_of(&s));
        }
        prop_assert_eq!(&inc, &s);

        // Every spanning vector is contained.
        for v in &vectors {
            prop_assert!(s.contains(v));
        }
        // reduce: zero at pivots, same coset, zero iff member.
        for y in &ys {
            let v = FpVector::from_bools(y);
            let mut r = v.clone();
            s.reduce(&mut r);
            for &p in s.pivots() {
                prop_assert!(!r.get(p));
            }
            let mut diff = r.clone();
            diff.add(&v);
            prop_assert!(naive_in_span(&naive, cols, &to_vec(&diff)));
            let member = naive_in_span(&bits, cols, y);
            prop_assert_eq!(r.is_zero(), member);
            prop_assert_eq!(s.contains(&v), member);
        }
    }
}
