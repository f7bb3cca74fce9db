//! Chain maps, Yoneda products by any class and Massey products at odd primes
//! (`resolution::chain_map` over F_p), checked against what is known
//! independently of the lifting code:
//!
//! - the products by `a_0` and `h_0` read off the differentials (`products`, whose
//!   argument is Milnor 1958 §6: `τ_0`, `ξ_1` primitive) on every class in range;
//! - relations in `Ext_{A_p}(F_p, F_p)` from the literature, each cited at its test;
//! - lifts saved and read back (`chain_map::saved`) give the same products.

use fp::{FqVector, ValidPrime};
use resolution::chain_map::massey::{massey_product, massey_range};
use resolution::chain_map::saved::{Expected, Mismatch, Saved};
use resolution::chain_map::yoneda::{lift_class as lift, load_class, multiply, ExtElement};
use resolution::chain_map::{ChainMap, ChainMapError, LiftTarget};
use resolution::products::{product_matrix, Primitive};
use resolution::Bidegree;
use resolution::Resolution;
use steenrod::module::FiniteModule;
use steenrod::MilnorAlgebra;

type FqExt = ExtElement<FqVector<ValidPrime>>;

/// The bytes of the lift `map` of `y`, its modules named by `hashes`.
fn encode(
    map: &ChainMap<'_, FiniteModule<MilnorAlgebra<ValidPrime>>>,
    y: &FqExt,
    hashes: (&str, &str),
) -> Vec<u8> {
    let expected = Expected {
        source: hashes.0,
        target: hashes.1,
        element: &y.vector,
    };
    resolution::chain_map::saved::encode(map, &expected)
}

/// A classical resolution of `module` on two threads (`odd_primes::resolve`).
fn resolve(
    module: FiniteModule<MilnorAlgebra<ValidPrime>>,
    max_stem: i32,
    max_s: u32,
) -> Resolution<FiniteModule<MilnorAlgebra<ValidPrime>>> {
    super::odd_primes::resolve(module, max_stem, max_s, 2)
}

fn prime(p: u32) -> ValidPrime {
    ValidPrime::new(p).expect("a prime")
}

/// The class `x ∈ {a_0, h_0}` of the sphere's resolution (one class in each bidegree).
fn named(sphere: &Resolution<FiniteModule<MilnorAlgebra<ValidPrime>>>, x: Primitive) -> FqExt {
    let t = x
        .degree(fp::Prime::value(sphere.prime()))
        .expect("a degree at odd p");
    FqExt::basis(sphere, Bidegree::s_t(1, t), 0).expect("a0, h0 in range")
}

/// For every class `y` of `module`'s range: `a_0 ∘ Y_1` and `h_0 ∘ Y_1`, from the lift `Y`
/// of `y` into the sphere's resolution, equal the read-off products by `a_0`, `h_0`
/// (exactly: both are the coefficient of `β·g_y`, `P^1·g_y` in `d g'`). Returns how many
/// nonzero products were compared.
fn products_agree_with_read_off(
    module: &Resolution<FiniteModule<MilnorAlgebra<ValidPrime>>>,
    sphere: &Resolution<FiniteModule<MilnorAlgebra<ValidPrime>>>,
) -> usize {
    let tgt = LiftTarget::new(sphere);
    let mut nonzero = 0;
    for e in module.ext() {
        let reads: Vec<_> = [Primitive::A0, Primitive::H(0)]
            .iter()
            .map(|&x| (x, product_matrix(module, x, e.bidegree)))
            .collect();
        for index in 0..e.dim {
            let y = FqExt::basis(module, e.bidegree, index).expect("in range");
            let y_map = lift(module, &tgt, &y, 2).expect("lift");
            for (x, read) in &reads {
                let Some(read) = read else { continue };
                let by_lift = multiply(&y_map, &named(sphere, *x))
                    .unwrap_or_else(|| panic!("{} · {:?} not lifted", x.name(), e.bidegree));
                assert_eq!(
                    &by_lift.vector,
                    read.row(index),
                    "{} · class {index} at {}",
                    x.name(),
                    e.bidegree
                );
                nonzero += usize::from(!by_lift.is_zero());
            }
        }
    }
    nonzero
}

#[test]
fn products_by_a0_and_h0_agree_with_the_read_off_at_p3_and_p5() {
    for (p, stem, s) in [(3, 50, 8), (5, 80, 5)] {
        let sphere = resolve(
            FiniteModule::<MilnorAlgebra<ValidPrime>>::sphere_at(prime(p)),
            stem,
            s,
        );
        let n = products_agree_with_read_off(&sphere, &sphere);
        assert!(n > 5, "p = {p}: only {n} nonzero products compared");
    }
}

