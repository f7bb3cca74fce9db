//! `adams bench`: the command line checked as `adams resolve` would check it, then the
//! `bench` crate times the runs.

use std::path::Path;

use bench::{Bench, SseqAsked};
use resolution::MAX_ALGEBRA_DEGREE;
use steenrod::module::AnyModule;

use crate::cli::{Algorithm, BenchArgs};
use crate::error::Error;
use crate::modules::split_shift;
use crate::range::{check_threads, RangeError};
use crate::{modules, subalgebra};

/// `adams bench`: checks the module, the ranges and the thread counts as `adams resolve`
/// would (bad input before any run, with the same messages; cells above the largest
/// range's `t` dropped, as each run does for its own), then times the runs.
pub fn command(args: BenchArgs) -> Result<(), Error> {
    if args.runs == 0 {
        return Err(RangeError::NoRuns.into());
    }
    let top_t = args
        .ranges
        .iter()
        .map(|r| i64::from(r.max_stem) + i64::from(r.max_s))
        .max();
    let top_t = top_t.map(|t| t.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32);
    let module = modules::find_module(&args.module, args.modules_dir.as_deref(), top_t)?;
    let over = subalgebra::for_bench(
        &module,
        args.algebra.as_deref(),
        args.profile.as_deref(),
        args.algorithm,
    )?;
    // Nassau's algorithm over the whole algebra at p = 2; the classical one (the only one)
    // at odd primes and over a sub-Hopf algebra (the flags' or a module file's profile).
    let algorithm = args.algorithm.unwrap_or(match (&module, &over) {
        (AnyModule::Two(_), None) => Algorithm::Nassau,
        _ => Algorithm::Classical,
    });
    let bottom = i64::from(module.min_degree());
    for r in &args.ranges {
        if i64::from(r.max_stem) < bottom
            || r.max_stem as i64 + r.max_s as i64 - bottom > i64::from(MAX_ALGEBRA_DEGREE)
        {
            return Err(RangeError::BenchRange {
                max_stem: r.max_stem,
                max_s: r.max_s,
                bottom,
            }
            .into());
        }
    }
    for &t in &args.threads {
        check_threads(t)?;
    }
    let plan = Bench {
        module: &args.module,
        algorithm: algorithm.name(),
        ranges: &args.ranges,
        thread_counts: &args.threads,
        runs: args.runs,
        modules_dir: args.modules_dir.as_deref(),
        algebra: args.algebra.as_deref(),
        profile: args.profile.as_deref(),
    };
    if let Some(class) = &args.products {
        return Ok(bench::products::run(&plan, class)?);
    }
    // sseq reads the profile from the module file: added when a flag asked for it.
    let added = over.and_then(|(p, added)| added.then_some(p));
    let sseq = args.sseq.as_deref().map(|exe| {
        let (base, shift) = module_file(&args.module);
        SseqAsked {
            exe,
            base,
            shift,
            profile: added.as_ref(),
        }
    });
    Ok(bench::run(&plan, args.baseline.as_deref(), sseq.as_ref())?)
}

/// The module file behind `module` and its shift: a path as it is, else `NAME[k]` split
/// (the lookup has already accepted `module`).
fn module_file(module: &str) -> (&str, Option<i32>) {
    if Path::new(module).exists() {
        return (module, None);
    }
    match split_shift(module) {
        Ok(Some((base, k))) => (base, Some(k)),
        _ => (module, None),
    }
}
