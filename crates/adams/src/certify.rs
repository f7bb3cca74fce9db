//! `adams certify SAVE_DIR` and `adams resolve --certify`: the exactness certificate of
//! `resolution::certify` from the command line.
//!
//! `adams certify` opens a save directory as it is (nothing in it is changed), finds the
//! module (`--module`, else the header's `module` name, looked up as `adams resolve`
//! does) and checks that its definition hashes to the header's `module-hash`, loads the
//! records of the range and certifies them. The default range is the largest rectangle
//! `stem ≤ N, s ≤ S` (by number of bidegrees) all of whose records load.

use std::collections::HashSet;
use std::path::Path;
use std::time::Instant;

use resolution::save::{Header, SaveDir};
use resolution::{Bidegree, Certificate, CertifyError, Resolution, ResolutionConfig};
use steenrod::module::FiniteModule;
use steenrod::MilnorAlgebra;

mod records;
mod saved;

pub use records::Unusable;
use records::{largest_range, Records};
use saved::SavedModule;

use crate::cli::CertifyArgs;
use crate::error::Error;
use crate::range::{bound, check_module_range, check_threads, MAX_ABS_STEM};
use fp::ValidPrime;

/// `adams certify`: at the prime the directory's header names.
pub fn run(args: CertifyArgs) -> Result<(), Error> {
    let header = SaveDir::read_header(&args.dir)?;
    if header.prime == 2 {
        run_with::<FiniteModule>(&args, &header)
    } else {
        run_with::<FiniteModule<MilnorAlgebra<ValidPrime>>>(&args, &header)
    }
}

/// `adams certify` of a directory whose module is an `M`.
fn run_with<M: SavedModule>(args: &CertifyArgs, header: &Header) -> Result<(), Error> {
    let started = Instant::now();
    let (max_stem, max_s) = requested(args)?;
    let dir = &args.dir;
    let (name, module, top) = open_module::<M>(args, header)?;
    let save = module.open(dir)?;
    let algorithm = algorithm_over(save.header());
    let min = module.min_degree();
    // Stems run from the bottom cell b to N, and t ≤ N + S at most 510 above b.
    let lowest = ResolutionConfig {
        max_stem: max_stem.unwrap_or(min),
        max_s: max_s.unwrap_or(0),
    };
    check_module_range(&name, min, lowest)?;
    let mut files: HashSet<Bidegree> = save.bidegree_files()?.into_iter().collect();
    if let Some(top) = top {
        drop_above_cut(
            &mut files,
            dir,
            &name,
            module.max_degree(),
            top,
            max_stem.zip(max_s),
        )?;
    }
    let range = match (max_stem, max_s) {
        (Some(n), Some(s)) => ResolutionConfig {
            max_stem: n,
            max_s: s,
        },
        _ => largest_range(|b| files.contains(&b), min, max_stem, max_s).ok_or_else(|| {
            Error::NoCompleteRange {
                dir: dir.clone(),
                what: "bidegree records",
                wanted: Wanted {
                    min,
                    max_stem,
                    max_s,
                },
            }
        })?,
    };
    let mut res = Resolution::new(module, range).map_err(|source| Error::SavedRange {
        dir: dir.clone(),
        source,
    })?;
    let loading = res.resume(save)?;
    let records = Records {
        dir,
        files: &files,
        filled: &|b| res.free_module(b.s()).is_complete(b.t()),
        loading: &loading,
        range,
        min,
    };
    let range = match (max_stem, max_s) {
        (Some(_), Some(_)) => records.whole(range)?,
        _ => records.largest(max_stem, max_s)?,
    };
    let certificate = res
        .certify(range, args.threads)
        .map_err(|e| certify_failure(e, &format!("save directory {}", dir.display())))?;
    println!(
        "certified {} bidegrees (stem ≤ {}, s ≤ {}) of {name} ({algorithm}) from {} in {:.2} s (loading {:.2} s, checking {:.2} s; {} matrices, largest {} × {}); {}",
        certificate.bidegrees,
        certificate.max_stem,
        certificate.max_s,
        dir.display(),
        started.elapsed().as_secs_f64(),
        loading.elapsed.as_secs_f64(),
        certificate.elapsed.as_secs_f64(),
        certificate.matrices,
        certificate.largest.0,
        certificate.largest.1,
        matched(&name, top.map(|_| res.module().max_degree())),
    );
    Ok(())
}