#[test]
fn products_by_a0_and_h0_agree_with_the_read_off_on_c3_and_calpha() {
    let sphere = resolve(
        FiniteModule::<MilnorAlgebra<ValidPrime>>::sphere_at(prime(3)),
        20,
        5,
    );
    for name in ["C3", "Calpha"] {
        let module = resolve(
            FiniteModule::<MilnorAlgebra<ValidPrime>>::from_bundled_module(name).expect("bundled"),
            16,
            4,
        );
        let n = products_agree_with_read_off(&module, &sphere);
        assert!(n > 3, "{name}: only {n} nonzero products compared");
    }
}

/// `h_0² = 0` at every odd prime: `Ext` is graded commutative, `xy = (−1)^{ss'+tt'} yx`
/// (Ravenel, "Complex Cobordism", 2nd ed., §A1.2), and `h_0` has `s = 1`, `t = q` even,
/// so `h_0² = −h_0²`, `2h_0² = 0`. And `a_0^2, a_0^3 ≠ 0`: `Ext^{s,s} = F_p·a_0^s`, the
/// `a_0`-tower detecting `Z_p` in the 0-stem (Liulevicius, "The factorization of cyclic
/// reduced powers by secondary cohomology operations", Mem. AMS 42 (1962); the reference
/// table S_3.csv, dimension 1 at every (stem 0, s)).
#[test]
fn h0_squared_vanishes_and_a0_powers_do_not() {
    for p in [3, 5] {
        let sphere = resolve(
            FiniteModule::<MilnorAlgebra<ValidPrime>>::sphere_at(prime(p)),
            4 * p as i32,
            4,
        );
        let tgt = LiftTarget::new(&sphere);
        let h0 = named(&sphere, Primitive::H(0));
        let h0_map = lift(&sphere, &tgt, &h0, 2).expect("lift h0");
        assert!(
            multiply(&h0_map, &h0).expect("in range").is_zero(),
            "p = {p}"
        );
        let a0 = named(&sphere, Primitive::A0);
        let a0_map = lift(&sphere, &tgt, &a0, 4).expect("lift a0");
        let a0_sq = multiply(&a0_map, &a0).expect("in range");
        assert!(!a0_sq.is_zero(), "p = {p}: a0² = 0");
        let a0_cubed = multiply(&a0_map, &a0_sq).expect("in range");
        assert!(!a0_cubed.is_zero(), "p = {p}: a0³ = 0");
    }
}

/// `⟨h_0, h_0, h_0⟩ = ±b_0` at p = 3 in `Ext^{2,12}` (stem 10): the p-fold Massey product
/// `⟨h_{1,0}, …, h_{1,0}⟩` is `−b_{1,0}` up to the sign convention (Kraines, "Massey higher
/// products", Trans. AMS 124 (1966); Ravenel, "Complex Cobordism", 2nd ed., §A1.4–A1.5;
/// May, thesis, Princeton (1964)), `b_0 ≠ 0` spans
/// `Ext^{2,12}` (the reference table S_3.csv: dimension 1 at (stem 10, s 2)), and the
/// indeterminacy `h_0·Ext^{1,8} + Ext^{1,8}·h_0` is 0 as `Ext^{1,8} = 0` at p = 3 (the
/// only classes with s = 1 are a_0, h_i at t = 1, 4·3^i; Liulevicius 1962).
#[test]
fn massey_h0_h0_h0_is_b0_at_p3() {
    let sphere = resolve(
        FiniteModule::<MilnorAlgebra<ValidPrime>>::sphere_at(prime(3)),
        12,
        3,
    );
    let tgt = LiftTarget::new(&sphere);
    let h0 = named(&sphere, Primitive::H(0));
    let m = massey_product(&sphere, &tgt, &h0, &h0, &h0).expect("defined");
    let at = Bidegree::n_s(10, 2);
    assert_eq!(m.value.bidegree, at);
    assert_eq!(sphere.number_of_gens(at), 1);
    assert_eq!(m.indeterminacy.dim(), 0);
    let b0 = FqVector::from_entries(prime(3), &[1]);
    assert!(m.contains_up_to_sign(&b0), "{:?}", m.value);
}

/// A Massey product whose outer products do not vanish is refused: `a_0 · a_0 ≠ 0`.
#[test]
fn massey_product_refuses_nonzero_products() {
    let sphere = resolve(
        FiniteModule::<MilnorAlgebra<ValidPrime>>::sphere_at(prime(3)),
        6,
        3,
    );
    let tgt = LiftTarget::new(&sphere);
    let a0 = named(&sphere, Primitive::A0);
    let h0 = named(&sphere, Primitive::H(0));
    assert_eq!(
        massey_product(&sphere, &tgt, &h0, &a0, &a0),
        Err(ChainMapError::ProductNotZero { which: "b·c" })
    );
}

