//! `adams resolve` over the sub-Hopf algebras A(1) and A(2): the bundled `ko` and
//! `--algebra A(2)` against the independent reference tables (tests/data/README.md), the
//! chart's h_i, and the refusals (exit 2); summary.json and the default output folder,
//! `adams verify` across algebras, and `adams bench --algebra` (save directories over
//! them: `subalgebra_saves.rs`).

use crate::common;

use std::path::Path;
use std::process::Output;

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

/// `adams resolve MODULE --max-stem N --max-s S --output OUT --no-chart [extra]` in `cwd`.
fn run_in(cwd: &Path, module: &str, stem: i32, max_s: u32, out: &str, extra: &[&str]) -> Output {
    let mut args = vec!["--no-chart"];
    args.extend_from_slice(extra);
    resolve_in(cwd, module, stem, max_s, out, &args)
}

#[test]
fn summary_and_default_folder_name_the_sub_algebra() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let mut all = vec![
            "resolve",
            "--max-stem",
            "8",
            "--max-s",
            "4",
            "-q",
            "--no-chart",
        ];
        all.extend_from_slice(args);
        ok(adams_in(tmp.path(), &all))
    };
    run(&["S_2"]);
    run(&["S_2", "--algebra", "A(1)"]);
    run(&["S_2", "--profile", "2,1,1"]);
    run(&["ko"]);
    let summary = |folder: &str| -> serde_json::Value {
        let path = tmp.path().join("output").join(folder).join("summary.json");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{folder}: {e}"));
        serde_json::from_str(&text).unwrap()
    };
    let whole = summary("S_2");
    assert!(whole.get("algebra").is_none(), "{whole}");
    assert_eq!(summary("S_2_A1")["algebra"], "A(1)");
    assert_eq!(summary("S_2_profile_2_1_1")["algebra"], "profile (2,1,1)");
    // A file with its own profile keeps its name's folder.
    assert_eq!(summary("ko")["algebra"], "A(1)");
    // Each folder holds its own run: the table over A is not the one over A(1).
    let table = |folder: &str| read_table(&tmp.path().join("output").join(folder).join("ext.csv"));
    assert_ne!(table("S_2").dims, table("S_2_A1").dims);
    assert_eq!(table("S_2_A1").dims, table("ko").dims);
    // Trailing zeros name the same algebra: `2,1,0` is A(1) (its folder, its name), and
    // ko's own A(1) is not refused as "another" algebra; `0` is F_2.
    std::fs::remove_dir_all(tmp.path().join("output/S_2_A1")).unwrap();
    run(&["S_2", "--profile", "2,1,0"]);
    assert_eq!(summary("S_2_A1")["algebra"], "A(1)");
    run(&["ko", "--profile", "2,1,0"]);
    run(&["S_2", "--profile", "0"]);
    assert_eq!(summary("S_2_profile_0")["algebra"], "profile (0)");
}

#[test]
fn verify_refuses_tables_over_different_algebras() {
    let tmp = tempfile::tempdir().unwrap();
    ok(run_in(tmp.path(), "ko", 20, 8, "ko", &["-q"]));
    ok(run_in(tmp.path(), "S_2", 20, 8, "s2", &["-q"]));
    let s2 = reference_ext("S_2");
    let ko_ref = reference_ext("ko");
    let verify = |a: &str, b: &str, extra: &[&str]| {
        let mut args = vec!["verify", a, "--against", b];
        args.extend_from_slice(extra);
        adams_in(tmp.path(), &args)
    };
    let ours = "ko/ext.csv";
    assert_one_line_error(
        &verify(ours, s2.to_str().unwrap(), &[]),
        2,
        &[
            "different algebras (A(1) and A, the whole Steenrod algebra)",
            "--any-algebra",
        ],
    );
    assert_one_line_error(
        &verify("s2/ext.csv", ko_ref.to_str().unwrap(), &[]),
        2,
        &["different algebras (A, the whole Steenrod algebra and A(1))"],
    );
    // Over the same algebra (ours and the independent reference both name A(1)): agree.
    let o = ok(verify(ours, ko_ref.to_str().unwrap(), &[]));
    assert!(stdout(&o).contains("agree"), "{}", stdout(&o));
    // --any-algebra compares them row by row: they differ (exit 1).
    let o = verify(ours, s2.to_str().unwrap(), &["--any-algebra"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).contains("DISAGREE"), "{}", stdout(&o));
}

