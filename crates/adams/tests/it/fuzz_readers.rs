//! Fuzzing the readers of `ext.csv` (with `verify`'s comparison) and `chart.json` (with
//! the SVG drawn from it): every input ends in success or a one-line error, never a panic.
//!
//! Inputs ([`fuzz`]): the seed corpus `tests/data/fuzz/` (tables and charts written by
//! `adams resolve`, plus hand-made variants: no range line, BOM and CRLF, a module with
//! cells below 0), mutations of it and generated inputs.
//!
//! Each input must end in success or a clean error — one line, at most
//! [`MAX_ERROR_CHARS`] — never a panic, and within [`PER_INPUT_LIMIT`] (a hang fails the
//! test). A chart that reads must also draw (or refuse to: the SVG size cap) and survive a
//! JSON round trip; a table with a stated range must survive a CSV round trip. Every
//! [`BINARY_EVERY`]-th input also goes through the `adams` binary, whose exit status must be
//! 0, 1 or 2 with a one-line error.
//!
//! `ADAMS_FUZZ_CASES=N` (default 5000) sets the inputs per reader; `ADAMS_FUZZ_SEED=N`
//! changes the seed. A failing input is written to the target's tmp folder and named.

use crate::fuzz;

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use chart::chart_json::Chart;
use chart::csv::{self, Coverage, ExtTable};
use chart::{input, svg, verify};
use fuzz::{corpus, inputs, seed};

/// Inputs per reader unless `ADAMS_FUZZ_CASES` says otherwise.
const DEFAULT_CASES: usize = 5000;
/// Longest error message accepted (inputs are quoted in excerpts of at most 60 characters).
const MAX_ERROR_CHARS: usize = 400;
/// Time allowed for one input; inputs are at most a few kB, so this only catches hangs.
const PER_INPUT_LIMIT: Duration = Duration::from_secs(20);
/// One input in this many also runs through the binary.
const BINARY_EVERY: usize = 250;

