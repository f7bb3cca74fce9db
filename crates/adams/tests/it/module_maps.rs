//! `adams map FILE` from the command line.
//!
//! - The bottom cell `S → C2` and the pinch `C2 → S^1` (the project's `maps/`), and at
//!   p = 3 those of `C3`: their `map.json` matrices make `Ext(S) → Ext(C) → Ext(S^1)` exact
//!   at every bidegree of `Ext(C)` in range (the long exact sequence of the cofibration `S → S → C2 → S^1`:
//!   J. F. Adams, "Stable homotopy and generalised homology" (1974), III.15), and the
//!   bottom cell sends `1 ∈ Ext^{0,0}(S)` to the bottom class.
//! - Bad input (a map that does not commute with `Sq1`, an unknown key, a missing
//!   module): one line naming the file and the field, exit 2.
//! - `adams cofiber` on the field's C4, Ceta2, C2v14 agrees with the independent
//!   resolver's tables (`tests/data/ext/cofiber_*.csv`); at p = 3 the cofibers of `a0` and
//!   `h0` on the sphere are `C3` and `C(α1)` (`a0` detects 3 and `h0` detects `α1`, whose
//!   cofibers have the cells joined by `β` and by `P^1`: Ravenel, "Complex cobordism", 2nd
//!   ed., ch. 1 §2, the classical Adams spectral sequence at odd p), so their Ext agrees with `adams resolve C3` and `Calpha`.

use crate::common;

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use common::*;
use serde_json::Value;

/// A row of a map.json: its nonzero terms `(index, c)` (at p = 2 the entries are the
/// indices, at odd p `[index, c]` pairs).
pub(crate) type Row = Vec<(usize, u64)>;

/// `(stem, s) → rows` of the map.json of `adams map maps/MAP --max-stem MAX_STEM --max-s
/// MAX_S` run in `dir`.
pub(crate) fn matrices(
    dir: &Path,
    map: &str,
    (max_stem, max_s): (&str, &str),
) -> BTreeMap<(i64, i64), Vec<Row>> {
    let file = repository_root().join("maps").join(map);
    let file = file.to_str().unwrap();
    let o = adams_in(
        dir,
        &[
            "map",
            file,
            "--max-stem",
            max_stem,
            "--max-s",
            max_s,
            "--output",
            "m",
        ],
    );
    assert!(o.status.success(), "adams map {map}: {}", stderr(&o));
    let json: Value = serde_json::from_str(&fs::read_to_string(dir.join("m/map.json")).unwrap())
        .expect("map.json is JSON");
    let term = |e: &Value| match e.as_array() {
        Some(pair) => (
            pair[0].as_u64().unwrap() as usize,
            pair[1].as_u64().unwrap(),
        ),
        None => (e.as_u64().unwrap() as usize, 1),
    };
    json["matrices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let rows = m["rows"].as_array().unwrap();
            let rows = rows
                .iter()
                .map(|r| r.as_array().unwrap().iter().map(term).collect())
                .collect();
            let at = (m["stem"].as_i64().unwrap(), m["s"].as_i64().unwrap());
            (at, rows)
        })
        .collect()
}

/// The rows as dense vectors of `len` entries mod `p`.
fn dense(rows: &[Row], len: usize, p: u64) -> Vec<Vec<u64>> {
    rows.iter()
        .map(|r| {
            let mut v = vec![0; len];
            for &(k, c) in r {
                v[k] = (v[k] + c) % p;
            }
            v
        })
        .collect()
}

/// `Ext(S) → Ext(C) → Ext(S^1)` from the bottom cell and the pinch of `C` (the cofiber
/// of `p`) is exact at every class of `Ext(C)` in range, and the bottom cell sends `1`
/// to the bottom class; through `max_stem`, `s ≤ 8`.
fn check_exact(c: &str, p: u64, max_stem: &str) {
    let tmp = tempfile::tempdir().unwrap();
    let bottom = matrices(
        tmp.path(),
        &format!("{c}-bottom-cell.json"),
        (max_stem, "8"),
    );
    let pinch = matrices(tmp.path(), &format!("{c}-pinch.json"), (max_stem, "8"));
    assert_eq!(
        bottom[&(0, 0)],
        vec![vec![(0, 1)]],
        "1 goes to the bottom class"
    );
    let mut checked = 0;
    for (&(n, s), pi) in &pinch {
        // Rows of the pinch: the classes of Ext(C) at (n, s).
        let dim = pi.len();
        let width = pi.iter().flatten().map(|&(k, _)| k + 1).max().unwrap_or(0);
        let q = dense(&bottom.get(&(n, s)).cloned().unwrap_or_default(), dim, p);
        let pinch_rows = dense(pi, width, p);
        for row in &q {
            let mut image = vec![0; width];
            for (c, &x) in row.iter().enumerate() {
                for (y, z) in image.iter_mut().zip(&pinch_rows[c]) {
                    *y = (*y + x * z) % p;
                }
            }
            assert!(
                image.iter().all(|&y| y == 0),
                "pinch ∘ bottom cell ≠ 0 at (stem {n}, s {s})"
            );
        }
        assert_eq!(
            rank_mod_p(q, p) + rank_mod_p(pinch_rows, p),
            dim,
            "ker(pinch) ≠ im(bottom cell) at (stem {n}, s {s}) of {c}"
        );
        checked += 1;
    }
    assert!(checked > 20, "only {checked} bidegrees of Ext({c})");
}

#[test]
fn bottom_cell_and_pinch_are_exact_at_every_class_of_c2() {
    check_exact("C2", 2, "20");
}

#[test]
fn bottom_cell_and_pinch_are_exact_at_every_class_of_c3_at_p_3() {
    check_exact("C3", 3, "40");
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
        (
            r#"{"type": "module map", "source": "C3", "target": "S_2", "images": {}}"#,
            "the module S_2 is a p = 2 module, but the source is a p = 3 module",
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

#[test]
fn adams_cofiber_at_p_3_of_a0_and_h0_is_ext_of_c3_and_c_alpha1() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let range = ["--max-stem", "40", "--max-s", "10", "-q"];
    for (t, module) in [(1, "C3"), (4, "Calpha")] {
        let file = format!("{module}-cofiber.json");
        let text = format!(
            r#"{{"p": 3, "type": "finite dimensional module", "gens": {{"x0": 0}},
                "actions": [], "cofiber": {{"s": 1, "t": {t}, "idx": 0}}}}"#
        );
        fs::write(dir.join(&file), text).unwrap();
        let mut args = vec!["cofiber", &file, "--output", "cone"];
        args.extend(range);
        let o = adams_in(dir, &args);
        assert!(o.status.success(), "adams cofiber {file}: {}", stderr(&o));
        let mut args = vec!["resolve", module, "--output", module, "--no-chart"];
        args.extend(range);
        let o = adams_in(dir, &args);
        assert!(o.status.success(), "adams resolve {module}: {}", stderr(&o));
        let reference = format!("{module}/ext.csv");
        let o = adams_in(dir, &["verify", "cone/ext.csv", "--against", &reference]);
        assert!(o.status.success(), "{module}: {}{}", stdout(&o), stderr(&o));
        assert!(stdout(&o).contains("agree"), "{module}: {}", stdout(&o));
    }
}
