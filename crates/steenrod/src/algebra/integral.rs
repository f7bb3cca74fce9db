//! Milnor's product formula with its coefficients read modulo 4 (the product of the
//! integral lift `σ(Sq R)·σ(Sq S)` that Nassau's model of the secondary Steenrod algebra
//! starts from), by tables of the left factor as in [`super::admissible`].
//!
//! The formula is Milnor, "The Steenrod algebra and its dual", Ann. of Math. 67 (1958),
//! Theorem 4b: the sum over matrices `X = (x_ij)` (`x_00` omitted) with
//! `Σ_j 2^j x_ij = r_i` (`i ≥ 1`) and `Σ_i x_ij = s_j` (`j ≥ 1`) of
//! `Π_n multinomial(x_0n, x_1(n−1), …, x_n0) · Sq(T)`, `T_n = Σ_{i+j=n} x_ij`. It holds over
//! the integers (it is the transpose of the coproduct `Δξ_n = Σ_i ξ_{n−i}^{2^i} ⊗ ξ_i` on
//! `Z[ξ_1, ξ_2, …]`), so its coefficients may be read modulo 4.
//!
//! **Which matrices count.** By Kummer's theorem `v_2` of a multinomial is the number of
//! carries when its parts are added in base 2, one part at a time. So a matrix's
//! coefficient is 0 modulo 4 when its anti-diagonals carry twice or more in all, and
//! 2 modulo 4 when they carry once. When nothing carries, each binomial
//! `C(a + b, b)` with `a & b = 0` is `(−1)^k` modulo 4, `k` the number of adjacent bit
//! pairs `(i, i + 1)` of `a | b` with one bit in `a` and the other in `b` (Davis and Webb,
//! "Lucas' theorem for prime powers", European J. Combin. 11 (1990): the product of the
//! two-digit blocks' binomials, of which only `C(3, 1) = C(3, 2) = 3` differ from 1).
//!
//! **The table of `R`.** As modulo 2, the entries `x_ij` with `i ≥ 1` (column 0
//! included) depend only on `R`. For each choice whose anti-diagonals carry at most once,
//! store its column sums `c_j = Σ_{i ≥ 1} x_ij`, its anti-diagonal sums
//! `a_n = Σ_{i ≥ 1} x_{i,n−i}`, whether it carried, and the parity of its split pairs.
//! For a given `S` the choice extends by `x_0j = s_j − c_j ≥ 0`; the new carries are those
//! of `a + d` (`d` the lanes `s_j − c_j`), read off the carry word `(a + d) ^ a ^ d` (one
//! bit per carry; no carry leaves its lane, as every sum fits there); `T = a + d`. Packed
//! lanes as in [`super::admissible`].

use super::admissible::{pack_checked, unpack, G, N};
use super::packed::{PackedElement, PackedPPart};
use super::MilnorAlgebra;
use crate::milnor::{PPart, WEIGHTS};

/// The matrices of one `Sq(R)` whose coefficient can be nonzero modulo 4, bucketed by the
/// number of columns they use and sorted within a bucket by the least degree of an `S` they
/// can match, `Σ_j c_j (2^j − 1)`.
#[derive(Clone, Debug)]
pub struct IntegralMatrices {
    r: PPart,
    /// Only matrices that can match `S` with `|S| ≤ max_s_degree` are kept.
    max_s_degree: u32,
    /// Packed column sums `c_j`.
    colsums: Box<[u64]>,
    /// Packed anti-diagonal sums `a_n` of the entries of rows `i ≥ 1`.
    diagonals: Box<[u64]>,
    /// Bit 0: the rows `i ≥ 1` carried once; bit 1: the parity of their split pairs.
    flags: Box<[u8]>,
    /// `Σ_j c_j (2^j − 1)` of each matrix.
    keys: Box<[u16]>,
    /// Matrices using columns `≤ k` only are `0..bucket_end[k]`.
    bucket_end: [usize; N + 1],
}

/// The number of adjacent bit pairs with one bit in `a` and the other in `b` (`a & b = 0`),
/// lane by lane: shifting moves a lane's lowest bit onto the guard bit below, which is 0 in
/// both.
#[inline(always)]
fn split_pairs(a: u64, b: u64) -> u32 {
    (a & (b >> 1)).count_ones() + (b & (a >> 1)).count_ones()
}

