//! The outputs of `adams resolve` (and of a cofiber file's run): the output folder,
//! `ext.csv`, the ASCII chart, `summary.json` and the lines on stderr that close a run;
//! what a finished run hands to them ([`Finished`]).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use chart::csv::Row;
use chart::summary::RunSummary;
use chart::{ascii, csv};
use resolution::save::ResumeReport;
use resolution::{Certificate, ExtEntry, ResolutionConfig, RunReport};

use crate::error::Error;
use crate::offload::Backend;
use crate::plan::{OutputPlan, Plan};
use crate::{progress, usage};

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

/// When the command started: the wall clock and the process's usage then (the summary's
/// times are over the whole command).
pub(crate) struct Start {
    pub at: std::time::Instant,
    pub usage: usage::Usage,
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
        max_memory_bytes: None,
        spilled_rows: None,
        peak_row_bytes: None,
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
