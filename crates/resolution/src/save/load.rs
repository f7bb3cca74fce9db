//! Resuming: load the bidegree files of a save directory into a [`Resolution`] (and, with
//! `fq_limbs.rs`, into a `Resolution<FiniteModule<MilnorAlgebra<ValidPrime>>>`: the same records, another packing).
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
use super::pack::Lookup;
use super::record::{self, Kind, Reader};
use super::{ReadError, Refusal, SaveDir, SaveError};
use crate::bidegree::Bidegree;
use crate::free_module::decode_with_degrees;
use crate::step_algebra::StepAlgebra;
use crate::store::Store;
use crate::{Differential, Resolution, Resolvable};
use steenrod::Algebra;

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
    /// The row packs of the range whose index does not check, with why: none of their
    /// records is read (those found nowhere else are recomputed). One warning each.
    pub bad_packs: Vec<(std::path::PathBuf, super::Corrupt)>,
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
pub(super) struct Gens<V> {
    value_len: usize,
    pub(super) values: Vec<V>,
}

/// How the differentials of one prime are packed in limbs: [`Bits`] at p = 2, the
/// [`fp::FqVector`] packing at odd p (`fq_limbs.rs`).
pub(crate) trait VectorCodec: Sync {
    /// The vector type.
    type Vector: Send;

    /// Limbs of a vector of `len` entries.
    fn stride(&self, len: usize) -> usize;

    /// The vector of `len` entries held in `limbs` (`stride(len)` of them). Errors: a
    /// [`Corrupt`] at field `differentials` (bits set outside the entries, an entry `≥ p`).
    fn vector(&self, len: usize, limbs: Vec<u64>) -> Result<Self::Vector, Corrupt>;
}

/// The F_2 packing: bit `j` of the vector is bit `j mod 64` of limb `j / 64`.
pub(crate) struct Bits;

impl VectorCodec for Bits {
    type Vector = FpVector;

    fn stride(&self, len: usize) -> usize {
        limbs_for(len)
    }

    fn vector(&self, len: usize, limbs: Vec<u64>) -> Result<FpVector, Corrupt> {
        if !len.is_multiple_of(64) && limbs.last().is_some_and(|&l| l >> (len % 64) != 0) {
            return Err(corrupt("differentials", Why::BitsPastLength));
        }
        Ok(FpVector::from_limbs(len, limbs))
    }
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
fn parse_checked<C: VectorCodec>(
    c: &Checked,
    expected: usize,
    codec: &C,
) -> Result<Gens<C::Vector>, Corrupt> {
    let most = 12 + (expected as u64).saturating_mul(codec.stride(expected) as u64 * 8);
    if c.raw_len as u64 > most {
        let reason = Why::MoreThanGenerators {
            declared: c.raw_len,
            most,
            bits: expected,
        };
        return Err(corrupt("payload length", reason));
    }
    let g = parse_generators(
        &record::decode_checked(&c.gens, c.raw_len, c.method)?,
        codec,
    )?;
    if !g.values.is_empty() && g.value_len != expected {
        let reason = Why::DifferentialLength {
            found: g.value_len,
            expected,
        };
        return Err(corrupt("differential length", reason));
    }
    Ok(g)
}

pub(super) fn parse_generators<C: VectorCodec>(
    payload: &[u8],
    codec: &C,
) -> Result<Gens<C::Vector>, Corrupt> {
    let mut r = Reader::new(payload);
    let n = r.u32("generator count")? as usize;
    let value_len = r.len("differential length", 0)?;
    let stride = codec.stride(value_len);
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
        values.push(codec.vector(value_len, limbs)?);
    }
    r.finish()?;
    Ok(Gens { value_len, values })
}

impl SaveDir {
    /// The differentials of the generators of row `s` in the degrees `ts`, read back from
    /// their records (a spilled row, [`Resolution::load_row`]), in parallel;
    /// `expected(t)`: the entries of each differential in degree `t`.
    ///
    /// Errors: [`SaveError::Unreadable`] for a record missing or unreadable,
    /// [`SaveError::Corrupt`] for one that does not check or parse.
    pub(crate) fn read_row<C: VectorCodec>(
        &self,
        codec: &C,
        s: u32,
        ts: &[i32],
        expected: impl Fn(i32) -> usize + Sync,
    ) -> Result<Vec<Vec<C::Vector>>, SaveError> {
        ts.par_iter()
            .map(|&t| {
                let b = Bidegree::s_t(s, t);
                let (path, bytes) = match self.lookup(b) {
                    Lookup::Found(path, bytes) => (path, bytes),
                    Lookup::Missing => {
                        let path = self.record_path(b);
                        let source = ReadError::Missing;
                        return Err(SaveError::Unreadable { path, source });
                    }
                    Lookup::Unreadable(path, source) => {
                        return Err(SaveError::Unreadable { path, source })
                    }
                };
                check_file(bytes, &self.identity, b)
                    .and_then(|c| parse_checked(&c, expected(t), codec))
                    .map(|g| g.values)
                    .map_err(|source| SaveError::Corrupt { path, source })
            })
            .collect()
    }

