//! Free unstable modules in the Milnor basis (`resolution::unstable`): Kraines' excess
//! against the admissible basis of `F(k)`, and the ideal it cuts out.

use resolution::unstable::{excess, free_basis};
use steenrod::MilnorAlgebra;

/// The admissible sequences `(a_1, …, a_m)`, `a_j ≥ 2 a_{j+1}`, `a_m ≥ 1`, of degree `d`
/// and excess `a_1 − a_2 − … − a_m ≤ k`: the basis `Sq^I ι_k` of `F(k)_{k+d}`
/// (Steenrod–Epstein, "Cohomology operations", ch. I; Schwartz §1.6), counted directly.
fn admissible_count(d: u32, k: u32) -> usize {
    fn walk(left: u32, max_next: u32, first: Option<u32>, rest: u32, k: u32) -> usize {
        let mut n = 0;
        if left == 0 {
            let e = first.map_or(0, |a| a - rest);
            return usize::from(e <= k);
        }
        for a in 1..=left.min(max_next) {
            let (f, r) = match first {
                None => (Some(a), 0),
                Some(f) => (Some(f), rest + a),
            };
            n += walk(left - a, a / 2, f, r, k);
        }
        n
    }
    walk(d, d, None, 0, k)
}

/// `dim F(k)_{k+d}` from the Milnor basis of excess `≤ k` equals the number of admissible
/// monomials of excess `≤ k`, for `k ≤ 10`, `d ≤ 36` (Kraines 1971).
#[test]
fn free_unstable_dimensions() {
    let algebra = MilnorAlgebra::new(36);
    for k in 0..=10 {
        for d in 0..=36 {
            let milnor = free_basis(&algebra, k, d).len();
            assert_eq!(milnor, admissible_count(d, k), "F({k}) in degree {k} + {d}");
        }
    }
}

/// The `Sq(R)` of excess `> k` span a left ideal: every term of `Sq(S)·Sq(R)` has excess
/// `> k` when `Sq(R)` has (so `F(k)` is a quotient of `A`), degrees ≤ 24.
#[test]
fn excess_cuts_out_a_left_ideal() {
    let algebra = MilnorAlgebra::new(24);
    for dr in 0..=24 {
        for ds in 0..=(24 - dr) {
            for r in algebra.basis(dr) {
                for s in algebra.basis(ds) {
                    algebra.multiply_basis(s, r, |i| {
                        let t = algebra.basis(dr + ds)[i];
                        assert!(excess(&t) >= excess(r), "Sq({s})·Sq({r}) has Sq({t})");
                    });
                }
            }
        }
    }
}
