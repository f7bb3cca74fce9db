//! Save and resume: every completed bidegree is written to a save directory as it
//! completes, and a later run loads what is there instead of recomputing it.
//!
//! The format is specified in `crates/resolution/SAVE-FORMAT.md`. In short:
//!
//! * `DIR/header` — what the directory was made for (format version, prime, algorithm, a
//!   hash of the module definition); a run for anything else is refused
//!   ([`SaveError::Refused`]) before a byte is written.
//! * `DIR/s{s}/t{t}.rec` — one file per bidegree as it completes: a generators record (the new
//!   generators of `C_s` in degree `t` and their differentials), then a quasi-inverse
//!   record (what step `(s, t)` row reduced; omitted with `quasi_inverses: false`). Each
//!   record carries a BLAKE3 checksum, payloads are zstd-compressed where that pays, and
//!   the file is written to a temporary name, fsynced and renamed.
//! * `DIR/s{s}/pack{k}.pack` — once a row folder holds [`SaveOptions::pack_at`] such
//!   files, they are gathered into the row's next pack and removed (`pack.rs`), so the
//!   directory's file count grows with its rows, not its bidegrees.
//! * [`crate::Resolution::resume`] loads every valid bidegree file whose dependencies
//!   loaded too; a corrupted record is reported (file, field, reason) and that bidegree and
//!   everything depending on it is recomputed. [`crate::Resolution::run`] then computes
//!   only the rest, and writes each bidegree as it completes (writer threads, so steps
//!   never wait on the disk unless it falls 64 bidegrees behind).

mod algebra;
mod corrupt;
mod error;
mod existing;
pub(crate) mod fq_limbs;
mod header;
pub(crate) mod load;
mod lock;
mod pack;
mod profile;
mod quasi_inverse;
mod record;
#[cfg(feature = "cluster")]
pub(crate) mod wire;
mod writer;

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use steenrod::module::FiniteModule;

pub use algebra::SaveAlgebra;
pub use corrupt::{Corrupt, CorruptReason};
pub use error::{HeaderError, HeaderReason, ReadError, Refusal, SaveError};
pub use header::{algorithm_name, module_hash, Header};
pub use load::{CorruptRecord, ResumeReport, ResumeWarning};
pub use lock::{temporary_path, OnWait, LOCK_FILE};
pub use pack::PACK_AT;
pub use record::Kind;
use writer::Job;

use crate::bidegree::Bidegree;
use crate::step::StepQuasiInverse;
use crate::{Algorithm, Differential};

/// Version of the record and header formats this build reads and writes.
pub const FORMAT_VERSION: u16 = 1;

/// Name of the header file inside a save directory.
pub const HEADER_FILE: &str = "header";

/// A [`SaveError::Io`] at `path`.
fn io_error(path: &Path, source: std::io::Error) -> SaveError {
    SaveError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The bytes of `path` when it is a regular file (a symbolic link to one is followed) of at
/// most `limit` bytes. The type and size are checked before the file is opened, and the
/// read stops after `limit + 1` bytes (a file that grew meanwhile).
pub(crate) fn read_regular(path: &Path, limit: u64) -> Result<Vec<u8>, ReadError> {
    use std::io::Read;
    let meta = match fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(ReadError::Missing),
        Err(e) => return Err(ReadError::Io(e.into())),
    };
    if !meta.is_file() {
        return Err(ReadError::NotRegular);
    }
    if meta.len() > limit {
        return Err(ReadError::TooLarge { limit });
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    let file = fs::File::open(path).map_err(|e| ReadError::Io(e.into()))?;
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| ReadError::Io(e.into()))?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { limit });
    }
    Ok(bytes)
}

/// Largest header file read (a real one is under 400 bytes).
const MAX_HEADER_BYTES: u64 = 64 * 1024;

