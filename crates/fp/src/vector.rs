//! [`FpVector`]: a bit-packed vector over F_2, the vector type at [`P2`], with the
//! methods that read its entries as bits.

use crate::{last_limb_mask, limbs_for, FqVector, LIMB_BITS, P2};

/// A vector in F_2^len, bit-packed into `u64` limbs: [`FqVector`] at the prime
/// [`P2`], whose layout at p = 2 is one bit per entry.
///
/// Bit `j` is `limbs[j / 64] >> (j % 64) & 1`; the vector holds exactly
/// `limbs_for(len)` limbs and every bit at index `>= len` is zero (all methods
/// maintain this; callers writing through [`FqVector::limbs_mut`] must too).
///
/// Addition is XOR. Equality and hashing compare `len` and the bits.
pub type FpVector = FqVector<P2>;

/// The methods that read the F_2 layout as bits (sets of indices, XOR).
impl FqVector<P2> {
    /// The zero vector of length `len`.
    #[inline]
    pub fn new(len: usize) -> Self {
        FqVector::zero(P2, len)
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
                v.limbs_mut()[j / LIMB_BITS] |= 1 << (j % LIMB_BITS);
            }
        }
        v
    }

    /// Wrap raw limbs as a vector of length `len`.
    ///
    /// Panics if `limbs.len() != limbs_for(len)` or if a bit at index
    /// `>= len` is set ([`FqVector::try_from_limbs`] returns the error instead).
    pub fn from_limbs(len: usize, limbs: Vec<u64>) -> Self {
        FqVector::try_from_limbs(P2, len, limbs)
            .unwrap_or_else(|e| panic!("FpVector::from_limbs: {e}"))
    }

    /// Bit `j`. Panics if `j >= len`.
    #[inline]
    pub fn get(&self, j: usize) -> bool {
        self.entry(j) == 1
    }

    /// Set bit `j` to `value`. Panics if `j >= len`.
    #[inline]
    pub fn set(&mut self, j: usize, value: bool) {
        self.set_entry(j, u32::from(value));
    }

    /// Toggle bit `j` (add the basis vector e_j). Panics if `j >= len`.
    #[inline]
    pub fn flip(&mut self, j: usize) {
        self.add_basis_element(j, 1);
    }

    /// `self += other` (XOR). Panics if the lengths differ.
    #[inline]
    pub fn add(&mut self, other: &FpVector) {
        self.add_scaled(other, 1);
    }

    /// `self += w` where `w` is given by its limbs (same layout as
    /// [`FqVector::limbs`]). Bits of `limbs` at index `>= len` are ignored.
    ///
    /// Panics if `limbs.len() != limbs_for(len)`.
    pub fn add_limbs(&mut self, limbs: &[u64]) {
        let len = self.len();
        assert_eq!(
            limbs.len(),
            limbs_for(len),
            "FpVector::add_limbs: {} limbs given for length {len}",
            limbs.len(),
        );
        let own = self.limbs_mut();
        xor_into(own, limbs);
        if let Some(last) = own.last_mut() {
            *last &= last_limb_mask(len);
        }
    }

    /// Add `other` into bits `offset..offset + other.len()` of `self`
    /// (i.e. `self[offset + j] ^= other[j]`).
    ///
    /// Panics if `offset + other.len() > self.len()`.
    #[inline]
    pub fn add_shifted(&mut self, other: &FpVector, offset: usize) {
        self.add_at(other, 1, offset);
    }

    /// Index of the lowest set bit, or `None` if the vector is zero.
    #[inline]
    pub fn first_one(&self) -> Option<usize> {
        self.first_nonzero().map(|(j, _)| j)
    }

    /// Iterator over the indices of set bits, ascending.
    #[inline]
    pub fn iter_ones(&self) -> Ones<'_> {
        Ones::new(self.limbs())
    }

    /// Number of set bits.
    pub fn count_ones(&self) -> usize {
        self.limbs().iter().map(|w| w.count_ones() as usize).sum()
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
    #[should_panic(expected = "out of a vector")]
    fn get_out_of_range_panics() {
        FpVector::new(3).get(3);
    }

    #[test]
    #[should_panic(expected = "bits set outside the entries")]
    fn from_limbs_rejects_high_bits() {
        FpVector::from_limbs(3, vec![0b1000]);
    }

    #[test]
    #[should_panic(expected = "limbs for a vector")]
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
    #[should_panic(expected = "at offset")]
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
        assert_eq!(v.dot(&w), 0);
        assert_eq!(v.dot(&FpVector::from_ones(130, &[129])), 1);
    }

    #[test]
    fn debug_format() {
        let v = FpVector::from_ones(4, &[1, 3]);
        assert_eq!(format!("{v:?}"), "FpVector(4; 0101)");
    }
}
