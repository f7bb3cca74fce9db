//! Step 3–4 of the secondary resolution of the sphere (docs/design/d2.md §2): the
//! homotopies `λ_s` for every `s ≥ 3` and `d2` read off them.

use std::borrow::Cow;

use fp::{FpVector, Matrix};
use rayon::prelude::*;

use super::lift::{composite, intermediate_with, Composite, SecondaryError};
use crate::chain_map::solve;
use crate::{Bidegree, Resolution};

/// The secondary lift of a minimal resolution of the sphere: `λ_s(g)` for each generator
/// `g` of `C_s` (`s ≥ 3`) with stem `≤ max_stem − 1`, a vector of the whole of
/// `(C_{s−2})_{|g|−1}` (generators of degree `≤ |g| − 1`, Milnor-basis blocks).
///
/// `λ_s(g)` solves `d_{s−2} λ_s(g) = I_s(g) + λ_{s−1}(d_s g)` (`λ_2 = 0` for the sphere,
/// `λ_{s−1}` extended A-linearly; [`intermediate`] for `I_s`): the track
/// `d_{s−1}d_s ⇒ 0` of a secondary resolution (Baues–Jibladze, "Secondary derived
/// functors and the Adams spectral sequence", Topology 45 (2006); computed as in Chua,
/// arXiv:2105.07628). Preimages come from `chain_map`'s solver on the whole degree.
/// Computed `s` ascending and `t` ascending; the composites of one `s` and the right sides
/// of one `(s, t)` in parallel (rayon). The split by `s` of the design (all `s` at once
/// for steps 1–2) is not built yet.
pub struct SecondaryLift<'a> {
    res: &'a Resolution,
    /// `lambda[s][g]`, `None` where not computed (`s < 3` or beyond the range).
    lambda: Vec<Vec<Option<FpVector>>>,
}

impl<'a> SecondaryLift<'a> {
    /// Lifts `res`, a resolution of the sphere, over its whole range.
    ///
    /// Errors: [`SecondaryError::NotSphere`] for any other module;
    /// [`SecondaryError::NoLift`] when a right side is not in the image of `d` (a wrong
    /// secondary structure — this is the computation's own consistency check).
    pub fn sphere(res: &'a Resolution) -> Result<Self, SecondaryError> {
        let module = res.module();
        if module.min_degree() != 0 || module.total_dim() != 1 {
            return Err(SecondaryError::NotSphere {
                module: module.name().to_string(),
            });
        }
        let config = res.config();
        let mut lift = SecondaryLift {
            res,
            lambda: Vec::new(),
        };
        for s in 0..=config.max_s {
            let mut row = Vec::new();
            if s >= 3 {
                let c = res.free_module(s);
                let below = res.free_module(s - 2);
                let in_range = |t: i32| {
                    t - (s as i32) < config.max_stem && c.is_complete(t) && below.is_complete(t - 1)
                };
                let mut top = c.min_degree();
                while in_range(top) {
                    top += 1;
                }
                // c_{s−1} on every generator of C_{s−1} of degree < top, once.
                let mid = res.free_module(s - 1);
                let n_mid = if top > c.min_degree() {
                    mid.gens_below(top - 1)
                } else {
                    0
                };
                let composites: Vec<Composite> = (0..n_mid)
                    .into_par_iter()
                    .map(|g1| composite(res, s - 1, g1))
                    .collect::<Result<_, _>>()?;
                for t in c.min_degree()..top {
                    let first = c.gens_below(t);
                    let gens: Vec<usize> = (first..first + c.gens_in_degree(t)).collect();
                    let rhs = gens
                        .par_iter()
                        .map(|&g| lift.right_side(s, g, &composites))
                        .collect::<Result<Vec<_>, _>>()?;
                    let at = Bidegree::s_t(s - 2, t - 1);
                    let sol =
                        solve(res, at, &rhs, None, None).map_err(|j| SecondaryError::NoLift {
                            at: Bidegree::s_t(s, t),
                            gen: gens[j],
                        })?;
                    row.resize(first, None);
                    row.extend(sol.preimages.into_iter().map(Some));
                }
            }
            lift.lambda.push(row);
        }
        Ok(lift)
    }

    /// `I_s(g) + λ_{s−1}(d_s g)` over the old part of `(C_{s−3})_{t−1}`.
    fn right_side(
        &self,
        s: u32,
        g: usize,
        composites: &[Composite],
    ) -> Result<FpVector, SecondaryError> {
        let res = self.res;
        let mut v = intermediate_with(res, s, g, |g1| Ok(Cow::Borrowed(&composites[g1])))?;
        if s < 4 {
            return Ok(v);
        }
        let alg = res.algebra();
        let (t, dg) = res.free_module(s).differential(g);
        let bottom = res.free_module(s - 3);
        let dst = bottom.offsets(alg, t - 1, bottom.gens_below(t - 1));
        for term in &dg.terms {
            let g1 = term.gen as usize;
            let (t1, _) = res.free_module(s - 1).differential(g1);
            let lam = self.lambda[(s - 1) as usize]
                .get(g1)
                .and_then(Option::as_ref)
                .ok_or(SecondaryError::OutOfRange {
                    at: Bidegree::s_t(s - 1, t1),
                })?;
            let n1 = bottom.gens_below(t1);
            let src = bottom.offsets(alg, t1 - 1, n1);
            let degrees = bottom.gen_degrees(n1);
            for (g3, &d3) in degrees.iter().enumerate() {
                let basis = alg.basis((t1 - 1 - d3) as u32);
                for bit in src[g3]..src[g3 + 1] {
                    if lam.get(bit) {
                        alg.multiply_basis(&term.op, &basis[bit - src[g3]], |i| {
                            v.flip(dst[g3] + i)
                        });
                    }
                }
            }
        }
        Ok(v)
    }

    /// `d2: E2^{s,t} → E2^{s+2,t+1}` at `source = (s, t)` in the dual-generator bases:
    /// `dim Ext^{s,t}` rows, `dim Ext^{s+2,t+1}` columns; row `k` is `d2` of the `k`-th
    /// class. `None` when the target's homotopies were not computed (outside the range).
    pub fn d2(&self, source: Bidegree) -> Option<Matrix> {
        let (s, t) = (source.s(), source.t());
        let res = self.res;
        let lambdas = self.lambda.get((s + 2) as usize)?;
        let c = res.free_module(s);
        let up = res.free_module(s + 2);
        if !c.is_complete(t) || !up.is_complete(t + 1) {
            return None;
        }
        let n_source = c.gens_in_degree(t);
        let first_up = up.gens_below(t + 1);
        let n_target = up.gens_in_degree(t + 1);
        let old = *c
            .offsets(res.algebra(), t, c.gens_below(t))
            .last()
            .expect("offsets end with the total");
        let mut m = Matrix::new(n_source, n_target);
        for col in 0..n_target {
            let lam = lambdas.get(first_up + col).and_then(Option::as_ref)?;
            for k in 0..n_source {
                if lam.get(old + k) {
                    m.set(k, col, true);
                }
            }
        }
        Some(m)
    }
}