/// The text of the header file `path`: `Ok(None)` when there is none; [`SaveError::Refused`]
/// (field `header`) when it is not a regular file, is too large or is not UTF-8.
fn read_header_text(dir: &Path, path: &Path) -> Result<Option<String>, SaveError> {
    let refused = |reason| refused(dir, reason);
    match read_regular(path, MAX_HEADER_BYTES) {
        Ok(bytes) => String::from_utf8(bytes)
            .map(Some)
            .map_err(|_| refused(Refusal::HeaderNotUtf8)),
        Err(ReadError::Missing) => Ok(None),
        // The error was made just now, so the Arc is not shared: the OS error itself.
        Err(ReadError::Io(e)) => Err(io_error(
            path,
            std::sync::Arc::try_unwrap(e)
                .unwrap_or_else(|e| std::io::Error::new(e.kind(), e.to_string())),
        )),
        Err(ReadError::NotRegular) => Err(refused(Refusal::HeaderNotRegular)),
        Err(ReadError::TooLarge { limit }) => Err(refused(Refusal::HeaderTooLarge { limit })),
    }
}

/// A [`SaveError::Refused`] of the directory `dir`.
fn refused(dir: &Path, reason: Refusal) -> SaveError {
    SaveError::Refused {
        dir: dir.to_path_buf(),
        reason,
    }
}

/// What to write besides generators, and what to do when another run holds the directory.
#[derive(Clone, Copy, Debug)]
pub struct SaveOptions {
    /// Write each step's quasi-inverses (a second record in each bidegree file). Without them a later lift must
    /// row reduce the differential again (one classical or zero-signature reduction per
    /// bidegree it touches); with them the save directory is far larger (`SAVE-FORMAT.md`
    /// gives the figures).
    pub quasi_inverses: bool,
    /// When another process holds the directory's lock: `None` refuses at once
    /// ([`Refusal::Locked`]); `Some(announce)` calls `announce` and waits for it.
    pub wait_for_lock: Option<OnWait>,
    /// Record files in a row folder that are gathered into a row pack (at least 1;
    /// default [`PACK_AT`]). Packing changes where records lie, never what they hold.
    pub pack_at: usize,
}

impl Default for SaveOptions {
    fn default() -> Self {
        Self {
            quasi_inverses: true,
            wait_for_lock: None,
            pack_at: PACK_AT,
        }
    }
}

/// Bytes and records written by one run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SaveStats {
    /// Bidegree files written (each one generators record).
    pub files: usize,
    /// Bytes of their generators records.
    pub gens_bytes: u64,
    /// Their payload bytes before compression.
    pub gens_raw_bytes: u64,
    /// Quasi-inverse records written.
    pub qi_records: usize,
    /// Their bytes on disk.
    pub qi_bytes: u64,
    /// Their payload bytes before compression.
    pub qi_raw_bytes: u64,
}

/// Disk use of a whole save directory.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DiskUsage {
    /// Bidegree records: their own files (`.rec`) and those in row packs (`.pack`).
    pub files: usize,
    /// Their bytes (the packs' whole files).
    pub record_bytes: u64,
    /// Row packs.
    pub packs: usize,
    /// The records in them.
    pub packed_records: usize,
    /// Files in the directory (the header included, the lock file left out).
    pub file_count: usize,
    /// Bytes of every file (header included; the lock file left out).
    pub total_bytes: u64,
    /// Bytes the file system allocated for them (blocks; on Unix), which for small
    /// files is mostly the block size.
    pub allocated_bytes: u64,
}

/// An open save directory, checked against the run it serves.
pub struct SaveDir {
    dir: PathBuf,
    header: Header,
    identity: [u8; 16],
    options: SaveOptions,
    created: bool,
    pub(crate) stats: Mutex<SaveStats>,
    /// The rows' packs as read so far, and the packing in progress.
    packs: pack::Packs,
    /// The directory's lock, held while this value lives (`None`: opened for reading).
    _lock: Option<lock::DirLock>,
}

impl SaveDir {
    /// Opens `dir` for a run of `algorithm` on `module` (at any prime), creating it (and
    /// its header, [`Header::for_run`]) if it does not exist or is empty. An existing
    /// directory must have a header of this format version, prime, algorithm and module
    /// definition; otherwise [`SaveError::Refused`] and nothing in it is touched (the
    /// prime is compared first: a directory made at another prime is refused naming both,
    /// field `prime`). Temporary files a killed run left behind (`*.tmp`) are removed.
    /// Quasi-inverse records are written as `options` says where the prime keeps them
    /// ([`SaveAlgebra::QUASI_INVERSE_RECORDS`]: p = 2), never at odd p.
    pub fn open<A: SaveAlgebra>(
        dir: &Path,
        module: &FiniteModule<A>,
        algorithm: Algorithm,
        options: SaveOptions,
    ) -> Result<SaveDir, SaveError> {
        let options = SaveOptions {
            quasi_inverses: options.quasi_inverses && A::QUASI_INVERSE_RECORDS,
            ..options
        };
        Self::open_for(dir, Header::for_run(module, algorithm), options)
    }

