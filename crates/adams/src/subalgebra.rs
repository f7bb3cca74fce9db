//! `adams resolve` over a sub-Hopf algebra of `A`: the module file's `profile`, or
//! `--algebra A(n)` / `--profile 3,2,1` (the module restricted to it). Such runs use the
//! classical algorithm on the CPU; Nassau's algorithm and a device backend are refused
//! (exit 2), each with the reason. A save directory records the profile in its header.

use steenrod::module::{AnyModule, FiniteModule};
use steenrod::Profile;

use crate::cli::{Algorithm, BackendChoice, ResolveArgs};
use crate::error::Error;

/// The sub-Hopf algebra asked for by `--algebra` or `--profile`, if any, with the flag as
/// written. Errors (exit 2): an `--algebra` other than `A(n)` with `0 ≤ n ≤ 7`, a
/// `--profile` that is not a list of integers or names no sub-Hopf algebra (the
/// Adams–Margolis condition).
fn requested(
    algebra: Option<&str>,
    profile: Option<&str>,
) -> Result<Option<(String, Profile)>, Error> {
    let bad = |what: String, reason: String| Error::SubAlgebra { what, reason };
    if let Some(a) = algebra {
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
    if let Some(p) = profile {
        let flag = format!("--profile {}", echo(p));
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
/// different flag; `--algorithm nassau` or `--backend` other than cpu over a sub-algebra.
pub(crate) fn apply(args: &mut ResolveArgs, module: FiniteModule) -> Result<FiniteModule, Error> {
    let bad = |what: String, reason: String| Error::SubAlgebra { what, reason };
    let asked = requested(args.algebra.as_deref(), args.profile.as_deref())?;
    let module = match to_restrict(asked, module.profile(), module.name())? {
        Some(asked) => module.restricted_to(&asked),
        None => module,
    };
    let Some(profile) = module.profile() else {
        return Ok(module);
    };
    let what = format!("module {} over {profile}", module.name());
    if args.algorithm == Some(Algorithm::Nassau) {
        return Err(no_nassau(what));
    }
    if args.backend != BackendChoice::Cpu {
        return Err(bad(
            what,
            format!("--backend {} is not available: the device kernels index the whole algebra's Milnor basis", args.backend.name()),
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

/// `--algorithm nassau` over a sub-Hopf algebra (`what`: the module and algebra).
fn no_nassau(what: String) -> Error {
    Error::SubAlgebra {
        what,
        reason: "--algorithm nassau is not available: Nassau's steps split by sub-algebras F_2, A(0), A(1), … that need not lie inside it; use --algorithm classical".into(),
    }
}

/// `adams bench --algebra/--profile`: the sub-Hopf algebra the runs of `module` are over
/// (the flag's, else the file's profile; `None`: `A`) and whether a flag asked for it,
/// with the checks `adams resolve` makes (exit 2): the flags' ([`requested`]), a flag at
/// an odd prime, a file's own profile with a different flag, `--algorithm nassau` over a
/// sub-algebra.
pub(crate) fn for_bench(
    module: &AnyModule,
    algebra: Option<&str>,
    profile: Option<&str>,
    algorithm: Option<Algorithm>,
) -> Result<Option<(Profile, bool)>, Error> {
    let asked = requested(algebra, profile)?;
    let m = match module {
        AnyModule::Two(m) => m,
        AnyModule::Odd(m) if asked.is_some() => {
            return Err(Error::NotAtOddPrimes {
                name: m.name().to_string(),
                p: fp::Prime::value(m.prime()),
                what: "--algebra/--profile (sub-Hopf algebras)".to_string(),
            })
        }
        AnyModule::Odd(_) => return Ok(None),
    };
    let own = m.profile();
    let over = match to_restrict(asked, own, m.name())? {
        Some(asked) => Some((asked, true)),
        None => own.map(|p| (p.clone(), false)),
    };
    if let Some((p, _)) = &over {
        if algorithm == Some(Algorithm::Nassau) {
            return Err(no_nassau(format!("module {} over {p}", m.name())));
        }
    }
    Ok(over)
}

/// The module file `args.module` (a path: not a bundled name, a shift or a smash product)
/// read over the sub-Hopf algebra asked for by `--algebra`/`--profile` when it names no
/// profile and could not be read as an `A`-module ([`FiniteModule::load_over`]): `None`
/// when that does not apply (the first error stands), else the module or the error of
/// reading it over that algebra (exit 2).
pub(crate) fn load_over_asked(
    args: &ResolveArgs,
    top_degree: i32,
) -> Option<Result<FiniteModule, Error>> {
    let path = std::path::Path::new(&args.module);
    if !args.smash.is_empty() || !path.is_file() {
        return None;
    }
    let (_, profile) = requested(args.algebra.as_deref(), args.profile.as_deref()).ok()??;
    let options = steenrod::module::LoadOptions {
        shift: 0,
        top_degree: Some(top_degree),
    };
    Some(
        FiniteModule::load_over(path, &options, &profile)
            .map_err(|e| crate::modules::LookupError::from(e).into()),
    )
}

/// The default output folder's name of a run of `module` (`output/NAME`): its name, and,
/// when the run is over a sub-Hopf algebra its file does not name (`--algebra`,
/// `--profile`), the algebra after an underscore — `S_2_A1` for `S_2 --algebra A(1)`,
/// `S_2_profile_2_1_1` for another profile (`_inf` when not truncated) — so that it never
/// overwrites the folder of the run over `A`. `own`: whether the file had a profile.
pub(crate) fn folder_name(module: &FiniteModule, own: bool) -> String {
    let name = module.name();
    match module.profile() {
        Some(p) if !own => {
            let len = p.p_part().len() as u32;
            if p.truncated() && len > 0 && *p == Profile::a(len - 1) {
                format!("{name}_A{}", len - 1)
            } else {
                let mut parts: Vec<String> = p.p_part().iter().map(u32::to_string).collect();
                if parts.is_empty() && p.truncated() {
                    parts.push("0".into());
                }
                if !p.truncated() {
                    parts.push("inf".into());
                }
                format!("{name}_profile_{}", parts.join("_"))
            }
        }
        _ => name.to_string(),
    }
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

/// A flag's value as an error message repeats it: whole up to 60 characters, else its
/// first 40 and how long it is (a 20 000-entry `--profile` is not echoed back whole).
pub(crate) fn echo(value: &str) -> String {
    if value.chars().count() <= 60 {
        return value.to_string();
    }
    let head: String = value.chars().take(40).collect();
    let entries = value.split(',').count();
    format!("{head}… ({} characters, {entries} entries)", value.len())
}
