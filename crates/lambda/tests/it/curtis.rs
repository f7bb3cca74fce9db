//! The Curtis table against the full-basis elimination ([`homology`]: ranks of the
//! differential's matrices over every admissible monomial, a different algorithm), and its
//! cycles checked to be cycles of `Λ(N)`.

use std::collections::BTreeSet;

use lambda::{homology, Lambda, Sphere};
use resolution::Bidegree;

use crate::curtis;

fn spheres(max_n: u32) -> impl Iterator<Item = Sphere> {
    std::iter::once(Sphere::Stable).chain((1..=max_n).map(Sphere::Unstable))
}

/// `dim H` of `Λ` and `Λ(1) … Λ(17)` (every `Λ(2i+1)` the table's layers `i ≤ 8` read)
/// agree with the elimination in every bidegree of stem ≤ 16 with `s ≤ 8`, and of stem
/// ≤ 12 with `s ≤ 14` (there `s ≥ n + 2`: the `λ_0`-periodic filtrations too).
#[test]
fn agrees_with_elimination() {
    let table = curtis();
    let mut nonzero = 0;
    for (max_stem, max_s) in [(16, 8), (12, 14)] {
        for sphere in spheres(17) {
            let old = homology(sphere, max_stem, max_s);
            for (b, &dim) in &old.dims {
                assert_eq!(table.dim(sphere, *b), Some(dim), "{sphere:?} at {b}");
                nonzero += usize::from(dim > 0);
            }
        }
    }
    assert!(nonzero > 1000, "{nonzero} nonzero bidegrees");
}

/// The table's cycles for `H(Λ(N))`: each has every term in `Λ(N)` at its bidegree,
/// `d(z) = 0` (the differential of `Λ`, term by term), and their leading terms are
/// distinct — for `Λ`, `Λ(1) … Λ(9)` through stem 26, `s ≤ 12`.
#[test]
fn cycles_are_cycles_of_the_sub_complex() {
    let table = curtis();
    let mut lambda = Lambda::new();
    let mut checked = 0;
    for sphere in spheres(9) {
        let bound = match sphere {
            Sphere::Stable => u8::MAX,
            Sphere::Unstable(n) => n as u8,
        };
        for n in 0..=26 {
            for s in 0..=12 {
                let b = Bidegree::n_s(n, s);
                let cycles = table.cycles(sphere, b).expect("inside");
                let mut leads = BTreeSet::new();
                for z in &cycles {
                    let mut dz = BTreeSet::new();
                    for m in z.iter() {
                        assert!(m.s() == s && m.stem() == n, "{m} at {b}");
                        assert!(m.indices().first().is_none_or(|&i| i < bound), "{m}");
                        for y in lambda.differential(m).iter() {
                            if !dz.remove(y) {
                                dz.insert(*y);
                            }
                        }
                    }
                    assert!(
                        dz.is_empty(),
                        "{sphere:?} at {b}: d({}) ≠ 0",
                        z[z.len() - 1]
                    );
                    assert!(leads.insert(z[z.len() - 1]), "a leading term twice at {b}");
                    checked += 1;
                }
                assert_eq!(cycles.len(), table.dim(sphere, b).unwrap());
            }
        }
    }
    assert!(checked > 500, "{checked} cycles");
}
