//! [`FpVector`]: a bit-packed vector over F_2.

use std::fmt;

use crate::{extract_bits, last_limb_mask, limbs_for, LIMB_BITS};

/// A vector in F_2^len, bit-packed into `u64` limbs.
///
/// Bit `j` is `limbs[j / 64] >> (j % 64) & 1`; the vector holds exactly
/// `limbs_for(len)` limbs and every bit at index `>= len` is zero (all methods
/// maintain this; callers writing through [`FpVector::limbs_mut`] must too).
///
/// Addition is XOR. Equality and hashing compare `len` and the bits.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct FpVector {
    len: usize,
    limbs: Vec<u64>,
}

impl FpVector {
    /// The zero vector of length `len`.
    pub fn new(len: usize) -> Self {
        FpVector {
            len,
            limbs: vec![0; limbs_for(len)],
        }
    }

    /// The vector of length `len` with ones exactly at `ones` (repeats toggle
    /// twice and cancel).
    ///
    /// Panics if some index is `>= len`.
    pub fn from_ones(len: usize, ones: &[usize]) -> Self {
        let mut v = Self::new(len);
        for &j in ones {
            v.flip(j);
        }
        v
    }

    /// The vector whose bit `j` is `bits[j]`; length `bits.len()`.
    pub fn from_bools(bits: &[bool]) -> Self {
        let mut v = Self::new(bits.len());
        for (j, &b) in bits.iter().enumerate() {
            if b {
                v.limbs[j / LIMB_BITS] |= 1 << (j % LIMB_BITS);
            }
        }
        v
    }

    /// Wrap raw limbs as a vector of length `len`.
    ///
    /// Panics if `limbs.len() != limbs_for(len)` or if a bit at index
    /// `>= len` is set.
    pub fn from_limbs(len: usize, limbs: Vec<u64>) -> Self {
        assert_eq!(
            limbs.len(),
            limbs_for(len),
            "FpVector::from_limbs: {} limbs given for length {len}",
            limbs.len()
        );
        if let Some(&last) = limbs.last() {
            assert_eq!(
                last & !last_limb_mask(len),
                0,
                "FpVector::from_limbs: bits set past length {len}"
            );
        }
        FpVector { len, limbs }
    }

    /// Length (dimension of the ambient space F_2^len).
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the length is zero (not whether the vector is zero; see
    /// [`FpVector::is_zero`]).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The `limbs_for(len)` limbs.
    #[inline]
    pub fn limbs(&self) -> &[u64] {
        &self.limbs
    }

    /// Mutable access to the limbs. The caller must leave bits `>= len` zero.
    #[inline]
    pub fn limbs_mut(&mut self) -> &mut [u64] {
        &mut self.limbs
    }

    /// Consume the vector, returning its limbs.
    pub fn into_limbs(self) -> Vec<u64> {
        self.limbs
    }

    /// Bit `j`. Panics if `j >= len`.
    #[inline]
    pub fn get(&self, j: usize) -> bool {
        self.check_index(j);
        (self.limbs[j / LIMB_BITS] >> (j % LIMB_BITS)) & 1 == 1
    }

    /// Set bit `j` to `value`. Panics if `j >= len`.
    #[inline]
    pub fn set(&mut self, j: usize, value: bool) {
        self.check_index(j);
        let bit = 1u64 << (j % LIMB_BITS);
        if value {
            self.limbs[j / LIMB_BITS] |= bit;
        } else {
            self.limbs[j / LIMB_BITS] &= !bit;
        }
    }

    /// Toggle bit `j` (add the basis vector e_j). Panics if `j >= len`.
    #[inline]
    pub fn flip(&mut self, j: usize) {
        self.check_index(j);
        self.limbs[j / LIMB_BITS] ^= 1 << (j % LIMB_BITS);
    }

    /// `self += other` (XOR). Panics if the lengths differ.
    pub fn add(&mut self, other: &FpVector) {
        assert_eq!(
            self.len, other.len,
            "FpVector::add: lengths {} and {} differ",
            self.len, other.len
        );
        xor_into(&mut self.limbs, &other.limbs);
    }

    /// `self += w` where `w` is given by its limbs (same layout as
    /// [`FpVector::limbs`]). Bits of `limbs` at index `>= len` are ignored.
    ///
    /// Panics if `limbs.len() != limbs_for(len)`.
    pub fn add_limbs(&mut self, limbs: &[u64]) {
        assert_eq!(
            limbs.len(),
            self.limbs.len(),
            "FpVector::add_limbs: {} limbs given for length {}",
            limbs.len(),
            self.len
        );
        xor_into(&mut self.limbs, limbs);
        self.mask_tail();
    }

    /// Add `other` into bits `offset..offset + other.len()` of `self`
    /// (i.e. `self[offset + j] ^= other[j]`).
    ///
    /// Panics if `offset + other.len() > self.len()`.
    pub fn add_shifted(&mut self, other: &FpVector, offset: usize) {
        assert!(
            offset + other.len <= self.len,
            "FpVector::add_shifted: {} bits at offset {offset} overflow length {}",
            other.len,
            self.len
        );
        let base = offset / LIMB_BITS;
        let sh = offset % LIMB_BITS;
        for (i, &w) in other.limbs.iter().enumerate() {
            if w == 0 {
                continue;
            }
            self.limbs[base + i] ^= w << sh;
            if sh != 0 {
                let hi = w >> (LIMB_BITS - sh);
                // `hi != 0` implies the bits exist, because other's bits past
                // its length are zero and the range fits in self.
                if hi != 0 {
                    self.limbs[base + i + 1] ^= hi;
                }
            }
        }
    }

    /// Whether every bit is zero (true for the empty vector).
    pub fn is_zero(&self) -> bool {
        self.limbs.iter().all(|&w| w == 0)
    }

    /// Index of the lowest set bit, or `None` if the vector is zero.
    pub fn first_one(&self) -> Option<usize> {
        self.limbs
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(i, &w)| i * LIMB_BITS + w.trailing_zeros() as usize)
    }

