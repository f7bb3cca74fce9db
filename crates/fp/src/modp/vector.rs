//! [`FqVector`]: a vector over F_p, entries packed several per `u64` limb.

use std::fmt;

use super::limb::LimbField;
use crate::{extract_bits_into, Prime, LIMB_BITS};

/// A vector in F_p^len, entries packed several per `u64` limb.
///
/// Layout: `⌈len / e⌉` little-endian limbs with `e = p.entries_per_limb()` entries
/// each; entry `j` is the field of `b = p.bits()` bits at bit `(j % e)·b` of limb
/// `j / e`, a number in `0..p`. Bits of a limb above its `e` fields and the fields of
/// entries `>= len` are zero. At p = 2 (`b = 1`, `e = 64`) this is exactly the
/// layout of [`crate::FpVector`], which is `FqVector<P2>`.
///
/// Equality and hashing compare the prime, `len` and the entries.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct FqVector<P: Prime> {
    p: P,
    len: usize,
    limbs: Vec<u64>,
}

/// Why [`FqVector::from_limbs`] refused its limbs.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LimbsError {
    /// The number of limbs is not `⌈len / entries_per_limb⌉`.
    #[error("{got} limbs for a vector of length {len} at p = {p} (expected {expected})")]
    WrongLimbCount {
        /// p.
        p: u32,
        /// The vector's length.
        len: usize,
        /// Limbs needed.
        expected: usize,
        /// Limbs given.
        got: usize,
    },
    /// An entry is not in `0..p`.
    #[error("entry {index} is {value}, not in 0..{p}")]
    EntryTooLarge {
        /// p.
        p: u32,
        /// The entry's index.
        index: usize,
        /// Its value.
        value: u32,
    },
    /// A bit outside the entries (above the fields of a limb, or in the fields past
    /// `len`) is set.
    #[error("limb {limb} has bits set outside the entries of a vector of length {len}")]
    PaddingNotZero {
        /// The limb's index.
        limb: usize,
        /// The vector's length.
        len: usize,
    },
}

impl<P: Prime> FqVector<P> {
    /// The zero vector of length `len`.
    pub fn zero(p: P, len: usize) -> Self {
        let limbs = vec![0; LimbField::new(p).limbs_for(len)];
        FqVector { p, len, limbs }
    }

    /// The vector with entries `entries` (each reduced mod p).
    pub fn from_entries(p: P, entries: &[u32]) -> Self {
        let mut v = Self::zero(p, entries.len());
        for (j, &e) in entries.iter().enumerate() {
            v.set_entry(j, e);
        }
        v
    }

    /// Wrap packed limbs (as returned by [`FqVector::limbs`]) as a vector of length
    /// `len`.
    ///
    /// Errors: [`LimbsError`] if the limb count is not `⌈len / entries_per_limb⌉`,
    /// an entry is `>= p`, or a bit outside the entries is set.
    pub fn try_from_limbs(p: P, len: usize, limbs: Vec<u64>) -> Result<Self, LimbsError> {
        let f = LimbField::new(p);
        let expected = f.limbs_for(len);
        if limbs.len() != expected {
            return Err(LimbsError::WrongLimbCount {
                p: f.p,
                len,
                expected,
                got: limbs.len(),
            });
        }
        // At p = 2 every bit of a limb is an entry: only the last limb has padding.
        if f.p != 2 {
            if let Some(i) = limbs.iter().position(|&l| l & !f.full != 0) {
                return Err(LimbsError::PaddingNotZero { limb: i, len });
            }
        }
        if let Some(&last) = limbs.last() {
            if last & !f.last_mask(len) != 0 {
                return Err(LimbsError::PaddingNotZero {
                    limb: expected - 1,
                    len,
                });
            }
        }
        let v = FqVector { p, len, limbs };
        if f.p != 2 {
            if let Some(index) = (0..len).find(|&j| v.entry(j) >= f.p) {
                let value = v.entry(index);
                return Err(LimbsError::EntryTooLarge {
                    p: f.p,
                    index,
                    value,
                });
            }
        }
        Ok(v)
    }

    /// The prime.
    #[inline]
    pub fn prime(&self) -> P {
        self.p
    }