impl IntegralMatrices {
    /// The matrices of `R` that can match some `S` with `|S| ≤ max_s_degree`.
    /// Panics if `|R| > 510`.
    pub fn with_max_s_degree(r: &PPart, max_s_degree: u32) -> IntegralMatrices {
        Self::bounded(r, max_s_degree, [u32::MAX; N])
    }

    /// The matrices of `R` that can match `S` itself (column sums `c_j ≤ s_j`): a table
    /// for one product, when `R`'s cached table is over budget.
    fn for_one(r: &PPart, s: &PPart) -> IntegralMatrices {
        Self::bounded(r, s.degree(), s.0)
    }

    /// The matrices with key `≤ max_s_degree` and column sums `c_j ≤ col_max[j − 1]`.
    fn bounded(r: &PPart, max_s_degree: u32, col_max: [u32; N]) -> IntegralMatrices {
        assert!(
            r.degree() <= super::MAX_ALGEBRA_DEGREE,
            "integral matrices of {r}: degree above {}",
            super::MAX_ALGEBRA_DEGREE
        );
        let mut found = Vec::new();
        let mut x = Rows {
            r: *r,
            col_max,
            colsum: [0; N],
            diagonal: [0; N + 1],
            carried: 0,
            split: 0,
            key: 0,
            max_key: max_s_degree,
        };
        x.row(1, r.len(), &mut found);
        found.sort_unstable_by_key(|f: &Found| (f.cols, f.key));
        let mut bucket_end = [0; N + 1];
        for (k, end) in bucket_end.iter_mut().enumerate() {
            *end = found.partition_point(|f| f.cols <= k);
        }
        IntegralMatrices {
            r: *r,
            max_s_degree,
            colsums: found.iter().map(|f| f.colsums).collect(),
            diagonals: found.iter().map(|f| f.diagonals).collect(),
            flags: found.iter().map(|f| f.flags).collect(),
            keys: found.iter().map(|f| f.key).collect(),
            bucket_end,
        }
    }

    /// The `R` whose matrices these are.
    pub fn r(&self) -> &PPart {
        &self.r
    }

    /// Heap and inline bytes held (for cache budgets).
    pub fn bytes(&self) -> usize {
        std::mem::size_of::<Self>() + self.len() * (2 * std::mem::size_of::<u64>() + 3)
    }

    /// The number of matrices kept.
    pub fn len(&self) -> usize {
        self.colsums.len()
    }

    /// Never true: the matrix with `x_ij = 0` for `j ≥ 1` carries nowhere.
    pub fn is_empty(&self) -> bool {
        self.colsums.is_empty()
    }

    /// Calls `emit(T, c)` for each matrix of `Sq(R)·Sq(S)` with coefficient `c ≠ 0`
    /// modulo 4 (`T` packed), before equal `T`s are summed. Panics if `|S|` is above the
    /// table's bound.
    #[inline]
    fn for_each_term(&self, s: PackedPPart, mut emit: impl FnMut(u64, u8)) {
        let (sp, s_degree) = (s.lanes() | G, s.degree());
        assert!(
            s_degree <= self.max_s_degree,
            "{s:?} has degree above the bound {} of the integral matrices of {}",
            self.max_s_degree,
            self.r
        );
        let key_max = s_degree.min(u16::MAX as u32) as u16;
        let mut start = 0;
        for &stop in &self.bucket_end[..=s.len()] {
            for k in start..stop {
                if self.keys[k] > key_max {
                    break;
                }
                // No lane borrowed: every c_j ≤ s_j.
                let d = sp.wrapping_sub(self.colsums[k]);
                if d & G != G {
                    continue;
                }
                let (d, a, flags) = (d & !G, self.diagonals[k], self.flags[k]);
                let t = a + d;
                let carries = t ^ a ^ d;
                let coeff = match (carries, flags & 1) {
                    (0, 0) => 1 + 2 * ((u32::from(flags >> 1) + split_pairs(a, d)) & 1) as u8,
                    (0, _) => 2,
                    (c, 0) if c & (c - 1) == 0 => 2,
                    _ => continue,
                };
                emit(t, coeff);
            }
            start = stop;
        }
    }
}

/// One matrix found: its columns used, key, packed column and anti-diagonal sums, flags.
struct Found {
    cols: usize,
    key: u16,
    colsums: u64,
    diagonals: u64,
    flags: u8,
}

