//! `adams`: Ext over the mod 2 Steenrod algebra (the E2 page of the Adams
//! spectral sequence) by minimal resolutions, from the command line.
//!
//! - `adams resolve [MODULE] --max-stem N --max-s S [--output DIR]`: resolve,
//!   print the Adams chart, write `DIR/ext.csv`, `DIR/chart.svg` and `DIR/chart.json`
//!   (classes with their h0, h1, h2 products).
//! - `adams chart CHART.json [--output FILE.svg]`: draw chart.svg again from a chart.json.
//! - `adams verify CSV --against REF.csv`: compare two Ext tables.
//! - `adams bench`: median wall time, CPU time and peak memory of resolutions.
//! - `adams certify SAVE_DIR`: check that a saved resolution is exact and minimal.
//!
//! Errors are one line on stderr (`error: ...`). Exit status: 0 success, 1 a
//! disagreement found by `verify` or a failed certificate, 2 bad input (module file, range, table,
//! command line), 3 a failure while computing or writing results.

mod bench;
mod certify;
mod cli;
mod modules;
mod offload;
mod progress;
mod save;
mod usage;

// The file formats (ext.csv, chart.json, the charts) are in the library, for the fuzz tests.
use adams::{chart, chart_json, csv, svg, verify};

use std::fs;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use resolution::{Resolution, ResolutionConfig, RunOptions, MAX_ALGEBRA_DEGREE};

use crate::cli::{BenchArgs, Cli, Command, ResolveArgs, VerifyArgs};
use crate::csv::Row;

/// A failure that ends the run: its exit status and a message (made one line
/// when printed).
#[derive(Debug)]
struct Failure {
    code: u8,
    message: String,
}

impl Failure {
    /// Bad input: a module file, a range, a table. Exit 2.
    fn input(message: impl ToString) -> Self {
        Failure {
            code: 2,
            message: message.to_string(),
        }
    }

    /// A failure while computing or writing results. Exit 3.
    fn run(message: impl ToString) -> Self {
        Failure {
            code: 3,
            message: message.to_string(),
        }
    }
}

/// Collapse a message onto one line (errors from below may carry newlines).
fn one_line(message: &str) -> String {
    message.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn main() -> ExitCode {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let text = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".to_string());
        // The `gpu` crate chains its own hook in front of this one when it opens a
        // device: panics of the GPU runtime (on its device thread, or inside a call
        // into it) never reach here; they come back as typed errors from that call.
        let place = info
            .location()
            .map(|l| format!(" (at {}:{})", l.file(), l.line()))
            .unwrap_or_default();
        eprintln!(
            "error: internal error, a bug in adams: {}{place}",
            one_line(&text)
        );
    }));

    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    let outcome = std::panic::catch_unwind(|| match cli.command {
        Command::Resolve(args) => resolve(args),
        Command::Verify(args) => verify_tables(args),
        Command::Chart(args) => draw_chart(args),
        Command::Bench(args) => bench_runs(args),
        Command::Certify(args) => certify::run(args),
    });
    match outcome {
        Ok(Ok(code)) => code,
        Ok(Err(failure)) => {
            eprintln!("error: {}", one_line(&failure.message));
            ExitCode::from(failure.code)
        }
        // The panic hook has already printed the one-line message.
        Err(_) => ExitCode::from(3),
    }
}

/// Help and version go to stdout as clap prints them; a usage error becomes one
/// line on stderr, exit 2.
fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => e.exit(),
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            eprintln!("error: no command given: try `adams resolve` (the sphere through stem 40), or see adams --help");
            ExitCode::from(2)
        }
        _ => {
            let text = e.render().to_string();
            let parts: Vec<&str> = text
                .lines()
                .map(str::trim)
                .filter(|l| {
                    !l.is_empty()
                        && !l.starts_with("Usage:")
                        && !l.starts_with("For more information")
                })
                .collect();
            let message = parts.join(" ");
            let message = message.strip_prefix("error: ").unwrap_or(&message);
            let argv: Vec<_> = std::env::args_os().collect();
            match cli::env_source(&e, &argv) {
                Some(var) => eprintln!(
                    "error: environment variable {var}: {} (unset it or fix it; see adams --help)",
                    one_line(message)
                ),
                None => eprintln!("error: {} (see adams --help)", one_line(message)),
            }
            ExitCode::from(2)
        }
    }
}

