//! The one reduction the resolution by free unstable modules asks of its field.

use fp::{
    fq_kernel_image, fq_kernel_with_image_pivots, kernel_image, Field, Matrix, MatrixOf,
    QuasiInverse, ValidPrime, P2,
};

/// A field whose matrices a step reduces: M4RI at p = 2, Gauss–Jordan over F_p at odd p.
pub trait UnstableField: Field {
    /// The pivot columns of the row space of `m` (ascending) and, when `want_kernel`, the
    /// kernel of `v ↦ v·m` in RREF (a subspace of F_p^rows).
    fn reduce(m: Self::Matrix, want_kernel: bool) -> (Option<Self::Subspace>, Vec<usize>);

    /// A quasi-inverse of `v ↦ v·m`: a preimage of each vector of its image.
    fn quasi_inverse(m: &Self::Matrix) -> QuasiInverse<Self>;

    /// A preimage of `v` under the map of `qi`, `None` if `v` is not in its image.
    fn preimage(qi: &QuasiInverse<Self>, v: &Self::Vector) -> Option<Self::Vector>;
}

impl UnstableField for P2 {
    fn reduce(mut m: Matrix, want_kernel: bool) -> (Option<Self::Subspace>, Vec<usize>) {
        if !want_kernel {
            return (None, m.row_reduce());
        }
        let ki = kernel_image(&m);
        let pivots = ki.image.pivots().to_vec();
        (Some(ki.kernel), pivots)
    }

    fn quasi_inverse(m: &Matrix) -> QuasiInverse {
        kernel_image(m).quasi_inverse
    }

    fn preimage(qi: &QuasiInverse, v: &fp::FpVector) -> Option<fp::FpVector> {
        qi.apply(v)
    }
}

impl UnstableField for ValidPrime {
    fn reduce(mut m: Self::Matrix, want_kernel: bool) -> (Option<Self::Subspace>, Vec<usize>) {
        if !want_kernel {
            return (None, MatrixOf::row_reduce(&mut m));
        }
        let (kernel, pivots) = fq_kernel_with_image_pivots(&m);
        (Some(kernel), pivots)
    }

    fn quasi_inverse(m: &Self::Matrix) -> QuasiInverse<Self> {
        fq_kernel_image(m).quasi_inverse
    }

    fn preimage(qi: &QuasiInverse<Self>, v: &Self::Vector) -> Option<Self::Vector> {
        qi.apply(v)
    }
}
