//! `adams certify SAVE_DIR` and `adams resolve --certify`: the exactness certificate passes
//! on the sphere through stem 80 and on the six bundled modules through stem 50 with both
//! algorithms, and fails — exit 1, naming the bidegree — on a save directory whose record
//! was altered to a differential that still loads (valid checksum) but is not exact, or
//! breaks d∘d = 0. Bad input (not a save directory, another module, a missing bidegree)
//! is exit 2; the directory is never changed.

use crate::common;

use std::path::Path;
use std::process::Output;
use std::time::Duration;

use common::{adams_in, adams_within, assert_one_line_error, files, ok, stderr, stdout};
use fp::FpVector;
use resolution::save::SaveDir;
use steenrod::module::FiniteModule;

/// `adams resolve MODULE --max-stem N --max-s S --save-dir save --output OUT -q --no-chart …`.
fn resolve(cwd: &Path, module: &str, stem: i32, max_s: u32, out: &str, extra: &[&str]) -> Output {
    let mut args = vec!["--save-dir", "save", "-q", "--no-chart"];
    args.extend_from_slice(extra);
    common::resolve_in(cwd, module, stem, max_s, out, &args)
}

fn summary_certified(out: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(out.join("summary.json")).expect("summary.json");
    let json: serde_json::Value = serde_json::from_str(&text).expect("summary.json parses");
    json.get("certified")
        .cloned()
        .expect("summary.json has a certified field")
}

#[test]
fn the_sphere_through_stem_80_is_certified() {
    let tmp = tempfile::tempdir().unwrap();
    ok(resolve(
        tmp.path(),
        "S_2",
        80,
        40,
        "out",
        &["--no-save-quasi-inverses"],
    ));
    let before = files(&tmp.path().join("save"));
    let o = ok(adams_in(tmp.path(), &["certify", "save"]));
    assert!(
        stdout(&o).starts_with("certified 3321 bidegrees (stem ≤ 80, s ≤ 40) of S_2 (nassau)"),
        "{}",
        stdout(&o)
    );
    assert_eq!(
        files(&tmp.path().join("save")),
        before,
        "certify changed the save directory"
    );
}

#[test]
fn the_bundled_modules_through_stem_50_are_certified_with_both_algorithms() {
    for name in ["S_2", "C2", "Ceta", "Cnu", "Csigma", "Joker"] {
        // Nassau's resolution in memory (--certify, no save directory), the classical one
        // from its save directory (adams certify).
        let tmp = tempfile::tempdir().unwrap();
        let args = ["-q", "--no-chart", "--certify"];
        let o = ok(common::resolve_in(tmp.path(), name, 50, 20, "out", &args));
        let certified = summary_certified(&tmp.path().join("out"));
        assert_eq!(certified, serde_json::Value::Bool(true), "{name}");
        assert!(stderr(&o).is_empty(), "-q prints nothing: {}", stderr(&o));

        let tmp = tempfile::tempdir().unwrap();
        let extra = ["--algorithm", "classical", "--no-save-quasi-inverses"];
        ok(resolve(tmp.path(), name, 50, 20, "out", &extra));
        let range = ["certify", "save", "--max-stem", "50", "--max-s", "20"];
        let o = ok(adams_in(tmp.path(), &range));
        let want = format!("certified 1071 bidegrees (stem ≤ 50, s ≤ 20) of {name} (classical)");
        assert!(stdout(&o).starts_with(&want), "{name}: {}", stdout(&o));
    }
}

/// A saved resolution of the sphere through stem 20, `s ≤ 8`, in `tmp/save`.
fn saved_sphere(tmp: &Path) -> SaveDir {
    let o = ok(resolve(tmp, "S_2", 20, 8, "out", &[]));
    assert_eq!(
        summary_certified(&tmp.join("out")),
        serde_json::Value::Null,
        "certified is null without --certify"
    );
    assert!(stderr(&o).is_empty());
    SaveDir::open_existing(&tmp.join("save"), &FiniteModule::sphere())
        .expect("open the save directory")
}

