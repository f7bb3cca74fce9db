//! The map on Ext induced by a map of modules `f : M → N` ([`ModuleMap`]), from its lift
//! to a chain map `F : P(M) → P(N)` of minimal resolutions (the comparison theorem:
//! Cartan–Eilenberg, "Homological Algebra" (1956), V.1).
//!
//! Level 0 lifts `f ∘ ε_M` through the augmentation `ε_N : P(N)_0 → N`: on each generator
//! `g` of `P(M)_0` (of degree `t`), `F_0(g)` is a solution `x ∈ (P(N)_0)_{t + shift}` of
//! `ε_N(x) = f(ε_M(g))` (one row reduction of the matrix of `ε_N` on the whole degree);
//! the higher levels are [`ChainMap::lift`]'s. `Hom_A(F, F_2)` is then the induced map
//! `f* : Ext^{s,t}(N) → Ext^{s,t−shift}(M)`, read off as [`ChainMap::read`].

use fp::{Field, MatrixOf, Vector};
use steenrod::module::{FiniteModule, ModuleAlgebra, ModuleMap};
use steenrod::{Algebra, VectorOf};

use super::{target, ChainMap, ChainMapError, LiftModule, LiftTarget, MatrixOver};
use crate::{Bidegree, Resolution};

/// Lifts `f : M → N` (`M` resolved by `source`, `N` by `tgt`'s resolution, the modules
/// `f` was checked against) to a chain map `P(M) → P(N)`, `levels` levels deep or as far
/// as both ranges allow; at every prime (the algebra `A` of both modules). Its
/// [`ChainMap::read`]`(s, t)` is the matrix of `f* : Ext^{s, t+shift}(N) → Ext^{s,t}(M)`
/// (rows the classes of `N`, columns those of `M`).
///
/// Errors: [`ChainMapError::NotInImage`] when some `f(ε(g))` is not in the image of
/// `ε_N` (`f`'s target is not the module `tgt` resolves).
pub fn lift_module_map<'a, A: ModuleAlgebra>(
    source: &'a Resolution<FiniteModule<A>>,
    tgt: &LiftTarget<'a, FiniteModule<A>>,
    f: &ModuleMap<A>,
    levels: u32,
) -> Result<ChainMap<'a, FiniteModule<A>>, ChainMapError>
where
    FiniteModule<A>: LiftModule<Algebra = A>,
{
    let target = tgt.resolution();
    let shift = f.shift();
    // The degrees level 0 reaches ([`ChainMap::bound`] at level 0).
    let max_t = source
        .config()
        .max_stem
        .min(target.config().max_stem - shift);
    let row = source.free_module(0);
    let mut values = Vec::new();
    for t in row.min_degree()..=max_t {
        let gens = row.gens(t);
        if gens.is_empty() {
            continue;
        }
        let at = Bidegree::s_t(0, t + shift);
        let n_dim = target.module().dim(at.t());
        let rhs: Vec<_> = gens.iter().map(|g| f.apply(t, &g.value, n_dim)).collect();
        values.extend(through_augmentation(target, at.t(), &rhs)?);
    }
    let initial = |g: usize, _t: i32| values[g].clone();
    ChainMap::lift(source, tgt, Bidegree::s_t(0, -shift), &initial, levels)
}

/// Preimages under the augmentation `ε : (C_0)_T → N_T` of `res` (the whole degree `T`)
/// of each of `rhs` (vectors of `N_T`). Errors: [`ChainMapError::NotInImage`].
pub(crate) fn through_augmentation<M: LiftModule>(
    res: &Resolution<M>,
    t: i32,
    rhs: &[VectorOf<M>],
) -> Result<Vec<VectorOf<M>>, ChainMapError> {
    let at = Bidegree::s_t(0, t);
    let m = target::dim(res, at, true);
    if rhs.iter().all(Vector::is_zero) {
        return Ok(rhs.iter().map(|_| res.prime().zero_vector(m)).collect());
    }
    let eps = augmentation(res, t);
    M::solve_rows(&eps, rhs).map_err(|_| ChainMapError::NotInImage { at })
}

/// The matrix of `ε : (C_0)_T → N_T` on the whole degree: one row per basis element
/// `op·h` (`|h| ≤ T`, `op` over the basis of the algebra, the order of
/// [`crate::FreeModule`]), holding `op·ε(h)` by the module's action (with its
/// coefficients at odd p). Shape `dim (C_0)_T × dim N_T`.
fn augmentation<M: LiftModule>(res: &Resolution<M>, t: i32) -> MatrixOver<M> {
    let alg = res.algebra();
    let module = res.module();
    let c0 = res.free_module(0);
    let cols = module.dim(t);
    let mut rows = Vec::new();
    for d in c0.min_degree()..=t {
        for h in c0.gens(d) {
            let op_deg = (t - d) as u32;
            for idx in 0..alg.basis(op_deg).len() {
                let mut row = res.prime().zero_vector(cols);
                for (x, c) in h.value.nonzero_entries() {
                    module.act_on_basis_at(op_deg, idx, d, x, c, &mut row, 0);
                }
                rows.push(row);
            }
        }
    }
    let mut m = res.prime().zero_matrix(rows.len(), cols);
    for (k, row) in rows.iter().enumerate() {
        for (c, e) in row.nonzero_entries() {
            m.set_entry(k, c, e);
        }
    }
    m
}

/// The matrix of `f* : Ext^{s, t+shift}(N) → Ext^{s,t}(M)` at `b = (s, t)` of `M` from
/// `map` ([`lift_module_map`]): rows the classes of `N`, columns those of `M`; `None`
/// outside what the lift reached or the resolved ranges.
pub fn induced<M: LiftModule>(map: &ChainMap<'_, M>, b: Bidegree) -> Option<MatrixOver<M>> {
    map.read(b.s(), b.t())
}
