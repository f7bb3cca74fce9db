//! Chain maps, Yoneda products by any class and Massey products, checked
//! against published structure of `Ext_A(F_2, F_2)` and against the independent read-off
//! of `h_i` products from the differentials (`resolution::products`).
//!
//! Sources (bidegrees as `(stem, s)`):
//! - J. F. Adams, "On the non-existence of elements of Hopf invariant one", Ann. of Math.
//!   72 (1960), §4: in `Ext^2`, `h_i h_{i+1} = 0`, `h_i h_{i+2}^2 = 0`,
//!   `h_{i+1}^3 = h_i^2 h_{i+2}`, and `h_i^2 ≠ 0` (`Ext^{2,*}` has basis `h_i h_j`,
//!   `j ≠ i + 1`: so `h3^2 ≠ 0` at `(14, 2)`, `h4^2 ≠ 0` at `(30, 2)`);
//! - D. C. Isaksen, "Stable stems", Mem. AMS 262 (2019), the chart of Ext and its
//!   Table 1 (multiplicative generators) and Table 4 (Massey products): `c0` at `(8, 3)`
//!   with `h1 c0 ≠ 0` at `(9, 4)`; `d0` at `(14, 4)` with `h0 d0 ≠ 0` at `(14, 5)`;
//!   `c0 = ⟨h1, h0, h2^2⟩`, `P h1 = ⟨h3, h0^4, h1⟩` at `(9, 5)`,
//!   `P h2 = ⟨h3, h0^4, h2⟩` at `(11, 5)`, each with zero indeterminacy;
//! - `⟨h_i, h_{i+1}, h_i⟩ = h_{i+1}^2` and `⟨h_{i+1}, h_i, h_{i+1}⟩ = h_i h_{i+2}`:
//!   J. P. May, "Matric Massey products", J. Algebra 12 (1969) (the relations behind
//!   `h_i h_{i+1} = 0`; `Sq^0` of the first: W. Tangora, "On the cohomology of the Steenrod
//!   algebra", Math. Z. 116 (1970)); zero indeterminacy in the bidegrees used.

use resolution::chain_map::massey::{massey_product, massey_range, null_homotopy};
use resolution::chain_map::yoneda::{lift_class, multiply, ExtElement};
use resolution::chain_map::{ChainMap, ChainMapError, LiftTarget};
use resolution::products::h_matrix;
use resolution::{Algorithm, Bidegree, Resolution, ResolutionConfig};
use steenrod::module::FiniteModule;

fn resolve(module: FiniteModule, max_stem: i32, max_s: u32) -> Resolution {
    let mut res = Resolution::new(module, ResolutionConfig { max_stem, max_s }).expect("range");
    res.resolve_with(Algorithm::Nassau).expect("resolution");
    res
}

/// `h_i ∈ Ext^{1, 2^i}` of `res` (the sphere).
fn h(res: &Resolution, i: u32) -> ExtElement {
    ExtElement::basis(res, Bidegree::s_t(1, 1 << i), 0).expect("h_i in range")
}

/// The unique class at `(stem, s)`, asserting that Ext there is one-dimensional.
fn only(res: &Resolution, stem: i32, s: u32) -> ExtElement {
    let b = Bidegree::n_s(stem, s);
    assert_eq!(res.number_of_gens(b), 1, "Ext at {b} is one-dimensional");
    ExtElement::basis(res, b, 0).unwrap()
}

/// `x · y` with `x` lifted.
fn times<'a>(
    res: &'a Resolution,
    tgt: &LiftTarget<'a>,
    x: &ExtElement,
    y: &ExtElement,
) -> ExtElement {
    let map = lift_class(res, tgt, x, y.bidegree.s() + 1).expect("lift");
    multiply(&map, y).expect("product in range")
}

#[test]
fn products_by_h_i_agree_with_the_read_off_on_the_sphere_and_c2() {
    let sphere = resolve(FiniteModule::sphere(), 24, 8);
    let tgt = LiftTarget::new(&sphere);
    let mut compared = 0;
    for i in 0..=4u32 {
        let map = lift_class(&sphere, &tgt, &h(&sphere, i), u32::MAX).unwrap();
        for e in sphere.ext() {
            let b = e.bidegree;
            let (Some(read_off), Some(lifted)) =
                (h_matrix(&sphere, i, b), map.read(b.s(), b.t() + (1 << i)))
            else {
                continue;
            };
            assert_eq!(lifted, read_off, "h{i} on {b}");
            compared += 1;
        }
    }
    assert!(compared > 100, "{compared} bidegrees compared");
    // A module: every class y of Ext(C2) lifted, h_i · y read from its chain map.
    let c2 = resolve(FiniteModule::from_bundled("C2").unwrap(), 16, 6);
    let mut seen = 0;
    for e in c2.ext() {
        for index in 0..e.dim {
            let y = ExtElement::basis(&c2, e.bidegree, index).unwrap();
            let map = lift_class(&c2, &tgt, &y, 2).unwrap();
            for i in 0..=3u32 {
                let (Some(read_off), Some(p)) =
                    (h_matrix(&c2, i, e.bidegree), multiply(&map, &h(&sphere, i)))
                else {
                    continue;
                };
                assert_eq!(
                    p.vector,
                    read_off.row_vector(index),
                    "h{i} on class {index} at {}",
                    e.bidegree
                );
                seen += 1;
            }
        }
    }
    assert!(seen > 40, "{seen} products compared on C2");
}

