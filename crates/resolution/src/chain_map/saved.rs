//! A lifted chain map as bytes, for a save directory (`adams products --save-dir`): a
//! second product by the same class reads the lift instead of recomputing it.
//!
//! Format (version 1), in the style of the save directory's records
//! (`crates/resolution/SAVE-FORMAT.md`): text header lines, a blank line, the payload.
//! At p = 2:
//!
//! ```text
//! adams-lift 1
//! source <module hash>        (save::module_hash of the source module)
//! target <module hash>        (of the target's)
//! shift <s0> <t0>
//! element <i> <j> …           (the lifted class: its basis indices)
//! max-t <t_0> <t_1> …         (the largest source degree of each level)
//! payload-blake3 <hex>
//!
//! payload: per level, per source generator in index order: the value's bit length (u32,
//! little endian), then its limbs (u64, little endian)
//! ```
//!
//! At an odd prime the first line is `adams-lift-odd 1` followed by `p <p>`, the element
//! line lists `<k>:<c>` for its nonzero coordinates, and each value is its length (u32,
//! little endian) followed by its entries, one byte each (p < 256) ([`LiftCodec`]).
//!
//! [`decode_into`] checks the header against what the caller expects (another prime,
//! module, class or range is [`Saved::Stale`], with the [`Mismatch`]: recompute) and the payload against its
//! checksum and the lengths the resolutions give ([`Saved::Corrupt`], with the reason).

use fp::{FpVector, FqVector, Prime, ValidPrime};
use steenrod::module::FiniteModule;
use steenrod::MilnorAlgebra;
use steenrod::{Algebra, Module, VectorOf};

use super::{apply, ChainMap, LiftModule};
use crate::Bidegree;

/// How a module's field writes a saved lift: the header's first lines, the lifted class,
/// and each value.
pub trait LiftCodec: Module {
    /// The format's first line.
    const MAGIC: &'static str;

    /// The hash a lift file names its modules by (`crate::save::module_hash`: that of
    /// the save directory's header).
    fn lift_hash(&self) -> String;

    /// The header's first lines (the format's name, and the prime where it is not 2).
    fn first_lines(field: <Self::Algebra as Algebra>::Field) -> String;

    /// The `element` line's list for the lifted class `v`.
    fn element(v: &VectorOf<Self>) -> String;

    /// Appends a value to the payload.
    fn write_value(v: &VectorOf<Self>, out: &mut Vec<u8>);

    /// One value of `len` entries from the front of `at`.
    ///
    /// Errors: [`Saved::Corrupt`] when the bytes do not hold one.
    fn read_value(
        at: &mut &[u8],
        field: <Self::Algebra as Algebra>::Field,
        len: usize,
    ) -> Result<VectorOf<Self>, Saved>;
}

impl LiftCodec for FiniteModule {
    const MAGIC: &'static str = "adams-lift 1";

    fn lift_hash(&self) -> String {
        crate::save::module_hash(self)
    }

    fn first_lines(_: fp::P2) -> String {
        format!("{}\n", Self::MAGIC)
    }

    fn element(v: &FpVector) -> String {
        let ones: Vec<String> = v.iter_ones().map(|k| k.to_string()).collect();
        ones.join(" ")
    }

    fn write_value(v: &FpVector, out: &mut Vec<u8>) {
        out.extend_from_slice(&(v.len() as u32).to_le_bytes());
        for limb in v.limbs() {
            out.extend_from_slice(&limb.to_le_bytes());
        }
    }

    fn read_value(at: &mut &[u8], _: fp::P2, len: usize) -> Result<FpVector, Saved> {
        read_bits(at, len)
    }
}

impl LiftCodec for FiniteModule<MilnorAlgebra<ValidPrime>> {
    const MAGIC: &'static str = "adams-lift-odd 1";

    fn lift_hash(&self) -> String {
        crate::save::module_hash(self)
    }

    fn first_lines(p: ValidPrime) -> String {
        format!("{}\np {}\n", Self::MAGIC, p.value())
    }

    fn element(v: &FqVector<ValidPrime>) -> String {
        let entries: Vec<String> = v.iter_nonzero().map(|(k, c)| format!("{k}:{c}")).collect();
        entries.join(" ")
    }

