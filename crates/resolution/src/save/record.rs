//! One record file: a fixed header, a payload (raw or zstd-compressed) and a BLAKE3
//! checksum over everything before it (`SAVE-FORMAT.md`, "Record files").

use super::corrupt::{corrupt, Corrupt, CorruptReason as Why};
use crate::bidegree::Bidegree;

/// First 8 bytes of every record.
pub const MAGIC: &[u8; 8] = b"ADAMSREC";
/// Bytes before the payload.
pub const HEADER_LEN: usize = 52;
/// Bytes of the trailing checksum.
pub const CHECKSUM_LEN: usize = 32;
/// Payloads shorter than this are stored raw (zstd's frame overhead would eat the gain).
pub const COMPRESS_MIN: usize = 128;
/// zstd level; see `SAVE-FORMAT.md` for the measurement that chose it.
pub const ZSTD_LEVEL: i32 = 3;
/// Largest payload a record may declare before compression: 1 GiB, a guard against a
/// length field that passes the checksum but was never written by a run (nothing is
/// allocated from a larger one).
///
/// A real record stays far below. A generators record holds `n` generators of
/// `value_len` bits each with `n ≤ value_len` (their differentials are linearly
/// independent in `C_{s−1,t}`); a quasi-inverse record about
/// `dim C_{s,t} × dim C_{s−1,t}` bits. 1 GiB is `8.6·10^9` bits, a bidegree with
/// `dim C_{s,t}` and `dim C_{s−1,t}` both above 90 000; the whole save directory of S_2
/// through stem 100 with its quasi-inverses holds 35 MB.
/// [`crate::Resolution::resume`] checks a generators record's declared length against
/// the generators loaded below it before decompressing it.
pub const MAX_RAW_LEN: u64 = 1 << 30;

/// Largest bidegree file read: a generators and a quasi-inverse record, each stored in at
/// most [`MAX_RAW_LEN`] bytes.
pub const MAX_FILE_LEN: u64 = 2 * (MAX_RAW_LEN + (HEADER_LEN + CHECKSUM_LEN) as u64);

/// What a record holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The new generators of `C_s` in degree `t` with their differentials.
    Generators = 1,
    /// The quasi-inverse(s) step `(s, t)` row reduced.
    QuasiInverse = 2,
}

/// Extension of a bidegree's file.
pub const EXTENSION: &str = "rec";

impl Kind {
    fn from_byte(b: u8) -> Option<Kind> {
        match b {
            1 => Some(Kind::Generators),
            2 => Some(Kind::QuasiInverse),
            _ => None,
        }
    }

    /// Name of this kind in messages.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Generators => "generators",
            Kind::QuasiInverse => "quasi-inverse",
        }
    }
}

/// An encoded record and what it cost.
pub struct Encoded {
    /// The file's bytes.
    pub bytes: Vec<u8>,
    /// Payload size before compression.
    pub raw_len: usize,
}

/// Encodes a record: header, payload (zstd-compressed when that makes it at least 10%
/// smaller), checksum. `identity` ties the record to its save directory.
pub fn encode(kind: Kind, identity: &[u8; 16], b: Bidegree, payload: &[u8]) -> Encoded {
    let mut compressed = None;
    if payload.len() >= COMPRESS_MIN {
        if let Ok(c) = zstd::bulk::compress(payload, ZSTD_LEVEL) {
            if c.len() * 10 < payload.len() * 9 {
                compressed = Some(c);
            }
        }
    }
    let (method, stored): (u8, &[u8]) = match &compressed {
        Some(c) => (1, c),
        None => (0, payload),
    };
    let mut bytes = Vec::with_capacity(HEADER_LEN + stored.len() + CHECKSUM_LEN);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(&super::FORMAT_VERSION.to_le_bytes());
    bytes.push(kind as u8);
    bytes.push(method);
    bytes.extend_from_slice(identity);
    bytes.extend_from_slice(&b.s().to_le_bytes());
    bytes.extend_from_slice(&b.t().to_le_bytes());
    bytes.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&(stored.len() as u64).to_le_bytes());
    debug_assert_eq!(bytes.len(), HEADER_LEN);
    bytes.extend_from_slice(stored);
    let sum = blake3::hash(&bytes);
    bytes.extend_from_slice(sum.as_bytes());
    Encoded {
        bytes,
        raw_len: payload.len(),
    }
}

