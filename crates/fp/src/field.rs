//! Linear algebra over F_p chosen by the type of the prime: [`Field`] and the vector,
//! matrix and subspace operations every prime shares ([`Vector`], [`MatrixOf`],
//! [`SubspaceOf`]).
//!
//! Code generic over `F: Field` (free modules, resolution steps, chain maps) is written
//! once and monomorphised per prime: at [`P2`] it runs on the bit-packed [`FpVector`]
//! (`FqVector<P2>`), [`Subspace`] and M4RI (every method below is an `#[inline]` call of
//! theirs, and a coefficient is the zero-sized [`One`]); at a run-time odd prime
//! [`ValidPrime`] on the packed limbs of [`FqVector`], [`FqMatrix`] and `Subspace<ValidPrime>`.

use std::fmt;
use std::hash::Hash;

use crate::{FpVector, FqMatrix, FqVector, Matrix, Prime, Subspace, ValidPrime, P2};

/// A vector over F_p: the operations generic code uses, implemented by [`FqVector`]
/// at every prime ([`FpVector`] at p = 2). Entries are numbers in `0..p`; coefficients given to the
/// methods are read mod p.
pub trait Vector: Clone + fmt::Debug + PartialEq + Eq + Hash + Send + Sync + 'static {
    /// Number of entries.
    fn len(&self) -> usize;

    /// Whether there are no entries.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether every entry is zero.
    fn is_zero(&self) -> bool;

    /// Entry `i`, in `0..p`. Panics if `i ≥ len`.
    fn entry(&self, i: usize) -> u32;

    /// Adds `c·e_i`. Panics if `i ≥ len`.
    fn add_basis_element(&mut self, i: usize, c: u32);

    /// Adds `c·other` into entries `offset..offset + other.len()`. Panics if they do
    /// not fit.
    fn add_scaled_at(&mut self, other: &Self, c: u32, offset: usize);

    /// Subtracts `other` (of the same length). Panics if the lengths differ.
    fn subtract(&mut self, other: &Self);

    /// The nonzero entries `(index, value)` in increasing index.
    fn nonzero_entries(&self) -> impl Iterator<Item = (usize, u32)> + '_;

    /// Entries `start..end` as a vector. Panics if `end > len` or `start > end`.
    fn slice(&self, start: usize, end: usize) -> Self;

    /// Sets every entry to zero (length unchanged).
    fn clear(&mut self);

    /// The packed limbs (the layout of [`FpVector`] at p = 2, of [`FqVector`] otherwise):
    /// what a save file stores.
    fn limbs(&self) -> &[u64];
}

/// A subspace of F_p^n kept as its basis in reduced row echelon form: what generic
/// code reads of [`Subspace`]. Pivots are the leading (lowest-index)
/// entries of the basis rows, strictly ascending.
pub trait SubspaceOf<V: Vector>: Clone + fmt::Debug + Send + Sync + 'static {
    /// Dimension.
    fn dim(&self) -> usize;
    /// `n`.
    fn ambient_dim(&self) -> usize;
    /// The pivot column of each basis row, ascending.
    fn pivots(&self) -> &[usize];
    /// Basis row `k` as a vector of length `n`. Panics if `k ≥ dim`.
    fn basis_vector(&self, k: usize) -> V;
    /// Reduces `v` by the basis: afterwards `v` is zero at every pivot and `v` is in the
    /// subspace iff it is zero.
    fn reduce(&self, v: &mut V);
    /// Whether `v` (of length `n`) lies in the subspace.
    fn contains(&self, v: &V) -> bool {
        let mut w = v.clone();
        self.reduce(&mut w);
        w.is_zero()
    }
}

