//! Kernel, image and quasi-inverse of a linear map `v ↦ v·M` over F_p ([`QuasiInverse`],
//! [`KernelImage`], one for every prime), and their computation over F_2 by M4RI
//! ([`kernel_image`]).

use crate::m4ri;
use crate::modp::limb::LimbField;
use crate::modp::packed_range_into;
use crate::{Field, FqVector, Matrix, MatrixOf, Subspace, Vector, P2};

/// A right inverse of a linear map f: F_p^m → F_p^n on its image: the RREF basis of
/// image(f) together with, for each image basis row, one preimage (`F` the field,
/// default F_2).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct QuasiInverse<F: Field = P2> {
    image: Subspace<F>,
    /// `image.dim() × m`: row `k` is a preimage of image basis row `k`.
    preimages: F::Matrix,
}

impl<F: Field<Vector = FqVector<F>>> QuasiInverse<F> {
    /// Assemble from the image (RREF) and an `image.dim() × source_dim` matrix whose
    /// row `k` maps to image basis row `k` (e.g. read back from a save file).
    ///
    /// Panics if `preimages.rows() != image.dim()`. (That row `k` really maps to
    /// image row `k` is the caller's responsibility.)
    pub fn new(image: Subspace<F>, preimages: F::Matrix) -> Self {
        assert_eq!(
            preimages.rows(),
            image.dim(),
            "QuasiInverse::new: {} preimages for an image of dimension {}",
            preimages.rows(),
            image.dim()
        );
        QuasiInverse { image, preimages }
    }

    /// The image of the map, in RREF.
    #[inline]
    pub fn image(&self) -> &Subspace<F> {
        &self.image
    }

    /// m, the dimension of the source.
    #[inline]
    pub fn source_dim(&self) -> usize {
        self.preimages.cols()
    }

    /// n, the dimension of the target.
    #[inline]
    pub fn target_dim(&self) -> usize {
        self.image.ambient_dim()
    }

    /// The `image.dim() × source_dim` matrix whose row `k` is a preimage of image
    /// basis row `k`.
    #[inline]
    pub fn preimages(&self) -> &F::Matrix {
        &self.preimages
    }

    /// A `u` (length `source_dim`) with `u·M = v`, or `None` if `v` is not in the
    /// image.
    ///
    /// Algorithm: reduce `v` by the RREF image basis ([`Subspace::reduce`]), adding
    /// `e·preimage_k` for each basis row `k` subtracted `e` times (at p = 2: XOR the
    /// preimages of the rows used); `v` lies in the image iff it reduces to zero.
    ///
    /// Panics if `v.len() != target_dim`.
    pub fn apply(&self, v: &FqVector<F>) -> Option<FqVector<F>> {
        assert_eq!(
            v.len(),
            self.target_dim(),
            "QuasiInverse::apply: vector of length {} for target dimension {}",
            v.len(),
            self.target_dim()
        );
        let p = self.image.prime();
        let f = LimbField::new(p);
        let mut rest = v.clone();
        let mut pre = FqVector::zero(p, self.source_dim());
        let preimages = &self.preimages;
        self.image.reduce_with(&mut rest, |k, e| {
            f.add_mul_limbs(pre.limbs_mut(), preimages.row_limbs(k), e)
        });
        rest.is_zero().then_some(pre)
    }
}

/// Kernel, image and quasi-inverse of f: F_p^m → F_p^n, `v ↦ v·M` (`F` the field,
/// default F_2).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct KernelImage<F: Field = P2> {
    /// ker f ⊆ F_p^m, in RREF; dimension m − rank(M).
    pub kernel: Subspace<F>,
    /// im f ⊆ F_p^n (the row space of M), in RREF; dimension rank(M).
    pub image: Subspace<F>,
    /// Preimages for f on its image (its `image()` equals `image`).
    pub quasi_inverse: QuasiInverse<F>,
}

