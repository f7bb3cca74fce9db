//! Kernel, image and quasi-inverse of a linear map `v ↦ v·M` over F_p.

use super::{FqMatrix, FqSubspace, FqVector};
use crate::Prime;

/// A right inverse of f: F_p^m → F_p^n on its image: the RREF basis of image(f)
/// with, for each image basis row, one preimage.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct FqQuasiInverse<P: Prime> {
    image: FqSubspace<P>,
    /// `image.dim() × m`: row `k` is a preimage of image basis row `k`.
    preimages: FqMatrix<P>,
}

impl<P: Prime> FqQuasiInverse<P> {
    /// Assemble from the image (RREF) and an `image.dim() × source_dim` matrix whose
    /// row `k` maps to image basis row `k` (e.g. read back from a save file).
    ///
    /// Panics if `preimages.rows() != image.dim()`. (That row `k` really maps to
    /// image row `k` is the caller's responsibility.)
    pub fn new(image: FqSubspace<P>, preimages: FqMatrix<P>) -> Self {
        assert_eq!(
            preimages.rows(),
            image.dim(),
            "FqQuasiInverse::new: {} preimages for an image of dimension {}",
            preimages.rows(),
            image.dim()
        );
        FqQuasiInverse { image, preimages }
    }

    /// The image of the map, in RREF.
    #[inline]
    pub fn image(&self) -> &FqSubspace<P> {
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
    pub fn preimages(&self) -> &FqMatrix<P> {
        &self.preimages
    }

    /// A `u` (length `source_dim`) with `u·M = v`, or `None` if `v` is not in the
    /// image.
    ///
    /// Algorithm: reduce `v` by the RREF image basis, adding `e·preimage_k` for each
    /// basis row `k` subtracted `e` times; `v` lies in the image iff it reduces to
    /// zero.
    ///
    /// Panics if `v.len() != target_dim`.
    pub fn apply(&self, v: &FqVector<P>) -> Option<FqVector<P>> {
        assert_eq!(
            v.len(),
            self.target_dim(),
            "FqQuasiInverse::apply: vector of length {} for target dimension {}",
            v.len(),
            self.target_dim()
        );
        let mut rest = v.clone();
        let mut pre = FqVector::zero(self.preimages.prime(), self.source_dim());
        self.image
            .reduce_with(&mut rest, |k, e| pre.add_scaled(self.preimages.row(k), e));
        rest.is_zero().then_some(pre)
    }
}

/// Kernel, image and quasi-inverse of f: F_p^m → F_p^n, `v ↦ v·M`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct FqKernelImage<P: Prime> {
    /// ker f ⊆ F_p^m, in RREF; dimension m − rank(M).
    pub kernel: FqSubspace<P>,
    /// im f ⊆ F_p^n (the row space of M), in RREF; dimension rank(M).
    pub image: FqSubspace<P>,
    /// Preimages for f on its image (its `image()` equals `image`).
    pub quasi_inverse: FqQuasiInverse<P>,
}

/// Kernel, image and quasi-inverse of v ↦ v·M (M: rows × cols): kernel ⊆
/// F_p^rows, image ⊆ F_p^cols.
///
/// Algorithm (the augmented-matrix method, as [`crate::kernel_image`] at p = 2):
/// row-reduce `[M | I_m]`; each row keeps "left part = (right part)·M". The rows
/// with pivot in the `M` part give the RREF image basis (left) and its preimages
/// (right); the others have zero left part and their right parts, in RREF, are a
/// basis of the kernel.
pub fn fq_kernel_image<P: Prime>(m: &FqMatrix<P>) -> FqKernelImage<P> {
    let (p, rows, cols) = (m.prime(), m.rows(), m.cols());
    let mut aug = FqMatrix::new(p, rows, cols + rows);
    for i in 0..rows {
        let row = aug.row_mut(i);
        row.add_at(m.row(i), 1, 0);
        row.set_entry(cols + i, 1);
    }
    let pivots = aug.row_reduce();
    let rank = pivots.partition_point(|&c| c < cols);
    let mut image = Vec::with_capacity(rank);
    let mut preimages = Vec::with_capacity(rank);
    let mut kernel = Vec::with_capacity(rows - rank);
    for (k, row) in aug.into_rows().into_iter().enumerate() {
        if k < rank {
            image.push(row.slice(0, cols));
            preimages.push(row.slice(cols, cols + rows));
        } else {
            kernel.push(row.slice(cols, cols + rows));
        }
    }
    let image = FqSubspace::from_rref_unchecked(
        FqMatrix::from_rows(p, cols, image),
        pivots[..rank].to_vec(),
    );
    let kernel = FqSubspace::from_rref_unchecked(
        FqMatrix::from_rows(p, rows, kernel),
        pivots[rank..].iter().map(|&c| c - cols).collect(),
    );
    FqKernelImage {
        quasi_inverse: FqQuasiInverse::new(image.clone(), FqMatrix::from_rows(p, rows, preimages)),
        kernel,
        image,
    }
}

/// The kernel of `v ↦ v·M` (in RREF, as in [`fq_kernel_image`]) and the pivot columns of
/// its image, without the image's basis or a quasi-inverse — what a resolution step
/// needs to hand the kernel on and to choose new generators. Cost: the row echelon form
/// of `[M | I]` in the columns of `M` (rows cleared below each pivot only), then the
/// RREF of the kernel rows, about half of [`fq_kernel_image`]'s full reduction.
pub fn fq_kernel_with_image_pivots<P: Prime>(m: &FqMatrix<P>) -> (FqSubspace<P>, Vec<usize>) {
    let (p, rows, cols) = (m.prime(), m.rows(), m.cols());
    let mut aug = FqMatrix::new(p, rows, cols + rows);
    for i in 0..rows {
        let row = aug.row_mut(i);
        row.add_at(m.row(i), 1, 0);
        row.set_entry(cols + i, 1);
    }
    let image_pivots = aug.echelon_until(cols);
    let rank = image_pivots.len();
    // The rows past the rank are zero on M: their identity parts are a basis of the kernel.
    let kernel_rows = aug
        .into_rows()
        .into_iter()
        .skip(rank)
        .map(|row| row.slice(cols, cols + rows))
        .collect();
    let mut kernel = FqMatrix::from_rows(p, rows, kernel_rows);
    let pivots = kernel.row_reduce();
    debug_assert_eq!(pivots.len(), kernel.rows(), "kernel rows are independent");
    (
        FqSubspace::from_rref_unchecked(kernel, pivots),
        image_pivots,
    )
}
