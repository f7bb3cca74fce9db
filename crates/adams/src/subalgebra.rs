//! `adams resolve` over a sub-Hopf algebra of `A`: the module file's `profile`, or
//! `--algebra A(n)` / `--profile 3,2,1` (the module restricted to it). Such runs use the
//! classical algorithm on the CPU; Nassau's algorithm, a device backend and a save
//! directory are refused (exit 2), each with the reason.

use steenrod::module::FiniteModule;
use steenrod::Profile;

use crate::cli::{Algorithm, BackendChoice, ResolveArgs};
use crate::error::Error;

/// The sub-Hopf algebra asked for on the command line, if any. Errors (exit 2): an
/// `--algebra` other than `A(n)` with `0 ≤ n ≤ 7`, a `--profile` that is not a list of
/// integers or names no sub-Hopf algebra (the Adams–Margolis condition).
fn requested(args: &ResolveArgs) -> Result<Option<(String, Profile)>, Error> {
    let bad = |what: String, reason: String| Error::SubAlgebra { what, reason };
    if let Some(a) = &args.algebra {
        let flag = format!("--algebra {a}");
        let n = a
            .trim()
            .strip_prefix("A(")
            .and_then(|r| r.strip_suffix(')'))
            .and_then(|n| n.trim().parse::<u32>().ok())
            .filter(|&n| n <= 7)
            .ok_or_else(|| {
                bad(
                    flag.clone(),
                    "expected A(n) with 0 <= n <= 7, e.g. A(1) (ko) or A(2) (tmf)".into(),
                )
            })?;
        return Ok(Some((flag, Profile::a(n))));
    }
    if let Some(p) = &args.profile {
        let flag = format!("--profile {p}");
        let parts = p
            .split(',')
            .map(|x| x.trim().parse::<u32>())
            .collect::<Result<Vec<u32>, _>>()
            .map_err(|_| {
                bad(
                    flag.clone(),
                    "expected a comma-separated list of non-negative integers, e.g. 3,2,1".into(),
                )
            })?;
        let profile = Profile::new(parts, true).map_err(|e| bad(flag.clone(), e.to_string()))?;
        return Ok(Some((flag, profile)));
    }
    Ok(None)
}

/// The module over the algebra of this run: the file's profile, or the one asked for
/// (the module restricted to it), and the flags checked against it. With a sub-algebra
/// and no `--algorithm`, the algorithm becomes classical (a note says so unless
/// `--quiet`). Errors (exit 2): the flags' ([`requested`]); a file's own profile with a
/// different flag; `--algorithm nassau`, `--backend` other than cpu, or `--save-dir` over
/// a sub-algebra.
pub(crate) fn apply(args: &mut ResolveArgs, module: FiniteModule) -> Result<FiniteModule, Error> {
    let bad = |what: String, reason: String| Error::SubAlgebra { what, reason };
    let module = match to_restrict(requested(args)?, module.profile(), module.name())? {
        Some(asked) => module.restricted_to(&asked),
        None => module,
    };
    let Some(profile) = module.profile() else {
        return Ok(module);
    };
    let what = format!("module {} over {profile}", module.name());
    if args.algorithm == Some(Algorithm::Nassau) {
        return Err(bad(
            what,
            "--algorithm nassau is not available: Nassau's steps split by sub-algebras F_2, A(0), A(1), … that need not lie inside it; use --algorithm classical".into(),
        ));
    }
    if args.backend != BackendChoice::Cpu {
        return Err(bad(
            what,
            format!("--backend {} is not available: the device kernels index the whole algebra's Milnor basis", args.backend.name()),
        ));
    }
    if args.save_dir.is_some() {
        return Err(bad(
            what,
            "--save-dir is not available yet: save headers do not record a profile".into(),
        ));
    }
    if args.algorithm.is_none() {
        args.algorithm = Some(Algorithm::Classical);
        if !args.quiet {
            eprintln!(
                "note: {what}: resolving by the classical algorithm (Nassau's signature sub-algebras need not lie inside {profile})"
            );
        }
    }
    Ok(module)
}

/// The profile a module must be restricted to: the one `asked` for on the command line
/// (`(flag, profile)`) when the module has no profile of its `own`; `None` when nothing is
/// asked or the module's own profile is the one asked. Error (exit 2): a module over
/// another sub-algebra than the one asked (both primes).
pub(crate) fn to_restrict<P: PartialEq + std::fmt::Display>(
    asked: Option<(String, P)>,
    own: Option<&P>,
    module: &str,
) -> Result<Option<P>, Error> {
    match (asked, own) {
        (Some((flag, asked)), Some(own)) if asked != *own => Err(Error::SubAlgebra {
            what: flag,
            reason: format!("module {module} is over {own} (its file's profile), not {asked}"),
        }),
        (Some((_, asked)), None) => Ok(Some(asked)),
        _ => Ok(None),
    }
}
