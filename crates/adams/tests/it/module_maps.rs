//! `adams map FILE` from the command line.
//!
//! - The bottom cell `S → C2` and the pinch `C2 → S^1` (the project's `maps/`): their
//!   `map.json` matrices make `Ext(S) → Ext(C2) → Ext(S^1)` exact at every bidegree of
//!   `Ext(C2)` in range (the long exact sequence of the cofibration `S → S → C2 → S^1`:
//!   J. F. Adams, "Stable homotopy and generalised homology" (1974), III.15), and the
//!   bottom cell sends `1 ∈ Ext^{0,0}(S)` to the bottom class.
//! - Bad input (a map that does not commute with `Sq1`, an unknown key, a missing
//!   module): one line naming the file and the field, exit 2.
//! - `adams cofiber` on the field's C4, Ceta2, C2v14 agrees with the independent
//!   resolver's tables (`tests/data/ext/cofiber_*.csv`).

use crate::common;

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use common::*;
use serde_json::Value;

/// `(stem, s) → rows` of a map.json.
fn matrices(dir: &Path, map: &str) -> BTreeMap<(i64, i64), Vec<Vec<usize>>> {
    let file = repository_root().join("maps").join(map);
    let file = file.to_str().unwrap();
    let o = adams_in(
        dir,
        &[
            "map",
            file,
            "--max-stem",
            "20",
            "--max-s",
            "8",
            "--output",
            "m",
        ],
    );
    assert!(o.status.success(), "adams map {map}: {}", stderr(&o));
    let json: Value = serde_json::from_str(&fs::read_to_string(dir.join("m/map.json")).unwrap())
        .expect("map.json is JSON");
    json["matrices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let rows = serde_json::from_value(m["rows"].clone()).unwrap();
            (
                (m["stem"].as_i64().unwrap(), m["s"].as_i64().unwrap()),
                rows,
            )
        })
        .collect()
}

/// The rank over F_2 of the rows (lists of column indices, fewer than 64 columns).
fn rank(rows: &[Vec<usize>]) -> usize {
    let mut basis: Vec<u64> = Vec::new();
    for r in rows {
        let mut v = r.iter().fold(0u64, |v, &c| v ^ (1 << c));
        for &b in &basis {
            v = v.min(v ^ b);
        }
        if v != 0 {
            basis.push(v);
            basis.sort_unstable_by(|a, b| b.cmp(a));
        }
    }
    basis.len()
}

#[test]
fn bottom_cell_and_pinch_are_exact_at_every_class_of_c2() {
    let tmp = tempfile::tempdir().unwrap();
    let bottom = matrices(tmp.path(), "C2-bottom-cell.json");
    let pinch = matrices(tmp.path(), "C2-pinch.json");
    assert_eq!(bottom[&(0, 0)], vec![vec![0]], "1 goes to the bottom class");
    let mut checked = 0;
    for (&(n, s), p) in &pinch {
        // Rows of the pinch: the classes of Ext(C2) at (n, s).
        let dim = p.len();
        let q = bottom.get(&(n, s)).cloned().unwrap_or_default();
        for row in &q {
            let mut image = 0u64;
            for &c in row {
                image ^= p[c].iter().fold(0u64, |v, &k| v ^ (1 << k));
            }
            assert_eq!(image, 0, "pinch ∘ bottom cell ≠ 0 at (stem {n}, s {s})");
        }
        assert_eq!(
            rank(&q) + rank(p),
            dim,
            "ker(pinch) ≠ im(bottom cell) at (stem {n}, s {s})"
        );
        checked += 1;
    }
    assert!(checked > 20, "only {checked} bidegrees of Ext(C2)");
}

#[test]
fn a_bad_map_file_is_one_line_and_exit_2() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let cases = [
        (
            r#"{"type": "module map", "source": "C2", "target": "C2", "images": {"x0": ["x0"]}}"#,
            "images \"x0\": the map does not commute with Sq1 on x0",
        ),
        (
            r#"{"type": "module map", "source": "C2", "target": "S_2", "images": {}, "sift": 1}"#,
            "unknown key \"sift\"",
        ),
        (
            r#"{"type": "module map", "source": "C2", "target": "S_2", "images": {"x0": "x0"}}"#,
            "images \"x0\": not a list of basis element names",
        ),
        (
            r#"{"type": "module map", "source": "NoSuch", "target": "S_2", "images": {}}"#,
            "NoSuch",
        ),
    ];
    for (text, reason) in cases {
        fs::write(dir.join("f.json"), text).unwrap();
        let o = adams_in(dir, &["map", "f.json", "--max-stem", "4", "--max-s", "2"]);
        assert_one_line_error(&o, 2, &[reason]);
    }
}

#[test]
fn adams_cofiber_agrees_with_the_independent_resolver() {
    // The field's cofiber files against the tables of the independent resolver (their
    // provenance on the first line; tests/data/README.md).
    let tmp = tempfile::tempdir().unwrap();
    let data = repository_root().join("tests/data");
    for name in ["C4", "Ceta2", "C2v14"] {
        let file = data.join(format!("sseq-input/cofiber_{name}.json"));
        let range = ["--max-stem", "30", "--max-s", "12"];
        let mut args = vec!["cofiber", file.to_str().unwrap(), "--output", name, "-q"];
        args.extend(range);
        let o = adams_in(tmp.path(), &args);
        assert!(o.status.success(), "adams cofiber {name}: {}", stderr(&o));
        let table = format!("{name}/ext.csv");
        let reference = data.join(format!("ext/cofiber_{name}.csv"));
        let o = adams_in(
            tmp.path(),
            &["verify", &table, "--against", reference.to_str().unwrap()],
        );
        assert!(o.status.success(), "{name}: {}{}", stdout(&o), stderr(&o));
        assert!(stdout(&o).contains("agree"), "{name}: {}", stdout(&o));
    }
    let o = adams_in(
        tmp.path(),
        &["cofiber", project_module("C2").to_str().unwrap()],
    );
    assert_one_line_error(&o, 2, &["no \"cofiber\" key"]);
}
