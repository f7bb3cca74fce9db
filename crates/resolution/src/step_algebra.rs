//! The half of a step that depends on the prime: how a matrix of products is built and
//! row reduced ([`StepAlgebra`]). The classical step (`classical.rs`) is written once
//! against it.
//!
//! - At p = 2 ([`MilnorAlgebra`]) every build and reduction goes through the step's
//!   [`crate::Backend`] (the CPU's bit-level Milnor products and M4RI, or a device),
//!   exactly as before the step was generic.
//! - At an odd prime (`MilnorAlgebra<ValidPrime>`) matrices are [`FqMatrix`] rows built on the
//!   CPU from [`Algebra::multiply_basis`] with coefficients, and reduced by
//!   [`fp::fq_kernel_with_image_pivots`] (Four-Russians Gauss–Jordan over F_p).

use fp::{
    fq_kernel_with_image_pivots, FpVector, FqMatrix, FqVector, Matrix, QuasiInverse, ValidPrime,
    Vector,
};
use rayon::prelude::*;
use steenrod::{Algebra, MilnorAlgebra};

use crate::backend::ProductBatch;
use crate::cpu_backend::PARALLEL_ROWS;
use crate::free_module::FieldVector;
use crate::save::fq_limbs::FqLimbs;
use crate::save::load::{Bits, VectorCodec};
use crate::step::SubspaceOver;
use crate::step_context::StepContext;
use crate::step_errors::MatrixName;
use crate::ResolutionError;

/// What a reduction of the old-part matrix of `d_s` gives a classical step.
pub(crate) struct Reduced<A: Algebra> {
    /// `ker(d_s)_t` (RREF), when asked for.
    pub kernel: Option<SubspaceOver<A>>,
    /// The pivot columns of the image of `d_s` (RREF).
    pub image_pivots: Vec<usize>,
    /// The quasi-inverse of `d_s` on its image, when asked for (p = 2 only: save
    /// directories keep quasi-inverses at p = 2 only, `SAVE-FORMAT.md`).
    pub quasi_inverse: Option<QuasiInverse>,
}

/// Building and reducing a step's matrices over the algebra `Self`.
pub(crate) trait StepAlgebra: Algebra + Sized {
    /// The matrices a step builds and reduces.
    type Matrix;

    /// The matrix whose rows are `rows` (each of `cols` entries).
    fn matrix_of_rows(&self, cols: usize, rows: Vec<FieldVector<Self>>) -> Self::Matrix;

    /// Columns of `m`.
    fn cols(m: &Self::Matrix) -> usize;

    /// The matrix of `batch`: `batch.rows.len() × batch.cols()`; `what` names it.
    ///
    /// Errors: a device's failure or disagreement ([`ResolutionError::Offload`]).
    fn build(
        ctx: &StepContext<'_>,
        batch: &ProductBatch<'_, Self>,
        what: &MatrixName,
    ) -> Result<Self::Matrix, ResolutionError>;

    /// Row reduces `m`: its image's pivots, with the kernel when `want_kernel` and the
    /// quasi-inverse when `want_qi` (p = 2).
    ///
    /// Errors: as [`StepAlgebra::build`].
    fn reduce(
        ctx: &StepContext<'_>,
        m: Self::Matrix,
        want_kernel: bool,
        want_qi: bool,
        what: &MatrixName,
    ) -> Result<Reduced<Self>, ResolutionError>;

    /// How a save file packs this field's vectors (`SAVE-FORMAT.md`).
    fn save_codec(&self) -> impl VectorCodec<Vector = FieldVector<Self>>;
}

impl StepAlgebra for MilnorAlgebra {
    type Matrix = Matrix;

    fn matrix_of_rows(&self, cols: usize, rows: Vec<FpVector>) -> Matrix {
        Matrix::from_rows(cols, &rows)
    }

    fn cols(m: &Matrix) -> usize {
        m.cols()
    }

