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

/// At p = 3 the `Q(E)P(R)` of excess `|E| + 2Σ r_i > k` span a left ideal too (Kraines
/// 1971): every term of `a·b` has excess at least that of `b`, degrees ≤ 40.
#[test]
fn odd_excess_cuts_out_a_left_ideal() {
    use resolution::unstable::UnstableAlgebra;
    use steenrod::Algebra;
    let p3 = fp::ValidPrime::new(3).unwrap();
    let algebra = MilnorAlgebra::<fp::ValidPrime>::whole(p3, 40, 0);
    let mut products = 0;
    for db in 0..=40 {
        for da in 0..=(40 - db) {
            for b in Algebra::basis(&algebra, db) {
                for a in Algebra::basis(&algebra, da) {
                    Algebra::multiply_basis(&algebra, a, b, |i, _| {
                        let t = &Algebra::basis(&algebra, da + db)[i];
                        assert!(algebra.excess(t) >= algebra.excess(b), "{a}·{b} has {t}");
                        products += 1;
                    });
                }
            }
        }
    }
    assert!(products > 1000, "{products}");
}

mod suspension {
    use resolution::unstable::{sphere_module, suspension, Suspension, UnstableResolution};
    use resolution::Bidegree;

    /// `Ext_U(S^N)` through relative stem `stem`, `s ≤ max_s`.
    fn sphere(n: u32, stem: i32, max_s: u32) -> UnstableResolution<steenrod::MilnorAlgebra> {
        UnstableResolution::resolve(sphere_module(n), stem + n as i32, max_s)
    }

    /// `dim Ext_U(S^N)` at relative stem `stem`, filtration `s` (0 outside).
    fn dim(res: &UnstableResolution<steenrod::MilnorAlgebra>, stem: i32, s: u32) -> usize {
        let n = res.module().min_degree();
        let b = Bidegree::n_s(stem + n, s);
        res.in_degree(s, b.t()).len()
    }

    /// `σ: E2(S^N) → E2(S^{N+1})` at relative stem `stem`, filtration `s`.
    fn rank(sigma: &Suspension, n: u32, stem: i32, s: u32) -> usize {
        sigma.rank(Bidegree::n_s(stem + n as i32, s))
    }

    /// The suspension is an isomorphism in relative stems `n ≤ N − 2` and onto at
    /// `n = N − 1` (the admissible `λ_I` of `Λ(N+1)` outside `Λ(N)` begin with `λ_N`, of
    /// stem `≥ N`: BCKQRS, Topology 5, 1966; Curtis, Adv. Math. 6, 1971), and the
    /// composite `E2(S^2) → E2(S^9)` is one below stem 1.
    #[test]
    fn an_isomorphism_in_the_stable_range() {
        let (stem, max_s) = (14, 8);
        let spheres: Vec<_> = (1..=9).map(|n| sphere(n, stem, max_s)).collect();
        let mut composite: Option<Suspension> = None;
        for n in 1..=8u32 {
            let (a, b) = (&spheres[n as usize - 1], &spheres[n as usize]);
            let sigma = suspension(a, b).expect("a chain map");
            for s in 0..=max_s {
                for k in 0..=stem.min(n as i32 - 1) {
                    let (source, target) = (dim(a, k, s), dim(b, k, s));
                    let r = rank(&sigma, n, k, s);
                    assert_eq!(r, target, "onto: S^{n} at relative ({k}, {s})");
                    if k <= n as i32 - 2 {
                        assert_eq!(r, source, "one to one: S^{n} at relative ({k}, {s})");
                    }
                }
            }
            if n >= 2 {
                composite = Some(match composite {
                    None => sigma,
                    Some(c) => c.then(&sigma),
                });
            }
        }
        let composite = composite.expect("S^2 to S^9");
        for s in 0..=max_s {
            let source = dim(&spheres[1], 0, s);
            assert_eq!(
                composite.rank(Bidegree::n_s(2, s)),
                source,
                "stem 0, s = {s}"
            );
        }
        // Every bidegree with a class on either side has its map, of the right shape.
        for k in 0..=stem {
            for s in 0..=max_s {
                let (source, target) = (dim(&spheres[1], k, s), dim(&spheres[8], k, s));
                let map = composite.maps.get(&Bidegree::n_s(k + 2, s));
                let shape = map.map_or((0, 0), |m| (m.rows.len(), m.cols));
                assert_eq!(shape, (source, target), "S^2 → S^9 at relative ({k}, {s})");
            }
        }
    }

    /// The algebraic EHP sequence, the long exact sequence of `0 → Λ(N) → Λ(N+1) →
    /// σ^N Λ(2N+1) → 0` (`λ_N λ_J ↦ λ_J`; Curtis, Adv. Math. 6, 1971), in unstable Ext:
    /// `… → E2^{s}_{n}(S^N) →σ E2^{s}_{n}(S^{N+1}) →H E2^{s−1}_{n−N}(S^{2N+1}) →P
    /// E2^{s+1}_{n−1}(S^N) → …` (relative stems), so by exactness at the third term
    /// `dim E2^{s−1}_{n−N}(S^{2N+1}) = dim coker σ_{s,n} + dim ker σ_{s+1,n−1}`: checked for
    /// `N = 1 … 6` through relative stem 16, `s ≤ 6`.
    #[test]
    fn the_ehp_sequence_is_exact() {
        let (stem, max_s) = (16, 7);
        let mut checked = 0;
        for n in 1..=6u32 {
            let (a, b) = (sphere(n, stem, max_s), sphere(n + 1, stem, max_s));
            let c = sphere(2 * n + 1, stem, max_s);
            let sigma = suspension(&a, &b).expect("a chain map");
            for s in 1..max_s {
                for k in 0..stem {
                    let coker = dim(&b, k, s) - rank(&sigma, n, k, s);
                    let ker = dim(&a, k - 1, s + 1) - rank(&sigma, n, k - 1, s + 1);
                    let third = match k - n as i32 {
                        j if j < 0 => 0,
                        j => dim(&c, j, s - 1),
                    };
                    assert_eq!(third, coker + ker, "N = {n}, relative ({k}, {s})");
                    checked += usize::from(third > 0);
                }
            }
        }
        assert!(checked > 50, "{checked} nonzero terms");
    }
}
