//! `adams resolve MODULE --unstable N`: Ext in the category of unstable modules of the
//! module `Σ^N M` (the sphere `S^N` for `S_2`, `S_3`, …), the unstable Adams E2 page, by
//! `resolution::unstable` (a minimal resolution by free unstable modules) at the module's
//! prime; ext.csv, the ASCII chart and chart.json/svg/html with the products by the
//! generators of `Ext^1`, stems absolute (the bottom class at stem `N` for a sphere).

mod output;
mod saved;

use resolution::unstable::{check_unstable, UnstableAlgebra, UnstableField};
use resolution::ResolutionConfig;
use steenrod::module::{AnyModule, FiniteModule, ModuleAlgebra};

use crate::chart_model::ChartAlgebra;
use crate::cli::{Algorithm, BackendChoice, ResolveArgs};
use crate::error::Error;
use crate::modules;
use crate::resolve::Start;

/// What `--unstable N` resolves: `Σ^N M` at its prime, and how the run names it.
pub(crate) struct Unstable {
    /// `N`.
    pub shift: u32,
    /// `Σ^N M`, checked unstable.
    pub module: AnyModule,
    /// `S^N` for a sphere, `Σ^N M` otherwise.
    pub label: String,
}

/// Checks `--unstable N` against the flags, finds the module and suspends it `N` times,
/// and checks the range and the unstable condition (exit 2, one line naming what is
/// refused): the stems must reach the bottom class and `max_stem + max_s` less the bottom
/// class fit the algebra's basis; devices, sub-Hopf algebras, smash products, Nassau's
/// algorithm and names tables are not carried over to unstable runs (`--certify` and
/// `--save-dir` are: [`resolution::unstable::certify`], [`resolution::unstable::save`]).
pub(crate) fn check(
    args: &ResolveArgs,
    shift: u32,
    range: ResolutionConfig,
) -> Result<Unstable, Error> {
    let refuse = |why: String| Error::Unstable {
        flag: format!("--unstable {shift}"),
        why,
    };
    if let Some(flag) = refused_flag(args) {
        return Err(refuse(format!("{flag} is not available for unstable runs")));
    }
    // Cells above t = max_stem + max_s (after the shift) cannot change Ext in the range.
    let top = i64::from(range.max_stem) + i64::from(range.max_s) - i64::from(shift);
    // (At least degree 0, so that a range below the bottom class is said in the terms of
    // the suspended module, below.)
    let top = top.clamp(0, 1 << 20) as i32;
    let dir = args.range.modules_dir.as_deref();
    let found = modules::find_module(&args.module, dir, Some(top))?;
    let (module, label) = suspended(found, shift).map_err(refuse)?;
    if odd_sphere_of_even_dimension(&module, shift) {
        return Err(refuse(format!(
            "at an odd prime H̃^*(S^N) is the free unstable algebra on its class only for odd N \
             (Massey–Peterson), so Ext_U is the unstable Adams E2 page of {label} only then; \
             {shift} is even"
        )));
    }
    check_module(&module, &label, range).map_err(refuse)?;
    Ok(Unstable {
        shift,
        module,
        label,
    })
}

/// `Σ^shift M` and its label: `S^shift` for the sphere `S_p`, `Σ^shift M` otherwise;
/// named `M[shift]`. Errors: a degree past `i32`.
pub(crate) fn suspended(found: AnyModule, shift: u32) -> Result<(AnyModule, String), String> {
    let label = match found.name() {
        name if name == format!("S_{}", found.prime()) => format!("S^{shift}"),
        name => format!("Σ^{shift} {name}"),
    };
    // Module cells lie within ±2^20 (the range checks of every run).
    let bottom = i64::from(found.min_degree()) + i64::from(shift);
    if bottom > 1 << 20 {
        return Err(format!(
            "{label} has its bottom class in degree {bottom}, above 2^20"
        ));
    }
    let name = format!("{}[{shift}]", found.name());
    let module = match found {
        AnyModule::Two(m) => m.shifted(shift as i32, name).map(AnyModule::Two),
        AnyModule::Odd(m) => m.shifted(shift as i32, name).map(AnyModule::Odd),
    };
    let module = module.ok_or_else(|| format!("{label} has a degree past 2^31"))?;
    Ok((module, label))
}

/// Why `Σ^N M` cannot be resolved unstably over `range` ([`admissible`] at its prime).
pub(crate) fn check_module(
    module: &AnyModule,
    label: &str,
    range: ResolutionConfig,
) -> Result<(), String> {
    match module {
        AnyModule::Two(m) => admissible(m, label, range),
        AnyModule::Odd(m) => admissible(m, label, range),
    }
}

/// The largest span of degrees a resolution of `module` may have ([`UnstableAlgebra::degree_limit`]).
pub(crate) fn degree_limit(module: &AnyModule) -> u32 {
    match module {
        AnyModule::Two(m) => m.algebra().degree_limit(),
        AnyModule::Odd(m) => m.algebra().degree_limit(),
    }
}