    fn build(
        ctx: &StepContext<'_>,
        batch: &ProductBatch<'_>,
        what: &MatrixName,
    ) -> Result<Matrix, ResolutionError> {
        ctx.build(batch, what)
    }

    fn save_codec(&self) -> impl VectorCodec<Vector = FpVector> {
        Bits
    }

    fn reduce(
        ctx: &StepContext<'_>,
        mut m: Matrix,
        want_kernel: bool,
        want_qi: bool,
        what: &MatrixName,
    ) -> Result<Reduced<Self>, ResolutionError> {
        if !(want_kernel || want_qi) {
            let image_pivots = ctx.row_reduce(&mut m, what)?;
            return Ok(Reduced {
                kernel: None,
                image_pivots,
                quasi_inverse: None,
            });
        }
        let ki = ctx.kernel_image(&m, what)?;
        Ok(Reduced {
            kernel: want_kernel.then_some(ki.kernel),
            image_pivots: ki.image.pivots().to_vec(),
            quasi_inverse: want_qi.then_some(ki.quasi_inverse),
        })
    }
}

impl StepAlgebra for MilnorAlgebra<ValidPrime> {
    type Matrix = FqMatrix<ValidPrime>;

    fn matrix_of_rows(&self, cols: usize, rows: Vec<FqVector<ValidPrime>>) -> Self::Matrix {
        FqMatrix::from_rows(self.field(), cols, rows)
    }

    fn cols(m: &Self::Matrix) -> usize {
        m.cols()
    }

    fn build(
        ctx: &StepContext<'_>,
        batch: &ProductBatch<'_, Self>,
        _what: &MatrixName,
    ) -> Result<Self::Matrix, ResolutionError> {
        let rows = build_rows_on_cpu(ctx, batch);
        Ok(batch.alg.matrix_of_rows(batch.cols(), rows))
    }

    fn save_codec(&self) -> impl VectorCodec<Vector = FqVector<ValidPrime>> {
        FqLimbs(self.field())
    }

    fn reduce(
        _ctx: &StepContext<'_>,
        mut m: Self::Matrix,
        want_kernel: bool,
        _want_qi: bool,
        _what: &MatrixName,
    ) -> Result<Reduced<Self>, ResolutionError> {
        let (kernel, image_pivots) = if want_kernel {
            let (kernel, pivots) = fq_kernel_with_image_pivots(&m);
            (Some(kernel), pivots)
        } else {
            (None, m.row_reduce())
        };
        Ok(Reduced {
            kernel,
            image_pivots,
            quasi_inverse: None,
        })
    }
}

/// The rows of `batch` built on the CPU from the algebra's product of basis elements:
/// row `i` is `op_i·d(g_i) = Σ c·(op_i·op)·g'` over the terms `c·op·g'` of `d(g_i)`.
/// Split over the step's workers from [`PARALLEL_ROWS`] rows on, while they may split.
fn build_rows_on_cpu<A: Algebra>(
    ctx: &StepContext<'_>,
    batch: &ProductBatch<'_, A>,
) -> Vec<FieldVector<A>> {
    let (alg, field, cols) = (batch.alg, batch.alg.field(), batch.cols());
    let p = fp::Prime::value(field);
    let build = |(g, op): &(u32, A::Element)| {
        let mut v = <A::Field as fp::Field>::zero_vector(field, cols);
        for term in &batch.gens[*g as usize].terms {
            let (off, c) = (batch.target_offsets[term.gen as usize], term.coefficient());
            alg.multiply_basis(op, &term.op(), |k, d| {
                v.add_basis_element(off + k, c * d % p)
            });
        }
        v
    };
    let workers = ctx.workers();
    if batch.rows.len() < PARALLEL_ROWS || !workers.may_split() {
        return batch.rows.iter().map(build).collect();
    }
    let mut rows = Vec::new();
    workers.parallel(&mut || rows = batch.rows.par_iter().map(build).collect());
    rows
}