/// The header's algorithm, and its sub-Hopf algebra if any: `classical, over A(1)`.
fn algorithm_over(header: &Header) -> String {
    match &header.profile {
        Some(p) => format!("{}, over {p}", header.algorithm),
        None => header.algorithm.clone(),
    }
}

/// `--threads`, and `--max-stem` and `--max-s` within their bounds (checked against
/// the module once it is found).
fn requested(args: &CertifyArgs) -> Result<(Option<i32>, Option<u32>), Error> {
    check_threads(args.threads)?;
    let max_stem = bound(args.max_stem, "--max-stem", -MAX_ABS_STEM, MAX_ABS_STEM)?;
    let max_s = bound(
        args.max_s,
        "--max-s",
        0,
        i64::from(resolution::MAX_ALGEBRA_DEGREE),
    )?
    .map(|s| s as u32);
    Ok((max_stem, max_s))
}

/// The module of the save directory (`--module`, else its header's `module`), whose
/// definition, or that of a cut of it, hashes to the header's `module-hash`: its name,
/// the module and the top degree of a cut (see [`find_saved_module`]).
fn open_module<M: SavedModule>(
    args: &CertifyArgs,
    header: &Header,
) -> Result<(String, M, Option<i32>), Error> {
    let dir = &args.dir;
    let name = args.module.clone().unwrap_or_else(|| header.module.clone());
    let find = |top: Option<i32>| {
        M::find(&name, &args.smash, args.modules_dir.as_deref(), top, header).map_err(|source| {
            Error::SavedModule {
                dir: dir.clone(),
                name: name.clone(),
                from_header: args.module.is_none(),
                source: Box::new(source),
            }
        })
    };
    let (module, top) = find_saved_module(&find, header)?;
    // A smash product is named as `adams resolve --smash` names it.
    let name = std::iter::once(&name)
        .chain(&args.smash)
        .cloned()
        .collect::<Vec<_>>()
        .join("_sm_");
    Ok((name, module, top))
}

/// The save holds the module without its cells above `top`: Ext of the module only for
/// `t ≤ top`. A requested range (`N`, `S`) reaching above is bad input; records above are
/// dropped (with a note).
fn drop_above_cut(
    files: &mut HashSet<Bidegree>,
    dir: &Path,
    name: &str,
    max_degree: i32,
    top: i32,
    requested: Option<(i32, u32)>,
) -> Result<(), Error> {
    let cut = SavedCut {
        name: name.to_string(),
        max_degree,
        top,
    };
    if let Some((n, s)) = requested {
        if n + s as i32 > top {
            return Err(Error::AboveSavedCells {
                dir: dir.to_path_buf(),
                max_stem: n,
                max_s: s,
                cut,
            });
        }
    }
    if files.iter().any(|b| b.t() > top) {
        eprintln!("note: {cut}; the records above t = {top} are ignored");
        files.retain(|b| b.t() <= top);
    }
    Ok(())
}

/// `adams resolve --certify`: certifies the resolution just computed over the run's range,
/// at any prime. A failing certificate is exit 1 (the caller then writes no ext.csv or
/// charts).
pub fn after_run<M: resolution::Resolvable>(
    res: &Resolution<M>,
    name: &str,
    threads: usize,
) -> Result<Certificate, Error> {
    res.certify(res.config(), threads)
        .map_err(|e| certify_failure(e, &format!("resolving {name}: --certify")))
}

