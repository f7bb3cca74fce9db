//! `adams resolve --save-dir`: corrupt records are recomputed with everything depending on
//! them (a warning naming the file), a directory of another module / algorithm / format
//! version is refused (exit 2) and left untouched, a larger range extends a saved run.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::{adams_within, assert_one_line_error, files, loaded, ok, stderr};

const STEM: i32 = 30;
const MAX_S: u32 = 15;

fn resolve(dir: &Path, module: &str, stem: i32, max_s: u32, out: &str, extra: &[&str]) -> Output {
    common::resolve_in(dir, module, stem, max_s, out, extra)
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Bidegrees `(s', stem')` with `s' ≥ s`, `stem' ≥ stem` in range: everything depending
/// on `(s, stem)` through the edges `(s, t) → (s, t+1), (s+1, t+1)`.
fn dependents(s: u32, stem: i32) -> usize {
    ((MAX_S - s + 1) * (STEM - stem + 1) as u32) as usize
}

/// A reference run (no save) and a saved run of S_2 through stem 30, s ≤ 15.
fn setup(root: &Path) -> (String, PathBuf) {
    ok(resolve(root, "S_2", STEM, MAX_S, "ref", &["--no-chart"]));
    let o = ok(resolve(
        root,
        "S_2",
        STEM,
        MAX_S,
        "first",
        &["--no-chart", "--save-dir", "save"],
    ));
    assert!(stderr(&o).contains("save: created"), "{}", stderr(&o));
    assert_eq!(
        read(&root.join("first/ext.csv")),
        read(&root.join("ref/ext.csv"))
    );
    (read(&root.join("ref/ext.csv")), root.join("save"))
}

fn corrupted_record_is_recomputed(damage: impl Fn(&mut Vec<u8>), field: &str) {
    let tmp = tempfile::tempdir().expect("tempdir");
    let root = tmp.path();
    let (reference, _) = setup(root);
    let (s, stem) = (2u32, 18i32);
    let name = format!("save/s{s:03}/t{:03}.rec", stem + s as i32);
    let record = root.join(&name);
    let original = std::fs::read(&record).expect("record (2, 20) exists");
    let mut bytes = original.clone();
    damage(&mut bytes);
    std::fs::write(&record, &bytes).expect("damage");

    let o = ok(resolve(
        root,
        "S_2",
        STEM,
        MAX_S,
        "again",
        &["--no-chart", "--save-dir", "save"],
    ));
    let err = stderr(&o);
    let warnings: Vec<&str> = err.lines().filter(|l| l.starts_with("warning: ")).collect();
    assert_eq!(warnings.len(), 1, "one warning expected: {err}");
    assert!(
        warnings[0].contains(&name),
        "warning names the file {name}: {}",
        warnings[0]
    );
    assert!(
        warnings[0].contains(&format!("field {field}")),
        "warning names the field {field}: {}",
        warnings[0]
    );
    let (l, b) = loaded(&o);
    assert_eq!(
        b - l,
        dependents(s, stem),
        "the bidegree and everything depending on it are recomputed"
    );
    assert_eq!(
        read(&root.join("again/ext.csv")),
        reference,
        "ext.csv after recomputing"
    );
    assert_eq!(
        std::fs::read(&record).expect("rewritten"),
        original,
        "the record is rewritten as it was"
    );

    // A third run loads everything.
    let o = ok(resolve(
        root,
        "S_2",
        STEM,
        MAX_S,
        "third",
        &["--no-chart", "--save-dir", "save"],
    ));
    let (l, b) = loaded(&o);
    assert_eq!(l, b, "{}", stderr(&o));
    assert!(!stderr(&o).contains("warning"), "{}", stderr(&o));
}

#[test]
fn a_truncated_record_is_recomputed_with_everything_depending_on_it() {
    corrupted_record_is_recomputed(|b| b.truncate(b.len() / 2), "length");
}

#[test]
fn a_flipped_byte_in_the_differentials_is_recomputed() {
    // Byte 60 lies in the generators record's payload.
    corrupted_record_is_recomputed(|b| b[60] ^= 0x04, "checksum");
}

#[test]
fn a_flipped_byte_in_the_quasi_inverses_is_recomputed() {
    corrupted_record_is_recomputed(
        |b| {
            let n = b.len();
            b[n - 40] ^= 0x80
        },
        "checksum",
    );
}

#[test]
fn a_save_dir_of_another_module_algorithm_or_format_is_refused_and_left_alone() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let root = tmp.path();
    let (_, save) = setup(root);
    let before = files(&save);
    let dir = "save directory save:";

    let o = resolve(
        root,
        "C2",
        STEM,
        MAX_S,
        "c2",
        &["--no-chart", "--save-dir", "save"],
    );
    assert_one_line_error(&o, 2, &[dir, "module-hash", "S_2", "C2"]);
    assert_eq!(
        files(&save),
        before,
        "another module: the directory changed"
    );

    let o = resolve(
        root,
        "S_2",
        STEM,
        MAX_S,
        "classical",
        &[
            "--no-chart",
            "--save-dir",
            "save",
            "--algorithm",
            "classical",
        ],
    );
    assert_one_line_error(&o, 2, &[dir, "algorithm", "classical", "nassau"]);
    assert_eq!(
        files(&save),
        before,
        "another algorithm: the directory changed"
    );

    // A directory of another format version (as a later adams would write it).
    let header = save.join("header");
    let text = read(&header).replace("format-version = 1\n", "format-version = 2\n");
    std::fs::write(&header, &text).expect("edit header");
    let before = files(&save);
    let o = resolve(
        root,
        "S_2",
        STEM,
        MAX_S,
        "v2",
        &["--no-chart", "--save-dir", "save"],
    );
    assert_one_line_error(&o, 2, &[dir, "format-version", "version 2"]);
    assert_eq!(
        files(&save),
        before,
        "another format version: the directory changed"
    );

    // A folder with other files in it is not taken over.
    let other = root.join("notes");
    std::fs::create_dir(&other).expect("mkdir");
    std::fs::write(other.join("todo.txt"), "keep me").expect("write");
    let o = resolve(
        root,
        "S_2",
        STEM,
        MAX_S,
        "notes-out",
        &["--no-chart", "--save-dir", "notes"],
    );
    assert_one_line_error(
        &o,
        2,
        &[
            "save directory",
            "notes",
            "header",
            "not an adams save directory",
        ],
    );
    assert_eq!(files(&other).len(), 1);
}