    /// The error of a record at `b` read back with `found` generators where the run found
    /// `kept`.
    pub(crate) fn generators_differ(&self, b: Bidegree, kept: usize, found: usize) -> SaveError {
        SaveError::Corrupt {
            path: self.location(b),
            source: corrupt("generator count", Why::GeneratorCount { found, kept }),
        }
    }
}

/// The records of a resume that load, found by [`load_records`].
struct Loaded<V> {
    /// The bidegrees of the range, row by row and stem by stem.
    coords: Vec<Bidegree>,
    /// The parsed generators of each bidegree that loads.
    gens: Vec<Option<Gens<V>>>,
    /// The degrees of the generators loaded in each row.
    degrees: Vec<Vec<i32>>,
}

/// Reads the records of `save` in the range (`config`, generators from degree `min`) and
/// decides which load: phase 1 reads and checks every file in parallel, phase 2 (in
/// dependency order: rows, then degrees) decompresses and parses a record once the
/// generators below it bound its length, `expected(b, degrees of the row below)` entries
/// per differential. Corrupt records go to `report`.
///
/// Errors: [`SaveError::Refused`] (field: the row's path) when a row `s{s}` exists and is
/// not a folder.
fn load_records<C: VectorCodec>(
    save: &SaveDir,
    config: crate::ResolutionConfig,
    min: i32,
    codec: &C,
    expected: impl Fn(Bidegree, &[i32]) -> usize,
    report: &mut ResumeReport,
) -> Result<Loaded<C::Vector>, SaveError> {
    // Row by row, stem by stem: the dependencies of a bidegree come before it.
    let coords: Vec<Bidegree> = (0..=config.max_s)
        .flat_map(|s| (min..=config.max_stem).map(move |n| Bidegree::n_s(n, s)))
        .collect();
    report.bidegrees = coords.len();
    check_rows(save, config.max_s)?;
    let parsed = read_all(save, &coords);
    let width = (config.max_stem - min + 1) as usize;
    let mut loaded = vec![false; coords.len()];
    let mut degrees: Vec<Vec<i32>> = vec![Vec::new(); config.max_s as usize + 1];
    let mut gens: Vec<Option<Gens<C::Vector>>> = (0..coords.len()).map(|_| None).collect();
    for (k, (&b, p)) in coords.iter().zip(parsed).enumerate() {
        let s = b.s();
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
        let below = match s {
            0 => &[][..],
            _ => &degrees[s as usize - 1],
        };
        match parse_checked(&c, expected(b, below), codec) {
            Ok(g) => {
                loaded[k] = true;
                degrees[s as usize].extend(std::iter::repeat_n(b.t(), g.values.len()));
                gens[k] = Some(g);
            }
            Err(c) => report.corrupt(save, b, c),
        }
    }
    Ok(Loaded {
        coords,
        gens,
        degrees,
    })
}

impl<V: Send> Loaded<V> {
    /// Phase 3: `f(b, degrees of the generators of row s − 1 (None for s = 0), value)` on
    /// every loaded differential, in parallel; the loaded bidegrees in dependency order,
    /// each with its generators.
    fn decode<D: Send>(
        self,
        f: impl Fn(Bidegree, Option<&[i32]>, V) -> D + Sync,
    ) -> Vec<(Bidegree, Vec<D>)> {
        let degrees = &self.degrees;
        self.coords
            .into_par_iter()
            .zip(self.gens.into_par_iter())
            .filter_map(|(b, g)| {
                let below = b.s().checked_sub(1).map(|s| &degrees[s as usize][..]);
                let gens = g?.values.into_iter().map(|v| f(b, below, v)).collect();
                Some((b, gens))
            })
            .collect()
    }
}

/// What a resume needs of a resolution: its range, bottom cell, `dim M_t` and `dim A_d`.
pub(super) struct Shape<M, A> {
    config: crate::ResolutionConfig,
    min: i32,
    module_dim: M,
    algebra_dim: A,
}

impl<M: Fn(i32) -> usize, A: Fn(u32) -> usize> Shape<M, A> {
    /// The shape of a resolution over `config` of a module with bottom cell `min`.
    pub fn new(config: crate::ResolutionConfig, min: i32, module_dim: M, algebra_dim: A) -> Self {
        Self {
            config,
            min,
            module_dim,
            algebra_dim,
        }
    }

