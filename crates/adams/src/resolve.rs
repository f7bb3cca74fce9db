//! `adams resolve`: find the module, check the range, open the output folder, the
//! backend and the save directory, run the resolution, write ext.csv, chart.json,
//! chart.svg and summary.json, and print the chart and the summary.

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
use steenrod::module::{AnyModule, FiniteModule};

use crate::cli::ResolveArgs;
use crate::error::Error;
use crate::offload::{self, Device};
use crate::range::{check_memory, check_module_range, check_range, check_threads};
use crate::summary::RunSummary;
use crate::{certify, modules, progress, resolve_odd, save, subalgebra, usage};

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

/// An odd-primary module: `resolve_odd`, in one process only.
fn odd(
    args: &ResolveArgs,
    module: steenrod::module::OddModule,
    range: ResolutionConfig,
    started: Instant,
    usage_at_start: usage::Usage,
) -> Result<(), Error> {
    #[cfg(feature = "mpi")]
    if crate::cluster::active() {
        return Err(Error::NotAtOddPrimes {
            name: module.name().to_string(),
            p: fp::Prime::value(module.prime()),
            what: "a run across MPI ranks".into(),
        });
    }
    resolve_odd::run(args, module, range, started, usage_at_start)
}

/// The `memory:` line of `--log info`: what the resolution holds at its end (MB = 2^20
/// bytes; docs/EXPERIMENTS.md, 2026-12-01, for the breakdown at stems 100 and 130).
fn log_memory(res: &Resolution) {
    let mem = res.memory();
    let mb = |bytes: usize| bytes as f64 / (1u64 << 20) as f64;
    tracing::info!(
        "memory: differentials {:.1} MB as vectors, {:.1} MB as {} terms; Milnor bases \
         {:.1} MB; product tables {:.1} MB of a budget of {:.1} MB",
        mb(mem.differential_values),
        mb(mem.differential_terms),
        mem.terms,
        mb(mem.algebra_basis),
        mb(mem.product_tables),
        mb(res.algebra().table_budget())
    );
}

/// The product-table budget `--memory` asks for, in bytes (MB = 2^20 bytes), if any.
pub(crate) fn table_memory(args: &ResolveArgs) -> Option<usize> {
    args.memory.map(|mb| mb.saturating_mul(1 << 20))
}

/// The resolution of `module` (named `name`) over `range`, with the table budget of
/// `--memory`, after the check of its projected peak memory (`--max-memory`). Errors: that
/// check, or a range the module cannot have (a stem bound below its bottom
/// cell, or degrees of A beyond the tables once its cells are counted).
fn new_resolution(
    module: FiniteModule,
    range: ResolutionConfig,
    name: &str,
    args: &ResolveArgs,
) -> Result<Resolution, Error> {
    let over_a = module.profile().is_none();
    check_memory(name, 2, module.min_degree(), over_a, range, args.max_memory)?;
    Resolution::with_table_budget(module, range, table_memory(args)).map_err(|source| {
        Error::ModuleRange {
            name: name.to_string(),
            source,
        }
    })
}

/// `adams resolve` in this process.
fn run_here(mut args: ResolveArgs) -> Result<(), Error> {
    let started = Instant::now();
    let usage_at_start = usage::current();
    let range = check_range(args.max_stem, args.max_s)?;
    check_threads(args.threads)?;
    let (module, read_over_asked) = match find_module(&args, range) {
        Ok(found) => found,
        // A file with the field's "cofiber" key: its Ext from the mapping cone.
        Err(e) => match crate::resolve_cofiber::refused_file(&e, &args) {
            Some(Ok(file)) => {
                return crate::resolve_cofiber::run(&args, &file, range, started, usage_at_start)
            }
            Some(Err(refused)) => return Err(refused),
            None => return Err(e),
        },
    };
    let module = match module {
        AnyModule::Two(m) => m,
        AnyModule::Odd(m) => return odd(&args, m, range, started, usage_at_start),
    };
    let own_profile = module.profile().is_some() && !read_over_asked;
    let module = subalgebra::apply(&mut args, module)?;
    let name = module.name().to_string();
    let names = crate::chart_names::wanted(&args, &module, range)?;
    // Charts start at the module's bottom cell.
    let min_stem = module.min_degree();
    let output = open_output(&args, &subalgebra::folder_name(&module, own_profile))?;
    let mut res = new_resolution(module, range, &name, &args)?;
    #[cfg(feature = "mpi")]
    if crate::cluster::follow(&mut res, args.algorithm().to_resolution(), args.threads) {
        return Ok(());
    }
    let backend = open_backend(&args, &res)?;
    init_logging(args.log.as_deref())?;
    let finished = resolve(&args, &mut res, &backend, name, range)?;
    let algorithm = args.algorithm().name();
    let csv_path = output.join("ext.csv");
    write_table(&csv_path, &finished, algorithm)?;
    let mut chart = crate::chart_model::two_chart(&res, algorithm, min_stem);
    if let Some(table) = &names {
        crate::chart_names::add(&mut chart, &res, table, args.names.is_some())?;
    }
    let chart_files = crate::chart_files::write(&chart, &output, &args.draw, &args.export)?;
    if !args.no_chart {
        print_chart(&finished, min_stem);
    }
    let saved = save::summary(res.save_dir()).transpose()?;
    // Wall and CPU time over the same interval (the charts' products are CPU time too).
    let elapsed = started.elapsed();
    let usage = usage::current().since(&usage_at_start);
    let summary = run_summary(&args, &finished, &backend, &usage, elapsed, &saved);
    write_summary(&output.join("summary.json"), &summary)?;
    if !args.quiet {
        print_run_lines(&finished, &usage, elapsed, &saved);
        if let Some(c) = &finished.certificate {
            eprintln!("{}", certify::summary_line(c));
        }
        if let Some(d) = &backend.device {
            let checks = &finished.report.checks;
            let line =
                offload::summary_line(args.backend, d.as_ref(), args.verify, backend.check, checks);
            eprintln!("{line}");
        }
        eprintln!("{}", result_line(&summary, &csv_path));
        // Over a sub-Hopf algebra only its h_i are carried and drawn (h0, h1 over A(1)).
        eprintln!("{}", chart_files.line());
    }
    Ok(())
}

