//! Maps of modules and the long exact sequence of a cofibration.
//!
//! The cofibration `S → S → C2 → S^1` of the degree-2 map has in cohomology the short
//! exact sequence of A-modules `0 → ΣF_2 →j H^*(C2) →q F_2 → 0` (`j` the top cell, the
//! pinch `C2 → S^1`; `q` the bottom cell, `S → C2`), whose extension class is `h0`. A short
//! exact sequence of modules gives a long exact sequence in `Ext_A(−, F_2)` whose
//! connecting map is the product by the extension class (Cartan–Eilenberg, "Homological
//! Algebra" (1956), XIV.1; for the Adams spectral sequence of a cofibre sequence:
//! J. F. Adams, "Stable homotopy and generalised homology" (1974), III.15; Ravenel,
//! "Complex cobordism", 2nd ed., 2.3.4):
//!
//! ```text
//! … → Ext^{s,t}(F_2) →q* Ext^{s,t}(C2) →j* Ext^{s,t−1}(F_2) →h0 Ext^{s+1,t}(F_2) →q* …
//! ```
//!
//! The test checks, in every bidegree of the range, that consecutive maps compose to zero
//! and that `dim ker = dim im` at each spot, with `q*` and `j*` from lifted chain maps and
//! `h0` from the independent read-off of `d(g)` (`resolution::products`).

use fp::Matrix;
use resolution::chain_map::module_map::{induced, lift_module_map};
use resolution::chain_map::{ChainMap, LiftTarget};
use resolution::products::h_matrix;
use resolution::{Algorithm, Bidegree, Resolution, ResolutionConfig};
use steenrod::module::{FiniteModule, ModuleMap};

fn resolve(module: FiniteModule, max_stem: i32, max_s: u32) -> Resolution {
    let mut res = Resolution::new(module, ResolutionConfig { max_stem, max_s }).expect("range");
    res.resolve_with(Algorithm::Nassau).expect("resolution");
    res
}

fn c2() -> FiniteModule {
    FiniteModule::from_bundled("C2").expect("bundled C2")
}

fn images(pairs: &[(&str, &[&str])]) -> Vec<(String, Vec<(String, u32)>)> {
    pairs
        .iter()
        .map(|(x, ys)| {
            (
                x.to_string(),
                ys.iter().map(|y| (y.to_string(), 1)).collect(),
            )
        })
        .collect()
}

fn rank(m: &Matrix) -> usize {
    m.clone().row_reduce().len()
}

/// The three matrices around the spot `Ext^{s,t}(C2)`, `t = n + s`, and `h0` out of
/// `Ext^{s,t−1}(F_2)`; `None` where any is outside the lifted range.
struct Spot {
    q: Matrix,
    j: Matrix,
    h0: Matrix,
    q_next: Matrix,
}

fn spot(q: &ChainMap<'_>, j: &ChainMap<'_>, sphere: &Resolution, n: i32, s: u32) -> Option<Spot> {
    let t = n + s as i32;
    Some(Spot {
        q: induced(q, Bidegree::s_t(s, t))?,
        j: induced(j, Bidegree::s_t(s, t - 1))?,
        h0: h_matrix(sphere, 0, Bidegree::s_t(s, t - 1))?,
        q_next: induced(q, Bidegree::s_t(s + 1, t))?,
    })
}

fn check_les(max_stem: i32, max_s: u32) -> usize {
    let sphere = resolve(FiniteModule::sphere(), max_stem, max_s);
    let c2_res = resolve(c2(), max_stem, max_s);
    // q: H*(C2) → F_2 (the bottom cell), j: ΣF_2 → H*(C2) (the top cell).
    let q_map = ModuleMap::new(
        "q",
        &c2(),
        &FiniteModule::sphere(),
        0,
        &images(&[("x0", &["x0"])]),
    )
    .expect("q is a module map");
    let j_map = ModuleMap::new(
        "j",
        &FiniteModule::sphere(),
        &c2(),
        1,
        &images(&[("x0", &["x1"])]),
    )
    .expect("j is a module map");
    let (to_sphere, to_c2) = (LiftTarget::new(&sphere), LiftTarget::new(&c2_res));
    let q = lift_module_map(&c2_res, &to_sphere, &q_map, max_s + 1).expect("q lifts");
    let j = lift_module_map(&sphere, &to_c2, &j_map, max_s + 1).expect("j lifts");
    let mut checked = 0;
    for s in 0..max_s {
        // Stem 0: Ext^{s,s−1}(F_2) = 0, so q* is onto Ext^{s,s}(C2).
        let q0 = induced(&q, Bidegree::s_t(s, s as i32)).expect("stem 0 in range");
        assert_eq!(
            rank(&q0),
            q0.cols(),
            "q* is not onto Ext(C2) at (stem 0, s {s})"
        );
        checked += 1;
        for n in 1..max_stem {
            let at = format!("(stem {n}, s {s})");
            let x = spot(&q, &j, &sphere, n, s).unwrap_or_else(|| panic!("{at} in range"));
            let (a, c, b) = (x.q.rows(), x.q.cols(), x.j.cols());
            let (rq, rj, rh, rq2) = (rank(&x.q), rank(&x.j), rank(&x.h0), rank(&x.q_next));
            assert!(x.q.mul(&x.j).is_zero(), "j*·q* ≠ 0 at {at}");
            assert!(x.j.mul(&x.h0).is_zero(), "h0·j* ≠ 0 at {at}");
            assert!(x.h0.mul(&x.q_next).is_zero(), "q*·h0 ≠ 0 at {at}");
            assert_eq!(c - rj, rq, "ker j* ≠ im q* at Ext(C2) {at}");
            assert_eq!(b - rh, rj, "ker h0 ≠ im j* at Ext(S^1) {at}");
            assert_eq!(x.h0.cols() - rq2, rh, "ker q* ≠ im h0 at Ext(S), {at} + h0");
            if s == 0 {
                // The sequence starts 0 → Hom(F_2, F_2) → Hom(H*C2, F_2).
                assert_eq!(rq, a, "q* is not injective at {at}");
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn the_long_exact_sequence_of_the_cofiber_of_2_is_exact_through_stem_40() {
    assert_eq!(check_les(40, 20), 40 * 20);
}

#[test]
fn a_map_that_does_not_commute_with_sq1_is_refused_naming_the_generator() {
    // On C2, x0 ↦ x0 with x1 ↦ 0 fails Sq1: f(Sq1 x0) = f(x1) = 0, Sq1 f(x0) = x1.
    let err = ModuleMap::new("bad.json", &c2(), &c2(), 0, &images(&[("x0", &["x0"])]))
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "bad.json: images \"x0\": the map does not commute with Sq1 on x0: f(Sq1 x0) = 0, \
         but Sq1 f(x0) = x1"
    );
    let err = ModuleMap::new("bad.json", &c2(), &c2(), 0, &images(&[("x2", &["x0"])]))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("images \"x2\": no basis element \"x2\" in the source"),
        "{err}"
    );
    let err = ModuleMap::new("bad.json", &c2(), &c2(), 0, &images(&[("x0", &["x1"])]))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("x1 has degree 1, but x0 (degree 0) maps to degree 0"),
        "{err}"
    );
}
