//! The mod p Steenrod algebra `A_p` (p an odd prime) in the Milnor basis.
//!
//! Reference: J. Milnor, "The Steenrod algebra and its dual", Ann. of Math. 67
//! (1958), §6–7.
//!
//! * [`MilnorQP`]: a basis element `Q(E)P(R)`.
//! * [`OddMilnorAlgebra`]: `A_p` through a maximal degree — the basis of each
//!   degree in a fixed order, indices without hashing (in `basis`), products by
//!   Milnor's Theorems 4a and 4b (in `product`), parsing and printing (in
//!   `parse`).
//!
//! Coefficients are `u32` in `0..p` throughout; dense elements are `&[u32]`
//! vectors over the basis of their degree.

mod basis;
mod element;
mod parse;
mod product;

pub use element::MilnorQP;

use crate::algebra::sub::SubIndex;
use crate::milnor::{PPart, MAX_PPART_LEN};
use crate::Profile;

/// The largest `max_degree` that [`OddMilnorAlgebra::new`] accepts at the odd
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

/// `A_p` for `0 ≤ t ≤ max_degree`, `p` an odd prime, with the Milnor basis
/// `Q(E)P(R)`.
///
/// **Basis order** in degree `t`: by the exterior part first, `e` (the bit set
/// of `E`) ascending as an integer; within one `E`, the `P(R)` of degree
/// `t − |Q(E)|` in reverse-lexicographic order ascending on `(r_8, …, r_1)`
/// (compare `r_8` first). So `basis(t)` starts with `P(t / 2(p−1))` when
/// `2(p − 1)` divides `t`; at p = 3 the basis of degree 5 is
/// `Q(0)P(1), Q(1)`, and of degree 16 it is `P(4), P(0,1)`.
///
/// **Indexing.** The index of `Q(E)P(R)` in degree `t` is
/// `offset(t, E) + rank(R)`, where `offset(t, E)` counts the basis elements of
/// degree `t` with a smaller `e`, and `rank(R)` is the rank of `R` among the
/// sequences of degree `d = t − |Q(E)|`:
/// `Σ_k [N_k(d_k) − N_k(d_k − r_k w_k)]`, `w_k = 2(p^k − 1)`, `d_8 = d`,
/// `d_{k−1} = d_k − r_k w_k`, and `N_k(d)` the number of sequences
/// `(r_1, …, r_k)` of degree `d`. Both are table look-ups; no hashing.
///
/// **Memory**: every basis element of every degree is stored (36 bytes each),
/// plus `(max_degree + 1)·(2^q + 9)` words of tables, `q` the number of `Q_i`
/// of degree `≤ max_degree`.
#[derive(Clone, Debug)]
pub struct OddMilnorAlgebra {
    p: u32,
    max_degree: u32,
    /// `pow[j] = p^j` for `j ≤ MAX_PPART_LEN`, saturated.
    pow: [u64; MAX_PPART_LEN + 1],
    /// `weight[k] = 2(p^{k+1} − 1)`, the degree of `r_{k+1}`; saturated.
    weight: [u64; MAX_PPART_LEN],
    /// Number of `Q_i` of degree `≤ max_degree`: `E ⊆ {0, …, n_q − 1}`.
    n_q: u32,
    /// `q_deg[e] = |Q(E)|` for the `2^n_q` bit sets `e`.
    q_deg: Vec<u32>,
    /// `basis[t]`: the basis of degree `t` in basis order.
    basis: Vec<Vec<MilnorQP>>,
    /// `counts[k * stride + d] = N_k(d)`, `stride = max_degree + 1`.
    counts: Vec<usize>,
    /// `offsets[t << n_q | e] = offset(t, E)`.
    offsets: Vec<usize>,
    /// `binom[a * L + b] = C(a, b) mod p` for `a, b < L = binom_base`.
    binom: Vec<u8>,
    /// `L`: the largest power of p not above 256.
    binom_base: u32,
    /// The sub-Hopf algebra held and its index, `None` for `A_p` itself (boxed: the type
    /// stays small).
    sub: Option<Box<SubIndex>>,
}

impl OddMilnorAlgebra {
    /// `A_p` through degree `max_degree`.
    ///
    /// Panics if `p` is not an odd prime below 256 (callers validate primes
    /// first) or if `max_degree > max_odd_degree(p)` (see [`max_odd_degree`];
    /// 39 363 at p = 3).
    pub fn new(p: u32, max_degree: u32) -> OddMilnorAlgebra {
        assert!(
            (3..256).contains(&p)
                && (2..p)
                    .take_while(|d| d * d <= p)
                    .all(|d| !p.is_multiple_of(d)),
            "OddMilnorAlgebra::new: p = {p} is not an odd prime below 256"
        );
        let bound = max_odd_degree(p);
        assert!(
            max_degree <= bound,
            "OddMilnorAlgebra::new({p}, {max_degree}): degrees above {bound} need more than \
             {MAX_PPART_LEN} exponents"
        );
        basis::build(p, max_degree)
    }