/// Whether `module` is the sphere `S_p[N]` at an odd prime with `N` even.
fn odd_sphere_of_even_dimension(module: &AnyModule, shift: u32) -> bool {
    let sphere = format!("S_{}[{shift}]", module.prime());
    module.prime() != 2 && shift.is_multiple_of(2) && module.name() == sphere
}

/// The first flag given that unstable runs do not have.
fn refused_flag(args: &ResolveArgs) -> Option<&'static str> {
    first_given(&engine_flags(args))
}

/// The flags of the stable engine alone, each with whether it was given: the sub-Hopf
/// algebra, smash products, devices, Nassau's algorithm, a names table, the memory flags,
/// the log (refused by the runs that resolve outside it: unstable and C-motivic).
pub(crate) fn engine_flags(args: &ResolveArgs) -> Vec<(bool, &'static str)> {
    vec![
        (
            args.algebra.is_some() || args.profile.is_some(),
            "--algebra/--profile",
        ),
        (!args.smash.is_empty(), "--smash"),
        (
            args.backend != BackendChoice::Cpu || args.verify,
            "--backend/--verify",
        ),
        (
            args.algorithm == Some(Algorithm::Nassau),
            "--algorithm nassau",
        ),
        (args.names.is_some(), "--names"),
        (args.memory.is_some(), "--memory"),
        (args.range.max_memory.is_some(), "--max-memory"),
        (args.range.log.is_some(), "--log"),
    ]
}

/// The first flag of `flags` that was given.
pub(crate) fn first_given(flags: &[(bool, &'static str)]) -> Option<&'static str> {
    flags
        .iter()
        .find(|(given, _)| *given)
        .map(|&(_, flag)| flag)
}

/// Why `module` (`label`) cannot be resolved unstably over `range`, if it cannot: a
/// profile, stems below its bottom class, a span past the algebra's basis, a class that
/// breaks the unstable condition.
pub(crate) fn admissible<A: ModuleAlgebra + UnstableAlgebra>(
    module: &FiniteModule<A>,
    label: &str,
    range: ResolutionConfig,
) -> Result<(), String> {
    let ResolutionConfig { max_stem, max_s } = range;
    let bottom = module.min_degree();
    if module.profile().is_some() {
        return Err(format!(
            "{label}: a module over a sub-Hopf algebra (its profile key)"
        ));
    }
    if max_stem < bottom {
        return Err(format!(
            "--max-stem {max_stem} is below the bottom class of {label} (stem {bottom})"
        ));
    }
    let limit = module.algebra().degree_limit();
    if i64::from(max_stem) + i64::from(max_s) - i64::from(bottom) > i64::from(limit) {
        return Err(format!(
            "--max-stem {max_stem} --max-s {max_s} needs the Steenrod algebra beyond degree \
             {limit} above the bottom class"
        ));
    }
    check_unstable(module).map_err(|e| format!("{label}: {e}"))
}

/// Resolves, writes ext.csv and the chart files, prints the ASCII chart (unless
/// `--no-chart`) and the closing line (unless `--quiet`); with `--certify`, then checks
/// the resolution ([`resolution::unstable::certify`]). Errors: the output folder, the
/// thread pool, writing the files, a failed check (exit 1, the files written).
pub(crate) fn run(plan: &crate::plan::Plan, target: Unstable, start: &Start) -> Result<(), Error> {
    let Unstable {
        shift,
        module,
        label,
    } = target;
    match module {
        AnyModule::Two(m) => run_at(plan, m, shift, &label, start),
        AnyModule::Odd(m) => run_at(plan, m, shift, &label, start),
    }
}

/// A pool of `threads` workers (0: one per core).
pub(crate) fn pool(threads: usize) -> Result<rayon::ThreadPool, Error> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|source| Error::Threads { threads, source })
}

/// [`run`] at the module's prime.
fn run_at<A>(
    plan: &crate::plan::Plan,
    module: FiniteModule<A>,
    shift: u32,
    label: &str,
    start: &Start,
) -> Result<(), Error>
where
    A: ChartAlgebra + UnstableAlgebra + resolution::save::SaveAlgebra,
    A::Field: UnstableField,
{
    let name = module.name();
    let base = name.strip_suffix(&format!("[{shift}]")).unwrap_or(name);
    let folder = format!("{base}-unstable-{shift}");
    let output = crate::resolve::open_output(&plan.output, &folder)?;
    let range = plan.range;
    let pool = pool(plan.limits.threads)?;
    let dir = plan.save.as_ref().map(|save| save.dir.as_path());
    let (res, saved) = pool.install(|| saved::resolve(module, range, dir, plan.quiet))?;
    // Checked before any output is written: a resolution that fails writes no table.
    let certified = match plan.certify {
        true => Some(
            resolution::unstable::certify(&res)
                .map_err(|why| Error::UnstableCertificate { why })?,
        ),
        false => None,
    };
    output::write(plan, &res, label, &output, start)?;
    if let Some(line) = saved.filter(|_| !plan.quiet) {
        eprintln!("{line}");
    }
    if let Some(c) = certified.filter(|_| !plan.quiet) {
        eprintln!(
            "certified: exact at {} bidegrees (s < {}), minimal at {} generators",
            c.exact,
            res.range().1,
            c.minimal
        );
    }
    Ok(())
}
