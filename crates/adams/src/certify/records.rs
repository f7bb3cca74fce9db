//! The records of a save directory once loaded: which bidegrees loaded, why one did
//! not, and the ranges of bidegrees that did (the largest rectangle, the first gap).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use resolution::save::{Corrupt, ResumeReport};
use resolution::{Bidegree, ResolutionConfig};

use super::Wanted;
use crate::error::Error;

/// The records of a save directory once loaded into `res` over `range`: which
/// bidegrees loaded, and why one did not.
pub(super) struct Records<'a> {
    pub(super) dir: &'a Path,
    /// The bidegrees that have a record file.
    pub(super) files: &'a HashSet<Bidegree>,
    /// Whether a bidegree was filled in (loaded).
    pub(super) filled: &'a dyn Fn(Bidegree) -> bool,
    pub(super) loading: &'a ResumeReport,
    /// The range loaded.
    pub(super) range: ResolutionConfig,
    /// The module's bottom cell.
    pub(super) min: i32,
}

impl Records<'_> {
    /// Whether bidegree `b` loaded.
    fn loaded(&self, b: Bidegree) -> bool {
        b.s() <= self.range.max_s && (self.filled)(b)
    }

    /// A pack of `b`'s row whose index does not check (its record may have been there).
    fn bad_pack_of(&self, b: Bidegree) -> Option<&(PathBuf, Corrupt)> {
        let row = format!("s{:03}", b.s());
        self.loading.bad_packs.iter().find(|(p, _)| {
            p.parent()
                .and_then(|d| d.file_name())
                .is_some_and(|n| n == row.as_str())
        })
    }

    /// Why bidegree `b` did not load. (The loader's warnings say "recomputing": certify
    /// recomputes nothing.)
    fn why_not(&self, b: Bidegree) -> Unusable {
        let corrupt = self.loading.corrupt.iter().find(|c| c.bidegree == b);
        match corrupt {
            Some(c) => Unusable::Corrupt {
                path: c.path.clone(),
                reason: c.reason.clone(),
            },
            None if !self.files.contains(&b) => match self.bad_pack_of(b) {
                Some((path, reason)) => Unusable::Corrupt {
                    path: path.clone(),
                    reason: reason.clone(),
                },
                None => Unusable::NoRecord {
                    path: res_path(self.dir, b),
                },
            },
            None => Unusable::Dependency,
        }
    }

    /// The requested range, which must load whole.
    pub(super) fn whole(&self, range: ResolutionConfig) -> Result<ResolutionConfig, Error> {
        match first_missing(&|b| self.loaded(b), self.min, range) {
            Some(b) => Err(Error::NotUsable {
                dir: self.dir.to_path_buf(),
                at: b,
                why: self.why_not(b),
            }),
            None => Ok(range),
        }
    }

    /// The largest range of loaded records (with `N` or `S` fixed when given); warns of
    /// each corrupt record and notes the bidegree that limits the range.
    pub(super) fn largest(
        &self,
        max_stem: Option<i32>,
        max_s: Option<u32>,
    ) -> Result<ResolutionConfig, Error> {
        for (path, reason) in &self.loading.bad_packs {
            eprintln!(
                "warning: save pack {} does not check ({reason}): none of its records is read, so its bidegrees are not certified",
                path.display()
            );
        }
        for c in &self.loading.corrupt {
            eprintln!(
                "warning: save record {} is corrupt ({}): bidegree (stem {}, s {}) is not certified",
                c.path.display(),
                c.reason,
                c.bidegree.n(),
                c.bidegree.s()
            );
        }
        let min = self.min;
        let chosen = largest_range(|b| self.loaded(b), min, max_stem, max_s).ok_or_else(|| {
            Error::NoCompleteRange {
                dir: self.dir.to_path_buf(),
                what: "loadable records",
                wanted: Wanted {
                    min,
                    max_stem,
                    max_s,
                },
            }
        })?;
        self.note_limit(chosen);
        Ok(chosen)
    }

    /// Records outside the range chosen: name the first bidegree (by stem, then s) of
    /// their bounding rectangle that did not load.
    fn note_limit(&self, chosen: ResolutionConfig) {
        let outside = self
            .files
            .iter()
            .filter(|b| b.s() > chosen.max_s || b.n() > chosen.max_stem);
        let bounds = outside.fold(None, |acc: Option<(u32, i32)>, b| {
            let (bs, bn) = acc.unwrap_or((0, self.min));
            Some((bs.max(b.s()), bn.max(b.n())))
        });
        let Some((bs, bn)) = bounds else { return };
        let within = ResolutionConfig {
            max_stem: bn.max(chosen.max_stem),
            max_s: bs.max(chosen.max_s),
        };
        // A record outside the range loaded is taken as usable (it was not read).
        let range = self.range;
        let in_loaded_range = |b: Bidegree| b.s() <= range.max_s && b.n() <= range.max_stem;
        let limited =
            |b: Bidegree| self.files.contains(&b) && (!in_loaded_range(b) || self.loaded(b));
        if let Some(b) = first_missing(&limited, self.min, within) {
            eprintln!(
                "note: the range is limited by bidegree (stem {}, s {}, t {}): {}; records beyond it are not certified",
                b.n(),
                b.s(),
                b.t(),
                self.why_not(b)
            );
        }
    }
}