    /// [`SaveDir::open`] for a run whose header is `run`. The header is checked before
    /// anything is created; the lock is taken before anything is written (and the header
    /// read again under it, in case another run created the directory meanwhile).
    pub(crate) fn open_for(
        dir: &Path,
        run: Header,
        options: SaveOptions,
    ) -> Result<SaveDir, SaveError> {
        let refused = |reason| refused(dir, reason);
        if dir.exists() && !dir.is_dir() {
            return Err(refused(Refusal::NotAFolder));
        }
        // A folder that does not exist (or cannot: a parent that is a file) has no header.
        // (Another run may be creating the directory right now: it writes the header
        // before anything else, so a folder with files and a header is a save directory.)
        if Self::check_saved_header(dir, &run)?.is_none()
            && Self::holds_other_files(dir)?
            && !dir.join(HEADER_FILE).exists()
        {
            return Err(refused(Refusal::ForeignFolder));
        }
        fs::create_dir_all(dir).map_err(|source| refused(Refusal::CannotCreate { source }))?;
        let lock = lock::acquire(dir, options.wait_for_lock)?;
        // Only the open that took the lock removes temporaries: a shared one may have
        // writes of this process in flight.
        let first = lock.first;
        let created = match Self::check_saved_header(dir, &run)? {
            Some(()) => false,
            None => {
                Self::remove_header_leftovers(dir)?;
                write_atomic(&dir.join(HEADER_FILE), run.to_text().as_bytes())
                    .map_err(|e| not_writable(dir, e))?;
                sync_dir(dir)?;
                true
            }
        };
        let save = SaveDir {
            dir: dir.to_path_buf(),
            identity: run.identity(),
            header: run,
            options,
            created,
            stats: Mutex::default(),
            packs: pack::Packs::default(),
            _lock: Some(lock),
        };
        save.check_writable()?;
        if first {
            save.remove_temporaries()?;
        }
        Ok(save)
    }

    /// `Some(())` when `dir` has a header and it fits `run`; `None` when it has none.
    ///
    /// Errors: a header that does not parse or was made for another run
    /// ([`SaveError::Refused`]).
    fn check_saved_header(dir: &Path, run: &Header) -> Result<Option<()>, SaveError> {
        if !dir.is_dir() {
            return Ok(None);
        }
        let Some(text) = read_header_text(dir, &dir.join(HEADER_FILE))? else {
            return Ok(None);
        };
        let saved = Header::parse(&text).map_err(|e| refused(dir, e.into()))?;
        saved
            .check_compatible(run)
            .map_err(|reason| refused(dir, reason))?;
        Ok(Some(()))
    }

