//! `adams resolve`'s command line read once into a [`Plan`] (range, algorithm, backend,
//! output, save directory, limits) and a [`Subject`] (the module at its prime over the
//! algebra of the run, or a cofiber file), before any work. Everything that is bad input is
//! found here (exit 2): the range, the module, a flag that does not exist at the module's
//! prime or for a cofiber, the sub-Hopf algebra, the names table. The resolve path
//! (`crate::resolve`) reads the plan and never the command line.

use std::path::PathBuf;

use chart::names::NameTable;
use fp::Prime;
use resolution::ResolutionConfig;
use steenrod::module::{AnyModule, FiniteModule};
use steenrod::MilnorAlgebra;

use crate::cli::{Algorithm, BackendChoice, DrawArgs, ExportArgs, GpuKnobs, ResolveArgs};
use crate::cofiber::{self, CofiberFile};
use crate::error::Error;
use crate::prime::PrimeModule;
use crate::range::{check_module_range, check_range, check_threads, RangeError};
use crate::{chart_names, modules, resolve_cofiber, resolve_unstable, subalgebra};
use fp::ValidPrime;

/// What a run of `adams resolve` does, whatever it resolves.
pub(crate) struct Plan {
    /// Stems `≤ max_stem`, filtrations `≤ max_s` (of the cofiber, for a cofiber file).
    pub range: ResolutionConfig,
    /// The algorithm: `--algorithm`, else the prime's default (classical over a sub-Hopf
    /// algebra).
    pub algorithm: Algorithm,
    pub backend: BackendPlan,
    pub output: OutputPlan,
    /// `--save-dir`.
    pub save: Option<SavePlan>,
    pub limits: Limits,
    /// `--certify`.
    pub certify: bool,
    /// `--quiet`: no progress, notes or summary.
    pub quiet: bool,
    /// `--log LEVEL`.
    pub log: Option<String>,
}

/// Where builds and reductions run (`--backend`, `--verify`, `--verify-sample`, the
/// device's knobs); always the CPU at odd p.
pub(crate) struct BackendPlan {
    pub choice: BackendChoice,
    pub verify: bool,
    /// `--verify-sample` as written (checked when the backend opens).
    pub sample: Option<String>,
    pub knobs: GpuKnobs,
}

/// What is written, where (`--output`, `--no-chart`, the chart's drawing and exports).
pub(crate) struct OutputPlan {
    /// `--output`; else `output/FOLDER` ([`Target::folder`]).
    pub dir: Option<PathBuf>,
    pub no_chart: bool,
    pub draw: DrawArgs,
    pub export: ExportArgs,
}

/// `--save-dir DIR` and whether its records keep the quasi-inverses (p = 2).
pub(crate) struct SavePlan {
    pub dir: PathBuf,
    pub quasi_inverses: bool,
}

/// `--threads` (0: one per core), `--max-memory` GB, `--memory` in bytes (p = 2).
pub(crate) struct Limits {
    pub threads: usize,
    pub max_memory: Option<f64>,
    pub table_memory: Option<usize>,
}

/// What is resolved.
pub(crate) enum Subject {
    /// A module at p = 2.
    Two(Target<FiniteModule>),
    /// A module at an odd prime.
    Odd(Target<FiniteModule<MilnorAlgebra<ValidPrime>>>),
    /// A module file with the field's `cofiber` key: its class and its base module at the
    /// file's prime (cells through the cone's range, [`cofiber::base_range`]), whose
    /// mapping cone is resolved.
    Cofiber(Box<(CofiberFile, AnyModule)>),
    /// `--unstable N`: the module `Σ^N M` (the sphere `S^N` for `S_p`) in the category of
    /// unstable modules, at its prime.
    Unstable(Box<resolve_unstable::Unstable>),
    /// `--motivic`: the sphere over the C-motivic Steenrod algebra.
    Motivic,
}

/// A module over the algebra of the run.
pub(crate) struct Target<M> {
    /// Its cells above `t = max_stem + max_s` dropped, restricted to the sub-Hopf algebra
    /// asked for.
    pub module: M,
    /// The default output folder's name ([`subalgebra::folder_name`]).
    pub folder: String,
    /// The table naming the chart's classes, and whether the user gave it (the sphere over
    /// `A`).
    pub names: Option<(NameTable, bool)>,
}

