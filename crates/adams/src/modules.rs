//! Finding the module named on the command line.
//!
//! Order: (1) MODULE is a path to an existing file → load it; (2) `--modules-dir
//! DIR` is given and `DIR/MODULE.json` exists → load it; (3) a module bundled
//! with adams of that name (the sphere `S_2` always is); (4) otherwise an error saying where we looked.
//!
//! **Shift**: `NAME[k]` (the field's syntax, e.g. `C2[-5]`; `NAME` a path, a
//! `--modules-dir` name or a bundled name) is that module with every degree
//! shifted by the integer `k`, named `NAME[k]` in outputs. A path that exists
//! as written wins over this reading.
//!
//! **Dual**: `dual:M` is the Spanier–Whitehead dual of the module `M` (found as above,
//! at any prime), e.g. `adams resolve C2 --smash dual:Ceta` for
//! `Ext(C2 ∧ DCη) = Ext_A(C2, Cη)`.
//!
//! A folder where a module file is expected is an error that says so (not "no
//! such file", and not a silent fall back to a bundled module of that name), and
//! so is a `--modules-dir` that is not a folder; a FIFO or a device
//! (`/dev/zero`) is refused before it is opened (`FiniteModule::load`).

use std::path::Path;

use fp::Prime;

use steenrod::module::{
    bundled, bundled_names, AnyModule, FiniteModule, LoadOptions, ModuleAlgebra,
};