fn inputs_per_reader() -> usize {
    std::env::var("ADAMS_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_CASES)
}

/// A clean error: one line, not empty, not flooding the terminal.
fn check_error(kind: &str, e: &str) -> Result<(), String> {
    if e.is_empty() || e.contains(['\n', '\r']) || e.chars().count() > MAX_ERROR_CHARS {
        return Err(format!("{kind} error is not one short line: {e:?}"));
    }
    Ok(())
}

/// Reads one table input and compares it with the seed tables. `Ok(true)`: it read.
fn fuzz_table(bytes: Vec<u8>, seeds: &[ExtTable]) -> Result<bool, String> {
    let text = match input::text(bytes) {
        Ok(t) => t,
        Err(e) => return check_error("UTF-8", &e).map(|()| false),
    };
    let table = match csv::parse_table("fuzz.csv", &text) {
        Ok(t) => t,
        Err(e) => return check_error("ext.csv", &e.to_string()).map(|()| false),
    };
    for other in seeds {
        if let Err(e) = verify::check_primes(&table, other) {
            check_error("verify", &e.to_string())?;
            continue;
        }
        if let Err(e) = verify::check_algebras(&table, other) {
            check_error("verify", &e.to_string())?;
            continue;
        }
        for c in [
            verify::compare(&table, other),
            verify::compare(other, &table),
        ] {
            let _ = (
                c.summary(),
                c.disagreements.iter().map(ToString::to_string).count(),
            );
            if let Err(e) = c.check_something_compared() {
                check_error("verify", &e.to_string())?;
            }
        }
    }
    // A table with a stated range writes back to one with the same nonzero rows.
    if let Coverage::StemS { max_stem, max_s } = table.coverage {
        let rows: Vec<csv::Row> = table
            .dims
            .iter()
            .map(|(&(stem, s), &dim)| csv::Row {
                bidegree: chart::Bidegree::n_s(stem, s),
                dim,
            })
            .collect();
        let mut out = Vec::new();
        let p = table.prime.unwrap_or(2);
        let first = csv::complete_line(max_stem, max_s, "M", "fuzz", p, None);
        csv::write_table(&mut out, &first, &rows).unwrap();
        let back = csv::parse_table("back.csv", &String::from_utf8(out).unwrap())
            .map_err(|e| format!("round trip refused: {e}"))?;
        let nonzero = |t: &ExtTable| {
            t.dims
                .iter()
                .filter(|(_, &d)| d > 0)
                .map(|(&k, &d)| (k, d))
                .collect::<Vec<_>>()
        };
        if nonzero(&back) != nonzero(&table)
            || back.coverage != table.coverage
            || back.prime != Some(p)
        {
            return Err("the table changed in a CSV round trip".into());
        }
    }
    Ok(true)
}

/// Reads one chart input, draws it and round-trips it. `Ok(true)`: it read.
fn fuzz_chart(bytes: Vec<u8>) -> Result<bool, String> {
    let text = match input::text(bytes) {
        Ok(t) => t,
        Err(e) => return check_error("UTF-8", &e).map(|()| false),
    };
    let chart = match Chart::parse(&text) {
        Ok(c) => c,
        Err(e) => return check_error("chart.json", &e).map(|()| false),
    };
    match svg::render(&chart) {
        Ok(drawing) if drawing.starts_with("<svg") && drawing.ends_with("</svg>\n") => {}
        Ok(_) => return Err("the SVG is not a whole document".into()),
        Err(e) => check_error("svg", &e.to_string())?,
    }
    match Chart::parse(&chart.to_json()) {
        Ok(back) if back == chart => Ok(true),
        Ok(_) => Err("the chart changed in a JSON round trip".into()),
        Err(e) => Err(format!("its own JSON is refused: {e}")),
    }
}

/// What the worker reports: an input starts, or it ended (read, refused, or a failure).
enum Event {
    Start(usize, Vec<u8>),
    End(Result<bool, String>),
}

/// The outcome of [`run`].
struct Tally {
    read: usize,
    refused: usize,
    /// Every [`BINARY_EVERY`]-th input, for [`through_binary`].
    sample: Vec<(usize, Vec<u8>)>,
}

/// Runs `check` on `count` inputs from `make` in a worker thread; fails on a panic, a hang
/// or a failed property, naming the input (written under the target's tmp folder).
fn run(
    name: &str,
    count: usize,
    make: impl FnMut(usize) -> Vec<u8> + Send + 'static,
    check: impl Fn(Vec<u8>) -> Result<bool, String> + Send + 'static,
) -> Tally {
    let (tx, rx) = mpsc::channel();
    let mut make = make;
    std::thread::spawn(move || {
        for k in 0..count {
            let input = make(k);
            if tx.send(Event::Start(k, input.clone())).is_err() {
                return;
            }
            let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| check(input)))
                .unwrap_or_else(|p| {
                    Err(format!(
                        "panic: {}",
                        p.downcast_ref::<String>()
                            .cloned()
                            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                            .unwrap_or_default()
                    ))
                });
            if tx.send(Event::End(outcome)).is_err() {
                return;
            }
        }
    });
    let save = |k: usize, input: &[u8]| -> PathBuf {
        let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fuzz-{name}-{k}.bin"));
        std::fs::write(&path, input).unwrap();
        path
    };
    let mut tally = Tally {
        read: 0,
        refused: 0,
        sample: Vec::new(),
    };
    let mut current: Option<(usize, Vec<u8>)> = None;
    for _ in 0..2 * count {
        match rx.recv_timeout(PER_INPUT_LIMIT) {
            Ok(Event::Start(k, input)) => {
                if k % BINARY_EVERY == 0 {
                    tally.sample.push((k, input.clone()));
                }
                current = Some((k, input));
            }
            Ok(Event::End(outcome)) => {
                let (k, input) = current.take().unwrap();
                match outcome {
                    Ok(true) => tally.read += 1,
                    Ok(false) => tally.refused += 1,
                    Err(e) => panic!(
                        "{name} input {k} (seed {}): {e}; input saved in {}",
                        seed(),
                        save(k, &input).display()
                    ),
                }
            }
            Err(_) => {
                let (k, input) = current.take().expect("the worker stopped between inputs");
                panic!("{name} input {k} (seed {}) ran past {PER_INPUT_LIMIT:?}: a hang; input saved in {}", seed(), save(k, &input).display());
            }
        }
    }
    tally
}

