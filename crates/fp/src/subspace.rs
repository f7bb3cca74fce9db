//! [`Subspace`]: a subspace of F_2^n held as a basis in reduced row echelon form.

use crate::vector::xor_into;
use crate::{FpVector, Matrix, LIMB_BITS};

/// A subspace of F_2^n (n = [`Subspace::ambient_dim`]), stored as its unique
/// basis in reduced row echelon form (RREF).
///
/// Invariants: basis row `k` has its leading (lowest-index) one at column
/// `pivots()[k]`; pivots are strictly ascending; column `pivots()[k]` is zero
/// in every other basis row. Because RREF bases are unique, two subspaces are
/// equal iff they compare equal (`PartialEq`), and for subspaces U ⊆ V,
/// `pivots(U) ⊆ pivots(V)`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Subspace {
    /// `dim × ambient` matrix whose rows are the RREF basis.
    basis: Matrix,
    pivots: Vec<usize>,
}

impl Subspace {
    /// The zero subspace of F_2^`ambient_dim`.
    pub fn new(ambient_dim: usize) -> Self {
        Subspace {
            basis: Matrix::new(0, ambient_dim),
            pivots: Vec::new(),
        }
    }

    /// The whole space F_2^`ambient_dim` (basis e_0, …, e_{n-1}).
    pub fn entire(ambient_dim: usize) -> Self {
        Subspace {
            basis: Matrix::identity(ambient_dim),
            pivots: (0..ambient_dim).collect(),
        }
    }

    /// The span of `vectors` in F_2^`ambient_dim` (by Gauss–Jordan reduction,
    /// [`Matrix::row_reduce`]).
    ///
    /// Panics if some vector's length is not `ambient_dim`.
    pub fn from_vectors(ambient_dim: usize, vectors: &[FpVector]) -> Self {
        Self::from_matrix(Matrix::from_rows(ambient_dim, vectors))
    }

    /// The row space of `m` (in F_2^`m.cols()`); `m` is row-reduced and its
    /// zero rows dropped.
    pub fn from_matrix(mut m: Matrix) -> Self {
        let pivots = m.row_reduce();
        m.truncate_rows(pivots.len());
        Subspace { basis: m, pivots }
    }

    /// Build from a matrix already in RREF with no zero rows and its pivots.
    /// Checked only in debug builds.
    pub(crate) fn from_rref_unchecked(basis: Matrix, pivots: Vec<usize>) -> Self {
        debug_assert_eq!(basis.rows(), pivots.len());
        debug_assert!(pivots.windows(2).all(|w| w[0] < w[1]));
        debug_assert!((0..basis.rows()).all(|k| {
            basis.row_vector(k).first_one() == Some(pivots[k])
                && (0..basis.rows()).all(|l| l == k || !basis.get(l, pivots[k]))
        }));
        Subspace { basis, pivots }
    }

    /// Dimension of the subspace (number of basis rows).
    #[inline]
    pub fn dim(&self) -> usize {
        self.pivots.len()
    }

    /// n, where this is a subspace of F_2^n.
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
    pub fn basis(&self) -> &Matrix {
        &self.basis
    }

    /// The RREF basis rows as vectors of length `ambient_dim`, in pivot order.
    pub fn basis_vectors(&self) -> Vec<FpVector> {
        (0..self.dim()).map(|k| self.basis.row_vector(k)).collect()
    }

    /// Limbs of basis row `k` (pivot `pivots()[k]`). Panics if `k >= dim`.
    #[inline]
    pub fn row(&self, k: usize) -> &[u64] {
        self.basis.row(k)
    }

    /// Index `k` of the basis row whose pivot is column `col`, if `col` is a
    /// pivot column.
    pub fn pivot_row(&self, col: usize) -> Option<usize> {
        self.pivots.binary_search(&col).ok()
    }

    /// Reduce `v` modulo the subspace in place: for each basis row whose pivot
    /// bit is set in `v`, add that row. Afterwards `v` is zero at every pivot
    /// column, `v` is unchanged modulo the subspace, and `v` is zero iff it was
    /// in the subspace. The result is the canonical representative of the coset.
    ///
    /// Panics if `v.len() != ambient_dim`.
    pub fn reduce(&self, v: &mut FpVector) {
        assert_eq!(
            v.len(),
            self.ambient_dim(),
            "Subspace::reduce: vector of length {} in ambient dimension {}",
            v.len(),
            self.ambient_dim()
        );
        reduce_limbs(&self.basis, &self.pivots, v.limbs_mut(), |_| {});
    }

    /// Whether `v` lies in the subspace. Panics if `v.len() != ambient_dim`.
    pub fn contains(&self, v: &FpVector) -> bool {
        let mut w = v.clone();
        self.reduce(&mut w);
        w.is_zero()
    }

    /// Add `v` to the span, keeping the basis in RREF. Returns `true` if the
    /// dimension grew (i.e. `v` was not already in the subspace).
    ///
    /// Panics if `v.len() != ambient_dim`.
    pub fn add_vector(&mut self, v: &FpVector) -> bool {
        let mut w = v.clone();
        self.reduce(&mut w);
        let Some(p) = w.first_one() else {
            return false;
        };
        // Clear column p from existing rows; they stay zero at other pivots
        // because w is.
        let limb = p / LIMB_BITS;
        let bit = 1u64 << (p % LIMB_BITS);
        for k in 0..self.dim() {
            let row = self.basis.row_mut(k);
            if row[limb] & bit != 0 {
                xor_into(row, w.limbs());
            }
        }
        let at = self.pivots.partition_point(|&q| q < p);
        self.basis.insert_row(at, &w);
        self.pivots.insert(at, p);
        true
    }

    /// Whether every vector of `self` lies in `other`. Panics if the ambient
    /// dimensions differ.
    pub fn is_subspace_of(&self, other: &Subspace) -> bool {
        assert_eq!(
            self.ambient_dim(),
            other.ambient_dim(),
            "Subspace::is_subspace_of: ambient dimensions differ"
        );
        (0..self.dim()).all(|k| other.contains(&self.basis.row_vector(k)))
    }
}

/// Reduce `v` (limbs, same width as `basis`) by the RREF rows of `basis`
/// with pivots `pivots`; call `on_add(k)` for each basis row `k` added.
pub(crate) fn reduce_limbs(
    basis: &Matrix,
    pivots: &[usize],
    v: &mut [u64],
    mut on_add: impl FnMut(usize),
) {
    for (k, &p) in pivots.iter().enumerate() {
        let limb = p / LIMB_BITS;
        if (v[limb] >> (p % LIMB_BITS)) & 1 == 1 {
            // Row k is zero before its pivot limb.
            xor_into(&mut v[limb..], &basis.row(k)[limb..]);
            on_add(k);
        }
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