/// The most worker threads `--threads` accepts (far above any useful count: each
/// worker holds its own stack and scratch).
const MAX_THREADS: usize = 1024;

/// The largest `|--max-stem|` looked at further: beyond every module degree
/// (`2^20`), so that the sums below stay far inside `i32`.
pub(crate) const MAX_ABS_STEM: i64 = 1 << 22;

/// Check the requested range before any work (the module is not read yet);
/// returns `(max_stem, max_s)`. The range is checked against the module's
/// bottom cell by [`check_module_range`].
fn check_range(args: &ResolveArgs) -> Result<(i32, u32), Failure> {
    if args.max_s < 0 {
        return Err(Failure::input(format!(
            "--max-s {} is negative: the Adams filtration s range is 0..=S",
            args.max_s
        )));
    }
    if args.max_stem < -MAX_ABS_STEM {
        return Err(Failure::input(format!(
            "--max-stem {} is below the bottom cell of every module (degrees are at least -2^20)",
            args.max_stem
        )));
    }
    if args.max_s > i64::from(MAX_ALGEBRA_DEGREE) {
        return Err(Failure::input(format!(
            "--max-s {} is above {MAX_ALGEBRA_DEGREE}: t = stem + s may be at most {MAX_ALGEBRA_DEGREE} \
             above the module's bottom cell, the top degree of the Milnor basis tables",
            args.max_s
        )));
    }
    if args.max_stem > MAX_ABS_STEM {
        return Err(Failure::input(format!(
            "--max-stem {} is above {MAX_ABS_STEM}: module cells lie within ±2^20 and t = stem + s may be at \
             most {MAX_ALGEBRA_DEGREE} above the bottom cell",
            args.max_stem
        )));
    }
    if args.threads > MAX_THREADS {
        return Err(Failure::input(format!(
            "--threads {} is more than {MAX_THREADS}; use 0 for one worker per core",
            args.threads
        )));
    }
    // Both fit: |max_stem| <= 2^22 and 0 <= max_s <= MAX_ALGEBRA_DEGREE.
    Ok((args.max_stem as i32, args.max_s as u32))
}

/// The range against the module's bottom cell `b` (after the cells above
/// `t = max_stem + max_s` were dropped): the stems run from `b` to `max_stem`, so
/// `max_stem >= b`; and the algebra is needed through degree
/// `max_stem + max_s - b`, at most [`MAX_ALGEBRA_DEGREE`].
pub(crate) fn check_module_range(
    module: &steenrod::module::FiniteModule,
    max_stem: i32,
    max_s: u32,
) -> Result<(), Failure> {
    let (name, bottom) = (module.name(), module.min_degree());
    if max_stem < bottom {
        let why = if max_stem < 0 {
            "negative"
        } else {
            "below the bottom cell"
        };
        return Err(Failure::input(format!(
            "--max-stem {max_stem} is {why}: the stem n = t - s of {name} runs from its bottom cell, degree {bottom}, to N"
        )));
    }
    let top_t = i64::from(max_stem) + i64::from(max_s);
    if top_t - i64::from(bottom) > i64::from(MAX_ALGEBRA_DEGREE) {
        return Err(Failure::input(format!(
            "--max-stem {max_stem} --max-s {max_s} reaches internal degree t = {top_t}, {} above the bottom cell of \
             {name} (degree {bottom}); t may be at most {MAX_ALGEBRA_DEGREE} above it, the top degree of the Milnor basis tables",
            top_t - i64::from(bottom)
        )));
    }
    Ok(())
}