#[derive(Debug, thiserror::Error)]
pub enum LookupError {
    #[error("{0}")]
    Module(#[from] steenrod::module::ModuleError),
    #[error("module file {0}: no such file")]
    MissingFile(String),
    #[error("module file {0}: is a folder, not a module file")]
    Folder(String),
    #[error("--modules-dir {dir}: {reason}")]
    ModulesDir { dir: String, reason: String },
    #[error("module {name}: p = {p}; {what} works over the mod 2 Steenrod algebra only")]
    OddPrime {
        name: String,
        p: u32,
        what: &'static str,
    },
    #[error("module {name} is a p = {p} module, but {first} is a p = {first_p} module: the factors of a smash product are modules at one prime")]
    MixedPrimes {
        name: String,
        p: u32,
        first: String,
        first_p: u32,
    },
    #[error("module {name} is a p = {p} module, but the save directory was made at p = {saved}")]
    PrimeOfSave { name: String, p: u32, saved: u32 },
    #[error("module {arg}: {reason}")]
    Shift { arg: String, reason: String },
    #[error("no module named {name}: no such file, {looked_in}, and no bundled module of that name (bundled: {bundled})")]
    Unknown {
        name: String,
        looked_in: String,
        bundled: String,
    },
}

/// The prefix naming a module's Spanier–Whitehead dual: `dual:Ceta` is `DCeta`.
pub const DUAL: &str = "dual:";

/// Resolve MODULE (a path or a name, with an optional shift suffix `[k]`) to a
/// loaded, validated module. With `top_degree`, the cells above it are dropped
/// (see [`LoadOptions`]; a resolution through stem `N`, filtration `S` passes
/// `N + S`). `dual:M` (unless a file of that name exists) is the dual `DM` of the
/// module `M` found so ([`FiniteModule::dual`], at its prime, named `D` + the name of
/// `M`; `D(M[k]) = (DM)[−k]`).
pub fn find_module(
    arg: &str,
    modules_dir: Option<&Path>,
    top_degree: Option<i32>,
) -> Result<AnyModule, LookupError> {
    if let Some(of) = arg.strip_prefix(DUAL).filter(|_| !Path::new(arg).exists()) {
        // The whole module first: its low cells are the dual's high ones.
        return Ok(match find_module(of, modules_dir, None)? {
            AnyModule::Two(m) => AnyModule::Two(m.dual(top_degree)?),
            AnyModule::Odd(m) => AnyModule::Odd(m.dual(top_degree)?),
        });
    }
    let (base, shift) = if Path::new(arg).exists() {
        (arg, None)
    } else {
        match split_shift(arg)? {
            Some((base, k)) => (base, Some(k)),
            None => (arg, None),
        }
    };
    let options = LoadOptions {
        shift: shift.unwrap_or(0),
        top_degree,
    };
    let module = find_unshifted(base, modules_dir, &options)?;
    Ok(match shift {
        Some(k) => {
            let name = format!("{}[{k}]", module.name());
            match module {
                AnyModule::Two(m) => AnyModule::Two(m.with_name(name)),
                AnyModule::Odd(m) => AnyModule::Odd(m.with_name(name)),
            }
        }
        None => module,
    })
}

/// [`find_module`] for a command that works at p = 2 only (`what`, e.g. `adams certify`):
/// an odd-primary module is [`LookupError::OddPrime`].
pub fn find_module_p2(
    arg: &str,
    modules_dir: Option<&Path>,
    top_degree: Option<i32>,
    what: &'static str,
) -> Result<FiniteModule, LookupError> {
    match find_module(arg, modules_dir, top_degree)? {
        AnyModule::Two(m) => Ok(m),
        AnyModule::Odd(m) => Err(LookupError::OddPrime {
            name: m.name().to_string(),
            p: m.prime().value(),
            what,
        }),
    }
}

/// [`find_module`] of `arg`, smashed with each of `factors` in turn (`--smash`,
/// each found as `arg` is), the cells above `top_degree` dropped (`None`: every
/// cell). Each factor is loaded through the degree the product can see from it,
/// `top_degree` less the other factors' bottom cells. Errors: those of
/// [`find_module`], a factor at another prime than `arg`'s
/// ([`LookupError::MixedPrimes`]), those of [`FiniteModule::smash`].
pub fn find_smash(
    arg: &str,
    factors: &[String],
    modules_dir: Option<&Path>,
    top_degree: Option<i32>,
) -> Result<AnyModule, LookupError> {
    if factors.is_empty() {
        return find_module(arg, modules_dir, top_degree);
    }
    let names: Vec<&str> = std::iter::once(arg)
        .chain(factors.iter().map(String::as_str))
        .collect();
    // The first factor fixes the prime of the product.
    let first = find_module(arg, modules_dir, top_degree)?;
    let (first_name, first_p) = (first.name().to_string(), first.prime());
    let mixed = |m: AnyModule| LookupError::MixedPrimes {
        name: m.name().to_string(),
        p: m.prime(),
        first: first_name.clone(),
        first_p,
    };
    Ok(match first {
        AnyModule::Two(_) => {
            AnyModule::Two(smash_at(&names, modules_dir, top_degree, |m| match m {
                AnyModule::Two(m) => Ok(m),
                other => Err(mixed(other)),
            })?)
        }
        AnyModule::Odd(_) => {
            AnyModule::Odd(smash_at(&names, modules_dir, top_degree, |m| match m {
                AnyModule::Odd(m) if m.prime().value() == first_p => Ok(m),
                other => Err(mixed(other)),
            })?)
        }
    })
}

/// The smash product of the modules `names` at one prime (`at` takes a found module to
/// that prime's type, or refuses it), as [`find_smash`] describes.
fn smash_at<A: ModuleAlgebra>(
    names: &[&str],
    modules_dir: Option<&Path>,
    top_degree: Option<i32>,
    at: impl Fn(AnyModule) -> Result<FiniteModule<A>, LookupError>,
) -> Result<FiniteModule<A>, LookupError> {
    let find = |name: &str, top: Option<i32>| at(find_module(name, modules_dir, top)?);
    // First the bottom cells, then each factor through what the product can see.
    let bottoms = names
        .iter()
        .map(|n| find(n, top_degree).map(|m| m.min_degree()))
        .collect::<Result<Vec<i32>, _>>()?;
    let below: i64 = bottoms.iter().map(|&b| i64::from(b)).sum();
    let top_less = |k: i64| {
        top_degree
            .map(|t| (i64::from(t) - k).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32)
    };
    let mut product: Option<FiniteModule<A>> = None;
    let mut rest = below;
    for (name, &bottom) in names.iter().zip(&bottoms) {
        let m = find(name, top_less(below - i64::from(bottom)))?;
        // The product so far is seen through the top less the bottoms still to come.
        rest -= i64::from(bottom);
        product = Some(match product {
            None => m,
            Some(p) => p.smash(&m, top_less(rest))?,
        });
    }
    Ok(product.expect("at least two factors"))
}

/// `NAME[k]` → `(NAME, k)`; `None` when `arg` does not end in `[...]`.
pub fn split_shift(arg: &str) -> Result<Option<(&str, i32)>, LookupError> {
    let Some(open) = arg.strip_suffix(']').and_then(|a| a.rfind('[')) else {
        return Ok(None);
    };
    let (base, inner) = (&arg[..open], &arg[open + 1..arg.len() - 1]);
    let error = |reason: String| LookupError::Shift {
        arg: arg.to_string(),
        reason,
    };
    if base.is_empty() {
        return Err(error(
            "a shift [k] needs a module name before it, e.g. C2[-5]".to_string(),
        ));
    }
    let nested = base
        .strip_suffix(']')
        .and_then(|b| b.rfind('[').map(|i| &b[i + 1..]))
        .is_some_and(|k| k.parse::<i64>().is_ok());
    if nested {
        return Err(error(format!(
            "one shift [k] at most: write the sum, e.g. {}[k]",
            base.split('[').next().unwrap_or(base)
        )));
    }
    let k = match inner.parse::<i64>() {
        Ok(k) => i32::try_from(k).map_err(|_| {
            error(format!(
                "the shift {k} is out of range (degrees are at most 2^20 in absolute value)"
            ))
        })?,
        Err(_) => {
            return Err(error(format!(
                "the shift [{inner}] must be a whole number, e.g. C2[-5]"
            )))
        }
    };
    Ok(Some((base, k)))
}

fn find_unshifted(
    arg: &str,
    modules_dir: Option<&Path>,
    options: &LoadOptions,
) -> Result<AnyModule, LookupError> {
    let as_path = Path::new(arg);
    // Something that looks like a path was meant as one (a bare NAME that
    // happens to be a folder in the working directory is still a name).
    let looks_like_path =
        arg.contains('/') || arg.contains(std::path::MAIN_SEPARATOR) || arg.ends_with(".json");
    match std::fs::metadata(as_path) {
        Ok(meta) if meta.is_dir() => {
            if looks_like_path {
                return Err(LookupError::Folder(arg.to_string()));
            }
        }
        // A file, or a FIFO or device: `load_with` refuses the latter by name.
        Ok(_) => return Ok(AnyModule::load_with(as_path, options)?),
        Err(_) => {}
    }
    if let Some(dir) = modules_dir {
        if !dir.is_dir() {
            let reason = if dir.exists() {
                "not a folder"
            } else {
                "no such folder"
            };
            return Err(LookupError::ModulesDir {
                dir: dir.display().to_string(),
                reason: reason.to_string(),
            });
        }
        let candidate = dir.join(format!("{arg}.json"));
        match std::fs::metadata(&candidate) {
            Ok(meta) if meta.is_dir() => {
                return Err(LookupError::Folder(candidate.display().to_string()))
            }
            Ok(_) => return Ok(AnyModule::load_with(&candidate, options)?),
            Err(_) => {}
        }
    }
    if let Some(text) = bundled(arg) {
        return Ok(AnyModule::from_json_str_with(arg, text, options)?);
    }
    if arg == "S_2" {
        return Ok(AnyModule::Two(FiniteModule::sphere()));
    }
    if looks_like_path {
        return Err(LookupError::MissingFile(arg.to_string()));
    }
    let looked_in = match modules_dir {
        Some(dir) => format!("no {}", dir.join(format!("{arg}.json")).display()),
        None => "no --modules-dir given".to_string(),
    };
    Err(LookupError::Unknown {
        name: arg.to_string(),
        looked_in,
        bundled: bundled_names().join(", "),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shift_suffixes() {
        assert_eq!(split_shift("C2[-5]").unwrap(), Some(("C2", -5)));
        assert_eq!(
            split_shift("dir/M.json[+3]").unwrap(),
            Some(("dir/M.json", 3))
        );
        assert_eq!(split_shift("a[b][600]").unwrap(), Some(("a[b]", 600)));
        assert_eq!(split_shift("C2").unwrap(), None);
        assert_eq!(split_shift("C2[").unwrap(), None);
        for (bad, why) in [
            ("C2[x]", "whole number"),
            ("C2[]", "whole number"),
            ("C2[1.5]", "whole number"),
            ("[3]", "needs a module name"),
            ("C2[99999999999]", "out of range"),
            ("C2[1][2]", "one shift"),
        ] {
            let e = split_shift(bad).unwrap_err().to_string();
            assert!(e.contains(bad) && e.contains(why), "{e}");
        }
    }
}
