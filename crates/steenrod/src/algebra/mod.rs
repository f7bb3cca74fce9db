//! The Steenrod algebra in the Milnor basis at any prime, truncated at a maximal degree
//! ([`MilnorAlgebra<F>`]): the basis of each degree, its index (rank) without hashing
//! (`ranks`), a sub-Hopf algebra by its profile (`sub`), and products — at p = 2 in
//! `product` (with the admissible-matrix tables of `admissible` and `cache`), at odd p in
//! [`crate::odd`]; what differs per prime is the trait [`MilnorPrime`] (`prime`).

mod admissible;
mod cache;
mod filtered;
mod integral;
pub(crate) mod matrices;
pub mod packed;
mod prime;
mod product;
mod profile;
mod ranks;
pub(crate) mod sub;

pub use admissible::AdmissibleMatrices;
pub use cache::{
    available_memory, table_budget_for, DEFAULT_TABLE_BUDGET, MAX_AUTO_TABLE_BUDGET,
    MID_RANGE_TABLE_BUDGET, SMALL_RANGE_TABLE_BUDGET, TOP_RANGE_TABLE_BUDGET,
};
pub use filtered::{LeftFactor, TermFilter};
pub use integral::IntegralMatrices;
pub use prime::MilnorPrime;
pub use profile::{Profile, ProfileError};
pub use ranks::{part_weights, PartRanks};
use sub::SubIndex;

use fp::P2;

use crate::milnor::{PPart, MAX_PPART_LEN, WEIGHTS};

/// The largest `max_degree` accepted: `Sq(0,…,0,1)` with the 1 in position
/// `MAX_PPART_LEN + 1` has degree `2^9 − 1 = 511`, so below it every basis
/// element fits in a [`PPart`].
pub const MAX_ALGEBRA_DEGREE: u32 = (1 << (MAX_PPART_LEN + 1)) - 2;

/// The Steenrod algebra at the prime of `F` through `max_degree`, in the Milnor basis
/// (Milnor, "The Steenrod algebra and its dual", Ann. of Math. 67 (1958), §6): `Sq(R)`
/// ([`PPart`]) at p = 2 (`F = P2`, the default), `Q(E)P(R)` ([`crate::MilnorQP`]) at an odd
/// prime (`F = ValidPrime`); or a sub-Hopf algebra of it by its profile.
///
/// **Basis order** in a degree: at p = 2 reverse-lexicographic ascending on
/// `(r_8, …, r_1)`, i.e. compare `r_8` first, then `r_7`, …; so `Sq(t)` has index 0 and
/// in degree 3 the order is `Sq(3), Sq(0,1)`. At odd p by the exterior part first (`e`,
/// the bit set of `E`, ascending as an integer), then the `P(R)` in the same order; at
/// p = 3 the basis of degree 5 is `Q(0)P(1), Q(1)`, of degree 16 `P(4), P(0,1)`.
///
/// **Indexing** by the rank formula of [`PartRanks`] (at odd p after an offset per
/// exterior part): table look-ups, no hashing.
///
/// **Products**: at p = 2 (see [`MilnorAlgebra::multiply_basis_into`]) with a cache of
/// [`AdmissibleMatrices`], one table per left factor `R`, built on first use within a
/// byte budget ([`DEFAULT_TABLE_BUDGET`], or [`MilnorAlgebra::with_table_budget`]; a
/// resolution sizes it by [`table_budget_for`]; the tables of products mod 4,
/// [`IntegralMatrices`], are a second cache with the same budget, filled only by `d2`);
/// beyond it, and with budget 0, products are enumerated directly. Both give the same results. At odd p by Milnor's Theorems 4a
/// and 4b directly ([`crate::odd`]).
///
/// Memory: the basis of every degree is stored (32 bytes per element at p = 2, 36 at odd
/// p), so `Σ_{t ≤ max_degree} dim A_t` elements, plus `9·(max_degree + 1)` words of
/// counts and the prime's tables ([`MilnorPrime::Tables`]).
#[derive(Clone, Debug)]
pub struct MilnorAlgebra<F: MilnorPrime = P2> {
    pub(crate) field: F,
    pub(crate) max_degree: u32,
    /// `basis[t]`: the Milnor basis of `A_t` in basis order.
    pub(crate) basis: Vec<Vec<F::Element>>,
    /// The counts of the polynomial parts behind the rank formula.
    pub(crate) ranks: PartRanks,
    /// What products and indices need at this prime beyond the basis.
    pub(crate) tables: F::Tables,
    /// Over a sub-Hopf algebra: its profile and the map from the whole algebra's rank to
    /// the sub-algebra's index; `basis` then holds the sub-algebra's basis. `None` for `A`
    /// itself (the paths above, untouched).
    pub(crate) sub: Option<Box<SubIndex>>,
}

