//! Helpers shared by the integration tests: run the binary, read Ext tables
//! independently of the binary's own CSV reader, find the reference data.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The repository root (the workspace folder).
pub fn repository_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The project's own definition of a bundled module: `modules/NAME.json`.
pub fn project_module(name: &str) -> PathBuf {
    repository_root()
        .join("modules")
        .join(format!("{name}.json"))
}

/// The folder of the bundled modules' files, `modules/` (for `--modules-dir`).
pub fn project_modules_dir() -> PathBuf {
    repository_root().join("modules")
}

/// An independent reference Ext table carried with the project:
/// `tests/data/ext/NAME.csv` (provenance in its first line and `tests/data/README.md`).
pub fn reference_ext(name: &str) -> PathBuf {
    repository_root()
        .join("tests/data/ext")
        .join(format!("{name}.csv"))
}

/// Run `adams ARGS` in `cwd`.
pub fn adams_in(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_adams"))
        .args(args)
        .current_dir(cwd)
        .output()
        .expect("cannot start the adams binary")
}

/// `adams ARGS` in `cwd`, killed after `limit` (a hang fails the test).
pub fn adams_within(cwd: &Path, args: &[&str], limit: Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_adams"))
        .args(args)
        .current_dir(cwd)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            child.kill().unwrap();
            panic!("adams {args:?} still running after {limit:?}: a hang");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Assert a run failed with `code` and exactly one line on stderr, `error: ...`,
/// containing every string of `mentions`; no panic trace.
pub fn assert_one_line_error(o: &Output, code: i32, mentions: &[&str]) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(code), "exit status; stderr: {err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "stderr is not one line: {err:?}");
    assert!(lines[0].starts_with("error: "), "stderr: {err:?}");
    assert!(!err.contains("panicked"), "a panic: {err:?}");
    for m in mentions {
        assert!(err.contains(m), "stderr {err:?} should mention {m:?}");
    }
}

/// A table: its `# complete for stem <= N, s <= S` range if stated, and
/// `(stem, s) -> dim`. Checks `t = stem + s` on every row.
pub struct Table {
    pub complete: Option<(i32, u32)>,
    pub dims: BTreeMap<(i32, u32), usize>,
}

pub fn read_table(path: &Path) -> Table {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let mut complete = None;
    let mut dims = BTreeMap::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# complete for stem <= ") {
            let range = rest.split(';').next().unwrap();
            let (stem, s) = range.split_once(", s <= ").unwrap();
            complete = Some((stem.trim().parse().unwrap(), s.trim().parse().unwrap()));
            continue;
        }
        if line.starts_with('#') || line.trim().is_empty() || line == "stem,s,t,dim" {
            continue;
        }
        let f: Vec<i64> = line.split(',').map(|x| x.trim().parse().unwrap()).collect();
        assert_eq!(f.len(), 4, "{}: {line}", path.display());
        assert_eq!(
            f[2],
            f[0] + f[1],
            "{}: t != stem + s in {line}",
            path.display()
        );
        dims.insert((f[0] as i32, f[1] as u32), f[3] as usize);
    }
    Table { complete, dims }
}

/// Every bidegree with stem <= max_stem and s <= max_s where the tables differ,
/// as `(stem, s, ours, reference)`.
pub fn differences(
    ours: &Table,
    reference: &Table,
    max_stem: i32,
    max_s: u32,
) -> Vec<(i32, u32, usize, usize)> {
    let mut keys: Vec<(i32, u32)> = ours
        .dims
        .keys()
        .chain(reference.dims.keys())
        .copied()
        .collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter(|&(stem, s)| stem <= max_stem && s <= max_s)
        .filter_map(|k| {
            let a = ours.dims.get(&k).copied().unwrap_or(0);
            let b = reference.dims.get(&k).copied().unwrap_or(0);
            (a != b).then_some((k.0, k.1, a, b))
        })
        .collect()
}

