//! The Milnor basis `Q(E)P(R)` of the mod p Steenrod algebra `A_p`, p an odd prime:
//! [`MilnorAlgebra<ValidPrime>`](crate::MilnorAlgebra).
//!
//! Reference: J. Milnor, "The Steenrod algebra and its dual", Ann. of Math. 67
//! (1958), §6–7.
//!
//! * [`MilnorQP`]: a basis element `Q(E)P(R)`.
//! * `MilnorAlgebra<ValidPrime>` at an odd prime: the basis of each degree with its
//!   exterior parts' offsets (in `basis`), indices, products by Milnor's Theorems 4a and 4b
//!   (in `product`), parsing and printing (in `parse`).
//!
//! Coefficients are `u32` in `0..p` throughout; dense elements are `&[u32]`
//! vectors over the basis of their degree.

mod basis;
mod element;
mod parse;
mod product;

pub use element::MilnorQP;

pub(crate) use basis::basis_and_tables;

use fp::ValidPrime;

use crate::milnor::MAX_PPART_LEN;
use crate::{MilnorAlgebra, Profile};

/// The largest `max_degree` that [`MilnorAlgebra::new_at`] accepts at the odd
/// prime `p`: `min(2(p^9 − 1) − 1, 2^31 − 1)`.
///
/// `2(p^9 − 1)` is the degree of `P(0,…,0,1)` with the 1 in position
/// `MAX_PPART_LEN + 1 = 9`, the first exponent a [`PPart`] cannot hold; below it
/// every basis element fits (and `|Q_9| = 2p^9 − 1` is larger still, so
/// `E ⊆ {0, …, 8}`). The cap `2^31 − 1` keeps sums of two degrees in `u32`.
/// At p = 3 the bound is 39 363, at p = 5 it is 3 906 247.
pub fn max_odd_degree(p: u32) -> u32 {
    let w9 = 2 * (u128::from(p).pow(MAX_PPART_LEN as u32 + 1) - 1);
    u32::try_from(w9 - 1)
        .unwrap_or(u32::MAX)
        .min(i32::MAX as u32)
}

/// What `MilnorAlgebra<ValidPrime>` holds beyond the basis and the counts of the
/// polynomial parts: the exterior parts and Lucas' binomials.
///
/// **Indexing.** The index of `Q(E)P(R)` in degree `t` is `offset(t, E) + rank(R)`, where
/// `offset(t, E)` counts the basis elements of degree `t` with a smaller `e`, and `rank(R)`
/// is the rank of `R` among the `P(R)` of degree `t − |Q(E)|`
/// ([`crate::algebra::PartRanks`], weights `w_k = 2(p^k − 1)`).
///
/// **Memory**: `(max_degree + 1)·2^q` words of offsets, `q` the number of `Q_i` of degree
/// `≤ max_degree`, and `L²` bytes of binomials (`L ≤ 256`).
#[derive(Clone, Debug)]
pub struct QTables {
    /// `pow[j] = p^j` for `j ≤ MAX_PPART_LEN`, saturated.
    pow: [u64; MAX_PPART_LEN + 1],
    /// `weights[k] = 2(p^{k+1} − 1)`, the degree of `r_{k+1}`; saturated at `u32::MAX`.
    weights: [u32; MAX_PPART_LEN],
    /// Number of `Q_i` of degree `≤ max_degree`: `E ⊆ {0, …, n_q − 1}`.
    n_q: u32,
    /// `q_deg[e] = |Q(E)|` for the `2^n_q` bit sets `e`.
    q_deg: Vec<u32>,
    /// `offsets[t << n_q | e] = offset(t, E)`.
    offsets: Vec<usize>,
    /// `binom[a * L + b] = C(a, b) mod p` for `a, b < L = binom_base`.
    binom: Vec<u8>,
    /// `L`: the largest power of p not above 256.
    binom_base: u32,
}

impl MilnorAlgebra<ValidPrime> {
    /// `A_p` through degree `max_degree`.
    ///
    /// Panics if `p` is not an odd prime below 256 (callers validate primes
    /// first) or if `max_degree > max_odd_degree(p)` (see [`max_odd_degree`];
    /// 39 363 at p = 3).
    pub fn new_at(p: u32, max_degree: u32) -> Self {
        Self::with_profile_at(p, max_degree, None)
    }

    /// The sub-Hopf algebra `B ⊆ A_p` with this profile through degree `max_degree`
    /// (`A_p` itself for `None`): its basis is the `Q(E)P(R)` of `A_p`'s basis that lie in
    /// `B` ([`Profile::contains_qp`]), in `A_p`'s order; products and indices are `B`'s
    /// ([`MilnorAlgebra::whole_or_sub`]). Panics as [`new_at`](Self::new_at).
    pub fn with_profile_at(p: u32, max_degree: u32, profile: Option<&Profile>) -> Self {
        let field = ValidPrime::new(p).ok().filter(|_| p != 2);
        let field = field.unwrap_or_else(|| {
            panic!("MilnorAlgebra::new_at: p = {p} is not an odd prime below 256")
        });
        Self::whole_or_sub(field, max_degree, 0, profile)
    }

    /// The index of `x` in `basis(t)`. Panics if `x` is not a basis element of
    /// degree `t ≤ max_degree`.
    pub fn index_of(&self, t: u32, x: &MilnorQP) -> usize {
        self.try_index_of(t, x).unwrap_or_else(|| {
            panic!(
                "index_of({t}, {x}): not a basis element of degree {t} (its degree is {}, max \
                 degree {})",
                x.degree(self.prime()),
                self.max_degree()
            )
        })
    }

    /// The index of `x` in `basis(t)`, or `None` if `x` does not have degree
    /// `t` or `t > max_degree`.
    pub fn try_index_of(&self, t: u32, x: &MilnorQP) -> Option<usize> {
        if t > self.max_degree() || self.degree_of(x) != u64::from(t) {
            return None;
        }
        self.index_from_rank(t, self.full_rank(x.e, &x.r.0, t))
    }

    /// `|x|` from the tables, exact up to `max_degree` and above it some value
    /// `> max_degree` (saturating; `u64::MAX` when `E` has a `Q_i` above
    /// `max_degree`).
    #[inline]
    pub(crate) fn degree_of(&self, x: &MilnorQP) -> u64 {
        let q = &self.tables;
        let Some(&qd) = q.q_deg.get(x.e as usize) else {
            return u64::MAX;
        };
        x.r.0
            .iter()
            .zip(&q.weights)
            .fold(u64::from(qd), |d, (&r, &w)| {
                d.saturating_add(u64::from(r).saturating_mul(u64::from(w)))
            })
    }

    /// Index in `basis(t)` of `Q(E)P(R)`, which must have degree `t` (and lie in the
    /// sub-algebra, if one is held: products of its elements do).
    #[inline]
    pub(crate) fn rank(&self, e: u32, r: &[u32; MAX_PPART_LEN], t: u32) -> usize {
        let i = self.index_from_rank(t, self.full_rank(e, r, t));
        debug_assert!(i.is_some(), "a product left the sub-Hopf algebra");
        i.unwrap_or(usize::MAX)
    }

    /// Index of `Q(E)P(R)` (of degree `t`) in `A_p`'s basis of degree `t`.
    #[inline]
    fn full_rank(&self, e: u32, r: &[u32; MAX_PPART_LEN], t: u32) -> usize {
        let q = &self.tables;
        let d = t - q.q_deg[e as usize];
        q.offsets[(t as usize) << q.n_q | e as usize] + self.ranks.rank(&q.weights, r, d)
    }
}