impl<F: MilnorPrime> MilnorAlgebra<F> {
    /// The whole algebra at the prime of `field` through `max_degree`, with `table_budget`
    /// bytes of product tables at p = 2 (odd primes keep none). Panics if `max_degree` is
    /// above what eight exponents reach ([`MilnorPrime::max_algebra_degree`]).
    pub fn whole(field: F, max_degree: u32, table_budget: usize) -> Self {
        let bound = field.max_algebra_degree();
        assert!(
            max_degree <= bound,
            "MilnorAlgebra::whole(p = {}, {max_degree}): degrees above {bound} need more than \
             {MAX_PPART_LEN} exponents",
            field.value()
        );
        let ranks = PartRanks::new(&part_weights(field.value()), max_degree);
        let (basis, tables) = field.basis_and_tables(&ranks, max_degree, table_budget);
        MilnorAlgebra {
            field,
            max_degree,
            basis,
            ranks,
            tables,
            sub: None,
        }
    }

    /// The sub-Hopf algebra `B ⊆ A` with this profile through degree `max_degree`
    /// (`None`: `A` itself, as [`MilnorAlgebra::whole`]). `basis(t)`, `dim(t)`, the
    /// indices and the products then enumerate and index `B`'s Milnor basis only, in the
    /// same relative order as `A`'s. Panics as [`MilnorAlgebra::whole`].
    ///
    /// A finite `B` (a truncated profile) is held through `min(max_degree, 2·top)` only,
    /// `top` its top degree ([`Profile::top_degree`]): its elements lie in degrees
    /// `≤ top` and a product of two of them in degrees `≤ 2·top`, so nothing above is ever
    /// indexed — and the whole algebra's basis is not built through `max_degree` (some
    /// 160 MB at degree 300 at p = 2) only to be restricted. [`Self::max_degree`] reports
    /// the degree held.
    pub fn whole_or_sub(
        field: F,
        max_degree: u32,
        table_budget: usize,
        profile: Option<&Profile>,
    ) -> Self {
        let held = profile
            .and_then(|p| p.top_degree(field.value()))
            .map_or(max_degree, |top| max_degree.min(top.saturating_mul(2)));
        let mut alg = Self::whole(field, held, table_budget);
        if let Some(profile) = profile {
            let (sub, basis) =
                SubIndex::new(profile.clone(), &alg.basis, |b, x| field.in_profile(b, x));
            alg.basis = basis;
            alg.sub = Some(Box::new(sub));
        }
        alg
    }

    /// The prime as a field.
    #[inline(always)]
    pub fn field(&self) -> F {
        self.field
    }

    /// The prime `p`.
    #[inline]
    pub fn prime(&self) -> u32 {
        self.field.value()
    }

    /// The profile of the sub-Hopf algebra held, `None` for `A` itself.
    pub fn profile(&self) -> Option<&Profile> {
        self.sub.as_deref().map(SubIndex::profile)
    }

    /// The largest degree held.
    #[inline]
    pub fn max_degree(&self) -> u32 {
        self.max_degree
    }

    /// `dim A_t`; 0 for `t > max_degree` (degrees not held), although the
    /// algebra itself is nonzero there.
    #[inline]
    pub fn dim(&self, t: u32) -> usize {
        self.basis.get(t as usize).map_or(0, Vec::len)
    }

    /// The Milnor basis of `A_t` in basis order (`basis(0)` is the unit); empty for
    /// `t > max_degree`.
    #[inline]
    pub fn basis(&self, t: u32) -> &[F::Element] {
        self.basis.get(t as usize).map_or(&[], Vec::as_slice)
    }

    /// Panics unless the factors of a product, `a_len` entries in degree `a_deg` and
    /// `b_len` in `b_deg`, have the dimensions of their degrees (`multiply` at every prime).
    pub(crate) fn assert_factor_lengths(&self, a_deg: u32, a_len: usize, b_deg: u32, b_len: usize) {
        assert_eq!(
            a_len,
            self.dim(a_deg),
            "multiply: left factor has the wrong length"
        );
        assert_eq!(
            b_len,
            self.dim(b_deg),
            "multiply: right factor has the wrong length"
        );
    }

    /// Bytes held by the Milnor bases of all degrees (`Σ_t dim A_t` elements).
    pub fn basis_bytes(&self) -> usize {
        self.basis
            .iter()
            .map(|b| b.capacity() * std::mem::size_of::<F::Element>())
            .sum()
    }

    /// The count table behind the rank formula ([`PartRanks::counts`]):
    /// `counts[k * (max_degree + 1) + d] = N_k(d)`, the number of sequences
    /// `(r_1, …, r_k)` of degree `d`, for `0 ≤ k ≤ MAX_PPART_LEN` and
    /// `0 ≤ d ≤ max_degree`. Device kernels rank products with it (crate `gpu`).
    pub fn rank_counts(&self) -> &[u32] {
        self.ranks.counts()
    }