#[test]
fn relations_in_ext_of_the_sphere() {
    let res = resolve(FiniteModule::sphere(), 34, 6);
    let tgt = LiftTarget::new(&res);
    let hs: Vec<ExtElement> = (0..=5).map(|i| h(&res, i)).collect();
    let maps: Vec<ChainMap<'_>> = hs
        .iter()
        .map(|x| lift_class(&res, &tgt, x, 6).unwrap())
        .collect();
    let by = |i: usize, y: &ExtElement| multiply(&maps[i], y).expect("in range");
    for i in 0..4 {
        // h_i h_{i+1} = 0 (Adams 1960).
        assert!(by(i, &hs[i + 1]).is_zero(), "h{i} h{}", i + 1);
        // h_i h_{i+2}^2 = 0, h_{i+1}^3 = h_i^2 h_{i+2} where in range (stem ≤ 34).
        if (1 << i) + 2 * (1 << (i + 2)) - 3 <= 34 {
            assert!(by(i, &by(i + 2, &hs[i + 2])).is_zero(), "h{i} h{}^2", i + 2);
        }
        if 3 * ((1 << (i + 1)) - 1) <= 34 {
            let cube = by(i + 1, &by(i + 1, &hs[i + 1]));
            let other = by(i, &by(i, &hs[i + 2]));
            assert_eq!(cube, other, "h{}^3 = h{i}^2 h{}", i + 1, i + 2);
            assert!(!cube.is_zero(), "h{}^3 ≠ 0", i + 1);
        }
    }
    // h_i^2 ≠ 0 (Adams 1960): h3^2 at (14, 2), h4^2 at (30, 2).
    assert!(!by(3, &hs[3]).is_zero());
    assert!(!by(4, &hs[4]).is_zero());
    // Isaksen, "Stable stems": h1 c0 ≠ 0, h0 d0 ≠ 0.
    assert!(!by(1, &only(&res, 8, 3)).is_zero(), "h1 c0");
    assert!(!by(0, &only(&res, 14, 4)).is_zero(), "h0 d0");
    // Commutativity, an independent check of the lifts: c0·h1 from the lift of c0.
    let c0 = only(&res, 8, 3);
    assert_eq!(times(&res, &tgt, &c0, &hs[1]), by(1, &c0));
}

#[test]
fn massey_products_of_the_sphere() {
    let res = resolve(FiniteModule::sphere(), 16, 8);
    let tgt = LiftTarget::new(&res);
    let hs: Vec<ExtElement> = (0..=3).map(|i| h(&res, i)).collect();
    let product = |x: &ExtElement, y: &ExtElement| times(&res, &tgt, x, y);
    let check = |a: &ExtElement, b: &ExtElement, c: &ExtElement, want: &ExtElement, what: &str| {
        let m = massey_product(&res, &tgt, a, b, c).expect(what);
        assert_eq!(m.value.bidegree, want.bidegree, "{what}");
        assert_eq!(m.indeterminacy.dim(), 0, "{what}: zero indeterminacy");
        assert!(m.contains(&want.vector), "{what}");
        assert!(!want.is_zero(), "{what} is nonzero");
    };
    check(
        &hs[0],
        &hs[1],
        &hs[0],
        &product(&hs[1], &hs[1]),
        "<h0,h1,h0> = h1^2",
    );
    check(
        &hs[1],
        &hs[0],
        &hs[1],
        &product(&hs[0], &hs[2]),
        "<h1,h0,h1> = h0h2",
    );
    check(
        &hs[1],
        &hs[2],
        &hs[1],
        &product(&hs[2], &hs[2]),
        "<h1,h2,h1> = h2^2",
    );
    check(
        &hs[2],
        &hs[1],
        &hs[2],
        &product(&hs[1], &hs[3]),
        "<h2,h1,h2> = h1h3",
    );
    let h2sq = product(&hs[2], &hs[2]);
    check(
        &hs[1],
        &hs[0],
        &h2sq,
        &only(&res, 8, 3),
        "c0 = <h1,h0,h2^2>",
    );
    check(
        &h2sq,
        &hs[0],
        &hs[1],
        &only(&res, 8, 3),
        "c0 = <h2^2,h0,h1>",
    );
    let mut h0_4 = hs[0].clone();
    for _ in 0..3 {
        h0_4 = product(&hs[0], &h0_4);
    }
    assert!(!h0_4.is_zero(), "h0^4 ≠ 0");
    check(
        &hs[3],
        &h0_4,
        &hs[1],
        &only(&res, 9, 5),
        "Ph1 = <h3,h0^4,h1>",
    );
    check(
        &hs[3],
        &h0_4,
        &hs[2],
        &only(&res, 11, 5),
        "Ph2 = <h3,h0^4,h2>",
    );
    // The periodicity operator <−, h0^4, h3> over the range, one null-homotopy: Ph1, Ph2.
    let p = null_homotopy(&res, &tgt, &h0_4, &hs[3], 8).unwrap();
    assert_eq!(p.read(&hs[1]).unwrap(), only(&res, 9, 5));
    assert_eq!(p.read(&hs[2]).unwrap(), only(&res, 11, 5));
    // The same over the whole range, with indeterminacies: <h3, h0^4, x> for every x.
    let range = massey_range(&tgt, &hs[3], &h0_4).unwrap();
    let at = |x: &ExtElement| range.iter().find(|(y, _)| y == x).map(|(_, m)| m.clone());
    for (x, want) in [(&hs[1], only(&res, 9, 5)), (&hs[2], only(&res, 11, 5))] {
        let m = at(x).expect("in range");
        assert_eq!(m.indeterminacy.dim(), 0);
        assert_eq!(m.value, want);
    }
    // <h3, h0^4, h0> is not defined (h0^5 ≠ 0 at (0, 5)): left out.
    assert!(at(&hs[0]).is_none());
    // Undefined: h0·h0 ≠ 0.
    assert_eq!(
        massey_product(&res, &tgt, &hs[1], &hs[0], &hs[0]).unwrap_err(),
        ChainMapError::ProductNotZero { which: "b·c" }
    );
}

