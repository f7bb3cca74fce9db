//! [`Subspace`]: a subspace of F_p^n held as its basis in reduced row echelon form,
//! one implementation for every prime ([`Field`]): at [`P2`] the basis is a bit-packed
//! [`Matrix`] and every row operation an XOR of limbs.

use crate::modp::limb::LimbField;
use crate::{Field, FpVector, FqVector, Matrix, MatrixOf, P2};

/// A subspace of F_p^n (n = [`Subspace::ambient_dim`]), stored as its unique basis
/// in reduced row echelon form (RREF), `F` the field (default F_2).
///
/// Invariants: basis row `k` has its leading (lowest-index) nonzero entry, a 1, at
/// column `pivots()[k]`; pivots are strictly ascending; column `pivots()[k]` is zero
/// in every other basis row. Because RREF bases are unique, two subspaces are equal
/// iff they compare equal (`PartialEq`), and for subspaces U ⊆ V,
/// `pivots(U) ⊆ pivots(V)`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Subspace<F: Field = P2> {
    /// `dim × ambient` matrix whose rows are the RREF basis.
    basis: F::Matrix,
    pivots: Vec<usize>,
}

impl<F: Field<Vector = FqVector<F>>> Subspace<F> {
    /// The zero subspace of F_p^`ambient_dim`.
    pub fn zero(p: F, ambient_dim: usize) -> Self {
        Subspace {
            basis: p.zero_matrix(0, ambient_dim),
            pivots: Vec::new(),
        }
    }

    /// The whole space F_p^`ambient_dim` (basis e_0, …, e_{n−1}).
    pub fn whole(p: F, ambient_dim: usize) -> Self {
        let mut basis = p.zero_matrix(ambient_dim, ambient_dim);
        for i in 0..ambient_dim {
            basis.set_entry(i, i, 1);
        }
        Subspace {
            basis,
            pivots: (0..ambient_dim).collect(),
        }
    }

    /// The span of `vectors` in F_p^`ambient_dim`, by Gauss–Jordan reduction.
    ///
    /// Panics if some vector's length is not `ambient_dim`.
    pub fn span(p: F, ambient_dim: usize, vectors: Vec<FqVector<F>>) -> Self {
        Self::from_matrix(p.matrix_from_rows(ambient_dim, vectors))
    }

    /// The row space of `m` (in F_p^`m.cols()`): `m` row-reduced
    /// ([`MatrixOf::row_reduce`]), its zero rows dropped.
    pub fn from_matrix(mut m: F::Matrix) -> Self {
        let pivots = m.row_reduce();
        m.truncate_rows(pivots.len());
        Subspace { basis: m, pivots }
    }

    /// Build from a matrix already in RREF with no zero rows and its pivots.
    /// Checked only in debug builds.
    pub(crate) fn from_rref_unchecked(basis: F::Matrix, pivots: Vec<usize>) -> Self {
        debug_assert_eq!(basis.rows(), pivots.len());
        debug_assert!(pivots.windows(2).all(|w| w[0] < w[1]));
        debug_assert!((0..basis.rows()).all(|k| {
            basis.row_vector(k).first_nonzero() == Some((pivots[k], 1))
                && (0..basis.rows()).all(|l| l == k || basis.entry(l, pivots[k]) == 0)
        }));
        Subspace { basis, pivots }
    }

    /// The prime.
    #[inline]
    pub fn prime(&self) -> F {
        F::prime_of(&self.basis)
    }

    /// Dimension of the subspace (number of basis rows).
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

    /// The RREF basis as a `dim × ambient_dim` matrix.
    #[inline]
    pub fn basis(&self) -> &F::Matrix {
        &self.basis
    }

    /// The RREF basis rows as vectors of length `ambient_dim`, in pivot order.
    pub fn basis_vectors(&self) -> Vec<FqVector<F>> {
        (0..self.dim()).map(|k| self.basis.row_vector(k)).collect()
    }

    /// The packed limbs of basis row `k` (pivot `pivots()[k]`). Panics if `k >= dim`.
    #[inline]
    pub fn row(&self, k: usize) -> &[u64] {
        self.basis.row_limbs(k)
    }

    /// Index `k` of the basis row whose pivot is column `col`, if `col` is a pivot.
    pub fn pivot_row(&self, col: usize) -> Option<usize> {
        self.pivots.binary_search(&col).ok()
    }

    /// Reduce `v` modulo the subspace in place: subtract `v[pivot_k]·row_k` for every
    /// basis row `k` in turn (at p = 2: XOR the rows whose pivot bit is set in `v`).
    /// Afterwards `v` is zero at every pivot column, unchanged modulo the subspace, and
    /// zero iff it was in the subspace (the canonical representative of its coset).
    /// `each(k, e)` is told each row `k` subtracted with its coefficient `e` (in `1..p`).
    ///
    /// Panics if `v.len() != ambient_dim`.
    #[inline]
    pub(crate) fn reduce_with(&self, v: &mut FqVector<F>, mut each: impl FnMut(usize, u32)) {
        assert_eq!(
            v.len(),
            self.ambient_dim(),
            "Subspace::reduce: vector of length {} in ambient dimension {}",
            v.len(),
            self.ambient_dim()
        );
        let f = LimbField::new(self.prime());
        for (k, &col) in self.pivots.iter().enumerate() {
            let e = f.get(v.limbs(), col);
            if e != 0 {
                // Basis row k is zero before its pivot's limb.
                let from = col / f.epl;
                let row = &self.basis.row_limbs(k)[from..];
                f.add_mul_limbs(&mut v.limbs_mut()[from..], row, f.p - e);
                each(k, e);
            }
        }
    }

