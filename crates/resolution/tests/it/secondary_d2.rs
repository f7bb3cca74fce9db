//! `d2` on `Ext^1` of the sphere from the secondary Steenrod algebra
//! (`resolution::secondary`), against J. F. Adams, "On the non-existence of elements of
//! Hopf invariant one", Ann. of Math. 72 (1960): `h0, h1, h2, h3` are permanent cycles
//! (they detect `2, η, ν, σ`) and `d2(h4) = h0 h3^2`, the only class of `Ext^{3,17}`
//! (stem 14).

use fp::Matrix;
use resolution::products::h_matrix;
use resolution::secondary::{d2_on_h, SecondaryError, SecondaryLift};
use resolution::{Algorithm, Bidegree, Resolution, ResolutionConfig};
use steenrod::module::FiniteModule;

fn resolve(module: FiniteModule, max_stem: i32, max_s: u32) -> Resolution {
    let mut res = Resolution::new(module, ResolutionConfig { max_stem, max_s }).expect("range");
    res.resolve_with(Algorithm::Nassau).expect("resolution");
    res
}

#[test]
fn d2_on_hopf_elements_of_the_sphere() {
    let res = resolve(FiniteModule::sphere(), 16, 3);
    for j in 0..=3 {
        let d2 = d2_on_h(&res, j).expect("in range");
        assert!(d2.iter().all(|&c| !c), "d2(h{j}) = {d2:?}, expected 0");
    }
    assert_eq!(
        res.number_of_gens(Bidegree::s_t(3, 17)),
        1,
        "Ext^(3,17) = {{h0 h3^2}}"
    );
    assert_eq!(d2_on_h(&res, 4), Ok(vec![true]), "d2(h4) = h0 h3^2");
}

#[test]
fn d2_refuses_other_modules_and_missing_range() {
    let c2 = FiniteModule::from_bundled("C2").expect("bundled C2");
    let res = resolve(c2, 8, 3);
    assert!(matches!(
        d2_on_h(&res, 2),
        Err(SecondaryError::NotSphere { .. })
    ));

    let res = resolve(FiniteModule::sphere(), 8, 3);
    assert_eq!(
        d2_on_h(&res, 4),
        Err(SecondaryError::OutOfRange {
            at: Bidegree::s_t(3, 17)
        })
    );
}

/// `d2(h5) = h0 h4^2`, the only class of `Ext^{3,33}` (stem 30) (Adams 1960).
#[test]
fn d2_of_h5() {
    let res = resolve(FiniteModule::sphere(), 31, 3);
    assert_eq!(
        res.number_of_gens(Bidegree::s_t(3, 33)),
        1,
        "Ext^(3,33) = {{h0 h4^2}}"
    );
    assert_eq!(d2_on_h(&res, 5), Ok(vec![true]), "d2(h5) = h0 h4^2");
}

fn product(a: &Matrix, b: &Matrix) -> Matrix {
    assert_eq!(a.cols(), b.rows());
    let mut m = Matrix::new(a.rows(), b.cols());
    for i in 0..a.rows() {
        for j in 0..b.cols() {
            let bit = (0..a.cols()).fold(false, |acc, k| acc ^ (a.get(i, k) & b.get(k, j)));
            m.set(i, j, bit);
        }
    }
    m
}

fn rank(m: &Matrix) -> usize {
    let mut m = m.clone();
    m.row_reduce().len()
}

fn same(a: &Matrix, b: &Matrix) -> bool {
    a.rows() == b.rows()
        && a.cols() == b.cols()
        && (0..a.rows()).all(|i| (0..a.cols()).all(|j| a.get(i, j) == b.get(i, j)))
}