/// Splits a file's bytes after its first record (by the length its header declares);
/// errors when the bytes end first.
pub fn split_first(bytes: &[u8]) -> Result<(&[u8], &[u8]), Corrupt> {
    if bytes.len() < HEADER_LEN {
        return Err(corrupt(
            "length",
            Why::ShorterThanHeader {
                len: bytes.len(),
                header: HEADER_LEN,
            },
        ));
    }
    let stored_len = u64_at(bytes, 44);
    let len = (HEADER_LEN + CHECKSUM_LEN) as u64 + stored_len;
    if (bytes.len() as u64) < len {
        return Err(corrupt(
            "length",
            Why::Truncated {
                len: bytes.len(),
                declared: len,
            },
        ));
    }
    Ok(bytes.split_at(len as usize))
}

/// Checks a record's length, checksum and header against what is expected (`kind`, the
/// directory's `identity`, the bidegree its file name gives) and returns its payload,
/// decompressed.
pub fn decode(
    bytes: &[u8],
    kind: Kind,
    identity: &[u8; 16],
    b: Bidegree,
) -> Result<Vec<u8>, Corrupt> {
    let (raw_len, method) = check(bytes, kind, identity, b)?;
    decode_checked(bytes, raw_len, method)
}

/// The payload of a record that [`check`] accepted (returning `raw_len` and `method`),
/// decompressed. Allocates `raw_len` bytes: the caller bounds it first.
pub fn decode_checked(bytes: &[u8], raw_len: usize, method: u8) -> Result<Vec<u8>, Corrupt> {
    let stored = &bytes[HEADER_LEN..bytes.len() - CHECKSUM_LEN];
    match method {
        0 => Ok(stored.to_vec()),
        _ => {
            let out = zstd::bulk::decompress(stored, raw_len)
                .map_err(|e| corrupt("payload", Why::Zstd(e.into())))?;
            if out.len() != raw_len {
                return Err(corrupt(
                    "payload length",
                    Why::Decompressed {
                        len: out.len(),
                        declared: raw_len,
                    },
                ));
            }
            Ok(out)
        }
    }
}

fn u32_at(bytes: &[u8], o: usize) -> u32 {
    u32::from_le_bytes(bytes[o..o + 4].try_into().expect("4 bytes"))
}

fn u64_at(bytes: &[u8], o: usize) -> u64 {
    u64::from_le_bytes(bytes[o..o + 8].try_into().expect("8 bytes"))
}

/// [`decode`] without decompressing: checks everything but the compressed stream's
/// contents (which the checksum covers). Returns the payload's length and compression
/// method.
pub fn check(
    bytes: &[u8],
    kind: Kind,
    identity: &[u8; 16],
    b: Bidegree,
) -> Result<(usize, u8), Corrupt> {
    if bytes.len() < HEADER_LEN + CHECKSUM_LEN {
        return Err(corrupt(
            "length",
            Why::ShorterThanEmpty {
                len: bytes.len(),
                empty: HEADER_LEN + CHECKSUM_LEN,
            },
        ));
    }
    if &bytes[..8] != MAGIC {
        return Err(corrupt("magic", Why::Magic));
    }
    let stored_len = u64_at(bytes, 44);
    let expected_len = (HEADER_LEN + CHECKSUM_LEN) as u64 + stored_len;
    if bytes.len() as u64 != expected_len {
        return Err(corrupt(
            "length",
            Why::BadLength {
                len: bytes.len(),
                declared: expected_len,
            },
        ));
    }
    let body = bytes.len() - CHECKSUM_LEN;
    if blake3::hash(&bytes[..body]).as_bytes() != &bytes[body..] {
        return Err(corrupt("checksum", Why::Checksum));
    }
    check_header(bytes, kind, identity, b, stored_len)
}

