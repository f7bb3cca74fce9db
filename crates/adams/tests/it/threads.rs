//! Output does not depend on the thread count: ext.csv and the chart are byte-identical
//! with 1, 2 and 4 worker threads (S_2 and C2 through stem 40).

use std::path::{Path, PathBuf};
use std::process::Command;

fn run(module: &str, threads: usize, dir: &Path) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_adams"))
        .args([
            "resolve",
            module,
            "--max-stem",
            "40",
            "--max-s",
            "20",
            "--quiet",
            "--threads",
            &threads.to_string(),
        ])
        .arg("--output")
        .arg(dir)
        .output()
        .expect("run adams");
    assert!(
        out.status.success(),
        "{module}, {threads} threads: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let csv = std::fs::read_to_string(dir.join("ext.csv")).expect("ext.csv");
    (csv, String::from_utf8(out.stdout).expect("utf-8 chart"))
}

#[test]
fn one_two_and_four_threads_give_identical_output() {
    let c2 = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../modules/C2.json");
    for module in ["S_2", c2.to_str().expect("path")] {
        let dir = tempfile::tempdir().expect("tempdir");
        let (csv1, chart1) = run(module, 1, &dir.path().join("1"));
        assert!(csv1.lines().count() > 100, "{module}: too few rows");
        for threads in [2, 4] {
            let (csv, chart) = run(module, threads, &dir.path().join(threads.to_string()));
            assert_eq!(
                csv, csv1,
                "{module}: ext.csv with {threads} threads differs from 1 thread"
            );
            assert_eq!(
                chart, chart1,
                "{module}: chart with {threads} threads differs from 1 thread"
            );
        }
    }
}

#[test]
fn an_absurd_thread_count_is_refused_before_any_work() {
    for bad in ["18446744073709551615", "100000"] {
        let out = Command::new(env!("CARGO_BIN_EXE_adams"))
            .args([
                "resolve",
                "--max-stem",
                "5",
                "--max-s",
                "3",
                "--threads",
                bad,
                "--no-chart",
                "--output",
            ])
            .arg(tempfile::tempdir().expect("tempdir").path())
            .output()
            .expect("run adams");
        assert_eq!(out.status.code(), Some(2), "--threads {bad}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
        assert!(stderr.contains("--threads"), "{stderr}");
    }
}
