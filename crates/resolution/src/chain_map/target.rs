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
//! was measured slower for one class: docs/EXPERIMENTS.md, 2026-11-30, products.) Where
//! the level below was reduced at the same degree, only the equations at its free
//! coordinates are reduced ([`solve_on_free`]: about half the rows, the same preimages).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use fp::{FpVector, Matrix};
use steenrod::module::FiniteModule;

use super::LiftModule;
use crate::backend::ProductBatch;
use crate::cpu_backend::build_rows;
use crate::free_module::Differential;
use crate::workers::SchedulerWorkers;
use crate::{Bidegree, Resolution};

/// The resolution maps are lifted into: `P(N)`, with `d_i : (C_i)_T → (C_{i−1})_T`
/// (`i ≥ 1`) on the whole of `(C_i)_T` (basis: generators of degree `≤ T`, Milnor basis
/// blocks in generator order) into the old part of `(C_{i−1})_T` (generators of degree
/// `< T`, where a minimal resolution's image lies); and what the reductions made at each
/// target degree `(j, T)` left for later maps lifted into it ([`LiftModule::Known`]: the
/// pivots at p = 2, the quasi-inverse at odd p).
pub struct LiftTarget<'a, M: LiftModule = FiniteModule> {
    res: &'a Resolution<M>,
    known: Mutex<Known<M>>,
}

/// What the reductions left, by target degree `(j, T)`.
type Known<M> = HashMap<(u32, i32), Arc<<M as LiftModule>::Known>>;

impl<'a, M: LiftModule> LiftTarget<'a, M> {
    /// Lifts into `res`.
    pub fn new(res: &'a Resolution<M>) -> Self {
        LiftTarget {
            res,
            known: Mutex::new(HashMap::new()),
        }
    }

    /// What a reduction made at `b` left, if any map lifted into it has reduced there.
    pub(crate) fn known_at(&self, b: Bidegree) -> Option<Arc<M::Known>> {
        let known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        known.get(&(b.s(), b.t())).cloned()
    }

    /// Records what a reduction at `b` left (the first record stays).
    pub(crate) fn keep(&self, b: Bidegree, what: M::Known) {
        let mut known = self.known.lock().unwrap_or_else(|e| e.into_inner());
        known
            .entry((b.s(), b.t()))
            .or_insert_with(|| Arc::new(what));
    }

    /// The resolution.
    pub fn resolution(&self) -> &'a Resolution<M> {
        self.res
    }
}

/// The matrix of `d_i` on the whole of `(C_i)_T` (rows `Sq(R)·g`, `|g| ≤ T`, in the
/// basis order of [`crate::FreeModule`]) into the old part of `(C_{i−1})_T`.
fn matrix(res: &Resolution, b: Bidegree) -> Matrix {
    matrix_rows(res, b, None)
}

/// [`matrix`], or only its rows `only` (ascending indices) when given.
fn matrix_rows(res: &Resolution, b: Bidegree, only: Option<&[u32]>) -> Matrix {
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
    if let Some(only) = only {
        rows = only.iter().map(|&r| rows[r as usize]).collect();
    }
    let offsets = target.offsets(alg, t, target.gens_below(t));
    let batch = ProductBatch::new(alg, &gens, rows, &offsets);
    let mut m = Matrix::new(batch.rows.len(), batch.cols());
    build_rows(&batch, &mut m, &SchedulerWorkers);
    m
}

/// Preimages under `d_i` at `b = (i, T)` of each of `rhs` (vectors of the whole of
/// `(C_{i−1})_T`), by one row reduction of `[Mᵀ | rhs]` — the system `x·M = v` for a few
/// right sides, without the quasi-inverse's identity block. With `below`, the pivots of
/// the reduction at `(i − 1, T)` ([`Solved::pivots`]), only the equations at the other
/// coordinates are reduced ([`solve_on_free`]); the preimages are the same. `Err(j)`:
/// `rhs[j]` is not in the image (or has a component on generators of degree `T`).
pub(crate) fn solve(
    res: &Resolution,
    b: Bidegree,
    rhs: &[FpVector],
    below: Option<&[u32]>,
    own: Option<&[u32]>,
) -> Result<Solved, usize> {
    let below_b = b.below().expect("i ≥ 1");
    let old = dim(res, below_b, false);
    let m = dim(res, b, true);
    if let Some(j) = rhs.iter().position(|v| v.iter_ones().any(|k| k >= old)) {
        return Err(j);
    }
    if old == 0 {
        let preimages = rhs.iter().map(|_| FpVector::new(m)).collect();
        return Ok(Solved {
            preimages,
            pivots: Some(Vec::new()),
        });
    }
    if rhs.iter().all(FpVector::is_zero) {
        let preimages = rhs.iter().map(|_| FpVector::new(m)).collect();
        return Ok(Solved {
            preimages,
            pivots: None,
        });
    }
    if let (Some(pivots), Some(own)) = (below, own) {
        // The preimages live on the pivots `own` of this degree: only those rows of M.
        let whole = dim(res, below_b, true);
        let d = matrix_rows(res, b, Some(own));
        if let Some(solved) = solve_on_free(&d, old, whole, pivots, rhs) {
            let mut solved = solved?;
            for x in &mut solved.preimages {
                *x = FpVector::from_ones(
                    m,
                    &x.iter_ones().map(|p| own[p] as usize).collect::<Vec<_>>(),
                );
            }
            solved.pivots = Some(own.to_vec());
            return Ok(solved);
        }
    }
    let d = matrix(res, b);
    if let Some(pivots) = below {
        let whole = dim(res, below_b, true);
        if let Some(solved) = solve_on_free(&d, old, whole, pivots, rhs) {
            return solved;
        }
    }
    let (preimages, pivots) = reduce(&d, old, m, rhs)?;
    Ok(Solved {
        preimages,
        pivots: Some(pivots),
    })
}