#[test]
fn a_larger_range_extends_a_saved_run_and_matches_a_fresh_one() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let root = tmp.path();
    ok(resolve(
        root,
        "S_2",
        20,
        10,
        "small",
        &["--no-chart", "--save-dir", "save"],
    ));
    let o = ok(resolve(
        root,
        "S_2",
        STEM,
        MAX_S,
        "large",
        &["--save-dir", "save"],
    ));
    assert_eq!(
        loaded(&o),
        (21 * 11, (STEM as usize + 1) * (MAX_S as usize + 1)),
        "{}",
        stderr(&o)
    );
    let fresh = ok(resolve(
        root,
        "S_2",
        STEM,
        MAX_S,
        "fresh",
        &["--save-dir", "fresh-save"],
    ));
    assert_eq!(o.stdout, fresh.stdout, "chart");
    assert_eq!(
        read(&root.join("large/ext.csv")),
        read(&root.join("fresh/ext.csv"))
    );
    assert_eq!(
        files(&root.join("save")),
        files(&root.join("fresh-save")),
        "extended and fresh save directories differ"
    );
    let summary = read(&root.join("large/summary.json"));
    assert!(summary.contains("\"loaded_bidegrees\": 231"), "{summary}");
    assert!(summary.contains("\"save_dir_bytes\""), "{summary}");
}

