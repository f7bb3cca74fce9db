//! Times a resolution of the sphere:
//! `cargo run --release -p resolution --example time_sphere -- STEM S [classical|nassau] [THREADS] [TABLE_MB]`.
use resolution::{Algorithm, Resolution, ResolutionConfig, RunOptions};
use steenrod::module::FiniteModule;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let max_stem: i32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(40);
    let max_s: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(20);
    let algorithm = match args.get(3).map(String::as_str) {
        Some("classical") => Algorithm::Classical,
        _ => Algorithm::Nassau,
    };
    let threads: usize = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(0);
    let budget_mb: Option<usize> = args.get(5).and_then(|a| a.parse().ok());
    let mut res = Resolution::new(FiniteModule::sphere(), ResolutionConfig { max_stem, max_s })
        .expect("range");
    if let Some(mb) = budget_mb {
        res = res.with_product_table_budget(mb << 20);
    }
    let report = res
        .run(RunOptions {
            algorithm,
            threads,
            progress: None,
            offload: None,
            stop: None,
            hold: None,
            watch: None,
        })
        .expect("resolve");
    let total: usize = res.ext().iter().map(|e| e.dim).sum();
    println!(
        "{algorithm:?} stem {max_stem} s {max_s}: {total} classes in {:.2?} ({} threads, {} steps, mean in flight {:.2}, parked {})",
        report.wall, report.threads, report.steps, report.mean_in_flight, report.parked
    );
}
