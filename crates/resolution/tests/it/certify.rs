//! The exactness certificate (`resolution::certify`) on small cases: it passes on
//! resolutions computed by both algorithms, and refuses resolutions altered so that they
//! are no longer exact or minimal — a zeroed differential (d∘d = 0 still holds), a
//! differential that breaks d∘d = 0, a generator dropped, a generator duplicated in the
//! top row or below it, a module generator missing — naming the right bidegree.

use fp::FpVector;
use resolution::certify::{Failure, Reason};
use resolution::{Algorithm, Bidegree, CertifyError, Differential, Resolution, ResolutionConfig};
use steenrod::module::FiniteModule;

fn resolve(module: FiniteModule, max_stem: i32, max_s: u32, algorithm: Algorithm) -> Resolution {
    let mut res = Resolution::new(module, ResolutionConfig { max_stem, max_s }).expect("range");
    res.resolve_with(algorithm).expect("resolution");
    res
}

/// A copy of `res` whose differentials in each bidegree `(s, t)` are `edit(s, t, values)`
/// (all other structure recomputed from the values).
fn altered(res: &Resolution, edit: impl Fn(u32, i32, &mut Vec<FpVector>)) -> Resolution {
    let config = res.config();
    let copy = Resolution::new(res.module().clone(), config).expect("range");
    let min = res.module().min_degree();
    for s in 0..=config.max_s {
        for t in min + s as i32..=config.max_stem + s as i32 {
            let mut values: Vec<FpVector> = res
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

fn failure(res: &Resolution) -> Failure {
    match res.certify(res.config(), 2) {
        Err(CertifyError::Failed(f)) => f,
        other => panic!("expected a failed certificate, got {other:?}"),
    }
}

#[test]
fn resolutions_of_both_algorithms_are_certified() {
    for algorithm in [Algorithm::Nassau, Algorithm::Classical] {
        for (name, max_stem, max_s) in [("S_2", 30, 12), ("C2", 20, 10), ("Joker", 20, 8)] {
            let module = FiniteModule::from_bundled(name).unwrap_or_else(FiniteModule::sphere);
            let res = resolve(module, max_stem, max_s, algorithm);
            let c = res
                .certify(res.config(), 2)
                .unwrap_or_else(|e| panic!("{name} ({algorithm:?}): {e}"));
            assert_eq!((c.max_stem, c.max_s, c.min_stem), (max_stem, max_s, 0));
            assert_eq!(c.bidegrees, (max_s as usize + 1) * (max_stem as usize + 1));
            // The range and the stem past it for s < S.
            assert_eq!(c.matrices, c.bidegrees + max_s as usize);
        }
    }
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

#[test]
fn a_zeroed_differential_is_not_exact_at_its_bidegree() {
    let res = resolve(FiniteModule::sphere(), 20, 8, Algorithm::Nassau);
    // h2^2 at (stem 6, s 2): its differential set to 0 keeps d∘d = 0.
    assert_eq!(res.number_of_gens(Bidegree::s_t(2, 8)), 1);
    let bad = altered(&res, |s, t, v| {
        if (s, t) == (2, 8) {
            v[0] = FpVector::new(v[0].len());
        }
    });
    let f = failure(&bad);
    assert_eq!(
        (f.bidegree.n(), f.bidegree.s(), f.bidegree.t()),
        (6, 2, 8),
        "{f}"
    );
    assert!(matches!(f.reason, Reason::NotExact { .. }), "{f}");
    assert!(
        f.to_string().contains("not exact at C_2 in degree 8"),
        "{f}"
    );
}

#[test]
fn a_differential_with_nonzero_d_squared_is_named() {
    let res = resolve(FiniteModule::sphere(), 20, 8, Algorithm::Classical);
    // h0^2·h2 at (stem 3, s 3, t 6): add Sq(4)·h0^2 (the first basis element of (C_2)_6) to
    // its differential; d(Sq(4)·h0^2) = Sq(4)·Sq(1)·h0 ≠ 0.
    assert!(res.number_of_gens(Bidegree::s_t(3, 6)) >= 1);
    let bad = altered(&res, |s, t, v| {
        if (s, t) == (3, 6) {
            v[0].flip(0);
        }
    });
    let f = failure(&bad);
    assert_eq!(
        (f.bidegree.n(), f.bidegree.s(), f.bidegree.t()),
        (3, 3, 6),
        "{f}"
    );
    assert_eq!(f.reason, Reason::DSquared { generator: 0 }, "{f}");
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

#[test]
fn a_duplicated_generator_in_the_top_row_is_not_minimal() {
    let res = resolve(FiniteModule::sphere(), 20, 8, Algorithm::Nassau);
    assert_eq!(res.number_of_gens(Bidegree::s_t(8, 8)), 1);
    let bad = altered(&res, |s, t, v| {
        if (s, t) == (8, 8) {
            v.push(v[0].clone());
        }
    });
    let f = failure(&bad);
    assert_eq!(
        (f.bidegree.n(), f.bidegree.s(), f.bidegree.t()),
        (0, 8, 8),
        "{f}"
    );
    assert!(
        matches!(f.reason, Reason::NotMinimal { generators: 2, .. }),
        "{f}"
    );
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
