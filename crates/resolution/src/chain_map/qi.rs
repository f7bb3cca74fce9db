//! Quasi-inverses of a resolution's differentials on whole degrees, for lifting chain
//! maps and null-homotopies ([`super`]).
//!
//! The run keeps (and a save directory stores) quasi-inverses of `d_s` on the *old part*
//! of `(C_s)_t` only (classical steps), or one per signature (Nassau's steps): neither
//! reaches the new generators of degree `t`, whose coefficients are exactly what a
//! product reads. So these are computed here from the differential matrix of the whole
//! of `(C_i)_T` — generators of degree `≤ T` — built by the run's product builder, on
//! first use, and kept for every later map into the same resolution.

use std::sync::OnceLock;

use fp::{FpVector, Matrix, QuasiInverse};
use rayon::prelude::*;

use crate::backend::ProductBatch;
use crate::cpu_backend::build_rows;
use crate::free_module::Differential;
use crate::workers::SchedulerWorkers;
use crate::{Bidegree, Resolution};

/// The quasi-inverses of `d_i : (C_i)_T → (C_{i−1})_T` (`i ≥ 1`) of one resolution, on
/// the whole of `(C_i)_T` (basis: generators of degree `≤ T`, Milnor basis blocks in
/// generator order) into the old part of `(C_{i−1})_T` (generators of degree `< T`,
/// where a minimal resolution's image lies), computed on first use.
pub struct QuasiInverses<'a> {
    res: &'a Resolution,
    /// `cells[i][T − min degree of C_i]`.
    cells: Vec<Vec<OnceLock<QuasiInverse>>>,
}

impl<'a> QuasiInverses<'a> {
    /// An empty cache for `res` (nothing is computed until asked for).
    pub fn new(res: &'a Resolution) -> Self {
        let config = res.config();
        let cells = (0..=config.max_s)
            .map(|i| {
                let c = res.free_module(i);
                let top = config.max_stem + i as i32;
                (c.min_degree()..=top).map(|_| OnceLock::new()).collect()
            })
            .collect();
        QuasiInverses { res, cells }
    }

    /// The resolution these invert.
    pub fn resolution(&self) -> &'a Resolution {
        self.res
    }

    /// Whether `(C_i)_T` and the old part of `(C_{i−1})_T` lie in the resolved range, so
    /// that the quasi-inverse at `b = (i, T)` exists (`i ≥ 1`).
    pub fn covers(&self, b: Bidegree) -> bool {
        b.s() >= 1 && crate::products::is_resolved(self.res, b)
    }

    /// The quasi-inverse of `d_i` at `b = (i, T)`, computed now if not yet. Panics
    /// outside [`QuasiInverses::covers`] (a caller's range bug).
    pub fn get(&self, b: Bidegree) -> &QuasiInverse {
        assert!(
            self.covers(b),
            "no quasi-inverse of d at {b}: outside the range"
        );
        let c = self.res.free_module(b.s());
        self.cells[b.s() as usize][(b.t() - c.min_degree()) as usize]
            .get_or_init(|| compute(self.res, b))
    }

    /// Computes the quasi-inverses at every bidegree of `at` (inside the range) not yet
    /// known, in parallel.
    pub fn prepare(&self, at: &[Bidegree]) {
        at.par_iter().filter(|b| self.covers(**b)).for_each(|b| {
            self.get(*b);
        });
    }
}

/// The matrix of `d_i` on the whole of `(C_i)_T` (rows `Sq(R)·g`, `|g| ≤ T`, in the
/// basis order of [`crate::FreeModule`]) into the old part of `(C_{i−1})_T`, reduced to
/// its quasi-inverse ([`fp::kernel_image`]: the RREF of `[M | I]`).
fn compute(res: &Resolution, b: Bidegree) -> QuasiInverse {
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
    fp::kernel_image(&m).quasi_inverse
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

/// A preimage of `v` (in the whole of `(C_{i−1})_T`) under `d_i` at `b = (i, T)`: `None`
/// when `v` has a component on generators of degree `T` or lies outside the image.
pub(crate) fn preimage(qis: &QuasiInverses<'_>, b: Bidegree, v: &FpVector) -> Option<FpVector> {
    let res = qis.resolution();
    let below = b.below().expect("i ≥ 1");
    let old = dim(res, below, false);
    if v.iter_ones().any(|k| k >= old) {
        return None;
    }
    if old == 0 {
        return Some(FpVector::new(dim(res, b, true)));
    }
    qis.get(b).apply(&v.slice(0, old))
}
