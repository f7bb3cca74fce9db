//! The classical minimal resolution step (SYSTEM.md §1; cf. Bruner, "Calculation of
//! large Ext modules", 1993).
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

use fp::{FpVector, Matrix, Subspace};
use rayon::prelude::*;
use steenrod::{MilnorAlgebra, PPart};

use crate::free_module::Differential;
use crate::scheduler::parallel_section;
use crate::step::{QuasiInverseKind, StepQuasiInverse};
use crate::{Resolution, ResolutionError, StepOutput};

/// What a step at `(s, t)` must produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepKind {
    /// New generators (and the kernel, if asked for).
    Full,
    /// Only the kernel of `d_s` in degree `t`, for the full step `(s+1, t)`.
    KernelOnly,
}

/// Rows below this many are built on the calling thread.
const PARALLEL_ROWS: usize = 64;

/// Fills `m` (one row per `(Sq(R), d(g))` in `specs`) with `Sq(R)·d(g)`, where `d(g)`'s
/// terms land in blocks at `target_offsets` — in parallel when large.
pub(crate) fn fill_rows(
    res: &Resolution,
    m: &mut Matrix,
    specs: &[(&Differential, PPart)],
    target_offsets: &[usize],
) {
    fill_rows_in(&res.algebra, m, specs, target_offsets);
}

/// [`fill_rows`] with the products of `alg`.
pub(crate) fn fill_rows_in(
    alg: &MilnorAlgebra,
    m: &mut Matrix,
    specs: &[(&Differential, PPart)],
    target_offsets: &[usize],
) {
    let stride = m.stride();
    if stride == 0 || specs.is_empty() {
        return;
    }
    let build = |(row, (dg, r)): (&mut [u64], &(&Differential, PPart))| {
        // One table look-up per row: every term multiplies the same Sq(R).
        match alg.admissible_matrices(r) {
            Some(table) => {
                for term in &dg.terms {
                    alg.multiply_admissible_into(
                        table,
                        &term.op,
                        row,
                        target_offsets[term.gen as usize],
                    );
                }
            }
            None => {
                for term in &dg.terms {
                    alg.multiply_basis_into(r, &term.op, row, target_offsets[term.gen as usize]);
                }
            }
        }
    };
    if specs.len() < PARALLEL_ROWS || crate::scheduler::other_work_waiting() {
        m.data_mut().chunks_mut(stride).zip(specs).for_each(build);
    } else {
        parallel_section(|| {
            m.data_mut()
                .par_chunks_mut(stride)
                .zip(specs.par_iter())
                .for_each(build)
        });
    }
}

/// The matrix of `d_s` on the old part of `(C_s)_t`: one row per basis element
/// `Sq(R)·g`, `|g| < t`, holding `Sq(R)·d_s(g)` in the old part of `(C_{s−1})_t`
/// (`M_t` for `s = 0`). Shape: `dim old (C_s)_t × dim old (C_{s−1})_t`.
pub(crate) fn old_part_matrix(res: &Resolution, s: u32, t: i32) -> Matrix {
    let alg = &res.algebra;
    let source = &res.rows[s as usize];
    let mut specs: Vec<(&Differential, PPart)> = Vec::new();
    let mut degrees = Vec::new();
    for g_deg in source.min_degree()..t {
        for dg in source.gens(g_deg) {
            for r in alg.basis((t - g_deg) as u32) {
                specs.push((dg, *r));
                degrees.push(g_deg);
            }
        }
    }
    if s == 0 {
        let cols = res.module.dim(t);
        let mut m = Matrix::new(specs.len(), cols);
        let mut row = FpVector::new(cols);
        for (k, ((dg, r), &g_deg)) in specs.iter().zip(&degrees).enumerate() {
            row.clear();
            let op_deg = (t - g_deg) as u32;
            let op_idx = alg.index_of(r);
            for x in dg.value.iter_ones() {
                res.module.act_on_basis(op_deg, op_idx, g_deg, x, &mut row);
            }
            m.row_mut(k).copy_from_slice(row.limbs());
        }
        m
    } else {
        let target = &res.rows[s as usize - 1];
        let n_tgt = target.gens_below(t);
        let tgt_off = target.offsets(alg, t, n_tgt);
        let mut m = Matrix::new(specs.len(), tgt_off[n_tgt]);
        fill_rows(res, &mut m, &specs, &tgt_off);
        m
    }
}

/// One classical step at `(s, t)`. With `want_kernel`, the output carries `ker(d_s)` in
/// degree `t` (old part); a full step with `s ≥ 1` needs `kernel_prev = ker(d_{s−1})_t`.
/// With `want_qi`, a full step's output also carries the quasi-inverse of `d_s` on the old
/// part ([`StepQuasiInverse`], kept by a save directory).
pub(crate) fn step(
    res: &Resolution,
    s: u32,
    t: i32,
    kind: StepKind,
    want_kernel: bool,
    kernel_prev: Option<Subspace>,
    want_qi: bool,
) -> Result<StepOutput, ResolutionError> {
    let mut matrix = old_part_matrix(res, s, t);
    let cols = matrix.cols();
    let mut out = StepOutput::default();
    let want_qi = want_qi && kind == StepKind::Full;
    let image_pivots: Vec<usize> = if want_kernel || want_qi {
        let ki = fp::kernel_image(&matrix);
        if want_kernel {
            out.kernel = Some(ki.kernel);
        }
        if want_qi {
            out.quasi_inverse = Some(StepQuasiInverse {
                kind: QuasiInverseKind::Classical,
                profile: Vec::new(),
                parts: vec![(0, ki.quasi_inverse)],
            });
        }
        ki.image.pivots().to_vec()
    } else {
        matrix.row_reduce()
    };
    if kind == StepKind::KernelOnly {
        return Ok(out);
    }

    // K = ker(d_{s−1}) in degree t, in the old part of (C_{s−1})_t.
    let kernel_prev = if s == 0 {
        Subspace::entire(cols)
    } else {
        kernel_prev.ok_or_else(|| {
            inconsistent(
                s,
                t,
                "the kernel of the previous differential was not computed",
            )
        })?
    };
    if kernel_prev.ambient_dim() != cols {
        return Err(inconsistent(
            s,
            t,
            "kernel and image live in different spaces",
        ));
    }
    // d∘d = 0 means the image lies in the kernel; pivots(B) ⊆ pivots(K) is its cheap shadow.
    let kernel_pivots = kernel_prev.pivots();
    let mut is_image_pivot = vec![false; cols];
    for &p in &image_pivots {
        if kernel_pivots.binary_search(&p).is_err() {
            return Err(inconsistent(
                s,
                t,
                "d∘d ≠ 0: the image of d_s is not in the kernel of d_{s−1}",
            ));
        }
        is_image_pivot[p] = true;
    }
    for (k, &p) in kernel_pivots.iter().enumerate() {
        if is_image_pivot[p] {
            continue;
        }
        let value = FpVector::from_limbs(cols, kernel_prev.row(k).to_vec());
        let terms = if s == 0 {
            Vec::new()
        } else {
            res.rows[s as usize - 1].decode(&res.algebra, t, &value)
        };
        out.gens.push(Differential { value, terms });
    }
    Ok(out)
}

fn inconsistent(s: u32, t: i32, reason: &str) -> ResolutionError {
    ResolutionError::Inconsistent {
        s,
        t,
        stem: t - s as i32,
        reason: reason.into(),
    }
}
