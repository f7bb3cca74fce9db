//! Ext of the cofiber of a class `x ∈ Ext^{s,t}(M)` (the field's `"cofiber": {"s", "t",
//! "idx"}` module files), as the cohomology of a mapping cone.
//!
//! The field's reading (sseq `ext/src/utils.rs`): the class `x ∈ Ext^{s,t}(M)`, given by
//! its generator `g` of `C_s` in degree `t`, is the map `P(M)_s → Σ^t M` sending `g` to the
//! basis element of `M_0` (`M_0` one-dimensional) and the other generators to 0 — an
//! element of `Ext^{s,t}(M, M)`, the self-map `v1^4` of `C2` for `C2v14.json`; for
//! `M = F_2` the class itself. Lifted through the augmentation it is a chain map
//! `X : P(M)_{s+•} → P(M)_•` ([`lift_self_map`]); the cofiber `C_x` is resolved by its
//! cone `P(M)_σ ⊕ Σ^t P(M)_{σ−s+1}` (for `s ≥ 2` the complex sseq resolves from a Yoneda
//! representative). The resolutions being minimal, `Hom_A(−, F_2)` of each summand has
//! zero differential, and the only differential left on `Hom_A(cone, F_2)` is
//! `y ↦ y∘x` (the composite `y ∘ X_i`; Cartan–Eilenberg, "Homological Algebra" (1956),
//! IV.1; the long exact sequence of a cofibration: J. F. Adams, "Stable homotopy and
//! generalised homology" (1974), III.15):
//!
//! ```text
//! dim Ext^{σ,τ}(C_x) = dim Ext^{σ,τ}(M) − rank(∘x : Ext^{σ−s, τ−t}(M) → Ext^{σ,τ}(M))
//!                    + dim Ext^{σ−s+1, τ−t}(M) − rank(∘x : Ext^{σ−s+1, τ−t}(M) → Ext^{σ+1,τ}(M)).
//! ```

use fp::{Field, MatrixOf, SubspaceOf, Vector};
use steenrod::VectorOf;

use super::module_map::through_augmentation;
use super::yoneda::{checked_dim, ExtOf};
use super::{ChainMap, ChainMapError, LiftModule, LiftTarget};
use crate::products::is_resolved;
use crate::{Bidegree, ExtEntry, Resolution};

/// The nonzero `dim Ext^{σ,τ}(C_x)` for every stem of `source`'s range and `σ < max_s`
/// (the kernel part reads `Ext^{σ+1}(M)`), `x` a class of `Ext(M)` (`M` resolved by
/// `source`); sorted by stem, then `σ`.
///
/// Errors: those of [`lift_self_map`]; [`ChainMapError::OutOfRange`] when the lift does
/// not reach a bidegree the formula reads.
pub fn cofiber_ext<M: LiftModule>(
    source: &Resolution<M>,
    x: &ExtOf<M>,
) -> Result<Vec<ExtEntry>, ChainMapError> {
    let config = source.config();
    let lift = lift_self_map(source, &LiftTarget::new(source), x, config.max_s + 1)?;
    let (s, t) = (x.bidegree.s() as i32, x.bidegree.t());
    let bottom = source.free_module(0).min_degree();
    let mut out = Vec::new();
    for n in bottom..=config.max_stem {
        for sigma in 0..config.max_s {
            let b = Bidegree::n_s(n, sigma);
            let from = |i: i32| product(&lift, source, i, b.t() - t, b.t());
            let (_, in_rank) = from(sigma as i32 - s)?;
            let (top_dim, top_rank) = from(sigma as i32 - s + 1)?;
            let dim = source.number_of_gens(b) - in_rank + top_dim - top_rank;
            if dim > 0 {
                out.push(ExtEntry { bidegree: b, dim });
            }
        }
    }
    Ok(out)
}

/// `(dim Ext^{i,u}(M), rank of ∘x on it)` into `Ext^{i+s, τ}(M)`; `(0, 0)` for `i < 0`
/// or below `M`'s bottom, rank 0 below `M`'s bottom, an error outside the ranges or
/// the lift's.
fn product<M: LiftModule>(
    lift: &ChainMap<'_, M>,
    source: &Resolution<M>,
    i: i32,
    u: i32,
    tau: i32,
) -> Result<(usize, usize), ChainMapError> {
    if i < 0 || u < source.free_module(i as u32).min_degree() {
        return Ok((0, 0));
    }
    let at = Bidegree::s_t(i as u32, u);
    if !is_resolved(source, at) {
        return Err(ChainMapError::OutOfRange {
            what: "a class the cofiber's Ext reads".into(),
            at,
        });
    }
    let dim = source.number_of_gens(at);
    let row = source.free_module(i as u32 + lift.shift().s());
    if dim == 0 || tau < row.min_degree() {
        return Ok((dim, 0));
    }
    let m = lift
        .read(i as u32, tau)
        .ok_or_else(|| ChainMapError::OutOfRange {
            what: "a product by the class of the cofiber".into(),
            at,
        })?;
    let rows = (0..m.rows()).map(|k| m.row_vector(k)).collect();
    Ok((dim, source.prime().span(m.cols(), rows).dim()))
}

/// The chain map `P(M)_{s+•} → P(M)_•` lifting the class `x ∈ Ext^{s,t}(M)` read as a map
/// `P(M)_s → Σ^t M` sending its generator to the basis element of `M_0` (the field's
/// reading, sseq `ext/src/utils.rs`; for `M = F_2` the Yoneda lift of `x`), lifted through
/// the augmentation of `tgt`'s resolution (of `M`) at level 0.
///
/// Errors: [`ChainMapError::OutOfRange`] for `x` outside the range or `M_0` not
/// one-dimensional, [`ChainMapError::WrongLength`], [`ChainMapError::NotInImage`] when
/// the map is not a cocycle.
pub fn lift_self_map<'a, M: LiftModule>(
    source: &'a Resolution<M>,
    tgt: &LiftTarget<'a, M>,
    x: &ExtOf<M>,
    levels: u32,
) -> Result<ChainMap<'a, M>, ChainMapError> {
    let b = x.bidegree;
    let dim = checked_dim(source, b, "the class of the cofiber")?;
    if x.vector.len() != dim {
        return Err(ChainMapError::WrongLength {
            at: b,
            dim,
            given: x.vector.len(),
        });
    }
    let target = tgt.resolution();
    if target.module().dim(0) != 1 {
        return Err(ChainMapError::OutOfRange {
            what: format!(
                "the cofiber's class maps to M_0, of dimension {} (not 1)",
                target.module().dim(0)
            ),
            at: b,
        });
    }
    let row = source.free_module(b.s());
    let first = row.gens_below(b.t());
    let rhs: Vec<VectorOf<M>> = (0..dim)
        .map(|k| {
            let mut v = source.prime().zero_vector(1);
            v.add_basis_element(0, x.vector.entry(k));
            v
        })
        .collect();
    let at_t = through_augmentation(target, 0, &rhs)?;
    let initial = |g: usize, t: i32| {
        let len = super::target::dim(target, Bidegree::s_t(0, t - b.t()), true);
        match g.checked_sub(first) {
            Some(k) if t == b.t() && k < dim => at_t[k].clone(),
            _ => target.prime().zero_vector(len),
        }
    };
    ChainMap::lift(source, tgt, b, &initial, levels)
}
