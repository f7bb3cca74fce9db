//! Live progress of a resolution: a progress bar on a terminal, periodic plain lines
//! otherwise, nothing with `--quiet`; the end-of-run summary; structured logs
//! (`--log`).

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use resolution::{Progress, ResolutionError, RunReport};

use crate::error::Error;

/// Interval between plain progress lines when stderr is not a terminal.
const LOG_EVERY: Duration = Duration::from_secs(10);

/// Where progress goes.
pub enum Reporter {
    /// Nothing (`--quiet`).
    Quiet,
    /// An indicatif bar on a terminal.
    Bar(ProgressBar),
    /// A plain line on stderr every [`LOG_EVERY`].
    Lines { started: Instant, last: Instant },
}

impl Reporter {
    /// A bar if stderr is a terminal, else plain lines; `Quiet` if `quiet`.
    pub fn new(quiet: bool) -> Self {
        if quiet {
            Reporter::Quiet
        } else if std::io::stderr().is_terminal() {
            let bar = ProgressBar::new(0);
            bar.set_style(
                ProgressStyle::with_template(
                    "{spinner} [{elapsed_precise}] {bar:40} {pos}/{len} bidegrees {msg}",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar.enable_steady_tick(Duration::from_millis(200));
            Reporter::Bar(bar)
        } else {
            let now = Instant::now();
            Reporter::Lines {
                started: now,
                last: now,
            }
        }
    }

    /// Records one completed bidegree.
    pub fn update(&mut self, p: &Progress) {
        match self {
            Reporter::Quiet => {}
            Reporter::Bar(bar) => {
                if bar.length() != Some(p.total as u64) {
                    bar.set_length(p.total as u64);
                }
                bar.set_position(p.done as u64);
                let rate = p.done as f64 / bar.elapsed().as_secs_f64().max(1e-3);
                bar.set_message(format!("({rate:.0}/s), stem front {}", p.stem_front));
            }
            Reporter::Lines { started, last } => {
                if last.elapsed() >= LOG_EVERY || p.done == p.total {
                    let elapsed = started.elapsed().as_secs_f64();
                    eprintln!(
                        "progress: {}/{} bidegrees ({:.0}%), stem front {}, {:.0} s elapsed, {:.1} bidegrees/s",
                        p.done,
                        p.total,
                        100.0 * p.done as f64 / p.total.max(1) as f64,
                        p.stem_front,
                        elapsed,
                        p.done as f64 / elapsed.max(1e-9)
                    );
                    *last = Instant::now();
                }
            }
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Reporter::Bar(bar) = self {
            bar.finish_and_clear();
        }
    }
}

/// The end-of-run summary lines: wall, CPU, peak memory, concurrency and the busiest
/// bidegrees.
pub fn summary(report: &RunReport, cpu: Duration, peak_rss_bytes: u64) -> String {
    let mut text = format!(
        "summary: wall {:.2} s, CPU {:.2} s ({:.2} cores busy on average), peak memory {:.1} MB, {} thread{}, \
         {} bidegree{}, mean {:.1} in flight, {} parked retries\n",
        report.wall.as_secs_f64(),
        cpu.as_secs_f64(),
        cpu.as_secs_f64() / report.wall.as_secs_f64().max(1e-9),
        peak_rss_bytes as f64 / 1e6,
        report.threads,
        if report.threads == 1 { "" } else { "s" },
        report.steps,
        if report.steps == 1 { "" } else { "s" },
        report.mean_in_flight,
        report.parked,
    );
    let busiest: Vec<String> = report
        .step_times
        .iter()
        .take(5)
        .map(|(b, d)| {
            format!(
                "(stem {}, s {}) {:.0} ms",
                b.n(),
                b.s(),
                d.as_secs_f64() * 1e3
            )
        })
        .collect();
    if !busiest.is_empty() {
        text.push_str(&format!(
            "summary: busiest bidegrees: {}\n",
            busiest.join(", ")
        ));
    }
    text
}

/// Runs `run` with a progress bar (none with `quiet`); its error names the module.
pub(crate) fn with_progress(
    quiet: bool,
    name: &str,
    run: impl FnOnce(&mut dyn FnMut(&resolution::Progress)) -> Result<RunReport, ResolutionError>,
) -> Result<RunReport, Error> {
    let mut reporter = Reporter::new(quiet);
    let outcome = run(&mut |p: &resolution::Progress| reporter.update(p));
    reporter.finish();
    outcome.map_err(|source| Error::Resolve {
        name: name.to_string(),
        source,
    })
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
