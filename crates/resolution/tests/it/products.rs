//! Products by `h0`, `h1`, `h2` (and `h3`) read off minimal resolutions, checked against
//! published structure of Ext.
//!
//! Sphere (`Ext_A(F_2, F_2)`; Adams 1958, May's thesis 1964, the tables in Ravenel's
//! "Complex cobordism", 2nd ed., Table A3.3 / Chapter 3.2), bidegrees written `(stem, s)`:
//! - `h0^k ≠ 0` at `(0, k)` for every `k` in range (the 2-adic tower of `π_0 = Z`);
//! - `h0·h1 = 0` (relation `h_i h_{i+1} = 0`), `h1·h2 = 0`, and `h0·(h1 h3) = 0` while
//!   `(8, 3)` is nonzero (`c0`), so this zero is not forced by an empty target;
//! - `h1^3 = h0^2·h2 ≠ 0` at `(3, 3)` (relation `h_i^2 h_{i+2} = h_{i+1}^3`, i = 0);
//!   `h1^4 = 0`;
//! - `h2^3 = h1^2·h3 ≠ 0` at `(9, 3)` (the same relation, i = 1); `h1·h2^2 = 0` while
//!   `(7, 3)` holds `h0^2 h3`;
//! - `h0^3·h3 ≠ 0` at `(7, 4)` and `h0^4·h3 = 0` (the tower on `h3` detects `Z/16` in
//!   `π_7`); `h1·c0 ≠ 0` at `(9, 4)`.
//!
//! Sphere, `Ceta`, `Csigma`: `h_i h_j x = h_j h_i x` for every class `x` in range (`Ext(M)`
//! is a module over the commutative ring `Ext_A(F_2, F_2)`). Sphere, `C2`, Joker: the
//! products agree with the ones decoded from the differentials' `terms` (a second reading
//! of the same data).
//!
//! `C2` (the mod 2 Moore spectrum, cells in degrees 0 and 1 joined by `Sq1`): the short
//! exact sequence `0 → ΣF_2 → H*(C2) → F_2 → 0` has extension class `h0`, so the long
//! exact sequence in Ext reads
//! `… → Ext^{s−1,t−1}(S) --h0--> Ext^{s,t}(S) --i--> Ext^{s,t}(C2) --p--> Ext^{s,t−1}(S)
//! --h0--> Ext^{s+1,t}(S) → …`, with `i` and `p` linear over `Ext(S)`. We check, at every
//! bidegree through stem 24:
//! 1. `dim Ext^{s,t}(C2) = dim coker(h0 into (n, s)) + dim ker(h0 out of (n − 1, s))`
//!    (sphere bidegrees as `(stem, s)`), using the sphere's `h0` products;
//! 2. `h0^2 = 0` on all of `Ext(C2)`: `p(h0 x) = h0 p(x) = 0` puts `h0 x` in the image of
//!    `i`, and `h0 i(y) = i(h0 y) = 0`;
//! 3. the rank of `h0` on `Ext(C2)` at each bidegree equals that of
//!    `y ↦ h1 y mod h0` from `ker(h0) ⊆ Ext(S)` at `(n − 1, s)` to `Ext(S)/h0` at
//!    `(n, s + 1)`: by the Massey product `⟨h0, y, h0⟩ = h1·y` (the Ext form of Toda's
//!    `2·1_{C2} = i η p`; `h0 ∪_1 h0 = Sq^0 h0 = h1`), `h0·x = i(h1·p(x))`. For example
//!    `h0·h̃1 = h1^2` at `(2, 2)`: `π_2` of the Moore spectrum is `Z/4`.

use fp::{kernel_image, FpVector, Matrix, Subspace};
use resolution::products::{chart_products, h_matrix, h_multiply, Primitive};
use resolution::Bidegree;
use resolution::{Algorithm, Resolution, ResolutionConfig};
use steenrod::module::FiniteModule;
use steenrod::PPart;

fn resolve(module: FiniteModule, max_stem: i32, max_s: u32) -> Resolution {
    let mut res = Resolution::new(module, ResolutionConfig { max_stem, max_s }).expect("range");
    res.resolve_with(Algorithm::Nassau).expect("resolution");
    res
}

fn c2() -> FiniteModule {
    FiniteModule::from_bundled("C2").expect("C2 is bundled")
}

fn dim(res: &Resolution, stem: i32, s: u32) -> usize {
    res.number_of_gens(Bidegree::n_s(stem, s))
}

