//! A run with `--save-dir` killed by SIGKILL at random moments and resumed each time ends
//! with the same ext.csv, chart (stdout) and chart files as an uninterrupted run, and with
//! a save directory byte-identical to an uninterrupted saving run's.
//!
//! The moments are drawn from a seed printed on failure; `ADAMS_KILL_SEED=N` replays one.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const STEM: &str = "60";
const MAX_S: &str = "30";
const KILLS: usize = 12;

fn adams(output: &Path, save: Option<&Path>) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_adams"));
    c.args([
        "resolve",
        "S_2",
        "--max-stem",
        STEM,
        "--max-s",
        MAX_S,
        "--quiet",
        "--output",
    ])
    .arg(output);
    if let Some(dir) = save {
        c.arg("--save-dir").arg(dir);
    }
    c
}

/// Runs to completion; returns stdout (the chart).
fn complete(mut c: Command) -> String {
    let out = c.output().expect("run adams");
    assert!(
        out.status.success(),
        "adams failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 chart")
}

/// Every file under `dir` (relative path → bytes), `summary.json` left out (timings);
/// empty if `dir` does not exist (a run killed before it made its save directory).
fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = if dir.exists() {
        vec![dir.to_path_buf()]
    } else {
        Vec::new()
    };
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("read dir") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                stack.push(p);
            } else if p.file_name().is_some_and(|n| n != "summary.json") {
                out.insert(
                    p.strip_prefix(dir).expect("prefix").to_path_buf(),
                    std::fs::read(&p).expect("read"),
                );
            }
        }
    }
    out
}

/// Number of bidegree files in a save directory.
fn records(dir: &Path) -> usize {
    files(dir)
        .keys()
        .filter(|p| p.extension().is_some_and(|e| e == "rec"))
        .count()
}

/// xorshift64*: enough for kill times.
struct Rng(u64);
impl Rng {
    fn next_f64(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[test]
fn sigkill_at_random_moments_then_resume_gives_identical_output() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let root = tmp.path();

    // Uninterrupted: without saving, and with saving (its save directory is the reference).
    let started = Instant::now();
    let chart_plain = complete(adams(&root.join("plain"), None));
    let chart_saved = complete(adams(&root.join("saved"), Some(&root.join("saved-dir"))));
    let full = started.elapsed() / 2;
    let total_records = records(&root.join("saved-dir"));
    assert_eq!(chart_plain, chart_saved, "saving changes the chart");
    assert_eq!(
        files(&root.join("plain")),
        files(&root.join("saved")),
        "saving changes the output files"
    );

    let seed = std::env::var("ADAMS_KILL_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
                | 1
        });
    let mut rng = Rng(seed);
    let save = root.join("killed-dir");
    let out = root.join("killed");
    let (mut kills, mut finished_first, mut delays, mut saved_after_kill) =
        (0, 0, Vec::new(), Vec::new());
    for _ in 0..10 * KILLS {
        if kills == KILLS {
            break;
        }
        // A moment in the first quarter of what is left of the run (the uninterrupted run's
        // time, scaled by the share of bidegree files not yet saved): each resume gets a
        // little further, so the kills land at many stages (loading, computing, writing),
        // and most of them before the run is complete however far the resumes have got.
        let left = 1.0 - records(&save) as f64 / total_records as f64;
        let delay = Duration::from_secs_f64(full.as_secs_f64() * left * rng.next_f64() / 4.0);
        let mut child = adams(&out, Some(&save))
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn adams");
        std::thread::sleep(delay);
        match child.try_wait().expect("poll adams") {
            Some(status) => {
                let err = child.wait_with_output().expect("stderr").stderr;
                assert!(
                    status.success(),
                    "seed {seed}: run failed: {}",
                    String::from_utf8_lossy(&err)
                );
                finished_first += 1;
            }
            None => {
                child.kill().expect("SIGKILL");
                let status = child.wait().expect("reap");
                assert!(
                    !status.success(),
                    "seed {seed}: a killed run reported success"
                );
                kills += 1;
                delays.push(delay.as_millis());
                saved_after_kill.push(records(&save));
            }
        }
    }
    assert_eq!(
        kills, KILLS,
        "seed {seed}: only {kills} kills landed ({finished_first} runs finished first)"
    );

    let chart = complete(adams(&out, Some(&save)));
    let total = records(&save);
    let context = format!(
        "seed {seed}, kills at {delays:?} ms, bidegree files after each kill {saved_after_kill:?} of {total}, \
         {finished_first} runs finished before their kill"
    );
    // Most kills must land while bidegrees were still being computed and saved.
    let mid_run = saved_after_kill.iter().filter(|&&n| n < total).count();
    assert!(
        mid_run >= KILLS / 2,
        "{context}: only {mid_run} kills landed before the run was complete"
    );
    eprintln!("{context}");
    assert_eq!(chart, chart_plain, "{context}: chart differs");
    assert_eq!(
        files(&out),
        files(&root.join("plain")),
        "{context}: ext.csv or chart files differ"
    );
    let (got, want) = (files(&save), files(&root.join("saved-dir")));
    assert_eq!(
        got.keys().collect::<Vec<_>>(),
        want.keys().collect::<Vec<_>>(),
        "{context}: save directories hold different files"
    );
    for (path, bytes) in &want {
        assert!(
            got[path] == *bytes,
            "{context}: {} differs from the uninterrupted run's",
            path.display()
        );
    }
}
