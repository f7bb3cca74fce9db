//! `adams resolve --max-memory GB` within reach: a budget far below the run's unbounded
//! peak resolves a band of rows at a time, spilling finished rows to the save directory
//! (a temporary one without `--save-dir`), and gives the same ext.csv and chart.json as a
//! run without the budget — and the sphere's Ext of the reference table (Weinan Lin's
//! archive, `tests/data/ext/S_2.csv`). The summary reports the budget and the rows
//! spilled; a run it cannot hold is refused before any work.

use super::common::{differences, ok, read_table, reference_ext, resolve_in, stderr};

/// ext.csv, chart.json and the parsed summary.json of `adams resolve MODULE` through the
/// range into `out` (under `cwd`), asserting success.
fn run(
    cwd: &std::path::Path,
    module: &str,
    range: (i32, u32),
    out: &str,
    extra: &[&str],
) -> (String, String, serde_json::Value) {
    ok(resolve_in(cwd, module, range.0, range.1, out, extra));
    let read = |f: &str| std::fs::read_to_string(cwd.join(out).join(f)).expect(f);
    let summary = serde_json::from_str(&read("summary.json")).expect("summary.json parses");
    (read("ext.csv"), read("chart.json"), summary)
}

#[test]
fn a_budget_far_below_the_peak_gives_the_same_ext_and_chart() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let cwd = tmp.path();
    // The sphere through stem 60 peaks near 20 MB unbounded, its rows' differentials about
    // 0.3 MB of it; the budget is 0.1 MB, so the rows' share (a quarter, 25 kB) holds a few
    // rows only and the rest are spilled, lowest first.
    let (csv, chart, whole) = run(cwd, "S_2", (60, 30), "whole", &["-q"]);
    assert!(whole["max_memory_bytes"].is_null(), "{whole}");
    // Without --save-dir the rows spill to a temporary directory, removed at the end.
    let o = resolve_with_env(cwd, "held", &[], &["-q", "--max-memory", "0.0001"]);
    ok(o);
    let read = |f: &str| std::fs::read_to_string(cwd.join("held").join(f)).expect(f);
    let (held_csv, held_chart) = (read("ext.csv"), read("chart.json"));
    let held: serde_json::Value = serde_json::from_str(&read("summary.json")).expect("parses");
    let left: Vec<_> = std::fs::read_dir(cwd.join("temp")).expect("temp").collect();
    assert!(left.is_empty(), "left in TMPDIR: {left:?}");
    assert_eq!(held_csv, csv, "ext.csv within --max-memory");
    assert_eq!(held_chart, chart, "chart.json within --max-memory");
    assert_eq!(held["max_memory_bytes"], 100_000, "{held}");
    let spilled = held["spilled_rows"].as_u64().expect("spilled_rows");
    assert!(spilled >= 15, "{spilled} of 31 rows spilled");
    // The rows a band holds at least: the two the next band reads and three of its own
    // (one more than the two workers), each at most the largest row of the range.
    let rows = held["peak_row_bytes"].as_u64().expect("peak_row_bytes");
    assert!(rows <= 250_000, "rows in memory {rows} bytes");
    let ours = read_table(&cwd.join("held/ext.csv"));
    let reference = read_table(&reference_ext("S_2"));
    assert_eq!(differences(&ours, &reference, 60, 30), vec![]);
}

#[test]
fn a_held_run_spills_into_its_save_dir_and_resumes_from_it() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let cwd = tmp.path();
    let (csv, chart, _) = run(cwd, "C2", (40, 20), "whole", &["-q"]);
    let extra = ["-q", "--max-memory", "0.0001", "--save-dir", "save"];
    let (held_csv, held_chart, held) = run(cwd, "C2", (40, 20), "held", &extra);
    assert_eq!((&held_csv, &held_chart), (&csv, &chart));
    assert!(
        held["spilled_rows"].as_u64().expect("spilled_rows") > 0,
        "{held}"
    );
    // Every bidegree was written there: the same command again resumes every one.
    let o = ok(resolve_in(cwd, "C2", 40, 20, "again", &extra[1..]));
    assert!(
        stderr(&o).contains("resume: loaded 861 of 861 bidegrees"),
        "{}",
        stderr(&o)
    );
    let again = std::fs::read_to_string(cwd.join("again/ext.csv")).expect("ext.csv");
    assert_eq!(again, csv);
}