/// The unique class at `(stem, s)`, asserting that Ext there is one-dimensional.
fn only_class(res: &Resolution, stem: i32, s: u32) -> FpVector {
    assert_eq!(
        dim(res, stem, s),
        1,
        "Ext at (stem {stem}, s {s}) should be one-dimensional"
    );
    FpVector::from_ones(1, &[0])
}

/// `h_{i_k} ⋯ h_{i_1} · x` for `x` at `(stem, s)`, returning the product and its bidegree.
fn times(res: &Resolution, stem: i32, s: u32, x: &FpVector, hs: &[u32]) -> (FpVector, Bidegree) {
    let mut b = Bidegree::n_s(stem, s);
    let mut v = x.clone();
    for &i in hs {
        v = h_multiply(res, i, b, &v)
            .unwrap_or_else(|| panic!("h{i} at (stem {}, s {}) should be in range", b.n(), b.s()));
        b = b.times_h(i);
    }
    (v, b)
}

fn unit(res: &Resolution) -> FpVector {
    only_class(res, 0, 0)
}

#[test]
fn sphere_h0_tower_on_stem_0() {
    let max_s = 12;
    let res = resolve(FiniteModule::sphere(), 10, max_s);
    let mut x = unit(&res);
    for k in 1..=max_s {
        let (v, b) = times(&res, 0, k - 1, &x, &[0]);
        assert_eq!((b.n(), b.s()), (0, k));
        assert!(!v.is_zero(), "h0^{k} should be nonzero");
        x = v;
    }
    // The top of the range: the next product is unknown, not zero.
    assert!(h_matrix(&res, 0, Bidegree::n_s(0, max_s)).is_none());
}

#[test]
fn sphere_relations_through_stem_9() {
    let res = resolve(FiniteModule::sphere(), 12, 8);
    let one = unit(&res);
    // The generators: h_i·1 is the class at (2^i − 1, 1).
    for i in 0..=3u32 {
        let (v, b) = times(&res, 0, 0, &one, &[i]);
        assert_eq!((b.n(), b.s()), ((1 << i) - 1, 1));
        assert_eq!(v, only_class(&res, b.n(), 1), "h{i}·1");
    }
    let zero_in = |v: &FpVector, what: &str| assert!(v.is_zero(), "{what} should be 0, got {v:?}");

    // h0 h1 = 0 and h1 h2 = 0, in both orders.
    zero_in(&times(&res, 0, 0, &one, &[0, 1]).0, "h1·h0");
    zero_in(&times(&res, 0, 0, &one, &[1, 0]).0, "h0·h1");
    zero_in(&times(&res, 0, 0, &one, &[1, 2]).0, "h2·h1");
    zero_in(&times(&res, 0, 0, &one, &[2, 1]).0, "h1·h2");

    // h1^3 = h0^2 h2 ≠ 0 at (3, 3); h1^4 = 0.
    let (h1_cubed, b) = times(&res, 0, 0, &one, &[1, 1, 1]);
    let (h0sq_h2, b2) = times(&res, 0, 0, &one, &[2, 0, 0]);
    assert_eq!((b.n(), b.s()), (3, 3));
    assert_eq!(b, b2);
    assert!(!h1_cubed.is_zero(), "h1^3 should be nonzero");
    assert_eq!(h1_cubed, h0sq_h2, "h1^3 = h0^2 h2");
    zero_in(&times(&res, 0, 0, &one, &[1, 1, 1, 1]).0, "h1^4");

    // h2^3 = h1^2 h3 ≠ 0 at (9, 3).
    let h3 = only_class(&res, 7, 1);
    let (h2_cubed, b) = times(&res, 0, 0, &one, &[2, 2, 2]);
    let (h1sq_h3, b2) = times(&res, 7, 1, &h3, &[1, 1]);
    assert_eq!((b.n(), b.s()), (9, 3));
    assert_eq!(b, b2);
    assert!(!h2_cubed.is_zero(), "h2^3 should be nonzero");
    assert_eq!(h2_cubed, h1sq_h3, "h2^3 = h1^2 h3");

    // h0^3 h3 ≠ 0 at (7, 4); h0^4 h3 = 0.
    let (v, b) = times(&res, 7, 1, &h3, &[0, 0, 0]);
    assert_eq!((b.n(), b.s()), (7, 4));
    assert!(!v.is_zero(), "h0^3 h3 should be nonzero");
    zero_in(&times(&res, 7, 1, &h3, &[0, 0, 0, 0]).0, "h0^4 h3");

    // Zeros whose target bidegree is nonzero, so that the products decide them.
    assert_eq!(dim(&res, 8, 3), 1, "c0 at (8, 3)");
    zero_in(&times(&res, 7, 1, &h3, &[1, 0]).0, "h0·h1h3");
    assert_eq!(dim(&res, 7, 3), 1, "h0^2 h3 at (7, 3)");
    zero_in(&times(&res, 0, 0, &one, &[2, 2, 1]).0, "h1·h2^2");
    // And a product off the towers: h1·c0 ≠ 0 at (9, 4).
    let c0 = only_class(&res, 8, 3);
    assert!(
        !times(&res, 8, 3, &c0, &[1]).0.is_zero(),
        "h1 c0 should be nonzero"
    );
}

