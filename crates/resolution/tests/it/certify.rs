//! The exactness certificate (`resolution::certify`) on small cases: it passes on
//! resolutions computed by both algorithms, and refuses resolutions altered so that they
//! are no longer exact or minimal — a zeroed differential (d∘d = 0 still holds), a
//! differential that breaks d∘d = 0, a generator dropped, a generator duplicated in the
//! top row or below it, a module generator missing — naming the right bidegree.

//! The exactness certificate (`resolution::certify`, one implementation for every prime)
//! on small cases: it passes on resolutions computed by both algorithms at p = 2 and by
//! the classical one at p = 3 and 5 (and on one whose generators are rescaled by units,
//! still a minimal resolution), and refuses resolutions altered so that they are no
//! longer exact or minimal — a zeroed differential (d∘d = 0 still holds), a differential
//! that breaks d∘d = 0, a generator dropped, a generator duplicated in the top row or
//! below it, a module generator missing — naming the right bidegree. The checks that make
//! sense at every prime run at p = 2 and p = 3 from one test body.

use fp::{FpVector, ValidPrime, Vector};
use resolution::certify::{Failure, Reason};
use resolution::{Algorithm, Bidegree, CertifyError, Differential, Resolution, ResolutionConfig};
use resolution::{Resolvable, RunOptions};
use steenrod::module::FiniteModule;
use steenrod::MilnorAlgebra;
use steenrod::{MilnorQP, PPart, VectorOf};

fn resolve<M: Resolvable>(
    module: M,
    max_stem: i32,
    max_s: u32,
    algorithm: Algorithm,
) -> Resolution<M> {
    let mut res = Resolution::new(module, ResolutionConfig { max_stem, max_s }).expect("range");
    res.run(RunOptions {
        algorithm,
        ..RunOptions::default()
    })
    .expect("resolution");
    res
}

fn odd_sphere(p: u32) -> FiniteModule<MilnorAlgebra<ValidPrime>> {
    FiniteModule::<MilnorAlgebra<ValidPrime>>::sphere_at(ValidPrime::new(p).expect("prime"))
}

/// A copy of `res` whose differentials in each bidegree `(s, t)` are `edit(s, t, values)`
/// (all other structure recomputed from the values).
fn altered<M: Resolvable + Clone>(
    res: &Resolution<M>,
    edit: impl Fn(u32, i32, &mut Vec<VectorOf<M>>),
) -> Resolution<M> {
    let config = res.config();
    let copy = Resolution::new(res.module().clone(), config).expect("range");
    let min = res.module().min_degree();
    for s in 0..=config.max_s {
        for t in min + s as i32..=config.max_stem + s as i32 {
            let mut values: Vec<VectorOf<M>> = res
                .free_module(s)
                .gens(t)
                .iter()
                .map(|d| d.value.clone())
                .collect();
            edit(s, t, &mut values);
            let gens = values
                .into_iter()
                .map(|value| {
                    let terms = if s == 0 {
                        Vec::new()
                    } else {
                        copy.free_module(s - 1).decode(copy.algebra(), t, &value)
                    };
                    Differential { value, terms }
                })
                .collect();
            copy.free_module(s).set_gens(t, gens);
        }
    }
    copy
}

fn failure<M: Resolvable>(res: &Resolution<M>) -> Failure {
    match res.certify(res.config(), 2) {
        Err(CertifyError::Failed(f)) => f,
        other => panic!("expected a failed certificate, got {other:?}"),
    }
}

/// `c·v`, for a unit `c` of the field.
fn scaled<V: Vector>(v: &V, c: u32) -> V {
    let mut out = v.clone();
    out.clear();
    out.add_scaled_at(v, c, 0);
    out
}