/// Reads `args` into the plan and its subject. Errors (exit 2): the range or thread count,
/// the module's lookup or range, a flag its prime or a cofiber file refuses, the sub-Hopf
/// algebra, the names table.
pub(crate) fn read(args: ResolveArgs) -> Result<(Plan, Subject), Error> {
    let range = check_range(args.range.max_stem, args.range.max_s)?;
    check_threads(args.range.threads)?;
    let mut algorithm = args.algorithm;
    let subject = match args.unstable {
        Some(n) => Subject::Unstable(Box::new(resolve_unstable::check(&args, n, range)?)),
        None if args.motivic => {
            crate::resolve_motivic::check(&args, range)?;
            Subject::Motivic
        }
        None => module_subject(&args, range, &mut algorithm)?,
    };
    let default = match &subject {
        Subject::Odd(_) => {
            <FiniteModule<MilnorAlgebra<ValidPrime>> as PrimeModule>::DEFAULT_ALGORITHM
        }
        Subject::Cofiber(c) if matches!(c.1, AnyModule::Odd(_)) => {
            <FiniteModule<MilnorAlgebra<ValidPrime>> as PrimeModule>::DEFAULT_ALGORITHM
        }
        Subject::Unstable(_) | Subject::Motivic => Algorithm::Classical,
        _ => <FiniteModule as PrimeModule>::DEFAULT_ALGORITHM,
    };
    let algorithm = algorithm.unwrap_or(default);
    refuse_within_budget(&args)?;
    Ok((plan_of(args, range, algorithm), subject))
}

/// The module named on the command line at its prime, or a cofiber file.
fn module_subject(
    args: &ResolveArgs,
    range: ResolutionConfig,
    algorithm: &mut Option<Algorithm>,
) -> Result<Subject, Error> {
    Ok(match find_module(args, range) {
        Ok((AnyModule::Two(m), over_asked)) => {
            Subject::Two(named(args, range, target(args, m, over_asked, algorithm)?)?)
        }
        Ok((AnyModule::Odd(m), _)) => {
            Subject::Odd(named(args, range, target(args, m, false, algorithm)?)?)
        }
        Err(e) => {
            let file = cofiber_file(e, args)?;
            let inner = cofiber::base_range(range);
            let top = inner.max_stem + inner.max_s as i32;
            let (class, base) = cofiber::read_any(&file, Some(top))?;
            if let AnyModule::Odd(m) = &base {
                refuse_at_odd_prime(args, m)?;
            }
            Subject::Cofiber(Box::new((class, base)))
        }
    })
}

/// `target` with the table naming its chart's classes (`--names`, [`chart_names::wanted`]).
fn named<A: steenrod::module::ModuleAlgebra>(
    args: &ResolveArgs,
    range: ResolutionConfig,
    target: Target<FiniteModule<A>>,
) -> Result<Target<FiniteModule<A>>, Error> {
    let over_a = args.algebra.is_none() && args.profile.is_none();
    let (file, off) = (args.names.as_deref(), args.no_names);
    let names = chart_names::wanted(file, off, over_a, &target.module, range)?;
    Ok(Target { names, ..target })
}

/// What `--max-memory` cannot hold (exit 2): `--certify` reads every row at once, and a
/// run across MPI ranks keeps every row on each.
fn refuse_within_budget(args: &ResolveArgs) -> Result<(), Error> {
    if args.range.max_memory.is_none() {
        return Ok(());
    }
    #[cfg(feature = "mpi")]
    let across_ranks = crate::cluster::active();
    #[cfg(not(feature = "mpi"))]
    let across_ranks = false;
    let why = if args.certify {
        "--certify reads every row of the resolution at once, so it cannot run within a \
         memory budget; certify without --max-memory"
    } else if across_ranks {
        "a run across MPI ranks keeps every row on each rank; run on one machine, or \
         without the budget"
    } else {
        return Ok(());
    };
    Err(Error::MaxMemory {
        why: why.to_string(),
    })
}

/// The plan of a run whose subject was read.
fn plan_of(args: ResolveArgs, range: ResolutionConfig, algorithm: Algorithm) -> Plan {
    Plan {
        range,
        algorithm,
        backend: BackendPlan {
            choice: args.backend,
            verify: args.verify,
            sample: args.verify_sample,
            knobs: args.gpu,
        },
        output: OutputPlan {
            dir: args.output,
            no_chart: args.no_chart,
            draw: args.draw,
            export: args.export,
        },
        save: args.save_dir.map(|dir| SavePlan {
            dir,
            quasi_inverses: !args.no_save_quasi_inverses,
        }),
        limits: Limits {
            threads: args.range.threads,
            max_memory: args.range.max_memory,
            table_memory: args.memory.map(|mb| mb.saturating_mul(1 << 20)),
        },
        certify: args.certify,
        quiet: args.quiet,
        log: args.range.log,
    }
}

/// A module whose every cell lies above `t = max_stem + max_s` said in the flags' terms: the
/// stem bound below its bottom cell ([`RangeError::StemBelowBottom`]); any other error as
/// it is. A smash product's factor keeps the reader's words (its bottom cell is not the
/// product's).
fn empty_range(e: modules::LookupError, args: &ResolveArgs, range: ResolutionConfig) -> Error {
    use steenrod::module::ModuleError;
    match e {
        modules::LookupError::Module(ModuleError::AboveRange { lowest, .. })
            if args.smash.is_empty() =>
        {
            match i32::try_from(lowest) {
                Ok(bottom) => RangeError::StemBelowBottom {
                    max_stem: range.max_stem,
                    name: args.module.clone(),
                    bottom,
                }
                .into(),
                Err(_) => e.into(),
            }
        }
        e => e.into(),
    }
}