/// Kernel, image and a quasi-inverse of the map F_2^m → F_2^n, `v ↦ v·M`,
/// where `M` is `m × n` (row `i` is the image of e_i).
///
/// Algorithm (the standard augmented-matrix method): row-reduce `[M | I_m]`
/// (an `m × (n + m)` matrix). Each row keeps the invariant "left part =
/// (right part)·M". Rows whose pivot lies in the `M` part have RREF left parts
/// forming a basis of the image, and their right parts are preimages. The
/// remaining rows have zero left part, so their right parts lie in the kernel;
/// they are `m − rank` independent vectors in RREF (pivots shifted by n), hence
/// a basis of the kernel. Cost O(m · m · (n + m) / 64) word operations for the
/// plain reduction, about `k` times less by M4RI.
///
/// Large matrices ([`Matrix::uses_m4ri`] of the augmented shape) go to
/// [`kernel_image_m4ri`], small ones to [`kernel_image_simple`]; the results
/// are equal (the RREF of `[M | I_m]` is unique).
pub fn kernel_image(m: &Matrix) -> KernelImage {
    if Matrix::uses_m4ri(m.rows(), m.cols() + m.rows()) {
        kernel_image_m4ri(m)
    } else {
        kernel_image_simple(m)
    }
}

/// [`kernel_image`] with the RREF of `[M | I_m]` computed by `reduce` (which must leave
/// the unique RREF in its argument and return the pivot columns, as
/// [`Matrix::row_reduce`] does) — for row reductions done elsewhere, e.g. on a GPU.
///
/// Errors: whatever `reduce` returns.
pub fn kernel_image_with<E>(
    m: &Matrix,
    reduce: impl FnOnce(&mut Matrix) -> Result<Vec<usize>, E>,
) -> Result<KernelImage, E> {
    let mut aug = augmented(m, Matrix::new(m.rows(), m.cols() + m.rows()));
    let pivots = reduce(&mut aug)?;
    Ok(split(P2, &aug, &pivots, m.rows(), m.cols()))
}

/// [`kernel_image`] by plain Gauss–Jordan reduction of `[M | I_m]`
/// ([`Matrix::row_reduce_simple`]); the reference for the M4RI path.
pub fn kernel_image_simple(m: &Matrix) -> KernelImage {
    let mut aug = augmented(m, Matrix::new(m.rows(), m.cols() + m.rows()));
    let pivots = aug.row_reduce_simple();
    split(P2, &aug, &pivots, m.rows(), m.cols())
}

/// [`kernel_image`] by M4RI reduction of `[M | I_m]`, whatever the size.
///
/// From 1024 rows on, the identity part is kept in
/// pivot order while the columns of `M` are reduced, so that row XORs cover
/// only its first `rank-so-far` columns (plus the pass's pivots) instead of all
/// `m`; it is put back in order before the kernel part is reduced (see the
/// `m4ri` module). Same result as [`kernel_image_simple`].
pub fn kernel_image_m4ri(m: &Matrix) -> KernelImage {
    let mut aug = augmented(m, Matrix::new(m.rows(), m.cols() + m.rows()));
    let (rows, cols) = (m.rows(), m.cols());
    let stride = aug.stride();
    let params = m4ri::Params::for_shape(rows, stride);
    let pivots = if rows >= NARROW_IDENTITY_MIN_ROWS {
        m4ri::echelonize_augmented(aug.data_mut(), rows, cols, stride, params)
    } else {
        m4ri::echelonize(aug.data_mut(), rows, cols + rows, stride, params)
    };
    split(P2, &aug, &pivots, rows, cols)
}

/// [`kernel_image_m4ri`] keeps the identity part in pivot order from this many
/// rows: measured 18% faster at 1024 × 1024 and 30% at 2048 × 2048, but
/// slower at 256 × 256 (the reordering costs more than it saves) and even at
/// 512 × 512 (docs/EXPERIMENTS.md).
const NARROW_IDENTITY_MIN_ROWS: usize = 1024;

/// `[M | I_m]` in `aug`, the zero `m × (n + m)` matrix (any prime: the rows of `M`
/// are copied limb for limb at offset 0).
pub(crate) fn augmented<V: Vector, M: MatrixOf<V>>(m: &M, mut aug: M) -> M {
    let (rows, cols) = (m.rows(), m.cols());
    debug_assert_eq!((aug.rows(), aug.cols()), (rows, cols + rows));
    for i in 0..rows {
        let src = m.row_limbs(i);
        aug.row_limbs_mut(i)[..src.len()].copy_from_slice(src);
        aug.set_entry(i, cols + i, 1);
    }
    aug
}

