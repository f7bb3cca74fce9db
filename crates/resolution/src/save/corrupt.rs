//! Why a record is rejected: the field at fault and a typed reason ([`CorruptReason`]),
//! for the resume's warnings and [`super::SaveError::Corrupt`].

use super::error::ReadError;
use super::record::Kind;
use crate::bidegree::Bidegree;

/// Why a record was rejected. `Display`: `field FIELD: reason`.
#[derive(Debug, Clone, thiserror::Error)]
#[error("field {field}: {reason}")]
pub struct Corrupt {
    /// The field (or part) that is wrong.
    pub field: &'static str,
    /// What is wrong with it.
    pub reason: CorruptReason,
}

/// What is wrong with a record's field (lengths in bytes unless named otherwise).
#[derive(Debug, Clone, thiserror::Error)]
pub enum CorruptReason {
    /// The file could not be read as a regular file.
    #[error(transparent)]
    File(#[from] ReadError),
    /// Fewer bytes than a record header.
    #[error("{len} bytes, shorter than a record header ({header})")]
    ShorterThanHeader {
        /// Bytes present.
        len: usize,
        /// A record header's bytes.
        header: usize,
    },
    /// Fewer bytes than an empty record.
    #[error("{len} bytes, shorter than an empty record ({empty})")]
    ShorterThanEmpty {
        /// Bytes present.
        len: usize,
        /// An empty record's bytes.
        empty: usize,
    },
    /// The bytes end before the record its header declares.
    #[error("{len} bytes, the record header declares {declared} (truncated)")]
    Truncated {
        /// Bytes present.
        len: usize,
        /// Bytes declared.
        declared: u64,
    },
    /// The record is not as long as its header declares.
    #[error("{len} bytes, the header declares {declared} (truncated or extended)")]
    BadLength {
        /// Bytes present.
        len: usize,
        /// Bytes declared.
        declared: u64,
    },
    /// Bytes after the last record of a file.
    #[error("{extra} bytes after the quasi-inverse record")]
    TrailingBytes {
        /// Bytes after it.
        extra: usize,
    },
    /// The first bytes are not [`super::record::MAGIC`].
    #[error("not an adams record")]
    Magic,
    /// The checksum does not match the bytes before it.
    #[error("BLAKE3 of the record does not match (altered bytes)")]
    Checksum,
    /// A row pack's index is inconsistent (`pack.rs`).
    #[error("{why}")]
    PackIndex {
        /// What is inconsistent.
        why: String,
    },
    /// Another format version than this build's.
    #[error("{found}, this adams reads {supported}")]
    FormatVersion {
        /// The record's.
        found: u16,
        /// This build's.
        supported: u16,
    },
    /// Another kind of record than the one expected at this place.
    #[error("{found} where a {} record is expected", expected.name())]
    Kind {
        /// The kind byte found.
        found: u8,
        /// The kind expected.
        expected: Kind,
    },
    /// The record was written for another save directory.
    #[error("written for another save directory (module, prime or algorithm)")]
    Identity,
    /// The record is of another bidegree than its file's name.
    #[error("(s {}, t {}) in the file for (s {}, t {})", found.s(), found.t(), file.s(), file.t())]
    Bidegree {
        /// The bidegree in the record.
        found: Bidegree,
        /// The bidegree of its file name.
        file: Bidegree,
    },
    /// The declared payload length is above [`super::record::MAX_RAW_LEN`].
    #[error("{declared} bytes, above the limit {limit}")]
    AboveLimit {
        /// Declared length.
        declared: u64,
        /// The limit.
        limit: u64,
    },
    /// An uncompressed payload whose two declared lengths differ.
    #[error("raw payload of {stored} bytes declared as {declared}")]
    RawLength {
        /// Stored length.
        stored: u64,
        /// Declared payload length.
        declared: u64,
    },
    /// A generators record declares more bytes than its generators can take.
    #[error("{declared} bytes declared, more than the {most} that generators of {bits} bits (the generators loaded below it) can take")]
    MoreThanGenerators {
        /// Declared length.
        declared: usize,
        /// The most `n ≤ bits` generators of `bits` bits take.
        most: u64,
        /// Bits of each differential, from the generators loaded below.
        bits: usize,
    },
    /// An unknown compression method.
    #[error("unknown method {method}")]
    Compression {
        /// The method byte.
        method: u8,
    },
    /// The compressed payload does not decompress.
    #[error("zstd: {0}")]
    Zstd(std::sync::Arc<std::io::Error>),
    /// The payload decompressed to another length than declared.
    #[error("decompressed to {len} bytes, declared {declared}")]
    Decompressed {
        /// Bytes decompressed.
        len: usize,
        /// Bytes declared.
        declared: usize,
    },
    /// The payload ends inside a field.
    #[error("payload ends at byte {len} before its {wanted} bytes")]
    PayloadEnds {
        /// The payload's length.
        len: usize,
        /// Bytes the field needs.
        wanted: usize,
    },
    /// A count of items that cannot fit the rest of the payload.
    #[error("{count} items of {unit} bytes, but only {left} bytes remain")]
    CountTooLarge {
        /// Items declared.
        count: u64,
        /// Bytes per item.
        unit: usize,
        /// Bytes left.
        left: u64,
    },
    /// A count of limbs whose bytes overflow `usize`.
    #[error("length overflows")]
    LengthOverflows,
    /// A matrix whose limbs overflow `usize`.
    #[error("size overflows")]
    SizeOverflows,
    /// Bytes left after the last field.
    #[error("{unread} unread bytes at the end")]
    Unread {
        /// Bytes.
        unread: usize,
    },
    /// Generators that do not fit the payload.
    #[error("{count} generators of {bits} bits do not fit the payload")]
    GeneratorsDoNotFit {
        /// Generators declared.
        count: usize,
        /// Bits of each.
        bits: usize,
    },
    /// Differentials of another length than the generators below give.
    #[error("{found} bits, but the generators loaded below it give {expected}")]
    DifferentialLength {
        /// Bits in the record.
        found: usize,
        /// Bits expected.
        expected: usize,
    },
    /// Packed F_p entries that are not a vector (odd primes: an entry `≥ p`, bits set
    /// outside the entries).
    #[error(transparent)]
    Limbs(#[from] fp::LimbsError),
    /// A record read back for a spilled row holds another number of generators than the
    /// run found in its bidegree.
    #[error("{found} generators, but the run found {kept} in this bidegree")]
    GeneratorCount {
        /// Generators in the record.
        found: usize,
        /// Generators the run found.
        kept: usize,
    },
    /// A vector with bits set past its length.
    #[error("bits set past the differential's length")]
    BitsPastLength,
    /// A matrix with bits set past its last column.
    #[error("bits set past the last column")]
    BitsPastLastColumn,
    /// An unknown quasi-inverse kind.
    #[error("unknown kind {kind}")]
    QuasiInverseKind {
        /// The kind byte.
        kind: u8,
    },
    /// A rank above a map's source or target dimension.
    #[error("{rank} for a map from dimension {source_dim} to {target_dim}")]
    Rank {
        /// The rank.
        rank: usize,
        /// Source dimension.
        source_dim: usize,
        /// Target dimension.
        target_dim: usize,
    },
    /// Pivots not increasing, or outside the target.
    #[error("not increasing inside the target")]
    Pivots,
    /// Image rows not in reduced row echelon form with the stored pivots.
    #[error("not in reduced row echelon form with the stored pivots")]
    NotReduced,
}

/// A [`Corrupt`] at `field`.
pub(crate) fn corrupt(field: &'static str, reason: CorruptReason) -> Corrupt {
    Corrupt { field, reason }
}
