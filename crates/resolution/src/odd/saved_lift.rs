//! A lifted chain map at an odd prime as bytes, for a save directory (`adams products
//! --save-dir` at odd p): a second product by the same class reads the lift instead of
//! recomputing it. The odd-primary twin of `crate::chain_map::saved` (p = 2).
//!
//! Format (version 1): text header lines, a blank line, the payload.
//!
//! ```text
//! adams-lift-odd 1
//! p <p>
//! source <module hash>        (save::odd_module_hash of the source module)
//! target <module hash>        (of the target's)
//! shift <s0> <t0>
//! element <k>:<c> …           (the lifted class: its nonzero coordinates)
//! max-t <t_0> <t_1> …         (the largest source degree of each level)
//! payload-blake3 <hex>
//!
//! payload: per level, per source generator in index order: the value's length (u32,
//! little endian), then its entries, one byte each (p < 256)
//! ```
//!
//! [`load_class`] checks the header against what the caller expects (another module,
//! class or range is [`Saved::Stale`]: recompute) and the payload against its checksum,
//! the lengths the resolutions give and `0 ≤ entry < p` ([`Saved::Corrupt`]).

use fp::{FqVector, Prime, ValidPrime};

use super::chain_map::{column_offsets, element, OddChainMap, OddLiftTarget};
use super::massey::OddExtElement;
use crate::chain_map::saved::{corrupt, payload, read_length, Saved};
use crate::Bidegree;
use crate::Resolution;
use steenrod::module::OddModule;

const MAGIC: &str = "adams-lift-odd 1";

/// The hashes of the source and target modules a lift must name to be used
/// (`save::odd_module_hash`).
pub type Hashes<'s> = (&'s str, &'s str);

fn header(map: &OddChainMap<'_>, y: &OddExtElement, hashes: Hashes<'_>) -> String {
    let element: Vec<String> = y
        .vector
        .iter_nonzero()
        .map(|(k, c)| format!("{k}:{c}"))
        .collect();
    let max_t: Vec<String> = map.max_t.iter().map(|t| t.to_string()).collect();
    format!(
        "{MAGIC}\np {}\nsource {}\ntarget {}\nshift {} {}\nelement {}\nmax-t {}\n",
        map.source.prime().value(),
        hashes.0,
        hashes.1,
        map.source_base,
        map.t_shift,
        element.join(" "),
        max_t.join(" ")
    )
}

/// The bytes of `map`, the lift of `y` ([`super::massey::lift`]).
pub fn encode(map: &OddChainMap<'_>, y: &OddExtElement, hashes: Hashes<'_>) -> Vec<u8> {
    let mut payload = Vec::new();
    for level in &map.levels {
        for v in level {
            let len = v.value.len();
            payload.extend_from_slice(&(len as u32).to_le_bytes());
            // Entries lie in 0..p, p < 256.
            payload.extend((0..len).map(|k| v.value.entry(k) as u8));
        }
    }
    let mut out = header(map, y, hashes).into_bytes();
    out.extend_from_slice(
        format!("payload-blake3 {}\n\n", blake3::hash(&payload).to_hex()).as_bytes(),
    );
    out.extend_from_slice(&payload);
    out
}

/// The lift of `y ∈ Ext(source)` into `tgt`'s resolution, `levels` deep, read from `bytes`
/// (written by [`encode`] for a lift as [`super::massey::lift`] makes it with these ranges).
///
/// Errors: [`Saved::Stale`] when the header names another prime, module, class or range
/// (or `y` is past the source's range); [`Saved::Corrupt`] with the reason otherwise.
pub fn load_class<'a>(
    source: &'a Resolution<OddModule>,
    tgt: &OddLiftTarget<'a>,
    y: &OddExtElement,
    levels: u32,
    bytes: &[u8],
    hashes: Hashes<'_>,
) -> Result<OddChainMap<'a>, Saved> {
    if y.bidegree.s() > source.config().max_s {
        return Err(Saved::Stale);
    }
    let mut map = OddChainMap::empty(source, tgt.resolution(), y.bidegree, 0);
    let n = levels.min(map.level_count());
    let max_t: Vec<i32> = (0..n).map(|i| map.bound(i, None)).collect();
    map.max_t.clone_from(&max_t);
    let head = header(&map, y, hashes);
    map.max_t.clear();
    let mut at = payload(bytes, &head, MAGIC)?;
    let p = source.prime();
    for (i, &top) in max_t.iter().enumerate() {
        let i = i as u32;
        let row = source.free_module(map.source_base + i);
        let mut values = Vec::new();
        for t in row.min_degree()..=top {
            for _ in row.gens(t) {
                let b = Bidegree::s_t(i, t - map.t_shift);
                let len = *column_offsets(map.target, i, b.t()).last().expect("length");
                let value = read_vector(&mut at, p, len)?;
                values.push(element(map.target, i, b.t(), value));
            }
        }
        map.levels.push(values);
        map.max_t.push(top);
    }
    if !at.is_empty() {
        return Err(corrupt("bytes after the last value"));
    }
    Ok(map)
}

/// One value of `len` entries from the front of `at`.
fn read_vector(at: &mut &[u8], p: ValidPrime, len: usize) -> Result<FqVector<ValidPrime>, Saved> {
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
