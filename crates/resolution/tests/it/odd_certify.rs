//! The exactness certificate at odd primes (`Resolution::<OddModule>::certify`): it passes on the
//! resolutions the classical algorithm computes (and on one whose generators are rescaled
//! by units, still a minimal resolution), and refuses resolutions altered so that they are
//! no longer exact or minimal, naming the bidegree.

use fp::{FqVector, ValidPrime};
use resolution::certify::{Failure, Reason};
use resolution::{Algorithm, Bidegree, CertifyError, ResolutionConfig, RunOptions};
use resolution::{Differential, Resolution};
use steenrod::module::OddModule;
use steenrod::OddMilnorAlgebra;
use steenrod::{MilnorQP, PPart};

fn resolve(module: OddModule, max_stem: i32, max_s: u32) -> Resolution<OddModule> {
    let mut res =
        Resolution::<OddModule>::new(module, ResolutionConfig { max_stem, max_s }).expect("range");
    res.run(RunOptions {
        algorithm: Algorithm::Classical,
        ..RunOptions::default()
    })
    .expect("resolution");
    res
}

fn sphere(p: u32) -> OddModule {
    OddModule::sphere(ValidPrime::new(p).expect("prime"))
}

/// A copy of `res` whose differentials in each bidegree are `edit(s, t, values)`.
fn altered(
    res: &Resolution<OddModule>,
    edit: impl Fn(u32, i32, &mut Vec<FqVector<ValidPrime>>),
) -> Resolution<OddModule> {
    let config = res.config();
    let copy = Resolution::<OddModule>::new(res.module().clone(), config).expect("range");
    let min = res.module().min_degree();
    for s in 0..=config.max_s {
        for t in min + s as i32..=config.max_stem + s as i32 {
            let mut values: Vec<FqVector<ValidPrime>> = res
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
                    Differential::<OddMilnorAlgebra> { value, terms }
                })
                .collect();
            copy.free_module(s).set_gens(t, gens);
        }
    }
    copy
}

fn failure(res: &Resolution<OddModule>) -> Failure {
    match res.certify(res.config(), 2) {
        Err(CertifyError::Failed(f)) => f,
        other => panic!("expected a failed certificate, got {other:?}"),
    }
}

#[test]
fn resolutions_at_3_and_5_are_certified() {
    for (module, stem, s) in [
        (sphere(3), 60, 20),
        (sphere(5), 80, 12),
        (OddModule::from_bundled("Calpha").expect("bundled"), 40, 15),
        (OddModule::from_bundled("C3").expect("bundled"), 40, 15),
    ] {
        let res = resolve(module, stem, s);
        let c = res.certify(res.config(), 2).expect("certified");
        assert_eq!(c.max_stem, stem);
        assert_eq!(c.bidegrees, (stem as usize + 1) * (s as usize + 1));
    }
}

#[test]
fn generators_rescaled_by_units_are_still_certified() {
    // Multiplying each generator's differential by a unit of F_5 gives another minimal
    // resolution (an automorphism of each free module): the certificate must accept it,
    // so it reads coefficients, not just supports.
    let res = resolve(sphere(5), 40, 8);
    let copy = altered(&res, |_, _, values| {
        for v in values.iter_mut() {
            v.scale(3);
        }
    });
    copy.certify(copy.config(), 2)
        .expect("still minimal and exact");
}

#[test]
fn a_zeroed_differential_is_not_exact() {
    let res = resolve(sphere(3), 30, 8);
    // h_1 at (s 1, t 12): zeroing d(h_1) keeps d∘d = 0 but breaks exactness there.
    let copy = altered(&res, |s, t, values| {
        if (s, t) == (1, 12) {
            for v in values.iter_mut() {
                v.clear();
            }
        }
    });
    let f = failure(&copy);
    assert!(f.bidegree.t() <= 12, "{f}");
    assert!(
        matches!(
            f.reason,
            Reason::NotExact { .. } | Reason::NotMinimal { .. }
        ),
        "{f}"
    );
}

#[test]
fn a_differential_with_nonzero_d_squared_is_named() {
    let res = resolve(sphere(3), 30, 8);
    // The generator at (stem 11, s 2, t 13): add P(3)·a_0 to its differential (a_0 is the
    // first generator of C_1, degree 1, so P(3)·a_0 sits at the index of P(3) in A_12);
    // d(P(3)·a_0) = P(3)·β, whose Milnor product has the term β P(3) with coefficient 1
    // (Milnor 1958, Thm 4a), so d∘d ≠ 0 there.
    let target = Bidegree::n_s(11, 2);
    assert!(res.number_of_gens(target) > 0, "a generator at {target}");
    let op = MilnorQP {
        e: 0,
        r: PPart::from_slice(&[3]),
    };
    let k = res.algebra().index_of(12, &op);
    let copy = altered(&res, |s, t, values| {
        if Bidegree::s_t(s, t) == target {
            let v = &mut values[0];
            v.add_basis_element(k, 1);
        }
    });
    let f = failure(&copy);
    assert_eq!(f.bidegree, target, "{f}");
    assert_eq!(f.reason, Reason::DSquared { generator: 0 }, "{f}");
}

#[test]
fn a_duplicated_generator_in_the_top_row_is_not_minimal() {
    let res = resolve(sphere(3), 30, 6);
    let target = Bidegree::n_s(25, 6);
    assert!(res.number_of_gens(target) > 0, "a generator at {target}");
    let copy = altered(&res, |s, t, values| {
        if Bidegree::s_t(s, t) == target {
            let mut twice = values[0].clone();
            twice.scale(2);
            values.push(twice);
        }
    });
    let f = failure(&copy);
    assert_eq!(f.bidegree, target, "{f}");
    assert!(matches!(f.reason, Reason::NotMinimal { .. }), "{f}");
}
