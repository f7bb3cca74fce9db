//! `adams resolve S_2 --unstable N`: the unstable Adams E2 page of `S^N` against the
//! independent resolver's tables (`tests/data/ext/unstable_S_2_N.csv`, sseq's
//! `resolve_unstable`, provenance in tests/data/README.md) in every bidegree through
//! stem 40, `s ≤ 14`, and its refusals (exit 2, one line).

use crate::common::{
    assert_one_line_error, differences, read_table, reference_ext, resolve, resolve_in,
};

/// `S^1 … S^8` through stem 40, `s ≤ 14`, every bidegree; the first line says what the
/// table holds.
#[test]
fn spheres_against_the_independent_resolver() {
    for n in 1..=8 {
        let dir = tempfile::tempdir().unwrap();
        let unstable = n.to_string();
        let (ours, _) = resolve(
            "S_2",
            40,
            14,
            dir.path(),
            &["--unstable", &unstable, "--no-chart"],
        );
        let reference = read_table(&reference_ext(&format!("unstable_S_2_{n}")));
        assert_eq!(reference.complete, Some((40, 14)));
        assert!(ours.dims.len() > 10, "S^{n}: {} classes", ours.dims.len());
        assert_eq!(differences(&ours, &reference, 40, 14), vec![], "S^{n}");
        let text = std::fs::read_to_string(dir.path().join("ext.csv")).unwrap();
        assert!(text
            .lines()
            .next()
            .unwrap()
            .contains(&format!("unstable, S^{n}")));
    }
}

/// The acceptance command of the guide (docs/guide/15-unstable.md): S^7 through stem 40,
/// `s ≤ 14`, the bottom class at stem 7 on the chart.
#[test]
fn acceptance_command() {
    let dir = tempfile::tempdir().unwrap();
    let (ours, chart) = resolve("S_2", 40, 14, dir.path(), &["--unstable", "7"]);
    assert_eq!(ours.dims.get(&(7, 0)), Some(&1), "the bottom class of S^7");
    assert!(ours.dims.keys().all(|&(stem, _)| stem >= 7));
    assert!(chart.contains("Ext_U^(s,t) of S^7"), "{chart}");
}

#[test]
fn refusals() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let cases: [(&str, &[&str], &[&str]); 4] = [
        (
            "C2",
            &["--unstable", "3"],
            &["--unstable 3", "MODULE must be S_2"],
        ),
        (
            "S_2",
            &["--unstable", "9"],
            &["--max-stem 5", "bottom class of S^9"],
        ),
        ("S_2", &["--unstable", "3", "--certify"], &["--certify"]),
        (
            "S_2",
            &["--unstable", "3", "--save-dir", out],
            &["--save-dir"],
        ),
    ];
    for (module, extra, mentions) in cases {
        let o = resolve_in(dir.path(), module, 5, 3, out, extra);
        assert_one_line_error(&o, 2, mentions);
    }
    let o = resolve_in(dir.path(), "S_2", 5, 3, out, &["--unstable", "0"]);
    assert_one_line_error(&o, 2, &["--unstable"]);
}
