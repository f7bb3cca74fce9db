//! The CPU cost of checking offloaded work (`--verify`, `--verify-sample`), measured
//! without a device: the sphere resolved (Nassau) with [`CpuBackend`] standing in for the
//! device at the GPU backend's default thresholds, so that the calls a device would take
//! are the ones checked.
//!
//! `cargo run --release -p resolution --example offload_cost -- STEM S [THREADS] [FRACTION,...]`
//!
//! Prints, for the range: the CPU-only run's wall time `T`; the calls a device would take
//! and `O`, the CPU time of redoing all of them (a run checking every call); their share
//! `O / T`; then for each FRACTION a run checking that seeded sample: calls checked and
//! the CPU time they took. With one thread, wall time is CPU time.
use std::time::{Duration, Instant};

use resolution::{
    Algorithm, CpuBackend, Offload, Resolution, ResolutionConfig, RunOptions, RunReport,
    SampleFraction,
};
use steenrod::module::FiniteModule;

fn run(
    max_stem: i32,
    max_s: u32,
    threads: usize,
    backend: Option<(&CpuBackend, SampleFraction)>,
) -> (RunReport, Duration) {
    let mut res = Resolution::new(FiniteModule::sphere(), ResolutionConfig { max_stem, max_s })
        .expect("range");
    let offload = backend.map(|(b, check)| Offload::new(b, check));
    let started = Instant::now();
    let report = res
        .run(RunOptions {
            algorithm: Algorithm::Nassau,
            threads,
            progress: None,
            offload,
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
        .map_or("0.01".to_string(), |a| a.clone())
        .split(',')
        .filter(|f| !f.is_empty())
        .map(|f| f.parse().expect("a fraction in [0, 1]"))
        .collect();

    let (_, cpu_wall) = run(max_stem, max_s, threads, None);
    println!(
        "S_2 stem {max_stem}, s <= {max_s}, {threads} threads: CPU-only run {:.2} s",
        cpu_wall.as_secs_f64()
    );

    let all = CpuBackend::with_device_defaults();
    let (report, wall) = run(max_stem, max_s, threads, Some((&all, SampleFraction::ALL)));
    let (builds, reductions) = all.taken();
    let o = report.checks.cpu_time.as_secs_f64();
    // The same run without its checks: its own wall time less O (one thread).
    let t_same_run = wall.as_secs_f64() - o;
    println!(
        "every call checked: {builds} builds and {reductions} reductions a device would take; redoing them took O = {o:.2} s \
         (O / T = {:.1}%); run {:.2} s, so {t_same_run:.2} s without the checks (O / that = {:.1}%)",
        100.0 * o / cpu_wall.as_secs_f64(),
        wall.as_secs_f64(),
        100.0 * o / t_same_run
    );
    for f in fractions {
        let backend = CpuBackend::with_device_defaults();
        let (report, wall) = run(max_stem, max_s, threads, Some((&backend, f)));
        let c = &report.checks;
        println!(
            "fraction {f}: {} builds and {} reductions checked ({:.1}% of {} calls), {:.2} s ({:.1}% of O, {:.1}% of T); run {:.2} s",
            c.builds(),
            c.reductions(),
            100.0 * c.calls.len() as f64 / (builds + reductions).max(1) as f64,
            builds + reductions,
            c.cpu_time.as_secs_f64(),
            100.0 * c.cpu_time.as_secs_f64() / o.max(1e-9),
            100.0 * c.cpu_time.as_secs_f64() / cpu_wall.as_secs_f64(),
            wall.as_secs_f64()
        );
    }
}