/// The differentials of bidegree `(s, t)` as saved, changed by `edit`, written back.
fn alter(tmp: &Path, save: &SaveDir, s: u32, t: i32, edit: impl Fn(&mut Vec<FpVector>)) {
    let mut res = resolution::Resolution::new(
        FiniteModule::sphere(),
        resolution::ResolutionConfig {
            max_stem: 20,
            max_s: 8,
        },
    )
    .unwrap();
    res.resume(SaveDir::open_existing(&tmp.join("save"), &FiniteModule::sphere()).unwrap())
        .expect("resume");
    let mut values: Vec<FpVector> = res
        .free_module(s)
        .gens(t)
        .iter()
        .map(|d| d.value.clone())
        .collect();
    edit(&mut values);
    save.write_generators(resolution::Bidegree::s_t(s, t), &values)
        .expect("write the altered record");
}

#[test]
fn a_consistent_but_not_exact_record_fails_the_certificate() {
    let tmp = tempfile::tempdir().unwrap();
    let save = saved_sphere(tmp.path());
    ok(adams_in(tmp.path(), &["certify", "save"]));
    // h2^2 at (stem 6, s 2, t 8): its differential set to 0 — d∘d = 0 still holds.
    alter(tmp.path(), &save, 2, 8, |v| {
        assert_eq!(v.len(), 1);
        v[0] = FpVector::new(v[0].len());
    });
    // The record is valid: a resumed run loads every bidegree, no warning (and writes a
    // wrong table).
    let o = ok(adams_in(
        tmp.path(),
        &[
            "resolve",
            "--max-stem",
            "20",
            "--max-s",
            "8",
            "--save-dir",
            "save",
            "--output",
            "out2",
            "--no-chart",
        ],
    ));
    assert!(
        stderr(&o).contains("resume: loaded 189 of 189 bidegrees"),
        "{}",
        stderr(&o)
    );
    assert!(!stderr(&o).contains("warning"), "{}", stderr(&o));

    let o = adams_in(tmp.path(), &["certify", "save"]);
    assert_one_line_error(
        &o,
        1,
        &[
            "bidegree (stem 6, s 2, t 8)",
            "not exact at C_2 in degree 8",
        ],
    );

    // --certify refuses it too, and writes no table or chart.
    let o = resolve(tmp.path(), "S_2", 20, 8, "refused", &["--certify"]);
    assert_one_line_error(&o, 1, &["bidegree (stem 6, s 2, t 8)", "not exact"]);
    for f in ["ext.csv", "chart.json", "chart.svg", "summary.json"] {
        assert!(
            !tmp.path().join("refused").join(f).exists(),
            "{f} written for a refused resolution"
        );
    }
}

#[test]
fn a_record_with_nonzero_d_squared_fails_the_certificate() {
    let tmp = tempfile::tempdir().unwrap();
    let save = saved_sphere(tmp.path());
    // h0^2·h2 at (stem 3, s 3, t 6): add Sq(4)·h0^2, whose boundary Sq(4)·Sq(1)·h0 ≠ 0.
    alter(tmp.path(), &save, 3, 6, |v| v[0].flip(0));
    let o = adams_in(tmp.path(), &["certify", "save"]);
    assert_one_line_error(&o, 1, &["bidegree (stem 3, s 3, t 6)", "d∘d ≠ 0"]);
}

#[test]
fn the_range_is_the_largest_one_that_loads() {
    let tmp = tempfile::tempdir().unwrap();
    saved_sphere(tmp.path());
    // Without its corner (stem 20, s 8) the largest range is stem ≤ 19, s ≤ 8.
    std::fs::remove_file(tmp.path().join("save/s008/t028.rec")).unwrap();
    let o = ok(adams_in(tmp.path(), &["certify", "save"]));
    assert!(
        stdout(&o).starts_with("certified 180 bidegrees (stem ≤ 19, s ≤ 8)"),
        "{}",
        stdout(&o)
    );
    assert_eq!(
        stderr(&o).trim(),
        "note: the range is limited by bidegree (stem 20, s 8, t 28): it has no record \
         (save/s008/t028.rec); records beyond it are not certified"
    );
    let o = ok(adams_in(tmp.path(), &["certify", "save", "--max-s", "7"]));
    assert!(
        stdout(&o).starts_with("certified 168 bidegrees (stem ≤ 20, s ≤ 7)"),
        "{}",
        stdout(&o)
    );
    // Asking for the missing bidegree names it.
    let o = adams_in(
        tmp.path(),
        &["certify", "save", "--max-stem", "20", "--max-s", "8"],
    );
    assert_one_line_error(&o, 2, &["bidegree (stem 20, s 8, t 28)", "has no record"]);
    // A corrupt record in the requested range is named as such.
    let rec = tmp.path().join("save/s002/t010.rec");
    let mut bytes = std::fs::read(&rec).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&rec, bytes).unwrap();
    let o = adams_in(
        tmp.path(),
        &["certify", "save", "--max-stem", "10", "--max-s", "4"],
    );
    assert_one_line_error(
        &o,
        2,
        &["bidegree (stem 8, s 2, t 10)", "corrupt", "checksum"],
    );
}

