//! The classical minimal resolution step (SYSTEM.md §1; cf. Bruner, "Calculation of
//! large Ext modules", 1993).
//!
//! For each bidegree `(s, t)` in order of increasing `t`, then `s`:
//! 1. Build the matrix of `d_s` on the *old part* of `(C_s)_t` — the basis elements
//!    `Sq(R)·g` with `|g| < t` — with row `Sq(R)·d_s(g)` in the old part of
//!    `(C_{s−1})_t` (for `s = 0`, in `M_t`).
//! 2. Row reduce it: its row space is the image `B` of `d_s` in degree `t` before new
//!    generators are added; its kernel `K_{s,t}` is kept for step `(s+1, t)`.
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

use crate::{Differential, Resolution, ResolutionError};

/// What a step at `(s, t)` must produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum StepKind {
    /// New generators (and the kernel, if asked for).
    Full,
    /// Only the kernel of `d_s` in degree `t`, for the full step `(s+1, t)`.
    KernelOnly,
}

/// The matrix of `d_s` on the old part of `(C_s)_t`: one row per basis element
/// `Sq(R)·g`, `|g| < t`, holding `Sq(R)·d_s(g)` in the old part of `(C_{s−1})_t`
/// (`M_t` for `s = 0`). Shape: `dim old (C_s)_t × dim old (C_{s−1})_t`.
pub(crate) fn old_part_matrix(res: &Resolution, s: u32, t: i32) -> Matrix {
    let alg = &res.algebra;
    let source = &res.modules[s as usize];
    let n_src = source.gens_below(t);
    let src_off = source.offsets(alg, t, n_src);
    let rows = src_off[n_src];
    let diffs = &res.differentials[s as usize];
    if s == 0 {
        let cols = res.module.dim(t);
        let mut m = Matrix::new(rows, cols);
        let mut row = FpVector::new(cols);
        for g in 0..n_src {
            let g_deg = source.gen_degree(g);
            let op_deg = (t - g_deg) as u32;
            for i in 0..alg.dim(op_deg) {
                row.clear();
                for x in diffs[g].value.iter_ones() {
                    res.module.act_on_basis(op_deg, i, g_deg, x, &mut row);
                }
                m.row_mut(src_off[g] + i).copy_from_slice(row.limbs());
            }
        }
        m
    } else {
        let target = &res.modules[s as usize - 1];
        let n_tgt = target.gens_below(t);
        let tgt_off = target.offsets(alg, t, n_tgt);
        let mut m = Matrix::new(rows, tgt_off[n_tgt]);
        for g in 0..n_src {
            let op_deg = (t - source.gen_degree(g)) as u32;
            for (i, r) in alg.basis(op_deg).iter().enumerate() {
                let row = m.row_mut(src_off[g] + i);
                for term in &diffs[g].terms {
                    alg.multiply_basis_into(r, &term.op, row, tgt_off[term.gen as usize]);
                }
            }
        }
        m
    }
}

/// One classical step at `(s, t)`. With `want_kernel`, `kernels[s]` receives
/// `ker(d_s)` in degree `t` (old part); a full step with `s ≥ 1` consumes `kernels[s−1]`.
pub(crate) fn step(
    res: &mut Resolution,
    s: u32,
    t: i32,
    kind: StepKind,
    want_kernel: bool,
    kernels: &mut [Option<Subspace>],
) -> Result<(), ResolutionError> {
    let mut matrix = old_part_matrix(res, s, t);
    let cols = matrix.cols();
    let image_pivots: Vec<usize> = if want_kernel {
        let ki = fp::kernel_image(&matrix);
        kernels[s as usize] = Some(ki.kernel);
        ki.image.pivots().to_vec()
    } else {
        matrix.row_reduce()
    };
    if kind == StepKind::KernelOnly {
        return Ok(());
    }

    // K = ker(d_{s−1}) in degree t, in the old part of (C_{s−1})_t.
    let kernel_prev = if s == 0 {
        let basis: Vec<FpVector> = (0..cols).map(|i| FpVector::from_ones(cols, &[i])).collect();
        Subspace::from_vectors(cols, &basis)
    } else {
        kernels[s as usize - 1].take().ok_or_else(|| ResolutionError::Inconsistent {
            s,
            t,
            stem: t - s as i32,
            reason: "the kernel of the previous differential was not computed".into(),
        })?
    };
    if kernel_prev.ambient_dim() != cols {
        return Err(inconsistent(s, t, "kernel and image live in different spaces"));
    }
    // d∘d = 0 means the image lies in the kernel; pivots(B) ⊆ pivots(K) is its cheap shadow.
    let kernel_pivots = kernel_prev.pivots();
    let mut is_image_pivot = vec![false; cols];
    for &p in &image_pivots {
        if kernel_pivots.binary_search(&p).is_err() {
            return Err(inconsistent(s, t, "d∘d ≠ 0: the image of d_s is not in the kernel of d_{s−1}"));
        }
        is_image_pivot[p] = true;
    }

    let new_gens: Vec<FpVector> = kernel_prev
        .basis_vectors()
        .into_iter()
        .zip(kernel_pivots.iter())
        .filter(|(_, &p)| !is_image_pivot[p])
        .map(|(v, _)| v)
        .collect();
    for value in new_gens {
        let terms = if s == 0 {
            Vec::new()
        } else {
            res.modules[s as usize - 1].decode(&res.algebra, t, &value)
        };
        res.modules[s as usize].add_gen(t);
        res.differentials[s as usize].push(Differential { value, terms });
    }
    Ok(())
}

fn inconsistent(s: u32, t: i32, reason: &str) -> ResolutionError {
    ResolutionError::Inconsistent { s, t, stem: t - s as i32, reason: reason.into() }
}
