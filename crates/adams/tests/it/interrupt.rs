//! Ctrl-C during `adams resolve --save-dir`: the run stops within a second or two at a
//! completed bidegree (the engine's stop flag), exits 130 with one line on stderr, and
//! leaves a save directory that the same command loads.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn resolve(save: &std::path::Path, out: &std::path::Path, stem: &str) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_adams"));
    c.args([
        "resolve",
        "S_2",
        "--max-stem",
        stem,
        "--max-s",
        "30",
        "--quiet",
    ])
    .arg("--output")
    .arg(out)
    .arg("--save-dir")
    .arg(save);
    c
}

#[test]
fn sigint_stops_the_run_with_exit_130_and_a_resumable_save_directory() {
    let tmp = tempfile::tempdir().unwrap();
    let save = tmp.path().join("save");
    let child = resolve(&save, &tmp.path().join("out"), "120")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run adams");
    std::thread::sleep(Duration::from_secs(3));
    let sent = Instant::now();
    // SAFETY: a signal to our own child process.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGINT);
    }
    let out = child.wait_with_output().expect("wait");
    let took = sent.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("stopped on request"), "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "one line: {stderr}");
    assert!(
        took < Duration::from_secs(5),
        "stopped {took:?} after SIGINT"
    );
    // The save directory is one the same module and algorithm resume from.
    let again = resolve(&save, &tmp.path().join("again"), "20")
        .output()
        .expect("run adams");
    assert!(
        again.status.success(),
        "{}",
        String::from_utf8_lossy(&again.stderr)
    );
}

/// SIGTERM (a `kill`, a batch system's time limit) stops a run as SIGINT does, exit 143;
/// a run within `--max-memory` without `--save-dir` removes its temporary spill directory.
#[test]
fn sigterm_stops_the_run_with_exit_143_and_removes_the_spill_directory() {
    let tmp = tempfile::tempdir().unwrap();
    let temp = tmp.path().join("tmp");
    std::fs::create_dir(&temp).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_adams"))
        .args(["resolve", "S_2", "--max-stem", "120", "--max-s", "30"])
        .args(["--quiet", "--max-memory", "0.5", "--output"])
        .arg(tmp.path().join("out"))
        .env("TMPDIR", &temp)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run adams");
    std::thread::sleep(Duration::from_secs(3));
    let spilling: Vec<_> = std::fs::read_dir(&temp).unwrap().collect();
    assert_eq!(spilling.len(), 1, "one spill directory while it runs");
    // SAFETY: a signal to our own child process.
    unsafe {
        libc::kill(child.id() as libc::pid_t, libc::SIGTERM);
    }
    let out = child.wait_with_output().expect("wait");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(143), "{stderr}");
    assert!(stderr.contains("stopped on request"), "{stderr}");
    assert_eq!(stderr.trim().lines().count(), 1, "one line: {stderr}");
    let left: Vec<_> = std::fs::read_dir(&temp).unwrap().collect();
    assert!(left.is_empty(), "the spill directory is left: {left:?}");
}
