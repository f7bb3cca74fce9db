//! `adams resolve FILE` for a module file with the field's `"cofiber": {"s", "t", "idx"}`
//! key (`C4.json`, `Ceta2.json`, `C2v14.json`), at the file's prime: the base module `M`
//! its `gens` and `actions` give is resolved one filtration above `--max-s` (with the
//! progress bar, the backend and `--save-dir` of any run; at odd p the classical algorithm
//! on the CPU), and the cofiber's Ext is read off the mapping cone of the class's lift
//! ([`crate::cofiber`], `resolution::chain_map::cofiber`, generic over the field). The output folder holds what a run of
//! `adams resolve` writes: ext.csv, summary.json, chart.json and chart.svg.
//!
//! The chart has the classes only. Products by `h0`, `h1`, `h2` on the cofiber's Ext are
//! not computed: the long exact sequence of the cofibration gives them only up to
//! extension, and adams draws no line it has not computed (summary.json's
//! `cofiber.products` and a line on stderr say so).
//!
//! `--save-dir DIR` saves and resumes the base module's resolution (the lift and the cone
//! are recomputed from it: seconds beside the resolution). Options that do not apply to a
//! cofiber are refused by the plan (`crate::plan`, exit 2): `--smash`, `--algebra`/`--profile`,
//! `--certify`, `--names`.

use std::path::Path;
use std::time::{Duration, Instant};

use chart::chart_json::{self, Chart, Class};
use fp::Prime;
use resolution::{Resolution, ResolutionConfig};
use steenrod::module::{AnyModule, ModuleError};
use steenrod::Algebra;

use crate::cofiber::{self, CofiberFile};
use crate::error::Error;
use crate::modules::LookupError;
use crate::plan::Plan;
use crate::prime::PrimeModule;
use crate::range::check_module_range;
use crate::resolve::{self, Finished, Start};
use crate::{save, usage};
use chart::summary::CofiberSummary;

/// Why the chart of a cofiber has no product lines (summary.json and stderr).
pub const PRODUCTS: &str = "not computed: the long exact sequence gives the products on the \
cofiber's Ext only up to extension; chart.json and chart.svg have the classes only";

/// The cofiber file behind a lookup error: `None` when `e` is not the module reader's
/// refusal of the `cofiber` key in a file; `Some(Ok(file))` when that file is the one
/// `module` names itself (a path, or `modules_dir`'s `NAME.json`), not `smashed`; else
/// `Some(Err(_))`, one line naming the file and why (a cofiber file smashed, shifted
/// `FILE[k]` or dualized `dual:FILE` is not built).
pub(crate) fn refused_file(
    e: &Error,
    module: &str,
    modules_dir: Option<&Path>,
    smashed: bool,
) -> Option<Result<String, Error>> {
    let Error::Module(LookupError::Module(ModuleError::RefusedKey { file, key, .. })) = e else {
        return None;
    };
    if key != "cofiber" || !Path::new(file).is_file() {
        return None;
    }
    let in_dir = |dir: &Path| dir.join(format!("{module}.json")).display().to_string();
    let named = *file == module || modules_dir.map(in_dir) == Some(file.clone());
    let why = match (named, smashed) {
        (true, false) => return Some(Ok(file.clone())),
        (true, true) => {
            "--smash: a cofiber file is resolved on its own (a mapping cone), not smashed"
        }
        (false, _) => {
            "a cofiber file is resolved as itself only (a mapping cone), not shifted (FILE[k]), \
             dualized (dual:FILE) or smashed (--smash)"
        }
    };
    Some(Err(Error::CofiberFile {
        message: format!("{file}: {why}"),
    }))
}

/// `adams resolve FILE` for the cofiber file read into `cofiber` and its base module
/// `base`, at the base module's prime, as `plan` says (`start`: when the command started).
pub(crate) fn run(
    plan: &Plan,
    cofiber: CofiberFile,
    base: AnyModule,
    start: &Start,
) -> Result<(), Error> {
    match base {
        AnyModule::Two(m) => run_cone(plan, cofiber, m, start),
        AnyModule::Odd(m) => run_cone(plan, cofiber, m, start),
    }
}