    /// Iterator over the indices of set bits, ascending.
    pub fn iter_ones(&self) -> Ones<'_> {
        Ones::new(&self.limbs)
    }

    /// Number of set bits.
    pub fn count_ones(&self) -> usize {
        self.limbs.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Set every bit to zero (length unchanged).
    pub fn clear(&mut self) {
        self.limbs.fill(0);
    }

    /// The sub-vector of bits `start..end`, of length `end - start`.
    ///
    /// Panics if `start > end` or `end > len`.
    pub fn slice(&self, start: usize, end: usize) -> FpVector {
        assert!(
            start <= end && end <= self.len,
            "FpVector::slice: range {start}..{end} invalid for length {}",
            self.len
        );
        FpVector {
            len: end - start,
            limbs: extract_bits(&self.limbs, start, end - start),
        }
    }

    /// The dot product `Σ self[j]·other[j]` in F_2. Panics if lengths differ.
    pub fn dot(&self, other: &FpVector) -> bool {
        assert_eq!(
            self.len, other.len,
            "FpVector::dot: lengths {} and {} differ",
            self.len, other.len
        );
        let ones: u32 = self
            .limbs
            .iter()
            .zip(&other.limbs)
            .map(|(a, b)| (a & b).count_ones())
            .sum();
        ones & 1 == 1
    }

    #[inline]
    fn check_index(&self, j: usize) {
        assert!(
            j < self.len,
            "FpVector: index {j} out of range for length {}",
            self.len
        );
    }

    fn mask_tail(&mut self) {
        if let Some(last) = self.limbs.last_mut() {
            *last &= last_limb_mask(self.len);
        }
    }
}

/// `dst[i] ^= src[i]` for each limb (lengths must agree).
#[inline]
pub(crate) fn xor_into(dst: &mut [u64], src: &[u64]) {
    debug_assert_eq!(dst.len(), src.len());
    for (d, s) in dst.iter_mut().zip(src) {
        *d ^= *s;
    }
}

impl fmt::Debug for FpVector {
    /// Prints `FpVector(len; bits)` with bits as `0`/`1`, index 0 first.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "FpVector({}; ", self.len)?;
        for j in 0..self.len {
            f.write_str(if self.get(j) { "1" } else { "0" })?;
        }
        f.write_str(")")
    }
}

/// Iterator over the set-bit indices of a limb slice, ascending
/// (returned by [`FpVector::iter_ones`]).
#[derive(Clone, Debug)]
pub struct Ones<'a> {
    limbs: &'a [u64],
    /// Index of the limb `cur` came from.
    idx: usize,
    /// Remaining (not yet yielded) bits of limb `idx`.
    cur: u64,
}