#[test]
fn bad_input_is_exit_2() {
    let tmp = tempfile::tempdir().unwrap();
    saved_sphere(tmp.path());
    std::fs::create_dir(tmp.path().join("empty")).unwrap();
    let o = adams_in(tmp.path(), &["certify", "empty"]);
    assert_one_line_error(&o, 2, &["empty", "header"]);
    assert!(
        !tmp.path().join("empty/header").exists(),
        "certify created a header"
    );
    let o = adams_in(tmp.path(), &["certify", "nowhere"]);
    assert_one_line_error(&o, 2, &["nowhere", "no such folder"]);
    let o = adams_in(tmp.path(), &["certify", "save", "--module", "C2[1]"]);
    assert_one_line_error(&o, 2, &["module-hash"]);
    // C2 without its top cell is the sphere, but the sphere's save dropped no cell: a
    // module whose bottom cell agrees is another module, and never certified.
    for other in ["C2", "Ceta", "Joker"] {
        let o = adams_in(tmp.path(), &["certify", "save", "--module", other]);
        assert_one_line_error(&o, 2, &["field module-hash", "made for module S_2", other]);
    }
    let o = ok(adams_in(
        tmp.path(),
        &["certify", "save", "--module", "S_2"],
    ));
    assert!(
        stdout(&o)
            .trim_end()
            .ends_with("; S_2 matches the header's prime, algebra and module-hash"),
        "{}",
        stdout(&o)
    );
    let o = adams_in(tmp.path(), &["certify", "save", "--max-stem", "-3"]);
    assert_one_line_error(&o, 2, &["--max-stem -3"]);
    let o = adams_in(tmp.path(), &["certify", "save", "--module", "NoSuchModule"]);
    assert_one_line_error(&o, 2, &["NoSuchModule"]);
}

#[test]
fn a_save_of_a_cut_module_certifies_the_module_cut_at_the_recorded_degree_only() {
    let tmp = tempfile::tempdir().unwrap();
    // The Joker (cells 0..=4) through t ≤ 2 drops its cells 3 and 4: the header records
    // the cut (cut-above = 2), and its records are the Joker's for t ≤ 2 only.
    ok(resolve(tmp.path(), "Joker", 1, 1, "out", &[]));
    let header = std::fs::read_to_string(tmp.path().join("save/header")).unwrap();
    assert!(header.contains("\ncut-above = 2\n"), "{header}");
    let o = ok(adams_in(tmp.path(), &["certify", "save"]));
    let out = stdout(&o);
    assert!(out.starts_with("certified "), "{out}");
    assert!(
        out.trim_end().ends_with(
            "; Joker without its cells above degree 2 matches the header's prime, algebra \
             and module-hash (cut-above = 2)"
        ),
        "{out}"
    );
    // Another module with the same bottom cells is refused: C2 is itself (nothing to cut
    // at 2) and hashes otherwise; the sphere is the Joker cut at 0, not at 2.
    for other in ["C2", "S_2"] {
        let o = adams_in(tmp.path(), &["certify", "save", "--module", other]);
        assert_one_line_error(&o, 2, &["field module-hash", "made for module Joker"]);
    }
}

/// `adams certify ARGS…` in `cwd`, failing the test after 60 s (a hang).
fn certify_within(cwd: &Path, args: &[&str]) -> Output {
    let mut all = vec!["certify"];
    all.extend_from_slice(args);
    adams_within(cwd, &all, Duration::from_secs(60))
}

