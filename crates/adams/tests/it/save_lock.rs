//! One process at a time on a save directory, with real processes of the built binary: a
//! second run on a directory another run holds is refused (exit 2, naming the holder's
//! pid) or, with `--wait`, waits for it; a holder killed by SIGKILL leaves a directory the
//! next run takes over (the kernel drops an flock lock when its holder dies), and that run
//! ends with the reference table's Ext.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{assert_one_line_error, differences, read_table, reference_ext, stderr};

/// `adams resolve S_2 --max-stem STEM --max-s S --quiet --output OUT [--save-dir DIR]`.
fn resolve(stem: u32, s: u32, output: &Path, save: Option<&Path>, extra: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_adams"));
    c.args(["resolve", "S_2", "--quiet", "--max-stem"])
        .arg(stem.to_string())
        .arg("--max-s")
        .arg(s.to_string())
        .arg("--output")
        .arg(output)
        .args(extra)
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    if let Some(dir) = save {
        c.arg("--save-dir").arg(dir);
    }
    c
}

/// Waits until `dir/lock` names `pid` (the holder has taken the lock).
fn wait_for_holder(dir: &Path, holder: &mut Child) {
    let started = Instant::now();
    let lock = dir.join("lock");
    loop {
        let text = std::fs::read_to_string(&lock).unwrap_or_default();
        if text.trim() == holder.id().to_string() {
            return;
        }
        assert!(
            holder.try_wait().expect("try_wait").is_none(),
            "the holder ended before it was seen holding {}",
            dir.display()
        );
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no lock taken in 60 s"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn ext_csv(output: &Path) -> Vec<u8> {
    std::fs::read(output.join("ext.csv")).expect("read ext.csv")
}

fn succeeded(c: &mut Command) -> String {
    let out = c.output().expect("run adams");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "adams failed: {err}");
    err
}

#[test]
fn a_second_run_is_refused_naming_the_holder_and_a_killed_holder_is_taken_over() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let root = tmp.path();
    let dir = root.join("save");
    // One thread and a range of several seconds: the holder is still running while the
    // other processes try the directory.
    let mut holder = resolve(80, 40, &root.join("a"), Some(&dir), &["--threads", "1"])
        .spawn()
        .expect("start the holder");
    wait_for_holder(&dir, &mut holder);
    let pid = format!("pid {}", holder.id());
    let second = resolve(80, 40, &root.join("b"), Some(&dir), &[])
        .output()
        .expect("run");
    let d2 = Command::new(env!("CARGO_BIN_EXE_adams"))
        .args([
            "d2",
            "--max-stem",
            "20",
            "--max-s",
            "10",
            "--quiet",
            "--save-dir",
        ])
        .arg(&dir)
        .arg("--output")
        .arg(root.join("d2"))
        .output()
        .expect("run d2");
    assert!(
        holder.try_wait().expect("try_wait").is_none(),
        "the holder ended while the others ran: the test proves nothing"
    );
    for refused in [&second, &d2] {
        assert_one_line_error(refused, 2, &["field lock", &pid, "--wait"]);
        assert!(stderr(refused).starts_with(&format!("error: save directory {}", dir.display())));
    }
    assert!(
        !root.join("b").join("ext.csv").exists(),
        "the refused run wrote results"
    );

    holder.kill().expect("SIGKILL the holder");
    holder.wait().expect("reap the holder");
    let stale = std::fs::read_to_string(dir.join("lock")).expect("lock file");
    assert_eq!(
        stale.trim(),
        pid.trim_start_matches("pid "),
        "the dead holder's pid stays"
    );

    // The next run takes the lock over and completes the killed run: its Ext is the
    // reference table's (Weinan Lin's archive, tests/data/ext/S_2.csv).
    let err = succeeded(&mut resolve(80, 40, &root.join("c"), Some(&dir), &[]));
    assert!(!err.contains("field lock"), "{err}");
    let ours = read_table(&root.join("c").join("ext.csv"));
    let reference = read_table(&reference_ext("S_2"));
    assert_eq!(differences(&ours, &reference, 80, 40), vec![]);
    let after = std::fs::read_to_string(dir.join("lock")).expect("lock file");
    assert_eq!(
        after, "",
        "a finished run leaves the lock naming no process"
    );
}

#[test]
fn with_wait_a_second_run_waits_for_the_holder_then_resumes_its_work() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let root = tmp.path();
    let dir: PathBuf = root.join("save");
    let mut holder = resolve(70, 35, &root.join("a"), Some(&dir), &["--threads", "1"])
        .spawn()
        .expect("start the holder");
    wait_for_holder(&dir, &mut holder);
    let pid = holder.id();
    let waiter = resolve(70, 35, &root.join("b"), Some(&dir), &["--wait"])
        .spawn()
        .expect("start the waiter");
    let waited = waiter.wait_with_output().expect("waiter");
    let holder_status = holder.wait().expect("holder");
    assert!(holder_status.success(), "the holder failed");
    let err = String::from_utf8_lossy(&waited.stderr).into_owned();
    assert!(waited.status.success(), "the waiter failed: {err}");
    // `--quiet` keeps the waiting line: a command that seems to hang says why.
    assert!(
        err.starts_with(&format!(
            "save: {} is in use by another adams process (pid {pid}); waiting",
            dir.display()
        )),
        "{err}"
    );
    assert_eq!(ext_csv(&root.join("a")), ext_csv(&root.join("b")));
}
