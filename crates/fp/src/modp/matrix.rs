//! [`FqMatrix`]: a dense matrix over F_p, stored as its rows.

use std::fmt;

use super::FqVector;
use crate::Prime;

/// A `rows × cols` matrix over F_p, each row an [`FqVector`] of length `cols`.
///
/// As a linear map it acts on row vectors: `v ↦ v·M`, F_p^rows → F_p^cols, so row
/// `i` is the image of the basis vector `e_i`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct FqMatrix<P: Prime> {
    p: P,
    cols: usize,
    rows: Vec<FqVector<P>>,
}

impl<P: Prime> FqMatrix<P> {
    /// The zero matrix with `rows` rows and `cols` columns.
    pub fn new(p: P, rows: usize, cols: usize) -> Self {
        FqMatrix {
            p,
            cols,
            rows: vec![FqVector::zero(p, cols); rows],
        }
    }

    /// The `n × n` identity matrix.
    pub fn identity(p: P, n: usize) -> Self {
        let mut m = Self::new(p, n, n);
        for i in 0..n {
            m.set_entry(i, i, 1);
        }
        m
    }

    /// The matrix whose rows are `rows`, with `cols` columns.
    ///
    /// Panics if some row's length is not `cols`.
    pub fn from_rows(p: P, cols: usize, rows: Vec<FqVector<P>>) -> Self {
        for (i, r) in rows.iter().enumerate() {
            assert_eq!(
                r.len(),
                cols,
                "FqMatrix::from_rows: row {i} has length {}, not {cols}",
                r.len()
            );
        }
        FqMatrix { p, cols, rows }
    }

    /// The prime.
    #[inline]
    pub fn prime(&self) -> P {
        self.p
    }

    /// Number of rows (dimension of the source of `v ↦ v·M`).
    #[inline]
    pub fn rows(&self) -> usize {
        self.rows.len()
    }

    /// Number of columns (dimension of the target).
    #[inline]
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Row `i`. Panics if `i >= rows`.
    #[inline]
    pub fn row(&self, i: usize) -> &FqVector<P> {
        &self.rows[i]
    }

    /// Row `i`, mutably (its length must stay `cols`). Panics if `i >= rows`.
    #[inline]
    pub fn row_mut(&mut self, i: usize) -> &mut FqVector<P> {
        &mut self.rows[i]
    }

    pub(crate) fn rows_mut(&mut self) -> &mut Vec<FqVector<P>> {
        &mut self.rows
    }

    /// Entry `(i, j)`, in `0..p`.
    #[inline]
    pub fn entry(&self, i: usize, j: usize) -> u32 {
        self.rows[i].entry(j)
    }

    /// Set entry `(i, j)` to `v mod p`.
    #[inline]
    pub fn set_entry(&mut self, i: usize, j: usize, v: u32) {
        self.rows[i].set_entry(j, v);
    }

    /// Append `v` as the last row. Panics if `v.len() != cols`.
    pub fn append_row(&mut self, v: FqVector<P>) {
        assert_eq!(
            v.len(),
            self.cols,
            "FqMatrix::append_row: row of length {}, not {}",
            v.len(),
            self.cols
        );
        self.rows.push(v);
    }

    /// The rows.
    pub fn into_rows(self) -> Vec<FqVector<P>> {
        self.rows
    }

    /// `v·M` (length `cols`) for `v` of length `rows`: the sum of `v[i]·row i`.
    ///
    /// Panics if `v.len() != rows`.
    pub fn apply(&self, v: &FqVector<P>) -> FqVector<P> {
        assert_eq!(
            v.len(),
            self.rows(),
            "FqMatrix::apply: vector of length {} for {} rows",
            v.len(),
            self.rows()
        );
        let mut out = FqVector::zero(self.p, self.cols);
        for (i, c) in v.iter_nonzero() {
            out.add_scaled(&self.rows[i], c);
        }
        out
    }
}

impl<P: Prime> FqMatrix<P> {
    /// The `cols × rows` transpose.
    pub fn transpose(&self) -> FqMatrix<P> {
        let mut t = FqMatrix::new(self.p, self.cols, self.rows());
        for (i, row) in self.rows.iter().enumerate() {
            for (j, e) in row.iter_nonzero() {
                t.set_entry(j, i, e);
            }
        }
        t
    }
}

impl<P: Prime> fmt::Debug for FqMatrix<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "FqMatrix {}×{} over F_{}",
            self.rows(),
            self.cols,
            self.p.value()
        )?;
        for r in &self.rows {
            writeln!(f, "  {:?}", r.entries())?;
        }
        Ok(())
    }
}
