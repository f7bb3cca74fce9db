//! Resuming: load the bidegree files of a save directory into a [`Resolution`].
//!
//! A bidegree `(s, t)` is loaded when its record is valid (length, checksum, header,
//! payload, and a differential length that matches the generators loaded below it) and
//! both bidegrees it depends on — `(s, t−1)` and `(s−1, t−1)` (graph.rs) — were loaded.
//! So the loaded set is closed downwards, and a missing or corrupt record leaves that
//! bidegree and everything depending on it to be recomputed.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use fp::{limbs_for, FpVector};
use rayon::prelude::*;

use super::corrupt::{corrupt, Corrupt, CorruptReason as Why};
use super::record::{self, Kind, Reader};
use super::{read_regular, ReadError, Refusal, SaveDir, SaveError};
use crate::bidegree::Bidegree;
use crate::free_module::decode_with_degrees;
use crate::store::Store;
use crate::{Differential, Resolution};

/// What [`Resolution::resume`] found.
#[derive(Debug, Default)]
pub struct ResumeReport {
    /// Bidegrees in the run's range.
    pub bidegrees: usize,
    /// Bidegrees loaded from records.
    pub loaded: usize,
    /// Valid records not loaded because a bidegree they depend on was missing or corrupt
    /// (they are recomputed and rewritten).
    pub not_loaded_dependents: usize,
    /// The corrupt records; [`ResumeReport::warnings`] words them for a run that resumes,
    /// a caller with its own wording reads them here.
    pub corrupt: Vec<CorruptRecord>,
    /// Time spent loading.
    pub elapsed: Duration,
}

/// A record [`Resolution::resume`] did not load because it is corrupt (or not a regular
/// file, or too large).
#[derive(Debug)]
pub struct CorruptRecord {
    /// Its bidegree.
    pub bidegree: Bidegree,
    /// Its file.
    pub path: PathBuf,
    /// Why it was rejected.
    pub reason: Corrupt,
}

/// A parsed generators record.
struct Gens {
    value_len: usize,
    values: Vec<FpVector>,
}

/// A bidegree's generators record with its length, checksum and header checked, not yet
/// decompressed (its declared length is bounded before it is), and its quasi-inverse record
/// (if any) checked — length, checksum, header — but not decompressed.
struct Checked {
    gens: Vec<u8>,
    raw_len: usize,
    method: u8,
}

fn check_file(mut bytes: Vec<u8>, identity: &[u8; 16], b: Bidegree) -> Result<Checked, Corrupt> {
    let (gens, rest) = record::split_first(&bytes)?;
    let (raw_len, method) = record::check(gens, Kind::Generators, identity, b)?;
    let gens_len = gens.len();
    if !rest.is_empty() {
        let (qi, extra) = record::split_first(rest)?;
        record::check(qi, Kind::QuasiInverse, identity, b)?;
        if !extra.is_empty() {
            let extra = extra.len();
            return Err(corrupt("length", Why::TrailingBytes { extra }));
        }
        bytes.truncate(gens_len);
        bytes.shrink_to_fit();
    }
    Ok(Checked {
        gens: bytes,
        raw_len,
        method,
    })
}

/// Decompresses and parses a checked generators record whose differentials must have
/// `expected` bits: its declared payload length is checked first against the most that
/// `n ≤ expected` generators of `expected` bits take (12 bytes of counts, then the limbs).
fn parse_checked(c: &Checked, expected: usize) -> Result<Gens, Corrupt> {
    let most = 12 + (expected as u64).saturating_mul(limbs_for(expected) as u64 * 8);
    if c.raw_len as u64 > most {
        let reason = Why::MoreThanGenerators {
            declared: c.raw_len,
            most,
            bits: expected,
        };
        return Err(corrupt("payload length", reason));
    }
    let g = parse_generators(&record::decode_checked(&c.gens, c.raw_len, c.method)?)?;
    if !g.values.is_empty() && g.value_len != expected {
        let reason = Why::DifferentialLength {
            found: g.value_len,
            expected,
        };
        return Err(corrupt("differential length", reason));
    }
    Ok(g)
}

