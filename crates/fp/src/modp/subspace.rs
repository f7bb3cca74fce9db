//! [`FqSubspace`]: a subspace of F_p^n held as its basis in reduced row echelon form.

use super::limb::LimbField;
use super::{FqMatrix, FqVector};
use crate::Prime;

/// A subspace of F_p^n (n = [`FqSubspace::ambient_dim`]), stored as its unique
/// basis in reduced row echelon form (RREF).
///
/// Invariants: basis row `k` has its leading (lowest-index) nonzero entry, a 1, at
/// column `pivots()[k]`; pivots are strictly ascending; column `pivots()[k]` is zero
/// in every other basis row. RREF bases being unique, two subspaces are equal iff
/// they compare equal.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct FqSubspace<P: Prime> {
    /// `dim × ambient` matrix whose rows are the RREF basis.
    basis: FqMatrix<P>,
    pivots: Vec<usize>,
}

impl<P: Prime> FqSubspace<P> {
    /// The zero subspace of F_p^`ambient_dim`.
    pub fn new(p: P, ambient_dim: usize) -> Self {
        FqSubspace {
            basis: FqMatrix::new(p, 0, ambient_dim),
            pivots: Vec::new(),
        }
    }

    /// The whole space F_p^`ambient_dim` (basis e_0, …, e_{n−1}).
    pub fn entire(p: P, ambient_dim: usize) -> Self {
        FqSubspace {
            basis: FqMatrix::identity(p, ambient_dim),
            pivots: (0..ambient_dim).collect(),
        }
    }

    /// The span of `vectors` in F_p^`ambient_dim`.
    ///
    /// Panics if some vector's length is not `ambient_dim`.
    pub fn from_vectors(p: P, ambient_dim: usize, vectors: Vec<FqVector<P>>) -> Self {
        Self::from_matrix(FqMatrix::from_rows(p, ambient_dim, vectors))
    }

    /// The row space of `m` (in F_p^`m.cols()`): `m` row-reduced
    /// ([`FqMatrix::row_reduce`]), its zero rows dropped.
    pub fn from_matrix(mut m: FqMatrix<P>) -> Self {
        let pivots = m.row_reduce();
        m.rows_mut().truncate(pivots.len());
        FqSubspace { basis: m, pivots }
    }

    /// Build from a matrix already in RREF with no zero rows and its pivots.
    pub(crate) fn from_rref_unchecked(basis: FqMatrix<P>, pivots: Vec<usize>) -> Self {
        debug_assert_eq!(basis.rows(), pivots.len());
        debug_assert!(pivots.windows(2).all(|w| w[0] < w[1]));
        FqSubspace { basis, pivots }
    }

    /// Dimension of the subspace.
    #[inline]
    pub fn dim(&self) -> usize {
        self.pivots.len()
    }

    /// n, where this is a subspace of F_p^n.
    #[inline]
    pub fn ambient_dim(&self) -> usize {
        self.basis.cols()
    }

    /// The pivot column of each basis row, strictly ascending.
    #[inline]
    pub fn pivots(&self) -> &[usize] {
        &self.pivots
    }

    /// Basis row `k` (pivot `pivots()[k]`). Panics if `k >= dim`.
    #[inline]
    pub fn row(&self, k: usize) -> &FqVector<P> {
        self.basis.row(k)
    }

    /// Index `k` of the basis row whose pivot is column `col`, if `col` is a pivot.
    pub fn pivot_row(&self, col: usize) -> Option<usize> {
        self.pivots.binary_search(&col).ok()
    }

    /// The RREF basis as a `dim × ambient_dim` matrix.
    #[inline]
    pub fn basis(&self) -> &FqMatrix<P> {
        &self.basis
    }

    /// Reduce `v` modulo the subspace in place: subtract `v[pivot_k]·row_k` for every
    /// basis row. Afterwards `v` is zero at every pivot column, unchanged modulo the
    /// subspace, and zero iff it was in the subspace (the canonical representative of
    /// its coset). `each(k, e)` is told each row `k` subtracted with its coefficient
    /// `e` (in `1..p`).
    ///
    /// Panics if `v.len() != ambient_dim`.
    pub(crate) fn reduce_with(&self, v: &mut FqVector<P>, mut each: impl FnMut(usize, u32)) {
        assert_eq!(
            v.len(),
            self.ambient_dim(),
            "FqSubspace::reduce: vector of length {} in ambient dimension {}",
            v.len(),
            self.ambient_dim()
        );
        let f = LimbField::new(self.basis.prime());
        for (k, &col) in self.pivots.iter().enumerate() {
            let e = f.get(v.limbs(), col);
            if e != 0 {
                // Basis row k is zero before its pivot.
                let from = col / f.epl;
                let row = &self.basis.row(k).limbs()[from..];
                f.add_mul_limbs(&mut v.limbs_mut()[from..], row, f.p - e);
                each(k, e);
            }
        }
    }

    /// Reduce `v` modulo the subspace in place (see the type docs): afterwards `v`
    /// is zero at every pivot column and zero iff it was in the subspace.
    ///
    /// Panics if `v.len() != ambient_dim`.
    pub fn reduce(&self, v: &mut FqVector<P>) {
        self.reduce_with(v, |_, _| {});
    }

    /// Whether `v` lies in the subspace. Panics if `v.len() != ambient_dim`.
    pub fn contains(&self, v: &FqVector<P>) -> bool {
        let mut w = v.clone();
        self.reduce(&mut w);
        w.is_zero()
    }

    /// Add `v` to the span, keeping the basis in RREF. Returns `true` if the
    /// dimension grew (`v` was not in the subspace).
    ///
    /// Panics if `v.len() != ambient_dim`.
    pub fn add_vector(&mut self, v: &FqVector<P>) -> bool {
        let mut w = v.clone();
        self.reduce(&mut w);
        let Some((col, lead)) = w.first_nonzero() else {
            return false;
        };
        let prime = self.basis.prime();
        w.scale(prime.inverse(lead));
        // Clear column `col` from the other rows; they stay zero at the other
        // pivots because `w` is.
        for k in 0..self.dim() {
            let e = self.basis.entry(k, col);
            if e != 0 {
                self.basis.row_mut(k).add_scaled(&w, prime.value() - e);
            }
        }
        let at = self.pivots.partition_point(|&q| q < col);
        self.basis.rows_mut().insert(at, w);
        self.pivots.insert(at, col);
        true
    }
}
