//! Products in the Milnor basis by the Milnor product formula.
//!
//! Milnor, "The Steenrod algebra and its dual", Ann. of Math. 67 (1958),
//! Theorem 4b: `Sq(R)·Sq(S) = Σ_X b(X) Sq(T(X))`, the sum over matrices
//! `X = (x_ij)`, `i, j ≥ 0`, `x_00` omitted, with
//!
//! * row sums `Σ_{j ≥ 0} 2^j x_ij = r_i` for `i ≥ 1`,
//! * column sums `Σ_{i ≥ 0} x_ij = s_j` for `j ≥ 1`,
//! * `T(X)_n = Σ_{i+j=n} x_ij`,
//! * `b(X) = Π_n (T_n)! / Π_{i+j=n} x_ij!`, the product of the multinomial
//!   coefficients of the anti-diagonals.
//!
//! Mod 2 a multinomial coefficient is odd exactly when its parts have pairwise
//! disjoint binary digits (Lucas), and then `T_n` is the OR of the parts.
//! Distinct matrices can give the same `T`, so coefficients are summed mod 2:
//! [`MilnorAlgebra::multiply_basis_into`] XORs bits, and
//! [`MilnorAlgebra::multiply_basis`] reports only the `T` with an odd count.

use std::cell::Cell;

use fp::FpVector;

use super::sub::SubIndex;
use super::MilnorAlgebra;
use crate::milnor::{PPart, MAX_PPART_LEN};

/// Entries `x_ij` with `i + j > MAX_PPART_LEN` are never chosen: they would give
/// `T_n ≠ 0` for some `n > MAX_PPART_LEN`, so `|T| ≥ 2^9 − 1 = 511`, whereas
/// `|T| = |R| + |S| ≤ 510` for every product this crate computes.
const N: usize = MAX_PPART_LEN;

/// One step of the enumeration order (see [`Matrices`]).
#[derive(Clone, Copy)]
enum Step {
    /// Choose `x_ij` (`i, j ≥ 1`).
    Cell(u8, u8),
    /// Row `i` is complete: `x_i0` is what is left of `r_i`.
    RowEnd(u8),
    /// Column `j` is complete: `x_0j` is what is left of `s_j`.
    ColEnd(u8),
}

/// The most steps: `N(N−1)/2` cells `x_ij` with `i + j ≤ N`, plus `N` row
/// ends and `N` column ends, plus the final emit.
const MAX_STEPS: usize = N * (N - 1) / 2 + 2 * N + 1;

/// Enumeration state, all on the stack.
///
/// Order: for `k = 1, 2, …`: choose the rest of row `k` (`x_kj`, `j ≥ k`, from
/// the last column down), close row `k` (`x_k0`), choose the rest of column `k`
/// (`x_ik`, `i > k`), close column `k` (`x_0k`). Each row end and column end
/// thus comes as early as possible, and every entry is checked against its
/// anti-diagonal as soon as it is fixed.
struct Matrices {
    steps: [Step; MAX_STEPS],
    /// `rem_r[i] = r_i − Σ 2^j x_ij` over the entries chosen so far in row `i`.
    rem_r: [u32; N + 1],
    /// `rem_s[j] = s_j − Σ x_ij` over the entries chosen so far in column `j`.
    rem_s: [u32; N + 1],
    /// `mask[n]`: OR of the entries fixed so far on anti-diagonal `n`; the
    /// enumeration keeps them pairwise disjoint, so this is also their sum, and
    /// at the end `mask[1..]` is `T`.
    mask: [u32; N + 1],
}

impl Matrices {
    fn new(r: &PPart, s: &PPart) -> Matrices {
        let mut rem_r = [0; N + 1];
        let mut rem_s = [0; N + 1];
        rem_r[1..].copy_from_slice(&r.0);
        rem_s[1..].copy_from_slice(&s.0);
        let (rows, cols) = (r.len(), s.len());
        let mut steps = [Step::RowEnd(0); MAX_STEPS];
        let mut len = 0;
        let mut push = |st: Step| {
            steps[len] = st;
            len += 1;
        };
        for k in 1..=rows.max(cols) {
            if k <= rows {
                for j in (k..=cols.min(N - k)).rev() {
                    push(Step::Cell(k as u8, j as u8));
                }
                push(Step::RowEnd(k as u8));
            }
            if k <= cols {
                for i in (k + 1..=rows.min(N - k)).rev() {
                    push(Step::Cell(i as u8, k as u8));
                }
                push(Step::ColEnd(k as u8));
            }
        }
        // Sentinel: emit. Row index 0 never occurs otherwise.
        push(Step::RowEnd(0));
        Matrices {
            steps,
            rem_r,
            rem_s,
            mask: [0; N + 1],
        }
    }