    /// Entries of a differential of the generators at `b`: `dim M_t` for `s = 0`, else the
    /// dimension of `(C_{s−1})_t` over the generators of degree `< t` (`below`: the
    /// degrees of the generators of row `s − 1`).
    fn differential_len(&self, b: Bidegree, below: &[i32]) -> usize {
        match b.s() {
            0 => (self.module_dim)(b.t()),
            _ => below
                .iter()
                .filter(|&&d| d < b.t())
                .map(|&d| (self.algebra_dim)((b.t() - d) as u32))
                .sum(),
        }
    }

    /// The whole resume but attaching the directory: loads the records of `save` that are
    /// valid and whose dependencies loaded ([`load_records`]), builds each generator with
    /// `make(b, degrees of the generators of row s − 1 (None for s = 0), value)` in
    /// parallel, and hands each loaded bidegree to `put` in dependency order.
    ///
    /// Errors: those of [`load_records`] and of `put`.
    pub(super) fn resume<C: VectorCodec, D: Send>(
        &self,
        save: &SaveDir,
        codec: &C,
        make: impl Fn(Bidegree, Option<&[i32]>, C::Vector) -> D + Sync,
        mut put: impl FnMut(Bidegree, Vec<D>) -> Result<(), SaveError>,
    ) -> Result<ResumeReport, SaveError> {
        let started = Instant::now();
        let mut report = ResumeReport::default();
        let expected = |b: Bidegree, below: &[i32]| self.differential_len(b, below);
        let loaded = load_records(save, self.config, self.min, codec, expected, &mut report)?;
        report.bad_packs = save.bad_packs(self.config.max_s);
        for (b, gens) in loaded.decode(make) {
            put(b, gens)?;
            report.loaded += 1;
        }
        report.elapsed = started.elapsed();
        Ok(report)
    }
}

impl<M: Resolvable> Resolution<M> {
    /// Attaches `save` to this resolution and loads every bidegree of the range whose
    /// record is valid and whose dependencies loaded (module doc of `save::load`).
    /// [`Resolution::run`] then computes only the other bidegrees and writes each to
    /// `save` as it completes. Corrupt records are listed in the report (its
    /// [`ResumeReport::warnings`] give one line each: file, field, reason) and recomputed
    /// with everything depending on them. At an odd prime its records hold F_p limbs
    /// (`SAVE-FORMAT.md`, "Odd primes").
    ///
    /// Call before any run. Errors: [`SaveError::Refused`] (field: the row's path) when a row
    /// `s{s}` exists and is not a folder.
    pub fn resume(&mut self, save: SaveDir) -> Result<ResumeReport, SaveError> {
        let (m, alg) = (&self.module, &self.algebra);
        let shape = Shape::new(self.config, m.min_degree(), |t| m.dim(t), |d| alg.dim(d));
        let make = |b: Bidegree, below: Option<&[i32]>, value| Differential {
            terms: below.map_or_else(Vec::new, |d| decode_with_degrees(alg, b.t(), d, &value)),
            value,
        };
        let codec = alg.save_codec();
        let report = shape.resume(&save, &codec, make, |b, d| self.rows.put_owned(b, d, None))?;
        self.save = Some(save);
        Ok(report)
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
        .map(|&b| match save.lookup(b) {
            Lookup::Found(_, bytes) => Some(check_file(bytes, &save.identity, b)),
            Lookup::Missing => None,
            Lookup::Unreadable(_, e) => Some(Err(corrupt("file", e.into()))),
        })
        .collect()
}

impl ResumeReport {
    pub(super) fn corrupt(&mut self, save: &SaveDir, bidegree: Bidegree, reason: Corrupt) {
        self.corrupt.push(CorruptRecord {
            bidegree,
            path: save.location(bidegree),
            reason,
        });
    }

    /// One warning per pack whose index does not check, then one per corrupt record, in
    /// the order found.
    pub fn warnings(&self) -> impl Iterator<Item = ResumeWarning<'_>> {
        let packs = self
            .bad_packs
            .iter()
            .map(|(path, reason)| ResumeWarning::BadPack { path, reason });
        packs.chain(self.corrupt.iter().map(ResumeWarning::Recomputing))
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
    /// A row pack whose index does not check: none of its records is read.
    #[error(
        "save pack {} does not check ({reason}): none of its records is read (a resuming run sets it aside as NAME.corrupt); those found nowhere else are recomputed",
        .path.display()
    )]
    BadPack {
        /// The pack.
        path: &'a std::path::Path,
        /// Why.
        reason: &'a super::Corrupt,
    },
}
