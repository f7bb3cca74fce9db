//! Property tests: FpVector operations against Vec<bool>.

use crate::common;

use common::*;
use fp::{limbs_for, FpVector};
use proptest::collection::vec;
use proptest::prelude::*;

fn bits(len: usize) -> impl Strategy<Value = Vec<bool>> {
    vec(any::<bool>(), len)
}

fn arb_len() -> impl Strategy<Value = usize> {
    col_dim()
}

/// Bits past len are zero and the limb count is right.
fn assert_clean(v: &FpVector) {
    assert_eq!(v.limbs().len(), limbs_for(v.len()));
    if !v.len().is_multiple_of(64) {
        let mask = !((1u64 << (v.len() % 64)) - 1);
        assert_eq!(v.limbs().last().unwrap() & mask, 0);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn queries_match_naive(a in arb_len().prop_flat_map(bits)) {
        let v = FpVector::from_bools(&a);
        assert_clean(&v);
        prop_assert_eq!(to_vec(&v), a.clone());
        let ones: Vec<usize> = (0..a.len()).filter(|&j| a[j]).collect();
        prop_assert_eq!(v.iter_ones().collect::<Vec<_>>(), ones.clone());
        prop_assert_eq!(v.count_ones(), ones.len());
        prop_assert_eq!(v.first_one(), ones.first().copied());
        prop_assert_eq!(v.is_zero(), ones.is_empty());
        prop_assert_eq!(&FpVector::from_ones(a.len(), &ones), &v);
        prop_assert_eq!(&FpVector::from_limbs(a.len(), v.limbs().to_vec()), &v);
        let mut c = v.clone();
        c.clear();
        prop_assert!(c.is_zero());
        prop_assert_eq!(c.len(), a.len());
    }

    #[test]
    fn add_and_dot_match_naive(
        (a, b) in arb_len().prop_flat_map(|n| (bits(n), bits(n)))
    ) {
        let mut v = FpVector::from_bools(&a);
        let w = FpVector::from_bools(&b);
        let dot = a.iter().zip(&b).filter(|(x, y)| **x && **y).count() as u32 % 2;
        prop_assert_eq!(v.dot(&w), dot);
        let sum: Vec<bool> = a.iter().zip(&b).map(|(x, y)| x ^ y).collect();
        v.add(&w);
        prop_assert_eq!(to_vec(&v), sum.clone());
        let mut u = FpVector::from_bools(&a);
        u.add_limbs(w.limbs());
        prop_assert_eq!(to_vec(&u), sum);
        assert_clean(&u);
    }

    #[test]
    fn add_shifted_and_slice_match_naive(
        (a, b, offset) in (arb_len(), 0usize..140).prop_flat_map(|(n, m)| {
            let m = m.min(n);
            (bits(n), bits(m), 0..=(n - m))
        })
    ) {
        let mut v = FpVector::from_bools(&a);
        let w = FpVector::from_bools(&b);
        v.add_shifted(&w, offset);
        let mut expect = a.clone();
        for (j, &x) in b.iter().enumerate() {
            expect[offset + j] ^= x;
        }
        prop_assert_eq!(to_vec(&v), expect.clone());
        assert_clean(&v);
        let s = v.slice(offset, offset + b.len());
        assert_clean(&s);
        prop_assert_eq!(to_vec(&s), expect[offset..offset + b.len()].to_vec());
        let t = v.slice(0, offset);
        assert_clean(&t);
        prop_assert_eq!(to_vec(&t), expect[..offset].to_vec());
    }
}