/// `adams resolve MODULE --max-stem N --max-s S --output OUT [extra]` run in `cwd`,
/// whatever its outcome.
pub fn resolve_in(
    cwd: &Path,
    module: &str,
    max_stem: i32,
    max_s: u32,
    out: &str,
    extra: &[&str],
) -> Output {
    let (stem, s) = (max_stem.to_string(), max_s.to_string());
    let mut args = vec![
        "resolve",
        module,
        "--max-stem",
        &stem,
        "--max-s",
        &s,
        "--output",
        out,
    ];
    args.extend_from_slice(extra);
    adams_in(cwd, &args)
}

/// `o`, after asserting that it exited 0.
pub fn ok(o: Output) -> Output {
    assert_eq!(o.status.code(), Some(0), "adams failed: {}", stderr(&o));
    o
}

/// `adams resolve MODULE --max-stem N --max-s S --output DIR [extra]`, asserting
/// success; returns the ext.csv table and the run's stdout.
pub fn resolve(
    module: &str,
    max_stem: i32,
    max_s: u32,
    dir: &Path,
    extra: &[&str],
) -> (Table, String) {
    let o = ok(resolve_in(
        dir,
        module,
        max_stem,
        max_s,
        dir.to_str().unwrap(),
        extra,
    ));
    let table = read_table(&dir.join("ext.csv"));
    assert_eq!(
        table.complete,
        Some((max_stem, max_s)),
        "first line of ext.csv"
    );
    (table, stdout(&o))
}

/// Every file under `dir` (relative path → bytes).
pub fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).expect("read dir") {
            let p = e.expect("entry").path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.insert(
                    p.strip_prefix(dir).expect("prefix").to_path_buf(),
                    std::fs::read(&p).expect("read"),
                );
            }
        }
    }
    out
}

/// `(loaded, bidegrees)` from the line `resume: loaded L of B bidegrees …`.
pub fn loaded(o: &Output) -> (usize, usize) {
    let err = stderr(o);
    let line = err
        .lines()
        .find(|l| l.starts_with("resume: loaded "))
        .unwrap_or_else(|| panic!("no resume line in {err:?}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    (
        words[2].parse().expect("loaded"),
        words[4].parse().expect("bidegrees"),
    )
}

/// Flips the lowest bit of the last byte of the file `path` (a corrupted record).
pub fn flip_last_byte(path: &Path) {
    let mut bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(path, bytes).expect("write the flipped file");
}

/// `adams resolve --max-stem N --max-s S -q --no-chart ARGS` in `cwd` (default output
/// folders), asserting success.
pub fn resolve_default_folder(cwd: &Path, max_stem: i32, max_s: u32, args: &[&str]) -> Output {
    let (stem, s) = (max_stem.to_string(), max_s.to_string());
    let mut all = vec![
        "resolve",
        "--max-stem",
        &stem,
        "--max-s",
        &s,
        "-q",
        "--no-chart",
    ];
    all.extend_from_slice(args);
    ok(adams_in(cwd, &all))
}

/// `cwd/output/FOLDER/summary.json`, parsed.
pub fn summary_in(cwd: &Path, folder: &str) -> serde_json::Value {
    let path = cwd.join("output").join(folder).join("summary.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{folder}: {e}"));
    serde_json::from_str(&text).expect("summary.json parses")
}

/// The rank over F_p of dense rows (Gaussian elimination).
pub fn rank_mod_p(mut rows: Vec<Vec<u64>>, p: u64) -> usize {
    let inverse = |a: u64| (1..p).find(|&b| a * b % p == 1).unwrap();
    let mut r = 0;
    let cols = rows.first().map_or(0, Vec::len);
    for c in 0..cols {
        let Some(k) = (r..rows.len()).find(|&k| rows[k][c] != 0) else {
            continue;
        };
        rows.swap(r, k);
        let inv = inverse(rows[r][c]);
        let pivot: Vec<u64> = rows[r].iter().map(|&x| x * inv % p).collect();
        for (i, row) in rows.iter_mut().enumerate() {
            if i != r && row[c] != 0 {
                let f = row[c];
                for (x, y) in row.iter_mut().zip(&pivot) {
                    *x = (*x + (p - f) * y) % p;
                }
            }
        }
        rows[r] = pivot;
        r += 1;
    }
    r
}
