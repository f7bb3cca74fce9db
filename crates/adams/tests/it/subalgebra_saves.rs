//! Save directories over the sub-Hopf algebras A(1) and A(2): a save resumed to a larger
//! range writes what an uninterrupted run writes, a save over one algebra is refused for
//! another (exit 2, naming both), and `adams certify` certifies over the save's algebra
//! and catches an altered or corrupted record.

use crate::common;

use std::path::Path;
use std::process::Output;

use common::*;
use fp::FpVector;
use resolution::save::SaveDir;
use steenrod::module::FiniteModule;

/// `adams resolve MODULE --max-stem N --max-s S --output OUT --no-chart [extra]` in `cwd`.
fn run_in(cwd: &Path, module: &str, stem: i32, max_s: u32, out: &str, extra: &[&str]) -> Output {
    let mut args = vec!["--no-chart"];
    args.extend_from_slice(extra);
    resolve_in(cwd, module, stem, max_s, out, &args)
}

#[test]
fn a_save_over_a1_or_a2_resumes_to_a_larger_range_as_an_uninterrupted_run() {
    for (module, extra) in [("ko", &[][..]), ("S_2", &["--algebra", "A(2)"][..])] {
        let tmp = tempfile::tempdir().unwrap();
        let saved: Vec<&str> = ["--save-dir", "save"]
            .iter()
            .chain(extra)
            .copied()
            .collect();
        ok(run_in(tmp.path(), module, 20, 8, "small", &saved));
        let header = std::fs::read_to_string(tmp.path().join("save/header")).unwrap();
        assert!(header.contains("\nprofile = "), "{module}: {header}");
        let o = ok(run_in(tmp.path(), module, 30, 12, "resumed", &saved));
        // Stems 0..=20 at s <= 8: 21 × 9 bidegrees saved by the smaller run.
        assert_eq!(loaded(&o), (189, 31 * 13), "{module}: {}", stderr(&o));
        ok(run_in(tmp.path(), module, 30, 12, "fresh", extra));
        for f in ["ext.csv", "chart.json", "chart.svg"] {
            let read = |d: &str| std::fs::read(tmp.path().join(d).join(f)).unwrap();
            assert!(read("resumed") == read("fresh"), "{module}: {f} differs");
        }
    }
}

#[test]
fn a_save_over_one_algebra_is_refused_for_another() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |module: &str, extra: &[&str]| {
        let mut args = vec!["--save-dir", "save", "-q"];
        args.extend_from_slice(extra);
        run_in(tmp.path(), module, 6, 3, "out", &args)
    };
    ok(run("ko", &[]));
    let before = files(&tmp.path().join("save"));
    assert_one_line_error(
        &run("S_2", &["--algebra", "A(2)"]),
        2,
        &[
            "save directory save: field profile",
            "made for a resolution over A(1), this run resolves over A(2)",
        ],
    );
    assert_one_line_error(
        &run("S_2", &[]),
        2,
        &[
            "field profile",
            "over A(1)",
            "over A, the whole Steenrod algebra",
        ],
    );
    assert_eq!(
        files(&tmp.path().join("save")),
        before,
        "a refused directory changed"
    );
}

/// The differentials of bidegree `(s, t)` of the ko save in `dir`, set to zero (`d∘d = 0`
/// still holds, and the record's checksum is valid).
fn zero_ko_record(dir: &Path, s: u32, t: i32) {
    let ko = FiniteModule::from_bundled("ko").unwrap();
    let save = SaveDir::open_existing(dir, &ko).expect("open the ko save");
    let range = resolution::ResolutionConfig {
        max_stem: 20,
        max_s: 8,
    };
    let mut res = resolution::Resolution::new(ko.clone(), range).unwrap();
    res.resume(SaveDir::open_existing(dir, &ko).unwrap())
        .expect("resume");
    let values: Vec<FpVector> = res
        .free_module(s)
        .gens(t)
        .iter()
        .map(|d| FpVector::new(d.value.len()))
        .collect();
    assert_eq!(values.len(), 1, "one generator at (s {s}, t {t})");
    save.write_generators(resolution::Bidegree::s_t(s, t), &values)
        .expect("write the altered record");
}

#[test]
fn certify_of_a_sub_algebra_save_certifies_over_it_and_catches_an_altered_record() {
    let tmp = tempfile::tempdir().unwrap();
    let extra = ["--save-dir", "save", "-q", "--no-save-quasi-inverses"];
    ok(run_in(tmp.path(), "ko", 20, 8, "out", &extra));
    let o = ok(adams_in(tmp.path(), &["certify", "save"]));
    assert!(
        stdout(&o)
            .starts_with("certified 189 bidegrees (stem ≤ 20, s ≤ 8) of ko (classical, over A(1))"),
        "{}",
        stdout(&o)
    );
    // The sphere restricted by the flag: certify restricts the header's module to the
    // header's profile.
    let extra = ["--save-dir", "save2", "-q", "--algebra", "A(2)"];
    ok(run_in(tmp.path(), "S_2", 12, 6, "out2", &extra));
    let o = ok(adams_in(tmp.path(), &["certify", "save2"]));
    assert!(
        stdout(&o)
            .starts_with("certified 91 bidegrees (stem ≤ 12, s ≤ 6) of S_2 (classical, over A(2))"),
        "{}",
        stdout(&o)
    );
    // h1^2 at (stem 2, s 2, t 4) with d = 0: the record loads, the certificate fails there.
    zero_ko_record(&tmp.path().join("save"), 2, 4);
    assert_one_line_error(
        &adams_in(tmp.path(), &["certify", "save"]),
        1,
        &["bidegree (stem 2, s 2, t 4)", "not exact"],
    );
    // A flipped byte: the record is corrupt, named as such.
    let rec = tmp.path().join("save/s003/t007.rec");
    let mut bytes = std::fs::read(&rec).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&rec, bytes).unwrap();
    assert_one_line_error(
        &adams_in(
            tmp.path(),
            &["certify", "save", "--max-stem", "6", "--max-s", "3"],
        ),
        2,
        &["bidegree (stem 4, s 3, t 7)", "corrupt", "checksum"],
    );
}