/// Graded commutativity of `Ext_{A_p}(F_p, F_p)`: `x·y = (−1)^{s s' + t t'} y·x` for
/// `x ∈ Ext^{s,t}`, `y ∈ Ext^{s',t'}` (Ravenel, "Complex Cobordism", 2nd ed., §A1.2:
/// Ext over a commutative Hopf algebra — here the dual Steenrod algebra `A_*` — is graded
/// commutative; May, "Matric Massey products" (1969), §1 for the sign). Checked on every
/// pair of basis classes of the sphere at p = 3 with both products in range: `x ∘ Y`
/// from the lift of `y` against `y ∘ X` from the lift of `x`.
#[test]
fn products_are_graded_commutative_at_p3() {
    let sphere = resolve(
        FiniteModule::<MilnorAlgebra<ValidPrime>>::sphere_at(prime(3)),
        40,
        8,
    );
    let tgt = LiftTarget::new(&sphere);
    let max_s = sphere.config().max_s;
    let mut classes = Vec::new();
    for e in sphere.ext().into_iter().filter(|e| e.s() >= 1) {
        for index in 0..e.dim {
            let x = FqExt::basis(&sphere, e.bidegree, index).expect("in range");
            let map = lift(&sphere, &tgt, &x, max_s + 1 - e.s()).expect("lift");
            classes.push((x, map));
        }
    }
    let mut nonzero = 0;
    for (x, x_map) in &classes {
        for (y, y_map) in &classes {
            let (Some(xy), Some(yx)) = (multiply(y_map, x), multiply(x_map, y)) else {
                continue;
            };
            let (bx, by) = (x.bidegree, y.bidegree);
            let odd = (bx.s() * by.s()) as i32 + bx.t() * by.t();
            let mut signed = yx.vector.clone();
            if odd % 2 != 0 {
                signed.scale(2);
            }
            assert_eq!(xy.vector, signed, "{bx} · {by}");
            nonzero += usize::from(!xy.is_zero());
        }
    }
    assert!(nonzero >= 10, "only {nonzero} nonzero products compared");
}

/// Over the sub-Hopf algebra `A(1)` of `A_3` (generated by `β`, `P^1`:
/// `steenrod::Profile::a_odd`) the same check: lifts into the resolution of F_3 over `A(1)`
/// give the read-off products by `a_0`, `h_0` on every class in range.
#[test]
fn products_agree_with_the_read_off_over_a1_at_p3() {
    let sphere = FiniteModule::<MilnorAlgebra<ValidPrime>>::sphere_at(prime(3))
        .restricted_to(&steenrod::Profile::a_odd(1));
    let res = resolve(sphere, 40, 8);
    let n = products_agree_with_read_off(&res, &res);
    assert!(n > 5, "only {n} nonzero products compared");
}

/// The range form `⟨h_0, h_0, −⟩` at p = 3 (`chain_map::massey::massey_range`) holds `±b_0` at
/// `x = h_0` with indeterminacy 0 (`⟨h_0, h_0, h_0⟩ = ±b_0`: the references of
/// [`massey_h0_h0_h0_is_b0_at_p3`]).
#[test]
fn massey_range_h0_h0_holds_b0_at_h0() {
    let sphere = resolve(
        FiniteModule::<MilnorAlgebra<ValidPrime>>::sphere_at(prime(3)),
        12,
        3,
    );
    let tgt = LiftTarget::new(&sphere);
    let h0 = named(&sphere, Primitive::H(0));
    let all = massey_range(&tgt, &h0, &h0).expect("h0 h0 = 0");
    let (_, m) = all
        .iter()
        .find(|(x, _)| *x == h0)
        .expect("<h0, h0, h0> in the range form");
    assert_eq!(m.value.bidegree, Bidegree::n_s(10, 2));
    assert_eq!(m.indeterminacy.dim(), 0);
    let b0 = FqVector::from_entries(prime(3), &[1]);
    assert!(m.contains_up_to_sign(&b0), "{:?}", m.value);
    assert!(!m.value.is_zero());
}

