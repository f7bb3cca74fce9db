//! [`Matrix`]: a dense bit-packed matrix over F_2, with Gauss–Jordan reduction.

use std::fmt;

use crate::m4ri;
use crate::vector::{xor_into, FpVector, Ones};
use crate::{limbs_for, LIMB_BITS};

/// [`Matrix::row_reduce`] takes the M4RI path from this many rows…
const M4RI_MIN_ROWS: usize = 64;
/// …and this many columns (see [`Matrix::uses_m4ri`]).
const M4RI_MIN_COLS: usize = 64;

/// A `rows × cols` matrix over F_2, row-major in one `Vec<u64>`.
///
/// Row `i` occupies `data[i * stride .. (i + 1) * stride]` with
/// `stride = limbs_for(cols)`, in the [`FpVector`] bit layout; bits at column
/// index `>= cols` are always zero (callers writing through
/// [`Matrix::row_mut`] must keep them zero).
///
/// As a linear map, the matrix acts on row vectors: `v ↦ v·M`, F_2^rows →
/// F_2^cols, so row `i` is the image of basis vector `e_i`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Matrix {
    rows: usize,
    cols: usize,
    stride: usize,
    data: Vec<u64>,
}

impl Matrix {
    /// The zero matrix with `rows` rows and `cols` columns.
    pub fn new(rows: usize, cols: usize) -> Self {
        let stride = limbs_for(cols);
        Matrix {
            rows,
            cols,
            stride,
            data: vec![0; rows * stride],
        }
    }

    /// A matrix with no rows and `cols` columns, with room for `capacity` rows
    /// (build it with [`Matrix::append_row`] / [`Matrix::append_zero_row`]).
    pub fn with_row_capacity(cols: usize, capacity: usize) -> Self {
        let stride = limbs_for(cols);
        Matrix {
            rows: 0,
            cols,
            stride,
            data: Vec::with_capacity(capacity * stride),
        }
    }

    /// The `n × n` identity matrix.
    pub fn identity(n: usize) -> Self {
        let mut m = Self::new(n, n);
        for i in 0..n {
            m.data[i * m.stride + i / LIMB_BITS] |= 1 << (i % LIMB_BITS);
        }
        m
    }

    /// The matrix whose rows are `rows` (in order), with `cols` columns.
    ///
    /// Panics if some row's length is not `cols`.
    pub fn from_rows(cols: usize, rows: &[FpVector]) -> Self {
        let mut m = Self::with_row_capacity(cols, rows.len());
        for r in rows {
            m.append_row(r);
        }
        m
    }

    /// Number of rows (dimension of the source of `v ↦ v·M`).
    #[inline]
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns (dimension of the target of `v ↦ v·M`).
    #[inline]
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Limbs per row: `limbs_for(cols)`.
    #[inline]
    pub fn stride(&self) -> usize {
        self.stride
    }

    /// All rows' limbs, row-major (`rows * stride` limbs).
    #[inline]
    pub fn data(&self) -> &[u64] {
        &self.data
    }

    /// All rows' limbs, row-major with [`Matrix::stride`] limbs per row, mutably (for
    /// callers that fill rows in parallel, e.g. with `chunks_mut(stride)`). The caller keeps
    /// bits at columns `>= cols` zero.
    pub fn data_mut(&mut self) -> &mut [u64] {
        &mut self.data
    }

    /// The `stride` limbs of row `i`. Panics if `i >= rows`.
    #[inline]
    pub fn row(&self, i: usize) -> &[u64] {
        self.check_row(i);
        &self.data[i * self.stride..(i + 1) * self.stride]
    }

    /// Mutable limbs of row `i`; the caller must leave bits `>= cols` zero.
    /// Panics if `i >= rows`.
    #[inline]
    pub fn row_mut(&mut self, i: usize) -> &mut [u64] {
        self.check_row(i);
        &mut self.data[i * self.stride..(i + 1) * self.stride]
    }

    /// Row `i` copied into an [`FpVector`] of length `cols`. Panics if `i >= rows`.
    pub fn row_vector(&self, i: usize) -> FpVector {
        FpVector::from_limbs(self.cols, self.row(i).to_vec())
    }

    /// Entry `(i, j)`. Panics if out of range.
    #[inline]
    pub fn get(&self, i: usize, j: usize) -> bool {
        self.check_entry(i, j);
        (self.data[i * self.stride + j / LIMB_BITS] >> (j % LIMB_BITS)) & 1 == 1
    }

    /// Set entry `(i, j)` to `value`. Panics if out of range.
    #[inline]
    pub fn set(&mut self, i: usize, j: usize, value: bool) {
        self.check_entry(i, j);
        let w = &mut self.data[i * self.stride + j / LIMB_BITS];
        let bit = 1u64 << (j % LIMB_BITS);
        if value {
            *w |= bit;
        } else {
            *w &= !bit;
        }
    }