    /// Length (dimension of the ambient space F_p^len).
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the length is zero (see [`FqVector::is_zero`] for the zero vector).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The packed limbs (for save files; the layout is in the type's docs).
    #[inline]
    pub fn limbs(&self) -> &[u64] {
        &self.limbs
    }

    /// The packed limbs, mutably. The caller keeps every field in `0..p` and the bits
    /// outside the entries zero.
    #[inline]
    pub fn limbs_mut(&mut self) -> &mut [u64] {
        &mut self.limbs
    }

    /// Consume the vector, returning its limbs.
    pub fn into_limbs(self) -> Vec<u64> {
        self.limbs
    }

    #[inline]
    pub(crate) fn field(&self) -> LimbField {
        LimbField::new(self.p)
    }

    #[inline]
    fn check_index(&self, i: usize) {
        assert!(
            i < self.len,
            "index {i} out of a vector of length {}",
            self.len
        );
    }

    /// Entry `i`, in `0..p`. Panics if `i >= len`.
    #[inline]
    pub fn entry(&self, i: usize) -> u32 {
        self.check_index(i);
        self.field().get(&self.limbs, i)
    }

    /// Set entry `i` to `v mod p`. Panics if `i >= len`.
    #[inline]
    pub fn set_entry(&mut self, i: usize, v: u32) {
        self.check_index(i);
        let f = self.field();
        let shift = (i % f.epl) as u32 * f.bits;
        let limb = &mut self.limbs[i / f.epl];
        *limb = (*limb & !(f.mask << shift)) | (u64::from(v % f.p) << shift);
    }

    /// `self[i] += c` (mod p; at p = 2 a bit flip). Panics if `i >= len`.
    #[inline]
    pub fn add_basis_element(&mut self, i: usize, c: u32) {
        let p = self.p.value();
        if p == 2 {
            self.check_index(i);
            self.limbs[i / LIMB_BITS] ^= u64::from(c & 1) << (i % LIMB_BITS);
            return;
        }
        let e = self.entry(i);
        self.set_entry(i, e + c % p);
    }

    /// `self += c·other` (c read mod p), limb by limb.
    ///
    /// Panics if the lengths differ.
    pub fn add_scaled(&mut self, other: &FqVector<P>, c: u32) {
        assert_eq!(
            self.len, other.len,
            "FqVector::add_scaled: lengths {} and {}",
            self.len, other.len
        );
        let f = self.field();
        f.add_mul_limbs(&mut self.limbs, &other.limbs, c % f.p);
    }

    /// `self[offset + j] += c·other[j]` for every `j` (c read mod p), limb by limb
    /// (the limbs of `other` are realigned when `offset` is not a multiple of the
    /// entries per limb; at p = 2 by shifts, skipping zero limbs of `other`).
    ///
    /// Panics if `offset + other.len() > self.len()`.
    pub fn add_at(&mut self, other: &FqVector<P>, c: u32, offset: usize) {
        assert!(
            offset + other.len <= self.len,
            "FqVector::add_at: {} entries at offset {offset} in a vector of length {}",
            other.len,
            self.len
        );
        let f = self.field();
        let c = c % f.p;
        if other.len == 0 || c == 0 {
            return;
        }
        if f.p == 2 {
            xor_shifted(&mut self.limbs, &other.limbs, offset);
            return;
        }
        if offset.is_multiple_of(f.epl) {
            let first = offset / f.epl;
            let dst = &mut self.limbs[first..first + other.limbs.len()];
            f.add_mul_limbs(dst, &other.limbs, c);
            return;
        }
        let first = offset / f.epl;
        let last = (offset + other.len - 1) / f.epl;
        for l in first..=last {
            let y = f.gather(&other.limbs, (l * f.epl) as isize - offset as isize);
            f.add_mul_limbs(&mut self.limbs[l..=l], &[y], c);
        }
    }

    /// `self *= c` (c read mod p).
    pub fn scale(&mut self, c: u32) {
        let f = self.field();
        match c % f.p {
            0 => self.clear(),
            1 => {}
            c => self.limbs.iter_mut().for_each(|l| *l = f.mul(*l, c)),
        }
    }

    /// The dot product `Σ_j self[j]·other[j]` mod p.
    ///
    /// Panics if the lengths differ.
    pub fn dot(&self, other: &FqVector<P>) -> u32 {
        assert_eq!(
            self.len, other.len,
            "FqVector::dot: lengths {} and {}",
            self.len, other.len
        );
        let p = self.p.value();
        self.iter_nonzero()
            .fold(0, |acc, (j, e)| (acc + e * other.entry(j)) % p)
    }

    /// Whether every entry is zero.
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.limbs.iter().all(|&l| l == 0)
    }

    /// Set every entry to zero.
    pub fn clear(&mut self) {
        self.limbs.fill(0);
    }

    /// The first nonzero entry `(index, value)`, if any.
    pub fn first_nonzero(&self) -> Option<(usize, u32)> {
        let f = self.field();
        let (l, &limb) = self.limbs.iter().enumerate().find(|(_, &l)| l != 0)?;
        let j = l * f.epl + (limb.trailing_zeros() / f.bits) as usize;
        Some((j, f.get(&self.limbs, j)))
    }