/// Runs `adams ARGS` on the sampled inputs: exit 0, 1 or 2, and a one-line error.
fn through_binary(
    name: &str,
    sample: &[(usize, Vec<u8>)],
    args: impl Fn(&Path, &Path) -> Vec<String>,
) {
    let dir = tempfile::tempdir().unwrap();
    for (k, input) in sample {
        let file = dir.path().join(format!("input-{k}"));
        std::fs::write(&file, input).unwrap();
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_adams"))
            .args(args(&file, dir.path()))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        let code = o.status.code();
        let clean = match code {
            Some(0) | Some(1) => !err.contains("panicked"),
            Some(2) => {
                err.lines().count() == 1 && err.starts_with("error: ") && !err.contains("panicked")
            }
            _ => false,
        };
        assert!(
            clean,
            "{name} input {k}: exit {code:?}, stderr {err:?}; input kept in {}",
            {
                let kept = Path::new(env!("CARGO_TARGET_TMPDIR"))
                    .join(format!("fuzz-{name}-binary-{k}.bin"));
                std::fs::write(&kept, input).unwrap();
                kept.display().to_string()
            }
        );
    }
}

/// Prints the counts; every input was accounted for, and both outcomes are common (else the
/// mutations are too weak or too strong to test much).
fn report(what: &str, count: usize, read: usize, refused: usize, binary: usize, command: &str) {
    println!(
        "fuzz {what}: {count} inputs (seed {}): {read} read, {refused} refused with a one-line error; {binary} also through `{command}`",
        seed()
    );
    assert_eq!(read + refused, count);
    assert!(
        read > count / 10 && refused > count / 10,
        "the inputs should both pass and fail often: {read} read, {refused} refused"
    );
}

#[test]
fn fuzz_ext_csv_and_verify() {
    let seeds = corpus(".csv");
    let tables: Vec<ExtTable> = seeds
        .iter()
        .map(|(name, bytes)| {
            csv::parse_table(name, std::str::from_utf8(bytes).unwrap())
                .unwrap_or_else(|e| panic!("seed {name} is refused: {e}"))
        })
        .collect();
    let count = inputs_per_reader().max(seeds.len());
    let reference = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/fuzz")
        .join(&seeds[0].0);
    let Tally {
        read,
        refused,
        sample,
    } = run("ext-csv", count, inputs(seeds, false, 1), move |b| {
        fuzz_table(b, &tables)
    });
    through_binary("ext-csv", &sample, |file, _| {
        vec![
            "verify".into(),
            file.display().to_string(),
            "--against".into(),
            reference.display().to_string(),
        ]
    });
    report(
        "ext.csv + verify",
        count,
        read,
        refused,
        sample.len(),
        "adams verify",
    );
}

#[test]
fn fuzz_chart_json_and_svg() {
    let seeds = corpus(".json");
    for (name, bytes) in &seeds {
        Chart::parse(std::str::from_utf8(bytes).unwrap())
            .unwrap_or_else(|e| panic!("seed {name} is refused: {e}"));
    }
    let count = inputs_per_reader().max(seeds.len());
    let Tally {
        read,
        refused,
        sample,
    } = run("chart-json", count, inputs(seeds, true, 2), fuzz_chart);
    through_binary("chart-json", &sample, |file, dir| {
        vec![
            "chart".into(),
            file.display().to_string(),
            "--output".into(),
            dir.join("out.svg").display().to_string(),
        ]
    });
    report(
        "chart.json + svg",
        count,
        read,
        refused,
        sample.len(),
        "adams chart",
    );
}