/// The module, its cells above `t = max_stem + max_s` dropped (they cannot change Ext
/// in the range; a note says how many unless `--quiet`), checked against the range, and
/// whether it was read over the sub-Hopf algebra asked for because its file, naming no
/// profile, is not an `A`-module ([`subalgebra::load_over_asked`]).
fn find_module(args: &ResolveArgs, range: ResolutionConfig) -> Result<(AnyModule, bool), Error> {
    let top_t = range.max_stem + range.max_s as i32;
    let (module, read_over_asked) = modules::find_smash(
        &args.module,
        &args.smash,
        args.modules_dir.as_deref(),
        Some(top_t),
    )
    .map(|m| (m, false))
    .or_else(|e| match subalgebra::load_over_asked(args, top_t) {
        Some(over) => over.map(|m| (AnyModule::Two(m), true)),
        None => Err(e.into()),
    })?;
    if let AnyModule::Two(m) = &module {
        check_module_range(m.name(), m.min_degree(), range)?;
    }
    if !args.quiet {
        for line in module.cancelled_terms() {
            eprintln!("note: {}: {line}", module.name());
        }
    }
    if module.dropped() > 0 && !args.quiet {
        eprintln!(
            "note: {}: {} above t = max_stem + max_s = {top_t} dropped (they cannot change Ext^(s,t) for t <= {top_t})",
            module.name(),
            match module.dropped() {
                1 => "1 cell".to_string(),
                n => format!("{n} cells"),
            }
        );
    }
    Ok((module, read_over_asked))
}

/// The output folder (`--output`, else `output/FOLDER`: the module's name, with the
/// sub-Hopf algebra asked for on the command line, [`subalgebra::folder_name`]), made
/// before any work so that a long run is not lost to a typo.
pub(crate) fn open_output(args: &ResolveArgs, folder: &str) -> Result<PathBuf, Error> {
    #[cfg(feature = "mpi")]
    if crate::cluster::is_follower() {
        // Only rank 0 writes outputs.
        return Ok(PathBuf::new());
    }
    let output = args
        .output
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
/// knobs: the device opened (none for the CPU).
pub(crate) fn open_backend(args: &ResolveArgs, res: &Resolution) -> Result<Backend, Error> {
    let env_sample = std::env::var(offload::VERIFY_SAMPLE_ENV).ok();
    let check = offload::check_fraction(
        args.backend,
        args.verify,
        args.verify_sample.as_deref(),
        env_sample.as_deref(),
    )
    .map_err(Error::Backend)?;
    let device = offload::open(args.backend, &args.gpu, res.algebra().max_degree())
        .map_err(Error::Backend)?;
    Ok(Backend { device, check })
}

/// Resume from `--save-dir` if given, run the resolution with a progress bar, certify it
/// with `--certify` (before any output is written: a resolution that fails its
/// certificate writes none), and keep the nonzero Ext of the range.
pub(crate) fn resolve(
    args: &ResolveArgs,
    res: &mut Resolution,
    backend: &Backend,
    name: String,
    range: ResolutionConfig,
) -> Result<Finished, Error> {
    let algorithm = args.algorithm().to_resolution();
    let resumed = match &args.save_dir {
        Some(dir) => Some(save::resume(
            dir,
            res,
            algorithm,
            !args.no_save_quasi_inverses,
            args.quiet,
        )?),
        None => None,
    };
    let report = with_progress(args.quiet, &name, |progress| {
        let options = RunOptions {
            algorithm,
            threads: args.threads,
            progress: Some(progress),
            offload: backend
                .device
                .as_deref()
                .map(|d| resolution::Offload::new(d as &dyn resolution::Backend, backend.check)),
        };
        #[cfg(feature = "mpi")]
        return crate::cluster::run(res, options, args.quiet);
        #[cfg(not(feature = "mpi"))]
        res.run(options)
    })?;
    log_memory(res);
    let certificate = if args.certify {
        Some(certify::after_run(res, &name, args.threads)?)
    } else {
        None
    };
    let rows = in_range(res.ext(), range);
    Ok(Finished {
        name,
        prime: 2,
        algorithm: args.algorithm().name(),
        sub: res.algebra().profile().map(|p| p.to_string()),
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
    args: &ResolveArgs,
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
            Some(d) => format!("{} ({})", args.backend.name(), d.name()),
            None => "cpu".to_string(),
        }),
        peak_device_bytes: device.map(|d| d.peak_device_bytes()),
        peak_device_bytes_each: device.map(|d| d.peak_device_bytes_each()),
        peak_host_bytes: device.map(|d| d.peak_host_bytes()),
        offloaded_builds: device.map(|d| d.offloaded().0),
        offloaded_reductions: device.map(|d| d.offloaded().1),
        certified: run.certificate.as_ref().map(|_| true),
        verify: args.verify,
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