#[test]
fn products_leaving_the_range_are_unknown() {
    let (max_stem, max_s) = (10, 5);
    let res = resolve(FiniteModule::sphere(), max_stem, max_s);
    // h2 raises the stem by 3: from stem 8 it lands at stem 11 > 10.
    assert!(h_matrix(&res, 2, Bidegree::n_s(8, 2)).is_none());
    assert!(h_matrix(&res, 2, Bidegree::n_s(7, 2)).is_some());
    // h0 from s = max_s lands at s = 6 > 5.
    assert!(h_matrix(&res, 0, Bidegree::n_s(7, max_s)).is_none());
    // The chart data marks them unknown, and only them.
    for cp in chart_products(&res, &[0, 1, 2].map(Primitive::H)) {
        for (k, &i) in [0u32, 1, 2].iter().enumerate() {
            let inside = cp.class.s < max_s && cp.class.stem + (1 << i) - 1 <= max_stem;
            assert_eq!(cp.products[k].is_some(), inside, "h{i} on {:?}", cp.class);
        }
    }
    // A resolution that was never run has no products at all.
    let idle = Resolution::new(
        FiniteModule::sphere(),
        ResolutionConfig {
            max_stem: 5,
            max_s: 3,
        },
    )
    .expect("range");
    assert!(h_matrix(&idle, 0, Bidegree::n_s(0, 0)).is_none());
}

/// `h_i h_j = h_j h_i` on every class, for `i, j ∈ {0, 1, 2}`, and at least `min_nonzero`
/// of the composites are nonzero (so the check is not vacuous).
fn products_commute(res: &Resolution, min_nonzero: usize) {
    let mut nonzero = 0;
    for e in res.ext() {
        let source = e.bidegree;
        for (i, j) in [(0, 1), (0, 2), (1, 2)] {
            let (Some(hi), Some(hj)) = (h_matrix(res, i, source), h_matrix(res, j, source)) else {
                continue;
            };
            let (Some(hj_after), Some(hi_after)) = (
                h_matrix(res, j, source.times_h(i)),
                h_matrix(res, i, source.times_h(j)),
            ) else {
                continue;
            };
            let ij = hi.mul(&hj_after);
            let ji = hj.mul(&hi_after);
            assert_eq!(
                ij,
                ji,
                "h{i} h{j} ≠ h{j} h{i} on (stem {}, s {})",
                e.stem(),
                e.s()
            );
            nonzero += usize::from(!ij.is_zero());
        }
    }
    assert!(
        nonzero >= min_nonzero,
        "{}: only {nonzero} nonzero composites h_i h_j",
        res.module().name()
    );
}

/// Modules with many nonzero `h_i h_j` (`i ≠ j`) in range. (`C2` has none through stem 30:
/// `h1 h2 = 0`, and with `h0 = i h1 p` below, `h0 h2 x = i(h1 h2 p x) = 0` and
/// `h0 h1 x = i(h1^2 p x)`, which vanishes there.)
#[test]
fn products_commute_on_the_sphere_ceta_and_csigma() {
    products_commute(&resolve(FiniteModule::sphere(), 30, 14), 10);
    for name in ["Ceta", "Csigma"] {
        products_commute(
            &resolve(FiniteModule::from_bundled(name).expect("bundled"), 30, 14),
            15,
        );
    }
}

