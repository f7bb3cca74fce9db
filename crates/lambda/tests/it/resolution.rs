//! The unstable resolution (`resolution::unstable`) against `H(Λ(N))`: two independent
//! algorithms for the unstable Adams E2 page of `S^N` (BCKQRS 1966: `H(Λ(N))` is
//! `Ext_U(H̃^*(S^N))`), compared in every bidegree of a range.

use lambda::Sphere;
use resolution::unstable::resolve_sphere;
use resolution::Bidegree;

use crate::curtis;

/// The largest relative stem compared.
const MAX_RELATIVE_STEM: i32 = 30;

/// `S^1 … S^8`, relative stems ≤ 30 (absolute ≤ 38 at `S^8`), every `s ≤ 32`: `32 = 30 + 2`,
/// so in each stem the filtrations past those compared are `λ_0`-periodic on the Lambda
/// side (`algebra::lambda_0_periodicity`); the resolution is resolved to `s ≤ 32` (about
/// 1 s for the eight spheres).
#[test]
fn spheres_1_to_8_every_filtration_through_stem_30() {
    let max_s = MAX_RELATIVE_STEM as u32 + 2;
    for n in 1..=8u32 {
        let ext = resolve_sphere(n, MAX_RELATIVE_STEM + n as i32, max_s);
        let mut nonzero = 0;
        for stem in 0..=MAX_RELATIVE_STEM {
            for s in 0..=max_s {
                let want = curtis().dim(Sphere::Unstable(n), Bidegree::n_s(stem, s));
                let absolute = Bidegree::n_s(stem + n as i32, s);
                let got = ext.dim(absolute);
                assert_eq!(
                    got, want,
                    "S^{n} at {absolute}: resolution {got:?}, Λ({n}) {want:?}"
                );
                nonzero += usize::from(got > Some(0));
            }
        }
        assert_eq!(ext.dims.len(), nonzero, "S^{n}: nonzero bidegrees");
        assert!(nonzero > 10, "S^{n}: {nonzero}");
    }
}

/// The suspension `E2(S^N) → E2(S^{N+1})` of the resolutions (`resolution::unstable::
/// suspension`: a chain map between minimal resolutions by free unstable modules) against
/// the map `H(Λ(N)) → H(Λ(N+1))` of the inclusion (the Curtis table's ranks: BCKQRS 1966,
/// Curtis 1971), rank by rank, for `N = 1 … 10` through relative stem 30, `s ≤ 12`.
#[test]
fn the_suspension_against_the_lambda_algebra() {
    use resolution::unstable::{sphere_module, suspension, UnstableResolution};
    let (stem, max_s) = (MAX_RELATIVE_STEM, 12);
    let resolve =
        |n: u32| UnstableResolution::resolve(sphere_module(n), stem + n as i32 + 1, max_s);
    let mut below = resolve(1);
    let mut nonzero = 0;
    for n in 1..=10u32 {
        let above = resolve(n + 1);
        let sigma = suspension(&below, &above).expect("a chain map");
        for k in 0..=stem {
            for s in 0..=max_s {
                let want = curtis()
                    .suspension_rank(n, Bidegree::n_s(k, s))
                    .expect("in range");
                let got = sigma.rank(Bidegree::n_s(k + n as i32, s));
                assert_eq!(got, want, "σ: S^{n} → S^{} at relative ({k}, {s})", n + 1);
                nonzero += usize::from(want > 0);
            }
        }
        below = above;
    }
    assert!(nonzero > 500, "{nonzero} nonzero ranks");
}