#[test]
fn a_budget_at_an_odd_prime_gives_the_same_ext_and_chart() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let cwd = tmp.path();
    let (csv, chart, _) = run(cwd, "S_3", (60, 20), "whole", &["-q"]);
    let budget = ["-q", "--max-memory", "0.0001"];
    let (held_csv, held_chart, held) = run(cwd, "S_3", (60, 20), "held", &budget);
    assert_eq!((&held_csv, &held_chart), (&csv, &chart));
    assert!(
        held["spilled_rows"].as_u64().expect("spilled_rows") > 0,
        "{held}"
    );
}

#[test]
fn what_a_budget_cannot_hold_is_refused_before_any_work() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let o = resolve_in(
        tmp.path(),
        "S_2",
        20,
        10,
        "out",
        &["--max-memory", "1", "--certify"],
    );
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("--certify reads every row of the resolution at once"),
        "{}",
        stderr(&o)
    );
    assert!(!tmp.path().join("out").exists(), "nothing written");
}

/// `adams resolve S_2` through stem 60 (`s ≤ 30`) into `cwd/out` with the environment
/// `env` and `TMPDIR=cwd/temp`: the output and the child's stderr.
fn resolve_with_env(
    cwd: &std::path::Path,
    out: &str,
    env: &[(&str, &str)],
    extra: &[&str],
) -> std::process::Output {
    let temp = cwd.join("temp");
    std::fs::create_dir_all(&temp).expect("temp");
    let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_adams"));
    c.args([
        "resolve",
        "--max-stem",
        "60",
        "--max-s",
        "30",
        "--output",
        out,
    ])
    .args(["--threads", "2", "--no-chart"])
    .args(extra)
    .current_dir(cwd)
    .env("TMPDIR", &temp);
    for (k, v) in env {
        c.env(k, v);
    }
    c.output().expect("run adams")
}

#[test]
fn without_a_budget_a_run_past_half_of_the_default_goes_on_within_it() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let cwd = tmp.path();
    let (csv, chart, whole) = run(cwd, "S_2", (60, 30), "whole", &["-q"]);
    assert!(
        whole["max_memory_bytes"].is_null(),
        "a run far below the default: {whole}"
    );
    // 1 MB available: the default budget is 0.8 MB, its watch at 0.4 MB, which any process
    // is past; the rows' share (0.2 MB) holds a few rows of the range's 0.3 MB.
    let small = [("ADAMS_AVAILABLE_MEMORY", "0.001")];
    let o = resolve_with_env(cwd, "watched", &small, &[]);
    let err = stderr(&o);
    ok(o);
    assert!(
        err.contains("of the default budget 0.8 MB (80% of the memory available"),
        "{err}"
    );
    let read = |f: &str| std::fs::read_to_string(cwd.join("watched").join(f)).expect(f);
    assert_eq!(read("ext.csv"), csv, "ext.csv of the watched run");
    assert_eq!(read("chart.json"), chart, "chart.json of the watched run");
    let summary: serde_json::Value = serde_json::from_str(&read("summary.json")).expect("parses");
    assert_eq!(summary["max_memory_bytes"], 800_000, "{summary}");
    assert!(
        summary["spilled_rows"].as_u64().is_some_and(|n| n > 0),
        "{summary}"
    );
    let left: Vec<_> = std::fs::read_dir(cwd.join("temp")).expect("temp").collect();
    assert!(left.is_empty(), "the spill directory is removed: {left:?}");
    // With --save-dir the rows spill there, and a second run resumes every bidegree.
    let o = resolve_with_env(cwd, "saved", &small, &["--save-dir", "save"]);
    ok(o);
    let o = resolve_with_env(cwd, "again", &[], &["--save-dir", "save"]);
    let err = stderr(&o);
    ok(o);
    assert!(err.contains("0 to compute"), "{err}");
    let again = std::fs::read_to_string(cwd.join("again/ext.csv")).expect("ext.csv");
    assert_eq!(again, csv);
}

#[test]
fn a_bad_available_memory_is_refused_naming_the_variable() {
    let tmp = tempfile::tempdir().expect("tempdir");
    for bad in ["lots", "0", "-1", "nan"] {
        let o = resolve_with_env(tmp.path(), "out", &[("ADAMS_AVAILABLE_MEMORY", bad)], &[]);
        assert_eq!(o.status.code(), Some(2), "{bad}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(
            err.starts_with("error: environment variable ADAMS_AVAILABLE_MEMORY: "),
            "{err}"
        );
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
        assert!(!tmp.path().join("out").exists(), "{bad}: nothing written");
    }
}
