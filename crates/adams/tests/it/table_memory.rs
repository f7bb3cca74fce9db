//! `adams resolve --memory MB` (the Milnor product tables' budget) changes the time, never
//! the result: ext.csv and the chart are byte-identical with no tables at all, a small
//! budget and the default; a value that is not a size is refused before any work.

use std::path::Path;
use std::process::Command;

fn run(memory: Option<&str>, dir: &Path) -> (String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_adams"));
    cmd.args([
        "resolve",
        "S_2",
        "--max-stem",
        "40",
        "--max-s",
        "20",
        "--quiet",
    ]);
    if let Some(mb) = memory {
        cmd.args(["--memory", mb]);
    }
    let out = cmd.arg("--output").arg(dir).output().expect("run adams");
    assert!(
        out.status.success(),
        "--memory {memory:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let csv = std::fs::read_to_string(dir.join("ext.csv")).expect("ext.csv");
    (csv, String::from_utf8(out.stdout).expect("utf-8 chart"))
}

#[test]
fn the_table_budget_does_not_change_the_result() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (csv, chart) = run(None, &dir.path().join("default"));
    assert!(csv.lines().count() > 100, "too few rows");
    for mb in ["0", "1", "4096"] {
        let got = run(Some(mb), &dir.path().join(mb));
        assert_eq!(got.0, csv, "ext.csv with --memory {mb}");
        assert_eq!(got.1, chart, "chart with --memory {mb}");
    }
}

#[test]
fn a_memory_that_is_not_a_size_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    for bad in ["-1", "lots", "1.5", ""] {
        let out = Command::new(env!("CARGO_BIN_EXE_adams"))
            .args([
                "resolve",
                "--max-stem",
                "10",
                &format!("--memory={bad}"),
                "--output",
            ])
            .arg(dir.path().join("out"))
            .output()
            .expect("run adams");
        assert_eq!(out.status.code(), Some(2), "--memory {bad:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--memory"), "--memory {bad:?}: {err}");
        assert!(
            !dir.path().join("out").exists(),
            "--memory {bad:?} created the output"
        );
    }
}