/// [`run`] over the base module `m`.
fn run_cone<M: PrimeModule>(
    plan: &Plan,
    cofiber: CofiberFile,
    m: M,
    start: &Start,
) -> Result<(), Error> {
    let range = plan.range;
    let inner = cofiber::base_range(range);
    let mut res = base_resolution(plan, &cofiber, m)?;
    let output = resolve::open_output(&plan.output, &cofiber.name)?;
    // Under `mpirun`, the other ranks help resolve the base module; rank 0 alone takes
    // the cone.
    #[cfg(feature = "mpi")]
    if crate::cluster::follow(
        &mut res,
        plan.algorithm.to_resolution(),
        plan.limits.threads,
    ) {
        return Ok(());
    }
    let backend = match M::OFFLOADS {
        true => resolve::open_backend(&plan.backend, res.algebra().max_degree())?,
        false => crate::offload::Backend::cpu(),
    };
    resolve::init_logging(plan.log.as_deref())?;
    let base = resolve::resolve(plan, &mut res, &backend, cofiber.name.clone(), inner, None)?;
    let base_wall = start.at.elapsed();
    let cone_started = Instant::now();
    let rows = cofiber.cone_rows(&res, range)?;
    let cone_wall = cone_started.elapsed();
    let finished = Finished {
        name: cofiber.label(),
        algorithm: "mapping cone",
        sub: None,
        range,
        rows,
        ..base
    };
    let min_stem = res.module().min_degree();
    let csv_path = output.join("ext.csv");
    resolve::write_table(&csv_path, &finished, finished.algorithm)?;
    let chart_files = chart_json::write_chart_files(&dots(&finished, min_stem), &output)?;
    if !plan.output.no_chart {
        resolve::print_chart(&finished, min_stem);
    }
    let saved = save::summary(res.save_dir()).transpose()?;
    let usage = usage::current().since(&start.usage);
    let elapsed = start.at.elapsed();
    let mut summary = resolve::run_summary(plan, &finished, &backend, &usage, elapsed, &saved);
    let algorithm = plan.algorithm.name();
    summary.cofiber = Some(cofiber_summary(
        &cofiber, algorithm, inner, base_wall, cone_wall,
    ));
    resolve::write_summary(&output.join("summary.json"), &summary)?;
    if !plan.quiet {
        resolve::print_run_lines(&finished, &usage, elapsed, &saved);
        eprintln!(
            "mapping cone: the base module {} resolved through s <= {} in {:.2} s, the cone's Ext in {:.2} s",
            cofiber.name,
            inner.max_s,
            base_wall.as_secs_f64(),
            cone_wall.as_secs_f64()
        );
        eprintln!("{}", resolve::result_line(&summary, &csv_path));
        eprintln!(
            "wrote {} and {} (classes only; products {PRODUCTS})",
            chart_files.0.display(),
            chart_files.1.display(),
        );
    }
    Ok(())
}

/// The base module's resolution through [`cofiber::base_range`] of the plan's range, after
/// the checks of the range (the module's, its projected memory, the class's).
fn base_resolution<M: PrimeModule>(
    plan: &Plan,
    cofiber: &CofiberFile,
    m: M,
) -> Result<Resolution<M>, Error> {
    let inner = cofiber::base_range(plan.range);
    check_module_range(&cofiber.name, m.min_degree(), inner)?;
    crate::range::check_memory(
        &cofiber.name,
        m.field().value(),
        m.min_degree(),
        true,
        inner,
        plan.limits.max_memory,
    )?;
    cofiber.check_range(inner, m.min_degree())?;
    if plan.limits.max_memory.is_some() && !plan.quiet {
        eprintln!(
            "note: a cofiber file's run keeps every row of its resolutions in memory: \
             --max-memory refuses a range projected above it, but nothing is spilled"
        );
    }
    let budget = plan.limits.table_memory;
    Resolution::with_table_budget(m, inner, budget).map_err(|source| Error::ModuleRange {
        name: cofiber.name.clone(),
        source,
    })
}

/// The chart of the cofiber's Ext: one class per dimension, no product keys (absent:
/// unknown, and not drawn).
fn dots(run: &Finished, min_stem: i32) -> Chart {
    let (name, algorithm) = (&run.name, run.algorithm);
    let mut chart = Chart::new(
        name,
        algorithm,
        run.prime,
        min_stem,
        run.range.max_stem,
        run.range.max_s,
    );
    chart.classes = run
        .rows
        .iter()
        .flat_map(|r| (0..r.dim).map(move |k| Class::new(r.bidegree.n(), r.bidegree.s(), k)))
        .collect();
    chart
}

fn cofiber_summary(
    cofiber: &CofiberFile,
    base_algorithm: &str,
    inner: ResolutionConfig,
    base_wall: Duration,
    cone_wall: Duration,
) -> CofiberSummary {
    CofiberSummary {
        base_module: cofiber.name.clone(),
        s: cofiber.at.s(),
        t: cofiber.at.t(),
        stem: cofiber.at.n(),
        idx: cofiber.idx,
        base_algorithm: base_algorithm.to_string(),
        base_max_s: inner.max_s,
        base_wall_s: base_wall.as_secs_f64(),
        cone_wall_s: cone_wall.as_secs_f64(),
        products: PRODUCTS.to_string(),
    }
}
