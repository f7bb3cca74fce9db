//! What the certificate's row builder does differently per algebra ([`CertifyAlgebra`]):
//! the product of a basis element with a decoded differential, written into a row, and the
//! few matrix operations the checks need over the algebra's field. At p = 2
//! ([`MilnorAlgebra`]) rows are bit-packed and products come from the CPU's admissible
//! matrix tables (M4RI ranks); at an odd prime (`MilnorAlgebra<ValidPrime>`) rows are F_p limbs and
//! products [`Algebra::multiply_basis`] with their coefficients. Neither uses the steps'
//! builders (`crate::certify`'s module doc says why).

use fp::{Field, FpVector, FqMatrix, Matrix, Prime, Subspace, ValidPrime, Vector};
use steenrod::{Algebra, MilnorAlgebra};

use crate::free_module::FieldVector;

/// One term `c·op·h` of a decoded differential: `h` the index of a generator of
/// `C_{s−1}`, `op` a basis element, `c` its coefficient (zero-sized at p = 2).
pub(crate) type Term<A> = (
    usize,
    <A as Algebra>::Element,
    <<A as Algebra>::Field as Field>::Coefficient,
);

/// The matrix `D_{s,t}` over the field of `A`.
pub(crate) type MatrixOver<A> = <<A as Algebra>::Field as Field>::Matrix;

/// The certificate's matrix operations over an algebra and its field.
pub(crate) trait CertifyAlgebra: Algebra {
    /// Adds `op·(Σ c·op'·h)` over `terms` into row `row` of `m`, the block of generator `h`
    /// starting at column `target_off[h]`.
    fn add_products(
        &self,
        m: &mut MatrixOver<Self>,
        row: usize,
        op: &Self::Element,
        terms: &[Term<Self>],
        target_off: &[usize],
    );

    /// Sets row `row` of `m` to `v` (of length `m`'s columns).
    fn set_row(m: &mut MatrixOver<Self>, row: usize, v: &FieldVector<Self>);

    /// Whether `v·m = Σ v_i·(row i of m)` is zero (`v` of length at most `m`'s rows).
    fn kills(m: &MatrixOver<Self>, v: &FieldVector<Self>) -> bool;

    /// The rank of `m`.
    fn rank(m: MatrixOver<Self>) -> usize;

    /// The rank of the first `old_rows` rows of `m`, and how many of the rows after them
    /// each raise the rank of those before.
    fn old_rank_and_added(m: MatrixOver<Self>, old_rows: usize) -> (usize, usize);
}

impl CertifyAlgebra for MilnorAlgebra {
    /// `Sq(R)·Sq(S)·h` for each term `Sq(S)·h`, from `Sq(R)`'s admissible matrices when
    /// the tables hold them.
    #[inline]
    fn add_products(
        &self,
        m: &mut Matrix,
        row: usize,
        op: &Self::Element,
        terms: &[Term<Self>],
        target_off: &[usize],
    ) {
        let row = m.row_mut(row);
        match self.admissible_matrices(op) {
            Some(table) => {
                for (h, op2, _) in terms {
                    self.multiply_admissible_into(table, op2, row, target_off[*h]);
                }
            }
            None => {
                for (h, op2, _) in terms {
                    self.multiply_basis_into(op, op2, row, target_off[*h]);
                }
            }
        }
    }

    #[inline]
    fn set_row(m: &mut Matrix, row: usize, v: &FpVector) {
        m.row_mut(row).copy_from_slice(v.limbs());
    }

    fn kills(m: &Matrix, v: &FpVector) -> bool {
        let mut sum = FpVector::new(m.cols());
        for row in v.iter_ones() {
            sum.add_limbs(m.row(row));
        }
        sum.is_zero()
    }

    fn rank(mut m: Matrix) -> usize {
        m.row_reduce().len()
    }

    fn old_rank_and_added(mut m: Matrix, old_rows: usize) -> (usize, usize) {
        let new_rows: Vec<FpVector> = (old_rows..m.rows()).map(|i| m.row_vector(i)).collect();
        m.truncate_rows(old_rows);
        let mut span = Subspace::from_matrix(m);
        let old_rank = span.dim();
        (
            old_rank,
            new_rows.iter().filter(|v| span.add_vector(v)).count(),
        )
    }
}

impl CertifyAlgebra for MilnorAlgebra<ValidPrime> {
    /// `op·(c·op'·h)` for each term, from the odd Milnor product with coefficients.
    fn add_products(
        &self,
        m: &mut FqMatrix<ValidPrime>,
        row: usize,
        op: &Self::Element,
        terms: &[Term<Self>],
        target_off: &[usize],
    ) {
        let p = self.field().value();
        let row = m.row_mut(row);
        for &(h, ref op2, c) in terms {
            let at = target_off[h];
            self.multiply_basis(op, op2, |j, d| row.add_basis_element(at + j, d * c % p));
        }
    }

    fn set_row(m: &mut FqMatrix<ValidPrime>, row: usize, v: &FieldVector<Self>) {
        let row = m.row_mut(row);
        row.clear();
        row.add_scaled_at(v, 1, 0);
    }

    fn kills(m: &FqMatrix<ValidPrime>, v: &FieldVector<Self>) -> bool {
        let mut sum = m.prime().zero_vector(m.cols());
        for (row, c) in v.iter_nonzero() {
            sum.add_scaled(m.row(row), c);
        }
        sum.is_zero()
    }

    fn rank(mut m: FqMatrix<ValidPrime>) -> usize {
        m.row_reduce().len()
    }

    fn old_rank_and_added(m: FqMatrix<ValidPrime>, old_rows: usize) -> (usize, usize) {
        let (p, cols) = (m.prime(), m.cols());
        let mut rows = m.into_rows();
        let new_rows = rows.split_off(old_rows);
        let mut span = Subspace::from_matrix(FqMatrix::from_rows(p, cols, rows));
        let old_rank = span.dim();
        (
            old_rank,
            new_rows.iter().filter(|v| span.add_vector(v)).count(),
        )
    }
}
