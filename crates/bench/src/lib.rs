//! `adams bench`: time resolutions as separate processes and report medians.
//!
//! The binary checks the command line (module, ranges, thread counts) and calls [`run`]
//! (or [`products::run`] for `--products`); this crate starts the children and prints
//! the table.
//!
//! Each run is `adams resolve … --no-chart --output TMP` in a fresh process, so peak memory
//! is that run's alone; the child writes `TMP/summary.json` (wall time, CPU time, peak RSS),
//! which this command reads back. With `--sseq EXE` the established open-source resolver
//! is timed beside it ([`sseq`]), both measured around the whole child process ([`child`]).

mod child;
mod errors;
pub mod products;
mod sseq;
mod table;

pub use errors::{executable, BaselineProblem, BenchError};

use std::path::{Path, PathBuf};
use std::process::Command;

use chart::summary::RunSummary;
use steenrod::Profile;

/// One range to time: `STEM:S`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchRange {
    /// Largest stem.
    pub max_stem: i32,
    /// Largest filtration.
    pub max_s: u32,
}

impl std::str::FromStr for BenchRange {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        let (n, s) = text
            .split_once(':')
            .ok_or_else(|| format!("range {text:?} is not STEM:S (e.g. 80:43)"))?;
        let max_stem = n
            .trim()
            .parse()
            .map_err(|_| format!("range {text:?}: stem {n:?} is not a number"))?;
        let max_s = s
            .trim()
            .parse()
            .map_err(|_| format!("range {text:?}: s {s:?} is not a non-negative number"))?;
        Ok(BenchRange { max_stem, max_s })
    }
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.total_cmp(b));
    let n = xs.len();
    if n == 0 {
        return f64::NAN;
    }
    if n % 2 == 1 {
        xs[n / 2]
    } else {
        (xs[n / 2 - 1] + xs[n / 2]) / 2.0
    }
}

/// What `adams bench` times, checked by the caller as `adams resolve` would check it (the
/// module found, every range inside the algebra's tables, every thread count allowed).
#[derive(Clone, Copy, Debug)]
pub struct Bench<'a> {
    /// The module as given to `adams resolve` (a name, `NAME[k]` or a file).
    pub module: &'a str,
    /// The algorithm's name as `--algorithm` takes it (`nassau`, `classical`).
    pub algorithm: &'a str,
    /// The ranges to time, in order.
    pub ranges: &'a [BenchRange],
    /// Worker-thread counts (0: one per core); the speedup column is relative to the first.
    pub thread_counts: &'a [usize],
    /// Runs per range, thread count and binary; the table reports medians.
    pub runs: usize,
    /// `--modules-dir`, passed on to every run.
    pub modules_dir: Option<&'a Path>,
    /// `--algebra A(n)`, passed on to every run.
    pub algebra: Option<&'a str>,
    /// `--profile H1,H2,...`, passed on to every run.
    pub profile: Option<&'a str>,
}

/// `--sseq EXE`: the established resolver to time beside adams, on a copy of the module
/// file adams resolves.
#[derive(Clone, Copy, Debug)]
pub struct SseqAsked<'a> {
    /// The executable (sseq's `resolve_through_stem` example).
    pub exe: &'a Path,
    /// The module file's name or path, without a shift `[k]`.
    pub base: &'a str,
    /// The shift `[k]` of the module's name, if any.
    pub shift: Option<i32>,
    /// The profile a flag asked for that the module file lacks (written into the copy).
    pub profile: Option<&'a Profile>,
}

/// Times the resolutions of `bench` in child processes of this executable, and of
/// `baseline` (another adams executable) or `sseq` beside it, run by run; prints the
/// table of medians on stdout. Errors (one line): an executable that cannot be run
/// (exit 2), a run that failed or left no figures (exit 3; [`BenchError::exit_code`]).
pub fn run(
    bench: &Bench<'_>,
    baseline: Option<&Path>,
    sseq: Option<&SseqAsked<'_>>,
) -> Result<(), BenchError> {
    let mut binaries = vec![Binary {
        label: "this",
        who: "adams".to_string(),
        exe: std::env::current_exe().map_err(BenchError::CurrentExe)?,
        kind: Kind::Adams,
    }];
    if let Some(exe) = baseline {
        binaries.push(Binary {
            label: "baseline",
            who: format!("baseline {}", exe.display()),
            exe: executable(exe).map_err(|why| BenchError::Baseline {
                path: exe.to_path_buf(),
                why,
            })?,
            kind: Kind::Adams,
        });
    }
    let scratch = std::env::temp_dir().join(format!("adams-bench-{}", std::process::id()));
    let result = with_sseq(bench, sseq, &mut binaries, &scratch)
        .and_then(|()| run_plan(bench, &binaries, &scratch));
    let _ = std::fs::remove_dir_all(&scratch);
    result
}

