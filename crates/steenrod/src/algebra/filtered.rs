//! Products that keep only the terms a caller reads: `Sq(T)` whose exponents have given
//! low bits (Nassau's signature of `T` with respect to a sub-Hopf algebra; C. Nassau,
//! "Computing a minimal resolution over the Steenrod algebra", arXiv:1910.04063, §2).
//!
//! A step of Nassau's algorithm reduces, for each signature `σ`, only the block of the
//! differential whose rows and columns have signature `σ`; building whole rows and then
//! dropping every other column ranks and scatters terms nobody reads. The filter is
//! tested on the packed exponents before a term is unpacked and ranked.

use super::admissible::{pack, unpack, BITS as LANE_BITS};
use super::MilnorAlgebra;
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
    /// The filter of signature `sigma` (`σ_i < 2^{e_i}`) for the profile `exponents`
    /// (`e_i ≤ 15`; entries of `sigma` past `exponents` must be 0). Panics otherwise.
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

impl MilnorAlgebra {
    /// Calls `f(idx)` for each term `Sq(T)` of `Sq(R)·Sq(S)` that `filter` keeps, `idx`
    /// its index in `basis(|R| + |S|)`, once per admissible matrix (the caller sums mod
    /// 2, e.g. by XOR). The same terms as [`MilnorAlgebra::multiply_basis_into`], less
    /// those the filter drops, which are never ranked. Uses `R`'s cached table when the
    /// budget has room (looked up once per call: callers multiplying one `R` by many `S`
    /// pass the table from [`MilnorAlgebra::admissible_matrices`] through
    /// [`MilnorAlgebra::for_each_filtered_term_with`]). Panics if `|R| + |S| >
    /// max_degree`.
    pub fn for_each_filtered_term(
        &self,
        r: &PPart,
        s: &PPart,
        filter: &TermFilter,
        f: impl FnMut(usize),
    ) {
        let table = self.admissible_matrices(r);
        self.for_each_filtered_term_with(r, table, s, filter, f);
    }

    /// [`MilnorAlgebra::for_each_filtered_term`] with `R`'s table (`None`: enumerate
    /// directly), which must be `R`'s if given.
    #[inline]
    pub fn for_each_filtered_term_with(
        &self,
        r: &PPart,
        table: Option<&super::AdmissibleMatrices>,
        s: &PPart,
        filter: &TermFilter,
        mut f: impl FnMut(usize),
    ) {
        let deg = self.product_degree(r, s);
        let mut place = |t: &[u32; MAX_PPART_LEN]| match &self.sub {
            None => f(self.rank(t, deg)),
            Some(sub) => {
                if let Some(i) = self.sub_rank(sub, t, deg) {
                    f(i)
                }
            }
        };
        match table {
            Some(table) => {
                debug_assert_eq!(table.r(), r);
                table.for_each_packed_term(s, |t| {
                    if filter.keeps_packed(t) {
                        place(&unpack(t));
                    }
                });
            }
            None => self.multiply_direct(r, s, &mut |t| {
                if filter.keeps(t) {
                    place(t);
                }
            }),
        }
    }
}

impl MilnorAlgebra {
    /// Calls `f(idx)` for each term `Sq(T)` of `Sq(R)·Sq(S)`, once per admissible matrix
    /// (the caller sums mod 2), `idx` its index in `basis(|R| + |S|)`, with `R`'s table
    /// (`None`: enumerate directly), which must be `R`'s if given. The terms of
    /// [`MilnorAlgebra::multiply_basis_into`]. Panics if `|R| + |S| > max_degree`.
    #[inline]
    pub fn for_each_term_index_with(
        &self,
        r: &PPart,
        table: Option<&super::AdmissibleMatrices>,
        s: &PPart,
        mut f: impl FnMut(usize),
    ) {
        let deg = self.product_degree(r, s);
        let mut place = |t: &[u32; MAX_PPART_LEN]| match &self.sub {
            None => f(self.rank(t, deg)),
            Some(sub) => {
                if let Some(i) = self.sub_rank(sub, t, deg) {
                    f(i)
                }
            }
        };
        match table {
            Some(table) => {
                debug_assert_eq!(table.r(), r);
                table.for_each_term(s, |t| place(t));
            }
            None => self.multiply_direct(r, s, &mut |t| place(t)),
        }
    }
}
