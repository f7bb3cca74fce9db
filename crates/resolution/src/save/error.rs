//! The errors of a save directory, typed bottom to top: why a directory is refused
//! ([`Refusal`], with the header parser's [`HeaderError`]), why a file was not read
//! ([`ReadError`]), and [`SaveError`] over them and a record's [`Corrupt`]
//! (`corrupt.rs`).
//! Each `Display` is the message the user sees (`field …: …`), so that a caller maps
//! variants to exit codes and prints them unchanged.

use std::borrow::Cow;
use std::path::PathBuf;

use super::corrupt::Corrupt;
use super::header::FIRST_LINE;
use super::HEADER_FILE;

/// Errors of a save directory.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The directory belongs to something else (another module, prime, algorithm or
    /// format version, or is not a save directory): nothing was written to it.
    #[error("save directory {}: {reason}; refusing to use it (nothing in it was changed)", dir.display())]
    Refused {
        /// The directory.
        dir: PathBuf,
        /// Why, with the field at fault.
        reason: Refusal,
    },
    /// A file could not be read or written.
    #[error("save file {}: {source}", path.display())]
    Io {
        /// The file (or folder).
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
    /// A record file asked for outside a resume could not be read (not a regular file,
    /// too large, or the operating system's error).
    #[error("save file {}: {source}", path.display())]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// Why.
        source: ReadError,
    },
    /// A record file asked for outside a resume is corrupt.
    #[error("save file {}: {source}", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// The field at fault and why.
        source: Corrupt,
    },
    /// The directory was made for another algorithm than the run's.
    #[error("save directory {}: field algorithm: made for {saved}, this run uses {run}", dir.display())]
    AlgorithmMismatch {
        /// The directory.
        dir: PathBuf,
        /// The algorithm in its header.
        saved: String,
        /// The run's algorithm.
        run: &'static str,
    },
    /// A writer thread could not be started.
    #[error("cannot start {threads} worker threads: save writer: {source}")]
    WriterThreads {
        /// Writer threads requested.
        threads: usize,
        /// Why.
        source: std::io::Error,
    },
    /// The writer threads stopped (after an earlier write error).
    #[error("the save writer thread stopped")]
    WriterStopped,
}

