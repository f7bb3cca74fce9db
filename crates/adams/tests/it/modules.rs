//! Module arguments end to end: the shift syntax `NAME[k]`, cells above
//! `t = max_stem + max_s` dropped, the range limit relative to the bottom cell,
//! the keys a module file may carry, and paths that are not regular files.
//!
//! Independent checks: `Ext^{s,t}(Σ^k M) = Ext^{s,t−k}(M)` (a shift moves the
//! table by `k` stems; C2 itself is compared with the reference table in
//! `reference.rs`); `Ext(S^0 ∨ S^129)` through stem 40 is the sphere's;
//! `RP_1^140` through stem 30 agrees with `RP_1^38` cut by hand, and its
//! `Ext^0` is the dual of the indecomposables `x^{2^k − 1}` of `H^*(RP^∞)`.

use crate::common;
#[path = "../../../steenrod/tests/it/common/projective.rs"]
mod projective;

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use common::*;
use projective::projective;

/// The table moved by `k` stems.
fn shifted(table: &Table, k: i32) -> BTreeMap<(i32, u32), usize> {
    table
        .dims
        .iter()
        .map(|(&(stem, s), &d)| ((stem + k, s), d))
        .collect()
}

/// `root/name`, created.
fn subdir(root: &Path, name: &str) -> PathBuf {
    let dir = root.join(name);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn chart_min_stem(dir: &Path) -> i64 {
    let text = fs::read_to_string(dir.join("chart.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v["min_stem"].as_i64().unwrap()
}

#[test]
fn a_shifted_module_is_the_table_moved_in_stem() {
    let dir = tempfile::tempdir().unwrap();
    let (c2_dir, down_dir) = (subdir(dir.path(), "c2"), subdir(dir.path(), "down"));
    let (c2, _) = resolve("C2", 20, 8, &c2_dir, &["--no-chart"]);
    let (down, chart) = resolve("C2[-5]", 15, 8, &down_dir, &[]);
    assert_eq!(down.dims, shifted(&c2, -5));
    assert!(
        down.dims.contains_key(&(-5, 0)),
        "the bottom cell's class at stem -5"
    );
    // Named C2[-5] everywhere; the chart starts at the bottom cell.
    let csv = fs::read_to_string(down_dir.join("ext.csv")).unwrap();
    assert!(
        csv.lines().next().unwrap().contains("Ext of C2[-5] "),
        "{csv}"
    );
    assert!(chart.starts_with("Ext^(s,t) of C2[-5] "), "{chart}");
    assert_eq!(chart_min_stem(&down_dir), -5);
    // Without --output the folder is output/C2[-5]; a stem bound below 0 but above
    // the bottom cell is a range like any other.
    let o = adams_in(
        dir.path(),
        &[
            "resolve",
            "C2[-5]",
            "--max-stem",
            "-3",
            "--max-s",
            "4",
            "-q",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let low = read_table(&dir.path().join("output/C2[-5]/ext.csv"));
    assert_eq!(low.complete, Some((-3, 4)));
    let expected: BTreeMap<_, _> = shifted(&c2, -5)
        .into_iter()
        .filter(|&((n, s), _)| n <= -3 && s <= 4)
        .collect();
    assert_eq!(low.dims, expected);
}

#[test]
fn c2_at_degree_600_is_c2_moved_600_stems() {
    let dir = tempfile::tempdir().unwrap();
    let (c2_dir, high_dir) = (subdir(dir.path(), "c2"), subdir(dir.path(), "high"));
    let (c2, _) = resolve("C2", 20, 8, &c2_dir, &["--no-chart"]);
    // t reaches 628, past 510, but only 28 above the bottom cell.
    let (high, chart) = resolve("C2[600]", 620, 8, &high_dir, &[]);
    assert_eq!(high.dims, shifted(&c2, 600));
    assert_eq!(chart_min_stem(&high_dir), 600);
    let axis = chart.lines().last().unwrap();
    assert!(
        axis.trim_start().starts_with("600"),
        "the chart starts at stem 600: {axis}"
    );
    // 510 above the bottom cell is the limit; a stem bound below the bottom cell, a
    // range that holds no cell at all and a shift that is not a number are refused.
    let refused: [(&[&str], &[&str]); 6] = [
        (
            &["C2[600]", "--max-stem", "1100", "--max-s", "20"],
            &[
                "t = 1120",
                "520 above the bottom cell of C2[600] (degree 600)",
                "at most 510",
            ],
        ),
        (
            &["C2[600]", "--max-stem", "590", "--max-s", "20"],
            &["--max-stem 590 is below the bottom cell", "degree 600"],
        ),
        (
            &["C2[600]", "--max-stem", "10", "--max-s", "20"],
            &["--max-stem 10 is below the bottom cell", "degree 600"],
        ),
        (
            &["S_2", "--max-stem=-5", "--max-s", "3"],
            &["--max-stem -5 is negative", "S_2", "degree 0"],
        ),
        (&["C2[six]"], &["C2[six]", "whole number"]),
        (
            &["C2", "--max-stem=-9223372036854775808"],
            &["below the bottom cell of every module"],
        ),
    ];
    for (args, mentions) in refused {
        let o = adams_in(dir.path(), &[&["resolve"], args].concat());
        assert_one_line_error(&o, 2, mentions);
    }
    assert!(!dir.path().join("output").exists());
}

#[test]
fn a_cell_above_the_range_is_dropped() {
    let dir = tempfile::tempdir().unwrap();
    // S^0 ∨ S^129: span 129, over the limit of 128 if it were kept.
    let wedge = dir.path().join("S0_v_S129.json");
    fs::write(&wedge, r#"{"p": 2, "type": "finite dimensional module", "gens": {"x0": 0, "x129": 129}, "actions": []}"#).unwrap();
    let (sphere_dir, wedge_dir) = (subdir(dir.path(), "s"), subdir(dir.path(), "w"));
    let (sphere, _) = resolve("S_2", 40, 12, &sphere_dir, &["--no-chart"]);
    let o = adams_in(
        dir.path(),
        &[
            "resolve",
            wedge.to_str().unwrap(),
            "--max-stem",
            "40",
            "--max-s",
            "12",
            "--output",
            wedge_dir.to_str().unwrap(),
            "--no-chart",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("note: S0_v_S129: 1 cell above t = max_stem + max_s = 52 dropped"),
        "{}",
        stderr(&o)
    );
    assert_eq!(read_table(&wedge_dir.join("ext.csv")).dims, sphere.dims);
}

#[test]
fn rp_1_140_through_stem_30() {
    let dir = tempfile::tempdir().unwrap();
    let (rp140, rp38) = (
        dir.path().join("RP_1_140.json"),
        dir.path().join("RP_1_38.json"),
    );
    fs::write(&rp140, projective(1, 140)).unwrap();
    fs::write(&rp38, projective(1, 38)).unwrap();
    let (a, b) = (subdir(dir.path(), "a"), subdir(dir.path(), "b"));
    // t <= 30 + 8 = 38: the cells x39 .. x140 are dropped.
    let (whole, _) = resolve(rp140.to_str().unwrap(), 30, 8, &a, &["--no-chart"]);
    let (cut, _) = resolve(rp38.to_str().unwrap(), 30, 8, &b, &["--no-chart"]);
    assert_eq!(whole.dims, cut.dims);
    // Ext^0 = Hom_A(H^*, F_2): one class for each indecomposable x^n, n = 2^k − 1.
    let ext0: Vec<i32> = whole
        .dims
        .iter()
        .filter(|(&(_, s), _)| s == 0)
        .map(|(&(n, _), &d)| {
            assert_eq!(d, 1);
            n
        })
        .collect();
    assert_eq!(ext0, [1, 3, 7, 15]);
    // Whole, it is refused: its span is over the limit.
    let o = adams_in(
        dir.path(),
        &[
            "resolve",
            rp140.to_str().unwrap(),
            "--max-stem",
            "130",
            "--max-s",
            "10",
        ],
    );
    assert_one_line_error(
        &o,
        2,
        &[
            "RP_1_140.json: gens: the degrees run from 1 to 140",
            "at most 128",
        ],
    );
}

#[test]
fn module_keys_that_would_change_the_module_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    // The field's C4.json: the cofiber of h0^2, not the sphere. `adams resolve C4.json`
    // builds it (tests/cofiber_resolve.rs); as a factor of a smash product it is refused.
    let c4 = dir.path().join("C4.json");
    fs::write(&c4, r#"{"p": 2, "type": "finite dimensional module", "gens": {"x0": 0}, "actions": [], "cofiber": {"idx": 0, "s": 2, "t": 2}}"#).unwrap();
    let o = adams_in(
        dir.path(),
        &["resolve", "C2", "--smash", c4.to_str().unwrap()],
    );
    assert_one_line_error(
        &o,
        2,
        &[
            "C4.json: a cofiber file is resolved as itself only",
            "smashed (--smash)",
        ],
    );
    let generic = dir.path().join("G.json");
    fs::write(&generic, r#"{"p": 2, "generic": true, "type": "finite dimensional module", "gens": {"x0": 0}, "actions": []}"#).unwrap();
    let o = adams_in(dir.path(), &["resolve", generic.to_str().unwrap()]);
    assert_one_line_error(&o, 2, &["G.json: key \"generic\" is not supported"]);
    // The labels the field's converters and writers add are accepted.
    let labelled = dir.path().join("C2conv.json");
    fs::write(
        &labelled,
        r#"{"type": "finite dimensional module", "p": 2, "generic": false, "file_name": "C2.txt", "name": "$C(2)$",
            "description": "Moore spectrum", "algebra": ["milnor"], "gens": {"x0": 0, "x1": 1}, "actions": ["Sq1 x0 = x1"]}"#,
    )
    .unwrap();
    let (a, b) = (subdir(dir.path(), "a"), subdir(dir.path(), "b"));
    let (ours, _) = resolve(labelled.to_str().unwrap(), 12, 6, &a, &["--no-chart"]);
    let (c2, _) = resolve("C2", 12, 6, &b, &["--no-chart"]);
    assert_eq!(ours.dims, c2.dims);
}

#[cfg(unix)]
#[test]
fn a_module_path_that_is_not_a_regular_file_is_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("M.json");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let limit = Duration::from_secs(30);
    let o = adams_within(dir.path(), &["resolve", fifo.to_str().unwrap()], limit);
    assert_one_line_error(&o, 2, &["M.json: not a regular file (a FIFO)"]);
    // Also as a --modules-dir name, and with a shift.
    let o = adams_within(
        dir.path(),
        &[
            "resolve",
            "M[2]",
            "--modules-dir",
            dir.path().to_str().unwrap(),
        ],
        limit,
    );
    assert_one_line_error(&o, 2, &["M.json: not a regular file (a FIFO)"]);
    let o = adams_within(dir.path(), &["resolve", "/dev/zero"], limit);
    assert_one_line_error(
        &o,
        2,
        &["/dev/zero: not a regular file (a character device)"],
    );
}

#[test]
fn a_save_directory_holds_the_module_with_the_cells_it_kept() {
    let dir = tempfile::tempdir().unwrap();
    let wedge = dir.path().join("S0_v_S30.json");
    fs::write(&wedge, r#"{"p": 2, "type": "finite dimensional module", "gens": {"x0": 0, "x30": 30}, "actions": []}"#).unwrap();
    let (module, save) = (wedge.to_str().unwrap(), dir.path().join("save"));
    let save = save.to_str().unwrap();
    let run = |stem: &str| {
        adams_in(
            dir.path(),
            &[
                "resolve",
                module,
                "--max-stem",
                stem,
                "--max-s",
                "5",
                "--save-dir",
                save,
                "--no-chart",
            ],
        )
    };
    // t <= 25 drops x30; the same range resumes from what was saved.
    let o = run("20");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = run("20");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("resume: loaded "), "{}", stderr(&o));
    // t <= 35 keeps x30: another module for the save directory, refused and explained.
    let o = run("30");
    assert_one_line_error(
        &o,
        2,
        &[
            "module-hash",
            "ranges that drop different cells of one file resolve different modules",
        ],
    );
}