    /// Append `v` as a new last row. Panics if `v.len() != cols`.
    pub fn append_row(&mut self, v: &FpVector) {
        assert_eq!(
            v.len(),
            self.cols,
            "Matrix::append_row: row of length {} for {} columns",
            v.len(),
            self.cols
        );
        self.data.extend_from_slice(v.limbs());
        self.rows += 1;
    }

    /// Append a zero row and return its index (fill it via [`Matrix::row_mut`]).
    pub fn append_zero_row(&mut self) -> usize {
        self.data.resize(self.data.len() + self.stride, 0);
        self.rows += 1;
        self.rows - 1
    }

    /// Insert `v` as row `index`, shifting rows `index..` down by one.
    ///
    /// Panics if `index > rows` or `v.len() != cols`.
    pub fn insert_row(&mut self, index: usize, v: &FpVector) {
        assert!(
            index <= self.rows,
            "Matrix::insert_row: index {index} > rows {}",
            self.rows
        );
        assert_eq!(
            v.len(),
            self.cols,
            "Matrix::insert_row: row of length {} for {} columns",
            v.len(),
            self.cols
        );
        let at = index * self.stride;
        self.data.splice(at..at, v.limbs().iter().copied());
        self.rows += 1;
    }

    /// Keep only the first `rows` rows (no-op if `rows >= self.rows()`).
    pub fn truncate_rows(&mut self, rows: usize) {
        if rows < self.rows {
            self.rows = rows;
            self.data.truncate(rows * self.stride);
        }
    }

    /// Row `dst` += row `src` (XOR), whole rows.
    ///
    /// Panics if `src == dst` or either is `>= rows`.
    pub fn add_row(&mut self, src: usize, dst: usize) {
        self.check_row(src);
        self.check_row(dst);
        assert_ne!(src, dst, "Matrix::add_row: src and dst are both {src}");
        xor_row_from(&mut self.data, self.stride, src, dst, 0);
    }

    /// Exchange rows `a` and `b` in place (no allocation). Panics if out of range.
    pub fn swap_rows(&mut self, a: usize, b: usize) {
        self.check_row(a);
        self.check_row(b);
        if a == b {
            return;
        }
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        let s = self.stride;
        let (head, tail) = self.data.split_at_mut(hi * s);
        head[lo * s..(lo + 1) * s].swap_with_slice(&mut tail[..s]);
    }

    /// Whether every entry is zero.
    pub fn is_zero(&self) -> bool {
        self.data.iter().all(|&w| w == 0)
    }

    /// The row vector `v·M` (length `cols`): XOR of the rows `i` with `v[i] = 1`.
    ///
    /// Panics if `v.len() != rows`.
    pub fn apply(&self, v: &FpVector) -> FpVector {
        assert_eq!(
            v.len(),
            self.rows,
            "Matrix::apply: vector of length {} for {} rows",
            v.len(),
            self.rows
        );
        let mut out = vec![0u64; self.stride];
        for i in v.iter_ones() {
            xor_into(&mut out, self.row(i));
        }
        FpVector::from_limbs(self.cols, out)
    }

    /// The product `self · other` (`rows × other.cols()`), so that
    /// `v·(self·other) = (v·self)·other`.
    ///
    /// Panics if `self.cols() != other.rows()`.
    pub fn mul(&self, other: &Matrix) -> Matrix {
        assert_eq!(
            self.cols, other.rows,
            "Matrix::mul: {}x{} times {}x{}",
            self.rows, self.cols, other.rows, other.cols
        );
        let mut out = Matrix::new(self.rows, other.cols);
        for i in 0..self.rows {
            let dst = i * out.stride;
            for k in Ones::new(self.row(i)) {
                xor_into(&mut out.data[dst..dst + out.stride], other.row(k));
            }
        }
        out
    }

    /// The transpose (`cols × rows`).
    pub fn transpose(&self) -> Matrix {
        let mut out = Matrix::new(self.cols, self.rows);
        for i in 0..self.rows {
            for j in Ones::new(self.row(i)) {
                out.data[j * out.stride + i / LIMB_BITS] |= 1 << (i % LIMB_BITS);
            }
        }
        out
    }

    /// Row-reduce in place to reduced row echelon form and return the pivot
    /// columns (strictly ascending; `pivots.len()` is the rank).
    ///
    /// Afterwards: rows `0..rank` are nonzero, row `k`'s leading (lowest-index)
    /// one is in column `pivots[k]`, column `pivots[k]` has a one in row `k`
    /// only, and rows `rank..` are zero. The row space is unchanged.
    ///
    /// Large matrices (see [`Matrix::uses_m4ri`]) go to
    /// [`Matrix::row_reduce_m4ri`], small ones to [`Matrix::row_reduce_simple`];
    /// both give the same result (the RREF is unique).
    pub fn row_reduce(&mut self) -> Vec<usize> {
        if Self::uses_m4ri(self.rows, self.cols) {
            self.row_reduce_m4ri()
        } else {
            self.row_reduce_simple()
        }
    }

