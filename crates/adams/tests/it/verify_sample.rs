//! `--verify-sample FRACTION` and `ADAMS_VERIFY_SAMPLE` on the command line: bad values
//! are one line naming the flag or the variable, exit 2, before any work; the flags need
//! an offloading backend; a CPU run's summary.json says nothing was verified. (The
//! sampling itself: `crates/resolution/tests/offload.rs`; a device run:
//! `tests/gpu_backend.rs`.)

use crate::common;

use common::*;

fn resolve_with(dir: &std::path::Path, extra: &[&str], env: Option<&str>) -> std::process::Output {
    let out = dir.join("out");
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_adams"));
    cmd.args([
        "resolve",
        "--max-stem",
        "4",
        "--max-s",
        "2",
        "--no-chart",
        "--output",
    ])
    .arg(&out)
    .args(extra)
    .current_dir(dir);
    cmd.env_remove("ADAMS_VERIFY_SAMPLE");
    if let Some(v) = env {
        cmd.env("ADAMS_VERIFY_SAMPLE", v);
    }
    cmd.output().expect("cannot start the adams binary")
}

#[test]
fn bad_fractions_are_refused_naming_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    for (bad, says) in [
        ("-0.1", "is not between 0 and 1"),
        ("1.5", "is not between 0 and 1"),
        ("NaN", "is not a number"),
        ("abc", "is not a number"),
        ("", "is not a number"),
    ] {
        let o = resolve_with(
            dir.path(),
            &["--backend", "gpu", "--verify-sample", bad],
            None,
        );
        assert_one_line_error(&o, 2, &["--verify-sample", says]);
        assert!(
            !dir.path().join("out/ext.csv").exists(),
            "{bad}: work was done"
        );
    }
}

#[test]
fn a_bad_variable_is_refused_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    for (bad, says) in [
        ("2", "is not between 0 and 1"),
        ("lots", "is not a number"),
        ("nan", "is not a number"),
    ] {
        // With the CPU backend too: a typo in the variable is not silently ignored.
        for backend in ["cpu", "gpu"] {
            let o = resolve_with(dir.path(), &["--backend", backend], Some(bad));
            assert_one_line_error(&o, 2, &["ADAMS_VERIFY_SAMPLE", says]);
        }
    }
}

#[test]
fn the_flags_need_an_offloading_backend_and_exclude_each_other() {
    let dir = tempfile::tempdir().unwrap();
    let o = resolve_with(dir.path(), &["--verify-sample", "0.5"], None);
    assert_one_line_error(&o, 2, &["--verify-sample", "--backend gpu"]);
    let o = resolve_with(
        dir.path(),
        &["--backend", "gpu", "--verify", "--verify-sample", "0.5"],
        None,
    );
    assert_one_line_error(&o, 2, &["--verify-sample", "--verify"]);
}

#[test]
fn a_cpu_run_records_that_nothing_was_verified() {
    let dir = tempfile::tempdir().unwrap();
    let o = resolve_with(dir.path(), &[], Some("0.5"));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let summary: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("out/summary.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(summary["verify"], false, "{summary}");
    assert!(
        summary.get("verify_sample").is_none() && summary.get("sampled_builds").is_none(),
        "{summary}"
    );
}
