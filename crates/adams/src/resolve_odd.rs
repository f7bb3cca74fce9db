//! `adams resolve` at an odd prime: the module file's `"p"` picked the mod p Steenrod
//! algebra. The classical algorithm on the CPU (`resolution::odd`), resumable from
//! `--save-dir` as at p = 2; the same outputs as at p = 2 — ext.csv, chart.json, chart.svg
//! (products by `a0` and `h0`), the ASCII chart and summary.json — each naming the prime.
//! Over a sub-Hopf algebra (`crate::subalgebra_odd`) each names it too.

use std::time::Instant;

use fp::Prime;
use resolution::{ResolutionConfig, RunOptions};
use steenrod::module::OddModule;

use crate::cli::{Algorithm, BackendChoice, ResolveArgs};
use crate::error::Error;
use crate::range::{check_memory, check_module_range};
use crate::resolve::{self, Backend, Finished};
use crate::{certify, save, usage};
use resolution::Resolution;

/// What a flag asks for that exists only at p = 2, if any.
fn refused_flag(args: &ResolveArgs) -> Option<String> {
    const CPU: &str = "odd primes are resolved by the classical algorithm on the CPU";
    if args.algorithm == Some(Algorithm::Nassau) {
        Some(format!("--algorithm nassau (Nassau's algorithm; {CPU})"))
    } else if args.backend != BackendChoice::Cpu {
        Some(format!("--backend {} ({CPU})", args.backend.name()))
    } else if args.verify {
        Some(format!("--verify (it checks a device's work; {CPU})"))
    } else if args.verify_sample.is_some() {
        Some(format!(
            "--verify-sample (it checks a device's work; {CPU})"
        ))
    } else if args.memory.is_some() {
        Some("--memory (the Milnor product tables it sizes exist at p = 2 only)".to_string())
    } else if args.names.is_some() {
        Some("--names (the table names classes of the sphere at p = 2)".to_string())
    } else {
        None
    }
}

/// `adams resolve` of an odd-primary module.
pub fn run(
    args: &ResolveArgs,
    module: OddModule,
    range: ResolutionConfig,
    started: Instant,
    usage_at_start: usage::Usage,
) -> Result<(), Error> {
    let name = module.name().to_string();
    let p = module.prime();
    if let Some(what) = refused_flag(args) {
        return Err(Error::NotAtOddPrimes {
            name,
            p: p.value(),
            what,
        });
    }
    let own_profile = module.profile().is_some();
    let module = crate::subalgebra_odd::apply(args, module)?;
    check_module_range(module.name(), module.min_degree(), range)?;
    let (p, over_a) = (module.prime().value(), module.profile().is_none());
    let memory = args.max_memory;
    check_memory(module.name(), p, module.min_degree(), over_a, range, memory)?;
    let min_stem = module.min_degree();
    let folder = crate::subalgebra_odd::folder_name(&module, own_profile);
    let output = resolve::open_output(args, &folder)?;
    let mut res =
        Resolution::<OddModule>::new(module, range).map_err(|source| Error::ModuleRange {
            name: name.clone(),
            source,
        })?;
    resolve::init_logging(args.log.as_deref())?;
    let finished = compute(args, &mut res, name, range)?;
    let algorithm = Algorithm::Classical.name();
    let csv_path = output.join("ext.csv");
    resolve::write_table(&csv_path, &finished, algorithm)?;
    let chart = crate::chart_model::odd_chart(&res, algorithm, min_stem);
    let chart_files = crate::chart_files::write(&chart, &output, &args.draw, &args.export)?;
    if !args.no_chart {
        resolve::print_chart(&finished, min_stem);
    }
    let saved = save::summary(res.save_dir()).transpose()?;
    // Wall and CPU time over the same interval (the charts' products are CPU time too).
    let elapsed = started.elapsed();
    let usage = usage::current().since(&usage_at_start);
    let backend = Backend::cpu();
    let summary = resolve::run_summary(args, &finished, &backend, &usage, elapsed, &saved);
    resolve::write_summary(&output.join("summary.json"), &summary)?;
    if !args.quiet {
        resolve::print_run_lines(&finished, &usage, elapsed, &saved);
        if let Some(c) = &finished.certificate {
            eprintln!("{}", certify::summary_line(c));
        }
        eprintln!("{}", resolve::result_line(&summary, &csv_path));
        eprintln!("{}", chart_files.line());
    }
    Ok(())
}

/// Resume from `--save-dir` if given, run the resolution with a progress bar, certify it
/// with `--certify` (before any output is written: a failed certificate writes none), and
/// keep the nonzero Ext of the range.
fn compute(
    args: &ResolveArgs,
    res: &mut Resolution<OddModule>,
    name: String,
    range: ResolutionConfig,
) -> Result<Finished, Error> {
    let resumed = match &args.save_dir {
        Some(dir) => Some(save::resume_odd(dir, res, args.quiet)?),
        None => None,
    };
    let report = resolve::with_progress(args.quiet, &name, |progress| {
        res.run(RunOptions {
            algorithm: resolution::Algorithm::Classical,
            threads: args.threads,
            progress: Some(progress),
            offload: None,
        })
    })?;
    let certificate = if args.certify {
        Some(certify::after_odd_run(res, &name, args.threads)?)
    } else {
        None
    };
    let rows = resolve::in_range(res.ext(), range);
    Ok(Finished {
        name,
        prime: res.prime().value(),
        algorithm: Algorithm::Classical.name(),
        sub: res.algebra().profile().map(|p| p.to_string()),
        range,
        rows,
        report,
        certificate,
        resumed,
    })
}