/// The summary line of a certificate.
pub fn summary_line(c: &Certificate) -> String {
    format!(
        "summary: certified {} bidegrees (stem ≤ {}, s ≤ {}) in {:.2} s: the complex is exact and minimal there, so the table is Ext",
        c.bidegrees,
        c.max_stem,
        c.max_s,
        c.elapsed.as_secs_f64()
    )
}

/// The module whose definition hashes to the header's `module_hash`, and the top internal
/// degree its records may have. A run drops the module's cells above its top degree
/// `t = max_stem + max_s`, hashes what it kept and records its top kept cell `D` in the
/// header (`cut-above`). So the module given matches only as itself (no top), or, when
/// the header records a cut, cut at `D`, whose `Ext^{s,t}` is the whole module's for `t`
/// below its next cell. Nothing else is tried: a module whose bottom cells happen to be
/// the saved module's is another module. When neither fits, `open_existing` names the
/// mismatch (on the whole module, or the cut when the whole does not load).
fn find_saved_module<M: SavedModule>(
    find: &impl Fn(Option<i32>) -> Result<M, Error>,
    header: &Header,
) -> Result<(M, Option<i32>), Error> {
    let whole = find(None);
    if whole.as_ref().is_ok_and(|m| m.hash() == header.module_hash) {
        return whole.map(|m| (m, None));
    }
    let Some(at) = header.cut_above else {
        return whole.map(|m| (m, None));
    };
    let cut = find(Some(at));
    match cut {
        Ok(cut) if cut.dropped() > 0 && cut.hash() == header.module_hash => {
            // The records are Ext of the whole module below its next cell above `at`.
            let same = Some(cut.dropped());
            let last = cut
                .min_degree()
                .saturating_add(resolution::MAX_ALGEBRA_DEGREE);
            let next = (at + 1..=last).find(|&d| find(Some(d)).ok().map(|m| m.dropped()) != same);
            Ok((cut, Some(next.map_or(last, |d| d - 1))))
        }
        Ok(cut) if whole.is_err() => Ok((cut, None)),
        _ => whole.map(|m| (m, None)),
    }
}

/// What matched the header, for the success line: the module as given, or cut above
/// its cell in degree `cut`.
fn matched(name: &str, cut: Option<i32>) -> String {
    match cut {
        None => format!("{name} matches the header's prime, algebra and module-hash"),
        Some(d) => format!(
            "{name} without its cells above degree {d} matches the header's prime, algebra and \
             module-hash (cut-above = {d})"
        ),
    }
}

fn certify_failure(source: CertifyError, context: &str) -> Error {
    Error::Certificate {
        context: context.to_string(),
        source,
    }
}

/// The bounds asked for, as an error about the range names them: `for --max-stem N`,
/// or the bottom cell's stem when none was given.
#[derive(Debug, Clone, Copy)]
pub struct Wanted {
    /// The module's bottom cell.
    pub min: i32,
    pub max_stem: Option<i32>,
    pub max_s: Option<u32>,
}

impl std::fmt::Display for Wanted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.max_stem, self.max_s) {
            (None, None) => write!(f, "(not even the bottom cell's stem {} at s = 0)", self.min),
            (n, s) => {
                write!(f, "for")?;
                if let Some(n) = n {
                    write!(f, " --max-stem {n}")?;
                }
                if let Some(s) = s {
                    write!(f, " --max-s {s}")?;
                }
                Ok(())
            }
        }
    }
}

/// The save directory's module is the named one without its cells above `max_degree`:
/// its records are Ext of the named module for `t ≤ top` only.
#[derive(Debug, Clone)]
pub struct SavedCut {
    pub name: String,
    /// The top cell kept.
    pub max_degree: i32,
    /// The largest `t` where the cut module's Ext is the whole module's.
    pub top: i32,
}

impl std::fmt::Display for SavedCut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let SavedCut {
            name,
            max_degree,
            top,
        } = self;
        write!(
            f,
            "the save directory's module-hash is that of {name} without its cells above degree {max_degree}: \
             its records are a resolution of {name} for t ≤ {top} only"
        )
    }
}
