//! The classical resolution of the sphere against the independent reference table, and
//! `d∘d = 0` recomputed from scratch on every generator.

use std::collections::BTreeMap;

use fp::FpVector;
use resolution::{Algorithm, Resolution, ResolutionConfig};
use steenrod::module::FiniteModule;

fn reference(name: &str) -> BTreeMap<(i32, u32), usize> {
    crate::reference::table(name).1
}

fn resolve_sphere(max_stem: i32, max_s: u32, algorithm: Algorithm) -> Resolution {
    let mut res = Resolution::new(FiniteModule::sphere(), ResolutionConfig { max_stem, max_s })
        .expect("range");
    res.resolve_with(algorithm).expect("resolution");
    res
}

#[test]
fn classical_sphere_matches_reference_through_stem_30() {
    sphere_matches_reference(Algorithm::Classical);
}

#[test]
fn nassau_sphere_matches_reference_through_stem_30() {
    sphere_matches_reference(Algorithm::Nassau);
}

fn sphere_matches_reference(algorithm: Algorithm) {
    let (max_stem, max_s) = (30, 16);
    let res = resolve_sphere(max_stem, max_s, algorithm);
    let reference = reference("S_2.csv");
    let ours: BTreeMap<(i32, u32), usize> = res
        .ext()
        .iter()
        .map(|e| ((e.stem(), e.s()), e.dim))
        .collect();
    let mut checked = 0;
    for stem in 0..=max_stem {
        for s in 0..=max_s {
            let want = reference.get(&(stem, s)).copied().unwrap_or(0);
            let got = ours.get(&(stem, s)).copied().unwrap_or(0);
            assert_eq!(got, want, "Ext at stem {stem}, s {s}");
            checked += want;
        }
    }
    assert!(
        checked > 50,
        "the reference range should hold many classes, found {checked}"
    );
}

#[test]
fn d_squared_is_zero_on_every_generator() {
    for algorithm in [Algorithm::Classical, Algorithm::Nassau] {
        d_squared_is_zero(algorithm);
    }
}

fn d_squared_is_zero(algorithm: Algorithm) {
    let (max_stem, max_s) = (24, 10);
    let res = resolve_sphere(max_stem, max_s, algorithm);
    let alg = res.algebra();
    let mut checked = 0;
    for s in 2..=max_s {
        let below = res.free_module(s - 2);
        let middle = res.free_module(s - 1);
        for t in s as i32..=max_stem + s as i32 {
            for dg in res.free_module(s).gens(t) {
                let n = below.gens_below(t - 1);
                let off = below.offsets(alg, t, n);
                let mut dd = FpVector::new(off[n]);
                for term in &dg.terms {
                    // d(Sq(S)·h) = Sq(S)·d(h), d(h) = Σ Sq(U)·k.
                    for inner in &middle.differential(term.gen as usize).1.terms {
                        alg.multiply_basis_into(
                            &term.op(),
                            &inner.op(),
                            dd.limbs_mut(),
                            off[inner.gen as usize],
                        );
                    }
                }
                assert!(
                    dd.is_zero(),
                    "d∘d ≠ 0 on a generator of C_{s} in degree {t}"
                );
                assert!(
                    !dg.value.is_zero(),
                    "a generator of C_{s} with zero differential (t = {t})"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 50, "only {checked} generators checked");
}
