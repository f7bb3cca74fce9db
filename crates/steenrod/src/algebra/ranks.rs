//! The polynomial part of the Milnor basis at any prime: the sequences
//! `R = (r_1, …, r_8)` of a degree `Σ_k r_k w_k`, their order and their rank, for the
//! weights `w_k = |ξ_k|` of the dual Steenrod algebra — `2^k − 1` for `Sq(R)` at p = 2,
//! `2(p^k − 1)` for `P(R)` at an odd prime (Milnor, "The Steenrod algebra and its dual",
//! Ann. of Math. 67 (1958), §§5–6).
//!
//! **Order** in a degree: reverse-lexicographic ascending on `(r_8, …, r_1)` (compare
//! `r_8` first). **Rank**: with `N_k(d)` the number of sequences `(r_1, …, r_k)` of degree
//! `d`, the rank of `R` in degree `d` is `Σ_k [N_k(d_k) − N_k(d_k − r_k w_k)]`, `d_8 = d`,
//! `d_{k−1} = d_k − r_k w_k`: the `k`-th summand counts the sequences that agree with `R`
//! above position `k` and have a smaller `k`-th entry — at most eight table look-ups, no
//! hashing.

use crate::milnor::{PPart, MAX_PPART_LEN};

const N: usize = MAX_PPART_LEN;

/// The weights `w_1, …, w_8` (degrees of `r_1, …, r_8`) at the prime `p`, saturated at
/// `u32::MAX` (a weight above every degree held: its entry is 0 in every basis element).
pub fn part_weights(p: u32) -> [u32; N] {
    let mut w = [0u32; N];
    let mut pow = u64::from(p);
    for wk in &mut w {
        let d = if p == 2 {
            pow - 1
        } else {
            (pow - 1).saturating_mul(2)
        };
        *wk = u32::try_from(d).unwrap_or(u32::MAX);
        pow = pow.saturating_mul(u64::from(p));
    }
    w
}

/// The count table `N_k(d)` behind the rank formula (see the module's documentation),
/// for `0 ≤ k ≤ 8` and `0 ≤ d ≤ max_degree`. Memory: `9·(max_degree + 1)` words.
///
/// The weights are not stored: every method takes them, so that at p = 2 they are the
/// constants of [`crate::milnor`] and the rank compiles to constant strides.
#[derive(Clone, Debug)]
pub struct PartRanks {
    stride: usize,
    /// `counts[k * stride + d] = N_k(d)`.
    counts: Vec<u32>,
}

impl PartRanks {
    /// The table through `max_degree` for these weights. Panics if a count does not fit in
    /// `u32` (a degree whose basis could not be held in memory either).
    pub fn new(weights: &[u32; N], max_degree: u32) -> PartRanks {
        let stride = max_degree as usize + 1;
        // N_0(d) = [d = 0]; N_k(d) = N_{k−1}(d) + N_k(d − w_k).
        let mut counts = vec![0u32; (N + 1) * stride];
        counts[0] = 1;
        for k in 1..=N {
            let w = weights[k - 1] as usize;
            for d in 0..stride {
                let mut n = counts[(k - 1) * stride + d];
                if d >= w {
                    n = n
                        .checked_add(counts[k * stride + d - w])
                        .unwrap_or_else(|| {
                            panic!("more than 2^32 Milnor basis elements in degree {d}")
                        });
                }
                counts[k * stride + d] = n;
            }
        }
        PartRanks { stride, counts }
    }

    /// `counts[k * (max_degree + 1) + d] = N_k(d)` (device kernels rank with it).
    pub fn counts(&self) -> &[u32] {
        &self.counts
    }

    /// `N_8(d)`: the number of sequences `R` of degree `d`.
    #[inline]
    pub fn count(&self, d: u32) -> usize {
        self.counts[N * self.stride + d as usize] as usize
    }

    /// The rank of `r` (of degree `deg ≤ max_degree` for these weights) among the
    /// sequences of its degree.
    #[inline(always)]
    pub fn rank(&self, weights: &[u32; N], r: &[u32; N], deg: u32) -> usize {
        let stride = self.stride;
        let mut d = deg as usize;
        let mut rank = 0usize;
        // k = 1 contributes N_1(d_1) − N_1(0) = 1 − 1 = 0.
        for k in (2..=N).rev() {
            let rk = r[k - 1] as usize;
            if rk == 0 {
                continue;
            }
            let below = d - rk * weights[k - 1] as usize;
            let row = &self.counts[k * stride..(k + 1) * stride];
            rank += (row[d] - row[below]) as usize;
            d = below;
        }
        rank
    }

    /// [`PartRanks::rank`] of the sequence whose entry `k` (1-based) is `entry(k)`, for
    /// entries above `top` zero: the loop runs from `top` down, without a branch per entry
    /// (a zero entry adds `N_k(d) − N_k(d) = 0`).
    #[inline(always)]
    pub fn rank_from(
        &self,
        weights: &[u32; N],
        top: usize,
        entry: impl Fn(usize) -> usize,
        deg: u32,
    ) -> usize {
        let stride = self.stride;
        let mut d = deg as usize;
        let mut rank = 0usize;
        for k in (2..=top).rev() {
            let below = d - entry(k) * weights[k - 1] as usize;
            let row = &self.counts[k * stride..(k + 1) * stride];
            rank += (row[d] - row[below]) as usize;
            d = below;
        }
        rank
    }

    /// Calls `f(R)` for each sequence of degree `d` in order: `r_8, r_7, …, r_2` ascending
    /// (outermost first), `r_1` what is left, when `w_1` divides it.
    pub fn for_each_part(weights: &[u32; N], d: u32, mut f: impl FnMut(PPart)) {
        fn fill(
            weights: &[u32; N],
            k: usize,
            left: u32,
            cur: &mut [u32; N],
            f: &mut dyn FnMut(PPart),
        ) {
            if k == 0 {
                if left.is_multiple_of(weights[0]) {
                    cur[0] = left / weights[0];
                    f(PPart(*cur));
                }
                return;
            }
            for r in 0..=left / weights[k] {
                cur[k] = r;
                fill(weights, k - 1, left - r * weights[k], cur, f);
            }
            cur[k] = 0;
        }
        fill(weights, N - 1, d, &mut [0; N], &mut f);
    }
}