/// A dense `rows × cols` matrix over F_p: what generic code reads and writes of
/// [`Matrix`] (p = 2, bit-packed rows) and [`FqMatrix`].
pub trait MatrixOf<V: Vector>:
    Clone + fmt::Debug + PartialEq + Eq + Hash + Send + Sync + 'static
{
    /// Number of rows.
    fn rows(&self) -> usize;
    /// Number of columns.
    fn cols(&self) -> usize;
    /// Entry `(i, j)`, in `0..p`. Panics outside the matrix.
    fn entry(&self, i: usize, j: usize) -> u32;
    /// Sets entry `(i, j)` to `c` mod p. Panics outside the matrix.
    fn set_entry(&mut self, i: usize, j: usize, c: u32);
    /// Row `i` as a vector of length `cols`. Panics if `i ≥ rows`.
    fn row_vector(&self, i: usize) -> V;
    /// The packed limbs of row `i` (the layout of [`Vector::limbs`]). Panics if
    /// `i ≥ rows`.
    fn row_limbs(&self, i: usize) -> &[u64];
    /// The packed limbs of row `i`, mutably; the caller keeps the layout of
    /// [`Vector::limbs`]. Panics if `i ≥ rows`.
    fn row_limbs_mut(&mut self, i: usize) -> &mut [u64];
    /// Inserts `v` as row `at`, shifting rows `at..` down. Panics if `at > rows` or
    /// `v.len() != cols`.
    fn insert_row(&mut self, at: usize, v: V);
    /// Keeps the first `rows` rows (no-op if there are not more).
    fn truncate_rows(&mut self, rows: usize);
    /// Reduces in place to reduced row echelon form and returns the pivot columns,
    /// ascending (leading entries 1, zero rows last).
    fn row_reduce(&mut self) -> Vec<usize>;
}

/// F_p as a type: the prime together with its vector and subspace types.
///
/// Implemented by [`P2`] (bit-packed F_2, M4RI) and by [`ValidPrime`] (packed limbs at a
/// prime known at run time; used at odd primes).
pub trait Field: Prime {
    /// Vectors over F_p.
    type Vector: Vector;
    /// Subspaces of F_p^n in RREF.
    type Subspace: SubspaceOf<Self::Vector>;
    /// Dense matrices over F_p.
    type Matrix: MatrixOf<Self::Vector>;
    /// A nonzero coefficient as stored beside a basis element (a term `c·x` of a free
    /// module): the zero-sized [`One`] at p = 2, where `c` is always 1, and `u32` (in
    /// `1..p`) otherwise.
    type Coefficient: Copy + fmt::Debug + PartialEq + Eq + Hash + Send + Sync + 'static;

    /// The zero vector of length `len`.
    fn zero_vector(self, len: usize) -> Self::Vector;

    /// The whole space F_p^`n` (basis `e_0, …, e_{n−1}`).
    fn entire_subspace(self, n: usize) -> Self::Subspace;

    /// The span of `vectors` (each of length `n`) in F_p^`n`, in RREF.
    fn span(self, n: usize, vectors: Vec<Self::Vector>) -> Self::Subspace;

    /// The zero `rows × cols` matrix.
    fn zero_matrix(self, rows: usize, cols: usize) -> Self::Matrix;

    /// The matrix whose rows are `rows` (each of length `cols`). Panics if a length
    /// differs.
    fn matrix_from_rows(self, cols: usize, rows: Vec<Self::Vector>) -> Self::Matrix;

    /// The prime of the entries of `m`.
    fn prime_of(m: &Self::Matrix) -> Self;

    /// `c` (nonzero mod p) as a stored coefficient.
    fn coefficient(self, c: u32) -> Self::Coefficient;

    /// A stored coefficient as a number in `1..p`.
    fn coefficient_value(c: Self::Coefficient) -> u32;
}

/// The coefficient of every term at p = 2: 1, stored in no bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct One;

impl<P: Prime> Vector for FqVector<P> {
    #[inline]
    fn len(&self) -> usize {
        FqVector::len(self)
    }
    #[inline]
    fn is_zero(&self) -> bool {
        FqVector::is_zero(self)
    }
    #[inline]
    fn entry(&self, i: usize) -> u32 {
        FqVector::entry(self, i)
    }
    #[inline]
    fn add_basis_element(&mut self, i: usize, c: u32) {
        FqVector::add_basis_element(self, i, c)
    }
    #[inline]
    fn add_scaled_at(&mut self, other: &Self, c: u32, offset: usize) {
        self.add_at(other, c, offset)
    }
    #[inline]
    fn subtract(&mut self, other: &Self) {
        let minus_one = self.prime().value() - 1;
        self.add_scaled(other, minus_one)
    }
    #[inline]
    fn nonzero_entries(&self) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.iter_nonzero()
    }
    #[inline]
    fn slice(&self, start: usize, end: usize) -> Self {
        FqVector::slice(self, start, end)
    }
    #[inline]
    fn clear(&mut self) {
        FqVector::clear(self)
    }
    #[inline]
    fn limbs(&self) -> &[u64] {
        FqVector::limbs(self)
    }
}