    fn write_value(v: &FqVector<ValidPrime>, out: &mut Vec<u8>) {
        out.extend_from_slice(&(v.len() as u32).to_le_bytes());
        // Entries lie in 0..p, p < 256.
        out.extend((0..v.len()).map(|k| v.entry(k) as u8));
    }

    fn read_value(
        at: &mut &[u8],
        p: ValidPrime,
        len: usize,
    ) -> Result<FqVector<ValidPrime>, Saved> {
        read_length(at, len, "entries")?;
        let (body, rest) = at
            .split_at_checked(len)
            .ok_or_else(|| corrupt("the payload ends early"))?;
        if body.iter().any(|&e| u32::from(e) >= p.value()) {
            return Err(corrupt(&format!("an entry not below p = {}", p.value())));
        }
        let entries: Vec<u32> = body.iter().map(|&e| u32::from(e)).collect();
        *at = rest;
        Ok(FqVector::from_entries(p, &entries))
    }
}

/// What the header of a lift must say to be used.
pub struct Expected<'s, V = FpVector> {
    /// Hash of the source module.
    pub source: &'s str,
    /// Hash of the target module.
    pub target: &'s str,
    /// The class lifted (its coordinates).
    pub element: &'s V,
}

/// A saved lift that could not be used.
#[derive(Debug, PartialEq, Eq)]
pub enum Saved {
    /// Made for another module, class or range (which of them: the first header line
    /// that differs): recompute (not an error).
    Stale(Mismatch),
    /// Damaged: the reason, one line.
    Corrupt(String),
}

/// What a stale lift file was made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mismatch {
    /// Another prime, source or target module (the `p`, `source` or `target` line).
    Module,
    /// Another class (the `shift` or `element` line): in a save directory, whose file
    /// names name the class, a file put in another's place.
    Class,
    /// The same class lifted through another range (the `max-t` line, or more levels
    /// than the resolution holds): the normal case after a run is extended.
    Range,
}

impl Mismatch {
    /// The first header line of `found` that differs from `want` (both headers of one
    /// format, line by line), by its key.
    fn between(want: &str, found: &[u8]) -> Mismatch {
        let found = String::from_utf8_lossy(found);
        let differs = want
            .lines()
            .zip(found.lines())
            .find(|(w, f)| w != f)
            .map_or("", |(w, _)| w.split(' ').next().unwrap_or(""));
        match differs {
            "p" | "source" | "target" => Mismatch::Module,
            "shift" | "element" => Mismatch::Class,
            _ => Mismatch::Range,
        }
    }
}

fn header<M: LiftModule>(map: &ChainMap<'_, M>, expected: &Expected<'_, VectorOf<M>>) -> String {
    let max_t: Vec<String> = map.max_t.iter().map(|t| t.to_string()).collect();
    format!(
        "{}source {}\ntarget {}\nshift {} {}\nelement {}\nmax-t {}\n",
        M::first_lines(map.source.prime()),
        expected.source,
        expected.target,
        map.source_base,
        map.t_shift,
        M::element(expected.element),
        max_t.join(" "),
    )
}

/// The bytes of `map` (a chain map: `target_base = 0`) for the class `expected.element`.
pub fn encode<M: LiftModule>(
    map: &ChainMap<'_, M>,
    expected: &Expected<'_, VectorOf<M>>,
) -> Vec<u8> {
    let mut payload = Vec::new();
    for level in &map.levels {
        for v in level {
            M::write_value(&v.value, &mut payload);
        }
    }
    let mut out = header(map, expected).into_bytes();
    out.extend_from_slice(
        format!("payload-blake3 {}\n\n", blake3::hash(&payload).to_hex()).as_bytes(),
    );
    out.extend_from_slice(&payload);
    out
}