    /// Whether [`Matrix::row_reduce`] takes the M4RI path for a `rows × cols`
    /// matrix. Measured on the project's 2-core machine (docs/EXPERIMENTS.md):
    /// plain Gauss–Jordan wins below this size.
    pub fn uses_m4ri(rows: usize, cols: usize) -> bool {
        rows >= M4RI_MIN_ROWS && cols >= M4RI_MIN_COLS
    }

    /// [`Matrix::row_reduce`] by the Method of Four Russians, whatever the size
    /// (same contract and result).
    ///
    /// Algorithm: M4RI reduction (Arlazarov, Dinic, Kronrod, Faradžev 1970;
    /// Bard, *Algebraic Cryptanalysis*, 2009, ch. 9; Albrecht, Bard, Hart,
    /// "Algorithm 898: Efficient multiplication of dense matrices over GF(2)",
    /// ACM TOMS 2010): 64 columns per pass, Gray-code tables of all sums of up to
    /// `k` pivot rows, all tables applied to each row in one sweep, XOR loops in
    /// AVX2/AVX-512 when the CPU has them. Cost about O(rows · cols · stride / k)
    /// word operations. Details in the `m4ri` module.
    pub fn row_reduce_m4ri(&mut self) -> Vec<usize> {
        let params = m4ri::Params::for_shape(self.rows, self.stride);
        self.row_reduce_with(params)
    }

    /// [`Matrix::row_reduce_m4ri`] with explicit tuning: tables of `k` bits
    /// (`1..=8`) and column blocks of `block` limbs in the sweep. For
    /// benchmarks; the result does not depend on them.
    ///
    /// Panics if `k` is not in `1..=8` or `block == 0`.
    pub fn row_reduce_m4ri_tuned(&mut self, k: usize, block: usize) -> Vec<usize> {
        assert!(
            block > 0,
            "Matrix::row_reduce_m4ri_tuned: block must be positive"
        );
        let mut params = m4ri::Params::with_k(k, self.stride, m4ri::Simd::detect());
        params.block = block;
        self.row_reduce_with(params)
    }

    /// M4RI reduction with explicit parameters (tests and tuning).
    pub(crate) fn row_reduce_with(&mut self, params: m4ri::Params) -> Vec<usize> {
        m4ri::echelonize(&mut self.data, self.rows, self.cols, self.stride, params)
    }

    /// Plain Gauss–Jordan reduction (same contract and result as
    /// [`Matrix::row_reduce`]); the reference the M4RI path is tested against.
    ///
    /// Algorithm: Gauss–Jordan elimination over F_2 (e.g. Golub & Van Loan,
    /// *Matrix Computations*, §3.2, specialised to GF(2)): for each column in
    /// turn, find a row at or below the current pivot row with a one there,
    /// swap it up, and XOR it into every other row having a one in that column.
    /// Row XORs start at the pivot's limb, since the pivot row is zero before
    /// it. Cost O(rank · rows · stride) word operations.
    pub fn row_reduce_simple(&mut self) -> Vec<usize> {
        let s = self.stride;
        let mut pivots = Vec::new();
        let mut r = 0;
        for c in 0..self.cols {
            if r == self.rows {
                break;
            }
            let limb = c / LIMB_BITS;
            let bit = 1u64 << (c % LIMB_BITS);
            let Some(p) = (r..self.rows).find(|&i| self.data[i * s + limb] & bit != 0) else {
                continue;
            };
            self.swap_rows(p, r);
            for i in 0..self.rows {
                if i != r && self.data[i * s + limb] & bit != 0 {
                    xor_row_from(&mut self.data, s, r, i, limb);
                }
            }
            pivots.push(c);
            r += 1;
        }
        pivots
    }

    #[inline]
    fn check_row(&self, i: usize) {
        assert!(
            i < self.rows,
            "Matrix: row {i} out of range for {} rows",
            self.rows
        );
    }

    #[inline]
    fn check_entry(&self, i: usize, j: usize) {
        self.check_row(i);
        assert!(
            j < self.cols,
            "Matrix: column {j} out of range for {} columns",
            self.cols
        );
    }
}

/// In `data` (rows of `stride` limbs), row `dst` ^= row `src`, limbs
/// `start_limb..stride` only. Requires `src != dst`.
#[inline]
pub(crate) fn xor_row_from(
    data: &mut [u64],
    stride: usize,
    src: usize,
    dst: usize,
    start_limb: usize,
) {
    debug_assert_ne!(src, dst);
    let (s, d) = if src < dst {
        let (a, b) = data.split_at_mut(dst * stride);
        (
            &a[src * stride + start_limb..(src + 1) * stride],
            &mut b[start_limb..stride],
        )
    } else {
        let (a, b) = data.split_at_mut(src * stride);
        (
            &b[start_limb..stride],
            &mut a[dst * stride + start_limb..(dst + 1) * stride],
        )
    };
    xor_into(d, s);
}