#[cfg(unix)]
#[test]
fn a_record_or_header_that_is_not_a_regular_file_is_never_read() {
    let tmp = tempfile::tempdir().unwrap();
    saved_sphere(tmp.path());
    let rec = tmp.path().join("save/s005/t010.rec");
    for (what, make) in [
        ("a link to /dev/zero", "ln -s /dev/zero"),
        ("a FIFO", "mkfifo"),
    ] {
        std::fs::remove_file(&rec).unwrap();
        let mut cmd = make.split(' ').collect::<Vec<_>>();
        let made = std::process::Command::new(cmd.remove(0))
            .args(cmd)
            .arg(&rec)
            .status()
            .unwrap();
        assert!(made.success(), "{what}");
        // The requested range needs it: exit 2 naming the file.
        let o = certify_within(tmp.path(), &["save", "--max-stem", "20", "--max-s", "8"]);
        assert_one_line_error(
            &o,
            2,
            &[
                "bidegree (stem 5, s 5, t 10)",
                "save/s005/t010.rec",
                "not a regular file",
            ],
        );
        // The default range stops below it, with a warning and a note naming it.
        let o = ok(certify_within(tmp.path(), &["save"]));
        // Stem ≤ 20, s ≤ 4 (105 bidegrees) beats stem ≤ 4, s ≤ 8 (45).
        assert!(
            stdout(&o).starts_with("certified 105 bidegrees (stem ≤ 20, s ≤ 4)"),
            "{what}: {}",
            stdout(&o)
        );
        let err = stderr(&o);
        assert!(err.contains("warning: save record save/s005/t010.rec is corrupt (field file: not a regular file): bidegree (stem 5, s 5) is not certified"), "{what}: {err}");
        assert!(
            !err.contains("recomputing"),
            "certify recomputes nothing: {err}"
        );
        assert!(
            err.contains("note: the range is limited by bidegree (stem 5, s 5, t 10)"),
            "{what}: {err}"
        );
    }
    // The header.
    let header = tmp.path().join("save/header");
    std::fs::remove_file(&header).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &header).unwrap();
    let o = certify_within(tmp.path(), &["save"]);
    assert_one_line_error(&o, 2, &["field header: not a regular file"]);
    std::fs::remove_file(&header).unwrap();
    assert!(std::process::Command::new("mkfifo")
        .arg(&header)
        .status()
        .unwrap()
        .success());
    let o = certify_within(tmp.path(), &["save"]);
    assert_one_line_error(&o, 2, &["field header: not a regular file"]);
}

#[test]
fn a_row_that_is_a_file_is_bad_input() {
    let tmp = tempfile::tempdir().unwrap();
    saved_sphere(tmp.path());
    let row = tmp.path().join("save/s005");
    std::fs::remove_dir_all(&row).unwrap();
    std::fs::write(&row, "not a folder").unwrap();
    let o = adams_in(
        tmp.path(),
        &["certify", "save", "--max-stem", "20", "--max-s", "8"],
    );
    assert_one_line_error(&o, 2, &["save/s005", "not a folder"]);
}

#[test]
fn a_missing_or_corrupt_record_in_the_middle_is_noted() {
    let tmp = tempfile::tempdir().unwrap();
    saved_sphere(tmp.path());
    // Missing: (stem 10, s 3).
    std::fs::remove_file(tmp.path().join("save/s003/t013.rec")).unwrap();
    let o = ok(adams_in(tmp.path(), &["certify", "save"]));
    assert_eq!(
        stderr(&o).trim(),
        "note: the range is limited by bidegree (stem 10, s 3, t 13): it has no record \
         (save/s003/t013.rec); records beyond it are not certified"
    );
    // Corrupt (a flipped byte) below it, at (stem 8, s 2): a warning in certify's words.
    let rec = tmp.path().join("save/s002/t010.rec");
    let mut bytes = std::fs::read(&rec).unwrap();
    bytes[60] ^= 1;
    std::fs::write(&rec, bytes).unwrap();
    let o = ok(adams_in(tmp.path(), &["certify", "save"]));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].starts_with("warning: save record save/s002/t010.rec is corrupt (field checksum"),
        "{err}"
    );
    assert!(
        lines[0].ends_with("bidegree (stem 8, s 2) is not certified"),
        "{err}"
    );
    assert!(lines[1].starts_with("note: the range is limited by bidegree (stem 8, s 2, t 10): its record save/s002/t010.rec is corrupt (field checksum"), "{err}");
}