/// Fills `map` (made by [`ChainMap::lift`]'s checks with no levels yet, whose bounds
/// `max_t` the caller computed as a lift would) from `bytes`.
pub(crate) fn decode_into<M: LiftModule>(
    map: &mut ChainMap<'_, M>,
    max_t: &[i32],
    bytes: &[u8],
    expected: &Expected<'_, VectorOf<M>>,
) -> Result<(), Saved> {
    let want = ChainMap {
        max_t: max_t.to_vec(),
        levels: Vec::new(),
        ..map.shallow()
    };
    let head = header(&want, expected);
    let mut at = payload(bytes, &head, M::MAGIC)?;
    let field = map.target.prime();
    for (i, &top) in max_t.iter().enumerate() {
        let i = i as u32;
        let row = map.source.free_module(map.source_base + i);
        let mut values = Vec::new();
        for t in row.min_degree()..=top {
            for _ in row.gens(t) {
                let b = Bidegree::s_t(map.target_base + i, t - map.t_shift);
                let len = if b.t() < map.target.free_module(b.s()).min_degree() {
                    0
                } else {
                    super::target::dim(map.target, b, true)
                };
                let value = M::read_value(&mut at, field, len)?;
                values.push(match len {
                    0 => apply::nothing(map.target),
                    _ => apply::element(map.target, b, value),
                });
            }
        }
        map.levels.push(values);
        map.max_t.push(top);
    }
    if !at.is_empty() {
        return Err(corrupt("bytes after the last value"));
    }
    Ok(())
}

/// The payload of a lift file `bytes` whose header must be `head` (a file starting with
/// `magic` and another header is [`Saved::Stale`], saying which line differs), checked against the checksum line
/// `payload-blake3 <hex>` and the blank line that follow the header; a file cut short
/// inside its header (no checksum line) is [`Saved::Corrupt`].
pub(crate) fn payload<'b>(bytes: &'b [u8], head: &str, magic: &str) -> Result<&'b [u8], Saved> {
    let Some(rest) = bytes.strip_prefix(head.as_bytes()) else {
        // Another header is stale only when whole: a file cut short before its checksum
        // line is damaged.
        let whole = bytes.windows(16).any(|w| w == b"\npayload-blake3 ");
        return match bytes.starts_with(magic.as_bytes()) {
            true if whole => Err(Saved::Stale(Mismatch::between(head, bytes))),
            true => Err(corrupt("the file ends inside its header")),
            false => Err(Saved::Corrupt(format!("does not start with {magic:?}"))),
        };
    };
    let line_end = rest
        .iter()
        .position(|&b| b == b'\n')
        .ok_or_else(|| corrupt("no checksum line"))?;
    let line =
        std::str::from_utf8(&rest[..line_end]).map_err(|_| corrupt("checksum line is not text"))?;
    let sum = line
        .strip_prefix("payload-blake3 ")
        .ok_or_else(|| corrupt("no checksum line"))?;
    let payload = rest[line_end + 1..]
        .strip_prefix(b"\n")
        .ok_or_else(|| corrupt("no blank line after the header"))?;
    if blake3::hash(payload).to_hex().as_str() != sum {
        return Err(corrupt("the payload does not match its checksum"));
    }
    Ok(payload)
}

pub(crate) fn corrupt(why: &str) -> Saved {
    Saved::Corrupt(why.to_string())
}

/// Reads a value's length (u32, little endian) from the front of `at` and checks it is
/// `len` (`unit`: what it counts, for the message); `at` is left after it.
pub(crate) fn read_length(at: &mut &[u8], len: usize, unit: &str) -> Result<(), Saved> {
    let (head, rest) = at
        .split_at_checked(4)
        .ok_or_else(|| corrupt("the payload ends early"))?;
    let n = u32::from_le_bytes(head.try_into().expect("4 bytes")) as usize;
    if n != len {
        return Err(corrupt(&format!(
            "a value of {n} {unit} where the resolution has {len}"
        )));
    }
    *at = rest;
    Ok(())
}

/// One value of `len` bits from the front of `at`.
fn read_bits(at: &mut &[u8], len: usize) -> Result<FpVector, Saved> {
    read_length(at, len, "bits")?;
    let limbs = len.div_ceil(64);
    let (body, rest) = at
        .split_at_checked(8 * limbs)
        .ok_or_else(|| corrupt("the payload ends early"))?;
    let limbs: Vec<u64> = body
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
        .collect();
    if !len.is_multiple_of(64) && limbs.last().is_some_and(|l| l >> (len % 64) != 0) {
        return Err(corrupt("bits set past a value's length"));
    }
    *at = rest;
    Ok(FpVector::from_limbs(len, limbs))
}