impl<F: Field<Vector = FqVector<F>>> SubspaceOf<FqVector<F>> for Subspace<F> {
    #[inline]
    fn dim(&self) -> usize {
        Subspace::dim(self)
    }
    #[inline]
    fn ambient_dim(&self) -> usize {
        Subspace::ambient_dim(self)
    }
    #[inline]
    fn pivots(&self) -> &[usize] {
        Subspace::pivots(self)
    }
    #[inline]
    fn basis_vector(&self, k: usize) -> FqVector<F> {
        self.basis().row_vector(k)
    }
    #[inline]
    fn reduce(&self, v: &mut FqVector<F>) {
        Subspace::reduce(self, v)
    }
}

impl MatrixOf<FpVector> for Matrix {
    #[inline]
    fn rows(&self) -> usize {
        Matrix::rows(self)
    }
    #[inline]
    fn cols(&self) -> usize {
        Matrix::cols(self)
    }
    #[inline]
    fn entry(&self, i: usize, j: usize) -> u32 {
        u32::from(self.get(i, j))
    }
    #[inline]
    fn set_entry(&mut self, i: usize, j: usize, c: u32) {
        self.set(i, j, c % 2 == 1)
    }
    #[inline]
    fn row_vector(&self, i: usize) -> FpVector {
        Matrix::row_vector(self, i)
    }
    #[inline]
    fn row_limbs(&self, i: usize) -> &[u64] {
        self.row(i)
    }
    #[inline]
    fn row_limbs_mut(&mut self, i: usize) -> &mut [u64] {
        self.row_mut(i)
    }
    #[inline]
    fn insert_row(&mut self, at: usize, v: FpVector) {
        Matrix::insert_row(self, at, &v)
    }
    #[inline]
    fn truncate_rows(&mut self, rows: usize) {
        Matrix::truncate_rows(self, rows)
    }
    #[inline]
    fn row_reduce(&mut self) -> Vec<usize> {
        Matrix::row_reduce(self)
    }
}

impl<P: Prime> MatrixOf<FqVector<P>> for FqMatrix<P> {
    #[inline]
    fn rows(&self) -> usize {
        FqMatrix::rows(self)
    }
    #[inline]
    fn cols(&self) -> usize {
        FqMatrix::cols(self)
    }
    #[inline]
    fn entry(&self, i: usize, j: usize) -> u32 {
        FqMatrix::entry(self, i, j)
    }
    #[inline]
    fn set_entry(&mut self, i: usize, j: usize, c: u32) {
        FqMatrix::set_entry(self, i, j, c % self.prime().value())
    }
    #[inline]
    fn row_vector(&self, i: usize) -> FqVector<P> {
        self.row(i).clone()
    }
    #[inline]
    fn row_limbs(&self, i: usize) -> &[u64] {
        self.row(i).limbs()
    }
    #[inline]
    fn row_limbs_mut(&mut self, i: usize) -> &mut [u64] {
        self.row_mut(i).limbs_mut()
    }
    #[inline]
    fn insert_row(&mut self, at: usize, v: FqVector<P>) {
        assert_eq!(v.len(), self.cols(), "FqMatrix::insert_row: row length");
        self.rows_mut().insert(at, v)
    }
    #[inline]
    fn truncate_rows(&mut self, rows: usize) {
        self.rows_mut().truncate(rows)
    }
    #[inline]
    fn row_reduce(&mut self) -> Vec<usize> {
        FqMatrix::row_reduce(self)
    }
}