/// `res` is certified over its whole range (stems from 0).
fn assert_certified<M: Resolvable>(res: &Resolution<M>, what: &str) {
    let ResolutionConfig { max_stem, max_s } = res.config();
    let c = res
        .certify(res.config(), 2)
        .unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!((c.max_stem, c.max_s, c.min_stem), (max_stem, max_s, 0));
    assert_eq!(c.bidegrees, (max_s as usize + 1) * (max_stem as usize + 1));
    // The range and the stem past it for s < S.
    assert_eq!(c.matrices, c.bidegrees + max_s as usize);
}

#[test]
fn resolutions_of_both_algorithms_and_odd_primes_are_certified() {
    for algorithm in [Algorithm::Nassau, Algorithm::Classical] {
        for (name, max_stem, max_s) in [("S_2", 30, 12), ("C2", 20, 10), ("Joker", 20, 8)] {
            let module = FiniteModule::from_bundled(name).unwrap_or_else(FiniteModule::sphere);
            let res = resolve(module, max_stem, max_s, algorithm);
            assert_certified(&res, &format!("{name} ({algorithm:?})"));
        }
    }
    for (module, stem, s) in [
        (odd_sphere(3), 60, 20),
        (odd_sphere(5), 80, 12),
        (
            FiniteModule::<MilnorAlgebra<ValidPrime>>::from_bundled_module("Calpha")
                .expect("bundled"),
            40,
            15,
        ),
        (
            FiniteModule::<MilnorAlgebra<ValidPrime>>::from_bundled_module("C3").expect("bundled"),
            40,
            15,
        ),
    ] {
        let name = module.name().to_string();
        assert_certified(&resolve(module, stem, s, Algorithm::Classical), &name);
    }
}

#[test]
fn generators_rescaled_by_units_are_still_certified() {
    // Multiplying each generator's differential by a unit of F_5 gives another minimal
    // resolution (an automorphism of each free module): the certificate must accept it,
    // so it reads coefficients, not just supports.
    let res = resolve(odd_sphere(5), 40, 8, Algorithm::Classical);
    let copy = altered(&res, |_, _, values| {
        for v in values.iter_mut() {
            *v = scaled(v, 3);
        }
    });
    copy.certify(copy.config(), 2)
        .expect("still minimal and exact");
}

#[test]
fn a_sub_range_is_certified_and_a_larger_one_is_refused() {
    let res = resolve(FiniteModule::sphere(), 20, 8, Algorithm::Nassau);
    let c = res
        .certify(
            ResolutionConfig {
                max_stem: 12,
                max_s: 5,
            },
            1,
        )
        .expect("sub-range");
    assert_eq!(c.bidegrees, 13 * 6);
    assert!(matches!(
        res.certify(
            ResolutionConfig {
                max_stem: 21,
                max_s: 8
            },
            1
        ),
        Err(CertifyError::Range(_))
    ));
    assert!(matches!(
        res.certify(
            ResolutionConfig {
                max_stem: 20,
                max_s: 9
            },
            1
        ),
        Err(CertifyError::Range(_))
    ));
    assert!(matches!(
        res.certify(
            ResolutionConfig {
                max_stem: -1,
                max_s: 2
            },
            1
        ),
        Err(CertifyError::Range(_))
    ));
    // An unresolved resolution: the first bidegree is named.
    let empty = Resolution::new(
        FiniteModule::sphere(),
        ResolutionConfig {
            max_stem: 3,
            max_s: 1,
        },
    )
    .expect("range");
    assert!(matches!(
        empty.certify(empty.config(), 1),
        Err(CertifyError::NotResolved(b)) if b == Bidegree::n_s(0, 0)
    ));
}

/// Zeroing the differential of the only generator at `b` (below the top row) keeps
/// d∘d = 0, but that generator is then a cycle that bounds nothing: not exact at `b`,
/// and nothing fails at a smaller stem (every other check it touches lies at a larger
/// stem, or at the same stem and a larger `s`).
fn zeroed_differential_is_not_exact_at<M: Resolvable + Clone>(res: &Resolution<M>, b: Bidegree) {
    assert_eq!(res.number_of_gens(b), 1, "{b}");
    let bad = altered(res, |s, t, v| {
        if Bidegree::s_t(s, t) == b {
            v[0].clear();
        }
    });
    let f = failure(&bad);
    assert_eq!(f.bidegree, b, "{f}");
    assert!(matches!(f.reason, Reason::NotExact { .. }), "{f}");
    let message = format!("not exact at C_{} in degree {}", b.s(), b.t());
    assert!(f.to_string().contains(&message), "{f}");
}

