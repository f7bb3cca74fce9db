//! `adams resolve` over the sub-Hopf algebras A(1) and A(2): the bundled `ko` and
//! `--algebra A(2)` against the independent reference tables (tests/data/README.md), the
//! chart's h_i, and the refusals (exit 2).

mod common;

use common::*;

fn agrees(name: &str, module: &str, extra: &[&str]) -> String {
    let reference = read_table(&reference_ext(name));
    let (max_stem, max_s) = reference.complete.expect("range line");
    assert_eq!((max_stem, max_s), (60, 30));
    let dir = tempfile::tempdir().unwrap();
    let (ours, _) = resolve(module, max_stem, max_s, dir.path(), extra);
    let diff = differences(&ours, &reference, max_stem, max_s);
    assert!(
        diff.is_empty(),
        "{name}: (stem, s, ours, reference): {diff:?}"
    );
    assert!(
        ours.dims.len() > 100,
        "{name}: only {} bidegrees",
        ours.dims.len()
    );
    std::fs::read_to_string(dir.path().join("chart.json")).unwrap()
}

#[test]
fn ko_agrees_with_the_reference_and_is_certified() {
    let chart = agrees("ko", "ko", &["--certify"]);
    // h0 and h1 are drawn; there is no h2 over A(1): unknown (null), never 0.
    assert!(
        chart.contains(r#""module": "ko", "algorithm": "classical""#),
        "{chart}"
    );
    assert!(
        chart.contains(r#"{"stem":0,"s":0,"t":0,"index":0,"h0":[0],"h1":[0],"h2":null}"#),
        "{chart}"
    );
    assert!(!chart.contains(r#""h2":["#), "h2 products over A(1)");
}

#[test]
fn tmf_by_the_algebra_flag_agrees_with_the_reference() {
    let chart = agrees("tmf2", "S_2", &["--algebra", "A(2)"]);
    // Over A(2), h2 exists: h2 on the unit is the class at (3, 1).
    assert!(
        chart.contains(r#"{"stem":0,"s":0,"t":0,"index":0,"h0":[0],"h1":[0],"h2":[0]}"#),
        "{chart}"
    );
}

#[test]
fn the_profile_flag_and_the_field_file_agree() {
    // `--profile 2,1` of the sphere and the project's ko.json: the same table.
    let dir = tempfile::tempdir().unwrap();
    let (by_flag, _) = resolve("S_2", 30, 15, dir.path(), &["--profile", "2,1"]);
    let dir2 = tempfile::tempdir().unwrap();
    let path = project_module("ko");
    let (by_file, _) = resolve(path.to_str().unwrap(), 30, 15, dir2.path(), &[]);
    assert_eq!(by_flag.dims, by_file.dims);
}

#[test]
fn refusals_over_a_sub_algebra() {
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let mut all = vec!["resolve", "--max-stem", "10", "--max-s", "4", "-q"];
        all.extend_from_slice(args);
        adams_in(dir.path(), &all)
    };
    assert_one_line_error(
        &run(&["ko", "--algebra", "A(2)"]),
        2,
        &["--algebra A(2)", "ko is over A(1)"],
    );
    assert_one_line_error(
        &run(&["ko", "--algorithm", "nassau"]),
        2,
        &["A(1)", "--algorithm nassau"],
    );
    assert_one_line_error(
        &run(&["tmf2", "--backend", "gpu"]),
        2,
        &["A(2)", "--backend gpu"],
    );
    let save = dir.path().join("save");
    assert_one_line_error(
        &run(&["ko", "--save-dir", save.to_str().unwrap()]),
        2,
        &["A(1)", "--save-dir"],
    );
    assert!(!save.exists());
    assert_one_line_error(
        &run(&["S_2", "--profile", "1,2"]),
        2,
        &["--profile 1,2", "not a sub-Hopf algebra", "h(2) = 2"],
    );
    assert_one_line_error(
        &run(&["S_2", "--algebra", "B(1)"]),
        2,
        &["--algebra B(1)", "A(n)"],
    );
    assert_one_line_error(
        &run(&["S_3", "--algebra", "A(8)"]),
        2,
        &["--algebra A(8)", "at an odd prime"],
    );
}
