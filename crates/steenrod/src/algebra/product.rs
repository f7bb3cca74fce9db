//! Products in the Milnor basis at p = 2 by the Milnor product formula.
//!
//! Milnor, "The Steenrod algebra and its dual", Ann. of Math. 67 (1958), Theorem 4b:
//! `Sq(R)·Sq(S) = Σ_X b(X) Sq(T(X))` over the matrices enumerated in `matrices` (for
//! every prime; at p = 2 a matrix counts when its anti-diagonals' entries have pairwise
//! disjoint binary digits, Lucas, and then `T_n` is their OR), or read from `R`'s cached
//! admissible-matrix table (`admissible`, `cache`). Distinct matrices can give the same
//! `T`, so coefficients are summed mod 2: [`MilnorAlgebra::multiply_basis_into`] XORs
//! bits, and [`MilnorAlgebra::multiply_basis`] reports only the `T` with an odd count.

use std::cell::Cell;

use fp::FpVector;

use super::matrices::{Matrices, TwoDigits, N};
use super::sub::SubIndex;
use super::MilnorAlgebra;
use crate::milnor::PPart;

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

    /// Calls `f(idx)` for each of Milnor's matrices with odd coefficient in `Sq(R)·Sq(S)`
    /// (Theorem 4b), `idx` the index of its `Sq(T)` in `basis(|R| + |S|)`. Unlike
    /// [`MilnorAlgebra::multiply_basis`] the terms are not combined: an index may come more
    /// than once, the coefficient of `Sq(T)` being the parity of its count — what a caller
    /// adding into an F_2 vector by flipping bits needs, without a sort. Over a sub-Hopf
    /// algebra, terms outside it are skipped (they cancel in pairs). Panics if `|R| + |S| >
    /// max_degree`.
    pub fn for_each_product_index(&self, r: &PPart, s: &PPart, mut f: impl FnMut(usize)) {
        let deg = self.product_degree(r, s);
        match &self.sub {
            None => self.for_each_term(r, s, |t| f(self.rank(t, deg))),
            Some(sub) => self.for_each_term(r, s, |t| {
                if let Some(i) = self.sub_rank(sub, t, deg) {
                    f(i)
                }
            }),
        }
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
        match self
            .tables
            .mod2
            .get(r, d, idx, self.dim(d), self.max_degree, |e| self.basis(e))
        {
            Some(table) => table.for_each_term(s, emit),
            None => self.multiply_direct(r, s, &mut emit),
        }
    }

    /// Calls `emit(T)` for each matrix with odd coefficient in `Sq(R)·Sq(S)`,
    /// by direct enumeration (no table).
    pub(crate) fn multiply_direct(&self, r: &PPart, s: &PPart, emit: &mut impl FnMut(&[u32; N])) {
        Matrices::for_each(TwoDigits, &r.0, &s.0, &mut |t, ()| emit(t));
    }

    /// The product `a·b` of `a ∈ A_{a_deg}` and `b ∈ A_{b_deg}` (vectors over
    /// the bases `basis(a_deg)`, `basis(b_deg)`), a vector of length
    /// `dim(a_deg + b_deg)`. Panics if `a_deg + b_deg > max_degree` while both
    /// are nonzero, or if a vector's length is not the dimension of its degree.
    pub fn multiply(&self, a_deg: u32, a: &FpVector, b_deg: u32, b: &FpVector) -> FpVector {
        self.assert_factor_lengths(a_deg, a.len(), b_deg, b.len());
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
