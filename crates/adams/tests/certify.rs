//! `adams certify SAVE_DIR` and `adams resolve --certify`: the exactness certificate passes
//! on the sphere through stem 80 and on the six bundled modules through stem 60 with both
//! algorithms, and fails — exit 1, naming the bidegree — on a save directory whose record
//! was altered to a differential that still loads (valid checksum) but is not exact, or
//! breaks d∘d = 0. Bad input (not a save directory, another module, a missing bidegree)
//! is exit 2; the directory is never changed.

mod common;

use std::path::Path;
use std::process::Output;

use common::{adams_in, assert_one_line_error, files, stderr, stdout};
use fp::FpVector;
use resolution::save::SaveDir;
use steenrod::module::FiniteModule;

fn ok(o: Output) -> Output {
    assert_eq!(o.status.code(), Some(0), "adams failed: {}", stderr(&o));
    o
}

/// `adams resolve MODULE --max-stem N --max-s S --save-dir save --output OUT -q --no-chart …`.
fn resolve(cwd: &Path, module: &str, stem: i32, max_s: u32, out: &str, extra: &[&str]) -> Output {
    let (stem, s) = (stem.to_string(), max_s.to_string());
    let mut args = vec![
        "resolve",
        module,
        "--max-stem",
        &stem,
        "--max-s",
        &s,
        "--save-dir",
        "save",
        "--output",
        out,
        "-q",
        "--no-chart",
    ];
    args.extend_from_slice(extra);
    adams_in(cwd, &args)
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
fn the_bundled_modules_through_stem_60_are_certified_with_both_algorithms() {
    for name in ["S_2", "C2", "Ceta", "Cnu", "Csigma", "Joker"] {
        // Nassau's resolution in memory (--certify), the classical one from its save
        // directory (adams certify).
        let tmp = tempfile::tempdir().unwrap();
        let o = ok(resolve(tmp.path(), name, 60, 20, "out", &["--certify"]));
        let certified = summary_certified(&tmp.path().join("out"));
        assert_eq!(certified, serde_json::Value::Bool(true), "{name}");
        assert!(stderr(&o).is_empty(), "-q prints nothing: {}", stderr(&o));

        let tmp = tempfile::tempdir().unwrap();
        let extra = ["--algorithm", "classical", "--no-save-quasi-inverses"];
        ok(resolve(tmp.path(), name, 60, 20, "out", &extra));
        let range = ["certify", "save", "--max-stem", "60", "--max-s", "20"];
        let o = ok(adams_in(tmp.path(), &range));
        let want = format!("certified 1281 bidegrees (stem ≤ 60, s ≤ 20) of {name} (classical)");
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
    save.write_generators(s, t, &values)
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
    let o = adams_in(tmp.path(), &["certify", "save", "--module", "C2"]);
    assert_one_line_error(&o, 2, &["module-hash"]);
    let o = adams_in(tmp.path(), &["certify", "save", "--max-stem", "-3"]);
    assert_one_line_error(&o, 2, &["--max-stem -3"]);
    let o = adams_in(tmp.path(), &["certify", "save", "--module", "NoSuchModule"]);
    assert_one_line_error(&o, 2, &["NoSuchModule"]);
}