#[test]
fn a_zeroed_differential_is_not_exact_at_its_bidegree() {
    // h2^2 at (stem 6, s 2) at p = 2; h_1 at (stem 11, s 1) at p = 3 (Ext^1 is dual to the
    // indecomposables β, P^1, P^3, …: Liulevicius 1962).
    let res = resolve(FiniteModule::sphere(), 20, 8, Algorithm::Nassau);
    zeroed_differential_is_not_exact_at(&res, Bidegree::n_s(6, 2));
    let res = resolve(odd_sphere(3), 30, 8, Algorithm::Classical);
    zeroed_differential_is_not_exact_at(&res, Bidegree::n_s(11, 1));
}

/// Adding `e_k` (a basis element `op·h` of `C_{s−1}` whose `d(op·h) ≠ 0`) to the
/// differential of the first generator at `b` breaks d∘d = 0 there, and only there.
fn d_squared_is_named_at<M: Resolvable + Clone>(res: &Resolution<M>, b: Bidegree, k: usize) {
    assert!(res.number_of_gens(b) >= 1, "a generator at {b}");
    let bad = altered(res, |s, t, v| {
        if Bidegree::s_t(s, t) == b {
            v[0].add_basis_element(k, 1);
        }
    });
    let f = failure(&bad);
    assert_eq!(f.bidegree, b, "{f}");
    assert_eq!(f.reason, Reason::DSquared { generator: 0 }, "{f}");
}

#[test]
fn a_differential_with_nonzero_d_squared_is_named() {
    // p = 2: h0^2·h2 at (stem 3, s 3, t 6) gains Sq(4)·h0^2 (the first basis element of
    // (C_2)_6); d(Sq(4)·h0^2) = Sq(4)·Sq(1)·h0 ≠ 0.
    let res = resolve(FiniteModule::sphere(), 20, 8, Algorithm::Classical);
    d_squared_is_named_at(&res, Bidegree::s_t(3, 6), 0);
    // p = 3: the generator at (stem 11, s 2, t 13) gains P(3)·a_0 (a_0 is the first
    // generator of C_1, degree 1, so P(3)·a_0 sits at the index of P(3) in A_12);
    // d(P(3)·a_0) = P(3)·β, whose Milnor product has the term β P(3) with coefficient 1
    // (Milnor 1958, Thm 4a).
    let res = resolve(odd_sphere(3), 30, 8, Algorithm::Classical);
    let op = MilnorQP {
        e: 0,
        r: PPart::from_slice(&[3]),
    };
    let k = res.algebra().index_of(12, &op);
    d_squared_is_named_at(&res, Bidegree::n_s(11, 2), k);
}

#[test]
fn a_dropped_generator_is_not_exact_below_it() {
    let res = resolve(FiniteModule::sphere(), 20, 8, Algorithm::Nassau);
    // Drop h0^8 (stem 0, s 8, the top row): the cycle Sq(1)·h0^7 of C_7 in degree 8 is no
    // longer a boundary.
    assert_eq!(res.number_of_gens(Bidegree::s_t(8, 8)), 1);
    let bad = altered(&res, |s, t, v| {
        if (s, t) == (8, 8) {
            v.clear();
        }
    });
    let f = failure(&bad);
    assert_eq!(
        (f.bidegree.n(), f.bidegree.s(), f.bidegree.t()),
        (1, 7, 8),
        "{f}"
    );
    assert!(
        matches!(f.reason, Reason::NotExact { dim, rank_d, rank_next } if dim == rank_d + rank_next + 1),
        "{f}"
    );
}

