//! `adams resolve`, one path for every prime: read the command line into its plan
//! (`crate::plan`: the module at its prime, the range, the flags checked), open the output
//! folder, the backend and the save directory, run the resolution, write ext.csv,
//! chart.json, chart.svg and summary.json, and print the chart and the summary. What
//! differs per prime is said by the module type (`crate::prime::PrimeModule`): at odd p the
//! classical algorithm on the CPU, the chart's products by `a0` and `h0`.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use chart::csv::Row;
use chart::{ascii, csv};
use resolution::save::ResumeReport;
use resolution::{
    Certificate, ExtEntry, Resolution, ResolutionConfig, ResolutionError, RunOptions, RunReport,
};
use steenrod::Algebra;

use crate::cli::ResolveArgs;
use crate::error::Error;
use crate::offload::{self, Device};
use crate::plan::{self, BackendPlan, OutputPlan, Plan, Subject, Target};
use crate::prime::PrimeModule;
use crate::range::check_memory;
use crate::summary::RunSummary;
use crate::{certify, progress, save, usage};

/// The backend a run offloads to: the device (none for the CPU) and the fraction of its
/// calls redone on the CPU.
pub(crate) struct Backend {
    device: Option<Box<dyn Device>>,
    check: resolution::SampleFraction,
}

/// What a finished run hands to the output phases.
pub(crate) struct Finished {
    pub name: String,
    /// The prime of the Steenrod algebra.
    pub prime: u32,
    /// The algorithm that ran (`nassau`, `classical`).
    pub algorithm: &'static str,
    /// The sub-Hopf algebra resolved over (`A(1)`, `profile (…)`), `None` for `A`.
    pub sub: Option<String>,
    pub range: ResolutionConfig,
    pub rows: Vec<Row>,
    pub report: RunReport,
    pub certificate: Option<Certificate>,
    pub resumed: Option<ResumeReport>,
}

impl Backend {
    /// No device: everything on the CPU.
    pub(crate) fn cpu() -> Self {
        Self {
            device: None,
            check: resolution::SampleFraction::NONE,
        }
    }
}

