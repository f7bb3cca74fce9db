//! `adams certify SAVE_DIR` and `adams resolve --certify`: the exactness certificate of
//! `resolution::certify` from the command line.
//!
//! `adams certify` opens a save directory as it is (nothing in it is changed), finds the
//! module (`--module`, else the header's `module` name, looked up as `adams resolve`
//! does) and checks that its definition hashes to the header's `module-hash`, loads the
//! records of the range and certifies them. The default range is the largest rectangle
//! `stem ≤ N, s ≤ S` (by number of bidegrees) all of whose records load.

use std::collections::HashSet;
use std::process::ExitCode;
use std::time::Instant;

use resolution::save::{module_hash, SaveDir, SaveError};
use resolution::{Bidegree, Certificate, CertifyError, Resolution, ResolutionConfig};
use steenrod::module::{FiniteModule, MAX_SPAN};

use crate::cli::CertifyArgs;
use crate::{modules, Failure, MAX_THREADS};

/// `adams certify`.
pub fn run(args: CertifyArgs) -> Result<ExitCode, Failure> {
    let started = Instant::now();
    if args.threads > MAX_THREADS {
        return Err(Failure::input(format!(
            "--threads {} is more than {MAX_THREADS}; use 0 for one worker per core",
            args.threads
        )));
    }
    let max_stem = bound(
        args.max_stem,
        "--max-stem",
        -crate::MAX_ABS_STEM,
        crate::MAX_ABS_STEM,
    )?;
    let max_s = bound(
        args.max_s,
        "--max-s",
        0,
        i64::from(resolution::MAX_ALGEBRA_DEGREE),
    )?
    .map(|s| s as u32);
    let dir = &args.dir;
    let header = SaveDir::read_header(dir).map_err(save_failure)?;
    let name = args.module.clone().unwrap_or_else(|| header.module.clone());
    let find = |top: Option<i32>| {
        modules::find_module(&name, args.modules_dir.as_deref(), top).map_err(|e| {
            let from = if args.module.is_none() {
                " (named in its header; give --module)"
            } else {
                ""
            };
            Failure::input(format!(
                "save directory {}: module {name}{from}: {e}",
                dir.display()
            ))
        })
    };
    let (module, top) = find_saved_module(&find, &header.module_hash, dir)?;
    let save = SaveDir::open_existing(dir, &module).map_err(save_failure)?;
    let algorithm = save.header().algorithm.clone();
    let min = module.min_degree();
    // Stems run from the bottom cell b to N, and t ≤ N + S at most 510 above b.
    crate::check_module_range(&module, max_stem.unwrap_or(min), max_s.unwrap_or(0))?;
    let mut files: HashSet<(u32, i32)> = save
        .bidegree_files()
        .map_err(save_failure)?
        .into_iter()
        .map(|b| (b.s(), b.t()))
        .collect();
    if let Some(top) = top {
        // The save holds the module without its cells above `top`: Ext of the module
        // only for t ≤ top.
        let cut = format!(
            "the save directory's module-hash is that of {name} without its cells above degree {}: \
             its records are a resolution of {name} for t ≤ {top} only",
            module.max_degree()
        );
        if let (Some(n), Some(s)) = (max_stem, max_s) {
            if n + s as i32 > top {
                return Err(Failure::input(format!(
                    "save directory {}: --max-stem {n} --max-s {s} reaches t = {}, but {cut}",
                    dir.display(),
                    n + s as i32
                )));
            }
        }
        if files.iter().any(|&(_, t)| t > top) {
            eprintln!("note: {cut}; the records above t = {top} are ignored");
            files.retain(|&(_, t)| t <= top);
        }
    }
    let range = match (max_stem, max_s) {
        (Some(n), Some(s)) => ResolutionConfig {
            max_stem: n,
            max_s: s,
        },
        _ => largest_range(|s, t| files.contains(&(s, t)), min, max_stem, max_s).ok_or_else(
            || {
                Failure::input(format!(
                    "save directory {}: no complete range of bidegree records {}",
                    dir.display(),
                    wanted(min, max_stem, max_s)
                ))
            },
        )?,
    };
    let mut res = Resolution::new(module, range)
        .map_err(|e| Failure::input(format!("save directory {}: {e}", dir.display())))?;
    let loading = res.resume(save).map_err(save_failure)?;
    // The loader's warnings say "recomputing": certify recomputes nothing.
    let corrupt = |s: u32, t: i32| {
        loading
            .corrupt
            .iter()
            .find(|c| c.bidegree == Bidegree::s_t(s, t))
    };
    let why_not = |s: u32, t: i32| match corrupt(s, t) {
        Some(c) => format!("its record {} is corrupt ({})", c.path.display(), c.reason),
        None if !files.contains(&(s, t)) => format!("it has no record ({})", res_path(dir, s, t)),
        None => "a bidegree it depends on is missing or corrupt".to_string(),
    };
    let loaded = |s: u32, t: i32| s <= range.max_s && res.free_module(s).is_complete(t);
    let range = if max_stem.is_some() && max_s.is_some() {
        // The requested range must load whole.
        if let Some((s, t)) = first_missing(&loaded, min, range) {
            return Err(Failure::input(format!(
                "save directory {}: bidegree (stem {}, s {s}, t {t}) of the requested range is not usable: {}",
                dir.display(),
                t - s as i32,
                why_not(s, t)
            )));
        }
        range
    } else {
        for c in &loading.corrupt {
            eprintln!(
                "warning: save record {} is corrupt ({}): bidegree (stem {}, s {}) is not certified",
                c.path.display(),
                c.reason,
                c.bidegree.n(),
                c.bidegree.s()
            );
        }
        let chosen = largest_range(loaded, min, max_stem, max_s).ok_or_else(|| {
            Failure::input(format!(
                "save directory {}: no complete range of loadable records {}",
                dir.display(),
                wanted(min, max_stem, max_s)
            ))
        })?;
        // Records outside the range chosen: name the first bidegree (by stem, then s) of
        // their bounding rectangle that did not load.
        let outside = files
            .iter()
            .filter(|&&(s, t)| s > chosen.max_s || t - s as i32 > chosen.max_stem);
        let bounds = outside.fold(None, |b: Option<(u32, i32)>, &(s, t)| {
            let (bs, bn) = b.unwrap_or((0, min));
            Some((bs.max(s), bn.max(t - s as i32)))
        });
        if let Some((bs, bn)) = bounds {
            let within = ResolutionConfig {
                max_stem: bn.max(chosen.max_stem),
                max_s: bs.max(chosen.max_s),
            };
            // A record outside the range loaded is taken as usable (it was not read).
            let in_loaded_range =
                |s: u32, t: i32| s <= range.max_s && t - s as i32 <= range.max_stem;
            let limited = |s: u32, t: i32| {
                files.contains(&(s, t)) && (!in_loaded_range(s, t) || loaded(s, t))
            };
            if let Some((s, t)) = first_missing(&limited, min, within) {
                eprintln!(
                    "note: the range is limited by bidegree (stem {}, s {s}, t {t}): {}; records beyond it are not certified",
                    t - s as i32,
                    why_not(s, t)
                );
            }
        }
        chosen
    };
    let certificate = res
        .certify(range, args.threads)
        .map_err(|e| certify_failure(e, &format!("save directory {}", dir.display())))?;
    println!(
        "certified {} bidegrees (stem ≤ {}, s ≤ {}) of {name} ({algorithm}) from {} in {:.2} s (loading {:.2} s, checking {:.2} s; {} matrices, largest {} × {})",
        certificate.bidegrees,
        certificate.max_stem,
        certificate.max_s,
        dir.display(),
        started.elapsed().as_secs_f64(),
        loading.elapsed.as_secs_f64(),
        certificate.elapsed.as_secs_f64(),
        certificate.matrices,
        certificate.largest.0,
        certificate.largest.1
    );
    Ok(ExitCode::SUCCESS)
}

