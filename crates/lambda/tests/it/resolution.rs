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
