//! `adams resolve` at odd primes: the outputs name the prime, the chart carries the
//! products by `a0` and `h0`, and what exists only at p = 2 is refused with the reason.

use crate::common;

use std::fs;

use common::*;

#[test]
fn outputs_name_the_prime_and_carry_a0_and_h0() {
    let dir = tempfile::tempdir().unwrap();
    let (table, chart) = resolve("S_3", 20, 6, dir.path(), &[]);
    // Ext^{0,0} = F_3 and Ext^{1,*}: a0 (stem 0), h0 (stem 2p − 3 = 3), h1 (stem 11)
    // (Liulevicius 1962: Ext^1 is dual to the indecomposables β, P^1, P^3, …).
    assert_eq!(table.dims.get(&(0, 0)), Some(&1));
    let ext1: Vec<i32> = table
        .dims
        .keys()
        .filter(|&&(_, s)| s == 1)
        .map(|&(stem, _)| stem)
        .collect();
    assert_eq!(ext1, [0, 3, 11]);
    assert!(chart.contains("over the mod 3 Steenrod algebra"), "{chart}");
    let csv = fs::read_to_string(dir.path().join("ext.csv")).unwrap();
    assert!(
        csv.lines()
            .next()
            .unwrap()
            .contains("mod 3 Steenrod algebra"),
        "{csv}"
    );
    let json = fs::read_to_string(dir.path().join("chart.json")).unwrap();
    assert!(json.contains("\"prime\": 3"), "{json}");
    // The unit times a0 and h0: the classes at (0, 1) and (3, 1), each with a nonzero
    // coefficient.
    let unit = json
        .lines()
        .find(|l| l.contains("\"stem\":0,\"s\":0,"))
        .expect("the unit");
    assert!(unit.contains("\"a0\":[[0,"), "{unit}");
    assert!(unit.contains("\"h0\":[[0,"), "{unit}");
    assert!(!unit.contains("\"h1\""), "{unit}");
    let svg = fs::read_to_string(dir.path().join("chart.svg")).unwrap();
    assert!(svg.contains("mod 3"), "svg title");
    let summary = fs::read_to_string(dir.path().join("summary.json")).unwrap();
    assert!(
        summary.contains("\"algorithm\": \"classical\""),
        "{summary}"
    );
}

#[test]
fn what_exists_only_at_p_2_is_refused_at_odd_primes() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let out = out.to_str().unwrap();
    for (extra, names) in [
        (&["--algorithm", "nassau"][..], "--algorithm nassau"),
        (&["--backend", "wgpu"][..], "--backend wgpu"),
        (&["--verify"][..], "--verify"),
        (&["--verify-sample", "0.5"][..], "--verify-sample"),
    ] {
        let o = resolve_in(dir.path(), "Calpha", 10, 3, out, extra);
        assert_one_line_error(&o, 2, &["Calpha", names, "p = 3", "classical"]);
    }
    // The bundled names table (of p = 2) is refused for what it is, not for the algorithm.
    let o = resolve_in(dir.path(), "S_3", 10, 3, out, &["--names", "bundled"]);
    let why = "the bundled table names classes at p = 2, not at p = 3";
    assert_one_line_error(&o, 2, &["--names", why]);
    assert!(!stderr(&o).contains("classical"), "{}", stderr(&o));
    // Explicitly classical is the same as the default at odd p.
    ok(resolve_in(
        dir.path(),
        "C3",
        10,
        3,
        out,
        &["--algorithm", "classical"],
    ));
}
