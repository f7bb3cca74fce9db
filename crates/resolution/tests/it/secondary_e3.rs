//! The Adams `E3` page of the sphere from `resolution::secondary`, against the reference
//! table `tests/data/ext/E3_S_2.csv` (stem ≤ 45, `s ≤ 25`): `E3` dimensions derived from
//! the `d2` of an independent resolver (sseq's `secondary`) and Weinan Lin's `E2`, as its
//! first line says; its `d2` agrees with those of Adams (1960) and Isaksen ("Stable
//! stems", Mem. AMS 262, 2019) named there.
//!
//! `dim E3^{s,t} = dim E2^{s,t} − rank(d2 out of (s, t)) − rank(d2 into (s, t))`: a wrong
//! `d2` anywhere in the range changes a rank, and with it two entries of the table.

use std::collections::BTreeMap;
use std::path::PathBuf;

use resolution::secondary::{e3_dimensions, e3_range, SecondaryLift};
use resolution::{Algorithm, Bidegree, Resolution, ResolutionConfig};
use steenrod::module::FiniteModule;

/// The table: its complete range `(max_stem, max_s)` and `(stem, s) → dim E3`.
fn table() -> ((i32, u32), BTreeMap<(i32, u32), usize>) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/ext/E3_S_2.csv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let first = text.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("# complete for stem <= "),
        "{}: first line {first:?}",
        path.display()
    );
    let range: Vec<i64> = first
        .split(|c: char| !c.is_ascii_digit())
        .filter(|x| !x.is_empty())
        .take(2)
        .map(|x| x.parse().expect("number"))
        .collect();
    let dims = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("stem"))
        .map(|l| {
            let f: Vec<i64> = l.split(',').map(|x| x.parse().expect("number")).collect();
            assert_eq!(f[0] + f[1], f[2], "t = stem + s in {l:?}");
            ((f[0] as i32, f[1] as u32), f[3] as usize)
        })
        .collect();
    ((range[0] as i32, range[1] as u32), dims)
}

fn rank(m: &fp::Matrix) -> usize {
    let mut m = m.clone();
    m.row_reduce().len()
}

/// The rank of `d2` out of `source`; 0 when the source is zero or the target has
/// negative stem (the lift has no `λ_2`: `s = 0` holds only `1` in stem 0).
fn d2_rank(res: &Resolution, lift: &SecondaryLift, source: Bidegree) -> usize {
    if source.n() < 1 || res.number_of_gens(source) == 0 {
        return 0;
    }
    rank(
        &lift
            .d2(source)
            .unwrap_or_else(|| panic!("d2 at {source} is outside the lifted range")),
    )
}

#[test]
fn e3_of_the_sphere_agrees_with_the_reference_through_stem_45() {
    let ((max_stem, max_s), want) = table();
    assert_eq!((max_stem, max_s), (45, 25), "the table's range");
    // d2 into stem n comes from stem n + 1, d2 out of filtration s lands in s + 2.
    let mut res = Resolution::new(
        FiniteModule::sphere(),
        ResolutionConfig {
            max_stem: max_stem + 1,
            max_s: max_s + 2,
        },
    )
    .expect("range");
    res.resolve_with(Algorithm::Nassau).expect("resolution");
    let lift = SecondaryLift::new(&res).expect("the sphere lifts");

    let mut got = BTreeMap::new();
    for n in 0..=max_stem {
        for s in 0..=max_s {
            let b = Bidegree::n_s(n, s);
            let into = if s >= 2 {
                d2_rank(&res, &lift, Bidegree::n_s(n + 1, s - 2))
            } else {
                0
            };
            let e3 = res.number_of_gens(b) - d2_rank(&res, &lift, b) - into;
            if e3 > 0 {
                got.insert((n, s), e3);
            }
        }
    }
    let differ: Vec<_> = want
        .keys()
        .chain(got.keys())
        .filter(|k| want.get(k) != got.get(k))
        .map(|k| (k, want.get(k), got.get(k)))
        .collect();
    assert!(
        differ.is_empty(),
        "E3 (stem, s): table vs computed: {differ:?}"
    );
    assert!(want.len() > 150, "the table has {} rows", want.len());

    // The library's E3 (what `adams d2` writes to e3.csv) over the same range.
    assert_eq!(e3_range(&lift), Some((max_stem, max_s)), "e3_range");
    let library: BTreeMap<(i32, u32), usize> = e3_dimensions(&lift)
        .into_iter()
        .map(|e| ((e.bidegree.n(), e.bidegree.s()), e.dim))
        .collect();
    assert_eq!(library, want, "e3_dimensions against the table");
}