/// The module, its cells above `t = max_stem + max_s` dropped (they cannot change Ext
/// in the range; a note says how many unless `--quiet`), with the flags its prime lacks
/// refused ([`refuse_at_odd_prime`]), checked against the range, and whether it was read
/// over the sub-Hopf algebra asked for because its file, naming no profile, is not an
/// `A`-module ([`subalgebra::load_over_asked`]).
fn find_module(args: &ResolveArgs, range: ResolutionConfig) -> Result<(AnyModule, bool), Error> {
    let top_t = range.max_stem + range.max_s as i32;
    let (module, read_over_asked) = modules::find_smash(
        &args.module,
        &args.smash,
        args.range.modules_dir.as_deref(),
        Some(top_t),
    )
    .map(|m| (m, false))
    .or_else(|e| {
        let (algebra, profile) = (args.algebra.as_deref(), args.profile.as_deref());
        let smashed = !args.smash.is_empty();
        match subalgebra::load_over_asked(&args.module, smashed, algebra, profile, top_t) {
            Some(over) => over.map(|m| (AnyModule::Two(m), true)),
            None => Err(empty_range(e, args, range)),
        }
    })?;
    if let AnyModule::Odd(m) = &module {
        refuse_at_odd_prime(args, m)?;
    }
    check_module_range(module.name(), module.min_degree(), range)?;
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

/// The module over the algebra of the run ([`subalgebra::apply`]: the flags' sub-Hopf
/// algebra at its prime, or its file's) and its default output folder. `over_asked`: the
/// file was read over the algebra asked for (its profile is not its own).
fn target<M: PrimeModule>(
    args: &ResolveArgs,
    module: M,
    over_asked: bool,
    algorithm: &mut Option<Algorithm>,
) -> Result<Target<M>, Error> {
    let own = module.profile().is_some() && !over_asked;
    let asked = subalgebra::requested::<M>(args.algebra.as_deref(), args.profile.as_deref())?;
    let module = subalgebra::apply(asked, module, algorithm, args.backend, args.quiet)?;
    let folder = subalgebra::folder_name(&module, own);
    Ok(Target {
        module,
        folder,
        names: None,
    })
}

/// What a flag asks for that exists only at p = 2, refused at the odd prime of `module`
/// (exit 2): Nassau's algorithm, a device backend and its checks, the product tables'
/// budget.
fn refuse_at_odd_prime(
    args: &ResolveArgs,
    module: &FiniteModule<MilnorAlgebra<ValidPrime>>,
) -> Result<(), Error> {
    let refused = |what: String| Error::NotAtOddPrimes {
        name: module.name().to_string(),
        p: module.prime().value(),
        what,
    };
    const CPU: &str = "odd primes are resolved by the classical algorithm on the CPU";
    let what = if args.algorithm == Some(Algorithm::Nassau) {
        format!("--algorithm nassau (Nassau's algorithm; {CPU})")
    } else if args.backend != BackendChoice::Cpu {
        format!("--backend {} ({CPU})", args.backend.name())
    } else if args.verify {
        format!("--verify (it checks a device's work; {CPU})")
    } else if args.verify_sample.is_some() {
        format!("--verify-sample (it checks a device's work; {CPU})")
    } else if args.memory.is_some() {
        "--memory (it sizes the cached tables of the mod 2 Milnor product; the odd Milnor \
         product keeps no tables)"
            .to_string()
    } else {
        return Ok(());
    };
    Err(refused(what))
}

/// The cofiber file behind the module lookup's error `e` ([`resolve_cofiber::refused_file`]),
/// with the options that do not apply to a cofiber refused (exit 2, naming the file and
/// the option); else `e`.
fn cofiber_file(e: Error, args: &ResolveArgs) -> Result<String, Error> {
    let dir = args.range.modules_dir.as_deref();
    let file = match resolve_cofiber::refused_file(&e, &args.module, dir, !args.smash.is_empty()) {
        Some(found) => found?,
        None => return Err(e),
    };
    let refused = [
        (
            args.algebra.is_some() || args.profile.is_some(),
            "--algebra/--profile: a cofiber file is resolved over the whole Steenrod algebra only",
        ),
        (
            args.certify,
            "--certify: the cofiber's Ext comes from the mapping cone, not from a resolution \
             of its own; certify the base module's resolution: --save-dir DIR, then adams \
             certify DIR --module FILE",
        ),
        (
            args.names.is_some(),
            "--names: names are those of the sphere's classes, not of a cofiber's",
        ),
    ];
    match refused.into_iter().find(|(asked, _)| *asked) {
        Some((_, why)) => Err(Error::CofiberFile {
            message: format!("{file}: {why}"),
        }),
        None => Ok(file),
    }
}
