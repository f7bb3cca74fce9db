//! Kernel, image and quasi-inverse of a linear map `v ↦ v·M` over F_p, from an
//! [`FqMatrix`] (its rows reduced by [`FqMatrix::row_reduce`]).

use super::{FqMatrix, FqVector};
use crate::kernel::{augmented, split};
use crate::{Field, KernelImage, Subspace};

/// Kernel, image and quasi-inverse of v ↦ v·M (M: rows × cols): kernel ⊆
/// F_p^rows, image ⊆ F_p^cols.
///
/// Algorithm (the augmented-matrix method, as [`crate::kernel_image`] at p = 2):
/// row-reduce `[M | I_m]`; each row keeps "left part = (right part)·M". The rows
/// with pivot in the `M` part give the RREF image basis (left) and its preimages
/// (right); the others have zero left part and their right parts, in RREF, are a
/// basis of the kernel.
pub fn fq_kernel_image<F: Field<Vector = FqVector<F>>>(m: &FqMatrix<F>) -> KernelImage<F> {
    let (p, rows, cols) = (m.prime(), m.rows(), m.cols());
    let mut aug = augmented(m, FqMatrix::new(p, rows, cols + rows));
    let pivots = aug.row_reduce();
    split(p, &aug, &pivots, rows, cols)
}

/// The kernel of `v ↦ v·M` (in RREF, as in [`fq_kernel_image`]) and the pivot columns of
/// its image, without the image's basis or a quasi-inverse — what a resolution step
/// needs to hand the kernel on and to choose new generators. Cost: the row echelon form
/// of `[M | I]` in the columns of `M` (rows cleared below each pivot only), then the
/// RREF of the kernel rows, about half of [`fq_kernel_image`]'s full reduction.
pub fn fq_kernel_with_image_pivots<F: Field<Vector = FqVector<F>>>(
    m: &FqMatrix<F>,
) -> (Subspace<F>, Vec<usize>) {
    let (p, rows, cols) = (m.prime(), m.rows(), m.cols());
    let mut aug = augmented(m, FqMatrix::new(p, rows, cols + rows));
    let image_pivots = aug.echelon_until(cols);
    let rank = image_pivots.len();
    // The rows past the rank are zero on M: their identity parts are a basis of the kernel.
    let kernel_rows = aug
        .into_rows()
        .into_iter()
        .skip(rank)
        .map(|row| row.slice(cols, cols + rows))
        .collect();
    let kernel = Subspace::from_matrix(p.matrix_from_rows(rows, kernel_rows));
    debug_assert_eq!(kernel.dim(), rows - rank, "kernel rows are independent");
    (kernel, image_pivots)
}
