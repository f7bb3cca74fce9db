//! `adams bench`: time resolutions as separate processes and report medians.
//!
//! Each run is `adams resolve … --no-chart --output TMP` in a fresh process, so peak memory
//! is that run's alone; the child writes `TMP/summary.json` (wall time, CPU time, peak RSS),
//! which this command reads back.

use std::path::{Path, PathBuf};
use std::process::Command;

use resolution::MAX_ALGEBRA_DEGREE;

use crate::cli::BenchArgs;
use crate::error::Error;
use crate::modules;
use crate::range::{check_threads, RangeError};

use crate::summary::RunSummary;

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

/// Why a benchmark run failed (exit 3).
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    #[error("cannot find the adams executable: {0}")]
    CurrentExe(std::io::Error),
    #[error("cannot start {}: {source}", .exe.display())]
    Start {
        exe: PathBuf,
        source: std::io::Error,
    },
    #[error("{who} resolve at stem {max_stem}, s {max_s} failed ({status}): {last}")]
    Failed {
        /// `adams`, or `baseline PATH`.
        who: String,
        max_stem: i32,
        max_s: u32,
        status: std::process::ExitStatus,
        /// The child's last line on stderr.
        last: String,
    },
    /// The child exited 0 without writing `summary.json`: not an `adams` executable.
    #[error("{who} resolve at stem {max_stem}, s {max_s} exited 0 but wrote no summary.json: not an adams executable")]
    NoSummary {
        who: String,
        max_stem: i32,
        max_s: u32,
    },
    #[error("{}: {source}", .path.display())]
    ReadSummary {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: {source}", .path.display())]
    ParseSummary {
        path: PathBuf,
        source: serde_json::Error,
    },
}

/// `adams bench`: checks the module, the ranges and the thread counts as `adams resolve`
/// would (bad input before any run, with the same messages; cells above the largest
/// range's `t` dropped, as each run does for its own), then times the runs.
pub fn command(args: BenchArgs) -> Result<(), Error> {
    if args.runs == 0 {
        return Err(RangeError::NoRuns.into());
    }
    let top_t = args
        .ranges
        .iter()
        .map(|r| i64::from(r.max_stem) + i64::from(r.max_s))
        .max();
    let top_t = top_t.map(|t| t.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32);
    let module = modules::find_module(&args.module, args.modules_dir.as_deref(), top_t)?;
    let bottom = i64::from(module.min_degree());
    for r in &args.ranges {
        if i64::from(r.max_stem) < bottom
            || r.max_stem as i64 + r.max_s as i64 - bottom > i64::from(MAX_ALGEBRA_DEGREE)
        {
            return Err(RangeError::BenchRange {
                max_stem: r.max_stem,
                max_s: r.max_s,
                bottom,
            }
            .into());
        }
    }
    for &t in &args.threads {
        check_threads(t)?;
    }
    let mut binaries = vec![Binary {
        who: "adams".to_string(),
        exe: std::env::current_exe().map_err(BenchError::CurrentExe)?,
    }];
    if let Some(exe) = &args.baseline {
        binaries.push(Binary {
            who: format!("baseline {}", exe.display()),
            exe: baseline_exe(exe)?,
        });
    }
    let scratch = std::env::temp_dir().join(format!("adams-bench-{}", std::process::id()));
    let mut extra = Vec::new();
    if let Some(dir) = &args.modules_dir {
        extra.push("--modules-dir".to_string());
        extra.push(dir.display().to_string());
    }
    let plan = Plan {
        module: &args.module,
        algorithm: args.algorithm.name(),
        thread_counts: &args.threads,
        runs: args.runs,
        extra: &extra,
        scratch: &scratch,
    };
    let result = plan.run(&args.ranges, &binaries);
    let _ = std::fs::remove_dir_all(&scratch);
    Ok(result?)
}

/// Why `--baseline EXE` cannot be run (checked before any run).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BaselineProblem {
    Missing,
    Folder,
    NotRegular,
    NotExecutable,
}

impl std::fmt::Display for BaselineProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Self::Missing => "no such file",
            Self::Folder => "is a folder, not an executable",
            Self::NotRegular => "not a regular file",
            Self::NotExecutable => "not executable (no execute permission)",
        })
    }
}

/// `--baseline EXE` as the path to run: an executable regular file, made absolute so
/// that a bare name (`adams-before`) runs the file in the current folder, never a
/// program of that name found on `PATH`.
fn baseline_exe(exe: &Path) -> Result<PathBuf, Error> {
    use std::os::unix::fs::PermissionsExt;
    let problem = |why| Error::Baseline {
        path: exe.to_path_buf(),
        why,
    };
    let meta = std::fs::metadata(exe).map_err(|_| problem(BaselineProblem::Missing))?;
    if meta.is_dir() {
        return Err(problem(BaselineProblem::Folder));
    }
    if !meta.is_file() {
        return Err(problem(BaselineProblem::NotRegular));
    }
    if meta.permissions().mode() & 0o111 == 0 {
        return Err(problem(BaselineProblem::NotExecutable));
    }
    std::path::absolute(exe).map_err(|_| problem(BaselineProblem::Missing))
}