#[test]
fn without_quasi_inverses_the_directory_is_smaller_and_resumes_the_same() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let root = tmp.path();
    let (reference, save) = setup(root);
    ok(resolve(
        root,
        "S_2",
        STEM,
        MAX_S,
        "noqi",
        &[
            "--no-chart",
            "--save-dir",
            "noqi-save",
            "--no-save-quasi-inverses",
        ],
    ));
    let size = |d: &Path| files(d).values().map(|b| b.len()).sum::<usize>();
    let (with, without) = (size(&save), size(&root.join("noqi-save")));
    assert!(
        without * 3 < with,
        "without quasi-inverses {without} bytes, with {with}"
    );
    let o = ok(resolve(
        root,
        "S_2",
        STEM,
        MAX_S,
        "noqi2",
        &["--no-chart", "--save-dir", "noqi-save"],
    ));
    let (l, b) = loaded(&o);
    assert_eq!(l, b);
    assert_eq!(read(&root.join("noqi2/ext.csv")), reference);

    let o = resolve(root, "S_2", STEM, MAX_S, "x", &["--no-save-quasi-inverses"]);
    assert_one_line_error(&o, 2, &["--save-dir"]);
}

/// A FIFO at `path` (`mkfifo`).
#[cfg(unix)]
fn mkfifo(path: &Path) {
    assert!(std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo")
        .success());
}

#[cfg(unix)]
#[test]
fn a_record_or_header_that_is_a_fifo_does_not_hang_the_run() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let root = tmp.path();
    let (reference, save) = setup(root);
    let (s, stem) = (5u32, 10i32);
    let name = format!("save/s{s:03}/t{:03}.rec", stem + s as i32);
    let record = root.join(&name);
    let original = std::fs::read(&record).expect("record");
    std::fs::remove_file(&record).expect("remove");
    mkfifo(&record);
    let limit = std::time::Duration::from_secs(120);
    let (stem_arg, s_arg) = (STEM.to_string(), MAX_S.to_string());
    let args = [
        "resolve",
        "S_2",
        "--max-stem",
        &stem_arg,
        "--max-s",
        &s_arg,
        "--output",
        "again",
        "--no-chart",
        "--save-dir",
        "save",
    ];
    let o = ok(adams_within(root, &args, limit));
    let err = stderr(&o);
    let warnings: Vec<&str> = err.lines().filter(|l| l.starts_with("warning: ")).collect();
    assert_eq!(warnings.len(), 1, "{err}");
    assert!(
        warnings[0].contains(&name) && warnings[0].contains("field file: not a regular file"),
        "{}",
        warnings[0]
    );
    let (l, b) = loaded(&o);
    assert_eq!(
        b - l,
        dependents(s, stem),
        "the bidegree and everything depending on it are recomputed"
    );
    assert_eq!(read(&root.join("again/ext.csv")), reference);
    assert_eq!(
        std::fs::read(&record).expect("rewritten as a file"),
        original
    );

    // A header that is a FIFO: refused, not waited on.
    let header = save.join("header");
    std::fs::remove_file(&header).expect("remove");
    mkfifo(&header);
    let o = adams_within(root, &args, limit);
    assert_one_line_error(&o, 2, &["field header: not a regular file"]);
}

#[test]
fn a_save_directory_that_cannot_be_created_is_bad_input() {
    // Under a regular file no folder can be made: refused before any work (exit 2),
    // naming the directory and the field, as the README says.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("plain");
    std::fs::write(&file, "not a folder").unwrap();
    let save = file.join("save");
    let out = dir.path().join("out");
    let o = resolve(
        dir.path(),
        "S_2",
        5,
        2,
        out.to_str().unwrap(),
        &["--save-dir", save.to_str().unwrap()],
    );
    assert_one_line_error(
        &o,
        2,
        &[
            save.to_str().unwrap(),
            "field path",
            "cannot create the folder",
        ],
    );
    assert!(!out.join("ext.csv").exists());
}
