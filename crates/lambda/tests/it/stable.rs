//! `H(Λ)` against the stable Ext of the sphere (`tests/data/ext/S_2.csv`: Weinan Lin's
//! archive of Adams E2 data, complete for `t ≤ 236`; provenance in tests/data/README.md).

use std::collections::BTreeMap;

use lambda::Sphere;

use crate::{dim_any_s, MAX_STEM};

/// The reference tables' reader, one for every crate's tests.
#[path = "../../../resolution/tests/it/reference.rs"]
mod tables;

/// The nonzero dimensions of `tests/data/ext/NAME` by (stem, s).
pub fn reference(name: &str) -> BTreeMap<(i32, u32), usize> {
    tables::table(name).1
}

/// A reference table with its first line.
pub fn reference_with_range(name: &str) -> (String, BTreeMap<(i32, u32), usize>) {
    tables::table(name)
}

/// Every bidegree of stem ≤ 40, every `s` the table holds (`t = n + s ≤ 236`, so
/// `s ≤ 196` and more than 20 everywhere): the Curtis table computes `s ≤ n + 2`, and above
/// that `H^{s}_n = H^{n+2}_n` by the `λ_0`-periodicity (`algebra::lambda_0_periodicity`),
/// so no filtration is left out (the table's zeros above the vanishing line included).
#[test]
fn every_bidegree_through_stem_40() {
    let (first, ext) = reference_with_range("S_2.csv");
    assert!(first.starts_with("# complete for t <= 236"), "{first}");
    let mut nonzero = 0;
    for n in 0..=MAX_STEM {
        for s in 0..=(236 - n) as u32 {
            let want = ext.get(&(n, s)).copied().unwrap_or(0);
            let got = dim_any_s(Sphere::Stable, n, s).expect("inside");
            assert_eq!(got, want, "H(Λ) at stem {n}, s = {s}: {got}, Ext {want}");
            nonzero += usize::from(got > 0 && n > 0);
        }
    }
    assert!(
        nonzero > 100,
        "{nonzero} nonzero bidegrees in positive stems"
    );
}