impl<'a> Ones<'a> {
    /// Iterate over the set bits of `limbs` (bit `j` at `limbs[j/64] >> (j%64)`).
    pub fn new(limbs: &'a [u64]) -> Self {
        Ones {
            limbs,
            idx: 0,
            cur: limbs.first().copied().unwrap_or(0),
        }
    }
}

impl Iterator for Ones<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        while self.cur == 0 {
            self.idx += 1;
            if self.idx >= self.limbs.len() {
                return None;
            }
            self.cur = self.limbs[self.idx];
        }
        let tz = self.cur.trailing_zeros() as usize;
        self.cur &= self.cur - 1;
        Some(self.idx * LIMB_BITS + tz)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_is_zero_and_sized() {
        for len in [0, 1, 63, 64, 65, 130] {
            let v = FpVector::new(len);
            assert_eq!(v.len(), len);
            assert_eq!(v.limbs().len(), limbs_for(len));
            assert!(v.is_zero());
            assert_eq!(v.first_one(), None);
            assert_eq!(v.is_empty(), len == 0);
        }
    }

    #[test]
    fn set_get_flip() {
        let mut v = FpVector::new(130);
        v.set(0, true);
        v.set(64, true);
        v.set(129, true);
        v.flip(5);
        v.flip(64);
        assert!(v.get(0) && v.get(5) && v.get(129));
        assert!(!v.get(64) && !v.get(1));
        assert_eq!(v.iter_ones().collect::<Vec<_>>(), vec![0, 5, 129]);
        assert_eq!(v.count_ones(), 3);
        assert_eq!(v.first_one(), Some(0));
        v.set(0, false);
        assert_eq!(v.first_one(), Some(5));
        assert_eq!(v.limbs()[2], 1 << 1);
    }

    #[test]
    #[should_panic(expected = "out of range")]
    fn get_out_of_range_panics() {
        FpVector::new(3).get(3);
    }

    #[test]
    #[should_panic(expected = "bits set past length")]
    fn from_limbs_rejects_high_bits() {
        FpVector::from_limbs(3, vec![0b1000]);
    }

    #[test]
    #[should_panic(expected = "limbs given")]
    fn from_limbs_rejects_wrong_count() {
        FpVector::from_limbs(65, vec![0]);
    }

    #[test]
    fn from_ones_and_add() {
        let a = FpVector::from_ones(70, &[1, 65, 69]);
        let mut b = FpVector::from_ones(70, &[1, 2]);
        b.add(&a);
        assert_eq!(b, FpVector::from_ones(70, &[2, 65, 69]));
        b.add_limbs(a.limbs());
        assert_eq!(b, FpVector::from_ones(70, &[1, 2]));
        // add_limbs ignores bits past len
        let mut c = FpVector::new(3);
        c.add_limbs(&[0b1111_0110]);
        assert_eq!(c, FpVector::from_ones(3, &[1, 2]));
    }

    #[test]
    fn add_shifted_crosses_limb_boundary() {
        let w = FpVector::from_ones(10, &[0, 3, 9]);
        let mut v = FpVector::new(140);
        v.add_shifted(&w, 60);
        assert_eq!(v.iter_ones().collect::<Vec<_>>(), vec![60, 63, 69]);
        v.add_shifted(&w, 130);
        assert_eq!(
            v.iter_ones().collect::<Vec<_>>(),
            vec![60, 63, 69, 130, 133, 139]
        );
        v.add_shifted(&w, 60);
        assert_eq!(v.iter_ones().collect::<Vec<_>>(), vec![130, 133, 139]);
    }

    #[test]
    #[should_panic(expected = "overflow")]
    fn add_shifted_overflow_panics() {
        let mut v = FpVector::new(10);
        v.add_shifted(&FpVector::new(5), 6);
    }

    #[test]
    fn slice_and_dot() {
        let v = FpVector::from_ones(130, &[0, 62, 63, 64, 127, 129]);
        let s = v.slice(62, 130);
        assert_eq!(s.len(), 68);
        assert_eq!(s.iter_ones().collect::<Vec<_>>(), vec![0, 1, 2, 65, 67]);
        assert_eq!(v.slice(5, 5), FpVector::new(0));
        let w = FpVector::from_ones(130, &[0, 64, 100]);
        assert!(!v.dot(&w));
        assert!(v.dot(&FpVector::from_ones(130, &[129])));
    }

    #[test]
    fn debug_format() {
        let v = FpVector::from_ones(4, &[1, 3]);
        assert_eq!(format!("{v:?}"), "FpVector(4; 0101)");
    }
}