/// What [`solve`] found at `(i, T)`: the preimages, and (p = 2) the pivot columns of the
/// reduction of `Mᵀ` (basis elements of the whole of `(C_i)_T`, ascending) when it
/// reduced one — the complement of these is where the kernel of `d_i`, hence the image
/// of `d_{i+1}`, projects isomorphically ([`solve_on_free`] at `(i + 1, T)`).
pub struct Solved<V = FpVector> {
    pub(crate) preimages: Vec<V>,
    pub(crate) pivots: Option<Vec<u32>>,
}

/// [`solve`] on the free coordinates only. `d` is `M` (rows the `m` basis elements of
/// `(C_i)_T`, columns the `old` ones of `(C_{i−1})_T` below degree `T`); `pivots` those of
/// the reduction of `M_{i−1}ᵀ` at `(i − 1, T)` among the `whole` basis elements of
/// `(C_{i−1})_T`. The kernel of `d_{i−1}` projects isomorphically onto the other
/// coordinates `F` (a kernel vector is fixed by its free variables), and `im d_i ⊆
/// ker d_{i−1}`; so when `M_F` (the columns `F` of `M`) has rank `|F|`, `im d_i =
/// ker d_{i−1}` projects isomorphically onto `F`, the rows of `M` and of `M_F` have the
/// same linear relations, and `[M_Fᵀ | v_F]` has the pivots of `[Mᵀ | v]` in its left block
/// and the same reduced solutions `x` (supported on those pivots). Each `x` is checked
/// against the whole `v` (`x·M = v`), which fails exactly when `v` is not in the image.
/// `None` when the shortcut does not apply (`F` reaches the new generators, or `M_F` has
/// rank below `|F|`): the caller reduces the whole system.
fn solve_on_free(
    d: &Matrix,
    old: usize,
    whole: usize,
    pivots: &[u32],
    rhs: &[FpVector],
) -> Option<Result<Solved, usize>> {
    let mut is_pivot = vec![false; whole];
    for &p in pivots {
        *is_pivot.get_mut(p as usize)? = true;
    }
    let free: Vec<usize> = (0..whole).filter(|&c| !is_pivot[c]).collect();
    if free.last().is_some_and(|&c| c >= old) {
        return None;
    }
    let m = d.rows();
    let k = rhs.len();
    let dt = d.transpose();
    let mut a = Matrix::new(free.len(), m + k);
    let mut row_of = vec![usize::MAX; old];
    for (r, &c) in free.iter().enumerate() {
        row_of[c] = r;
        a.row_mut(r)[..dt.stride()].copy_from_slice(dt.row(c));
    }
    for (j, v) in rhs.iter().enumerate() {
        for c in v.iter_ones().filter(|&c| row_of[c] != usize::MAX) {
            a.set(row_of[c], m + j, true);
        }
    }
    let found = a.row_reduce();
    if found.len() != free.len() || found.last().is_some_and(|&p| p >= m) {
        return None;
    }
    let preimages = read_solutions(&a, &found, m, k);
    for (j, (x, v)) in preimages.iter().zip(rhs).enumerate() {
        let mut image = FpVector::new(old);
        let limbs = image.limbs().len();
        for p in x.iter_ones() {
            image.add_limbs(&d.row(p)[..limbs]);
        }
        if image != v.slice(0, old) {
            return Some(Err(j));
        }
    }
    Some(Ok(Solved {
        preimages,
        pivots: Some(found.iter().map(|&p| p as u32).collect()),
    }))
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
    reduce(d, old, m, rhs).map(|(x, _)| x)
}

/// [`solve_against`], with the pivot columns of the reduction (those in the `dᵀ` block).
fn reduce(
    d: &Matrix,
    old: usize,
    m: usize,
    rhs: &[FpVector],
) -> Result<(Vec<FpVector>, Vec<u32>), usize> {
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
    if let Some(&p) = pivots.iter().find(|&&p| p >= m) {
        return Err(p - m);
    }
    let x = read_solutions(&a, &pivots, m, k);
    Ok((x, pivots.iter().map(|&p| p as u32).collect()))
}

/// The solutions in a reduced `[dᵀ | rhs]` (`m` columns of `dᵀ`, `k` right sides) whose
/// `pivots` all lie in the `dᵀ` block: `x_j` has a one at pivot `p` of row `r` where row
/// `r` has a one in column `m + j`.
fn read_solutions(a: &Matrix, pivots: &[usize], m: usize, k: usize) -> Vec<FpVector> {
    let mut out = vec![FpVector::new(m); k];
    for (r, &p) in pivots.iter().enumerate() {
        for (j, x) in out.iter_mut().enumerate() {
            if a.get(r, m + j) {
                x.set(p, true);
            }
        }
    }
    out
}

/// The dimension of `(C_i)_T` in the basis of generators of degree `≤ T` (`full`) or
/// `< T` (not `full`); 0 below the module's bottom.
pub(crate) fn dim<M: steenrod::Module>(res: &Resolution<M>, b: Bidegree, full: bool) -> usize {
    let c = res.free_module(b.s());
    if b.t() < c.min_degree() {
        return 0;
    }
    let n = c.gens_below(b.t()) + if full { c.gens_in_degree(b.t()) } else { 0 };
    *c.offsets(res.algebra(), b.t(), n)
        .last()
        .expect("offsets end with the total")
}

#[cfg(test)]
#[path = "target_tests.rs"]
mod tests;
