//! [`CpuBackend`]: the reference [`Backend`], every build and reduction on the CPU — the
//! path of a run without a device, and what [`crate::Verified`] compares a device with.

use fp::Matrix;
use rayon::prelude::*;

use crate::backend::{Backend, Call, ProductBatch};
use crate::step_errors::OffloadError;
use crate::workers::Workers;

/// Builds of fewer rows run on the calling thread.
const PARALLEL_ROWS: usize = 64;

/// The CPU: builds by the Milnor product tables, reduces by [`Matrix::row_reduce`]
/// (M4RI above its threshold). Offloads nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct CpuBackend;

impl Backend for CpuBackend {
    fn name(&self) -> String {
        "cpu".into()
    }

    fn build(&self, call: &Call<'_>, batch: &ProductBatch<'_>) -> Result<Matrix, OffloadError> {
        let mut m = Matrix::new(batch.rows.len(), batch.cols());
        build_rows(batch, &mut m, call.workers);
        Ok(m)
    }

    fn row_reduce(&self, _call: &Call<'_>, m: &mut Matrix) -> Result<Vec<usize>, OffloadError> {
        Ok(m.row_reduce())
    }
}

/// Writes the rows of `batch` into `m` (zero on entry, `batch.rows.len() × batch.cols()`),
/// split over `workers` from [`PARALLEL_ROWS`] rows on while they may split.
pub(crate) fn build_rows(batch: &ProductBatch<'_>, m: &mut Matrix, workers: &dyn Workers) {
    let stride = m.stride();
    if stride == 0 || batch.rows.is_empty() {
        return;
    }
    let (alg, gens, offsets) = (batch.alg, batch.gens, batch.target_offsets);
    let build = |(row, (g, r)): (&mut [u64], &(u32, steenrod::PPart))| {
        let dg = gens[*g as usize];
        // One table look-up per row: every term multiplies the same Sq(R).
        match alg.admissible_matrices(r) {
            Some(table) => {
                for term in &dg.terms {
                    alg.multiply_admissible_into(table, &term.op, row, offsets[term.gen as usize]);
                }
            }
            None => {
                for term in &dg.terms {
                    alg.multiply_basis_into(r, &term.op, row, offsets[term.gen as usize]);
                }
            }
        }
    };
    if batch.rows.len() < PARALLEL_ROWS || !workers.may_split() {
        m.data_mut()
            .chunks_mut(stride)
            .zip(&batch.rows)
            .for_each(build);
    } else {
        workers.parallel(&mut || {
            m.data_mut()
                .par_chunks_mut(stride)
                .zip(batch.rows.par_iter())
                .for_each(build)
        });
    }
}
