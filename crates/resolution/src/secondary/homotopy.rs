//! Steps 3–4 of the secondary resolution of a module (docs/design/d2.md §2): the
//! homotopies `λ_s` for every `s ≥ 3` and `d2` read off them.

use fp::{FpVector, Matrix};

use super::driver::{lift_filtration, lift_split, Lambdas};
use super::lift::SecondaryError;
use crate::{Bidegree, Resolution};

/// The secondary lift of a minimal resolution of a module `M` over `A` at p = 2 (the
/// sphere, a finite module, a shift): `λ_s(g)` for each generator
/// `g` of `C_s` (`s ≥ 3`) with stem `≤ max_stem − 1`, a vector of the whole of
/// `(C_{s−2})_{|g|−1}` (generators of degree `≤ |g| − 1`, Milnor-basis blocks).
///
/// `λ_s(g)` solves `d_{s−2} λ_s(g) = I_s(g) + λ_{s−1}(d_s g)` (`λ_2 = 0`, `λ_{s−1}`
/// extended A-linearly; [`super::intermediate`] for `I_s`): the track
/// `d_{s−1}d_s ⇒ 0` of a secondary resolution (Baues–Jibladze, "Secondary derived
/// functors and the Adams spectral sequence", Topology 45 (2006); computed as in Chua,
/// arXiv:2105.07628). Preimages come from `chain_map`'s solver on the whole degree.
///
/// The module's secondary structure is the one with `λ_2 = 0` (`M` a module over the
/// secondary Steenrod algebra concentrated in `B_0`-degree 0, as for the sphere): it
/// exists exactly when every `I_3(g)` maps to zero in `M`, i.e. lies in the image of
/// `d_1`, which the solve at `s = 3` checks ([`SecondaryError::Obstructed`] otherwise);
/// for `s ≥ 4` exactness of the resolution makes every right side a boundary.
/// [`SecondaryLift::new`] splits the work by `s` (`super::driver::lift_split`);
/// [`SecondaryLift::serial`] runs `s` in order through the per-`s` entry point
/// [`super::lift_filtration`]; both give the same `λ`.
pub struct SecondaryLift<'a> {
    res: &'a Resolution,
    /// `lambda[s][g]`, `None` where not computed (`s < 3` or beyond the range).
    lambda: Vec<Lambdas>,
}

/// The check of every constructor: a resolution over the whole of `A`.
pub(crate) fn check_over_a(res: &Resolution) -> Result<(), SecondaryError> {
    let module = res.module();
    if module.profile().is_some() {
        return Err(SecondaryError::SubAlgebra {
            module: module.name().to_string(),
        });
    }
    Ok(())
}

impl<'a> SecondaryLift<'a> {
    /// Lifts `res`, a resolution of a module over `A`, over its whole range: steps 1–2
    /// of all `s` in parallel, then step 3 swept over `t` (docs/design/d2.md §3).
    ///
    /// Errors: [`SecondaryError::SubAlgebra`] for a resolution over a sub-Hopf algebra;
    /// [`SecondaryError::Obstructed`] when the module has no secondary structure with
    /// `λ_2 = 0` (named at the first `(3, t)` where a right side is not in the image of
    /// `d_1`); [`SecondaryError::NoLift`] when a right side at `s ≥ 4` is not in the
    /// image of `d` (the computation's own consistency check).
    pub fn new(res: &'a Resolution) -> Result<Self, SecondaryError> {
        Self::resumed(res, Vec::new(), |_, _| Ok::<(), SecondaryError>(()))
    }

    /// [`SecondaryLift::new`] starting from `known` (`λ` by `s`, by generator, e.g.
    /// loaded from a save directory: kept as given, only the rest computed); `done` is
    /// called with each `(s, t)` computed and its values (to save them).
    pub fn resumed<E: From<SecondaryError>>(
        res: &'a Resolution,
        known: Vec<Lambdas>,
        done: impl FnMut(Bidegree, &[FpVector]) -> Result<(), E>,
    ) -> Result<Self, E> {
        check_over_a(res)?;
        let lambda = lift_split(res, known, done)?;
        Ok(SecondaryLift { res, lambda })
    }

    /// The same lift, `s` in order through [`super::lift_filtration`] (the reference the
    /// split driver is tested against).
    pub fn serial(res: &'a Resolution) -> Result<Self, SecondaryError> {
        check_over_a(res)?;
        let mut lambda: Vec<Lambdas> = vec![Vec::new(); 3.min(res.config().max_s as usize + 1)];
        for s in 3..=res.config().max_s {
            let row = lift_filtration(res, s, &lambda[(s - 1) as usize], Vec::new())?;
            lambda.push(row);
        }
        Ok(SecondaryLift { res, lambda })
    }

    /// `λ_s` to change, for the tests of the self-checks.
    #[cfg(test)]
    pub(crate) fn lambda_mut(&mut self, s: u32) -> &mut [Option<FpVector>] {
        &mut self.lambda[s as usize]
    }

    /// The resolution lifted.
    pub fn resolution(&self) -> &'a Resolution {
        self.res
    }

    /// `λ_s` by generator of `C_s` (`None`: not computed); empty for `s < 3` or above the
    /// range.
    pub fn lambda(&self, s: u32) -> &[Option<FpVector>] {
        self.lambda.get(s as usize).map_or(&[], Vec::as_slice)
    }

    /// `d2: E2^{s,t} → E2^{s+2,t+1}` at `source = (s, t)` in the dual-generator bases:
    /// `dim Ext^{s,t}` rows, `dim Ext^{s+2,t+1}` columns; row `k` is `d2` of the `k`-th
    /// class. `None` when the target's homotopies were not computed (outside the range).
    /// On `Ext^0` it is zero (`λ_2 = 0`).
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
        if s == 0 {
            // λ_2 = 0: d2 vanishes on Ext^0 wherever its target is in the
            // range of λ (stem ≤ max_stem − 1).
            let in_range = t + 1 < super::driver::top_degree(res, 2);
            return in_range.then_some(m);
        }
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