impl Field for P2 {
    type Vector = FpVector;
    type Subspace = Subspace<P2>;
    type Matrix = Matrix;
    type Coefficient = One;

    #[inline(always)]
    fn zero_vector(self, len: usize) -> FpVector {
        FpVector::new(len)
    }
    #[inline]
    fn entire_subspace(self, n: usize) -> Subspace {
        Subspace::entire(n)
    }
    #[inline]
    fn span(self, n: usize, vectors: Vec<FpVector>) -> Subspace {
        Subspace::span(P2, n, vectors)
    }
    #[inline]
    fn zero_matrix(self, rows: usize, cols: usize) -> Matrix {
        Matrix::new(rows, cols)
    }
    #[inline]
    fn matrix_from_rows(self, cols: usize, rows: Vec<FpVector>) -> Matrix {
        Matrix::from_rows(cols, &rows)
    }
    #[inline(always)]
    fn prime_of(_: &Matrix) -> P2 {
        P2
    }
    #[inline(always)]
    fn coefficient(self, c: u32) -> One {
        debug_assert!(!c.is_multiple_of(2), "coefficient {c} is zero mod 2");
        One
    }
    #[inline(always)]
    fn coefficient_value(_: One) -> u32 {
        1
    }
}

impl Field for ValidPrime {
    type Vector = FqVector<ValidPrime>;
    type Subspace = Subspace<ValidPrime>;
    type Matrix = FqMatrix<ValidPrime>;
    type Coefficient = u32;

    #[inline]
    fn zero_vector(self, len: usize) -> FqVector<ValidPrime> {
        FqVector::zero(self, len)
    }
    #[inline]
    fn entire_subspace(self, n: usize) -> Subspace<ValidPrime> {
        Subspace::whole(self, n)
    }
    #[inline]
    fn span(self, n: usize, vectors: Vec<FqVector<ValidPrime>>) -> Subspace<ValidPrime> {
        Subspace::span(self, n, vectors)
    }
    #[inline]
    fn zero_matrix(self, rows: usize, cols: usize) -> FqMatrix<ValidPrime> {
        FqMatrix::new(self, rows, cols)
    }
    #[inline]
    fn matrix_from_rows(
        self,
        cols: usize,
        rows: Vec<FqVector<ValidPrime>>,
    ) -> FqMatrix<ValidPrime> {
        FqMatrix::from_rows(self, cols, rows)
    }
    #[inline]
    fn prime_of(m: &FqMatrix<ValidPrime>) -> ValidPrime {
        m.prime()
    }
    #[inline]
    fn coefficient(self, c: u32) -> u32 {
        let c = c % self.value();
        debug_assert!(c != 0, "coefficient is zero mod {}", self.value());
        c
    }
    #[inline]
    fn coefficient_value(c: u32) -> u32 {
        c
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same operations give the same entries on both vector types at p = 2.
    fn exercise<F: Field>(f: F) -> Vec<(usize, u32)> {
        let mut v = f.zero_vector(70);
        let mut w = f.zero_vector(5);
        w.add_basis_element(0, 1);
        w.add_basis_element(4, 1);
        v.add_basis_element(3, 1);
        v.add_scaled_at(&w, 1, 62);
        v.add_scaled_at(&w, 1, 3);
        v.nonzero_entries().collect()
    }

    #[test]
    fn p2_and_fq_at_two_agree() {
        let p = ValidPrime::new(2).unwrap();
        assert_eq!(exercise(P2), exercise(p));
        assert_eq!(exercise(P2), vec![(7, 1), (62, 1), (66, 1)]);
    }

    #[test]
    fn entire_subspace_rows_are_unit_vectors() {
        let s = P2.entire_subspace(3);
        assert_eq!(
            s.basis_vector(1).nonzero_entries().collect::<Vec<_>>(),
            vec![(1, 1)]
        );
        let p = ValidPrime::new(5).unwrap();
        let s = p.entire_subspace(3);
        assert_eq!(s.pivots(), &[0, 1, 2]);
        assert_eq!(p.coefficient(7), 2);
        assert_eq!(<ValidPrime as Field>::coefficient_value(3), 3);
    }
}