impl fmt::Debug for Matrix {
    /// Prints `Matrix(rows x cols)` followed by one `0`/`1` line per row.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Matrix({} x {})", self.rows, self.cols)?;
        for i in 0..self.rows {
            f.write_str("\n  ")?;
            for j in 0..self.cols {
                f.write_str(if self.get(i, j) { "1" } else { "0" })?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(cols: usize, rows: &[&[usize]]) -> Matrix {
        let vs: Vec<_> = rows.iter().map(|r| FpVector::from_ones(cols, r)).collect();
        Matrix::from_rows(cols, &vs)
    }

    #[test]
    fn shapes_and_identity() {
        let i = Matrix::identity(65);
        assert_eq!((i.rows(), i.cols(), i.stride()), (65, 65, 2));
        for a in 0..65 {
            for b in 0..65 {
                assert_eq!(i.get(a, b), a == b);
            }
        }
        let z = Matrix::new(0, 0);
        assert!(z.is_zero());
        assert_eq!(z.data().len(), 0);
    }

    #[test]
    fn row_access_and_building() {
        let mut a = Matrix::with_row_capacity(70, 2);
        a.append_row(&FpVector::from_ones(70, &[0, 69]));
        let k = a.append_zero_row();
        assert_eq!(k, 1);
        a.row_mut(1)[1] = 1 << 3; // column 67
        assert!(a.get(1, 67));
        assert_eq!(a.row_vector(1), FpVector::from_ones(70, &[67]));
        a.insert_row(1, &FpVector::from_ones(70, &[5]));
        assert_eq!(a.rows(), 3);
        assert_eq!(a.row_vector(1), FpVector::from_ones(70, &[5]));
        assert_eq!(a.row_vector(2), FpVector::from_ones(70, &[67]));
        a.add_row(0, 2);
        assert_eq!(a.row_vector(2), FpVector::from_ones(70, &[0, 67, 69]));
        a.swap_rows(0, 2);
        assert_eq!(a.row_vector(0), FpVector::from_ones(70, &[0, 67, 69]));
        assert_eq!(a.row_vector(2), FpVector::from_ones(70, &[0, 69]));
        a.set(2, 0, false);
        assert_eq!(a.row_vector(2), FpVector::from_ones(70, &[69]));
        a.truncate_rows(1);
        assert_eq!(a.rows(), 1);
    }

    #[test]
    #[should_panic(expected = "src and dst")]
    fn add_row_to_itself_panics() {
        Matrix::identity(2).add_row(1, 1);
    }

    #[test]
    #[should_panic(expected = "row of length")]
    fn append_wrong_length_panics() {
        Matrix::new(0, 3).append_row(&FpVector::new(4));
    }

    #[test]
    fn apply_mul_transpose() {
        let a = m(3, &[&[0, 1], &[1, 2]]); // 2x3
        let b = m(2, &[&[0], &[1], &[0, 1]]); // 3x2
        assert_eq!(
            a.apply(&FpVector::from_ones(2, &[0, 1])),
            FpVector::from_ones(3, &[0, 2])
        );
        let ab = a.mul(&b); // 2x2
        assert_eq!(ab, m(2, &[&[0, 1], &[0]]));
        let t = a.transpose();
        assert_eq!(t, m(2, &[&[0], &[0, 1], &[1]]));
        assert_eq!(t.transpose(), a);
    }

    #[test]
    fn row_reduce_small() {
        // rows {1,2},{0,1,2},{0},{3}: span = <e0, e1+e2, e3>
        let mut b = m(4, &[&[1, 2], &[0, 1, 2], &[0], &[3]]);
        let pb = b.row_reduce();
        assert_eq!(pb, vec![0, 1, 3]);
        assert_eq!(b, m(4, &[&[0], &[1, 2], &[3], &[]]));
        let mut c = m(4, &[&[1, 2], &[1, 3]]);
        assert_eq!(c.row_reduce(), vec![1, 2]);
        assert_eq!(c, m(4, &[&[1, 3], &[2, 3]]));
    }

    #[test]
    fn row_reduce_degenerate() {
        let mut z = Matrix::new(3, 0);
        assert!(z.row_reduce().is_empty());
        let mut z = Matrix::new(0, 5);
        assert!(z.row_reduce().is_empty());
        let mut z = Matrix::new(2, 130);
        assert!(z.row_reduce().is_empty());
        let mut one = m(1, &[&[0]]);
        assert_eq!(one.row_reduce(), vec![0]);
    }
}