fn parse_generators(payload: &[u8]) -> Result<Gens, Corrupt> {
    let mut r = Reader::new(payload);
    let n = r.u32("generator count")? as usize;
    let value_len = r.len("differential length", 0)?;
    let stride = limbs_for(value_len);
    if (n as u64).saturating_mul(stride as u64 * 8) > payload.len() as u64 {
        let reason = Why::GeneratorsDoNotFit {
            count: n,
            bits: value_len,
        };
        return Err(corrupt("generator count", reason));
    }
    let mut values = Vec::with_capacity(n);
    for _ in 0..n {
        let limbs = r.limbs(stride, "differentials")?;
        if value_len % 64 != 0 && limbs.last().is_some_and(|&l| l >> (value_len % 64) != 0) {
            return Err(corrupt("differentials", Why::BitsPastLength));
        }
        values.push(FpVector::from_limbs(value_len, limbs));
    }
    r.finish()?;
    Ok(Gens { value_len, values })
}

impl Resolution {
    /// Attaches `save` to this resolution and loads every bidegree of the range whose
    /// record is valid and whose dependencies loaded (module doc of `save::load`).
    /// [`Resolution::run`] then computes only the other bidegrees and writes each to
    /// `save` as it completes. Corrupt records are listed in the report (its
    /// [`ResumeReport::warnings`] give one line each: file, field, reason) and recomputed
    /// with everything depending on them.
    ///
    /// Call before any run. Errors: [`SaveError::Refused`] (field: the row's path) when a row
    /// `s{s}` exists and is not a folder.
    pub fn resume(&mut self, save: SaveDir) -> Result<ResumeReport, SaveError> {
        let started = Instant::now();
        let min = self.module.min_degree();
        let cfg = self.config;
        // Row by row, stem by stem: the dependencies of a bidegree come before it.
        let coords: Vec<Bidegree> = (0..=cfg.max_s)
            .flat_map(|s| (min..=cfg.max_stem).map(move |n| Bidegree::n_s(n, s)))
            .collect();
        let mut report = ResumeReport {
            bidegrees: coords.len(),
            ..ResumeReport::default()
        };
        check_rows(&save, cfg.max_s)?;
        let parsed = read_all(&save, &coords);
        let (gens, degrees) = self.choose(&save, &coords, parsed, &mut report);
        let decoded = self.decode(&coords, gens, &degrees);
        for (&b, d) in coords.iter().zip(decoded) {
            if let Some(d) = d {
                self.rows.put_owned(b, d, None)?;
                report.loaded += 1;
            }
        }
        self.save = Some(save);
        report.elapsed = started.elapsed();
        Ok(report)
    }

    /// Phase 2: decides what loads, in dependency order (rows, then degrees),
    /// decompressing a record only once the generators below it bound its length. Returns
    /// the parsed generators of each bidegree that loads, and the degrees of the
    /// generators loaded in each row.
    fn choose(
        &self,
        save: &SaveDir,
        coords: &[Bidegree],
        parsed: Vec<Option<Result<Checked, Corrupt>>>,
        report: &mut ResumeReport,
    ) -> (Vec<Option<Gens>>, Vec<Vec<i32>>) {
        let min = self.module.min_degree();
        let width = (self.config.max_stem - min + 1) as usize;
        let mut loaded = vec![false; coords.len()];
        let mut degrees: Vec<Vec<i32>> = vec![Vec::new(); self.config.max_s as usize + 1];
        let mut gens: Vec<Option<Gens>> = (0..coords.len()).map(|_| None).collect();
        for (k, (&b, p)) in coords.iter().zip(parsed).enumerate() {
            let (s, t) = (b.s(), b.t());
            let deps_ok = (b.n() == min || loaded[k - 1]) && (s == 0 || loaded[k - width]);
            let c = match p {
                None => continue,
                Some(Err(c)) => {
                    report.corrupt(save, b, c);
                    continue;
                }
                Some(Ok(c)) => c,
            };
            if !deps_ok {
                report.not_loaded_dependents += 1;
                continue;
            }
            let expected = match s {
                0 => self.module.dim(t),
                _ => degrees[s as usize - 1]
                    .iter()
                    .filter(|&&d| d < t)
                    .map(|&d| self.algebra.dim((t - d) as u32))
                    .sum(),
            };
            match parse_checked(&c, expected) {
                Ok(g) => {
                    loaded[k] = true;
                    degrees[s as usize].extend(std::iter::repeat_n(t, g.values.len()));
                    gens[k] = Some(g);
                }
                Err(c) => report.corrupt(save, b, c),
            }
        }
        (gens, degrees)
    }