/// With `--sseq EXE`: checks EXE and adds it, given a copy of the module file (with
/// `profile` set when a flag asked for a sub-Hopf algebra the file lacks).
fn with_sseq(
    bench: &Bench<'_>,
    sseq: Option<&SseqAsked<'_>>,
    binaries: &mut Vec<Binary>,
    scratch: &Path,
) -> Result<(), BenchError> {
    let Some(asked) = sseq else {
        return Ok(());
    };
    let checked = executable(asked.exe).map_err(|why| BenchError::SseqExe {
        path: asked.exe.to_path_buf(),
        why,
    })?;
    let module = sseq::prepare(bench.module, asked, bench.modules_dir, scratch)?;
    binaries.push(Binary {
        label: "sseq",
        who: format!("sseq {}", asked.exe.display()),
        exe: checked,
        kind: Kind::Sseq(module),
    });
    Ok(())
}

/// Times every binary on every range.
fn run_plan(bench: &Bench<'_>, binaries: &[Binary], scratch: &Path) -> Result<(), BenchError> {
    let mut extra = Vec::new();
    if let Some(dir) = bench.modules_dir {
        extra.push("--modules-dir".to_string());
        extra.push(dir.display().to_string());
    }
    for (flag, value) in [("--algebra", bench.algebra), ("--profile", bench.profile)] {
        if let Some(v) = value {
            extra.extend([flag.to_string(), v.to_string()]);
        }
    }
    let plan = Plan {
        module: bench.module,
        algorithm: bench.algorithm,
        thread_counts: bench.thread_counts,
        runs: bench.runs,
        extra: &extra,
        scratch,
        external: binaries.iter().any(|b| matches!(b.kind, Kind::Sseq(_))),
    };
    plan.run(bench.ranges, binaries)
}

/// A binary to time: this one, `--baseline EXE` or `--sseq EXE`.
struct Binary {
    /// Its rows' label when there are two: `this`, `baseline`, `sseq`.
    label: &'static str,
    /// How errors name it: `adams`, `baseline PATH`, `sseq PATH`.
    who: String,
    exe: PathBuf,
    kind: Kind,
}

/// How a binary is run.
enum Kind {
    /// `EXE resolve MODULE …`, figures from its `summary.json`.
    Adams,
    /// sseq's `resolve_through_stem`, given the module file's copy.
    Sseq(sseq::SseqModule),
}

/// What every run of a benchmark shares.
struct Plan<'a> {
    module: &'a str,
    algorithm: &'a str,
    thread_counts: &'a [usize],
    runs: usize,
    /// Further arguments of every `adams resolve` (`--modules-dir DIR`, `--algebra`,
    /// `--profile`).
    extra: &'a [String],
    /// Folder for the runs' output folders (removed afterwards).
    scratch: &'a Path,
    /// Wall, CPU and peak memory of the adams runs measured around the child process
    /// (as sseq's are) instead of read from `summary.json` (resolution only).
    external: bool,
}

/// One child's figures: wall and CPU seconds, peak resident megabytes; adams's mean
/// bidegrees in flight and classes (from `summary.json`; none from sseq).
struct Sample {
    wall: f64,
    cpu: f64,
    rss_mb: f64,
    in_flight: Option<f64>,
    classes: Option<usize>,
}

impl Sample {
    /// The figures measured around the child ([`child::run`]).
    fn external(done: &child::Finished) -> Sample {
        Sample {
            wall: done.wall.as_secs_f64(),
            cpu: done.cpu.as_secs_f64(),
            rss_mb: done.peak_rss_bytes as f64 / 1e6,
            in_flight: None,
            classes: None,
        }
    }
}