    /// Calls `emit(T)` once for each matrix `X` with odd `b(X)`.
    #[inline]
    fn run<F: FnMut(&[u32; N])>(&mut self, emit: &mut F) {
        self.step(0, emit);
    }

    fn step<F: FnMut(&[u32; N])>(&mut self, at: usize, emit: &mut F) {
        match self.steps[at] {
            Step::Cell(i, j) => {
                let (i, j) = (i as usize, j as usize);
                let n = i + j;
                let m = self.mask[n];
                let max = (self.rem_r[i] >> j).min(self.rem_s[j]);
                let mut x = 0u32;
                loop {
                    // Invariant: x & m == 0.
                    self.rem_r[i] -= x << j;
                    self.rem_s[j] -= x;
                    self.mask[n] = m | x;
                    self.step(at + 1, emit);
                    self.rem_r[i] += x << j;
                    self.rem_s[j] += x;
                    // The next integer above x with no bit in common with m.
                    x = ((x | m) + 1) & !m;
                    if x > max {
                        break;
                    }
                }
                self.mask[n] = m;
            }
            Step::RowEnd(0) => {
                let mut t = [0u32; N];
                t.copy_from_slice(&self.mask[1..]);
                emit(&t);
            }
            Step::RowEnd(i) => self.close(i as usize, self.rem_r[i as usize], at, emit),
            Step::ColEnd(j) => self.close(j as usize, self.rem_s[j as usize], at, emit),
        }
    }

    /// Fixes `x`, the last entry (`x_n0` or `x_0n`) of anti-diagonal `n`'s
    /// row or column, and goes on if it is disjoint from the others.
    #[inline]
    fn close<F: FnMut(&[u32; N])>(&mut self, n: usize, x: u32, at: usize, emit: &mut F) {
        let m = self.mask[n];
        if x & m == 0 {
            self.mask[n] = m | x;
            self.step(at + 1, emit);
            self.mask[n] = m;
        }
    }
}

thread_local! {
    /// Reused buffer of [`MilnorAlgebra::multiply_basis`] (no allocation per
    /// product once it has grown).
    static SCRATCH: Cell<Vec<usize>> = const { Cell::new(Vec::new()) };
}

impl MilnorAlgebra {
    pub(crate) fn product_degree(&self, r: &PPart, s: &PPart) -> u32 {
        let d = r.degree() + s.degree();
        assert!(
            d <= self.max_degree,
            "{r}·{s} has degree {d} > max degree {}",
            self.max_degree
        );
        d
    }

    /// Calls `f(idx)` once for each `Sq(T)` with odd coefficient in
    /// `Sq(R)·Sq(S)`, `idx` its index in `basis(|R| + |S|)`, in increasing
    /// order of `idx`. Coefficients of matrices with the same `T` are summed
    /// mod 2 first. Panics if `|R| + |S| > max_degree`.
    ///
    /// Like every product here, this uses `R`'s cached admissible matrices
    /// when the table cache has room (see [`MilnorAlgebra`]).
    ///
    /// Uses a thread-local scratch buffer; the hot path is
    /// [`MilnorAlgebra::multiply_basis_into`].
    pub fn multiply_basis(&self, r: &PPart, s: &PPart, mut f: impl FnMut(usize)) {
        let deg = self.product_degree(r, s);
        let mut buf = SCRATCH.with(Cell::take);
        buf.clear();
        match &self.sub {
            None => self.for_each_term(r, s, |t| buf.push(self.rank(t, deg))),
            // Terms outside the sub-algebra cancel in pairs (it is closed under products).
            Some(sub) => self.for_each_term(r, s, |t| buf.extend(self.sub_rank(sub, t, deg))),
        }
        buf.sort_unstable();
        let mut k = 0;
        while k < buf.len() {
            let mut end = k + 1;
            while end < buf.len() && buf[end] == buf[k] {
                end += 1;
            }
            if (end - k) % 2 == 1 {
                f(buf[k]);
            }
            k = end;
        }
        SCRATCH.with(|c| c.set(buf));
    }

