//! `adams resolve`, one path for every prime: read the command line into its plan
//! (`crate::plan`: the module at its prime, the range, the flags checked), open the output
//! folder, the backend and the save directory, run the resolution, write ext.csv,
//! chart.json, chart.svg and summary.json, and print the chart and the summary. What
//! differs per prime is said by the module type (`crate::prime::PrimeModule`): at odd p the
//! classical algorithm on the CPU, the chart's products by `a0` and `h0`.

mod output;

use std::time::Instant;

use resolution::{Resolution, ResolutionConfig, RunOptions};
use steenrod::Algebra;

use crate::cli::ResolveArgs;
use crate::error::Error;
use crate::offload::{self, Backend};
use crate::plan::{self, Plan, Subject, Target};
use crate::prime::PrimeModule;
use crate::range::check_memory;
use crate::spill::{summary_line, Spill};
use crate::{certify, save, usage};

pub(crate) use crate::offload::open_backend;
pub(crate) use crate::progress::{init_logging, with_progress};
pub(crate) use output::{
    in_range, make_output, open_output, print_chart, print_run_lines, result_line, run_summary,
    write_summary, write_table, Finished, Start,
};

/// `adams resolve` (under `mpirun`, with feature `mpi`: one rank of a run across several,
/// `crate::cluster`; MPI stays initialised until the command ends).
pub fn run(args: ResolveArgs) -> Result<(), Error> {
    #[cfg(feature = "mpi")]
    {
        let mut args = args;
        let mpi = crate::cluster::start(&mut args.quiet);
        let result = run_here(args);
        if let Some(code) = result.as_ref().err().and_then(crate::cluster::failed) {
            // Reported (by this rank or rank 0): exit once MPI is finalised.
            drop(mpi);
            std::process::exit(code);
        }
        result
    }
    #[cfg(not(feature = "mpi"))]
    run_here(args)
}

/// `adams resolve` in this process: the command line read into its plan, then the one
/// run for the module's prime, or the cofiber's.
fn run_here(args: ResolveArgs) -> Result<(), Error> {
    let start = Start {
        at: Instant::now(),
        usage: usage::current(),
    };
    let (plan, subject) = plan::read(args)?;
    match subject {
        Subject::Two(target) => run_module(&plan, target, &start),
        Subject::Odd(target) => run_module(&plan, target, &start),
        Subject::Cofiber(cofiber) => {
            let (class, base) = *cofiber;
            crate::resolve_cofiber::run(&plan, class, base, &start)
        }
        Subject::Unstable(target) => crate::resolve_unstable::run(&plan, *target, &start),
        Subject::Motivic => crate::resolve_motivic::run(&plan, &start),
    }
}

/// The resolution of `module` (named `name`) over the plan's range, with the table budget
/// of `--memory`, after the check of its projected peak memory (`--max-memory`). Errors:
/// that check, or a range the module cannot have (a stem bound below its bottom cell, or
/// degrees of the algebra beyond the tables once its cells are counted).
fn new_resolution<M: PrimeModule>(
    module: M,
    plan: &Plan,
    name: &str,
) -> Result<Resolution<M>, Error> {
    let over_a = module.profile().is_none();
    let p = fp::Prime::value(module.field());
    let (bottom, limits) = (module.min_degree(), &plan.limits);
    check_memory(name, p, bottom, over_a, plan.range, limits.max_memory)?;
    let tables = crate::spill::table_budget(limits, plan.range, bottom);
    Resolution::with_table_budget(module, plan.range, tables).map_err(|source| Error::ModuleRange {
        name: name.to_string(),
        source,
    })
}