/// Enumeration of the rows `i ≥ 1` (entries `x_ij`, `i + j ≤ N`), keeping the
/// anti-diagonals' carries at most one.
struct Rows {
    r: PPart,
    /// Bounds on the column sums (`u32::MAX`: none).
    col_max: [u32; N],
    colsum: [u32; N],
    diagonal: [u32; N + 1],
    /// Carries so far (0 or 1).
    carried: u32,
    /// Split pairs so far (mod 2 is what is kept).
    split: u32,
    key: u32,
    max_key: u32,
}

impl Rows {
    /// Chooses row `i` (entries `x_ij` for `j` from `N − i` down to 1, then `x_i0`), then
    /// the rows below; at `i > rows` records the matrix.
    fn row(&mut self, i: usize, rows: usize, found: &mut Vec<Found>) {
        if i > rows {
            self.record(found);
            return;
        }
        self.cell(i, N - i, self.r.0[i - 1], rows, found);
    }

    /// Adds the part `x` to anti-diagonal `n`; `false` (nothing changed) when that would
    /// carry a second time.
    fn place(&mut self, n: usize, x: u32) -> bool {
        let a = self.diagonal[n];
        let c = (a + x) ^ a ^ x;
        let carried = self.carried + c.count_ones();
        if carried > 1 {
            return false;
        }
        if c == 0 {
            self.split += (a & (x >> 1)).count_ones() + (x & (a >> 1)).count_ones();
        }
        self.carried = carried;
        self.diagonal[n] = a + x;
        true
    }

    fn cell(&mut self, i: usize, j: usize, rem: u32, rows: usize, found: &mut Vec<Found>) {
        let saved = (self.diagonal, self.carried, self.split);
        if j == 0 {
            if self.place(i, rem) {
                self.row(i + 1, rows, found);
            }
            (self.diagonal, self.carried, self.split) = saved;
            return;
        }
        let w = WEIGHTS[j - 1];
        let max = (rem >> j)
            .min((self.max_key - self.key) / w)
            .min(self.col_max[j - 1] - self.colsum[j - 1]);
        for x in 0..=max {
            if !self.place(i + j, x) {
                continue;
            }
            self.colsum[j - 1] += x;
            self.key += x * w;
            self.cell(i, j - 1, rem - (x << j), rows, found);
            self.key -= x * w;
            self.colsum[j - 1] -= x;
            (self.diagonal, self.carried, self.split) = saved;
        }
    }

    fn record(&self, found: &mut Vec<Found>) {
        let cols = self
            .colsum
            .iter()
            .rposition(|&c| c != 0)
            .map_or(0, |k| k + 1);
        let mut diagonals = [0u32; N];
        diagonals.copy_from_slice(&self.diagonal[1..]);
        found.push(Found {
            cols,
            key: self.key.min(u16::MAX as u32) as u16,
            colsums: pack_checked(&self.colsum),
            diagonals: pack_checked(&diagonals),
            flags: self.carried as u8 | (((self.split & 1) as u8) << 1),
        });
    }
}

impl MilnorAlgebra {
    /// Adds `Sq(R)·Sq(S)` by Milnor's formula with coefficients modulo 4 to `out`
    /// (coefficients in `0..4` over `basis(|R| + |S|)`), reading `R`'s cached
    /// [`IntegralMatrices`] when the budget allows, else a table for `S` alone (bounded by its
    /// columns).
    /// Panics if `|R| + |S| > max_degree`, if `out.len() != dim(|R| + |S|)`, or over a
    /// sub-Hopf algebra that lacks a term.
    pub fn add_integral_product(&self, r: &PPart, s: &PPart, out: &mut [u8]) {
        let deg = r.degree() + s.degree();
        assert!(
            deg <= self.max_degree,
            "integral product: degree {deg} > max degree {}",
            self.max_degree
        );
        assert_eq!(out.len(), self.dim(deg), "integral product: wrong length");
        let packed = PackedPPart::pack(s.degree(), s);
        let mut add = |t: u64, c: u8| {
            let i = match &self.sub {
                None => self.rank_packed(t, deg),
                Some(sub) => self.sub_rank(sub, &unpack(t), deg).unwrap_or_else(|| {
                    panic!(
                        "integral product: a term outside the sub-algebra {}",
                        sub.profile()
                    )
                }),
            };
            out[i] = (out[i] + c) & 3;
        };
        match self.integral_matrices(r) {
            Some(table) => table.for_each_term(packed, &mut add),
            None => IntegralMatrices::for_one(r, s).for_each_term(packed, add),
        }
    }
}