    /// XORs `Sq(R)·Sq(S)` into the bits `bit_offset + idx` of `out`, where bit
    /// `b` is `out[b / 64] >> (b % 64) & 1` and `idx` runs over
    /// `basis(|R| + |S|)`. Panics if `|R| + |S| > max_degree` or if `out` is
    /// shorter than `bit_offset + dim(|R| + |S|)` bits.
    ///
    /// Allocation free, except that the first product with a given `R` builds
    /// `R`'s admissible-matrix table if the cache budget allows; the products
    /// are then a scan of that table, else a direct enumeration.
    pub fn multiply_basis_into(&self, r: &PPart, s: &PPart, out: &mut [u64], bit_offset: usize) {
        if let Some(sub) = &self.sub {
            return self.multiply_basis_into_sub(sub, r, s, out, bit_offset);
        }
        let deg = self.product_degree(r, s);
        self.for_each_term(r, s, |t| {
            let b = bit_offset + self.rank(t, deg);
            out[b / 64] ^= 1 << (b % 64);
        });
    }

    /// [`MilnorAlgebra::multiply_basis_into`] over a sub-Hopf algebra `B`: indices in
    /// `B`'s basis. A term `Sq(T)` outside `B` has an even total coefficient (`B` is
    /// closed under products), so it is skipped.
    #[cold]
    fn multiply_basis_into_sub(
        &self,
        sub: &SubIndex,
        r: &PPart,
        s: &PPart,
        out: &mut [u64],
        bit_offset: usize,
    ) {
        let deg = self.product_degree(r, s);
        self.for_each_term(r, s, |t| {
            if let Some(i) = self.sub_rank(sub, t, deg) {
                let b = bit_offset + i;
                out[b / 64] ^= 1 << (b % 64);
            }
        });
    }

    /// Calls `emit(T)` for each matrix with odd coefficient in `Sq(R)·Sq(S)`:
    /// from `R`'s cached [`AdmissibleMatrices`](super::AdmissibleMatrices)
    /// when the cache has them, else by direct enumeration.
    #[inline]
    fn for_each_term(&self, r: &PPart, s: &PPart, mut emit: impl FnMut(&[u32; N])) {
        let d = r.degree();
        let idx = match &self.sub {
            None => self.rank(&r.0, d),
            Some(_) => self.index_of(r),
        };
        match self.tables.get(r, d, idx, self.dim(d), self.max_degree) {
            Some(table) => table.for_each_term(s, emit),
            None => self.multiply_direct(r, s, &mut emit),
        }
    }

    /// Calls `emit(T)` for each matrix with odd coefficient in `Sq(R)·Sq(S)`,
    /// by direct enumeration (no table).
    pub(crate) fn multiply_direct(&self, r: &PPart, s: &PPart, emit: &mut impl FnMut(&[u32; N])) {
        Matrices::new(r, s).run(emit);
    }

    /// The product `a·b` of `a ∈ A_{a_deg}` and `b ∈ A_{b_deg}` (vectors over
    /// the bases `basis(a_deg)`, `basis(b_deg)`), a vector of length
    /// `dim(a_deg + b_deg)`. Panics if `a_deg + b_deg > max_degree` while both
    /// are nonzero, or if a vector's length is not the dimension of its degree.
    pub fn multiply(&self, a_deg: u32, a: &FpVector, b_deg: u32, b: &FpVector) -> FpVector {
        assert_eq!(
            a.len(),
            self.dim(a_deg),
            "multiply: left factor has the wrong length"
        );
        assert_eq!(
            b.len(),
            self.dim(b_deg),
            "multiply: right factor has the wrong length"
        );
        let mut out = FpVector::new(self.dim(a_deg + b_deg));
        let (ba, bb) = (self.basis(a_deg), self.basis(b_deg));
        for i in a.iter_ones() {
            for j in b.iter_ones() {
                self.multiply_basis_into(&ba[i], &bb[j], out.limbs_mut(), 0);
            }
        }
        out
    }
}
