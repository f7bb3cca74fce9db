//! Basis elements with their degree in few bytes, for the terms a resolution keeps: every
//! differential's value is held as terms `c·op·g` to the end of a run, so the bytes of one
//! `op` are most of a resolution's memory (docs/EXPERIMENTS.md, the record range).
//!
//! At p = 2, `Sq(R)` of degree `≤ 510` ([`MAX_ALGEBRA_DEGREE`]) packs into the lanes of the
//! admissible-matrix tables (`r_i ≤ 510 / (2^i − 1)` fits lane `i − 1`; see
//! `super::admissible`), 52 bits, and its degree into the 10 bits above them: 8 bytes
//! instead of 36, and the form the tables' scan reads `S` in, so a product
//! `Sq(R)·Sq(S)` with a packed `S` packs nothing. At odd primes `Q(E)P(R)` is kept whole.

use std::fmt;

use super::admissible::{pack, unpack, LANES_END, OFF};
use super::MAX_ALGEBRA_DEGREE;
use crate::milnor::{PPart, MAX_PPART_LEN};
use crate::odd::MilnorQP;

/// A basis element and its degree, packed: what [`crate::Algebra::Packed`] is.
pub trait PackedElement: Copy + Send + Sync + fmt::Debug + PartialEq + Eq + 'static {
    /// The basis element type it packs.
    type Element;
    /// `op` of degree `degree` packed. Panics if it does not fit (at p = 2: degree above
    /// [`MAX_ALGEBRA_DEGREE`], which no algebra holds).
    fn pack(degree: u32, op: &Self::Element) -> Self;
    /// The degree given to [`PackedElement::pack`].
    fn degree(self) -> u32;
    /// The element given to [`PackedElement::pack`].
    fn element(self) -> Self::Element;
}

/// `Sq(R)` and `|R|` in 8 bytes, 4-aligned (so a term with a `u32` generator takes 12):
/// bits `0..52` the exponents in the tables' lanes (guard bits clear), bits `52..62` the
/// degree.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PackedPPart {
    lo: u32,
    hi: u32,
}

const DEGREE_SHIFT: u32 = LANES_END;

/// `LEN_BY_TOP_BIT[b]`: one more than the lane holding bit `b` (lane `k` spans bits
/// `OFF[k]..OFF[k + 1]`).
const LEN_BY_TOP_BIT: [usize; 64] = {
    let mut len = [0; 64];
    let mut b = 0;
    while b < 64 {
        let mut k = 0;
        while k + 1 < OFF.len() && OFF[k + 1] as usize <= b {
            k += 1;
        }
        len[b] = k + 1;
        b += 1;
    }
    len
};

impl PackedPPart {
    /// The 64 bits.
    #[inline(always)]
    fn bits(self) -> u64 {
        self.lo as u64 | (self.hi as u64) << 32
    }

    /// The exponents in the tables' lanes, guard bits clear.
    #[inline(always)]
    pub(crate) fn lanes(self) -> u64 {
        self.bits() & ((1 << DEGREE_SHIFT) - 1)
    }

    /// The number of significant exponents (`PPart::len`): one more than the lane of the
    /// highest set bit.
    #[inline(always)]
    pub(crate) fn len(self) -> usize {
        let lanes = self.lanes();
        if lanes == 0 {
            return 0;
        }
        LEN_BY_TOP_BIT[63 - lanes.leading_zeros() as usize]
    }
}

impl PackedElement for PackedPPart {
    type Element = PPart;

    #[inline]
    fn pack(degree: u32, op: &PPart) -> Self {
        assert!(
            degree <= MAX_ALGEBRA_DEGREE,
            "Sq{:?} of degree {degree} is above {MAX_ALGEBRA_DEGREE}",
            op.as_slice()
        );
        debug_assert_eq!(degree, op.degree());
        let bits = pack(&op.0) | (degree as u64) << DEGREE_SHIFT;
        PackedPPart {
            lo: bits as u32,
            hi: (bits >> 32) as u32,
        }
    }

    #[inline(always)]
    fn degree(self) -> u32 {
        (self.bits() >> DEGREE_SHIFT) as u32
    }

    #[inline(always)]
    fn element(self) -> PPart {
        let r: [u32; MAX_PPART_LEN] = unpack(self.lanes());
        PPart(r)
    }
}

impl fmt::Debug for PackedPPart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (degree {})", self.element(), self.degree())
    }
}

/// `Q(E)P(R)` with its degree, unpacked (odd primes keep the element whole).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct PackedQP {
    degree: u32,
    op: MilnorQP,
}

impl PackedElement for PackedQP {
    type Element = MilnorQP;

    #[inline]
    fn pack(degree: u32, op: &MilnorQP) -> Self {
        PackedQP { degree, op: *op }
    }

    #[inline(always)]
    fn degree(self) -> u32 {
        self.degree
    }

    #[inline(always)]
    fn element(self) -> MilnorQP {
        self.op
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MilnorAlgebra;

    #[test]
    fn every_basis_element_round_trips() {
        // The whole basis through degree 200, and the largest exponent of each lane.
        let alg = MilnorAlgebra::new(200);
        let mut all: Vec<(u32, PPart)> = (0..=200)
            .flat_map(|t| alg.basis(t).iter().map(move |r| (t, *r)))
            .collect();
        assert!(all.len() > 10_000, "{} elements", all.len());
        for (k, w) in crate::milnor::WEIGHTS.iter().enumerate() {
            let mut r = [0; MAX_PPART_LEN];
            r[k] = MAX_ALGEBRA_DEGREE / w;
            all.push((r[k] * w, PPart(r)));
        }
        for (t, r) in all {
            let p = PackedPPart::pack(t, &r);
            assert_eq!((p.element(), p.degree()), (r, t), "Sq{r:?}");
            assert_eq!(p.len(), r.len(), "Sq{r:?}");
        }
        assert_eq!(std::mem::size_of::<PackedPPart>(), 8);
        assert_eq!(std::mem::align_of::<PackedPPart>(), 4);
    }
}