/// The secondary lift of the sphere through stem 19, `s ≤ 6`, against D. Isaksen,
/// "Stable stems", Mem. AMS 262 (2019) (the `d2`'s of its Table of Adams differentials):
/// `d2(h4) = h0 h3^2`, `d2(e0) = h1^2 d0` (`Ext^{4,21} = {e0}`, `Ext^{6,22} = {h1^2 d0}`),
/// `d2(f0) = h0^2 e0 ≠ 0` (`Ext^{4,22} = {f0, h0^2 h2 h4}`, `d2(h0^2 h2 h4) = 0`, so the
/// rank is 1); and the identities every `d2` satisfies: `d2∘d2 = 0` and
/// `d2(h_i x) = h_i d2(x)` for `i = 0, 1, 2` on every class in range.
#[test]
fn secondary_lift_of_the_sphere() {
    let res = resolve(FiniteModule::sphere(), 19, 6);
    let lift = SecondaryLift::new(&res).expect("the sphere lifts");

    let d2 = |s: u32, t: i32| lift.d2(Bidegree::s_t(s, t));
    let h4 = d2(1, 16).expect("in range");
    assert_eq!((h4.rows(), h4.cols(), h4.get(0, 0)), (1, 1, true), "d2(h4)");
    let e0 = d2(4, 21).expect("in range");
    assert_eq!((e0.rows(), e0.cols(), e0.get(0, 0)), (1, 1, true), "d2(e0)");
    let f0 = d2(4, 22).expect("in range");
    assert_eq!(
        (f0.rows(), f0.cols(), rank(&f0)),
        (2, 1, 1),
        "d2 on Ext^(4,22)"
    );
    for (s, t) in [(1, 1), (1, 2), (1, 4), (1, 8), (3, 11)] {
        // h0, h1, h2, h3 and c0 are permanent cycles.
        let m = d2(s, t).expect("in range");
        assert_eq!(rank(&m), 0, "d2 at (s = {s}, t = {t})");
    }

    assert!(identities(&res, &lift) > 50, "too few identities checked");
}

/// `d2∘d2 = 0` and `d2(h_i x) = h_i d2(x)` (`i = 0, 1, 2`) on every class whose products
/// and differentials are in range; returns how many were checked.
fn identities(res: &Resolution, lift: &SecondaryLift) -> usize {
    let config = res.config();
    let mut checked = 0;
    for s in 0..=config.max_s {
        for t in s as i32..=s as i32 + config.max_stem {
            let b = Bidegree::s_t(s, t);
            let Some(d) = lift.d2(b) else { continue };
            if let Some(dd) = lift.d2(Bidegree::s_t(s + 2, t + 1)) {
                assert_eq!(rank(&product(&d, &dd)), 0, "d2∘d2 at {b}");
                checked += 1;
            }
            for i in 0..=2 {
                let (Some(h), Some(hd)) = (
                    h_matrix(res, i, b),
                    h_matrix(res, i, Bidegree::s_t(s + 2, t + 1)),
                ) else {
                    continue;
                };
                let Some(dh) = lift.d2(b.times_h(i)) else {
                    continue;
                };
                assert!(
                    same(&product(&h, &dh), &product(&d, &hd)),
                    "d2(h{i} x) at {b}"
                );
                checked += 1;
            }
        }
    }
    checked
}

/// The same identities through stem 40, `s ≤ 12`, where the `Y_{k,l}` with larger `k, l`
/// enter (a wrong correction term shows as a failed lift or a broken identity), and
/// `d2(h5) = h0 h4^2` (Adams 1960) through the general lift.
#[test]
fn secondary_lift_of_the_sphere_to_stem_40() {
    let res = resolve(FiniteModule::sphere(), 40, 12);
    let lift = SecondaryLift::new(&res).expect("the sphere lifts");
    let h5 = lift.d2(Bidegree::s_t(1, 32)).expect("in range");
    assert_eq!((h5.rows(), h5.cols(), h5.get(0, 0)), (1, 1, true), "d2(h5)");
    assert!(identities(&res, &lift) > 300, "too few identities checked");
}

/// The cone on `h4` has no secondary structure with `λ_2 = 0`: `d2(h4) = h0 h3^2 ≠ 0`
/// (Adams 1960), so no map detected by `h4` exists. The lift stops at `(s = 3, t = 17)`,
/// the bidegree of `h0 h3^2`, where the independent resolver's test (`cofib_h4` in sseq's
/// `ext/src/secondary.rs`) fails as well; below stem 14 nothing is obstructed.
#[test]
fn the_cone_on_h4_is_obstructed_at_h0_h3_squared() {
    let file = r#"{"type": "finite dimensional module", "p": 2, "gens": {"x0": 0, "x16": 16},
        "actions": ["Sq16 x0 = x16"]}"#;
    let ch4 = || match steenrod::module::AnyModule::from_json_str("Ch4", file) {
        Ok(steenrod::module::AnyModule::Two(m)) => m,
        _ => panic!("a p = 2 module"),
    };
    let res = resolve(ch4(), 20, 5);
    match SecondaryLift::new(&res) {
        Err(SecondaryError::Obstructed { module, at, .. }) => {
            assert_eq!((module.as_str(), at), ("Ch4", Bidegree::s_t(3, 17)));
        }
        other => panic!("expected an obstruction, got {:?}", other.err()),
    }
    assert!(SecondaryLift::new(&resolve(ch4(), 13, 5)).is_ok());
}
