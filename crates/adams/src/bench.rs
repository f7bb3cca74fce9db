//! `adams bench`: time resolutions as separate processes and report medians.
//!
//! Each run is `adams resolve … --no-chart --output TMP` in a fresh process, so peak memory
//! is that run's alone; the child writes `TMP/summary.json` (wall time, CPU time, peak RSS),
//! which this command reads back.

use std::path::Path;
use std::process::Command;

use serde::{Deserialize, Serialize};

/// What `adams resolve` records in `DIR/summary.json`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RunSummary {
    /// Module name.
    pub module: String,
    /// `classical` or `nassau`.
    pub algorithm: String,
    /// Largest stem.
    pub max_stem: i32,
    /// Largest Adams filtration.
    pub max_s: u32,
    /// Wall time of the resolution, seconds.
    pub wall_s: f64,
    /// CPU time of the whole process (user + system), seconds.
    pub cpu_s: f64,
    /// Peak resident set size of the whole process, bytes.
    pub peak_rss_bytes: u64,
    /// Number of nonzero bidegrees.
    pub nonzero_bidegrees: usize,
    /// Total dimension of Ext in range.
    pub total_dim: usize,
    /// Worker threads.
    pub threads: usize,
    /// Mean number of bidegrees in flight.
    pub mean_in_flight: f64,
    /// With `--save-dir`: bytes of the save directory after the run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save_dir_bytes: Option<u64>,
    /// With `--save-dir`: bidegrees loaded from it instead of computed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loaded_bidegrees: Option<usize>,
    /// `--backend` (cpu, gpu, wgpu, cuda) and, for a device, its name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backend: Option<String>,
    /// With a device backend: its peak memory allocated by the run, bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peak_device_bytes: Option<u64>,
    /// With a device backend: matrix builds it took.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offloaded_builds: Option<usize>,
    /// With a device backend: row reductions it took.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offloaded_reductions: Option<usize>,
    /// `true` when `--certify` certified the run; `null` when it was not asked for.
    #[serde(default)]
    pub certified: Option<bool>,
    /// `--verify`: every offloaded build and reduction was redone on the CPU.
    #[serde(default)]
    pub verify: bool,
    /// With a device backend: the fraction of offloaded calls redone on the CPU
    /// (`--verify-sample`; 1 with `--verify`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verify_sample: Option<f64>,
    /// With a device backend: offloaded builds redone on the CPU (all matched).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sampled_builds: Option<usize>,
    /// With a device backend: offloaded row reductions redone on the CPU (all matched).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sampled_reductions: Option<usize>,
    /// With a device backend: CPU seconds spent redoing and comparing them (all workers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sampled_cpu_s: Option<f64>,
}

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

/// One `adams resolve` child's figures, read from its `summary.json`.
struct Sample {
    wall: f64,
    cpu: f64,
    rss_mb: f64,
    in_flight: f64,
    classes: usize,
}

/// Runs `adams resolve` once in a child process and reads its summary.
fn run_once(
    exe: &Path,
    module: &str,
    algorithm: &str,
    range: &BenchRange,
    threads: usize,
    extra: &[String],
    dir: &Path,
) -> Result<Sample, String> {
    let child = Command::new(exe)
        .arg("resolve")
        .arg(module)
        .args([
            "--max-stem",
            &range.max_stem.to_string(),
            "--max-s",
            &range.max_s.to_string(),
        ])
        .args([
            "--algorithm",
            algorithm,
            "--threads",
            &threads.to_string(),
            "--quiet",
            "--no-chart",
            "--output",
        ])
        .arg(dir)
        .args(extra)
        .output()
        .map_err(|e| format!("cannot start {}: {e}", exe.display()))?;
    if !child.status.success() {
        let stderr = String::from_utf8_lossy(&child.stderr);
        let last = stderr.lines().last().unwrap_or("").trim().to_string();
        return Err(format!(
            "adams resolve at stem {}, s {} failed ({}): {last}",
            range.max_stem, range.max_s, child.status
        ));
    }
    let path = dir.join("summary.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let summary: RunSummary =
        serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let _ = std::fs::remove_dir_all(dir);
    Ok(Sample {
        wall: summary.wall_s,
        cpu: summary.cpu_s,
        rss_mb: summary.peak_rss_bytes as f64 / 1e6,
        in_flight: summary.mean_in_flight,
        classes: summary.total_dim,
    })
}

/// Runs every range `runs` times per thread count; prints one table row per (range,
/// thread count) with medians and returns.
///
/// The runs of one range are interleaved — run 1 at every thread count, then run 2, … —
/// so that a change in the machine's load during the benchmark affects every thread count
/// alike, and the speedup column compares like with like.
pub fn run(
    module: &str,
    algorithm: &str,
    ranges: &[BenchRange],
    thread_counts: &[usize],
    runs: usize,
    extra: &[String],
    scratch: &Path,
) -> Result<(), String> {
    let exe =
        std::env::current_exe().map_err(|e| format!("cannot find the adams executable: {e}"))?;
    println!("module {module}, algorithm {algorithm}, {runs} run(s) per range, medians (runs interleaved across thread counts)");
    println!(
        "{:>6} {:>4} {:>7} {:>10} {:>10} {:>12} {:>9} {:>8} {:>8}",
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
    for range in ranges {
        let mut samples: Vec<Vec<Sample>> = thread_counts.iter().map(|_| Vec::new()).collect();
        for run in 0..runs {
            for (k, &threads) in thread_counts.iter().enumerate() {
                let dir = scratch.join(format!(
                    "{}-{}-{threads}-{run}",
                    range.max_stem, range.max_s
                ));
                samples[k].push(run_once(
                    &exe, module, algorithm, range, threads, extra, &dir,
                )?);
            }
        }
        let mut first_wall = None;
        for (k, &threads) in thread_counts.iter().enumerate() {
            let of = |f: fn(&Sample) -> f64| median(samples[k].iter().map(f).collect());
            let w = of(|x| x.wall);
            let base = *first_wall.get_or_insert(w);
            println!(
                "{:>6} {:>4} {:>7} {:>10.2} {:>10.2} {:>12.1} {:>9.1} {:>7.2}x {:>8}",
                range.max_stem,
                range.max_s,
                threads,
                w,
                of(|x| x.cpu),
                of(|x| x.rss_mb),
                of(|x| x.in_flight),
                base / w,
                samples[k].last().map_or(0, |x| x.classes)
            );
        }
    }
    Ok(())
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
