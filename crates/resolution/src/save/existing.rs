//! Reading a save directory without a run: open it as it is (for `adams certify`), list
//! its bidegree files, and rewrite one bidegree's generators (for tests that alter a
//! record and check that the certificate notices).

use std::fs;
use std::path::Path;

use fp::FpVector;
use steenrod::module::FiniteModule;

use super::record::{self, Kind};
use super::{
    generators_payload_of, io_error, read_header_text, record_path_in, refused, write_atomic,
    Header, Refusal, SaveDir, SaveError, SaveOptions, HEADER_FILE,
};
use crate::bidegree::Bidegree;
use crate::Algorithm;

/// The algorithm a header names.
fn algorithm_of(header: &Header) -> Option<Algorithm> {
    [Algorithm::Nassau, Algorithm::Classical]
        .into_iter()
        .find(|&a| super::algorithm_name(a) == header.algorithm)
}

impl SaveDir {
    /// Reads the header of the existing save directory `dir` (no module needed): for a
    /// caller that must find the module by the header's `module` name first.
    ///
    /// Errors: [`SaveError::Refused`] naming the field (`path`, `header` when there is no
    /// header file, or the header field that does not parse); [`SaveError::Io`].
    pub fn read_header(dir: &Path) -> Result<Header, SaveError> {
        if !dir.is_dir() {
            let reason = if dir.exists() {
                Refusal::NotAFolder
            } else {
                Refusal::NoSuchFolder
            };
            return Err(refused(dir, reason));
        }
        let path = dir.join(HEADER_FILE);
        let Some(text) = read_header_text(dir, &path)? else {
            return Err(refused(dir, Refusal::NoHeader));
        };
        Header::parse(&text).map_err(|e| refused(dir, e.into()))
    }

    /// Opens the existing save directory `dir` as it is, for reading: its header must
    /// parse and its prime and `module-hash` match `module` (at any prime); the algorithm
    /// is the header's (at odd p it must be `classical`, [`super::SaveAlgebra::run_algorithm`]).
    /// Nothing is created, removed or written (unlike [`SaveDir::open`]).
    ///
    /// Errors: as [`SaveDir::read_header`], and [`SaveError::Refused`] with field
    /// `algorithm` or `module-hash` when they do not fit.
    pub fn open_existing<A: super::SaveAlgebra>(
        dir: &Path,
        module: &FiniteModule<A>,
    ) -> Result<SaveDir, SaveError> {
        Self::open_existing_for(dir, |algorithm| Header::for_run(module, algorithm))
    }

    /// Opens `dir` as it is, its header checked against `run(its algorithm)`.
    fn open_existing_for(
        dir: &Path,
        run: impl FnOnce(Algorithm) -> Header,
    ) -> Result<SaveDir, SaveError> {
        let saved = Self::read_header(dir)?;
        let algorithm = algorithm_of(&saved).ok_or_else(|| {
            let name = saved.algorithm.clone();
            refused(dir, Refusal::UnknownAlgorithm { name })
        })?;
        let run = run(algorithm);
        saved
            .check_compatible(&run)
            .map_err(|reason| refused(dir, reason))?;
        let options = SaveOptions {
            quasi_inverses: false,
            wait_for_lock: None,
            pack_at: super::PACK_AT,
        };
        Ok(SaveDir {
            dir: dir.to_path_buf(),
            identity: run.identity(),
            header: saved,
            options,
            created: false,
            stats: Default::default(),
            packs: Default::default(),
            _lock: None,
        })
    }

    /// The algorithm this directory was made by.
    pub fn algorithm(&self) -> Option<Algorithm> {
        algorithm_of(&self.header)
    }

    /// The bidegrees that have a record (their own file `s{s}/t{t}.rec` or an entry of a
    /// row pack whose index checks; whether the record is valid is checked when loading),
    /// sorted.
    ///
    /// Errors: [`SaveError::Io`] when a folder cannot be listed.
    pub fn bidegree_files(&self) -> Result<Vec<Bidegree>, SaveError> {
        Self::bidegree_files_in(&self.dir)
    }

    /// [`SaveDir::bidegree_files`] of the directory `dir`, before it is opened (e.g. to
    /// find the top internal degree of its records).
    ///
    /// Errors: [`SaveError::Io`] when a folder cannot be listed.
    pub fn bidegree_files_in(dir: &Path) -> Result<Vec<Bidegree>, SaveError> {
        let mut out = Vec::new();
        for entry in fs::read_dir(dir).map_err(|e| io_error(dir, e))? {
            let entry = entry.map_err(|e| io_error(dir, e))?;
            let name = entry.file_name();
            let Some(s) = name
                .to_str()
                .and_then(|n| n.strip_prefix('s'))
                .and_then(|n| n.parse::<u32>().ok())
            else {
                continue;
            };
            if !entry.path().is_dir() {
                continue;
            }
            for pack in super::pack::read_row_packs(&entry.path()).packs {
                out.extend(pack.entries.keys().map(|&t| Bidegree::s_t(s, t)));
            }
            for f in fs::read_dir(entry.path()).map_err(|e| io_error(&entry.path(), e))? {
                let f = f.map_err(|e| io_error(&entry.path(), e))?;
                let name = f.file_name();
                let t = name
                    .to_str()
                    .and_then(|n| n.strip_prefix('t'))
                    .and_then(|n| n.strip_suffix(&format!(".{}", record::EXTENSION)))
                    .and_then(|n| n.parse::<i32>().ok());
                if let Some(t) = t {
                    // Only the canonical name is a record (`SaveDir::record_path`).
                    let b = Bidegree::s_t(s, t);
                    if record_path_in(dir, b) == f.path() {
                        out.push(b);
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }

    /// Replaces the file of bidegree `b` by one generators record holding `values`
    /// (the differentials of its generators, in the format and with the checksum a run
    /// writes; no quasi-inverse record), atomically. Panics unless all values have the
    /// same length.
    ///
    /// For tests and tools that alter a resolution on purpose (a record that loads but
    /// is not exact); a run never calls it.
    ///
    /// Errors: [`SaveError::Io`].
    pub fn write_generators(&self, b: Bidegree, values: &[FpVector]) -> Result<(), SaveError> {
        let path = self.record_path(b);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(|e| io_error(parent, e))?;
        }
        let payload = generators_payload_of(values.iter().map(|v| (v.len(), v.limbs())));
        let encoded = record::encode(Kind::Generators, &self.identity, b, &payload);
        write_atomic(&path, &encoded.bytes)
    }
}
