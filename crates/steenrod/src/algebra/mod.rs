//! The mod 2 Steenrod algebra `A` in the Milnor basis, truncated at a maximal
//! degree: the basis of each degree, its index (rank) without hashing, and
//! products (in [`product`]).

mod admissible;
mod cache;
mod filtered;
mod product;
mod profile;
pub(crate) mod sub;

pub use admissible::AdmissibleMatrices;
use cache::TableCache;
pub use cache::{available_memory, table_budget_for, DEFAULT_TABLE_BUDGET, MAX_AUTO_TABLE_BUDGET};
pub use filtered::{LeftFactor, TermFilter};
pub use profile::{Profile, ProfileError};
use sub::SubIndex;

use crate::milnor::{PPart, MAX_PPART_LEN, WEIGHTS};

/// The largest `max_degree` accepted: `Sq(0,…,0,1)` with the 1 in position
/// `MAX_PPART_LEN + 1` has degree `2^9 − 1 = 511`, so below it every basis
/// element fits in a [`PPart`].
pub const MAX_ALGEBRA_DEGREE: u32 = (1 << (MAX_PPART_LEN + 1)) - 2;

/// `A_t` for `0 ≤ t ≤ max_degree` with the Milnor basis `Sq(R)`.
///
/// **Basis order** in a degree: reverse-lexicographic ascending on
/// `(r_8, …, r_1)`, i.e. compare `r_8` first, then `r_7`, …; so `Sq(t)` has
/// index 0 and in degree 3 the order is `Sq(3), Sq(0,1)`.
///
/// **Indexing.** `counts[k][d]` is the number `N_k(d)` of sequences
/// `(r_1, …, r_k)` of degree `d`. The rank of `R` in degree `d` is
/// `Σ_k [N_k(d_k) − N_k(d_k − r_k (2^k − 1))]`, where `d_8 = d` and
/// `d_{k−1} = d_k − r_k (2^k − 1)`: the `k`-th summand counts the sequences that
/// agree with `R` above position `k` and have a smaller `k`-th entry. That is
/// at most `MAX_PPART_LEN` table look-ups and no hashing.
///
/// **Products** (see [`MilnorAlgebra::multiply_basis_into`]) use a cache of
/// [`AdmissibleMatrices`], one table per left factor `R`, built on first use
/// within a byte budget ([`DEFAULT_TABLE_BUDGET`], or
/// [`MilnorAlgebra::with_table_budget`]; a resolution sizes it by [`table_budget_for`]);
/// beyond it, and with budget 0,
/// products are enumerated directly. Both give the same results.
///
/// Memory: the basis of every degree is stored (32 bytes per element), so
/// `Σ_{t ≤ max_degree} dim A_t` elements, plus the table cache.
#[derive(Clone, Debug)]
pub struct MilnorAlgebra {
    max_degree: u32,
    /// `basis[t]`: the Milnor basis of `A_t` in basis order.
    basis: Vec<Vec<PPart>>,
    /// `counts[k * stride + d] = N_k(d)` for `0 ≤ k ≤ MAX_PPART_LEN`,
    /// `stride = max_degree + 1`.
    counts: Vec<u32>,
    /// Admissible-matrix tables of left factors, filled on demand.
    tables: TableCache,
    /// Over a sub-Hopf algebra ([`MilnorAlgebra::with_profile`]): its profile and the
    /// map from the whole algebra's rank to the sub-algebra's index; `basis` then holds
    /// the sub-algebra's basis. `None` for `A` itself (the paths above, untouched).
    sub: Option<Box<SubIndex>>,
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
        assert!(
            max_degree <= MAX_ALGEBRA_DEGREE,
            "MilnorAlgebra::new({max_degree}): degrees above {MAX_ALGEBRA_DEGREE} need more than \
             {MAX_PPART_LEN} exponents"
        );
        let stride = max_degree as usize + 1;
        // N_0(d) = [d = 0]; N_k(d) = Σ_{r ≥ 0} N_{k−1}(d − r w_k) = N_{k−1}(d) + N_k(d − w_k).
        let mut counts = vec![0u32; (MAX_PPART_LEN + 1) * stride];
        counts[0] = 1;
        for k in 1..=MAX_PPART_LEN {
            let w = WEIGHTS[k - 1] as usize;
            for d in 0..stride {
                let mut n = counts[(k - 1) * stride + d];
                if d >= w {
                    n += counts[k * stride + d - w];
                }
                counts[k * stride + d] = n;
            }
        }
        let basis = (0..=max_degree).map(basis_of_degree).collect();
        MilnorAlgebra {
            max_degree,
            basis,
            counts,
            tables: TableCache::new(max_degree, bytes),
            sub: None,
        }
    }

    /// The sub-Hopf algebra `B ⊆ A` with this profile through degree `max_degree`
    /// (`None`: `A` itself, as [`MilnorAlgebra::with_table_budget`]). `basis(t)`,
    /// `dim(t)`, `index_of` and the products then enumerate and index `B`'s Milnor basis
    /// only, in the same relative order as `A`'s. Panics as [`MilnorAlgebra::new`].
    ///
    /// A finite `B` (a truncated profile) is held through `min(max_degree, 2·top)` only,
    /// `top` its top degree ([`Profile::top_degree`]): its elements lie in degrees
    /// `≤ top` and a product of two of them in degrees `≤ 2·top`, so nothing above is ever
    /// indexed — and the whole algebra's basis is not built through `max_degree` (some
    /// 160 MB at degree 300) only to be restricted.
    pub fn with_profile(max_degree: u32, bytes: usize, profile: Option<&Profile>) -> MilnorAlgebra {
        let held = profile
            .and_then(|p| p.top_degree(2))
            .map_or(max_degree, |top| max_degree.min(top.saturating_mul(2)));
        let mut alg = Self::with_table_budget(held, bytes);
        if let Some(profile) = profile {
            let (sub, basis) = SubIndex::new(profile.clone(), &alg.basis, Profile::contains);
            alg.basis = basis;
            alg.sub = Some(Box::new(sub));
        }
        alg
    }

    /// The profile of the sub-Hopf algebra held, `None` for `A` itself.
    pub fn profile(&self) -> Option<&Profile> {
        self.sub.as_deref().map(SubIndex::profile)
    }

    /// Whether `Sq(R)` is an element of the algebra held (always, for `A`), regardless
    /// of its degree.
    pub fn contains(&self, r: &PPart) -> bool {
        self.profile().is_none_or(|p| p.contains(r))
    }

    /// The byte budget of the product-table cache.
    pub fn table_budget(&self) -> usize {
        self.tables.budget()
    }

    /// Bytes of admissible-matrix tables built so far (at most [`Self::table_budget`]).
    pub fn table_bytes(&self) -> usize {
        self.tables.budget() - self.tables.left()
    }

    /// Bytes held by the Milnor bases of all degrees (`Σ_t dim A_t` elements).
    pub fn basis_bytes(&self) -> usize {
        self.basis
            .iter()
            .map(|b| b.capacity() * std::mem::size_of::<PPart>())
            .sum()
    }

    /// The cached admissible matrices of `r` (bounded by
    /// `|S| ≤ max_degree − |R|`), built now if not yet and the budget allows;
    /// `None` when over budget. Panics if `|R| > max_degree`.
    pub fn admissible_matrices(&self, r: &PPart) -> Option<&AdmissibleMatrices> {
        let d = r.degree();
        let idx = self.index_of(r);
        self.tables.get(r, d, idx, self.dim(d), self.max_degree)
    }

    /// The count table behind the rank formula (see the type's documentation):
    /// `counts[k * (max_degree + 1) + d] = N_k(d)`, the number of sequences
    /// `(r_1, …, r_k)` of degree `d`, for `0 ≤ k ≤ MAX_PPART_LEN` and
    /// `0 ≤ d ≤ max_degree`. Device kernels rank products with it (crate `gpu`).
    pub fn rank_counts(&self) -> &[u32] {
        &self.counts
    }

    /// The largest degree held.
    pub fn max_degree(&self) -> u32 {
        self.max_degree
    }

    /// `dim A_t`; 0 for `t > max_degree` (degrees not held), although the
    /// algebra itself is nonzero there.
    pub fn dim(&self, t: u32) -> usize {
        self.basis.get(t as usize).map_or(0, Vec::len)
    }

    /// The Milnor basis of `A_t` in basis order; empty for `t > max_degree`.
    pub fn basis(&self, t: u32) -> &[PPart] {
        self.basis.get(t as usize).map_or(&[], Vec::as_slice)
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

    /// Rank of `r` (of degree `deg ≤ max_degree`) in its degree; see the type's
    /// documentation for the formula.
    #[inline]
    pub(crate) fn rank(&self, r: &[u32; MAX_PPART_LEN], deg: u32) -> usize {
        let stride = self.max_degree as usize + 1;
        let mut d = deg as usize;
        let mut rank = 0usize;
        // k = 1 contributes N_1(d_1) − N_1(0) = 1 − 1 = 0.
        for k in (2..=MAX_PPART_LEN).rev() {
            let rk = r[k - 1] as usize;
            if rk == 0 {
                continue;
            }
            let below = d - rk * WEIGHTS[k - 1] as usize;
            let row = &self.counts[k * stride..(k + 1) * stride];
            rank += (row[d] - row[below]) as usize;
            d = below;
        }
        rank
    }
}

/// The Milnor basis of degree `t` in basis order: choose `r_8, r_7, …, r_2`
/// ascending (outermost first) and let `r_1` take the rest.
fn basis_of_degree(t: u32) -> Vec<PPart> {
    fn fill(k: usize, left: u32, cur: &mut [u32; MAX_PPART_LEN], out: &mut Vec<PPart>) {
        if k == 0 {
            cur[0] = left;
            out.push(PPart(*cur));
            return;
        }
        let w = WEIGHTS[k];
        for r in 0..=left / w {
            cur[k] = r;
            fill(k - 1, left - r * w, cur, out);
        }
        cur[k] = 0;
    }
    let mut out = Vec::new();
    fill(MAX_PPART_LEN - 1, t, &mut [0; MAX_PPART_LEN], &mut out);
    out
}