/// Why a save directory is refused. `Display`: `field FIELD: reason`.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    /// The path exists and is not a folder.
    #[error("field path: exists and is not a folder")]
    NotAFolder,
    /// The path does not exist (a directory to read).
    #[error("field path: no such folder")]
    NoSuchFolder,
    /// The folder to create cannot be created (a parent that is not a folder, no
    /// permission, a read-only or virtual file system).
    #[error("field path: cannot create the folder: {source}")]
    CannotCreate {
        /// Why.
        source: std::io::Error,
    },
    /// The header is a FIFO, a device, a folder, or a link to one.
    #[error("field header: not a regular file")]
    HeaderNotRegular,
    /// The header file is larger than `limit` bytes.
    #[error("field header: larger than the limit of {limit} bytes")]
    HeaderTooLarge {
        /// Bytes.
        limit: u64,
    },
    /// The header file is not UTF-8.
    #[error("field header: not UTF-8 text")]
    HeaderNotUtf8,
    /// A directory to read has no header file.
    #[error("field header: no {} file: not an adams save directory", HEADER_FILE)]
    NoHeader,
    /// A folder to create a save directory in holds other files and no header.
    #[error(
        "field header: no {} file: the folder is not empty and is not an adams save directory",
        HEADER_FILE
    )]
    ForeignFolder,
    /// The header does not parse.
    #[error(transparent)]
    Header(#[from] HeaderError),
    /// The header's prime is not the run's.
    #[error("field prime: the directory was made at p = {saved}, this run is at p = {run}")]
    PrimeMismatch {
        /// The header's prime.
        saved: u32,
        /// The run's.
        run: u32,
    },
    /// The header's sub-Hopf algebra (its `profile`, absent for `A`) is not the run's.
    #[error(
        "field profile: the directory was made for a resolution over {}, this run resolves over {}",
        over(saved),
        over(run)
    )]
    ProfileMismatch {
        /// The header's profile (`None`: no `profile` line, the whole algebra).
        saved: Option<steenrod::Profile>,
        /// The run's.
        run: Option<steenrod::Profile>,
    },
    /// The header's algorithm is not the run's.
    #[error("field algorithm: the directory was made by --algorithm {saved}, this run uses --algorithm {run}")]
    AlgorithmMismatch {
        /// The header's algorithm (as written in it).
        saved: String,
        /// The run's.
        run: String,
    },
    /// The header names an algorithm this build does not know.
    #[error("field algorithm: {name:?} is neither nassau nor classical")]
    UnknownAlgorithm {
        /// The name in the header.
        name: String,
    },
    /// The header's module hash is not the run's module's.
    #[error(
        "field module-hash: the directory was made for module {saved_module} (hash {}…), this run resolves {run_module} (hash {}…), a different module definition",
        hash_prefix(saved_hash),
        hash_prefix(run_hash)
    )]
    ModuleMismatch {
        /// The module name in the header.
        saved_module: String,
        /// The module hash in the header.
        saved_hash: String,
        /// The run's module.
        run_module: String,
        /// Its hash.
        run_hash: String,
    },
    /// A row folder `s{s}` exists and is not a folder.
    #[error("field {}: exists and is not a folder", row.display())]
    RowNotAFolder {
        /// Its path.
        row: PathBuf,
    },
    /// Another process holds the directory's lock (`DIR/lock`): one run writes a save
    /// directory at a time.
    #[error("field lock: {} holds it; wait for it to end, or give --wait", holder(*pid))]
    Locked {
        /// The process id written in the lock file, when it names one.
        pid: Option<u32>,
    },
    /// The lock file is a link, a folder or a device.
    #[error("field lock: {} is not a regular file", super::LOCK_FILE)]
    LockNotRegular,
    /// A folder of the directory (or its lock file) cannot be written: found before any
    /// work, not after it.
    #[error("field path: cannot write in {}: {source}", path.display())]
    NotWritable {
        /// The folder or file.
        path: PathBuf,
        /// The operating system's error.
        source: std::io::Error,
    },
}

/// The holder of a lock in words.
fn holder(pid: Option<u32>) -> String {
    match pid {
        Some(pid) => format!("another adams process (pid {pid})"),
        None => "another adams process".to_string(),
    }
}

/// The algebra of a profile in words: `A(1)`, `profile (…)`, or the whole algebra.
fn over(profile: &Option<steenrod::Profile>) -> String {
    match profile {
        Some(p) => p.to_string(),
        None => "A, the whole Steenrod algebra".to_string(),
    }
}

/// The first 12 characters of a hash (all of a shorter one).
fn hash_prefix(hash: &str) -> &str {
    hash.char_indices()
        .nth(12)
        .map_or(hash, |(i, _)| &hash[..i])
}

impl Refusal {
    /// The field at fault: a header field, `path`, `header`, or a row folder's path.
    pub fn field(&self) -> Cow<'_, str> {
        Cow::Borrowed(match self {
            Refusal::NotAFolder
            | Refusal::NoSuchFolder
            | Refusal::CannotCreate { .. }
            | Refusal::NotWritable { .. } => "path",
            Refusal::Locked { .. } | Refusal::LockNotRegular => "lock",
            Refusal::HeaderNotRegular
            | Refusal::HeaderTooLarge { .. }
            | Refusal::HeaderNotUtf8
            | Refusal::NoHeader
            | Refusal::ForeignFolder => "header",
            Refusal::Header(e) => e.field,
            Refusal::PrimeMismatch { .. } => "prime",
            Refusal::ProfileMismatch { .. } => "profile",
            Refusal::AlgorithmMismatch { .. } | Refusal::UnknownAlgorithm { .. } => "algorithm",
            Refusal::ModuleMismatch { .. } => "module-hash",
            Refusal::RowNotAFolder { row } => return Cow::Owned(row.display().to_string()),
        })
    }
}

