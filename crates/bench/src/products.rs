//! `adams bench --products CLASS`: each run is `adams products MODULE --by CLASS` in a
//! fresh process; its `products.json` gives the resolution's wall time and the products'
//! (the lift of the class, with the quasi-inverses it needs, and the read-off), wall and
//! CPU seconds. Prints the medians and their ratios per range (on a shared machine the CPU
//! ratio is the steadier one).

use std::process::Command;

use chart::class_spec::ClassSpec;

use super::{median, Bench, BenchError};

/// Times the products by `class` on every range of `args` (its module, ranges, runs and
/// `--modules-dir`); prints one row of medians per range on stdout.
pub fn run(args: &Bench<'_>, class: &ClassSpec) -> Result<(), BenchError> {
    let exe = std::env::current_exe().map_err(BenchError::CurrentExe)?;
    let scratch = std::env::temp_dir().join(format!("adams-bench-products-{}", std::process::id()));
    println!(
        "products by {class} on {} ({} runs, medians)",
        args.module, args.runs
    );
    println!(
        "{:>6} {:>4} {:>14} {:>14} {:>8} {:>10} {:>10} {:>9}",
        "stem", "s", "resolution s", "products s", "ratio", "res CPU s", "prod CPU s", "CPU ratio"
    );
    let result = args.ranges.iter().try_for_each(|r| {
        let mut resolution = Vec::new();
        let mut products = Vec::new();
        let (mut resolution_cpu, mut products_cpu) = (Vec::new(), Vec::new());
        for k in 0..args.runs {
            let out = scratch.join(format!("{}-{}-{k}", r.max_stem, r.max_s));
            let mut command = Command::new(&exe);
            command.args(["products", args.module, "--by", &class.to_string(), "-q"]);
            command.args([
                "--max-stem",
                &r.max_stem.to_string(),
                "--max-s",
                &r.max_s.to_string(),
            ]);
            command.arg("--output").arg(&out);
            if let Some(dir) = args.modules_dir {
                command.arg("--modules-dir").arg(dir);
            }
            let finished = super::child::run(command).map_err(|source| BenchError::Start {
                exe: exe.clone(),
                source,
            })?;
            if !finished.status.success() {
                return Err(BenchError::Failed {
                    who: "adams products".into(),
                    max_stem: r.max_stem,
                    max_s: r.max_s,
                    status: finished.status,
                    last: finished.last_stderr,
                });
            }
            let path = out.join("products.json");
            let text =
                std::fs::read_to_string(&path).map_err(|source| BenchError::ReadSummary {
                    path: path.clone(),
                    source,
                })?;
            let v: serde_json::Value = serde_json::from_str(&text)
                .map_err(|source| BenchError::ParseSummary { path, source })?;
            resolution.push(v["resolution_seconds"].as_f64().unwrap_or(f64::NAN));
            products.push(v["by"][0]["seconds"].as_f64().unwrap_or(f64::NAN));
            resolution_cpu.push(v["resolution_cpu_seconds"].as_f64().unwrap_or(f64::NAN));
            products_cpu.push(v["by"][0]["cpu_seconds"].as_f64().unwrap_or(f64::NAN));
        }
        let (a, b) = (median(resolution), median(products));
        let (c, d) = (median(resolution_cpu), median(products_cpu));
        println!(
            "{:>6} {:>4} {a:>14.3} {b:>14.3} {:>8.3} {c:>10.3} {d:>10.3} {:>9.3}",
            r.max_stem,
            r.max_s,
            b / a,
            d / c
        );
        Ok(())
    });
    let _ = std::fs::remove_dir_all(&scratch);
    result
}
