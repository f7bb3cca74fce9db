//! `adams resolve --save-dir` at an odd prime: a second run loads every bidegree and writes
//! the same ext.csv and chart.json; a directory made at another prime is refused (exit 2,
//! naming both primes) and left untouched; `adams certify` certifies an odd-primary
//! directory.

use crate::common;

use std::path::Path;

use common::{adams_in, assert_one_line_error, files, loaded, ok, resolve_in, stderr, stdout};

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn a_second_run_loads_everything_and_writes_the_same_results() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let root = tmp.path();
    let save = ["--no-chart", "--save-dir", "save"];
    let first = ok(resolve_in(root, "S_3", 20, 8, "first", &save));
    assert!(
        stderr(&first).contains("save: created"),
        "{}",
        stderr(&first)
    );
    let header = read(&root.join("save/header"));
    assert!(header.contains("\nprime = 3\n"), "{header}");
    let second = ok(resolve_in(root, "S_3", 20, 8, "second", &save));
    // Stems 0..=20, s 0..=8.
    assert_eq!(loaded(&second), (21 * 9, 21 * 9), "{}", stderr(&second));
    for file in ["ext.csv", "chart.json"] {
        assert_eq!(
            read(&root.join("first").join(file)),
            read(&root.join("second").join(file)),
            "{file}"
        );
    }
    let summary = read(&root.join("second/summary.json"));
    assert!(summary.contains("\"loaded_bidegrees\": 189"), "{summary}");
}

#[test]
fn a_directory_of_another_prime_is_refused_and_untouched() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let root = tmp.path();
    let args = |dir| ["--no-chart", "-q", "--save-dir", dir];
    ok(resolve_in(root, "S_2", 10, 4, "o2", &args("p2")));
    ok(resolve_in(root, "S_3", 10, 4, "o3", &args("p3")));
    let before = (files(&root.join("p2")), files(&root.join("p3")));
    let o = resolve_in(root, "S_3", 10, 4, "x", &args("p2"));
    assert_one_line_error(
        &o,
        2,
        &["field prime", "made at p = 2, this run is at p = 3"],
    );
    let o = resolve_in(root, "S_2", 10, 4, "x", &args("p3"));
    assert_one_line_error(
        &o,
        2,
        &["field prime", "made at p = 3, this run is at p = 2"],
    );
    let o = resolve_in(root, "S_5", 10, 4, "x", &args("p3"));
    assert_one_line_error(
        &o,
        2,
        &["field prime", "made at p = 3, this run is at p = 5"],
    );
    assert!(before == (files(&root.join("p2")), files(&root.join("p3"))));
    // `adams certify` of the p = 3 directory certifies it over F_3 (changing nothing);
    // named as a p = 2 module, S_3's directory is refused naming both primes.
    let o = ok(adams_in(root, &["certify", "p3"]));
    assert!(stdout(&o).contains("certified"), "{}", stdout(&o));
    let o = adams_in(root, &["certify", "p3", "--module", "S_2"]);
    assert_one_line_error(&o, 2, &["p3", "S_2", "p = 2", "p = 3"]);
    assert!(before == (files(&root.join("p2")), files(&root.join("p3"))));
}