#[test]
fn ranges_are_relative_to_the_bottom_cell() {
    let tmp = tempfile::tempdir().unwrap();
    // C2 on cells 600 and 601: stems 600..=620, t − 600 ≤ 28.
    ok(resolve(tmp.path(), "C2[600]", 620, 8, "out", &[]));
    let o = ok(adams_in(tmp.path(), &["certify", "save"]));
    assert!(
        stdout(&o).starts_with("certified 189 bidegrees (stem ≤ 620, s ≤ 8) of C2[600]"),
        "{}",
        stdout(&o)
    );
    let o = ok(adams_in(
        tmp.path(),
        &["certify", "save", "--max-stem", "620", "--max-s", "8"],
    ));
    assert!(
        stdout(&o).starts_with("certified 189 bidegrees (stem ≤ 620, s ≤ 8)"),
        "{}",
        stdout(&o)
    );
    let o = adams_in(
        tmp.path(),
        &["certify", "save", "--max-stem", "599", "--max-s", "8"],
    );
    assert_one_line_error(&o, 2, &["--max-stem 599", "bottom cell, degree 600"]);
    let o = adams_in(
        tmp.path(),
        &["certify", "save", "--max-stem", "1110", "--max-s", "8"],
    );
    assert_one_line_error(&o, 2, &["t = 1118", "at most 510 above it"]);

    // A negative bottom cell: stems −20..=−2.
    let tmp = tempfile::tempdir().unwrap();
    ok(resolve(tmp.path(), "C2[-20]", -2, 6, "out", &[]));
    let o = ok(adams_in(tmp.path(), &["certify", "save"]));
    assert!(
        stdout(&o).starts_with("certified 133 bidegrees (stem ≤ -2, s ≤ 6) of C2[-20]"),
        "{}",
        stdout(&o)
    );
    let o = ok(adams_in(
        tmp.path(),
        &["certify", "save", "--max-stem", "-2", "--max-s", "6"],
    ));
    assert!(
        stdout(&o).starts_with("certified 133 bidegrees"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_module_cut_below_a_far_cell_is_found_without_its_top_record() {
    let tmp = tempfile::tempdir().unwrap();
    // Cells 0, 1 (Sq1 between them) and 129: the whole module spans 129 > 128 degrees, so
    // a run through t = 26 keeps the cells 0 and 1 only.
    let module = tmp.path().join("far.json");
    std::fs::write(
        &module,
        r#"{"p": 2, "type": "finite dimensional module", "gens": {"x0": 0, "x1": 1, "x129": 129}, "actions": ["Sq1 x0 = x1"]}"#,
    )
    .unwrap();
    ok(resolve(tmp.path(), "far.json", 20, 6, "out", &[]));
    std::fs::remove_file(tmp.path().join("save/s006/t026.rec")).unwrap();
    let far = ["certify", "save", "--module", "far.json"];
    let o = ok(adams_in(tmp.path(), &far));
    assert!(
        stdout(&o).starts_with("certified 140 bidegrees (stem ≤ 19, s ≤ 6) of far.json"),
        "{}",
        stdout(&o)
    );
    // A junk file where no record of the run is.
    std::fs::write(tmp.path().join("save/s000/t100.rec"), "junk").unwrap();
    let o = ok(adams_in(tmp.path(), &far));
    assert!(
        stdout(&o).starts_with("certified 140 bidegrees (stem ≤ 19, s ≤ 6) of far.json"),
        "{}",
        stdout(&o)
    );
    // Without its Sq1, no cut of the file is the module saved: a mismatch.
    std::fs::write(
        &module,
        r#"{"p": 2, "type": "finite dimensional module", "gens": {"x0": 0, "x1": 1, "x129": 129}, "actions": []}"#,
    )
    .unwrap();
    let o = adams_in(tmp.path(), &far);
    assert_one_line_error(&o, 2, &["module-hash"]);
}

#[test]
fn resolve_certify_prints_one_summary_line_unless_quiet() {
    let tmp = tempfile::tempdir().unwrap();
    let args = [
        "resolve",
        "S_2",
        "--max-stem",
        "12",
        "--max-s",
        "5",
        "--output",
        "out",
        "--no-chart",
        "--certify",
    ];
    let o = ok(adams_in(tmp.path(), &args));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().filter(|l| l.contains("certified")).collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(lines[0].starts_with("summary: certified "), "{}", lines[0]);
    assert!(
        lines[0].contains("bidegrees (stem ≤ 12, s ≤ 5) in "),
        "{}",
        lines[0]
    );
    let mut quiet = args.to_vec();
    quiet.push("-q");
    let o = ok(adams_in(tmp.path(), &quiet));
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
}
