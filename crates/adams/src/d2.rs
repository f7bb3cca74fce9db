//! `adams d2 MODULE --max-stem N --max-s S`: the Adams `d2` of a module over `A` at p = 2
//! (the sphere, `C2`, `Ceta`, `Cnu`, module and cofiber files, shifts) from the secondary
//! Steenrod algebra (`resolution::secondary`, docs/design/d2.md), the `E3` page, and the
//! chart with the `d2` arrows. Resolves (or resumes from `--save-dir`), lifts, checks
//! `d2∘d2 = 0` and `d2(h_i x) = h_i d2(x)` (`i ≤ 2`), writes `d2.csv`, `e3.csv`,
//! `ext.csv`, `chart.json`, `chart.svg` and `summary.json`.

use std::path::{Path, PathBuf};
use std::time::Instant;

use resolution::secondary::{
    check_identities, lift_saved, on_threads, Checked, LambdaStore, LiftError, SavedLambdaError,
    SecondaryError, SecondaryLift,
};
use resolution::{Algorithm, Resolution, RunOptions};
use serde::Serialize;
use steenrod::module::{AnyModule, FiniteModule};

use crate::cli::D2Args;
use crate::error::Error;
use crate::range::{check_memory, check_module_range, check_range, check_threads};
use crate::{modules, usage};

mod leibniz;
mod output;

/// `summary.json` of `adams d2`.
#[derive(Serialize)]
struct D2Summary {
    /// The module's name (`S_2`, or a one-cell file's own name).
    module: String,
    max_stem: i32,
    max_s: u32,
    threads: usize,
    /// Wall seconds of the resolution (resumed or computed).
    resolution_s: f64,
    /// Wall seconds of the secondary lift (`λ` read or computed).
    secondary_s: f64,
    /// Wall seconds of the self-checks.
    checks_s: f64,
    /// CPU seconds of the whole process (user + system).
    cpu_s: f64,
    peak_rss_bytes: u64,
    /// Classes with `d2 ≠ 0`.
    nonzero_d2: usize,
    /// The sum over bidegrees of the rank of `d2`.
    d2_rank: usize,
    /// With `--save-dir`: `λ` files read instead of computed.
    #[serde(skip_serializing_if = "Option::is_none")]
    lambda_files_read: Option<usize>,
    /// Bidegrees where `d2∘d2 = 0` was checked.
    checked_d2_squared: usize,
    /// Bidegrees where `d2(h_i x) = h_i d2(x)` was checked, `i = 0, 1, 2`.
    checked_h_linear: [usize; 3],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    checked_leibniz: Vec<(String, usize)>,
}

/// The exit status of a [`LiftError`]: 2 for bad input (another module, a `λ` file that
/// is damaged, unreadable or made for another resolution), 3 for a failure while
/// computing or writing.
pub(crate) fn exit_code(e: &LiftError) -> u8 {
    match e {
        LiftError::Secondary(
            SecondaryError::NotSphere { .. }
            | SecondaryError::OddPrime { .. }
            | SecondaryError::SubAlgebra { .. }
            | SecondaryError::Obstructed { .. }
            | SecondaryError::OutOfRange { .. },
        ) => 2,
        LiftError::Secondary(_) => 3,
        LiftError::Saved(SavedLambdaError::Io { .. }) => 3,
        LiftError::Saved(_) => 2,
    }
}

/// The module named on the command line, if it is a module over the whole of `A` at
/// p = 2 (the sphere, a bundled or file module, a shift, a cofiber file); another prime
/// or a sub-Hopf algebra is refused, named as given (a file's path), with the name it
/// carries when that differs. Whether its secondary structure exists is the lift's
/// check ([`SecondaryError::Obstructed`]).
fn module_over_a(args: &D2Args, top_t: i32) -> Result<FiniteModule, Error> {
    let dir = args.range.modules_dir.as_deref();
    let found = modules::find_module(&args.module, dir, Some(top_t))?;
    let module = match found.name() {
        name if name == args.module => name.to_string(),
        name => format!("{} ({name})", args.module),
    };
    let refused = match found {
        AnyModule::Two(m) if m.profile().is_none() => return Ok(m),
        AnyModule::Two(_) => SecondaryError::SubAlgebra { module },
        _ => SecondaryError::OddPrime { module },
    };
    Err(Error::D2(LiftError::Secondary(refused)))
}