    /// The nonzero entries `(index, value)` in increasing index (at p = 2 the set
    /// bits, each with value 1).
    #[inline]
    pub fn iter_nonzero(&self) -> NonzeroEntries<'_, P> {
        NonzeroEntries {
            p: self.p,
            limbs: &self.limbs,
            idx: 0,
            rest: self.limbs.first().copied().unwrap_or(0),
        }
    }

    /// All entries, in order.
    pub fn entries(&self) -> Vec<u32> {
        let f = self.field();
        (0..self.len).map(|j| f.get(&self.limbs, j)).collect()
    }

    /// Entries `start..end` as a new vector. Panics unless `start <= end <= len`.
    pub fn slice(&self, start: usize, end: usize) -> FqVector<P> {
        assert!(
            start <= end && end <= self.len,
            "FqVector::slice: {start}..{end} out of a vector of length {}",
            self.len
        );
        Self::from_packed_range(self.p, &self.limbs, start, end - start)
    }

    /// Entries `start..start + len` of the packed limbs `src` as a new vector.
    ///
    /// Panics if `src` holds fewer than `start + len` entries.
    pub(crate) fn from_packed_range(p: P, src: &[u64], start: usize, len: usize) -> Self {
        let mut out = Self::zero(p, len);
        packed_range_into(p, src, start, len, &mut out.limbs);
        out
    }
}

/// Entries `start..start + len` of the packed limbs `src` written into `out`, the
/// `⌈len / entries_per_limb⌉` limbs of a vector of length `len` (at p = 2 by bit
/// extraction), without allocating.
///
/// Panics if `src` holds fewer than `start + len` entries or `out` has another length.
#[inline]
pub(crate) fn packed_range_into<P: Prime>(
    p: P,
    src: &[u64],
    start: usize,
    len: usize,
    out: &mut [u64],
) {
    let f = LimbField::new(p);
    if f.p == 2 {
        extract_bits_into(src, start, len, out);
        return;
    }
    assert!(
        start + len <= src.len() * f.epl && out.len() == f.limbs_for(len),
        "FqVector: entries {start}..{} out of {} limbs into {} limbs",
        start + len,
        src.len(),
        out.len()
    );
    for (i, l) in out.iter_mut().enumerate() {
        *l = f.gather(src, (start + i * f.epl) as isize);
    }
    if let Some(last) = out.last_mut() {
        *last &= f.last_mask(len);
    }
}

/// The nonzero entries `(index, value)` of an [`FqVector`], in increasing index
/// (returned by [`FqVector::iter_nonzero`]).
#[derive(Clone, Debug)]
pub struct NonzeroEntries<'a, P: Prime> {
    /// The prime (its packing constants are compile-time constants at `P2`).
    p: P,
    limbs: &'a [u64],
    /// Index of the limb `rest` came from.
    idx: usize,
    /// The fields of limb `idx` not yet yielded (the others cleared).
    rest: u64,
}

impl<P: Prime> Iterator for NonzeroEntries<'_, P> {
    type Item = (usize, u32);

    #[inline]
    fn next(&mut self) -> Option<(usize, u32)> {
        while self.rest == 0 {
            self.idx += 1;
            self.rest = *self.limbs.get(self.idx)?;
        }
        let f = LimbField::new(self.p);
        // The lowest set bit lies in the lowest nonzero field.
        let k = self.rest.trailing_zeros() / f.bits;
        let shift = k * f.bits;
        let value = ((self.rest >> shift) & f.mask) as u32;
        self.rest &= !(f.mask << shift);
        Some((self.idx * f.epl + k as usize, value))
    }
}

/// `dst[offset + j] ^= src[j]` for every bit `j` of `src` (F_2 limbs, the bits of
/// `src` past its length zero, `offset + 64·src.len()` bits fitting `dst` up to those
/// zero bits); zero limbs of `src` are skipped.
#[inline]
fn xor_shifted(dst: &mut [u64], src: &[u64], offset: usize) {
    let base = offset / LIMB_BITS;
    let sh = offset % LIMB_BITS;
    for (i, &w) in src.iter().enumerate() {
        if w == 0 {
            continue;
        }
        dst[base + i] ^= w << sh;
        if sh != 0 {
            let hi = w >> (LIMB_BITS - sh);
            // `hi != 0` implies the bits exist: src's bits past its length are zero
            // and the range fits in dst.
            if hi != 0 {
                dst[base + i + 1] ^= hi;
            }
        }
    }
}

impl<P: Prime> fmt::Debug for FqVector<P> {
    /// `FpVector(len; bits)` at p = 2 (bits `0`/`1`, index 0 first), `F_p[entries]`
    /// otherwise.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.p.value() == 2 {
            write!(f, "FpVector({}; ", self.len)?;
            for e in self.entries() {
                write!(f, "{e}")?;
            }
            return f.write_str(")");
        }
        write!(f, "F_{}", self.p.value())?;
        f.debug_list().entries(self.entries()).finish()
    }
}
