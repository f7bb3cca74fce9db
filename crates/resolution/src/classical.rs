//! The classical minimal resolution step (docs/design/system.md §2, minimal resolutions
//! and Ext; cf. Bruner, "Calculation of large Ext modules", 1993).
//!
//! At a bidegree `(s, t)`:
//! 1. Build the matrix of `d_s` on the *old part* of `(C_s)_t` — the basis elements
//!    `Sq(R)·g` with `|g| < t` — with row `Sq(R)·d_s(g)` in the old part of
//!    `(C_{s−1})_t` (for `s = 0`, in `M_t`).
//! 2. Row reduce it: its row space is the image `B` of `d_s` in degree `t` before new
//!    generators are added; its kernel `K_{s,t}` is handed to step `(s+1, t)`.
//! 3. The new generators of `C_s` in degree `t` are the basis vectors of
//!    `K_{s−1,t} = ker(d_{s−1})_t` whose pivot is not a pivot of `B` (for `s = 0`,
//!    `K_{−1,t} = M_t`). For RREF subspaces `B ⊆ K`, pivots(B) ⊆ pivots(K), and those
//!    rows span a complement of `B` in `K`.
//!
//! Minimality makes the old part enough: a new generator's differential is independent
//! of the image of the old part, so it adds nothing to the kernel. Hence
//! `ker(d_{s−1})_t` only needs generators of `C_{s−1}` of degree `< t` — step `(s−1, t)`
//! is needed for its kernel only when its stem `t − s + 1` is past `max_stem`.

use fp::{Field, SubspaceOf};
use steenrod::{Algebra, Module};

use crate::backend::ProductBatch;
use crate::bidegree::Bidegree;
use crate::free_module::{Differential, FieldVector};
use crate::step::{QuasiInverseKind, StepQuasiInverse, SubspaceOver};
use crate::step_algebra::StepAlgebra;
use crate::step_context::{StepContext, StepEnv};
use crate::step_errors::{Inconsistency, MatrixName};
use crate::{Resolution, ResolutionError, StepOutput};

/// What a step at `(s, t)` must produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// New generators (and the kernel, if asked for).
    Full,
    /// Only the kernel of `d_s` in degree `t`, for the full step `(s+1, t)`.
    KernelOnly,
}

/// The basis of the old part of `(C_s)_t`: the generators `g` of degree `< t` and one row
/// `(generator index, op)` per basis element `op·g`, in basis order.
struct OldPart<'a, A: Algebra> {
    gens: Vec<&'a Differential<A>>,
    /// Degree of each generator.
    degrees: Vec<i32>,
    rows: Vec<(u32, A::Element)>,
}

fn old_part_basis<M: Module>(res: &Resolution<M>, at: Bidegree) -> OldPart<'_, M::Algebra> {
    let (s, t) = (at.s(), at.t());
    let source = &res.rows[s as usize];
    let mut basis = OldPart {
        gens: Vec::new(),
        degrees: Vec::new(),
        rows: Vec::new(),
    };
    for g_deg in source.min_degree()..t {
        for dg in source.gens(g_deg) {
            let gen = basis.gens.len() as u32;
            basis.gens.push(dg);
            basis.degrees.push(g_deg);
            let ops = res.algebra.basis((t - g_deg) as u32);
            basis.rows.extend(ops.iter().map(|r| (gen, *r)));
        }
    }
    basis
}

/// The matrix of `d_0` on the old part of `(C_0)_t`, in `M_t`: the module's action.
fn module_matrix<M: Module>(
    res: &Resolution<M>,
    t: i32,
    basis: &OldPart<'_, M::Algebra>,
) -> <M::Algebra as StepAlgebra>::Matrix
where
    M::Algebra: StepAlgebra,
{
    let alg = &res.algebra;
    let cols = res.module.dim(t);
    let rows = basis.rows.iter().map(|(g, r)| {
        let mut row: FieldVector<M::Algebra> = alg.field().zero_vector(cols);
        let g_deg = basis.degrees[*g as usize];
        let op_deg = (t - g_deg) as u32;
        let op_idx = alg.index_of(op_deg, r);
        for (x, c) in fp::Vector::nonzero_entries(&basis.gens[*g as usize].value) {
            res.module
                .act_on_basis_at(op_deg, op_idx, g_deg, x, c, &mut row, 0);
        }
        row
    });
    alg.matrix_of_rows(cols, rows.collect())
}

