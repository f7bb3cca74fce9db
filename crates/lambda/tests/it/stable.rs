//! `H(Λ)` against the stable Ext of the sphere (`tests/data/ext/S_2.csv`: Weinan Lin's
//! archive of Adams E2 data, complete for `t ≤ 236`; provenance in tests/data/README.md).

use std::collections::BTreeMap;

use lambda::{homology, Sphere};

/// The reference tables' reader, one for every crate's tests.
#[path = "../../../resolution/tests/it/reference.rs"]
mod tables;

/// The nonzero dimensions of `tests/data/ext/NAME` by (stem, s).
pub fn reference(name: &str) -> BTreeMap<(i32, u32), usize> {
    tables::table(name).1
}

fn compare(max_stem: i32, max_s: u32) {
    let ext = reference("S_2.csv");
    let table = homology(Sphere::Stable, max_stem, max_s);
    let mut nonzero = 0;
    for (b, &dim) in &table.dims {
        let want = ext.get(&(b.n(), b.s())).copied().unwrap_or(0);
        assert_eq!(dim, want, "H(Λ) at {b}: {dim}, Ext {want}");
        nonzero += usize::from(dim > 0);
    }
    assert!(nonzero > max_stem as usize, "{nonzero} nonzero bidegrees");
}

/// Every bidegree with stem ≤ 40 and `s ≤ 4`.
#[test]
fn through_stem_40_low_filtration() {
    compare(40, 4);
}

/// Every bidegree with stem ≤ 17 and `s ≤ 9`, past the vanishing line `s ≤ n/2 + 3`
/// there.
#[test]
fn through_stem_17() {
    compare(17, 9);
}
