//! C-motivic Ext of the sphere (`resolution::motivic`) against its sources: the
//! machine-generated table of Isaksen, Wang and Xu (`tests/data/motivic/S_2_iwx.csv`,
//! provenance in tests/data/README.md) in every bidegree, classical Ext after inverting `τ`
//! (`tests/data/ext/S_2.csv`), the `h_1`-tower of Dugger–Isaksen, and the named products
//! of Isaksen's chart.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::OnceLock;

use resolution::motivic::{ctau, resolve_sphere, MotivicExt, MotivicResolution};
use resolution::Bidegree;

use crate::reference::table;

const STEM: i32 = 40;
const S: u32 = 20;

/// One resolution through stem 40, `s ≤ 20` for every test here.
fn computed() -> &'static (MotivicResolution, MotivicExt) {
    static RES: OnceLock<(MotivicResolution, MotivicExt)> = OnceLock::new();
    RES.get_or_init(|| resolve_sphere(STEM, S))
}

type Counts = BTreeMap<(i32, u32, i32, Option<u32>), usize>;

/// `tests/data/motivic/NAME`: `(stem, s, w, torsion) ↦ count`.
fn iwx(name: &str) -> Counts {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/motivic")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = BTreeMap::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("stem"))
    {
        let f: Vec<&str> = line.split(',').collect();
        let torsion = (f[4] != "inf").then(|| f[4].parse().expect("torsion"));
        let key = (
            f[0].parse().unwrap(),
            f[1].parse().unwrap(),
            f[3].parse().unwrap(),
            torsion,
        );
        out.insert(key, f[5].parse().expect("count"));
    }
    out
}

#[test]
fn every_bidegree_agrees_with_isaksen_wang_xu_through_stem_40() {
    let (_, ext) = computed();
    let reference: Counts = iwx("S_2_iwx.csv")
        .into_iter()
        .filter(|((n, s, _, _), _)| *n <= STEM && *s <= S)
        .collect();
    let ours = ext.counts();
    let mut bad = Vec::new();
    for key in reference.keys().chain(ours.keys()) {
        let (a, b) = (ours.get(key), reference.get(key));
        if a != b {
            bad.push(format!("{key:?}: ours {a:?}, IWX {b:?}"));
        }
    }
    bad.dedup();
    assert!(
        bad.is_empty(),
        "{} disagreements:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn inverting_tau_gives_classical_ext() {
    let (_, ext) = computed();
    let (_, classical) = table("S_2.csv");
    for s in 0..=S {
        for n in 0..=STEM {
            let free = ext
                .summands
                .iter()
                .filter(|x| x.bidegree == Bidegree::n_s(n, s) && x.torsion.is_none())
                .count();
            let dim = classical.get(&(n, s)).copied().unwrap_or(0);
            assert_eq!(free, dim, "free summands at stem {n}, s = {s}");
        }
    }
}