/// When the command started: the wall clock and the process's usage then (the summary's
/// times are over the whole command).
pub(crate) struct Start {
    pub at: Instant,
    pub usage: usage::Usage,
}

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
        Subject::Cofiber(file) => crate::resolve_cofiber::run(&plan, &file, &start),
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
    Resolution::with_table_budget(module, plan.range, limits.table_memory).map_err(|source| {
        Error::ModuleRange {
            name: name.to_string(),
            source,
        }
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
    let output = open_output(&plan.output, &folder)?;
    let mut res = new_resolution(module, plan, &name)?;
    #[cfg(feature = "mpi")]
    if M::follow(
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
    let finished = resolve(plan, &mut res, &backend, name, plan.range)?;
    let algorithm = plan.algorithm.name();
    let csv_path = output.join("ext.csv");
    write_table(&csv_path, &finished, algorithm)?;
    let chart = M::chart(&res, algorithm, min_stem, names.as_ref())?;
    let out = &plan.output;
    let chart_files = crate::chart_files::write(&chart, &output, &out.draw, &out.export)?;
    if !out.no_chart {
        print_chart(&finished, min_stem);
    }
    let saved = save::summary(res.save_dir()).transpose()?;
    // Wall and CPU time over the same interval (the charts' products are CPU time too).
    let elapsed = start.at.elapsed();
    let usage = usage::current().since(&start.usage);
    let summary = run_summary(plan, &finished, &backend, &usage, elapsed, &saved);
    write_summary(&output.join("summary.json"), &summary)?;
    if !plan.quiet {
        print_run_lines(&finished, &usage, elapsed, &saved);
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

/// The output folder (`--output`, else `output/FOLDER`: the module's name, with the
/// sub-Hopf algebra asked for on the command line, [`crate::subalgebra::folder_name`]),
/// made before any work so that a long run is not lost to a typo.
pub(crate) fn open_output(plan: &OutputPlan, folder: &str) -> Result<PathBuf, Error> {
    #[cfg(feature = "mpi")]
    if crate::cluster::is_follower() {
        // Only rank 0 writes outputs.
        return Ok(PathBuf::new());
    }
    let output = plan
        .dir
        .clone()
        .unwrap_or_else(|| PathBuf::from("output").join(folder));
    make_output(&output)?;
    Ok(output)
}

/// Creates the output folder `output` if missing, and checks that files can be written in
/// it (before any work: a read-only folder is bad input found at once, not after the run).
/// Errors: it exists and is not a folder, cannot be created, or cannot be written.
pub(crate) fn make_output(output: &Path) -> Result<(), Error> {
    if output.exists() && !output.is_dir() {
        return Err(Error::OutputNotFolder {
            path: output.to_path_buf(),
        });
    }
    fs::create_dir_all(output).map_err(|source| Error::OutputCreate {
        path: output.to_path_buf(),
        source,
    })?;
    chart::output::check_writable(output).map_err(|source| Error::OutputNotWritable {
        path: output.to_path_buf(),
        source,
    })
}

/// `--backend`, `--verify`, `--verify-sample` (else `ADAMS_VERIFY_SAMPLE`) and the device
/// knobs: the device opened (none for the CPU) for an algebra through `max_degree`.
pub(crate) fn open_backend(plan: &BackendPlan, max_degree: u32) -> Result<Backend, Error> {
    let env_sample = std::env::var(offload::VERIFY_SAMPLE_ENV).ok();
    let check = offload::check_fraction(
        plan.choice,
        plan.verify,
        plan.sample.as_deref(),
        env_sample.as_deref(),
    )
    .map_err(Error::Backend)?;
    let device = offload::open(plan.choice, &plan.knobs, max_degree).map_err(Error::Backend)?;
    Ok(Backend { device, check })
}

/// Resume from `--save-dir` if given, run the resolution with a progress bar, certify it
/// with `--certify` (before any output is written: a resolution that fails its
/// certificate writes none), and keep the nonzero Ext of the range.
pub(crate) fn resolve<M: PrimeModule>(
    plan: &Plan,
    res: &mut Resolution<M>,
    backend: &Backend,
    name: String,
    range: ResolutionConfig,
) -> Result<Finished, Error> {
    let algorithm = plan.algorithm.to_resolution();
    let resumed = match &plan.save {
        Some(s) => Some(save::resume(
            &s.dir,
            res,
            algorithm,
            s.quasi_inverses,
            plan.quiet,
        )?),
        None => None,
    };
    let report = with_progress(plan.quiet, &name, |progress| {
        let options = RunOptions {
            algorithm,
            threads: plan.limits.threads,
            progress: Some(progress),
            offload: backend
                .device
                .as_deref()
                .map(|d| resolution::Offload::new(d as &dyn resolution::Backend, backend.check)),
        };
        #[cfg(feature = "mpi")]
        return M::run_ranks(res, options, plan.quiet);
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

/// Runs `run` with a progress bar (none with `quiet`); its error names the module.
pub(crate) fn with_progress(
    quiet: bool,
    name: &str,
    run: impl FnOnce(&mut dyn FnMut(&resolution::Progress)) -> Result<RunReport, ResolutionError>,
) -> Result<RunReport, Error> {
    let mut reporter = progress::Reporter::new(quiet);
    let outcome = run(&mut |p: &resolution::Progress| reporter.update(p));
    reporter.finish();
    outcome.map_err(|source| Error::Resolve {
        name: name.to_string(),
        source,
    })
}

/// The nonzero entries of `ext` inside `range`, as rows (what ext.csv and the chart show).
pub(crate) fn in_range(ext: Vec<ExtEntry>, range: ResolutionConfig) -> Vec<Row> {
    ext.into_iter()
        .filter(|r| r.dim > 0 && r.stem() <= range.max_stem && r.s() <= range.max_s)
        .map(crate::chart_model::row)
        .collect()
}

/// `ext.csv`.
pub(crate) fn write_table(path: &Path, run: &Finished, algorithm: &str) -> Result<(), Error> {
    let ResolutionConfig { max_stem, max_s } = run.range;
    let write = || -> std::io::Result<()> {
        let mut out = Vec::new();
        let first = csv::complete_line(
            max_stem,
            max_s,
            &run.name,
            algorithm,
            run.prime,
            run.sub.as_deref(),
        );
        csv::write_table(&mut out, &first, &run.rows)?;
        chart::output::write_atomic(path, &out)
    };
    write().map_err(|source| Error::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// The ASCII chart on stdout. A closed pipe (`adams resolve | head`) is not a failure of
/// the run.
pub(crate) fn print_chart(run: &Finished, min_stem: i32) {
    let ResolutionConfig { max_stem, max_s } = run.range;
    let text = format!(
        "{}{}",
        ascii::header(&run.name, run.prime, run.sub.as_deref(), max_stem, max_s),
        ascii::render(&run.rows, min_stem, max_stem, max_s)
    );
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

/// The run's summary lines on stderr: wall time of the whole command (device start-up
/// included, as the CPU time is), CPU time, peak memory, and the save directory's line.
pub(crate) fn print_run_lines(
    run: &Finished,
    usage: &usage::Usage,
    elapsed: std::time::Duration,
    saved: &Option<(u64, String)>,
) {
    let whole = RunReport {
        wall: elapsed,
        ..run.report.clone()
    };
    eprint!(
        "{}",
        progress::summary(&whole, usage.cpu, usage.peak_rss_bytes)
    );
    if let Some((_, line)) = saved {
        eprintln!("{line}");
    }
}

/// The figures of the run for `summary.json`.
pub(crate) fn run_summary(
    plan: &Plan,
    run: &Finished,
    backend: &Backend,
    usage: &usage::Usage,
    elapsed: std::time::Duration,
    saved: &Option<(u64, String)>,
) -> RunSummary {
    let report = &run.report;
    let device = backend.device.as_ref();
    let sampled = |f: &dyn Fn() -> usize| device.map(|_| f());
    RunSummary {
        module: run.name.clone(),
        algebra: run.sub.clone(),
        algorithm: run.algorithm.to_string(),
        max_stem: run.range.max_stem,
        max_s: run.range.max_s,
        wall_s: elapsed.as_secs_f64(),
        cpu_s: usage.cpu.as_secs_f64(),
        peak_rss_bytes: usage.peak_rss_bytes,
        nonzero_bidegrees: run.rows.len(),
        total_dim: run.rows.iter().map(|r| r.dim).sum(),
        threads: report.threads,
        mean_in_flight: report.mean_in_flight,
        save_dir_bytes: saved.as_ref().map(|(bytes, _)| *bytes),
        loaded_bidegrees: run.resumed.as_ref().map(|r| r.loaded),
        backend: Some(match device {
            Some(d) => format!("{} ({})", plan.backend.choice.name(), d.name()),
            None => "cpu".to_string(),
        }),
        peak_device_bytes: device.map(|d| d.peak_device_bytes()),
        peak_device_bytes_each: device.map(|d| d.peak_device_bytes_each()),
        peak_host_bytes: device.map(|d| d.peak_host_bytes()),
        offloaded_builds: device.map(|d| d.offloaded().0),
        offloaded_reductions: device.map(|d| d.offloaded().1),
        certified: run.certificate.as_ref().map(|_| true),
        verify: plan.backend.verify,
        verify_sample: device.map(|_| backend.check.get()),
        sampled_builds: sampled(&|| report.checks.builds()),
        sampled_reductions: sampled(&|| report.checks.reductions()),
        sampled_cpu_s: device.map(|_| report.checks.cpu_time.as_secs_f64()),
        cofiber: None,
    }
}

/// `summary.json`.
pub(crate) fn write_summary(path: &Path, summary: &RunSummary) -> Result<(), Error> {
    let text = serde_json::to_string_pretty(summary).map_err(Error::Summary)?;
    chart::output::write_atomic(path, (text + "\n").as_bytes()).map_err(|source| Error::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// The last summary line on stderr.
pub(crate) fn result_line(s: &RunSummary, csv_path: &Path) -> String {
    format!(
        "resolved {} ({}) through stem {}, s <= {} in {:.2} s \
         (CPU {:.2} s, peak memory {:.1} MB): {} nonzero bidegrees, total dimension {}; wrote {}",
        s.module,
        s.algorithm,
        s.max_stem,
        s.max_s,
        s.wall_s,
        s.cpu_s,
        s.peak_rss_bytes as f64 / 1e6,
        s.nonzero_bidegrees,
        s.total_dim,
        csv_path.display()
    )
}

/// Structured logs (tracing) on stderr: `--log LEVEL`, else `RUST_LOG`, else none.
pub(crate) fn init_logging(level: Option<&str>) -> Result<(), Error> {
    use tracing_subscriber::EnvFilter;
    let filter = match level {
        Some(l) => EnvFilter::try_new(l).map_err(|source| Error::LogFlag {
            value: l.to_string(),
            source,
        })?,
        None => match std::env::var("RUST_LOG") {
            Ok(v) if !v.is_empty() => {
                EnvFilter::try_new(&v).map_err(|source| Error::LogEnv { value: v, source })?
            }
            _ => return Ok(()),
        },
    };
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_span_events(tracing_subscriber::fmt::format::FmtSpan::CLOSE)
        .try_init();
    Ok(())
}
