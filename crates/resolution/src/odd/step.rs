//! The classical minimal resolution step at an odd prime (Bruner, "Calculation of large
//! Ext modules", 1993; the same step as [`crate::classical`], over F_p).
//!
//! At `(s, t)`: the matrix of `d_s` on the old part of `(C_s)_t` (basis elements
//! `Q(E)P(R)·g`, `|g| < t`) with row `Q(E)P(R)·d_s(g)` in the old part of `(C_{s−1})_t`
//! (for `s = 0`, in `M_t`, by the module's action); its row space is the image `B` and its
//! kernel is handed to `(s + 1, t)`; the new generators are the rows of
//! `K = ker(d_{s−1})_t` whose pivots are not pivots of `B` (RREF: pivots(B) ⊆ pivots(K)).

use fp::{fq_kernel_with_image_pivots, FqMatrix, FqSubspace, FqVector, Prime, ValidPrime};
use steenrod::MilnorQP;

use crate::bidegree::Bidegree;
use crate::classical::StepKind;
use crate::step_errors::Inconsistency;
use crate::ResolutionError;
use crate::{Differential, Resolution};
use steenrod::module::OddModule;
use steenrod::OddMilnorAlgebra;

/// Rows of a matrix built in parallel above this many (when no other bidegree waits).
const PARALLEL_ROWS: usize = 64;

/// What an odd-primary step produces.
#[derive(Default)]
pub(crate) struct OddStepOutput {
    /// The new generators of `C_s` in degree `t` with their differentials.
    pub gens: Vec<Differential<OddMilnorAlgebra>>,
    /// `ker(d_s)_t` on the old part, when asked for.
    pub kernel: Option<FqSubspace<ValidPrime>>,
}

/// One basis element `op·g` of the old part of `(C_s)_t`.
struct Row<'a> {
    gen: &'a Differential<OddMilnorAlgebra>,
    gen_degree: i32,
    op_degree: u32,
    op_index: usize,
    op: MilnorQP,
}

fn old_part_rows(res: &Resolution<OddModule>, at: Bidegree) -> Vec<Row<'_>> {
    let (s, t) = (at.s(), at.t());
    let source = &res.rows[s as usize];
    let mut rows = Vec::new();
    for gen_degree in source.min_degree()..t {
        let op_degree = (t - gen_degree) as u32;
        for gen in source.gens(gen_degree) {
            for (op_index, op) in res.algebra.basis(op_degree).iter().enumerate() {
                rows.push(Row {
                    gen,
                    gen_degree,
                    op_degree,
                    op_index,
                    op: *op,
                });
            }
        }
    }
    rows
}

/// The matrix of `d_s` on the old part of `(C_s)_t`: `dim old (C_s)_t` rows,
/// `dim old (C_{s−1})_t` columns (`dim M_t` for `s = 0`).
fn old_part_matrix(res: &Resolution<OddModule>, at: Bidegree) -> FqMatrix<ValidPrime> {
    let p = res.prime();
    let t = at.t();
    let rows = old_part_rows(res, at);
    let (cols, offsets) = match at.below() {
        None => (res.module.dim(t), Vec::new()),
        Some(below) => {
            let target = &res.rows[below.s() as usize];
            let n = target.gens_below(t);
            let off = target.offsets(&res.algebra, t, n);
            (off[n], off)
        }
    };
    let build = |row: &Row<'_>| {
        let mut v = FqVector::new(p, cols);
        if at.s() == 0 {
            for (x, c) in row.gen.value.iter_nonzero() {
                res.module.act_on_basis(
                    row.op_degree,
                    row.op_index,
                    row.gen_degree,
                    x,
                    c,
                    &mut v,
                    0,
                );
            }
        } else {
            let pv = p.value();
            for term in &row.gen.terms {
                let off = offsets[term.gen as usize];
                res.algebra.multiply_basis(&row.op, &term.op, |k, c| {
                    v.add_basis_element(off + k, c * term.coeff % pv);
                });
            }
        }
        v
    };
    let built: Vec<FqVector<ValidPrime>> =
        if rows.len() > PARALLEL_ROWS && !crate::scheduler::other_work_waiting() {
            use rayon::prelude::*;
            crate::scheduler::parallel_section(|| rows.par_iter().map(build).collect())
        } else {
            rows.iter().map(build).collect()
        };
    FqMatrix::from_rows(p, cols, built)
}

/// One classical step at `at`. With `want_kernel`, the output carries `ker(d_s)_t` (old
/// part); a full step with `s ≥ 1` needs `kernel_prev = ker(d_{s−1})_t`.
///
/// Errors: [`ResolutionError::Inconsistent`] when the kernel from below is missing or does
/// not fit, or an image pivot is not a kernel pivot (`d∘d ≠ 0`).
pub(crate) fn step(
    res: &Resolution<OddModule>,
    at: Bidegree,
    kind: StepKind,
    want_kernel: bool,
    kernel_prev: Option<FqSubspace<ValidPrime>>,
) -> Result<OddStepOutput, ResolutionError> {
    let mut matrix = old_part_matrix(res, at);
    let cols = matrix.cols();
    let mut out = OddStepOutput::default();
    let image_pivots = if want_kernel {
        let (kernel, image_pivots) = fq_kernel_with_image_pivots(&matrix);
        out.kernel = Some(kernel);
        image_pivots
    } else {
        matrix.row_reduce()
    };
    if kind == StepKind::Full {
        out.gens = new_generators(res, at, cols, kernel_prev, &image_pivots)?;
    }
    Ok(out)
}

fn inconsistent(at: Bidegree, reason: Inconsistency) -> ResolutionError {
    ResolutionError::Inconsistent { at, reason }
}

/// The rows of `K = ker(d_{s−1})_t` (all of `M_t` for `s = 0`) whose pivot is not one of
/// `image_pivots`, with their decoded terms.
fn new_generators(
    res: &Resolution<OddModule>,
    at: Bidegree,
    cols: usize,
    kernel_prev: Option<FqSubspace<ValidPrime>>,
    image_pivots: &[usize],
) -> Result<Vec<Differential<OddMilnorAlgebra>>, ResolutionError> {
    let kernel = match at.below() {
        None => FqSubspace::entire(res.prime(), cols),
        Some(_) => kernel_prev.ok_or_else(|| inconsistent(at, Inconsistency::MissingKernel))?,
    };
    if kernel.ambient_dim() != cols {
        return Err(inconsistent(
            at,
            Inconsistency::AmbientMismatch {
                kernel_dim: kernel.ambient_dim(),
                image_dim: cols,
            },
        ));
    }
    let mut is_image_pivot = vec![false; cols];
    for &p in image_pivots {
        if kernel.pivots().binary_search(&p).is_err() {
            return Err(inconsistent(
                at,
                Inconsistency::ImageNotInKernel { subalgebra: None },
            ));
        }
        is_image_pivot[p] = true;
    }
    Ok((0..kernel.dim())
        .filter(|&k| !is_image_pivot[kernel.pivots()[k]])
        .map(|k| {
            let value = kernel.row(k).clone();
            let terms = match at.below() {
                None => Vec::new(),
                Some(below) => res.rows[below.s() as usize].decode(&res.algebra, at.t(), &value),
            };
            Differential::<OddMilnorAlgebra> { value, terms }
        })
        .collect())
}
