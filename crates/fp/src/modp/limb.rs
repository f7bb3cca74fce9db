//! Limb-wise (SWAR) arithmetic on packed F_p entries.

use crate::prime::bits_for;
use crate::Prime;

/// The packing constants of one prime, precomputed for the limb loops.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LimbField {
    /// p.
    pub p: u32,
    /// Bits per entry.
    pub bits: u32,
    /// Entries per limb.
    pub epl: usize,
    /// The mask of one field (`2^bits − 1`).
    pub mask: u64,
    /// The mask of all `epl` fields of a limb.
    pub full: u64,
    /// The top bit of every field.
    high: u64,
    /// `2^(bits−1) − p` in every field.
    bias: u64,
    /// p in every field.
    packed_p: u64,
}

/// The constants of every p < 256 (built at compile time; entries at non-primes
/// are unused), so that [`LimbField::new`] at a run-time prime is one table load.
static FIELDS: [LimbField; 256] = {
    let mut table = [LimbField::for_value(2); 256];
    let mut p = 3;
    while p < 256 {
        table[p] = LimbField::for_value(p as u32);
        p += 1;
    }
    table
};

impl LimbField {
    /// The constants for p = `value` (2 ≤ value < 256), with the packing of
    /// [`bits_for`].
    const fn for_value(value: u32) -> Self {
        let bits = bits_for(value);
        let epl = (64 / bits) as usize;
        let mask = (1u64 << bits) - 1;
        let mut low = 0u64; // 1 in every field
        let mut i = 0;
        while i < epl {
            low |= 1 << (i as u32 * bits);
            i += 1;
        }
        let full = low * mask;
        // Unused at p = 2 (sums are XOR).
        let (high, bias, packed_p) = if value == 2 {
            (0, 0, 0)
        } else {
            (
                low << (bits - 1),
                low * ((1u64 << (bits - 1)) - value as u64),
                low * value as u64,
            )
        };
        LimbField {
            p: value,
            bits,
            epl,
            mask,
            full,
            high,
            bias,
            packed_p,
        }
    }

    /// The constants for `p`: compile-time constants at [`crate::P2`], a table
    /// entry otherwise.
    #[inline(always)]
    pub fn new<P: Prime>(p: P) -> Self {
        const F2: LimbField = LimbField::for_value(2);
        let value = p.value();
        let f = if value == 2 {
            F2
        } else {
            FIELDS[value as usize]
        };
        debug_assert_eq!(
            (f.bits, f.epl),
            (p.bits(), p.entries_per_limb()),
            "a Prime packs as bits_for(p)"
        );
        f
    }

    /// Limbs holding `len` entries.
    #[inline]
    pub fn limbs_for(&self, len: usize) -> usize {
        len.div_ceil(self.epl)
    }

    /// The mask of the fields of entries `< len` in the last limb of a vector of
    /// length `len` (all fields when `len` is a multiple of `epl`).
    #[inline]
    pub fn last_mask(&self, len: usize) -> u64 {
        match len % self.epl {
            0 => self.full,
            r => (1u64 << (r * self.bits as usize)) - 1,
        }
    }

    /// Every field of `v` (each in `0..2p`) reduced to `0..p`, at odd p.
    ///
    /// A field `v` becomes `v + 2^(b−1) − p < 2^b` (no carry into the next field);
    /// its top bit `t` is set iff `v ≥ p`. `(t − (t >> (b − 1))) | t` fills the
    /// fields with `t` set with ones (no borrow across fields), and p is subtracted
    /// there (no borrow either). Only adds, shifts and masks: the limb loops
    /// vectorise (there is no 64-bit vector multiply before AVX-512DQ).
    #[inline(always)]
    pub fn reduce(&self, v: u64) -> u64 {
        let top = (v + self.bias) & self.high;
        let over = (top - (top >> (self.bits - 1))) | top;
        v - (over & self.packed_p)
    }

    /// `x + y` fieldwise mod p (XOR at p = 2).
    #[inline(always)]
    pub fn add(&self, x: u64, y: u64) -> u64 {
        if self.p == 2 {
            x ^ y
        } else {
            self.reduce(x + y)
        }
    }

    /// `c·y` fieldwise mod p, for `c` in `0..p` (double and add).
    #[inline(always)]
    pub fn mul(&self, y: u64, c: u32) -> u64 {
        let (mut result, mut base, mut c) = (0, y, c);
        while c > 0 {
            if c & 1 == 1 {
                result = self.add(result, base);
            }
            c >>= 1;
            if c > 0 {
                base = self.add(base, base);
            }
        }
        result
    }

    /// Entry `j` of packed limbs.
    #[inline(always)]
    pub fn get(&self, limbs: &[u64], j: usize) -> u32 {
        let shift = (j % self.epl) as u32 * self.bits;
        ((limbs[j / self.epl] >> shift) & self.mask) as u32
    }

    /// The `epl` entries `start, start + 1, …` of `src` as one limb, entries
    /// outside `src` (negative indices or past its limbs) zero.
    #[inline]
    pub fn gather(&self, src: &[u64], start: isize) -> u64 {
        let epl = self.epl as isize;
        let q = start.div_euclid(epl);
        let r = start.rem_euclid(epl) as u32;
        let at = |i: isize| {
            usize::try_from(i)
                .ok()
                .and_then(|i| src.get(i).copied())
                .unwrap_or(0)
        };
        if r == 0 {
            return at(q);
        }
        let lo = at(q) >> (r * self.bits);
        let hi = at(q + 1) << ((self.epl as u32 - r) * self.bits);
        (lo | hi) & self.full
    }

    /// `dst += c·src` limb by limb (`c` in `0..p`); `dst` and `src` of equal length.
    #[inline(always)]
    pub fn add_mul_limbs(&self, dst: &mut [u64], src: &[u64], c: u32) {
        debug_assert_eq!(dst.len(), src.len());
        if c == 0 {
            return;
        }
        if self.p == 2 {
            for (d, s) in dst.iter_mut().zip(src) {
                *d ^= s;
            }
        } else if c == 1 {
            for (d, s) in dst.iter_mut().zip(src) {
                *d = self.reduce(*d + s);
            }
        } else if c == self.p - 1 {
            for (d, s) in dst.iter_mut().zip(src) {
                *d = self.reduce(*d + (self.packed_p - s));
            }
        } else {
            for (d, s) in dst.iter_mut().zip(src) {
                *d = self.reduce(*d + self.mul(*s, c));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ValidPrime;

    /// Every pair of entries at p = 3, 5, 7, 11, 251, in every field position.
    #[test]
    fn add_sub_mul_all_pairs() {
        for p in [3u32, 5, 7, 11, 251] {
            let f = LimbField::new(ValidPrime::new(p).unwrap());
            for x in 0..p {
                for y in 0..p {
                    let pack = |v: u32| {
                        (0..f.epl).fold(0u64, |l, i| l | u64::from(v) << (i as u32 * f.bits))
                    };
                    assert_eq!(f.add(pack(x), pack(y)), pack((x + y) % p));
                    let mut d = [pack(x)];
                    f.add_mul_limbs(&mut d, &[pack(y)], p - 1);
                    assert_eq!(d[0], pack((x + p - y) % p));
                    assert_eq!(f.mul(pack(y), x), pack(x * y % p));
                }
            }
        }
    }
}