/// `adams resolve` of a module at any prime: open the output folder, the backend (p = 2)
/// and the save directory, resolve, write ext.csv, chart.json, chart.svg and summary.json,
/// and print the chart and the summary.
fn run_module<M: PrimeModule>(plan: &Plan, target: Target<M>, start: &Start) -> Result<(), Error> {
    let Target {
        module,
        folder,
        names,
    } = target;
    let name = module.name().to_string();
    // Charts start at the module's bottom cell.
    let min_stem = module.min_degree();
    // The range's checks before the output folder is made: a refusal leaves nothing.
    let mut res = new_resolution(module, plan, &name)?;
    let output = open_output(&plan.output, &folder)?;
    #[cfg(feature = "mpi")]
    if crate::cluster::follow(
        &mut res,
        plan.algorithm.to_resolution(),
        plan.limits.threads,
    ) {
        return Ok(());
    }
    let backend = match M::OFFLOADS {
        true => open_backend(&plan.backend, res.algebra().max_degree())?,
        false => Backend::cpu(),
    };
    init_logging(plan.log.as_deref())?;
    let spill = Spill::for_plan(plan)?;
    let finished = resolve(plan, &mut res, &backend, name, plan.range, spill.as_ref())?;
    let algorithm = plan.algorithm.name();
    // The chart first: it reads spilled rows back, and a row that cannot be read must
    // leave the output folder as it was rather than with a new ext.csv beside an old chart.
    let chart = M::chart(&mut res, algorithm, min_stem, names.as_ref())?;
    let csv_path = output.join("ext.csv");
    write_table(&csv_path, &finished, algorithm)?;
    let out = &plan.output;
    let chart_files = crate::chart_files::write(&chart, &output, &out.draw, &out.export)?;
    if !out.no_chart {
        print_chart(&finished, min_stem);
    }
    let saved = save::summary(res.save_dir()).transpose()?;
    // Wall and CPU time over the same interval (the charts' products are CPU time too).
    let elapsed = start.at.elapsed();
    let usage = usage::current().since(&start.usage);
    let mut summary = run_summary(plan, &finished, &backend, &usage, elapsed, &saved);
    let held = spill.as_ref().zip(finished.report.held);
    if let Some((spill, held)) = held {
        summary.max_memory_bytes = Some(spill.budget);
        summary.spilled_rows = Some(held.spilled_rows);
        summary.peak_row_bytes = Some(held.peak_row_bytes);
    }
    write_summary(&output.join("summary.json"), &summary)?;
    if !plan.quiet {
        print_run_lines(&finished, &usage, elapsed, &saved);
        if let Some((spill, held)) = held {
            let rows = plan.range.max_s as usize + 1;
            eprintln!("{}", summary_line(spill, &held, usage.peak_rss_bytes, rows));
        }
        if let Some(c) = &finished.certificate {
            eprintln!("{}", certify::summary_line(c));
        }
        if let Some(d) = &backend.device {
            let (b, checks) = (&plan.backend, &finished.report.checks);
            let line = offload::summary_line(b.choice, d.as_ref(), b.verify, backend.check, checks);
            eprintln!("{line}");
        }
        eprintln!("{}", result_line(&summary, &csv_path));
        // Over a sub-Hopf algebra only its h_i are carried and drawn (h0, h1 over A(1)).
        eprintln!("{}", chart_files.line());
    }
    Ok(())
}

/// Resume from `--save-dir` if given, run the resolution with a progress bar (within the
/// budget of `spill`, spilling finished rows to the save directory or its temporary one),
/// certify it with `--certify` (before any output is written: a resolution that fails its
/// certificate writes none), and keep the nonzero Ext of the range.
pub(crate) fn resolve<M: PrimeModule>(
    plan: &Plan,
    res: &mut Resolution<M>,
    backend: &Backend,
    name: String,
    range: ResolutionConfig,
    spill: Option<&Spill>,
) -> Result<Finished, Error> {
    let algorithm = plan.algorithm.to_resolution();
    let resumed = match (&plan.save, spill.and_then(|s| s.temp.as_ref())) {
        (Some(s), _) => Some(save::resume(
            &s.dir,
            res,
            algorithm,
            s.quasi_inverses,
            plan.quiet,
        )?),
        // A fresh directory: nothing to resume, and its line would only name a temporary.
        (None, Some(temp)) => {
            save::resume(temp.path(), res, algorithm, false, true)?;
            None
        }
        (None, None) => None,
    };
    let (hold, watch) = Spill::options(spill);
    let report = with_progress(plan.quiet, &name, |progress| {
        let options = RunOptions {
            algorithm,
            threads: plan.limits.threads,
            progress: Some(progress),
            offload: backend
                .device
                .as_deref()
                .map(|d| resolution::Offload::new(d as &dyn resolution::Backend, backend.check)),
            stop: Some(crate::interrupt::stop_on_sigint()),
            hold,
            watch,
        };
        #[cfg(feature = "mpi")]
        return crate::cluster::run(res, options, plan.quiet);
        #[cfg(not(feature = "mpi"))]
        res.run(options)
    })?;
    M::log_memory(res);
    let certificate = if plan.certify {
        Some(certify::after_run(res, &name, plan.limits.threads)?)
    } else {
        None
    };
    let rows = in_range(res.ext(), range);
    Ok(Finished {
        name,
        prime: fp::Prime::value(res.prime()),
        algorithm: plan.algorithm.name(),
        sub: res.module().profile().map(|p| p.to_string()),
        range,
        rows,
        report,
        certificate,
        resumed,
    })
}