/// The header fields of a record whose length and checksum hold: version, kind, identity,
/// bidegree, payload length and compression method.
fn check_header(
    bytes: &[u8],
    kind: Kind,
    identity: &[u8; 16],
    b: Bidegree,
    stored_len: u64,
) -> Result<(usize, u8), Corrupt> {
    // The checksum holds: what follows is what was written.
    let version = u16::from_le_bytes([bytes[8], bytes[9]]);
    if version != super::FORMAT_VERSION {
        let supported = super::FORMAT_VERSION;
        let reason = Why::FormatVersion {
            found: version,
            supported,
        };
        return Err(corrupt("format version", reason));
    }
    if Kind::from_byte(bytes[10]) != Some(kind) {
        let reason = Why::Kind {
            found: bytes[10],
            expected: kind,
        };
        return Err(corrupt("kind", reason));
    }
    if bytes[12..28] != identity[..] {
        return Err(corrupt("identity", Why::Identity));
    }
    let found = Bidegree::s_t(u32_at(bytes, 28), u32_at(bytes, 32) as i32);
    if found != b {
        return Err(corrupt("bidegree", Why::Bidegree { found, file: b }));
    }
    let raw_len = u64_at(bytes, 36);
    if raw_len > MAX_RAW_LEN {
        let reason = Why::AboveLimit {
            declared: raw_len,
            limit: MAX_RAW_LEN,
        };
        return Err(corrupt("payload length", reason));
    }
    match bytes[11] {
        0 if raw_len == stored_len => Ok((raw_len as usize, 0)),
        0 => Err(corrupt(
            "payload length",
            Why::RawLength {
                stored: stored_len,
                declared: raw_len,
            },
        )),
        1 => Ok((raw_len as usize, 1)),
        method => Err(corrupt("compression", Why::Compression { method })),
    }
}

/// A little-endian reader over a payload whose every read is checked.
pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    /// Reads from the start of `bytes`.
    pub fn new(bytes: &'a [u8]) -> Self {
        Self { bytes, at: 0 }
    }

    fn take(&mut self, n: usize, field: &'static str) -> Result<&'a [u8], Corrupt> {
        if self.bytes.len() - self.at < n {
            return Err(corrupt(
                field,
                Why::PayloadEnds {
                    len: self.bytes.len(),
                    wanted: n,
                },
            ));
        }
        let out = &self.bytes[self.at..self.at + n];
        self.at += n;
        Ok(out)
    }

    /// One byte.
    pub fn u8(&mut self, field: &'static str) -> Result<u8, Corrupt> {
        Ok(self.take(1, field)?[0])
    }

    /// A `u32`.
    pub fn u32(&mut self, field: &'static str) -> Result<u32, Corrupt> {
        Ok(u32::from_le_bytes(
            self.take(4, field)?.try_into().expect("4 bytes"),
        ))
    }

    /// A `u64`.
    pub fn u64(&mut self, field: &'static str) -> Result<u64, Corrupt> {
        Ok(u64::from_le_bytes(
            self.take(8, field)?.try_into().expect("8 bytes"),
        ))
    }

    /// A length that must fit the remaining payload at `unit` bytes per item.
    pub fn len(&mut self, field: &'static str, unit: usize) -> Result<usize, Corrupt> {
        let n = self.u64(field)?;
        let left = (self.bytes.len() - self.at) as u64;
        if unit > 0 && n.saturating_mul(unit as u64) > left {
            return Err(corrupt(
                field,
                Why::CountTooLarge {
                    count: n,
                    unit,
                    left,
                },
            ));
        }
        Ok(n as usize)
    }

    /// `n` limbs.
    pub fn limbs(&mut self, n: usize, field: &'static str) -> Result<Vec<u64>, Corrupt> {
        let bytes = self.take(
            n.checked_mul(8)
                .ok_or_else(|| corrupt(field, Why::LengthOverflows))?,
            field,
        )?;
        Ok(bytes
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
            .collect())
    }

    /// Errors unless every byte was read.
    pub fn finish(&self) -> Result<(), Corrupt> {
        if self.at != self.bytes.len() {
            let unread = self.bytes.len() - self.at;
            return Err(corrupt("payload", Why::Unread { unread }));
        }
        Ok(())
    }
}

