//! The resolution chain maps and null-homotopies land in ([`LiftTarget`]), and the
//! preimages under its differentials that lifting needs ([`solve`]).
//!
//! The run keeps (and a save directory stores) quasi-inverses of `d_s` on the *old part*
//! of `(C_s)_t` only (classical steps), or one per signature (Nassau's steps): neither
//! reaches the new generators of degree `t`, whose coefficients are exactly what a
//! product reads. So preimages are found here from the differential matrix of the whole
//! of `(C_i)_T` — generators of degree `≤ T` — built by the run's product builder: one
//! row reduction of `[Mᵀ | v_1 … v_k]` per target degree for the `k` generators lifted
//! into it. (A quasi-inverse of `M` kept for every later lift, the RREF of `[M | I]`,
//! was measured slower for one class: docs/EXPERIMENTS.md, 2026-11-30, products.)

use fp::{FpVector, Matrix};

use crate::backend::ProductBatch;
use crate::cpu_backend::build_rows;
use crate::free_module::Differential;
use crate::workers::SchedulerWorkers;
use crate::{Bidegree, Resolution};

/// The resolution maps are lifted into: `P(N)`, with `d_i : (C_i)_T → (C_{i−1})_T`
/// (`i ≥ 1`) on the whole of `(C_i)_T` (basis: generators of degree `≤ T`, Milnor basis
/// blocks in generator order) into the old part of `(C_{i−1})_T` (generators of degree
/// `< T`, where a minimal resolution's image lies).
pub struct LiftTarget<'a> {
    res: &'a Resolution,
}

impl<'a> LiftTarget<'a> {
    /// Lifts into `res`.
    pub fn new(res: &'a Resolution) -> Self {
        LiftTarget { res }
    }

    /// The resolution.
    pub fn resolution(&self) -> &'a Resolution {
        self.res
    }
}

/// The matrix of `d_i` on the whole of `(C_i)_T` (rows `Sq(R)·g`, `|g| ≤ T`, in the
/// basis order of [`crate::FreeModule`]) into the old part of `(C_{i−1})_T`.
fn matrix(res: &Resolution, b: Bidegree) -> Matrix {
    let (i, t) = (b.s(), b.t());
    let alg = res.algebra();
    let source = res.free_module(i);
    let target = res.free_module(i - 1);
    let mut gens: Vec<&Differential> = Vec::new();
    let mut rows = Vec::new();
    for d in source.min_degree()..=t {
        for dg in source.gens(d) {
            let g = gens.len() as u32;
            gens.push(dg);
            rows.extend(alg.basis((t - d) as u32).iter().map(|r| (g, *r)));
        }
    }
    let offsets = target.offsets(alg, t, target.gens_below(t));
    let batch = ProductBatch::new(alg, &gens, rows, &offsets);
    let mut m = Matrix::new(batch.rows.len(), batch.cols());
    build_rows(&batch, &mut m, &SchedulerWorkers);
    m
}

/// Preimages under `d_i` at `b = (i, T)` of each of `rhs` (vectors of the whole of
/// `(C_{i−1})_T`), by one row reduction of `[Mᵀ | rhs]` — the system `x·M = v` for a few
/// right sides, without the quasi-inverse's identity block. `Err(j)`: `rhs[j]` is not in
/// the image (or has a component on generators of degree `T`).
pub(crate) fn solve(
    res: &Resolution,
    b: Bidegree,
    rhs: &[FpVector],
) -> Result<Vec<FpVector>, usize> {
    let below = b.below().expect("i ≥ 1");
    let old = dim(res, below, false);
    let m = dim(res, b, true);
    if let Some(j) = rhs.iter().position(|v| v.iter_ones().any(|k| k >= old)) {
        return Err(j);
    }
    if old == 0 || rhs.iter().all(FpVector::is_zero) {
        return Ok(rhs.iter().map(|_| FpVector::new(m)).collect());
    }
    solve_against(&matrix(res, b), old, m, rhs)
}

/// Solutions `x` of `x·d = v` for each `v` of `rhs`, `d` an `m × old` matrix (rows the
/// source basis, columns the target's): one row reduction of `[dᵀ | rhs]`. `Err(j)`:
/// `rhs[j]` is not in the row space of `d`.
pub(crate) fn solve_against(
    d: &Matrix,
    old: usize,
    m: usize,
    rhs: &[FpVector],
) -> Result<Vec<FpVector>, usize> {
    // dᵀ by words (old × m), copied into the left block of [dᵀ | rhs].
    let dt = d.transpose();
    let k = rhs.len();
    let mut a = Matrix::new(old, m + k);
    for r in 0..dt.rows() {
        a.row_mut(r)[..dt.stride()].copy_from_slice(dt.row(r));
    }
    for (j, v) in rhs.iter().enumerate() {
        for c in v.iter_ones() {
            a.set(c, m + j, true);
        }
    }
    let pivots = a.row_reduce();
    let mut out = vec![FpVector::new(m); k];
    for (r, &p) in pivots.iter().enumerate() {
        if p >= m {
            return Err(p - m);
        }
        for (j, x) in out.iter_mut().enumerate() {
            if a.get(r, m + j) {
                x.set(p, true);
            }
        }
    }
    Ok(out)
}

/// The dimension of `(C_i)_T` in the basis of generators of degree `≤ T` (`full`) or
/// `< T` (not `full`); 0 below the module's bottom.
pub(crate) fn dim(res: &Resolution, b: Bidegree, full: bool) -> usize {
    let c = res.free_module(b.s());
    if b.t() < c.min_degree() {
        return 0;
    }
    let n = c.gens_below(b.t()) + if full { c.gens_in_degree(b.t()) } else { 0 };
    *c.offsets(res.algebra(), b.t(), n)
        .last()
        .expect("offsets end with the total")
}