#[test]
fn the_svg_legend_shows_only_the_h_i_of_the_algebra() {
    let tmp = tempfile::tempdir().unwrap();
    for (out, module, extra, h2) in [
        ("ko", "ko", &[][..], false),
        ("a1", "S_2", &["--algebra", "A(1)"][..], false),
        ("a2", "S_2", &["--algebra", "A(2)"][..], true),
        ("whole", "S_2", &[][..], true),
    ] {
        let mut args = vec!["-q"];
        args.extend_from_slice(extra);
        ok(run_in(tmp.path(), module, 12, 6, out, &args));
        let svg = std::fs::read_to_string(tmp.path().join(out).join("chart.svg")).unwrap();
        let json = std::fs::read_to_string(tmp.path().join(out).join("chart.json")).unwrap();
        // The legend's names are typeset: h, then the index as a subscript.
        let legend = |i: u32| format!(r#">h<tspan dy="3.00" font-size="8.4">{i}</tspan></text>"#);
        for i in [0, 1] {
            assert!(svg.contains(&legend(i)), "{out}: the legend's h{i}");
        }
        assert_eq!(svg.contains(&legend(2)), h2, "{out}: the legend's h2");
        assert_eq!(
            svg.contains("products-h2"),
            h2,
            "{out}: the h2 lines' group"
        );
        assert_eq!(
            json.contains(r#""h2":["#),
            h2,
            "{out}: chart.json's h2 products"
        );
    }
    // The closing line names the products carried and drawn: not h2 over A(1).
    let loud = ok(run_in(tmp.path(), "ko", 12, 6, "ko-loud", &[]));
    assert!(
        stderr(&loud).contains("chart.json (classes with h0, h1 products) and")
            && stderr(&loud).contains("chart.svg (h0, h1 lines)"),
        "{}",
        stderr(&loud)
    );
}

/// A stand-in for sseq's `resolve_through_stem` that logs the module file it was given
/// (`module.json` in the folder it starts in) to `LOG`.
fn fake_sseq(dir: &Path) -> (String, std::path::PathBuf) {
    use std::os::unix::fs::PermissionsExt;
    let log = dir.join("sseq.log");
    let script = format!("#!/bin/sh\ncat module.json >> '{}'\n", log.display());
    let path = dir.join("fake-sseq");
    std::fs::write(&path, script).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    (path.display().to_string(), log)
}

#[test]
fn bench_over_a2_passes_the_algebra_to_adams_and_sseq() {
    let tmp = tempfile::tempdir().unwrap();
    let (fake, log) = fake_sseq(tmp.path());
    let args = [
        "bench",
        "S_2",
        "--algebra",
        "A(2)",
        "--ranges",
        "10:5",
        "--runs",
        "1",
    ];
    let mut with_sseq = args.to_vec();
    with_sseq.extend(["--threads", "1", "--sseq", &fake]);
    let o = ok(adams_in(tmp.path(), &with_sseq));
    let out = stdout(&o);
    assert!(out.starts_with("module S_2, algorithm classical"), "{out}");
    let rows: Vec<Vec<&str>> = out
        .lines()
        .skip(2)
        .map(|l| l.split_whitespace().collect())
        .collect();
    let names: Vec<&str> = rows.iter().map(|r| r[0]).collect();
    assert_eq!(names, ["this", "sseq", "ratio"], "{out}");
    // adams resolved over A(2): its classes are the tmf reference's through stem 10, s 5.
    let reference = read_table(&reference_ext("tmf2"));
    let classes: usize = reference
        .dims
        .iter()
        .filter(|(&(n, s), _)| n <= 10 && s <= 5)
        .map(|(_, d)| d)
        .sum();
    assert_eq!(rows[0][9], classes.to_string(), "{out}");
    // sseq got the sphere's file with A(2)'s profile added, in the field's form.
    let given: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&log).unwrap()).unwrap();
    assert_eq!(
        given["profile"],
        serde_json::json!({"truncated": true, "p_part": [3, 2, 1]}),
        "{given}"
    );
    assert_eq!(given["gens"], serde_json::json!({"x0": 0}), "{given}");
    // The flags' checks come before any run.
    let mut nassau = args.to_vec();
    nassau.extend(["--algorithm", "nassau"]);
    assert_one_line_error(
        &adams_in(tmp.path(), &nassau),
        2,
        &["A(2)", "--algorithm nassau"],
    );
    assert_one_line_error(
        &adams_in(
            tmp.path(),
            &["bench", "ko", "--algebra", "A(2)", "--runs", "1"],
        ),
        2,
        &["--algebra A(2)", "ko is over A(1)"],
    );
}
