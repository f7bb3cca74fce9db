//! Products that keep only the terms a caller reads: `Sq(T)` whose exponents have given
//! low bits (Nassau's signature of `T` with respect to a sub-Hopf algebra; C. Nassau,
//! "Computing a minimal resolution over the Steenrod algebra", arXiv:1910.04063, §2).
//!
//! A step of Nassau's algorithm reduces, for each signature `σ`, only the block of the
//! differential whose rows and columns have signature `σ`; building whole rows and then
//! dropping every other column ranks and scatters terms nobody reads. The filter is
//! tested on the packed exponents before a term is unpacked and ranked.

use super::admissible::{pack, unpack, BITS as LANE_BITS};
use super::packed::{PackedElement, PackedPPart};
use super::{AdmissibleMatrices, MilnorAlgebra};
use crate::milnor::{PPart, MAX_PPART_LEN};

/// The terms `Sq(T)` with `T_i mod 2^{e_i} = σ_i` for each `i` (a signature `σ` with
/// respect to the profile `e`); exponents past the profile are free.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TermFilter {
    /// `2^{e_i} − 1` per lane of the packed tables (lane `i − 1` for `T_i`), cut to the
    /// lane's width (every exponent there fits it).
    mask: u64,
    /// `σ_i` per lane.
    value: u64,
    /// Whether some `σ_i` is too large for any `T_i` in degrees `≤ 510`: nothing passes.
    never: bool,
    /// The same, unpacked, for the direct enumeration.
    lanes: ([u32; MAX_PPART_LEN], [u32; MAX_PPART_LEN]),
}

impl TermFilter {
    /// The filter of signature `sigma` (`σ_i < 2^{e_i}`, one entry per profile entry at
    /// most) for the profile `exponents` (`e_i ≤ 15`, at most 8 entries). Panics otherwise.
    pub fn signature(exponents: &[u8], sigma: &[u32]) -> TermFilter {
        assert!(exponents.len() <= MAX_PPART_LEN && sigma.len() <= exponents.len());
        let mut mask = [0u32; MAX_PPART_LEN];
        let mut value = [0u32; MAX_PPART_LEN];
        for (i, &e) in exponents.iter().enumerate() {
            assert!(e <= 15, "profile exponent {e} above 15");
            mask[i] = (1 << e) - 1;
            value[i] = sigma.get(i).copied().unwrap_or(0);
            assert!(
                value[i] & !mask[i] == 0,
                "signature entry {} ≥ 2^{e}",
                value[i]
            );
        }
        let fits: [u32; MAX_PPART_LEN] = std::array::from_fn(|k| (1 << LANE_BITS[k]) - 1);
        let never = (0..MAX_PPART_LEN).any(|k| value[k] > fits[k]);
        TermFilter {
            mask: pack(&std::array::from_fn(|k| mask[k] & fits[k])),
            value: pack(&std::array::from_fn(|k| value[k] & fits[k])),
            never,
            lanes: (mask, value),
        }
    }

    /// Whether `Sq(T)` (packed as by the admissible-matrix tables) passes.
    #[inline]
    fn keeps_packed(&self, t: u64) -> bool {
        t & self.mask == self.value && !self.never
    }

    /// Whether `Sq(T)` passes.
    #[inline]
    pub fn keeps(&self, t: &[u32; MAX_PPART_LEN]) -> bool {
        let (mask, value) = &self.lanes;
        (0..MAX_PPART_LEN).all(|i| t[i] & mask[i] == value[i])
    }
}

/// A left factor `Sq(R)` ready for many products `Sq(R)·Sq(S)`: its degree and its cached
/// table ([`MilnorAlgebra::left_factor`]), looked up once.
#[derive(Clone, Copy)]
pub struct LeftFactor<'a> {
    r: PPart,
    degree: u32,
    table: Option<&'a AdmissibleMatrices>,
}