/// `adams d2`.
pub fn run_command(args: D2Args) -> Result<(), Error> {
    let usage_at_start = usage::current();
    let range = check_range(args.range.max_stem, args.range.max_s)?;
    check_threads(args.range.threads)?;
    let top_t = range.max_stem + range.max_s as i32;
    let module = module_over_a(&args, top_t)?;
    check_module_range(module.name(), module.min_degree(), range)?;
    let max_memory = args.range.max_memory;
    check_memory(
        module.name(),
        2,
        module.min_degree(),
        true,
        range,
        max_memory,
    )?;
    let name = module.name().to_string();
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from("output").join(format!("{name}-d2")));
    crate::resolve::make_output(&output)?;
    let started = Instant::now();
    let mut res = Resolution::new(module, range).map_err(|source| Error::ModuleRange {
        name: name.clone(),
        source,
    })?;
    if let Some(dir) = &args.save_dir {
        crate::save::resume(dir, &mut res, Algorithm::Nassau, false, args.quiet)?;
    }
    let report = res
        .run(RunOptions {
            algorithm: Algorithm::Nassau,
            threads: args.range.threads,
            ..RunOptions::default()
        })
        .map_err(|source| Error::Resolve {
            name: name.clone(),
            source,
        })?;
    let resolution_s = started.elapsed().as_secs_f64();

    let started = Instant::now();
    let (lift, read) = secondary_lift(&args, &res, &name)?;
    let secondary_s = started.elapsed().as_secs_f64();

    let started = Instant::now();
    let checked = check_identities(&lift)?;
    let leibniz = leibniz::check(&lift, &args.leibniz, args.quiet)?;
    let checks_s = started.elapsed().as_secs_f64();

    let files = output::write_all(&output, &lift, &name, &args)?;
    let usage = usage::current().since(&usage_at_start);
    let summary = D2Summary {
        module: name.clone(),
        max_stem: range.max_stem,
        max_s: range.max_s,
        threads: report.threads,
        resolution_s,
        secondary_s,
        checks_s,
        cpu_s: usage.cpu.as_secs_f64(),
        peak_rss_bytes: usage.peak_rss_bytes,
        nonzero_d2: files.nonzero,
        d2_rank: files.rank,
        lambda_files_read: read,
        checked_d2_squared: checked.d2_squared,
        checked_h_linear: checked.h_linear,
        checked_leibniz: leibniz,
    };
    crate::products::write_json(&output.join("summary.json"), &summary)?;
    // `--quiet` silences stderr only (its help says so, as for `adams resolve`): the E3
    // chart is the command's stdout and is printed either way.
    print_chart(files.e3_chart.as_deref());
    if !args.quiet {
        print_run(&summary, &checked, &output, files.e3_chart.is_some());
    }
    Ok(())
}

/// The secondary lift of `res`, read from and written to `--save-dir`'s `λ` files when
/// given (with the number of files read), else computed; on `--threads` threads.
fn secondary_lift<'a>(
    args: &D2Args,
    res: &'a Resolution,
    name: &str,
) -> Result<(SecondaryLift<'a>, Option<usize>), Error> {
    let lifted = on_threads(args.range.threads, || match &args.save_dir {
        Some(dir) => {
            lift_saved(res, &LambdaStore::new(dir, res)).map(|(lift, read)| (lift, Some(read)))
        }
        None => SecondaryLift::new(res)
            .map(|lift| (lift, None))
            .map_err(LiftError::from),
    })
    .map_err(|source| Error::Resolve {
        name: name.to_string(),
        source,
    })?;
    Ok(lifted?)
}

/// Prints the E3 chart (stdout), when its range is not empty.
fn print_chart(e3_chart: Option<&str>) {
    if let Some(text) = e3_chart {
        // A closed pipe (`adams d2 | head`) is not a failure of the run.
        let mut out = std::io::stdout().lock();
        let _ = std::io::Write::write_all(&mut out, text.as_bytes());
        let _ = std::io::Write::flush(&mut out);
    }
}

/// Prints the self-checks' line and the run's line (stderr).
fn print_run(summary: &D2Summary, checked: &Checked, output: &Path, e3_page: bool) {
    eprintln!("{}", checks_line(checked));
    if let Some(line) = leibniz::line(&summary.checked_leibniz) {
        eprintln!("{line}");
    }
    eprintln!(
        "d2 of {} through stem {}, s <= {}: resolution {:.2} s, secondary lift {:.2} s{} \
         (CPU {:.2} s, peak memory {:.1} MB): {} classes with d2 != 0 (total rank {}); wrote \
         d2.csv, e3.csv, ext.csv, chart.json, chart.svg, {}summary.json in {}",
        summary.module,
        summary.max_stem,
        summary.max_s,
        summary.resolution_s,
        summary.secondary_s,
        summary
            .lambda_files_read
            .map(|k| format!(" ({k} λ files read)"))
            .unwrap_or_default(),
        summary.cpu_s,
        summary.peak_rss_bytes as f64 / 1e6,
        summary.nonzero_d2,
        summary.d2_rank,
        if e3_page { "chart-e3.svg, " } else { "" },
        output.display()
    );
}

/// The line saying what the self-checks checked.
fn checks_line(c: &Checked) -> String {
    format!(
        "checked: d2∘d2 = 0 at {} bidegrees; d2(h_i x) = h_i d2(x) at {}, {}, {} bidegrees (i = 0, 1, 2)",
        c.d2_squared, c.h_linear[0], c.h_linear[1], c.h_linear[2]
    )
}