    /// Reduce `v` modulo the subspace in place: subtract `v[pivot_k]·row_k` for every
    /// basis row `k` in turn (at p = 2: XOR the rows whose pivot bit is set in `v`).
    /// Afterwards `v` is zero at every pivot column, unchanged modulo the subspace, and
    /// zero iff it was in the subspace (the canonical representative of its coset).
    ///
    /// Panics if `v.len() != ambient_dim`.
    pub fn reduce(&self, v: &mut FqVector<F>) {
        self.reduce_with(v, |_, _| {});
    }

    /// Whether `v` lies in the subspace. Panics if `v.len() != ambient_dim`.
    pub fn contains(&self, v: &FqVector<F>) -> bool {
        let mut w = v.clone();
        self.reduce(&mut w);
        w.is_zero()
    }

    /// Add `v` to the span, keeping the basis in RREF. Returns `true` if the
    /// dimension grew (`v` was not in the subspace).
    ///
    /// Panics if `v.len() != ambient_dim`.
    pub fn add_vector(&mut self, v: &FqVector<F>) -> bool {
        let mut w = v.clone();
        self.reduce(&mut w);
        let Some((col, lead)) = w.first_nonzero() else {
            return false;
        };
        let p = self.prime();
        w.scale(p.inverse(lead));
        // Clear column `col` from the other rows; they stay zero at the other
        // pivots because `w` is.
        let f = LimbField::new(p);
        for k in 0..self.dim() {
            let e = self.basis.entry(k, col);
            if e != 0 {
                f.add_mul_limbs(self.basis.row_limbs_mut(k), w.limbs(), f.p - e);
            }
        }
        let at = self.pivots.partition_point(|&q| q < col);
        self.basis.insert_row(at, w);
        self.pivots.insert(at, col);
        true
    }

    /// Whether every vector of `self` lies in `other`. Panics if the ambient
    /// dimensions differ.
    pub fn is_subspace_of(&self, other: &Subspace<F>) -> bool {
        assert_eq!(
            self.ambient_dim(),
            other.ambient_dim(),
            "Subspace::is_subspace_of: ambient dimensions differ"
        );
        (0..self.dim()).all(|k| other.contains(&self.basis.row_vector(k)))
    }
}

/// The constructors of F_2 subspaces, which need no prime.
impl Subspace<P2> {
    /// The zero subspace of F_2^`ambient_dim`.
    pub fn new(ambient_dim: usize) -> Self {
        Self::zero(P2, ambient_dim)
    }

    /// The whole space F_2^`ambient_dim` (basis e_0, …, e_{n-1}).
    pub fn entire(ambient_dim: usize) -> Self {
        Self::whole(P2, ambient_dim)
    }

    /// The span of `vectors` in F_2^`ambient_dim` (by Gauss–Jordan reduction,
    /// [`Matrix::row_reduce`]).
    ///
    /// Panics if some vector's length is not `ambient_dim`.
    pub fn from_vectors(ambient_dim: usize, vectors: &[FpVector]) -> Self {
        Self::from_matrix(Matrix::from_rows(ambient_dim, vectors))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(n: usize, ones: &[usize]) -> FpVector {
        FpVector::from_ones(n, ones)
    }

    #[test]
    fn build_by_add_vector() {
        let mut s = Subspace::new(70);
        assert_eq!(s.dim(), 0);
        assert!(s.add_vector(&v(70, &[3, 68])));
        assert!(s.add_vector(&v(70, &[1, 3])));
        assert!(!s.add_vector(&v(70, &[1, 68])));
        assert!(!s.add_vector(&FpVector::new(70)));
        assert_eq!(s.pivots(), &[1, 3]);
        assert_eq!(s.basis_vectors(), vec![v(70, &[1, 68]), v(70, &[3, 68])]);
        assert!(s.add_vector(&v(70, &[0, 1])));
        assert_eq!(s.pivots(), &[0, 1, 3]);
        assert_eq!(
            s.basis_vectors(),
            vec![v(70, &[0, 68]), v(70, &[1, 68]), v(70, &[3, 68])]
        );
        assert_eq!(
            s,
            Subspace::from_vectors(70, &[v(70, &[0, 1]), v(70, &[3, 68]), v(70, &[1, 3])])
        );
        assert_eq!(s.pivot_row(3), Some(2));
        assert_eq!(s.pivot_row(2), None);
    }

    #[test]
    fn reduce_and_contains() {
        let s = Subspace::from_vectors(5, &[v(5, &[0, 1]), v(5, &[1, 2])]);
        let mut w = v(5, &[0, 4]);
        s.reduce(&mut w);
        // basis: e0+e2, e1+e2 ; e0+e4 -> e2+e4
        assert_eq!(w, v(5, &[2, 4]));
        assert!(s.contains(&v(5, &[0, 2])));
        assert!(!s.contains(&v(5, &[2])));
        assert!(s.contains(&FpVector::new(5)));
    }

    #[test]
    fn entire_and_subspace_relation() {
        let e = Subspace::entire(65);
        assert_eq!(e.dim(), 65);
        let s = Subspace::from_vectors(65, &[v(65, &[64, 2])]);
        assert!(s.is_subspace_of(&e));
        assert!(!e.is_subspace_of(&s));
        assert!(Subspace::new(0).is_subspace_of(&Subspace::entire(0)));
    }

    #[test]
    #[should_panic(expected = "ambient dimension")]
    fn reduce_wrong_length_panics() {
        Subspace::new(3).reduce(&mut FpVector::new(4));
    }
}
