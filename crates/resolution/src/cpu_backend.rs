//! [`CpuBackend`]: the reference [`Backend`], every build and reduction on the CPU — the
//! path of a run without a device, and what [`crate::Verified`] compares a device with.

use fp::Matrix;
use rayon::prelude::*;

use crate::backend::{Backend, BlockBuild, BlockColumns, Call, ProductBatch, WholeRows};
use crate::step_errors::OffloadError;
use crate::workers::Workers;

/// Builds of fewer rows run on the calling thread.
pub(crate) const PARALLEL_ROWS: usize = 64;

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

    /// Only the block's terms are ranked, unless `whole` asks for every term's column.
    fn build_block(
        &self,
        call: &Call<'_>,
        batch: &ProductBatch<'_>,
        block: &BlockColumns<'_>,
        whole: bool,
    ) -> Result<BlockBuild, OffloadError> {
        let mut m = Matrix::new(batch.rows.len(), block.len);
        if whole {
            let mut rows = vec![Vec::new(); batch.rows.len()];
            build_block_and_whole(batch, block, &mut m, &mut rows, call.workers);
            return Ok(BlockBuild {
                block: m,
                whole: Some(WholeRows::Sparse(rows)),
            });
        }
        build_block_rows(batch, block, &mut m, call.workers);
        Ok(BlockBuild {
            block: m,
            whole: None,
        })
    }

    fn row_reduce(&self, _call: &Call<'_>, m: &mut Matrix) -> Result<Vec<usize>, OffloadError> {
        Ok(m.row_reduce())
    }
}

/// [`build_rows`] restricted to `block`: each kept term `Sq(T)·g'` lands at column
/// `block.pos[offset(g') + index of T]`.
fn build_block_rows(
    batch: &ProductBatch<'_>,
    block: &BlockColumns<'_>,
    m: &mut Matrix,
    workers: &dyn Workers,
) {
    if m.stride() == 0 {
        return;
    }
    let (alg, gens, offsets) = (batch.alg, batch.gens, batch.target_offsets);
    let mut none = vec![(); batch.rows.len()];
    for_each_row(batch, m, &mut none, workers, |row, (), (g, r)| {
        let left = alg.left_factor(r);
        for term in &gens[*g as usize].terms {
            let off = offsets[term.gen as usize];
            alg.for_each_filtered_term_index_packed(&left, term.packed, &block.filter, |idx| {
                let b = block.pos[off + idx] as usize;
                debug_assert!(b < block.len, "a kept term outside the block");
                row[b / 64] ^= 1 << (b % 64);
            });
        }
    });
}

/// Writes the rows of `batch` into `m` (zero on entry, `batch.rows.len() × batch.cols()`),
/// split over `workers` from [`PARALLEL_ROWS`] rows on while they may split.
pub(crate) fn build_rows(batch: &ProductBatch<'_>, m: &mut Matrix, workers: &dyn Workers) {
    if m.stride() == 0 {
        return;
    }
    let (alg, gens, offsets) = (batch.alg, batch.gens, batch.target_offsets);
    let mut none = vec![(); batch.rows.len()];
    for_each_row(batch, m, &mut none, workers, |row, (), (g, r)| {
        let dg = gens[*g as usize];
        // One table look-up per row: every term multiplies the same Sq(R).
        match alg.admissible_matrices(r) {
            Some(table) => {
                for term in &dg.terms {
                    let off = offsets[term.gen as usize];
                    alg.multiply_admissible_packed_into(table, term.packed, row, off);
                }
            }
            None => {
                for term in &dg.terms {
                    alg.multiply_basis_into(r, &term.op(), row, offsets[term.gen as usize]);
                }
            }
        }
    });
}

/// [`build_block_rows`] that also lists, per row, the whole-row column of every term.
fn build_block_and_whole(
    batch: &ProductBatch<'_>,
    block: &BlockColumns<'_>,
    m: &mut Matrix,
    whole: &mut [Vec<u32>],
    workers: &dyn Workers,
) {
    let (alg, gens, offsets) = (batch.alg, batch.gens, batch.target_offsets);
    for_each_row(batch, m, whole, workers, |row, cols, (g, r)| {
        let mut emit = |b: usize| {
            cols.push(b as u32);
            let k = block.pos[b];
            if k != u32::MAX {
                row[k as usize / 64] ^= 1 << (k % 64);
            }
        };
        let left = alg.left_factor(r);
        for term in &gens[*g as usize].terms {
            let off = offsets[term.gen as usize];
            alg.for_each_term_index_packed(&left, term.packed, |i| emit(off + i));
        }
    });
}

/// Calls `build(row, out, (g, R))` for each row of `batch`: `row` its row of `m` (a
/// one-word scratch row, never read, when `m` has no columns), `out` its entry of `outs`
/// (`outs.len() = batch.rows.len()`). On the calling thread below [`PARALLEL_ROWS`] rows
/// or while `workers` may not split; else split over them by rayon.
fn for_each_row<T: Send>(
    batch: &ProductBatch<'_>,
    m: &mut Matrix,
    outs: &mut [T],
    workers: &dyn Workers,
    build: impl Fn(&mut [u64], &mut T, &(u32, steenrod::PPart)) + Sync,
) {
    let mut scratch = Vec::new();
    let (data, stride) = match m.stride() {
        0 => {
            scratch.resize(batch.rows.len(), 0u64);
            (&mut scratch[..], 1)
        }
        stride => (m.data_mut(), stride),
    };
    let each =
        |((row, out), r): ((&mut [u64], &mut T), &(u32, steenrod::PPart))| build(row, out, r);
    if batch.rows.len() < PARALLEL_ROWS || !workers.may_split() {
        data.chunks_mut(stride)
            .zip(outs.iter_mut())
            .zip(&batch.rows)
            .for_each(each);
    } else {
        workers.parallel(&mut || {
            data.par_chunks_mut(stride)
                .zip(outs.par_iter_mut())
                .zip(batch.rows.par_iter())
                .for_each(each)
        });
    }
}
