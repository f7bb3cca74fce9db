//! The unstable resolution (`resolution::unstable`) against `H(Λ(N))`: two independent
//! algorithms for the unstable Adams E2 page of `S^N` (BCKQRS 1966: `H(Λ(N))` is
//! `Ext_U(H̃^*(S^N))`), compared in every bidegree of a range.

use lambda::{homology, Sphere};
use resolution::unstable::resolve_sphere;
use resolution::Bidegree;

fn compare(n: u32, max_relative_stem: i32, max_s: u32) {
    let lambda = homology(Sphere::Unstable(n), max_relative_stem, max_s);
    let ext = resolve_sphere(n, max_relative_stem + n as i32, max_s);
    let mut nonzero = 0;
    for (b, &dim) in &lambda.dims {
        let absolute = Bidegree::n_s(b.n() + n as i32, b.s());
        let got = ext.dim(absolute).expect("inside the range");
        assert_eq!(
            got, dim,
            "S^{n} at {absolute}: resolution {got}, Λ({n}) {dim}"
        );
        nonzero += usize::from(dim > 0);
    }
    let total: usize = lambda.dims.values().filter(|&&d| d > 0).count();
    assert_eq!(ext.dims.len(), total, "S^{n}: nonzero bidegrees");
    assert!(nonzero > 0);
}

/// `S^1 … S^8`, relative stems ≤ 26 (absolute ≤ 34 at `S^8`), `s ≤ 5`.
#[test]
fn spheres_1_to_8_through_stem_26() {
    for n in 1..=8 {
        compare(n, 26, 5);
    }
}

/// `S^1 … S^8`, relative stems ≤ 30 (absolute ≤ 38 at `S^8`), `s ≤ 4`.
#[test]
fn spheres_1_to_8_through_stem_30() {
    for n in 1..=8 {
        compare(n, 30, 4);
    }
}

/// `S^1 … S^8`, relative stems ≤ 14, `s ≤ 8` (past the classes of `S^3`'s stem 14).
#[test]
fn spheres_1_to_8_higher_filtration() {
    for n in 1..=8 {
        compare(n, 14, 8);
    }
}