/// The range form `⟨a, b, x⟩ = ±⟨x, b, a⟩` (one null-homotopy of `B∘A`) against the
/// product `⟨a, b, x⟩` built from `B∘X` for each `x` separately: by the symmetry of
/// Massey products in a graded-commutative algebra (May, "Matric Massey products",
/// J. Algebra 12 (1969); Kraines, Trans. AMS 124 (1966)) the two sets agree up to a sign:
/// the same indeterminacy, and each value in the other's set up to sign. Every class `x`
/// of S_3 through stem 30, `s ≤ 5` with `bx = 0`, for `(a, b)` = `(h0, h0)`, `(h0, h1)`,
/// `(h1, h0)` (`h0 h1 = 0`: Ext^{2,16} = 0 at p = 3, the reference table S_3.csv).
#[test]
fn massey_range_agrees_with_each_massey_product_at_p3() {
    let sphere = resolve(
        FiniteModule::<MilnorAlgebra<ValidPrime>>::sphere_at(prime(3)),
        30,
        5,
    );
    let tgt = LiftTarget::new(&sphere);
    let h0 = named(&sphere, Primitive::H(0));
    let h1 = FqExt::basis(&sphere, Bidegree::s_t(1, 12), 0).expect("h1");
    let mut compared = 0;
    for (a, b) in [(&h0, &h0), (&h0, &h1), (&h1, &h0)] {
        let all = massey_range(&tgt, a, b).expect("ab = 0");
        assert!(!all.is_empty());
        for (x, range) in &all {
            let one = massey_product(&sphere, &tgt, a, b, x).expect("defined, in range");
            assert_eq!(one.value.bidegree, range.value.bidegree);
            let dim = one.indeterminacy.dim();
            assert_eq!(dim, range.indeterminacy.dim(), "{:?}", x.bidegree);
            for v in one.indeterminacy.basis_vectors() {
                assert!(range.indeterminacy.contains(&v));
            }
            assert!(
                one.contains_up_to_sign(&range.value.vector),
                "<a, b, x> at x = {:?}: {:?} against {:?}",
                x.bidegree,
                one.value,
                range.value
            );
            compared += usize::from(!range.value.is_zero());
        }
    }
    assert!(compared >= 3, "{compared} nonzero values compared");
}

/// Lifts written and read back (`chain_map::saved`): the lift read back gives the same
/// products as the one computed, on every class of S_3 in range.
#[test]
fn a_lift_read_back_gives_the_same_products() {
    let res = resolve(
        FiniteModule::<MilnorAlgebra<ValidPrime>>::sphere_at(prime(3)),
        30,
        6,
    );
    let tgt = LiftTarget::new(&res);
    let hashes = ("source-hash", "target-hash");
    let mut compared = 0;
    for e in res.ext().into_iter().filter(|e| e.s() >= 1 && e.s() <= 2) {
        for index in 0..e.dim {
            let y = FqExt::basis(&res, e.bidegree, index).expect("in range");
            let computed = lift(&res, &tgt, &y, 4).expect("lift");
            let bytes = encode(&computed, &y, hashes);
            let loaded = load_class(&res, &tgt, &y, 4, &bytes, hashes).expect("read back");
            assert_eq!(loaded.levels(), computed.levels());
            for x_e in res.ext() {
                for k in 0..x_e.dim {
                    let x = FqExt::basis(&res, x_e.bidegree, k).expect("in range");
                    let (a, b) = (multiply(&computed, &x), multiply(&loaded, &x));
                    assert_eq!(a, b, "y at {:?}, x at {:?}", e.bidegree, x_e.bidegree);
                    compared += usize::from(a.is_some_and(|v| !v.is_zero()));
                }
            }
        }
    }
    assert!(compared > 10, "{compared} nonzero products compared");
}

/// A saved lift of another class, depth or module is stale; damaged bytes are corrupt.
#[test]
fn stale_and_damaged_lifts_are_told_apart() {
    let res = resolve(
        FiniteModule::<MilnorAlgebra<ValidPrime>>::sphere_at(prime(3)),
        20,
        4,
    );
    let tgt = LiftTarget::new(&res);
    let hashes = ("a", "b");
    let h0 = FqExt::basis(&res, Bidegree::n_s(3, 1), 0).expect("h0");
    let a0 = FqExt::basis(&res, Bidegree::n_s(0, 1), 0).expect("a0");
    let bytes = encode(&lift(&res, &tgt, &h0, 3).expect("lift"), &h0, hashes);
    let load =
        |y: &FqExt, levels: u32, b: &[u8], h| load_class(&res, &tgt, y, levels, b, h).map(|_| ());
    assert_eq!(load(&h0, 3, &bytes, hashes), Ok(()));
    // Another class, depth, or module: stale.
    let stale = |why| Err(Saved::Stale(why));
    assert_eq!(load(&a0, 3, &bytes, hashes), stale(Mismatch::Class));
    assert_eq!(load(&h0, 2, &bytes, hashes), stale(Mismatch::Range));
    assert_eq!(load(&h0, 3, &bytes, ("a", "c")), stale(Mismatch::Module));
    // 2·h0 is another class.
    let mut two_h0 = h0.clone();
    two_h0.vector.scale(2);
    assert_eq!(load(&two_h0, 3, &bytes, hashes), stale(Mismatch::Class));
    // A flipped payload byte, a cut file, not a lift file: corrupt.
    let mut flipped = bytes.clone();
    *flipped.last_mut().expect("bytes") ^= 1;
    let cut = &bytes[..bytes.len() - 1];
    for damaged in [&flipped[..], cut, b"hello"] {
        assert!(matches!(
            load(&h0, 3, damaged, hashes),
            Err(Saved::Corrupt(_))
        ));
    }
}