    /// Whether the folder `dir` (without a header) holds anything but a lock file and a
    /// header's temporary file: then it is someone else's folder.
    fn holds_other_files(dir: &Path) -> Result<bool, SaveError> {
        if !dir.is_dir() {
            return Ok(false);
        }
        for entry in fs::read_dir(dir).map_err(|e| io_error(dir, e))? {
            let entry = entry.map_err(|e| io_error(dir, e))?;
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if !(name == LOCK_FILE || is_header_leftover(&name)) {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// Removes the header's temporary files a run killed while creating the directory
    /// left behind: that folder is still ours and empty.
    fn remove_header_leftovers(dir: &Path) -> Result<(), SaveError> {
        for entry in fs::read_dir(dir).map_err(|e| io_error(dir, e))? {
            let entry = entry.map_err(|e| io_error(dir, e))?;
            if is_header_leftover(&entry.file_name().to_string_lossy()) {
                fs::remove_file(entry.path()).map_err(|e| io_error(&entry.path(), e))?;
            }
        }
        Ok(())
    }

    /// Fails unless the directory and each of its row folders can be written (checked
    /// once when it is opened, before any work).
    ///
    /// Errors: [`Refusal::NotWritable`] naming the folder.
    fn check_writable(&self) -> Result<(), SaveError> {
        lock::check_writable(&self.dir, &self.dir)?;
        for entry in fs::read_dir(&self.dir).map_err(|e| io_error(&self.dir, e))? {
            let entry = entry.map_err(|e| io_error(&self.dir, e))?;
            let name = entry.file_name();
            if name.to_string_lossy().starts_with('s') && entry.path().is_dir() {
                lock::check_writable(&self.dir, &entry.path())?;
            }
        }
        Ok(())
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The header this run checked (or wrote).
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// Whether [`SaveDir::open`] created the directory's header.
    pub fn created(&self) -> bool {
        self.created
    }

    /// What this run writes.
    pub fn options(&self) -> SaveOptions {
        self.options
    }

    /// Bytes and records written so far by this run.
    pub fn stats(&self) -> SaveStats {
        self.stats.lock().expect("save stats").clone()
    }

    /// The path of the file of bidegree `b`: `DIR/s{s:03}/t{t:03}.rec`.
    pub fn record_path(&self, b: Bidegree) -> PathBuf {
        record_path_in(&self.dir, b)
    }

    /// Checks that the directory was made for `algorithm` (a run of another algorithm
    /// would mix two resolutions). Errors: [`SaveError::AlgorithmMismatch`].
    pub fn check_algorithm(&self, algorithm: Algorithm) -> Result<(), SaveError> {
        let run = algorithm_name(algorithm);
        if self.header.algorithm != run {
            return Err(SaveError::AlgorithmMismatch {
                dir: self.dir.clone(),
                saved: self.header.algorithm.clone(),
                run,
            });
        }
        Ok(())
    }

    /// Reads the quasi-inverse record of bidegree `b`, checking its checksum.
    /// `Ok(None)` when the bidegree has no file or its file no quasi-inverse record.
    pub fn read_quasi_inverse(&self, b: Bidegree) -> Result<Option<StepQuasiInverse>, SaveError> {
        let (path, bytes) = match self.lookup(b) {
            pack::Lookup::Found(path, bytes) => (path, bytes),
            pack::Lookup::Missing => return Ok(None),
            pack::Lookup::Unreadable(path, source) => {
                return Err(SaveError::Unreadable { path, source })
            }
        };
        let corrupt = |source| SaveError::Corrupt {
            path: path.clone(),
            source,
        };
        let (_, rest) = record::split_first(&bytes).map_err(corrupt)?;
        if rest.is_empty() {
            return Ok(None);
        }
        let payload =
            record::decode(rest, Kind::QuasiInverse, &self.identity, b).map_err(corrupt)?;
        quasi_inverse::from_payload(&payload)
            .map(Some)
            .map_err(corrupt)
    }

    /// The folder of row `s`: `DIR/s{s:03}`.
    fn row_dir(&self, s: u32) -> PathBuf {
        self.dir.join(format!("s{s:03}"))
    }

    /// The bytes of bidegree `b`'s record file: its own file, else the newest pack of its
    /// row holding it (`pack.rs`).
    pub(crate) fn lookup(&self, b: Bidegree) -> pack::Lookup {
        let row = self.row_dir(b.s());
        self.packs.lookup(b.s(), b.t(), &row, &self.record_path(b))
    }

    /// The row packs of rows `0..=max_s` whose index does not check, with why. A run that
    /// holds the directory's lock sets each aside as `NAME.corrupt` (kept, never read
    /// again; not when the file could not be read at all, which may pass), so that it is
    /// reported once and its number never taken twice.
    pub fn bad_packs(&self, max_s: u32) -> Vec<(PathBuf, Corrupt)> {
        let bad = self.packs.bad(&self.dir, max_s);
        if self._lock.is_some() {
            for (path, reason) in &bad {
                if !matches!(reason.reason, CorruptReason::File(_)) {
                    let mut aside = path.clone().into_os_string();
                    aside.push(".corrupt");
                    let _ = fs::rename(path, aside);
                }
            }
        }
        bad
    }

    /// Whether bidegree `b` has a record, in its own file or in a pack of its row (whether
    /// it is valid is checked when it is read).
    pub fn has_record(&self, b: Bidegree) -> bool {
        self.record_path(b).is_file() || self.packs.holds(b.s(), b.t(), &self.row_dir(b.s()))
    }

    /// Where bidegree `b`'s record lies: its own file if there is one, else the pack of its
    /// row holding it, else the path its own file would have (for messages).
    pub fn location(&self, b: Bidegree) -> PathBuf {
        let own = self.record_path(b);
        if own.is_file() {
            return own;
        }
        let row = self.row_dir(b.s());
        let packs = self.packs.row(b.s(), &row);
        let held = packs.packs.iter().find(|p| p.entries.contains_key(&b.t()));
        held.map_or(own, |p| p.path.clone())
    }

    /// Counts a record file just written into row `s`, and gathers the row's record files
    /// into a pack once there are [`SaveOptions::pack_at`] of them (`pack.rs`).
    ///
    /// Errors: [`SaveError::Io`] from the packing (the record files are then kept).
    fn after_write(&self, s: u32) -> Result<(), SaveError> {
        let row = self.row_dir(s);
        if self.packs.wrote(s, &row, self.options.pack_at.max(1)) {
            self.packs.pack_row(s, &row)?;
        }
        Ok(())
    }

    /// Sizes of every file in the directory.
    pub fn disk_usage(&self) -> Result<DiskUsage, SaveError> {
        let mut usage = DiskUsage::default();
        let mut stack = vec![self.dir.clone()];
        while let Some(d) = stack.pop() {
            for entry in fs::read_dir(&d).map_err(|e| io_error(&d, e))? {
                let entry = entry.map_err(|e| io_error(&d, e))?;
                let meta = entry.metadata().map_err(|e| io_error(&entry.path(), e))?;
                if meta.is_dir() {
                    stack.push(entry.path());
                    continue;
                }
                // The lock file holds the pid of the run itself, not its results.
                if d == self.dir && entry.file_name() == LOCK_FILE {
                    continue;
                }
                usage.total_bytes += meta.len();
                usage.allocated_bytes += allocated(&meta);
                usage.file_count += 1;
                match entry.path().extension().and_then(|e| e.to_str()) {
                    Some(record::EXTENSION) => {
                        usage.files += 1;
                        usage.record_bytes += meta.len();
                    }
                    Some(pack::EXTENSION) => {
                        let records = pack::records_in(&entry.path());
                        usage.packs += 1;
                        usage.files += records;
                        usage.packed_records += records;
                        usage.record_bytes += meta.len();
                    }
                    _ => {}
                }
            }
        }
        Ok(usage)
    }

    /// The file of one completed full step: its generators record, then its quasi-inverse
    /// record (if kept).
    fn encode_step<A: steenrod::Algebra>(
        &self,
        b: Bidegree,
        gens: &[Differential<A>],
        qi: Option<&StepQuasiInverse>,
    ) -> Job {
        let mut job = self.generators_job(b, &generators_payload(gens));
        if let (true, Some(qi)) = (self.options.quasi_inverses, qi) {
            let q = record::encode(
                Kind::QuasiInverse,
                &self.identity,
                b,
                &quasi_inverse::payload(qi),
            );
            job.qi_len = q.bytes.len();
            job.qi_raw = q.raw_len;
            job.bytes.extend_from_slice(&q.bytes);
        }
        job
    }

    /// The file of bidegree `b` holding one generators record with `payload`.
    fn generators_job(&self, b: Bidegree, payload: &[u8]) -> Job {
        let g = record::encode(Kind::Generators, &self.identity, b, payload);
        Job {
            bidegree: b,
            path: self.record_path(b),
            gens_len: g.bytes.len(),
            gens_raw: g.raw_len,
            qi_len: 0,
            qi_raw: 0,
            bytes: g.bytes,
        }
    }

    fn remove_temporaries(&self) -> Result<(), SaveError> {
        for entry in fs::read_dir(&self.dir).map_err(|e| io_error(&self.dir, e))? {
            let entry = entry.map_err(|e| io_error(&self.dir, e))?;
            let name = entry.file_name();
            let name = name.to_string_lossy();
            if !(name.starts_with('s') && entry.path().is_dir()) {
                continue;
            }
            for f in fs::read_dir(entry.path()).map_err(|e| io_error(&entry.path(), e))? {
                let f = f.map_err(|e| io_error(&entry.path(), e))?;
                if f.file_name().to_string_lossy().ends_with(".tmp") {
                    fs::remove_file(f.path()).map_err(|e| io_error(&f.path(), e))?;
                }
            }
        }
        Ok(())
    }
}

/// The path of the file of bidegree `b` in the save directory `dir` (the one canonical
/// name).
fn record_path_in(dir: &Path, b: Bidegree) -> PathBuf {
    dir.join(format!("s{:03}", b.s()))
        .join(format!("t{:03}.{}", b.t(), record::EXTENSION))
}

#[cfg(unix)]
fn allocated(meta: &fs::Metadata) -> u64 {
    std::os::unix::fs::MetadataExt::blocks(meta) * 512
}

#[cfg(not(unix))]
fn allocated(meta: &fs::Metadata) -> u64 {
    meta.len()
}

/// `n_gens: u32`, `value_len: u64` (bits), then each generator's `d(g)` as
/// `limbs_for(value_len)` little-endian `u64` limbs.
fn generators_payload<A: steenrod::Algebra>(gens: &[Differential<A>]) -> Vec<u8> {
    use fp::Vector;
    generators_payload_of(gens.iter().map(|g| (g.value.len(), g.value.limbs())))
}

/// [`generators_payload`] of the value vectors alone, each as its length and its packed
/// limbs (an [`fp::FpVector`]'s bits, or an [`fp::FqVector`]'s entries at odd p).
fn generators_payload_of<'a>(values: impl ExactSizeIterator<Item = (usize, &'a [u64])>) -> Vec<u8> {
    let mut w = record::Writer::default();
    w.u32(values.len() as u32);
    let mut values = values.peekable();
    let len = values.peek().map_or(0, |&(len, _)| len);
    w.u64(len as u64);
    for (n, limbs) in values {
        assert_eq!(n, len, "the differentials of one bidegree have one length");
        w.limbs(limbs);
    }
    w.bytes
}

/// Writes `bytes` to `path` atomically: a temporary name beside it unique to this process
/// and call ([`temporary_path`]), fsync, rename. A link at `path` is replaced, not followed.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), SaveError> {
    let tmp = temporary_path(path);
    let write = || -> std::io::Result<()> {
        let mut f = fs::File::create_new(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        fs::rename(&tmp, path)
    };
    write().map_err(|e| {
        let _ = fs::remove_file(&tmp);
        io_error(path, e)
    })
}

/// Whether `name` is a header's temporary file (`.header.tmp` of earlier builds, or a
/// [`temporary_path`] of the header).
fn is_header_leftover(name: &str) -> bool {
    name.starts_with(&format!(".{HEADER_FILE}.")) && name.ends_with(".tmp")
}

/// A failed write of the header as the directory's [`Refusal::NotWritable`] (a read-only
/// folder whose lock file could be opened); other errors unchanged.
fn not_writable(dir: &Path, e: SaveError) -> SaveError {
    match e {
        SaveError::Io { path, source } if source.kind() == std::io::ErrorKind::PermissionDenied => {
            refused(dir, Refusal::NotWritable { path, source })
        }
        e => e,
    }
}

/// fsyncs a directory, so that renames inside it survive a power loss.
pub(crate) fn sync_dir(dir: &Path) -> Result<(), SaveError> {
    fs::File::open(dir)
        .and_then(|f| f.sync_all())
        .map_err(|e| io_error(dir, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_left_while_writing_its_header_is_reused() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path().join("save");
        fs::create_dir(&dir).expect("mkdir");
        fs::write(dir.join(".header.tmp"), "half a header").expect("write");
        let save = SaveDir::open(
            &dir,
            &FiniteModule::sphere(),
            Algorithm::Nassau,
            SaveOptions::default(),
        )
        .expect("open");
        assert!(save.created());
        assert!(!dir.join(".header.tmp").exists());
        // Anything else in the folder makes it someone else's.
        let other = tmp.path().join("other");
        fs::create_dir(&other).expect("mkdir");
        fs::write(other.join("data"), "x").expect("write");
        let Err(SaveError::Refused {
            reason: Refusal::ForeignFolder,
            ..
        }) = SaveDir::open(
            &other,
            &FiniteModule::sphere(),
            Algorithm::Nassau,
            SaveOptions::default(),
        )
        else {
            panic!("a foreign folder was opened");
        };
    }
}