    /// Phase 3: decodes the terms of every loaded differential (in parallel).
    fn decode(
        &self,
        coords: &[Bidegree],
        gens: Vec<Option<Gens>>,
        degrees: &[Vec<i32>],
    ) -> Vec<Option<Vec<Differential>>> {
        let alg = &self.algebra;
        coords
            .par_iter()
            .zip(gens.into_par_iter())
            .map(|(&b, g)| {
                let (s, t) = (b.s(), b.t());
                g.map(|g| {
                    g.values
                        .into_iter()
                        .map(|value| {
                            let terms = match s {
                                0 => Vec::new(),
                                _ => decode_with_degrees(alg, t, &degrees[s as usize - 1], &value),
                            };
                            Differential { value, terms }
                        })
                        .collect()
                })
            })
            .collect()
    }
}

/// Errors: [`SaveError::Refused`] when a row folder `s{s}`, `s ≤ max_s`, exists and is
/// not a folder.
fn check_rows(save: &SaveDir, max_s: u32) -> Result<(), SaveError> {
    for s in 0..=max_s {
        let row = save.dir.join(format!("s{s:03}"));
        if row.exists() && !row.is_dir() {
            return Err(SaveError::Refused {
                dir: save.dir.clone(),
                reason: Refusal::RowNotAFolder { row },
            });
        }
    }
    Ok(())
}

/// Phase 1: reads and checks every record present (in parallel); decompresses nothing.
fn read_all(save: &SaveDir, coords: &[Bidegree]) -> Vec<Option<Result<Checked, Corrupt>>> {
    coords
        .par_iter()
        .map(
            |&b| match read_regular(&save.record_path(b), record::MAX_FILE_LEN) {
                Ok(bytes) => Some(check_file(bytes, &save.identity, b)),
                Err(ReadError::Missing) => None,
                Err(e) => Some(Err(corrupt("file", e.into()))),
            },
        )
        .collect()
}

impl ResumeReport {
    fn corrupt(&mut self, save: &SaveDir, bidegree: Bidegree, reason: Corrupt) {
        self.corrupt.push(CorruptRecord {
            bidegree,
            path: save.record_path(bidegree),
            reason,
        });
    }

    /// One warning per corrupt record, in the order found.
    pub fn warnings(&self) -> impl ExactSizeIterator<Item = ResumeWarning<'_>> {
        self.corrupt.iter().map(ResumeWarning::Recomputing)
    }
}

/// A warning of [`Resolution::resume`]; `Display` is the line for the user.
#[derive(Debug, Clone, Copy, thiserror::Error)]
pub enum ResumeWarning<'a> {
    /// A corrupt record: its bidegree and every bidegree depending on it are recomputed.
    #[error(
        "save record {} is corrupt ({}): recomputing bidegree (stem {}, s {}) and every bidegree depending on it",
        .0.path.display(),
        .0.reason,
        .0.bidegree.n(),
        .0.bidegree.s()
    )]
    Recomputing(&'a CorruptRecord),
}
