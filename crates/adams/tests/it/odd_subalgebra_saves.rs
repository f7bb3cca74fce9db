//! Save directories over sub-Hopf algebras at p = 3 (E(1) and A(1)): a save resumed to a
//! larger range writes what an uninterrupted run writes, the header records the odd
//! profile and a save over one algebra is refused for another (exit 2, naming both), a
//! directory written before odd profiles (tests/data/saves/S_3-main) still resumes, and
//! `adams certify` certifies over the save's algebra and catches a corrupted record. The
//! default output folder and summary.json's `algebra` name the sub-algebra as at p = 2.

use crate::common;

use std::path::Path;
use std::process::Output;

use common::*;

/// `adams resolve MODULE --max-stem N --max-s S --output OUT --no-chart [extra]` in `cwd`.
fn run_in(cwd: &Path, module: &str, stem: i32, max_s: u32, out: &str, extra: &[&str]) -> Output {
    let mut args = vec!["--no-chart"];
    args.extend_from_slice(extra);
    resolve_in(cwd, module, stem, max_s, out, &args)
}

fn read(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn a_save_over_e1_or_a1_resumes_to_a_larger_range_as_an_uninterrupted_run() {
    for (algebra, value) in [("E(1)", ":0,1"), ("A(1)", "1:0,1")] {
        let tmp = tempfile::tempdir().unwrap();
        let saved = ["--algebra", algebra, "--save-dir", "save"];
        let first = ok(run_in(tmp.path(), "S_3", 16, 4, "small", &saved));
        assert!(
            stderr(&first).contains("save: created"),
            "{}",
            stderr(&first)
        );
        let header = String::from_utf8(read(&tmp.path().join("save/header"))).unwrap();
        assert!(
            header.contains("\nprime = 3\n") && header.contains(&format!("\nprofile = {value}\n")),
            "{algebra}: {header}"
        );
        let o = ok(run_in(tmp.path(), "S_3", 30, 8, "resumed", &saved));
        // Stems 0..=16 at s <= 4: 17 × 5 bidegrees saved by the smaller run.
        assert_eq!(loaded(&o), (17 * 5, 31 * 9), "{algebra}: {}", stderr(&o));
        ok(run_in(
            tmp.path(),
            "S_3",
            30,
            8,
            "fresh",
            &["--algebra", algebra],
        ));
        for f in ["ext.csv", "chart.json"] {
            let at = |d: &str| read(&tmp.path().join(d).join(f));
            assert!(at("resumed") == at("fresh"), "{algebra}: {f} differs");
        }
        // A third run loads everything.
        let o = ok(run_in(tmp.path(), "S_3", 30, 8, "again", &saved));
        assert_eq!(loaded(&o), (31 * 9, 31 * 9), "{algebra}");
    }
}

#[test]
fn an_odd_save_over_one_algebra_is_refused_for_another() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["--save-dir", "save", "-q"];
        args.extend_from_slice(extra);
        run_in(tmp.path(), "S_3", 6, 3, "out", &args)
    };
    ok(run(&["--algebra", "E(1)"]));
    let before = files(&tmp.path().join("save"));
    assert_one_line_error(
        &run(&["--algebra", "A(1)"]),
        2,
        &[
            "save directory save: field profile",
            "made for a resolution over E(1), this run resolves over A(1)",
        ],
    );
    assert_one_line_error(
        &run(&[]),
        2,
        &[
            "field profile",
            "over E(1)",
            "over A, the whole Steenrod algebra",
        ],
    );
    // The same profile written another way is the same algebra.
    ok(run(&["--profile", ":0,1"]));
    assert_eq!(
        files(&tmp.path().join("save")),
        before,
        "a refused (or fully loaded) directory changed"
    );
    // A directory over A_3 is refused for a run over E(1).
    let o = run_in(
        tmp.path(),
        "S_3",
        6,
        3,
        "out",
        &["-q", "--save-dir", "whole"],
    );
    ok(o);
    assert_one_line_error(
        &run_in(
            tmp.path(),
            "S_3",
            6,
            3,
            "out",
            &["-q", "--save-dir", "whole", "--algebra", "E(1)"],
        ),
        2,
        &[
            "field profile",
            "over A, the whole Steenrod algebra",
            "over E(1)",
        ],
    );
}

