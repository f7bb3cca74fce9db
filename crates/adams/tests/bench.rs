//! `adams bench`: the table's shape, with and without `--baseline` (timings are not
//! checked: they are the benchmark's, not a test's), and its bad input.

mod common;

use common::{adams_in, assert_one_line_error, read_table, reference_ext, stderr, stdout};

/// Total dimension of Ext of the sphere through stem 10, s <= 5, from the independent
/// reference table (tests/data/ext/S_2.csv).
fn reference_classes() -> usize {
    let path = reference_ext("S_2");
    // The reference is complete for every t <= T (its first line); stem 10, s 5 is t 15.
    let text = std::fs::read_to_string(&path).unwrap();
    let top: i32 = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("# complete for t <= "))
        .and_then(|r| r.split(';').next())
        .and_then(|t| t.trim().parse().ok())
        .expect("the reference states `# complete for t <= T`");
    assert!(top >= 15, "the reference covers t <= 15");
    let table = read_table(&path);
    table
        .dims
        .iter()
        .filter(|(&(stem, s), _)| stem <= 10 && s <= 5)
        .map(|(_, &d)| d)
        .sum()
}

/// The whitespace-separated fields of the table rows (lines after the header).
fn rows(out: &str) -> Vec<Vec<String>> {
    out.lines()
        .skip(2)
        .map(|l| l.split_whitespace().map(str::to_string).collect())
        .collect()
}

#[test]
fn the_binary_against_itself_as_baseline() {
    let dir = tempfile::tempdir().unwrap();
    let exe = env!("CARGO_BIN_EXE_adams");
    let o = adams_in(
        dir.path(),
        &[
            "bench",
            "--ranges",
            "10:5",
            "--threads",
            "1,2",
            "--runs",
            "2",
            "--baseline",
            exe,
        ],
    );
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].contains("baseline") && lines[0].contains(exe),
        "{out}"
    );
    let header: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(header[..4], ["binary", "stem", "s", "threads"], "{out}");
    let rows = rows(&out);
    // Per thread count: this, baseline, ratio.
    assert_eq!(rows.len(), 6, "{out}");
    let classes = reference_classes().to_string();
    for (chunk, threads) in rows.chunks(3).zip(["1", "2"]) {
        let names: Vec<&str> = chunk.iter().map(|r| r[0].as_str()).collect();
        assert_eq!(names, ["this", "baseline", "ratio"], "{out}");
        for row in chunk {
            assert_eq!(row[1..4], ["10", "5", threads], "{out}");
        }
        for row in &chunk[..2] {
            assert_eq!(row.len(), 10, "{out}");
            assert_eq!(row[9], classes, "classes of {row:?}: {out}");
        }
        // The ratio row: wall and CPU ratios, positive numbers.
        assert_eq!(chunk[2].len(), 6, "{out}");
        for x in &chunk[2][4..] {
            let x: f64 = x.parse().unwrap_or_else(|_| panic!("ratio {x:?}: {out}"));
            assert!(x > 0.0 && x.is_finite(), "{out}");
        }
    }
}

#[test]
fn without_baseline_the_table_has_no_binary_column() {
    let dir = tempfile::tempdir().unwrap();
    let o = adams_in(
        dir.path(),
        &["bench", "--ranges", "10:5", "--threads", "1", "--runs", "1"],
    );
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let out = stdout(&o);
    let header: Vec<&str> = out.lines().nth(1).unwrap().split_whitespace().collect();
    assert_eq!(header[..3], ["stem", "s", "threads"], "{out}");
    let rows = rows(&out);
    assert_eq!(rows.len(), 1, "{out}");
    assert_eq!(rows[0][..3], ["10", "5", "1"], "{out}");
    assert_eq!(rows[0][8], reference_classes().to_string(), "{out}");
}

#[test]
fn a_missing_baseline_is_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let o = adams_in(
        dir.path(),
        &[
            "bench",
            "--ranges",
            "10:5",
            "--runs",
            "1",
            "--baseline",
            "no-such-adams",
        ],
    );
    assert_one_line_error(&o, 2, &["--baseline no-such-adams", "no such file"]);
}

#[test]
fn runs_zero_is_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let o = adams_in(dir.path(), &["bench", "--ranges", "10:5", "--runs", "0"]);
    assert_one_line_error(&o, 2, &["--runs 0"]);
}

/// `adams bench --ranges 10:5 --runs 1 --baseline BASELINE` in `dir`.
fn bench_with_baseline(dir: &std::path::Path, baseline: &str) -> std::process::Output {
    adams_in(
        dir,
        &[
            "bench",
            "--ranges",
            "10:5",
            "--threads",
            "1",
            "--runs",
            "1",
            "--baseline",
            baseline,
        ],
    )
}

/// A file `name` in `dir` with `text`, and the permission bits `mode`.
fn file_with_mode(dir: &std::path::Path, name: &str, text: &str, mode: u32) -> String {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
    path.display().to_string()
}

#[test]
fn a_folder_or_a_non_executable_baseline_is_bad_input_named_so() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().display().to_string();
    let o = bench_with_baseline(dir.path(), &folder);
    assert_one_line_error(&o, 2, &[&format!("--baseline {folder}"), "is a folder"]);
    let plain = file_with_mode(dir.path(), "plain", "not a program\n", 0o644);
    let o = bench_with_baseline(dir.path(), &plain);
    assert_one_line_error(&o, 2, &[&format!("--baseline {plain}"), "not executable"]);
}

#[test]
fn a_baseline_named_without_a_folder_runs_the_file_in_the_current_folder() {
    // A bare name must not be looked up on PATH: the file checked is the file run.
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(env!("CARGO_BIN_EXE_adams"), dir.path().join("adams-before")).unwrap();
    let o = bench_with_baseline(dir.path(), "adams-before");
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let rows = rows(&stdout(&o));
    let names: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
    assert_eq!(names, ["this", "baseline", "ratio"], "{rows:?}");
}

#[test]
fn a_baseline_that_is_not_adams_is_named_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    // Exits 0 and writes nothing: not an adams.
    let silent = file_with_mode(dir.path(), "silent", "#!/bin/sh\nexit 0\n", 0o755);
    let o = bench_with_baseline(dir.path(), &silent);
    assert_one_line_error(&o, 2, &[&silent, "wrote no summary.json", "not an adams"]);
    // Fails with its reason followed by a blank line: the reason is what is reported.
    let failing = file_with_mode(
        dir.path(),
        "failing",
        "#!/bin/sh\necho 'error: the reason' >&2\necho >&2\nexit 4\n",
        0o755,
    );
    let o = bench_with_baseline(dir.path(), &failing);
    assert_one_line_error(&o, 3, &[&failing, "failed", "error: the reason"]);
}