/// The matrix of `d_s` on the old part of `(C_s)_t`: one row per basis element
/// `op·g`, `|g| < t`, holding `op·d_s(g)` in the old part of `(C_{s−1})_t`
/// (`M_t` for `s = 0`, by the module's action; for `s ≥ 1` a product build through the
/// step's backend at p = 2, on the CPU at odd p). Shape:
/// `dim old (C_s)_t × dim old (C_{s−1})_t`.
fn old_part_matrix_in<M: Module>(
    ctx: &StepContext<'_>,
    res: &Resolution<M>,
    at: Bidegree,
) -> Result<<M::Algebra as StepAlgebra>::Matrix, ResolutionError>
where
    M::Algebra: StepAlgebra,
{
    let basis = old_part_basis(res, at);
    let Some(below) = at.below() else {
        return Ok(module_matrix(res, at.t(), &basis));
    };
    let target = &res.rows[below.s() as usize];
    let n_tgt = target.gens_below(at.t());
    let tgt_off = target.offsets(&res.algebra, at.t(), n_tgt);
    let batch = ProductBatch::new(&res.algebra, &basis.gens, basis.rows, &tgt_off);
    <M::Algebra as StepAlgebra>::build(ctx, &batch, &MatrixName::OldPart)
}

/// [`old_part_matrix_in`] on the CPU, outside a run's steps (the save directory's tests).
#[cfg(test)]
pub(crate) fn old_part_matrix(res: &Resolution, at: Bidegree) -> fp::Matrix {
    let env = StepEnv {
        offload: None,
        workers: &crate::workers::SchedulerWorkers,
    };
    old_part_matrix_in(&StepContext::new(&env, at, None), res, at)
        .expect("the CPU backend does not fail")
}

/// One classical step at `at = (s, t)` over the module's algebra (any prime). With
/// `want_kernel`, the output carries `ker(d_s)` in degree `t` (old part); a full step with
/// `s ≥ 1` needs `kernel_prev = ker(d_{s−1})_t`. With `want_qi` (p = 2), a full step's
/// output also carries the quasi-inverse of `d_s` on the old part ([`StepQuasiInverse`],
/// kept by a save directory). Its builds and reductions go through `env`
/// ([`StepContext`], [`StepAlgebra`]).
///
/// Errors: [`ResolutionError::Inconsistent`] when the kernel from below is missing or does
/// not fit, or an image pivot is not a kernel pivot (`d∘d ≠ 0`); a device's
/// [`ResolutionError::Offload`].
pub(crate) fn step<M: Module>(
    res: &Resolution<M>,
    at: Bidegree,
    kind: StepKind,
    want_kernel: bool,
    kernel_prev: Option<SubspaceOver<M::Algebra>>,
    want_qi: bool,
    env: &StepEnv<'_>,
) -> Result<StepOutput<M::Algebra>, ResolutionError>
where
    M::Algebra: StepAlgebra,
{
    let ctx = StepContext::new(env, at, None);
    let matrix = old_part_matrix_in(&ctx, res, at)?;
    let cols = <M::Algebra as StepAlgebra>::cols(&matrix);
    let want_qi = want_qi && kind == StepKind::Full;
    let what = MatrixName::OldPart;
    let reduced = <M::Algebra as StepAlgebra>::reduce(&ctx, matrix, want_kernel, want_qi, &what)?;
    let mut out = StepOutput {
        kernel: reduced.kernel,
        quasi_inverse: reduced.quasi_inverse.map(|qi| StepQuasiInverse {
            kind: QuasiInverseKind::Classical,
            profile: Vec::new(),
            parts: vec![(0, qi)],
        }),
        ..StepOutput::default()
    };
    if kind == StepKind::Full {
        out.gens = new_generators(&ctx, res, at, cols, kernel_prev, &reduced.image_pivots)?;
    }
    out.checks = ctx.into_checks();
    Ok(out)
}

/// The new generators of `C_s` in degree `t`: the rows of `K = ker(d_{s−1})_t` (in the
/// old part of `(C_{s−1})_t`, `cols` columns; for `s = 0`, all of `M_t`) whose pivot is
/// not one of `image_pivots`.
fn new_generators<M: Module>(
    ctx: &StepContext<'_>,
    res: &Resolution<M>,
    at: Bidegree,
    cols: usize,
    kernel_prev: Option<SubspaceOver<M::Algebra>>,
    image_pivots: &[usize],
) -> Result<Vec<Differential<M::Algebra>>, ResolutionError> {
    let kernel_prev = match at.below() {
        None => res.prime().entire_subspace(cols),
        Some(_) => kernel_prev.ok_or_else(|| ctx.inconsistent(Inconsistency::MissingKernel))?,
    };
    if kernel_prev.ambient_dim() != cols {
        return Err(ctx.inconsistent(Inconsistency::AmbientMismatch {
            kernel_dim: kernel_prev.ambient_dim(),
            image_dim: cols,
        }));
    }
    let rows = ctx.complement_rows(kernel_prev.pivots(), image_pivots, cols)?;
    Ok(rows
        .into_iter()
        .map(|k| {
            let value = kernel_prev.basis_vector(k);
            let terms = match at.below() {
                None => Vec::new(),
                Some(below) => res.rows[below.s() as usize].decode(&res.algebra, at.t(), &value),
            };
            Differential { value, terms }
        })
        .collect())
}