/// `Ok` when the child exited 0 and the kernel reported its peak memory; else the error
/// naming `who`, the range and the reason (the child's last line on stderr).
fn finished_ok(done: &child::Finished, who: &str, range: &BenchRange) -> Result<(), BenchError> {
    if !done.status.success() {
        return Err(BenchError::Failed {
            who: who.to_string(),
            max_stem: range.max_stem,
            max_s: range.max_s,
            status: done.status,
            last: done.last_stderr.clone(),
        });
    }
    if done.peak_rss_bytes == 0 {
        return Err(BenchError::NoFigures {
            who: who.to_string(),
            max_stem: range.max_stem,
            max_s: range.max_s,
        });
    }
    Ok(())
}

impl Plan<'_> {
    /// Runs every range `runs` times per thread count and binary; prints one table row
    /// per (range, thread count, binary) with medians, and with a baseline the ratio of
    /// the medians (this binary over the baseline).
    ///
    /// The runs of one range are interleaved — run 1 at every thread count with every
    /// binary, then run 2, … — so that a change in the machine's load during the
    /// benchmark affects every thread count and binary alike, and the speedup and ratio
    /// columns compare like with like.
    fn run(&self, ranges: &[BenchRange], binaries: &[Binary]) -> Result<(), BenchError> {
        self.print_header(binaries);
        for range in ranges {
            // samples[k][b]: thread count k, binary b.
            let mut samples: Vec<Vec<Vec<Sample>>> = self
                .thread_counts
                .iter()
                .map(|_| binaries.iter().map(|_| Vec::new()).collect())
                .collect();
            for run in 0..self.runs {
                for (k, &threads) in self.thread_counts.iter().enumerate() {
                    for (b, binary) in binaries.iter().enumerate() {
                        let dir = self.scratch.join(format!(
                            "{}-{}-{threads}-{run}-{b}",
                            range.max_stem, range.max_s
                        ));
                        let sample = match &binary.kind {
                            Kind::Adams => self.run_once(binary, range, threads, &dir)?,
                            Kind::Sseq(module) => {
                                sseq::run_once(&binary.exe, &binary.who, module, range, threads)?
                            }
                        };
                        samples[k][b].push(sample);
                    }
                }
            }
            self.print_range(range, binaries, &samples);
        }
        Ok(())
    }

    /// Runs `adams resolve` once in a child process and reads its summary (and, when
    /// [`Plan::external`], takes wall, CPU and peak memory from around the child).
    fn run_once(
        &self,
        binary: &Binary,
        range: &BenchRange,
        threads: usize,
        dir: &Path,
    ) -> Result<Sample, BenchError> {
        let mut command = Command::new(&binary.exe);
        command
            .arg("resolve")
            .arg(self.module)
            .args([
                "--max-stem",
                &range.max_stem.to_string(),
                "--max-s",
                &range.max_s.to_string(),
            ])
            .args([
                "--algorithm",
                self.algorithm,
                "--threads",
                &threads.to_string(),
                "--quiet",
                "--no-chart",
                "--output",
            ])
            .arg(dir)
            .args(self.extra);
        let done = child::run(command).map_err(|source| BenchError::Start {
            exe: binary.exe.clone(),
            source,
        })?;
        finished_ok(&done, &binary.who, range)?;
        let path = dir.join("summary.json");
        if !path.exists() {
            return Err(BenchError::NoSummary {
                who: binary.who.clone(),
                max_stem: range.max_stem,
                max_s: range.max_s,
            });
        }
        let text = std::fs::read_to_string(&path).map_err(|source| BenchError::ReadSummary {
            path: path.clone(),
            source,
        })?;
        let summary: RunSummary = serde_json::from_str(&text)
            .map_err(|source| BenchError::ParseSummary { path, source })?;
        let _ = std::fs::remove_dir_all(dir);
        let figures = match self.external {
            true => Sample::external(&done),
            false => Sample {
                wall: summary.wall_s,
                cpu: summary.cpu_s,
                rss_mb: summary.peak_rss_bytes as f64 / 1e6,
                in_flight: None,
                classes: None,
            },
        };
        Ok(Sample {
            in_flight: Some(summary.mean_in_flight),
            classes: Some(summary.total_dim),
            ..figures
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(vec![4.0, 1.0, 2.0, 3.0]), 2.5);
    }

    #[test]
    fn ranges_parse_and_reject_garbage() {
        assert_eq!(
            "80:43".parse::<BenchRange>(),
            Ok(BenchRange {
                max_stem: 80,
                max_s: 43
            })
        );
        assert!("80".parse::<BenchRange>().is_err());
        assert!("80:x".parse::<BenchRange>().is_err());
    }
}