fn resolve(args: ResolveArgs) -> Result<ExitCode, Failure> {
    let started = Instant::now();
    let usage_at_start = usage::current();
    let (max_stem, max_s) = check_range(&args)?;
    // Cells above t = max_stem + max_s cannot change Ext in the range: they are dropped.
    let top_t = max_stem + max_s as i32;
    let module = modules::find_module(&args.module, args.modules_dir.as_deref(), Some(top_t))
        .map_err(Failure::input)?;
    check_module_range(&module, max_stem, max_s)?;
    let name = module.name().to_string();
    if module.dropped_generators() > 0 && !args.quiet {
        eprintln!(
            "note: {name}: {} above t = max_stem + max_s = {top_t} dropped (they cannot change Ext^(s,t) for t <= {top_t})",
            match module.dropped_generators() {
                1 => "1 cell".to_string(),
                n => format!("{n} cells"),
            }
        );
    }

    // Charts start at the module's bottom cell.
    let min_stem = module.min_degree();

    let output = args
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from("output").join(&name));
    let algorithm = args.algorithm.name();

    // The output folder is checked before any work, so a long run is not lost to a typo.
    if output.exists() && !output.is_dir() {
        return Err(Failure::input(format!(
            "--output {}: exists and is not a folder",
            output.display()
        )));
    }
    fs::create_dir_all(&output).map_err(|e| {
        Failure::input(format!(
            "--output {}: cannot create the folder: {e}",
            output.display()
        ))
    })?;

    // Rejects a range the module cannot have (a stem bound below its bottom cell,
    // or degrees of A beyond the tables once its cells are counted).
    let mut res = Resolution::new(module, ResolutionConfig { max_stem, max_s })
        .map_err(|e| Failure::input(format!("module {name}: {e}")))?;
    let env_sample = std::env::var(offload::VERIFY_SAMPLE_ENV).ok();
    let check = offload::check_fraction(
        args.backend,
        args.verify,
        args.verify_sample.as_deref(),
        env_sample.as_deref(),
    )
    .map_err(Failure::input)?;
    let device = offload::open(args.backend, &args.gpu, res.algebra().max_degree())
        .map_err(Failure::input)?;
    init_logging(args.log.as_deref())?;
    let resumed = match &args.save_dir {
        Some(dir) => Some(save::resume(
            dir,
            &mut res,
            args.algorithm.to_resolution(),
            !args.no_save_quasi_inverses,
            args.quiet,
        )?),
        None => None,
    };
    let mut reporter = progress::Reporter::new(args.quiet);
    let mut on_progress = |p: &resolution::Progress| reporter.update(p);
    let outcome = res.run(RunOptions {
        algorithm: args.algorithm.to_resolution(),
        threads: args.threads,
        progress: Some(&mut on_progress),
        offload: device
            .as_deref()
            .map(|d| resolution::Offload::new(d as &dyn resolution::Backend, check)),
    });
    reporter.finish();
    let report = outcome.map_err(|e| Failure::run(format!("resolving {name}: {e}")))?;
    // Before any output is written: a resolution that fails its certificate writes none.
    let certificate = if args.certify {
        Some(certify::after_run(&res, &name, args.threads)?)
    } else {
        None
    };
    let rows: Vec<Row> = res
        .ext()
        .into_iter()
        .map(|e| Row {
            stem: e.stem(),
            s: e.s(),
            t: e.t(),
            dim: e.dim,
        })
        .filter(|r| r.dim > 0 && r.stem <= max_stem && r.s <= max_s)
        .collect();
    let elapsed = started.elapsed();

    let csv_path = output.join("ext.csv");
    let write = || -> std::io::Result<()> {
        let mut out = BufWriter::new(fs::File::create(&csv_path)?);
        csv::write_table(&mut out, max_stem, max_s, &name, algorithm, &rows)?;
        out.flush()
    };
    write().map_err(|e| Failure::run(format!("cannot write {}: {e}", csv_path.display())))?;
    let chart_files =
        chart_json::write_files(&res, algorithm, min_stem, &output).map_err(Failure::run)?;

    if !args.no_chart {
        let mut stdout = std::io::stdout().lock();
        let text = format!(
            "Ext^(s,t) of {name} over the mod 2 Steenrod algebra (Adams E2), stem <= {max_stem}, s <= {max_s}\n\
             mark = dim Ext^(s,t): . for 0, 1-9, * for 10 or more\n\n{}",
            chart::render(&rows, min_stem, max_stem, max_s)
        );
        // A closed pipe (`adams resolve | head`) is not a failure of the run.
        let _ = stdout.write_all(text.as_bytes());
    }
    let total: usize = rows.iter().map(|r| r.dim).sum();
    let saved = save::summary(&res).transpose()?;
    let usage = usage::current().since(&usage_at_start);
    let summary = bench::RunSummary {
        module: name.clone(),
        algorithm: algorithm.to_string(),
        max_stem,
        max_s,
        wall_s: elapsed.as_secs_f64(),
        cpu_s: usage.cpu.as_secs_f64(),
        peak_rss_bytes: usage.peak_rss_bytes,
        nonzero_bidegrees: rows.len(),
        total_dim: total,
        threads: report.threads,
        mean_in_flight: report.mean_in_flight,
        save_dir_bytes: saved.as_ref().map(|(bytes, _)| *bytes),
        loaded_bidegrees: resumed.as_ref().map(|r| r.loaded),
        backend: Some(match &device {
            Some(d) => format!("{} ({})", args.backend.name(), d.name()),
            None => "cpu".to_string(),
        }),
        peak_device_bytes: device.as_ref().map(|d| d.peak_device_bytes()),
        offloaded_builds: device.as_ref().map(|d| d.offloaded().0),
        offloaded_reductions: device.as_ref().map(|d| d.offloaded().1),
        certified: certificate.as_ref().map(|_| true),
        verify: args.verify,
        verify_sample: device.as_ref().map(|_| check.get()),
        sampled_builds: device.as_ref().map(|_| report.checks.builds()),
        sampled_reductions: device.as_ref().map(|_| report.checks.reductions()),
        sampled_cpu_s: device
            .as_ref()
            .map(|_| report.checks.cpu_time.as_secs_f64()),
    };
    let summary_path = output.join("summary.json");
    let text = serde_json::to_string_pretty(&summary)
        .map_err(|e| Failure::run(format!("summary: {e}")))?;
    fs::write(&summary_path, text + "\n")
        .map_err(|e| Failure::run(format!("cannot write {}: {e}", summary_path.display())))?;
    if !args.quiet {
        // Wall time of the whole command (device start-up included), as the CPU time is.
        let whole = resolution::RunReport {
            wall: elapsed,
            ..report.clone()
        };
        eprint!(
            "{}",
            progress::summary(&whole, usage.cpu, usage.peak_rss_bytes)
        );
        if let Some((_, line)) = &saved {
            eprintln!("{line}");
        }
        if let Some(c) = &certificate {
            eprintln!("{}", certify::summary_line(c));
        }
        if let Some(d) = &device {
            eprintln!(
                "{}",
                offload::summary_line(args.backend, d.as_ref(), args.verify, check, &report.checks)
            );
        }
        eprintln!(
            "resolved {name} ({algorithm}) through stem {max_stem}, s <= {max_s} in {:.2} s \
             (CPU {:.2} s, peak memory {:.1} MB): {} nonzero bidegrees, total dimension {total}; wrote {}",
            elapsed.as_secs_f64(),
            usage.cpu.as_secs_f64(),
            usage.peak_rss_bytes as f64 / 1e6,
            rows.len(),
            csv_path.display()
        );
        eprintln!(
            "wrote {} and {} (classes with h0, h1, h2 products)",
            chart_files.0.display(),
            chart_files.1.display()
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// `adams chart`: reads and checks a chart.json, writes its SVG.
fn draw_chart(args: cli::ChartArgs) -> Result<ExitCode, Failure> {
    let chart = chart_json::Chart::read(&args.chart).map_err(Failure::input)?;
    let out = args
        .output
        .unwrap_or_else(|| args.chart.with_extension("svg"));
    if out == args.chart {
        return Err(Failure::input(format!(
            "--output {} is the chart.json itself",
            out.display()
        )));
    }
    // Where the SVG cannot go is bad input, found before the drawing (exit 2).
    if out.is_dir() {
        return Err(Failure::input(format!(
            "--output {}: is a folder; give the SVG file's path",
            out.display()
        )));
    }
    let parent = out
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    if !parent.is_dir() {
        return Err(Failure::input(format!(
            "--output {}: no such folder {}",
            out.display(),
            parent.display()
        )));
    }
    let drawing = svg::render(&chart)
        .map_err(|e| Failure::input(format!("chart {}: {e}", args.chart.display())))?;
    fs::write(&out, drawing)
        .map_err(|e| Failure::run(format!("cannot write {}: {e}", out.display())))?;
    Ok(ExitCode::SUCCESS)
}

/// Structured logs (tracing) on stderr: `--log LEVEL`, else `RUST_LOG`, else none.
fn init_logging(level: Option<&str>) -> Result<(), Failure> {
    use tracing_subscriber::EnvFilter;
    let filter = match level {
        Some(l) => {
            EnvFilter::try_new(l).map_err(|e| Failure::input(format!("--log {l:?}: {e}")))?
        }
        None => match std::env::var("RUST_LOG") {
            Ok(v) if !v.is_empty() => EnvFilter::try_new(&v)
                .map_err(|e| Failure::input(format!("RUST_LOG={v:?}: {e}")))?,
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

fn bench_runs(args: BenchArgs) -> Result<ExitCode, Failure> {
    if args.runs == 0 {
        return Err(Failure::input(
            "--runs 0: at least one run per range is needed",
        ));
    }
    // Bad input is refused here, before any run, with the same messages as `resolve`
    // (cells above the largest range's t dropped, as each run does for its own).
    let top_t = args
        .ranges
        .iter()
        .map(|r| i64::from(r.max_stem) + i64::from(r.max_s))
        .max();
    let top_t = top_t.map(|t| t.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32);
    let module = modules::find_module(&args.module, args.modules_dir.as_deref(), top_t)
        .map_err(Failure::input)?;
    let bottom = i64::from(module.min_degree());
    for r in &args.ranges {
        if i64::from(r.max_stem) < bottom
            || r.max_stem as i64 + r.max_s as i64 - bottom > i64::from(MAX_ALGEBRA_DEGREE)
        {
            return Err(Failure::input(format!(
                "--ranges {}:{}: the stem must be at least the bottom cell's degree {bottom} and t = stem + s at most \
                 {MAX_ALGEBRA_DEGREE} above it",
                r.max_stem, r.max_s
            )));
        }
    }
    if let Some(&t) = args.threads.iter().find(|&&t| t > MAX_THREADS) {
        return Err(Failure::input(format!(
            "--threads {t} is more than {MAX_THREADS}; use 0 for one worker per core"
        )));
    }
    let scratch = std::env::temp_dir().join(format!("adams-bench-{}", std::process::id()));
    let mut extra = Vec::new();
    if let Some(dir) = &args.modules_dir {
        extra.push("--modules-dir".to_string());
        extra.push(dir.display().to_string());
    }
    let result = bench::run(
        &args.module,
        args.algorithm.name(),
        &args.ranges,
        &args.threads,
        args.runs,
        &extra,
        &scratch,
    );
    let _ = fs::remove_dir_all(&scratch);
    result.map_err(Failure::run)?;
    Ok(ExitCode::SUCCESS)
}

fn verify_tables(args: VerifyArgs) -> Result<ExitCode, Failure> {
    let ours = csv::read_table(&args.csv).map_err(Failure::input)?;
    let reference = csv::read_table(&args.against).map_err(Failure::input)?;
    let comparison = verify::compare(&ours, &reference);
    comparison.check_something_compared().map_err(|e| {
        Failure::input(format!(
            "{} against {}: {e}",
            args.csv.display(),
            args.against.display()
        ))
    })?;
    let mut stdout = std::io::stdout().lock();
    let mut text = String::new();
    for d in &comparison.disagreements {
        text.push_str(&format!("{d}\n"));
    }
    text.push_str(&format!(
        "{}: {} (against {})\n",
        args.csv.display(),
        comparison.summary(),
        args.against.display()
    ));
    let _ = stdout.write_all(text.as_bytes());
    if comparison.disagreements.is_empty() {
        Ok(ExitCode::SUCCESS)
    } else {
        Ok(ExitCode::from(1))
    }
}