    /// The index in `B_deg` of the element of rank `rank` in `A_deg` (`B` the sub-algebra
    /// held), `None` if not in `B`; the rank itself over `A`.
    #[inline]
    pub(crate) fn index_from_rank(&self, deg: u32, rank: usize) -> Option<usize> {
        match &self.sub {
            None => Some(rank),
            Some(sub) => sub.index(deg, rank),
        }
    }
}

impl MilnorAlgebra {
    /// The algebra through degree `max_degree`, with a product-table cache of
    /// [`DEFAULT_TABLE_BUDGET`] bytes. Panics if `max_degree` exceeds
    /// [`MAX_ALGEBRA_DEGREE`] (510).
    pub fn new(max_degree: u32) -> MilnorAlgebra {
        Self::with_table_budget(max_degree, DEFAULT_TABLE_BUDGET)
    }

    /// Like [`MilnorAlgebra::new`], with at most `bytes` of cached
    /// [`AdmissibleMatrices`] (0: every product by direct enumeration).
    pub fn with_table_budget(max_degree: u32, bytes: usize) -> MilnorAlgebra {
        Self::whole(P2, max_degree, bytes)
    }

    /// [`MilnorAlgebra::whole_or_sub`] at p = 2 with `bytes` of product tables.
    pub fn with_profile(max_degree: u32, bytes: usize, profile: Option<&Profile>) -> MilnorAlgebra {
        Self::whole_or_sub(P2, max_degree, bytes, profile)
    }

    /// Whether `Sq(R)` is an element of the algebra held (always, for `A`), regardless
    /// of its degree.
    pub fn contains(&self, r: &PPart) -> bool {
        self.profile().is_none_or(|p| p.contains(r))
    }

    /// The byte budget of the product-table cache.
    pub fn table_budget(&self) -> usize {
        self.tables.mod2.budget()
    }

    /// Bytes of admissible-matrix tables built so far (at most [`Self::table_budget`]).
    pub fn table_bytes(&self) -> usize {
        self.tables.mod2.budget() - self.tables.mod2.left()
    }

    /// Bytes of [`IntegralMatrices`] built so far (products modulo 4; at most
    /// [`Self::table_budget`]).
    pub fn integral_table_bytes(&self) -> usize {
        self.tables.mod4.budget() - self.tables.mod4.left()
    }

    /// The cached admissible matrices of `r` (bounded by
    /// `|S| ≤ max_degree − |R|`), built now if not yet and the budget allows, after the
    /// tables of every lower degree (`algebra/cache.rs`); `None` when over budget, or
    /// for now while another thread builds the lower degrees. Panics if
    /// `|R| > max_degree`.
    pub fn admissible_matrices(&self, r: &PPart) -> Option<&AdmissibleMatrices> {
        let d = r.degree();
        let idx = self.index_of(r);
        self.tables
            .mod2
            .get(r, d, idx, self.dim(d), self.max_degree, |e| self.basis(e))
    }

    /// The cached [`IntegralMatrices`] of `r` (bounded by `|S| ≤ max_degree − |R|`), built
    /// now if not yet and the budget allows; `None` when over budget. Panics if
    /// `|R| > max_degree`.
    pub fn integral_matrices(&self, r: &PPart) -> Option<&IntegralMatrices> {
        let d = r.degree();
        let idx = self.index_of(r);
        self.tables
            .mod4
            .get(r, d, idx, self.dim(d), self.max_degree, |e| self.basis(e))
    }

    /// The index of `Sq(R)` in `basis(|R|)`. Panics if `|R| > max_degree`, or (over a
    /// sub-Hopf algebra) if `Sq(R)` is not in it ([`MilnorAlgebra::contains`]).
    pub fn index_of(&self, r: &PPart) -> usize {
        let d = r.degree();
        assert!(
            d <= self.max_degree,
            "index_of({r}): degree {d} > max degree {}",
            self.max_degree
        );
        match &self.sub {
            None => self.rank(&r.0, d),
            Some(sub) => sub.index(d, self.rank(&r.0, d)).unwrap_or_else(|| {
                panic!("index_of({r}): not in the sub-algebra {}", sub.profile())
            }),
        }
    }

    /// The index of `Sq(T)` (degree `deg`) in `basis(deg)`: the rank for `A`, the
    /// sub-algebra's index (`None` outside it) over a profile.
    #[inline]
    pub(crate) fn sub_rank(
        &self,
        sub: &SubIndex,
        t: &[u32; MAX_PPART_LEN],
        deg: u32,
    ) -> Option<usize> {
        sub.index(deg, self.rank(t, deg))
    }

    /// Rank of `r` (of degree `deg ≤ max_degree`) in its degree ([`PartRanks::rank`]
    /// with the weights `2^k − 1` as constants).
    #[inline]
    pub(crate) fn rank(&self, r: &[u32; MAX_PPART_LEN], deg: u32) -> usize {
        self.ranks.rank(&WEIGHTS, r, deg)
    }
}
