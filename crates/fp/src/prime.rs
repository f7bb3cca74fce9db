//! The prime `p` of the field F_p: the [`Prime`] trait, the zero-sized [`P2`]
//! (p = 2 known at compile time) and [`ValidPrime`] (any prime p < 256, checked at
//! run time).
//!
//! Packing (used by [`crate::FqVector`]): an entry takes [`Prime::bits`] bits of a
//! `u64` limb, 1 at p = 2 (the F_2 layout of [`crate::FpVector`]) and
//! `⌈log2 p⌉ + 1` otherwise, so that a sum `x + y` of two entries fits its field;
//! [`Prime::entries_per_limb`] `= ⌊64 / bits⌋` entries share a limb and none
//! straddles two limbs.

use std::fmt;

/// Bits per packed entry at prime `p`: 1 at p = 2, else `⌈log2 p⌉ + 1` (the bit
/// length of p − 1, plus one, for odd p).
pub(crate) const fn bits_for(p: u32) -> u32 {
    if p == 2 {
        1
    } else {
        (32 - (p - 1).leading_zeros()) + 1
    }
}

/// A prime p < 256 (the field F_p).
///
/// Implementations pack as [`ValidPrime`] does at the same `value()` (`bits` and
/// `entries_per_limb` as documented); [`P2`] and [`ValidPrime`] are the two.
pub trait Prime:
    Copy + Clone + Send + Sync + fmt::Debug + PartialEq + Eq + std::hash::Hash + 'static
{
    /// p.
    fn value(self) -> u32;

    /// Bits per packed entry: 1 at p = 2, `⌈log2 p⌉ + 1` at odd p.
    fn bits(self) -> u32;

    /// Entries per `u64` limb: `⌊64 / bits⌋`.
    fn entries_per_limb(self) -> usize;

    /// a⁻¹ mod p for a not divisible by p (a is read mod p).
    ///
    /// Panics if `a ≡ 0 (mod p)`.
    fn inverse(self, a: u32) -> u32;
}

/// p = 2, known at compile time: every method is a constant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct P2;

impl Prime for P2 {
    #[inline(always)]
    fn value(self) -> u32 {
        2
    }

    #[inline(always)]
    fn bits(self) -> u32 {
        1
    }

    #[inline(always)]
    fn entries_per_limb(self) -> usize {
        64
    }

    #[inline(always)]
    fn inverse(self, a: u32) -> u32 {
        assert!(a % 2 == 1, "inverse of {a} mod 2: not invertible");
        1
    }
}

/// A prime p with 2 ≤ p < 256, checked at run time by [`ValidPrime::new`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ValidPrime(u8);

/// Why a number is not accepted as a [`ValidPrime`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PrimeError {
    /// The number is not a prime (0, 1 and composites).
    #[error("p = {0} is not a prime")]
    NotPrime(u32),
    /// The number is at least 256.
    #[error("p = {0} is too large (p < 256)")]
    TooLarge(u32),
}

impl ValidPrime {
    /// `p` as a prime.
    ///
    /// Errors: [`PrimeError::TooLarge`] if `p >= 256`, [`PrimeError::NotPrime`] if
    /// `p` is 0, 1 or composite.
    pub fn new(p: u32) -> Result<ValidPrime, PrimeError> {
        if p >= 256 {
            return Err(PrimeError::TooLarge(p));
        }
        let is_prime = p >= 2
            && (2..p)
                .take_while(|d| d * d <= p)
                .all(|d| !p.is_multiple_of(d));
        if !is_prime {
            return Err(PrimeError::NotPrime(p));
        }
        Ok(ValidPrime(p as u8))
    }
}

impl From<P2> for ValidPrime {
    fn from(_: P2) -> Self {
        ValidPrime(2)
    }
}

impl fmt::Display for ValidPrime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Prime for ValidPrime {
    #[inline]
    fn value(self) -> u32 {
        u32::from(self.0)
    }

    #[inline]
    fn bits(self) -> u32 {
        bits_for(self.value())
    }

    #[inline]
    fn entries_per_limb(self) -> usize {
        (64 / bits_for(self.value())) as usize
    }

    /// By Fermat: a^(p−2) mod p.
    fn inverse(self, a: u32) -> u32 {
        let p = self.value();
        let a = a % p;
        assert!(a != 0, "inverse of 0 mod {p}");
        let (mut result, mut base, mut e) = (1u32, a, p - 2);
        while e > 0 {
            if e & 1 == 1 {
                result = result * base % p;
            }
            base = base * base % p;
            e >>= 1;
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_and_entries() {
        let shape = |p| {
            let p = ValidPrime::new(p).unwrap();
            (p.bits(), p.entries_per_limb())
        };
        assert_eq!(shape(2), (1, 64));
        assert_eq!(shape(3), (3, 21));
        assert_eq!(shape(5), (4, 16));
        assert_eq!(shape(7), (4, 16));
        assert_eq!(shape(11), (5, 12));
        assert_eq!(shape(251), (9, 7));
    }

    #[test]
    fn inverses() {
        for p in [2, 3, 5, 7, 11, 13, 251] {
            let vp = ValidPrime::new(p).unwrap();
            for a in 1..p {
                assert_eq!(a * vp.inverse(a) % p, 1, "p = {p}, a = {a}");
            }
        }
        assert_eq!(P2.inverse(1), 1);
    }
}