/// A second generator at `b` in the top row whose differential is `c` times the first's
/// (`c` a unit) raises no rank: not minimal at `b`.
fn top_row_duplicate_is_not_minimal<M: Resolvable + Clone>(
    res: &Resolution<M>,
    b: Bidegree,
    c: u32,
) {
    assert_eq!(b.s(), res.config().max_s, "the top row");
    let before = res.number_of_gens(b);
    assert!(before >= 1, "a generator at {b}");
    let bad = altered(res, |s, t, v| {
        if Bidegree::s_t(s, t) == b {
            v.push(scaled(&v[0], c));
        }
    });
    let f = failure(&bad);
    assert_eq!(f.bidegree, b, "{f}");
    assert!(
        matches!(f.reason, Reason::NotMinimal { generators, .. } if generators == before + 1),
        "{f}"
    );
}

#[test]
fn a_duplicated_generator_in_the_top_row_is_not_minimal() {
    // h0^8 at (stem 0, s 8) at p = 2; at p = 3 a generator at (stem 25, s 6), doubled.
    let res = resolve(FiniteModule::sphere(), 20, 8, Algorithm::Nassau);
    assert_eq!(res.number_of_gens(Bidegree::s_t(8, 8)), 1);
    top_row_duplicate_is_not_minimal(&res, Bidegree::s_t(8, 8), 1);
    let res = resolve(odd_sphere(3), 30, 6, Algorithm::Classical);
    top_row_duplicate_is_not_minimal(&res, Bidegree::n_s(25, 6), 2);
}

#[test]
fn a_duplicated_generator_below_the_top_row_is_not_exact() {
    let res = resolve(FiniteModule::sphere(), 12, 6, Algorithm::Classical);
    // Duplicate h1 (s 1, t 2); the differentials of C_2 in degrees > 2 get zero
    // coefficients on the new generator's block (inserted after h1's).
    let alg = res.algebra().clone();
    let h1_end = |t: i32| alg.dim((t - 1) as u32) + alg.dim((t - 2) as u32); // h0, h1
    let bad = altered(&res, |s, t, v| {
        if (s, t) == (1, 2) {
            v.push(v[0].clone());
        }
        if s == 2 && t > 2 {
            let at = h1_end(t);
            let extra = alg.dim((t - 2) as u32);
            for x in v.iter_mut() {
                let mut bits: Vec<bool> = (0..x.len()).map(|i| x.get(i)).collect();
                bits.splice(at..at, std::iter::repeat_n(false, extra));
                *x = FpVector::from_bools(&bits);
            }
        }
    });
    let f = failure(&bad);
    // h1 + h1' is a cycle of C_1 in degree 2 that bounds nothing.
    assert_eq!(
        (f.bidegree.n(), f.bidegree.s(), f.bidegree.t()),
        (1, 1, 2),
        "{f}"
    );
    assert!(matches!(f.reason, Reason::NotExact { .. }), "{f}");
}

#[test]
fn a_missing_module_generator_is_not_onto() {
    let module = FiniteModule::from_json_str(
        "S0vS2",
        r#"{"p": 2, "type": "finite dimensional module", "gens": {"x0": 0, "x2": 2}, "actions": []}"#,
    )
    .expect("module");
    let res = resolve(module, 6, 0, Algorithm::Classical);
    assert_eq!(res.number_of_gens(Bidegree::s_t(0, 2)), 1);
    res.certify(res.config(), 1)
        .expect("the two cells are certified");
    let bad = altered(&res, |s, t, v| {
        if (s, t) == (0, 2) {
            v.clear();
        }
    });
    let f = failure(&bad);
    assert_eq!(
        (f.bidegree.n(), f.bidegree.s(), f.bidegree.t()),
        (2, 0, 2),
        "{f}"
    );
    assert_eq!(f.reason, Reason::NotOnto { rank: 0, dim: 1 }, "{f}");
}