/// `adams resolve --certify`: certifies the resolution just computed over the run's range.
/// A failing certificate is exit 1 (the caller then writes no ext.csv or charts).
pub fn after_run(res: &Resolution, name: &str, threads: usize) -> Result<Certificate, Failure> {
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
/// `t = max_stem + max_s` and hashes what it kept, so: the whole module (no top), then
/// the module cut at each cell degree `c` from the bottom cell up (a cut module spans at
/// most `MAX_SPAN` degrees), whose `Ext^{s,t}` is the whole module's for `t` below the
/// next cell. When none fits, `open_existing` names the mismatch (on the whole module, or
/// the largest cut when the whole does not load).
fn find_saved_module(
    find: &impl Fn(Option<i32>) -> Result<FiniteModule, Failure>,
    hash: &str,
    dir: &std::path::Path,
) -> Result<(FiniteModule, Option<i32>), Failure> {
    let whole = find(None);
    if whole.as_ref().is_ok_and(|m| module_hash(m) == hash) {
        return whole.map(|m| (m, None));
    }
    // The bottom cell: of the whole module, or of the first record degree it loads cut at.
    let bottom = match &whole {
        Ok(m) => Some(m.min_degree()),
        Err(_) => {
            let mut ts: Vec<i32> = SaveDir::bidegree_files_in(dir)
                .map_err(save_failure)?
                .iter()
                .map(|b| b.t())
                .collect();
            ts.sort_unstable();
            ts.dedup();
            ts.into_iter()
                .find_map(|t| find(Some(t)).ok().map(|m| m.min_degree()))
        }
    };
    let Some(bottom) = bottom else {
        return whole.map(|m| (m, None));
    };
    // Cuts at `bottom..=last` load; the cell above is where one fails or drops fewer.
    let dropped_at = |top: i32| find(Some(top)).ok().map(|m| m.dropped_generators());
    let last = bottom.saturating_add(resolution::MAX_ALGEBRA_DEGREE);
    let (mut dropped, mut largest) = (None, None);
    for top in bottom..=bottom.saturating_add(MAX_SPAN as i32) {
        let Ok(cut) = find(Some(top)) else { continue };
        // A new cell degree where fewer cells are dropped than at the cut below.
        if dropped == Some(cut.dropped_generators()) {
            continue;
        }
        if module_hash(&cut) == hash {
            let same = Some(cut.dropped_generators());
            let next = (top + 1..=last).find(|&d| dropped_at(d) != same);
            return Ok((cut, Some(next.map_or(last, |d| d - 1))));
        }
        if cut.dropped_generators() == 0 {
            break;
        }
        dropped = Some(cut.dropped_generators());
        largest = Some(cut);
    }
    // The mismatch is named by `open_existing`, on the whole module or the largest cut.
    match (whole, largest) {
        (Err(_), Some(cut)) => Ok((cut, None)),
        (whole, _) => whole.map(|m| (m, None)),
    }
}

fn certify_failure(e: CertifyError, context: &str) -> Failure {
    let code = match e {
        CertifyError::Failed(_) => 1,
        CertifyError::Range(_) | CertifyError::NotResolved(_) => 2,
        CertifyError::Threads { .. } => 3,
    };
    Failure {
        code,
        message: format!("{context}: {e}"),
    }
}

fn save_failure(e: SaveError) -> Failure {
    match e {
        SaveError::Refused { .. } => Failure::input(e),
        _ => Failure::run(e),
    }
}

/// A bound from the command line within `lo..=hi` (checked against the module's bottom
/// cell once it is found).
fn bound(v: Option<i64>, flag: &str, lo: i64, hi: i64) -> Result<Option<i32>, Failure> {
    match v {
        Some(x) if !(lo..=hi).contains(&x) => Err(Failure::input(format!(
            "{flag} {x}: must be between {lo} and {hi}"
        ))),
        v => Ok(v.map(|x| x as i32)),
    }
}

fn wanted(min: i32, max_stem: Option<i32>, max_s: Option<u32>) -> String {
    match (max_stem, max_s) {
        (None, None) => format!("(not even the bottom cell's stem {min} at s = 0)"),
        (n, s) => format!(
            "for{}{}",
            n.map_or(String::new(), |n| format!(" --max-stem {n}")),
            s.map_or(String::new(), |s| format!(" --max-s {s}"))
        ),
    }
}

fn res_path(dir: &std::path::Path, s: u32, t: i32) -> String {
    dir.join(format!("s{s:03}"))
        .join(format!("t{t:03}.rec"))
        .display()
        .to_string()
}

/// The first bidegree of `range` (smallest stem, then `s`) that `has` not.
fn first_missing(
    has: &impl Fn(u32, i32) -> bool,
    min: i32,
    range: ResolutionConfig,
) -> Option<(u32, i32)> {
    (min..=range.max_stem)
        .flat_map(|n| (0..=range.max_s).map(move |s| (s, n + s as i32)))
        .find(|&(s, t)| !has(s, t))
}

/// The largest range `stem ≤ N, s ≤ S` all of whose bidegrees `has` holds, by number of
/// bidegrees (ties: the larger `N`), with `N` or `S` fixed when given.
fn largest_range(
    has: impl Fn(u32, i32) -> bool,
    min: i32,
    max_stem: Option<i32>,
    max_s: Option<u32>,
) -> Option<ResolutionConfig> {
    let limit = resolution::MAX_ALGEBRA_DEGREE;
    // Stems run from the bottom cell: t − min ≤ limit.
    // Row s is complete through stem `reach(s)`; the range of rows ≤ S through their minimum.
    let reach = |s: u32| {
        (min..=min + limit - s as i32)
            .take_while(|&n| has(s, n + s as i32))
            .last()
    };
    let mut best: Option<(usize, ResolutionConfig)> = None;
    let mut n_max = i32::MAX;
    for s in 0..=max_s.unwrap_or(limit as u32) {
        let Some(r) = reach(s) else { break };
        n_max = n_max.min(r);
        let n = match max_stem {
            Some(n) if n > n_max => break,
            Some(n) => n,
            None => n_max,
        };
        let size = (s as usize + 1) * (n - min + 1) as usize;
        if max_s.is_none_or(|m| m == s) && best.is_none_or(|(b, _)| size > b) {
            best = Some((
                size,
                ResolutionConfig {
                    max_stem: n,
                    max_s: s,
                },
            ));
        }
    }
    best.map(|(_, r)| r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_largest_range_of_a_staircase() {
        // Rows 0..=3 through stem 10, rows 4..=9 through stem 4.
        let has = |s: u32, t: i32| t - s as i32 <= if s <= 3 { 10 } else { 4 } && s <= 9;
        let r = largest_range(has, 0, None, None).unwrap();
        assert_eq!((r.max_stem, r.max_s), (4, 9)); // 50 bidegrees against 44
        let r = largest_range(has, 0, None, Some(2)).unwrap();
        assert_eq!((r.max_stem, r.max_s), (10, 2));
        let r = largest_range(has, 0, Some(7), None).unwrap();
        assert_eq!((r.max_stem, r.max_s), (7, 3));
        assert!(largest_range(has, 0, Some(11), None).is_none());
        assert!(largest_range(|_, _| false, 0, None, None).is_none());
    }
}