/// Kernel, image and preimages from the RREF of `[M | I_m]` (`M` of `rows × cols`)
/// and its pivots, at any prime: the rows with pivot in the `M` part give the image
/// basis (left) and its preimages (right), the others the kernel basis (right).
pub(crate) fn split<F: Field<Vector = FqVector<F>>, M: MatrixOf<FqVector<F>>>(
    p: F,
    aug: &M,
    pivots: &[usize],
    rows: usize,
    cols: usize,
) -> KernelImage<F> {
    debug_assert_eq!(pivots.len(), rows);
    let rank = pivots.partition_point(|&c| c < cols);
    // Rows are cut straight into the new matrices' limbs (no per-row vectors).
    let mut image = p.zero_matrix(rank, cols);
    let mut preimages = p.zero_matrix(rank, rows);
    let mut kernel = p.zero_matrix(rows - rank, rows);
    for k in 0..rows {
        let row = aug.row_limbs(k);
        if k < rank {
            packed_range_into(p, row, 0, cols, image.row_limbs_mut(k));
            packed_range_into(p, row, cols, rows, preimages.row_limbs_mut(k));
        } else {
            packed_range_into(p, row, cols, rows, kernel.row_limbs_mut(k - rank));
        }
    }
    let image = Subspace::from_rref_unchecked(image, pivots[..rank].to_vec());
    let kernel =
        Subspace::from_rref_unchecked(kernel, pivots[rank..].iter().map(|&c| c - cols).collect());
    KernelImage {
        quasi_inverse: QuasiInverse::new(image.clone(), preimages),
        kernel,
        image,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::FpVector;

    fn m(cols: usize, rows: &[&[usize]]) -> Matrix {
        let vs: Vec<_> = rows.iter().map(|r| FpVector::from_ones(cols, r)).collect();
        Matrix::from_rows(cols, &vs)
    }

    #[test]
    fn small_map() {
        // e0 -> (1,1,0), e1 -> (0,1,1), e2 -> (1,0,1) = e0 + e1's image
        let a = m(3, &[&[0, 1], &[1, 2], &[0, 2]]);
        let ki = kernel_image(&a);
        assert_eq!(ki.image.dim(), 2);
        assert_eq!(
            ki.kernel.basis_vectors(),
            vec![FpVector::from_ones(3, &[0, 1, 2])]
        );
        assert_eq!(ki.quasi_inverse.image(), &ki.image);
        let target = FpVector::from_ones(3, &[0, 2]);
        let pre = ki.quasi_inverse.apply(&target).expect("in image");
        assert_eq!(a.apply(&pre), target);
        assert_eq!(ki.quasi_inverse.apply(&FpVector::from_ones(3, &[0])), None);
        assert_eq!(
            (ki.quasi_inverse.source_dim(), ki.quasi_inverse.target_dim()),
            (3, 3)
        );
    }

    #[test]
    fn empty_maps() {
        let ki = kernel_image(&Matrix::new(0, 4));
        assert_eq!((ki.kernel.dim(), ki.kernel.ambient_dim()), (0, 0));
        assert_eq!((ki.image.dim(), ki.image.ambient_dim()), (0, 4));
        assert_eq!(
            ki.quasi_inverse.apply(&FpVector::new(4)),
            Some(FpVector::new(0))
        );
        let ki = kernel_image(&Matrix::new(3, 0));
        assert_eq!(ki.kernel, Subspace::entire(3));
        assert_eq!(ki.image.dim(), 0);
        assert_eq!(
            ki.quasi_inverse.apply(&FpVector::new(0)),
            Some(FpVector::new(3))
        );
    }

    #[test]
    #[should_panic(expected = "target dimension")]
    fn apply_wrong_length_panics() {
        kernel_image(&Matrix::identity(2))
            .quasi_inverse
            .apply(&FpVector::new(3));
    }
}