#[test]
fn a_saved_lift_reads_back_and_damage_is_found() {
    use resolution::chain_map::saved::{encode, Expected, Mismatch, Saved};
    use resolution::chain_map::yoneda::load_class;
    let res = resolve(FiniteModule::sphere(), 20, 8);
    let tgt = LiftTarget::new(&res);
    let x = h(&res, 2);
    let map = lift_class(&res, &tgt, &x, 9).unwrap();
    let expected = Expected {
        source: "aa",
        target: "aa",
        element: &x.vector,
    };
    let bytes = encode(&map, &expected);
    let back = load_class(&res, &tgt, &x, 9, &bytes, ("aa", "aa")).unwrap();
    for e in res.ext() {
        let (s, t) = (e.bidegree.s(), e.bidegree.t() + 4);
        assert_eq!(map.read(s, t), back.read(s, t), "{}", e.bidegree);
    }
    // Another module, class or depth: stale, saying which.
    let stale = |r: Result<ChainMap<'_>, Saved>, why| matches!(r, Err(Saved::Stale(w)) if w == why);
    assert!(stale(
        load_class(&res, &tgt, &x, 9, &bytes, ("bb", "aa")),
        Mismatch::Module
    ));
    assert!(stale(
        load_class(&res, &tgt, &h(&res, 1), 9, &bytes, ("aa", "aa")),
        Mismatch::Class
    ));
    assert!(stale(
        load_class(&res, &tgt, &x, 3, &bytes, ("aa", "aa")),
        Mismatch::Range
    ));
    // One bit flipped in the payload, or the file cut short: corrupt.
    let mut flipped = bytes.clone();
    *flipped.last_mut().unwrap() ^= 1;
    let corrupt = |r: Result<ChainMap<'_>, Saved>| matches!(r, Err(Saved::Corrupt(_)));
    assert!(corrupt(load_class(
        &res,
        &tgt,
        &x,
        9,
        &flipped,
        ("aa", "aa")
    )));
    assert!(corrupt(load_class(
        &res,
        &tgt,
        &x,
        9,
        &bytes[..bytes.len() - 9],
        ("aa", "aa")
    )));
    assert!(corrupt(load_class(
        &res,
        &tgt,
        &x,
        9,
        b"garbage",
        ("aa", "aa")
    )));
    // Cut inside its header (no checksum line left): corrupt, not another lift's header.
    assert!(corrupt(load_class(
        &res,
        &tgt,
        &x,
        9,
        &bytes[..40],
        ("aa", "aa")
    )));
}

/// A Massey product or a product it needs outside the range names its own bidegree,
/// not a factor's: `⟨h0, h1, h0⟩` lies at `(2, 2)`; `h1·h2` (`b·c` of `⟨h2, h1, h2⟩`) at
/// `(4, 2)`; `h1·h0` (`b·c` of `⟨h0, h1, h0⟩`) at `(1, 2)`.
#[test]
fn out_of_range_names_the_bidegree_of_what_is_missing() {
    let out = |max_stem: i32, max_s: u32, [a, b, c]: [u32; 3]| {
        let res = resolve(FiniteModule::sphere(), max_stem, max_s);
        let tgt = LiftTarget::new(&res);
        massey_product(&res, &tgt, &h(&res, a), &h(&res, b), &h(&res, c)).unwrap_err()
    };
    let range = |what: &str, stem: i32, s: u32| ChainMapError::OutOfRange {
        what: what.into(),
        at: Bidegree::n_s(stem, s),
    };
    assert_eq!(out(1, 8, [0, 1, 0]), range("the Massey product", 2, 2));
    assert_eq!(out(3, 8, [2, 1, 2]), range("the product b·c", 4, 2));
    assert_eq!(out(8, 1, [0, 1, 0]), range("the product b·c", 1, 2));
}