/// Why a bidegree of a save directory did not load.
#[derive(Debug, Clone)]
pub enum Unusable {
    /// Its record failed its checks.
    Corrupt { path: PathBuf, reason: Corrupt },
    /// It has no record file.
    NoRecord { path: PathBuf },
    /// A bidegree it depends on did not load.
    Dependency,
}

impl std::fmt::Display for Unusable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unusable::Corrupt { path, reason } => {
                write!(f, "its record {} is corrupt ({reason})", path.display())
            }
            Unusable::NoRecord { path } => write!(f, "it has no record ({})", path.display()),
            Unusable::Dependency => write!(f, "a bidegree it depends on is missing or corrupt"),
        }
    }
}

fn res_path(dir: &Path, b: Bidegree) -> PathBuf {
    dir.join(format!("s{:03}", b.s()))
        .join(format!("t{:03}.rec", b.t()))
}

/// The first bidegree of `range` (smallest stem, then `s`) that `has` not.
pub(super) fn first_missing(
    has: &impl Fn(Bidegree) -> bool,
    min: i32,
    range: ResolutionConfig,
) -> Option<Bidegree> {
    (min..=range.max_stem)
        .flat_map(|n| (0..=range.max_s).map(move |s| Bidegree::n_s(n, s)))
        .find(|&b| !has(b))
}

/// The largest range `stem ≤ N, s ≤ S` all of whose bidegrees `has` holds, by number of
/// bidegrees (ties: the larger `N`), with `N` or `S` fixed when given.
pub(super) fn largest_range(
    has: impl Fn(Bidegree) -> bool,
    min: i32,
    max_stem: Option<i32>,
    max_s: Option<u32>,
) -> Option<ResolutionConfig> {
    let limit = resolution::MAX_ALGEBRA_DEGREE;
    // Stems run from the bottom cell: t − min ≤ limit.
    // Row s is complete through stem `reach(s)`; the range of rows ≤ S through their minimum.
    let reach = |s: u32| {
        (min..=min + limit - s as i32)
            .take_while(|&n| has(Bidegree::n_s(n, s)))
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
        let has = |b: Bidegree| b.n() <= if b.s() <= 3 { 10 } else { 4 } && b.s() <= 9;
        let r = largest_range(has, 0, None, None).unwrap();
        assert_eq!((r.max_stem, r.max_s), (4, 9)); // 50 bidegrees against 44
        let r = largest_range(has, 0, None, Some(2)).unwrap();
        assert_eq!((r.max_stem, r.max_s), (10, 2));
        let r = largest_range(has, 0, Some(7), None).unwrap();
        assert_eq!((r.max_stem, r.max_s), (7, 3));
        assert!(largest_range(has, 0, Some(11), None).is_none());
        assert!(largest_range(|_| false, 0, None, None).is_none());
    }
}