/// A save directory written by the build before odd headers recorded a profile (the
/// base of this branch, 2026-11-30: `adams resolve S_3 --max-stem 8 --max-s 2 --save-dir
/// S_3-main`, kept in `tests/data/saves/S_3-main`) opens unchanged and resumes to a larger
/// range as a fresh run.
#[test]
fn an_odd_save_written_before_odd_profiles_still_resumes() {
    let fixture = repository_root().join("tests/data/saves/S_3-main");
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("save");
    let old = files(&fixture);
    assert_eq!(old.len(), 28, "the fixture's header and 27 bidegree files");
    for (rel, bytes) in &old {
        let to = dir.join(rel);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::write(to, bytes).unwrap();
    }
    let saved = ["--save-dir", "save"];
    let o = ok(run_in(tmp.path(), "S_3", 20, 6, "resumed", &saved));
    assert_eq!(loaded(&o), (27, 21 * 7), "{}", stderr(&o));
    assert_eq!(
        read(&dir.join("header")),
        old[Path::new("header")],
        "the header is kept"
    );
    ok(run_in(tmp.path(), "S_3", 20, 6, "fresh", &[]));
    for f in ["ext.csv", "chart.json"] {
        let at = |d: &str| read(&tmp.path().join(d).join(f));
        assert!(at("resumed") == at("fresh"), "{f} differs");
    }
}

#[test]
fn certify_of_an_odd_sub_algebra_save_certifies_over_it_and_catches_a_corrupt_record() {
    let tmp = tempfile::tempdir().unwrap();
    let extra = ["--algebra", "A(1)", "--save-dir", "save", "-q"];
    ok(run_in(tmp.path(), "S_3", 20, 6, "out", &extra));
    let o = ok(adams_in(tmp.path(), &["certify", "save"]));
    assert!(
        stdout(&o).starts_with(
            "certified 147 bidegrees (stem ≤ 20, s ≤ 6) of S_3 (classical, over A(1))"
        ),
        "{}",
        stdout(&o)
    );
    // A file over E(1) by its own profile: certified over it, by the header's module name.
    let file = tmp.path().join("e1.json");
    std::fs::write(
        &file,
        r#"{"p": 3, "type": "finite dimensional module", "gens": {"x0": 0}, "actions": [],
            "profile": {"truncated": true, "q_part": 3}}"#,
    )
    .unwrap();
    let e1 = ["--save-dir", "save_e1", "-q"];
    ok(run_in(tmp.path(), "e1.json", 12, 4, "out_e1", &e1));
    let o = ok(adams_in(
        tmp.path(),
        &["certify", "save_e1", "--module", "e1.json"],
    ));
    assert!(
        stdout(&o).starts_with(
            "certified 65 bidegrees (stem ≤ 12, s ≤ 4) of e1.json (classical, over E(1))"
        ),
        "{}",
        stdout(&o)
    );
    // S_3 restricted to the header's E(1) is that module: certified under its name.
    let o = ok(adams_in(
        tmp.path(),
        &["certify", "save_e1", "--module", "S_3"],
    ));
    assert!(
        stdout(&o)
            .starts_with("certified 65 bidegrees (stem ≤ 12, s ≤ 4) of S_3 (classical, over E(1))"),
        "{}",
        stdout(&o)
    );
    // A file over A(1) by its own profile: refused naming both algebras.
    std::fs::write(
        tmp.path().join("a1.json"),
        r#"{"p": 3, "type": "finite dimensional module", "gens": {"x0": 0}, "actions": [],
            "profile": {"truncated": true, "p_part": [1], "q_part": 3}}"#,
    )
    .unwrap();
    assert_one_line_error(
        &adams_in(tmp.path(), &["certify", "save_e1", "--module", "a1.json"]),
        2,
        &["field profile", "over E(1)", "over A(1)"],
    );
    // A flipped byte: the record is corrupt, named as such.
    flip_last_byte(&tmp.path().join("save/s002/t009.rec"));
    assert_one_line_error(
        &adams_in(
            tmp.path(),
            &["certify", "save", "--max-stem", "10", "--max-s", "3"],
        ),
        2,
        &["bidegree (stem 7, s 2, t 9)", "corrupt", "checksum"],
    );
}

#[test]
fn odd_summary_and_default_folder_name_the_sub_algebra() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| resolve_default_folder(tmp.path(), 12, 4, args);
    run(&["S_3"]);
    run(&["S_3", "--algebra", "E(1)"]);
    run(&["S_3", "--algebra", "A(1)"]);
    run(&["S_3", "--profile", ":0,1,2"]);
    run(&["S_3", "--profile", "2,1:0,1,2"]);
    let summary = |folder: &str| summary_in(tmp.path(), folder);
    assert!(summary("S_3").get("algebra").is_none());
    assert_eq!(summary("S_3_E1")["algebra"], "E(1)");
    assert_eq!(summary("S_3_A1")["algebra"], "A(1)");
    // E(2) and A(2) by their profiles are named as the algebras they are.
    assert_eq!(summary("S_3_E2")["algebra"], "E(2)");
    assert_eq!(summary("S_3_A2")["algebra"], "A(2)");
    // Another profile: its P part, then q and its Q_k.
    run(&["S_3", "--profile", "1:0,1,2"]);
    assert_eq!(
        summary("S_3_profile_1_q_0_1_2")["algebra"],
        "profile (1; Q_0,Q_1,Q_2)"
    );
    let table = |folder: &str| read_table(&tmp.path().join("output").join(folder).join("ext.csv"));
    assert_ne!(table("S_3").dims, table("S_3_E1").dims);
}