/// Why a header file does not parse. `Display`: `field FIELD: reason`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("field {field}: {reason}")]
pub struct HeaderError {
    /// The header field (or `first line`, `line`) at fault.
    pub field: &'static str,
    /// What is wrong with it.
    pub reason: HeaderReason,
}

/// What is wrong with a header field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HeaderReason {
    /// The first line is not [`FIRST_LINE`].
    #[error("not {:?}: not an adams save directory", FIRST_LINE)]
    NotAHeader,
    /// A line is not `key = value`.
    #[error("{line:?} is not `key = value`")]
    NotKeyValue {
        /// The line.
        line: String,
    },
    /// The field is missing.
    #[error("missing")]
    Missing,
    /// The value is not a number.
    #[error("{value:?} is not a number")]
    NotANumber {
        /// The value.
        value: String,
    },
    /// The `profile` value is not a list of entries naming a sub-Hopf algebra.
    #[error("{value:?} is not a profile: {why}")]
    NotAProfile {
        /// The value.
        value: String,
        /// Why.
        why: String,
    },
    /// Another format version than this build's.
    #[error(
        "the directory has format version {found}, this adams reads and writes version {supported}"
    )]
    FormatVersion {
        /// The header's.
        found: u16,
        /// This build's.
        supported: u16,
    },
    /// The checksum line does not match the lines above it.
    #[error("BLAKE3 of the header lines does not match (altered header)")]
    Checksum,
}

/// Why a file's bytes were not read ([`super::read_regular`]). `Clone` (the operating
/// system's error is shared) so that a rejected record's reason can be kept by callers.
#[derive(Debug, Clone, thiserror::Error)]
pub enum ReadError {
    /// There is no file (nor a link to one).
    #[error("no such file")]
    Missing,
    /// A FIFO, a device, a folder, or a link to one: never opened (a FIFO would block
    /// and a device such as `/dev/zero` never ends).
    #[error("not a regular file")]
    NotRegular,
    /// Larger than the caller's limit.
    #[error("larger than the limit of {limit} bytes")]
    TooLarge {
        /// Bytes.
        limit: u64,
    },
    /// The operating system's error.
    #[error("{0}")]
    Io(std::sync::Arc<std::io::Error>),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_names_its_field_first() {
        let header = HeaderError {
            field: "prime",
            reason: HeaderReason::NotANumber { value: "x".into() },
        };
        let all = [
            Refusal::NotAFolder,
            Refusal::NoSuchFolder,
            Refusal::HeaderNotRegular,
            Refusal::HeaderTooLarge { limit: 9 },
            Refusal::HeaderNotUtf8,
            Refusal::NoHeader,
            Refusal::ForeignFolder,
            Refusal::Header(header),
            Refusal::PrimeMismatch { saved: 3, run: 2 },
            Refusal::ProfileMismatch {
                saved: Some(steenrod::Profile::a(1)),
                run: None,
            },
            Refusal::AlgorithmMismatch {
                saved: "classical".into(),
                run: "nassau".into(),
            },
            Refusal::UnknownAlgorithm { name: "x".into() },
            Refusal::ModuleMismatch {
                saved_module: "a".into(),
                saved_hash: "é".repeat(20),
                run_module: "b".into(),
                run_hash: "0".repeat(64),
            },
            Refusal::RowNotAFolder {
                row: PathBuf::from("save/s003"),
            },
        ];
        for r in &all {
            let text = r.to_string();
            assert!(
                text.starts_with(&format!("field {}: ", r.field())),
                "{text}"
            );
        }
        // A hash prefix never splits a character (a header is user-editable text).
        assert!(all[12]
            .to_string()
            .contains(&format!("(hash {}…)", "é".repeat(12))));
    }
}