impl MilnorAlgebra {
    /// `Sq(R)` as a [`LeftFactor`]: builds its table now if the budget allows. Panics if
    /// `|R| > max_degree`.
    pub fn left_factor(&self, r: &PPart) -> LeftFactor<'_> {
        LeftFactor {
            r: *r,
            degree: r.degree(),
            table: self.admissible_matrices(r),
        }
    }

    /// Calls `f(idx)` for each term `Sq(T)` of `Sq(R)·Sq(S)`, once per admissible matrix
    /// (the caller sums mod 2, e.g. by XOR), `idx` its index in `basis(|R| + |S|)`:
    /// the terms of [`MilnorAlgebra::multiply_basis_into`]. `s_degree` must be `|S|`.
    /// Panics if `|R| + |S| > max_degree`.
    #[inline]
    pub fn for_each_term_index(
        &self,
        left: &LeftFactor<'_>,
        s: &PPart,
        s_degree: u32,
        f: impl FnMut(usize),
    ) {
        self.for_each_term_index_packed(left, PackedPPart::pack(s_degree, s), f);
    }

    /// [`MilnorAlgebra::for_each_term_index`] with `Sq(S)` packed (as a resolution keeps
    /// the terms of its differentials).
    #[inline]
    pub fn for_each_term_index_packed(
        &self,
        left: &LeftFactor<'_>,
        s: PackedPPart,
        f: impl FnMut(usize),
    ) {
        self.terms_of(left, s, |_| true, |_| true, f);
    }

    /// [`MilnorAlgebra::for_each_term_index`] for the terms `filter` keeps only; the others
    /// are dropped before they are ranked.
    #[inline]
    pub fn for_each_filtered_term_index(
        &self,
        left: &LeftFactor<'_>,
        s: &PPart,
        s_degree: u32,
        filter: &TermFilter,
        f: impl FnMut(usize),
    ) {
        self.for_each_filtered_term_index_packed(left, PackedPPart::pack(s_degree, s), filter, f);
    }

    /// [`MilnorAlgebra::for_each_filtered_term_index`] with `Sq(S)` packed.
    #[inline]
    pub fn for_each_filtered_term_index_packed(
        &self,
        left: &LeftFactor<'_>,
        s: PackedPPart,
        filter: &TermFilter,
        f: impl FnMut(usize),
    ) {
        let (packed, unpacked) = (|t: u64| filter.keeps_packed(t), |t: &_| filter.keeps(t));
        self.terms_of(left, s, packed, unpacked, f);
    }

    /// The terms passing `keep_packed` (table path) or `keep` (direct path), ranked.
    #[inline(always)]
    fn terms_of(
        &self,
        left: &LeftFactor<'_>,
        s: PackedPPart,
        keep_packed: impl Fn(u64) -> bool,
        keep: impl Fn(&[u32; MAX_PPART_LEN]) -> bool,
        mut f: impl FnMut(usize),
    ) {
        let s_degree = s.degree();
        let deg = left.degree + s_degree;
        assert!(
            deg <= self.max_degree,
            "{}·{s:?} has degree {deg} > max degree {}",
            left.r,
            self.max_degree
        );
        let mut place = |t: &[u32; MAX_PPART_LEN]| match &self.sub {
            None => f(self.rank(t, deg)),
            Some(sub) => {
                if let Some(i) = self.sub_rank(sub, t, deg) {
                    f(i)
                }
            }
        };
        match (left.table, &self.sub) {
            // Over A the packed term is ranked as it is.
            (Some(table), None) => table.for_each_packed_term(s, |t| {
                if keep_packed(t) {
                    f(self.rank_packed(t, deg));
                }
            }),
            (Some(table), Some(_)) => table.for_each_packed_term(s, |t| {
                if keep_packed(t) {
                    place(&unpack(t));
                }
            }),
            (None, _) => self.multiply_direct(&left.r, &s.element(), &mut |t| {
                if keep(t) {
                    place(t);
                }
            }),
        }
    }
}