/// Appends little-endian values to a payload.
#[derive(Default)]
pub struct Writer {
    /// The payload so far.
    pub bytes: Vec<u8>,
}

impl Writer {
    /// One byte.
    pub fn u8(&mut self, v: u8) {
        self.bytes.push(v);
    }

    /// A `u32`.
    pub fn u32(&mut self, v: u32) {
        self.bytes.extend_from_slice(&v.to_le_bytes());
    }

    /// A `u64`.
    pub fn u64(&mut self, v: u64) {
        self.bytes.extend_from_slice(&v.to_le_bytes());
    }

    /// Limbs.
    pub fn limbs(&mut self, limbs: &[u64]) {
        self.bytes.reserve(limbs.len() * 8);
        for l in limbs {
            self.bytes.extend_from_slice(&l.to_le_bytes());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ID: [u8; 16] = [7; 16];

    #[test]
    fn round_trip_raw_and_compressed() {
        for payload in [vec![1u8, 2, 3], vec![0u8; 10_000]] {
            let e = encode(Kind::Generators, &ID, Bidegree::s_t(3, 17), &payload);
            assert_eq!(e.raw_len, payload.len());
            assert_eq!(
                decode(&e.bytes, Kind::Generators, &ID, Bidegree::s_t(3, 17)).unwrap(),
                payload
            );
        }
        let e = encode(Kind::Generators, &ID, Bidegree::s_t(3, 17), &[0u8; 10_000]);
        assert!(e.bytes.len() < 1000, "zeros compress");
    }

    #[test]
    fn every_truncation_and_every_flipped_byte_is_caught() {
        let payload: Vec<u8> = (0..300u32).map(|i| (i * 7 % 11) as u8).collect();
        let e = encode(Kind::Generators, &ID, Bidegree::s_t(2, 9), &payload);
        for n in 0..e.bytes.len() {
            assert!(
                decode(&e.bytes[..n], Kind::Generators, &ID, Bidegree::s_t(2, 9)).is_err(),
                "truncated to {n}"
            );
        }
        for i in 0..e.bytes.len() {
            let mut b = e.bytes.clone();
            b[i] ^= 0x10;
            assert!(
                decode(&b, Kind::Generators, &ID, Bidegree::s_t(2, 9)).is_err(),
                "byte {i} flipped"
            );
        }
    }

    #[test]
    fn wrong_place_kind_or_directory_is_rejected() {
        let e = encode(Kind::Generators, &ID, Bidegree::s_t(2, 9), b"abc");
        assert_eq!(
            decode(&e.bytes, Kind::Generators, &ID, Bidegree::s_t(2, 10))
                .unwrap_err()
                .field,
            "bidegree"
        );
        assert_eq!(
            decode(&e.bytes, Kind::QuasiInverse, &ID, Bidegree::s_t(2, 9))
                .unwrap_err()
                .field,
            "kind"
        );
        assert_eq!(
            decode(&e.bytes, Kind::Generators, &[8; 16], Bidegree::s_t(2, 9))
                .unwrap_err()
                .field,
            "identity"
        );
    }

    #[test]
    fn reader_checks_lengths() {
        let mut w = Writer::default();
        w.u64(1_000_000);
        let mut r = Reader::new(&w.bytes);
        assert_eq!(r.len("n", 8).unwrap_err().field, "n");
    }
}
