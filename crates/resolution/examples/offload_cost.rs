//! The CPU cost of checking offloaded work (`--verify`, `--verify-sample`), measured
//! without a device: the sphere resolved (Nassau) with [`CpuDevice`] standing in for the
//! device at the GPU backend's default thresholds, every call it takes redone on the CPU
//! and timed.
//!
//! `cargo run --release -p resolution --example offload_cost -- STEM S [THREADS] [FRACTION,...] [cpu]`
//!
//! Prints: the calls a device would take and `O`, the CPU time of redoing all of them;
//! `T`, the run's time without those checks (its wall time less `O`; with one thread,
//! wall time is CPU time), and `O / T`; the five costliest calls. Then, for each FRACTION,
//! the cost of the seeded sample of that fraction — the sum of the times of the calls it
//! picks — for the default seed and over seeds 1..=100 (mean, largest), as a share of `O`
//! and of `T`. With `cpu`, first a CPU-only run of the range for comparison.
use std::time::{Duration, Instant};

use resolution::sample::{is_sampled, DEFAULT_SEED};
use resolution::{
    Algorithm, CpuDevice, Offload, Resolution, ResolutionConfig, RunOptions, RunReport,
    SampleFraction,
};
use steenrod::module::FiniteModule;

fn run(
    max_stem: i32,
    max_s: u32,
    threads: usize,
    backend: Option<&CpuDevice>,
) -> (RunReport, Duration) {
    let mut res = Resolution::new(FiniteModule::sphere(), ResolutionConfig { max_stem, max_s })
        .expect("range");
    let offload = backend.map(|b| Offload::new(b, SampleFraction::ALL));
    let started = Instant::now();
    let report = res
        .run(RunOptions {
            algorithm: Algorithm::Nassau,
            threads,
            progress: None,
            offload,
            stop: None,
            hold: None,
            watch: None,
        })
        .expect("resolve");
    (report, started.elapsed())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let max_stem: i32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(60);
    let max_s: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(33);
    let threads: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let fractions: Vec<SampleFraction> = args
        .get(4)
        .map_or("0.005,0.01,0.02,0.05", String::as_str)
        .split(',')
        .filter(|f| !f.is_empty())
        .map(|f| f.parse().expect("a fraction in [0, 1]"))
        .collect();
    println!("S_2 stem {max_stem}, s <= {max_s}, {threads} threads, device thresholds 200000 products, 2048 rows and columns");
    if args.get(5).map(String::as_str) == Some("cpu") {
        let (_, wall) = run(max_stem, max_s, threads, None);
        println!("CPU-only run: {:.2} s", wall.as_secs_f64());
    }

    let backend = CpuDevice::with_device_defaults();
    let (report, wall) = run(max_stem, max_s, threads, Some(&backend));
    let (builds, reductions) = backend.taken();
    let checks = &report.checks;
    let o = checks.cpu_time.as_secs_f64();
    let t = wall.as_secs_f64() - o;
    println!(
        "{builds} builds and {reductions} reductions a device would take; redoing them: O = {o:.2} s; \
         run {:.2} s, T = {t:.2} s without the checks; O / T = {:.1}%",
        wall.as_secs_f64(),
        100.0 * o / t
    );
    let mut costliest: Vec<(Duration, usize)> = checks.times.iter().copied().zip(0..).collect();
    costliest.sort_by(|a, b| b.cmp(a));
    for &(time, i) in costliest.iter().take(5) {
        let c = &checks.calls[i];
        println!(
            "  {:.3} s ({:.1}% of O): {:?} at (s {}, t {}) {}",
            time.as_secs_f64(),
            100.0 * time.as_secs_f64() / o,
            c.kind,
            c.s,
            c.t,
            c.what
        );
    }
    let sample_cost = |f: SampleFraction, seed: u64| -> f64 {
        let picked = checks
            .calls
            .iter()
            .zip(&checks.times)
            .filter(|(c, _)| is_sampled(f, seed, c.s, c.t, c.kind, &c.what));
        picked
            .map(|(_, time)| time.as_secs_f64())
            .fold(0.0, |a, b| a + b)
    };
    for f in fractions {
        let default = sample_cost(f, DEFAULT_SEED);
        let costs: Vec<f64> = (1..=100).map(|seed| sample_cost(f, seed)).collect();
        let mean = costs.iter().sum::<f64>() / costs.len() as f64;
        let max = costs.iter().copied().fold(0.0, f64::max);
        println!(
            "fraction {f}: default seed {default:.2} s ({:.1}% of O, {:.2}% of T); seeds 1..=100: mean {mean:.2} s \
             ({:.2}% of T), largest {max:.2} s ({:.2}% of T)",
            100.0 * default / o,
            100.0 * default / t,
            100.0 * mean / t,
            100.0 * max / t
        );
    }
}