    /// The sub-Hopf algebra `B ⊆ A_p` with this profile through degree `max_degree`
    /// (`A_p` itself for `None`): its basis is the `Q(E)P(R)` of `A_p`'s basis that lie in
    /// `B` ([`Profile::contains_qp`]), in `A_p`'s order; products and indices are `B`'s.
    ///
    /// A finite `B` (truncated profile, top degree `top`) is held through
    /// `min(max_degree, 2·top)` only: it has no element above `top`, and every product of
    /// two elements lies below `2·top`; [`max_degree`](Self::max_degree) reports the
    /// degree held. Panics as [`new`](Self::new).
    pub fn with_profile(p: u32, max_degree: u32, profile: Option<&Profile>) -> Self {
        let Some(profile) = profile else {
            return Self::new(p, max_degree);
        };
        let held = profile
            .top_degree(p)
            .map_or(max_degree, |top| max_degree.min(top.saturating_mul(2)));
        let mut alg = Self::new(p, held);
        let (sub, basis) = SubIndex::new(profile.clone(), &alg.basis, |b, x| b.contains_qp(p, x));
        alg.basis = basis;
        alg.sub = Some(Box::new(sub));
        alg
    }

    /// The profile of the sub-Hopf algebra held, `None` for `A_p` itself.
    pub fn profile(&self) -> Option<&Profile> {
        self.sub.as_deref().map(SubIndex::profile)
    }

    /// The prime `p`.
    pub fn prime(&self) -> u32 {
        self.p
    }

    /// The largest degree held.
    pub fn max_degree(&self) -> u32 {
        self.max_degree
    }

    /// `dim A_t`; 0 for `t > max_degree` (degrees not held).
    pub fn dim(&self, t: u32) -> usize {
        self.basis.get(t as usize).map_or(0, Vec::len)
    }

    /// The Milnor basis of degree `t` in basis order (see the type's
    /// documentation); `basis(0) = [ONE]`; empty for `t > max_degree`.
    pub fn basis(&self, t: u32) -> &[MilnorQP] {
        self.basis.get(t as usize).map_or(&[], Vec::as_slice)
    }

    /// The index of `x` in `basis(t)`. Panics if `x` is not a basis element of
    /// degree `t ≤ max_degree`.
    pub fn index_of(&self, t: u32, x: &MilnorQP) -> usize {
        self.try_index_of(t, x).unwrap_or_else(|| {
            panic!(
                "index_of({t}, {x}): not a basis element of degree {t} (its degree is {}, max \
                 degree {})",
                x.degree(self.p),
                self.max_degree
            )
        })
    }

    /// The index of `x` in `basis(t)`, or `None` if `x` does not have degree
    /// `t` or `t > max_degree`.
    pub fn try_index_of(&self, t: u32, x: &MilnorQP) -> Option<usize> {
        if t > self.max_degree || self.degree_of(x) != u64::from(t) {
            return None;
        }
        let k = self.full_rank(x.e, &x.r.0, t);
        match &self.sub {
            None => Some(k),
            Some(sub) => sub.index(t, k),
        }
    }

    /// `P^n = P(n)`, of degree `2n(p − 1)`.
    pub fn p_power(n: u32) -> MilnorQP {
        MilnorQP {
            e: 0,
            r: PPart::from_slice(&[n]),
        }
    }

    /// The Bockstein `β = Q_0`, of degree 1.
    pub fn beta() -> MilnorQP {
        MilnorQP {
            e: 1,
            r: PPart::ONE,
        }
    }

    /// `|x|` from the tables, exact up to `max_degree` and above it some value
    /// `> max_degree` (saturating; `u64::MAX` when `E` has a `Q_i` above
    /// `max_degree`).
    #[inline]
    pub(crate) fn degree_of(&self, x: &MilnorQP) -> u64 {
        let Some(&q) = self.q_deg.get(x.e as usize) else {
            return u64::MAX;
        };
        x.r.0
            .iter()
            .zip(&self.weight)
            .fold(u64::from(q), |d, (&r, &w)| {
                d.saturating_add(u64::from(r).saturating_mul(w))
            })
    }

    /// Index in `basis(t)` of `Q(E)P(R)`, which must have degree `t` (and lie in the
    /// sub-algebra, if one is held: products of its elements do).
    #[inline]
    pub(crate) fn rank(&self, e: u32, r: &[u32; MAX_PPART_LEN], t: u32) -> usize {
        let k = self.full_rank(e, r, t);
        let Some(sub) = &self.sub else {
            return k;
        };
        let i = sub.index(t, k);
        debug_assert!(i.is_some(), "a product left the sub-Hopf algebra");
        i.unwrap_or(usize::MAX)
    }

    /// Index of `Q(E)P(R)` (of degree `t`) in `A_p`'s basis of degree `t`.
    #[inline]
    fn full_rank(&self, e: u32, r: &[u32; MAX_PPART_LEN], t: u32) -> usize {
        let stride = self.max_degree as usize + 1;
        let mut d = (t - self.q_deg[e as usize]) as usize;
        let mut rank = self.offsets[(t as usize) << self.n_q | e as usize];
        // k = 1 contributes N_1(d_1) − N_1(0) = 1 − 1 = 0.
        for k in (2..=MAX_PPART_LEN).rev() {
            let rk = r[k - 1] as usize;
            if rk == 0 {
                continue;
            }
            let below = d - rk * self.weight[k - 1] as usize;
            let row = &self.counts[k * stride..(k + 1) * stride];
            rank += row[d] - row[below];
            d = below;
        }
        rank
    }
}
