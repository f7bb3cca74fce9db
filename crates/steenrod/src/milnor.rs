//! Milnor basis elements `Sq(r_1, …, r_k)` of the mod 2 Steenrod algebra.
//!
//! Reference: J. Milnor, "The Steenrod algebra and its dual", Ann. of Math. 67
//! (1958), §6: the elements `Sq(R)`, `R = (r_1, r_2, …)` a finite sequence of
//! non-negative integers, form an F_2-basis of `A`; `Sq(R)` has degree
//! `Σ_i r_i (2^i − 1)`, and `Sq(0) = 1`.

use std::fmt;

/// The longest exponent sequence stored. `Sq(0,…,0,1)` with a 1 in position 9
/// has degree `2^9 − 1 = 511`, so every Milnor basis element of degree `≤ 510`
/// fits.
pub const MAX_PPART_LEN: usize = 8;

/// `WEIGHTS[i] = 2^(i+1) − 1`: the degree of `r_{i+1}` (`ξ_{i+1}` has degree
/// `2^{i+1} − 1`).
pub(crate) const WEIGHTS: [u32; MAX_PPART_LEN] = [1, 3, 7, 15, 31, 63, 127, 255];

/// A Milnor basis element `Sq(r_1, …, r_8)`; `self.0[i]` is `r_{i+1}`.
///
/// Trailing zeros are insignificant (`Sq(1,0) = Sq(1)`); the derived `Ord` is
/// lexicographic on `(r_1, …, r_8)` and is *not* the basis order of
/// [`crate::MilnorAlgebra`] (that one compares `r_8` first).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord)]
pub struct PPart(pub [u32; MAX_PPART_LEN]);

impl PPart {
    /// The unit `Sq(0) = 1`.
    pub const ONE: PPart = PPart([0; MAX_PPART_LEN]);

    /// `Sq(r_1, …, r_k)` from its exponents. Trailing zeros are allowed beyond
    /// `MAX_PPART_LEN`; panics if a nonzero entry lies beyond it (see
    /// [`PPart::try_from_slice`]).
    pub fn from_slice(r: &[u32]) -> PPart {
        Self::try_from_slice(r).unwrap_or_else(|| {
            panic!("Sq{r:?} has a nonzero entry beyond position {MAX_PPART_LEN}")
        })
    }

    /// Like [`PPart::from_slice`], but `None` when a nonzero entry lies beyond
    /// position `MAX_PPART_LEN`.
    pub fn try_from_slice(r: &[u32]) -> Option<PPart> {
        if r.iter().skip(MAX_PPART_LEN).any(|&x| x != 0) {
            return None;
        }
        let mut p = [0; MAX_PPART_LEN];
        for (dst, &src) in p.iter_mut().zip(r) {
            *dst = src;
        }
        Some(PPart(p))
    }

    /// The internal degree `Σ_i r_i (2^i − 1)` (Milnor 1958, §6).
    pub fn degree(&self) -> u32 {
        self.0.iter().zip(WEIGHTS).map(|(&r, w)| r * w).sum()
    }

    /// One more than the position of the last nonzero entry (0 for the unit).
    pub fn len(&self) -> usize {
        self.0.iter().rposition(|&r| r != 0).map_or(0, |i| i + 1)
    }

    /// `true` exactly for the unit `Sq(0)`.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The significant entries `(r_1, …, r_len)`.
    pub fn as_slice(&self) -> &[u32] {
        &self.0[..self.len()]
    }
}

/// Prints `Sq(1,2)`; the unit prints as `1`.
impl fmt::Display for PPart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = self.as_slice();
        if r.is_empty() {
            return f.write_str("1");
        }
        f.write_str("Sq(")?;
        for (i, x) in r.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{x}")?;
        }
        f.write_str(")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn degree_len_display() {
        let p = PPart::from_slice(&[1, 2]);
        // |Sq(1,2)| = 1·1 + 2·3 = 7.
        assert_eq!(p.degree(), 7);
        assert_eq!(p.len(), 2);
        assert_eq!(p.to_string(), "Sq(1,2)");
        assert_eq!(PPart::ONE.to_string(), "1");
        assert_eq!(PPart::ONE.len(), 0);
        assert!(PPart::ONE.is_empty());
        assert_eq!(PPart::from_slice(&[0, 0, 1, 0, 0]).to_string(), "Sq(0,0,1)");
        // |Sq(0,…,0,1)| with the 1 in position 8 is 2^8 − 1.
        assert_eq!(PPart::from_slice(&[0, 0, 0, 0, 0, 0, 0, 1]).degree(), 255);
        assert_eq!(
            PPart::from_slice(&[3, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
            PPart::from_slice(&[3])
        );
        assert!(PPart::try_from_slice(&[0, 0, 0, 0, 0, 0, 0, 0, 1]).is_none());
    }
}