/// A binary to time: this one, or `--baseline EXE`.
struct Binary {
    /// How errors name it: `adams`, `baseline PATH`.
    who: String,
    exe: PathBuf,
}

/// What every run of a benchmark shares.
struct Plan<'a> {
    module: &'a str,
    algorithm: &'a str,
    thread_counts: &'a [usize],
    runs: usize,
    /// Further arguments of every `adams resolve` (`--modules-dir DIR`).
    extra: &'a [String],
    /// Folder for the runs' output folders (removed afterwards).
    scratch: &'a Path,
}

/// One `adams resolve` child's figures, read from its `summary.json`.
struct Sample {
    wall: f64,
    cpu: f64,
    rss_mb: f64,
    in_flight: f64,
    classes: usize,
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
                        samples[k][b].push(self.run_once(binary, range, threads, &dir)?);
                    }
                }
            }
            self.print_range(range, binaries, &samples);
        }
        Ok(())
    }

    fn print_header(&self, binaries: &[Binary]) {
        let (module, algorithm, runs) = (self.module, self.algorithm, self.runs);
        match binaries.get(1) {
            None => println!("module {module}, algorithm {algorithm}, {runs} run(s) per range, medians (runs interleaved across thread counts)"),
            Some(b) => println!("module {module}, algorithm {algorithm}, {runs} run(s) per range and binary, medians (runs interleaved across thread counts and binaries); {}", b.who),
        }
        let binary = if binaries.len() > 1 {
            format!("{:>8} ", "binary")
        } else {
            String::new()
        };
        println!(
            "{binary}{:>6} {:>4} {:>7} {:>10} {:>10} {:>12} {:>9} {:>8} {:>8}",
            "stem",
            "s",
            "threads",
            "wall (s)",
            "CPU (s)",
            "peak RSS MB",
            "in flight",
            "speedup",
            "classes"
        );
    }

    /// The rows of one range; with a baseline, each thread count's row of this binary,
    /// the baseline's, and a `ratio` row (wall and CPU medians, this over the baseline).
    fn print_range(&self, range: &BenchRange, binaries: &[Binary], samples: &[Vec<Vec<Sample>>]) {
        let labels = ["this", "baseline"];
        let mut first_wall = vec![None; binaries.len()];
        for (k, &threads) in self.thread_counts.iter().enumerate() {
            let mut walls = Vec::new();
            for b in 0..binaries.len() {
                let of = |f: fn(&Sample) -> f64| median(samples[k][b].iter().map(f).collect());
                let w = of(|x| x.wall);
                let base = *first_wall[b].get_or_insert(w);
                let binary = if binaries.len() > 1 {
                    format!("{:>8} ", labels[b])
                } else {
                    String::new()
                };
                println!(
                    "{binary}{:>6} {:>4} {:>7} {:>10.2} {:>10.2} {:>12.1} {:>9.1} {:>7.2}x {:>8}",
                    range.max_stem,
                    range.max_s,
                    threads,
                    w,
                    of(|x| x.cpu),
                    of(|x| x.rss_mb),
                    of(|x| x.in_flight),
                    base / w,
                    samples[k][b].last().map_or(0, |x| x.classes)
                );
                walls.push((w, of(|x| x.cpu)));
            }
            if let [(w, c), (bw, bc)] = walls[..] {
                println!(
                    "{:>8} {:>6} {:>4} {:>7} {:>10.3} {:>10.3}",
                    "ratio",
                    range.max_stem,
                    range.max_s,
                    threads,
                    w / bw,
                    c / bc
                );
            }
        }
    }

    /// Runs `adams resolve` once in a child process and reads its summary.
    fn run_once(
        &self,
        binary: &Binary,
        range: &BenchRange,
        threads: usize,
        dir: &Path,
    ) -> Result<Sample, BenchError> {
        let child = Command::new(&binary.exe)
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
            .args(self.extra)
            .output()
            .map_err(|source| BenchError::Start {
                exe: binary.exe.clone(),
                source,
            })?;
        if !child.status.success() {
            let stderr = String::from_utf8_lossy(&child.stderr);
            let last = stderr
                .lines()
                .map(str::trim)
                .rfind(|l| !l.is_empty())
                .unwrap_or("(nothing on stderr)")
                .to_string();
            return Err(BenchError::Failed {
                who: binary.who.clone(),
                max_stem: range.max_stem,
                max_s: range.max_s,
                status: child.status,
                last,
            });
        }
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
        Ok(Sample {
            wall: summary.wall_s,
            cpu: summary.cpu_s,
            rss_mb: summary.peak_rss_bytes as f64 / 1e6,
            in_flight: summary.mean_in_flight,
            classes: summary.total_dim,
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