/// The same products read from the decoded `terms` of each differential: the coefficient
/// of `Sq(2^i)·g` for `g` the k-th generator of degree `t`.
#[test]
fn matrices_agree_with_decoded_terms() {
    for module in [
        FiniteModule::sphere(),
        c2(),
        FiniteModule::from_bundled("Joker").expect("Joker"),
    ] {
        let res = resolve(module, 20, 10);
        let mut ones = 0;
        for e in res.ext() {
            let source = e.bidegree;
            let first = res.free_module(e.s()).gens_below(e.t());
            for i in 0..=2u32 {
                let Some(m) = h_matrix(&res, i, source) else {
                    continue;
                };
                let target = source.times_h(i);
                let mut want = Matrix::new(e.dim, res.number_of_gens(target));
                let op = PPart::from_slice(&[1 << i]);
                for (col, dg) in res
                    .free_module(target.s())
                    .gens(target.t())
                    .iter()
                    .enumerate()
                {
                    for term in &dg.terms {
                        let g = term.gen as usize;
                        if term.op() == op && g >= first && g < first + e.dim {
                            want.set(g - first, col, true);
                        }
                    }
                }
                assert_eq!(m, want, "h{i} on (stem {}, s {})", e.stem(), e.s());
                ones += (0..m.rows())
                    .map(|r| m.row_vector(r).count_ones())
                    .sum::<usize>();
            }
        }
        assert!(
            ones > 30,
            "{}: only {ones} nonzero coefficients",
            res.module().name()
        );
    }
}

/// `h0` from `(stem, s)` of the sphere; an empty map when the source is below the range.
fn sphere_h0(sphere: &Resolution, stem: i32, s: i64) -> Matrix {
    if s < 0 || stem < 0 {
        let target = if s < 0 { dim(sphere, stem, 0) } else { 0 };
        return Matrix::new(0, target);
    }
    h_matrix(sphere, 0, Bidegree::n_s(stem, s as u32)).expect("sphere range covers the C2 range")
}

#[test]
fn c2_and_the_long_exact_sequence() {
    let (max_stem, max_s) = (24, 12);
    let sphere = resolve(FiniteModule::sphere(), max_stem, max_s + 1);
    let c2 = resolve(c2(), max_stem, max_s);
    let (mut nonzero_h0, mut checked) = (0, 0);
    for stem in 0..=max_stem {
        for s in 0..=max_s {
            // 1. dimensions from the long exact sequence.
            let into = kernel_image(&sphere_h0(&sphere, stem, s as i64 - 1));
            let bottom = dim(&sphere, stem, s) - into.image.dim();
            let out_of = if stem >= 1 {
                kernel_image(&sphere_h0(&sphere, stem - 1, s as i64)).kernel
            } else {
                Subspace::new(0)
            };
            let top = out_of.dim();
            assert_eq!(
                dim(&c2, stem, s),
                bottom + top,
                "dim Ext(C2) at (stem {stem}, s {s})"
            );
            checked += bottom + top;
            if s == max_s {
                continue;
            }
            let here = Bidegree::n_s(stem, s);
            let h0 = h_matrix(&c2, 0, here).expect("in range");
            // 2. h0^2 = 0.
            if s + 1 < max_s {
                let h0_next = h_matrix(&c2, 0, here.times_h(0)).expect("in range");
                assert!(
                    h0.mul(&h0_next).is_zero(),
                    "h0^2 ≠ 0 on Ext(C2) at (stem {stem}, s {s})"
                );
            }
            // 3. rank h0 = rank of y ↦ h1 y mod h0 on ker(h0) at sphere (stem − 1, s).
            let rank = kernel_image(&h0).image.dim();
            let expected = if stem >= 1 {
                let h1 = h_matrix(&sphere, 1, Bidegree::n_s(stem - 1, s)).expect("sphere range");
                let h0_image = kernel_image(&sphere_h0(&sphere, stem, s as i64)).image;
                let mut span = h0_image.clone();
                for y in out_of.basis_vectors() {
                    let mut v = FpVector::new(h1.cols());
                    for k in y.iter_ones() {
                        v.add(&h1.row_vector(k));
                    }
                    span.add_vector(&v);
                }
                span.dim() - h0_image.dim()
            } else {
                0
            };
            assert_eq!(
                rank, expected,
                "rank of h0 on Ext(C2) at (stem {stem}, s {s})"
            );
            nonzero_h0 += rank;
        }
    }
    assert!(checked > 60, "only {checked} classes of C2 in range");
    assert!(
        nonzero_h0 >= 5,
        "only {nonzero_h0} nonzero h0 products on C2"
    );
    // The first of them: h0·h̃1 = h1^2 at (2, 2) (π_2 of the Moore spectrum is Z/4).
    let (v, _) = times(&c2, 2, 1, &only_class(&c2, 2, 1), &[0]);
    assert_eq!(v, only_class(&c2, 2, 2), "h0 times the lift of h1 on C2");
}
