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
//! At an odd prime `p` the cofiber `C3` of the degree-3 map (p = 3) has the same sequence
//! with `β` joining its cells and the connecting map the product by `a0` (Ravenel,
//! "Complex cobordism", 2nd ed., 2.3.4 and 3.2.5 at odd p).
//!
//! The test checks, in every bidegree of the range, that consecutive maps compose to zero
//! and that `dim ker = dim im` at each spot, with `q*` and `j*` from lifted chain maps and
//! `h0` (`a0`) from the independent read-off of `d(g)` (`resolution::products`).

use fp::ValidPrime;
use fp::{Field, MatrixOf, SubspaceOf, Vector};
use resolution::chain_map::module_map::{induced, lift_module_map};
use resolution::chain_map::{ChainMap, LiftModule, LiftTarget, MatrixOver};
use resolution::products::{product_matrix, Primitive, ReadOff};
use resolution::{Algorithm, Bidegree, ModuleSteps, Resolution, ResolutionConfig, RunOptions};
use steenrod::module::{FiniteModule, ModuleAlgebra, ModuleMap};
use steenrod::{MilnorAlgebra, Module};

fn resolve<M: ModuleSteps>(module: M, algorithm: Algorithm, range: (i32, u32)) -> Resolution<M> {
    let (max_stem, max_s) = range;
    let mut res = Resolution::new(module, ResolutionConfig { max_stem, max_s }).expect("range");
    res.run(RunOptions {
        algorithm,
        ..RunOptions::default()
    })
    .expect("resolution");
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

/// The rank over F_p of a matrix over the field of `M`.
fn rank<M: LiftModule>(
    field: <M::Algebra as steenrod::Algebra>::Field,
    m: &MatrixOver<M>,
) -> usize {
    let rows = (0..m.rows()).map(|k| m.row_vector(k)).collect();
    field.span(m.cols(), rows).dim()
}

/// Whether the composite `a · b` (rows act on the left: `v ↦ v·a·b`) is zero.
fn composite_is_zero<M: LiftModule>(
    field: <M::Algebra as steenrod::Algebra>::Field,
    a: &MatrixOver<M>,
    b: &MatrixOver<M>,
) -> bool {
    (0..a.rows()).all(|r| {
        let mut v = field.zero_vector(b.cols());
        for (k, c) in a.row_vector(r).nonzero_entries() {
            v.add_scaled_at(&b.row_vector(k), c, 0);
        }
        v.is_zero()
    })
}

/// The three matrices around the spot `Ext^{s,t}(C)`, `t = n + s`, and the connecting
/// map `x` out of `Ext^{s,t−1}(F_p)`; `None` where any is outside the lifted range.
struct Spot<M: LiftModule> {
    q: MatrixOver<M>,
    j: MatrixOver<M>,
    x: MatrixOver<M>,
    q_next: MatrixOver<M>,
}

type Maps<'a, M> = (&'a ChainMap<'a, M>, &'a ChainMap<'a, M>);

fn spot<M: LiftModule<Algebra: ReadOff>>(
    (q, j): Maps<'_, M>,
    x: Primitive,
    sphere: &Resolution<M>,
    n: i32,
    s: u32,
) -> Option<Spot<M>> {
    let t = n + s as i32;
    Some(Spot {
        q: induced(q, Bidegree::s_t(s, t))?,
        j: induced(j, Bidegree::s_t(s, t - 1))?,
        x: product_matrix(sphere, x, Bidegree::s_t(s, t - 1))?,
        q_next: induced(q, Bidegree::s_t(s + 1, t))?,
    })
}

/// The long exact sequence of `0 → ΣF_p →j H^*(C) →q F_p → 0` (`C` the cofiber of `p`,
/// cells `x0`, `x1` joined by the connecting class `x`: `h0 = Sq^1` at p = 2, `a0 = β`
/// at odd p) checked in every bidegree through `range`; the number of spots checked.
fn check_les<A: ModuleAlgebra + ReadOff>(
    (sphere_module, c): (FiniteModule<A>, FiniteModule<A>),
    x: Primitive,
    algorithm: Algorithm,
    range: (i32, u32),
) -> usize
where
    FiniteModule<A>: LiftModule + ModuleSteps<StepAlgebra = A>,
{
    let (max_stem, max_s) = range;
    let field = sphere_module.field();
    let q_map = ModuleMap::new("q", &c, &sphere_module, 0, &images(&[("x0", &["x0"])]))
        .expect("q is a module map");
    let j_map = ModuleMap::new("j", &sphere_module, &c, 1, &images(&[("x0", &["x1"])]))
        .expect("j is a module map");
    let sphere = resolve(sphere_module, algorithm, range);
    let c_res = resolve(c, algorithm, range);
    let (to_sphere, to_c) = (LiftTarget::new(&sphere), LiftTarget::new(&c_res));
    let q = lift_module_map(&c_res, &to_sphere, &q_map, max_s + 1).expect("q lifts");
    let j = lift_module_map(&sphere, &to_c, &j_map, max_s + 1).expect("j lifts");
    let rk = |m: &MatrixOver<FiniteModule<A>>| rank::<FiniteModule<A>>(field, m);
    let zero = |a: &MatrixOver<FiniteModule<A>>, b: &MatrixOver<FiniteModule<A>>| {
        composite_is_zero::<FiniteModule<A>>(field, a, b)
    };
    let mut checked = 0;
    for s in 0..max_s {
        // Stem 0: Ext^{s,s−1}(F_p) = 0, so q* is onto Ext^{s,s}(C).
        let q0 = induced(&q, Bidegree::s_t(s, s as i32)).expect("stem 0 in range");
        assert_eq!(
            rk(&q0),
            q0.cols(),
            "q* is not onto Ext(C) at (stem 0, s {s})"
        );
        checked += 1;
        for n in 1..max_stem {
            let at = format!("(stem {n}, s {s})");
            let sp = spot((&q, &j), x, &sphere, n, s).unwrap_or_else(|| panic!("{at} in range"));
            let (a, c, b) = (sp.q.rows(), sp.q.cols(), sp.j.cols());
            let (rq, rj, rx, rq2) = (rk(&sp.q), rk(&sp.j), rk(&sp.x), rk(&sp.q_next));
            assert!(zero(&sp.q, &sp.j), "j*·q* ≠ 0 at {at}");
            assert!(zero(&sp.j, &sp.x), "x·j* ≠ 0 at {at}");
            assert!(zero(&sp.x, &sp.q_next), "q*·x ≠ 0 at {at}");
            assert_eq!(c - rj, rq, "ker j* ≠ im q* at Ext(C) {at}");
            assert_eq!(b - rx, rj, "ker x ≠ im j* at Ext(S^1) {at}");
            assert_eq!(sp.x.cols() - rq2, rx, "ker q* ≠ im x at Ext(S), {at} + x");
            if s == 0 {
                // The sequence starts 0 → Hom(F_p, F_p) → Hom(H*C, F_p).
                assert_eq!(rq, a, "q* is not injective at {at}");
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn the_long_exact_sequence_of_the_cofiber_of_2_is_exact_through_stem_40() {
    let modules = (FiniteModule::sphere(), c2());
    let checked = check_les(modules, Primitive::H(0), Algorithm::Nassau, (40, 20));
    assert_eq!(checked, 40 * 20);
}

/// At p = 3 the cofiber of 3 is `C3` (`β x0 = x1`), the connecting class `a0`.
#[test]
fn the_long_exact_sequence_of_the_cofiber_of_3_is_exact_through_stem_60() {
    let odd = |name: &str| {
        FiniteModule::<MilnorAlgebra<ValidPrime>>::from_bundled_module(name)
            .unwrap_or_else(|| panic!("bundled {name}"))
    };
    let modules = (odd("S_3"), odd("C3"));
    let checked = check_les(modules, Primitive::A0, Algorithm::Classical, (60, 15));
    assert_eq!(checked, 60 * 15);
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
