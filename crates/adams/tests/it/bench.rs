//! `adams bench`: the table's shape, with and without `--baseline` (timings are not
//! checked: they are the benchmark's, not a test's), and its bad input.

use crate::common;

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
        // The ratio row: wall, CPU and peak memory ratios, positive numbers.
        assert_eq!(chunk[2].len(), 7, "{out}");
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

/// `adams bench MODULE --ranges 10:5 --threads THREADS --runs RUNS --sseq SSEQ` in `dir`.
fn bench_with_sseq(
    dir: &std::path::Path,
    module: &str,
    threads: &str,
    runs: &str,
    sseq: &str,
) -> std::process::Output {
    adams_in(
        dir,
        &[
            "bench",
            module,
            "--ranges",
            "10:5",
            "--threads",
            threads,
            "--runs",
            runs,
            "--sseq",
            sseq,
        ],
    )
}

/// A stand-in for sseq's `resolve_through_stem`: prints nothing, appends one line per
/// run to `LOG` (its arguments, `RAYON_NUM_THREADS`, then the module file it was given,
/// `module.json` in the folder it starts in) and sleeps `sleep` seconds. Returns the
/// script's path and the log's.
fn fake_sseq(dir: &std::path::Path, sleep: &str) -> (String, std::path::PathBuf) {
    let log = dir.join("sseq.log");
    let script = format!(
        "#!/bin/sh\nprintf '%s|' \"$@\" \"$RAYON_NUM_THREADS\" >> '{}'\ntr -d '\\n' < module.json >> '{}'\necho >> '{}'\nsleep {sleep}\n",
        log.display(),
        log.display(),
        log.display()
    );
    (file_with_mode(dir, "fake-sseq", &script, 0o755), log)
}

#[test]
fn a_fake_sseq_gets_the_module_file_range_and_threads_and_its_rows_are_in_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, log) = fake_sseq(dir.path(), "0.3");
    let o = bench_with_sseq(dir.path(), "S_2", "2", "2", &fake);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let out = stdout(&o);
    assert!(out.lines().next().unwrap().contains(&fake), "{out}");
    let rows = rows(&out);
    let names: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
    assert_eq!(names, ["this", "sseq", "ratio"], "{out}");
    for row in &rows {
        assert_eq!(row[1..4], ["10", "5", "2"], "{out}");
    }
    // this: every figure; sseq: no bidegrees in flight nor classes (it reports none).
    assert_eq!(rows[0].len(), 10, "{out}");
    assert_eq!(rows[0][9], reference_classes().to_string(), "{out}");
    assert_eq!([&rows[1][7][..], &rows[1][9][..]], ["-", "-"], "{out}");
    // The fake sleeps 0.3 s: the wall time is measured around the child.
    let wall: f64 = rows[1][4].parse().unwrap();
    assert!(wall >= 0.3, "sseq wall {wall}: {out}");
    let rss: f64 = rows[1][6].parse().unwrap();
    assert!(rss > 0.0, "{out}");
    // The ratio row: wall, CPU and peak memory ratios, positive numbers.
    assert_eq!(rows[2].len(), 7, "{out}");
    for x in &rows[2][4..] {
        let x: f64 = x.parse().unwrap_or_else(|_| panic!("ratio {x:?}: {out}"));
        assert!(x > 0.0 && x.is_finite(), "{out}");
    }
    // Two runs, each given the module's name, no save directory, the range and 2
    // threads, and the project's own file of the bundled module.
    let module: String = std::fs::read_to_string(common::project_module("S_2"))
        .unwrap()
        .replace('\n', "");
    let expected = format!("module||10|5|2|{module}");
    let logged = std::fs::read_to_string(&log).unwrap();
    assert_eq!(logged.lines().collect::<Vec<_>>(), [&expected, &expected]);
}

#[test]
fn sseq_is_given_a_module_files_text_and_its_shift() {
    let dir = tempfile::tempdir().unwrap();
    let (fake, log) = fake_sseq(dir.path(), "0");
    let text = std::fs::read_to_string(common::project_module("C2")).unwrap();
    let text = format!("{}\n", text.replace("\"p\"", " \"p\""));
    std::fs::write(dir.path().join("M.json"), &text).unwrap();
    let o = bench_with_sseq(dir.path(), "M.json[3]", "1", "1", &fake);
    assert!(o.status.success(), "stderr: {}", stderr(&o));
    let expected = format!("module[3]||10|5|1|{}", text.replace('\n', ""));
    assert_eq!(std::fs::read_to_string(&log).unwrap().trim_end(), expected);
}

#[test]
fn an_sseq_missing_a_folder_or_not_executable_is_bad_input_named_so() {
    let dir = tempfile::tempdir().unwrap();
    let o = bench_with_sseq(dir.path(), "S_2", "1", "1", "no-such-sseq");
    assert_one_line_error(&o, 2, &["--sseq no-such-sseq", "no such file"]);
    let folder = dir.path().display().to_string();
    let o = bench_with_sseq(dir.path(), "S_2", "1", "1", &folder);
    assert_one_line_error(&o, 2, &[&format!("--sseq {folder}"), "is a folder"]);
    let plain = file_with_mode(dir.path(), "plain", "not a program\n", 0o644);
    let o = bench_with_sseq(dir.path(), "S_2", "1", "1", &plain);
    assert_one_line_error(&o, 2, &[&format!("--sseq {plain}"), "not executable"]);
}

#[test]
fn a_failing_sseq_is_named_with_its_reason_and_sseq_with_baseline_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let failing = file_with_mode(
        dir.path(),
        "failing",
        "#!/bin/sh\necho 'Failed to load module: the reason' >&2\nexit 1\n",
        0o755,
    );
    let o = bench_with_sseq(dir.path(), "S_2", "1", "1", &failing);
    assert_one_line_error(&o, 3, &[&format!("sseq {failing}"), "failed", "the reason"]);
    let exe = env!("CARGO_BIN_EXE_adams");
    let o = adams_in(
        dir.path(),
        &[
            "bench",
            "--runs",
            "1",
            "--baseline",
            exe,
            "--sseq",
            &failing,
        ],
    );
    assert_one_line_error(&o, 2, &["--sseq", "--baseline"]);
}
