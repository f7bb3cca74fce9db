//! `adams resolve S_2 --unstable N`: the unstable Adams E2 page of the sphere `S^N` at
//! p = 2, `Ext_U^{s,t}(H̃^*(S^N))`, by `resolution::unstable` (a minimal resolution by free
//! unstable modules); ext.csv and the ASCII chart, stems absolute (the bottom class at
//! stem `N`).

use std::io::Write;

use chart::csv::Row;
use chart::{ascii, csv};
use resolution::ResolutionConfig;

use crate::cli::{Algorithm, BackendChoice, ResolveArgs};
use crate::error::Error;
use crate::resolve::{open_output, Start};
use crate::usage;

/// The largest internal degree above the bottom class the Milnor basis reaches.
const MAX_SPAN: i64 = steenrod::MAX_ALGEBRA_DEGREE as i64;

/// Checks `--unstable N` against the module, the range and the other flags (exit 2, one
/// line naming what is refused): the module must be `S_2`, the stems must reach the bottom
/// class (`max_stem ≥ N`) and `max_stem + max_s − N` fit the algebra (510); save
/// directories, certificates, devices, sub-Hopf algebras, smash products, Nassau's
/// algorithm and names tables are not carried over to unstable runs yet.
pub(crate) fn check(
    args: &ResolveArgs,
    sphere: u32,
    range: ResolutionConfig,
) -> Result<u32, Error> {
    let refuse = |why: String| Err(Error::Unstable { sphere, why });
    if args.module != "S_2" {
        return refuse(format!(
            "resolves the sphere S^{sphere}: MODULE must be S_2, not {}",
            args.module
        ));
    }
    let ResolutionConfig { max_stem, max_s } = range;
    if max_stem < sphere as i32 {
        return refuse(format!(
            "--max-stem {max_stem} is below the bottom class of S^{sphere} (stem {sphere})"
        ));
    }
    if i64::from(max_stem) + i64::from(max_s) - i64::from(sphere) > MAX_SPAN {
        return refuse(format!(
            "--max-stem {max_stem} --max-s {max_s} needs the Steenrod algebra beyond degree \
             {MAX_SPAN} above the bottom class"
        ));
    }
    let flags = [
        (
            args.algebra.is_some() || args.profile.is_some(),
            "--algebra/--profile",
        ),
        (!args.smash.is_empty(), "--smash"),
        (args.save_dir.is_some(), "--save-dir"),
        (args.certify, "--certify"),
        (
            args.backend != BackendChoice::Cpu || args.verify,
            "--backend/--verify",
        ),
        (
            args.algorithm == Some(Algorithm::Nassau),
            "--algorithm nassau",
        ),
        (args.names.is_some(), "--names"),
    ];
    match flags.iter().find(|(given, _)| *given) {
        Some((_, flag)) => refuse(format!("{flag} is not available for unstable runs")),
        None => Ok(sphere),
    }
}

/// The first line of an unstable run's ext.csv: the range it is complete for, in the form
/// `adams verify` reads, and what it holds.
fn first_line(sphere: u32, range: ResolutionConfig) -> String {
    let ResolutionConfig { max_stem, max_s } = range;
    format!(
        "# complete for stem <= {max_stem}, s <= {max_s}; Ext of S_2 in unstable modules \
         (unstable, S^{sphere}: Ext_U^(s,t) of the reduced cohomology of S^{sphere}, stems \
         absolute, the bottom class at stem {sphere}) over the mod 2 Steenrod algebra, \
         computed by adams (classical, free unstable modules)"
    )
}

/// Resolves, writes ext.csv, prints the chart (unless `--no-chart`) and the closing line
/// (unless `--quiet`). Errors: the output folder, writing ext.csv.
pub(crate) fn run(plan: &crate::plan::Plan, sphere: u32, start: &Start) -> Result<(), Error> {
    let output = open_output(&plan.output, &format!("S_2-unstable-{sphere}"))?;
    let range = plan.range;
    let ext = resolution::unstable::resolve_sphere(sphere, range.max_stem, range.max_s);
    let rows: Vec<Row> = ext
        .dims
        .iter()
        .map(|(b, &dim)| Row {
            bidegree: chart::Bidegree::n_s(b.n(), b.s()),
            dim,
        })
        .collect();
    let path = output.join("ext.csv");
    let mut text = Vec::new();
    let written = csv::write_table(&mut text, &first_line(sphere, range), &rows)
        .and_then(|()| chart::output::write_atomic(&path, &text));
    written.map_err(|source| Error::Write {
        path: path.clone(),
        source,
    })?;
    if !plan.output.no_chart {
        let chart = format!(
            "Ext_U^(s,t) of S^{sphere} in unstable modules over the mod 2 Steenrod algebra \
             (unstable Adams E2), stem <= {}, s <= {}\n\
             mark = dim Ext^(s,t): . for 0, 1-9, * for 10 or more\n\n{}",
            range.max_stem,
            range.max_s,
            ascii::render(&rows, sphere as i32, range.max_stem, range.max_s)
        );
        let _ = std::io::stdout().lock().write_all(chart.as_bytes());
    }
    if !plan.quiet {
        let usage = usage::current().since(&start.usage);
        let total: usize = rows.iter().map(|r| r.dim).sum();
        eprintln!(
            "resolved S^{sphere} unstably (classical) through stem {}, s <= {} in {:.2} s \
             (CPU {:.2} s, peak memory {:.1} MB): {} nonzero bidegrees, total dimension \
             {total}; wrote {}",
            range.max_stem,
            range.max_s,
            start.at.elapsed().as_secs_f64(),
            usage.cpu.as_secs_f64(),
            usage.peak_rss_bytes as f64 / 1e6,
            rows.len(),
            path.display()
        );
    }
    Ok(())
}
