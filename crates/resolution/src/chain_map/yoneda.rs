//! Yoneda products by any class, from chain maps ([`super::ChainMap`]).
//!
//! `Ext^{s,t}(M)` has the basis dual to the generators of `C_s(M)` in degree `t` (a
//! minimal resolution). A class `y ∈ Ext^{s0,t0}(M)` lifts to a chain map
//! `Y : P(M)_{s0+•} → P(F_2)_•` with `Y_0(g) = y(g)·ι` (`ι` the generator of `P_0 = A`);
//! for `x ∈ Ext^{s,t}(F_2)`, the composite `x ∘ Y_s` is the cocycle of the Yoneda product
//! `x · y ∈ Ext^{s+s0, t+t0}(M)`, read off as the coefficient of the generator dual to
//! `x` in `Y_s(g')` (Bruner 1989, §2; McCleary, "User's Guide", 2nd ed., §9.1). One
//! lift of `y` gives `x · y` for *every* `x` in range at once.
//!
//! For the sphere (`M = F_2`) the product is commutative, so multiplication by one class
//! `x` on the whole range is one lift of `x`; for another module, `x · y` for every `y` of
//! `Ext(M)` needs one lift per basis class `y` (each only `s(x)` levels deep).

use fp::{Field, FpVector, MatrixOf, Vector};
use steenrod::{Module, VectorOf};

use super::{ChainMap, ChainMapError, LiftModule, LiftTarget, MatrixOver};
use crate::{Bidegree, Resolution};

/// An element of `Ext^{s,t}(M)`: a bidegree and coordinates in its basis (the duals of
/// the generators of `C_s` in degree `t`, in creation order), over F_2 (`FpVector`) or
/// F_p (`FqVector`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtElement<V: Vector = FpVector> {
    /// Where it lives.
    pub bidegree: Bidegree,
    /// Its coordinates, length `dim Ext^{s,t}`, entries in `0..p`.
    pub vector: V,
}

/// The element type of a module's Ext.
pub type ExtOf<M> = ExtElement<VectorOf<M>>;

impl<V: Vector> ExtElement<V> {
    /// The `index`-th basis class at `bidegree` of `res`. Errors: outside the resolved
    /// range ([`ChainMapError::OutOfRange`]), or `index ≥ dim`
    /// ([`ChainMapError::NoSuchClass`]).
    pub fn basis<M>(
        res: &Resolution<M>,
        bidegree: Bidegree,
        index: usize,
    ) -> Result<Self, ChainMapError>
    where
        M: Module<Algebra: steenrod::Algebra<Field: Field<Vector = V>>>,
    {
        let dim = checked_dim(res, bidegree, "a class")?;
        if index >= dim {
            return Err(ChainMapError::NoSuchClass {
                index,
                dim,
                at: bidegree,
            });
        }
        let mut vector = res.prime().zero_vector(dim);
        vector.add_basis_element(index, 1);
        Ok(ExtElement { bidegree, vector })
    }

    /// Whether it is zero.
    pub fn is_zero(&self) -> bool {
        self.vector.is_zero()
    }
}

/// `dim Ext` at `b`, or an error naming `what` when `b` was not resolved.
pub(crate) fn checked_dim<M: Module>(
    res: &Resolution<M>,
    b: Bidegree,
    what: &str,
) -> Result<usize, ChainMapError> {
    if !crate::products::is_resolved(res, b) {
        return Err(ChainMapError::OutOfRange {
            what: what.into(),
            at: b,
        });
    }
    Ok(res.number_of_gens(b))
}

/// Checks that `tgt` resolves `F_p`: the module is one class, in degree 0 (through the
/// resolved range).
fn check_sphere<M: LiftModule>(tgt: &LiftTarget<'_, M>) -> Result<(), ChainMapError> {
    let res = tgt.resolution();
    let m = res.module();
    let top = res.config().max_stem.min(m.max_degree());
    let dims: usize = (m.min_degree()..=top.max(m.min_degree()))
        .map(|t| m.dim(t))
        .sum();
    if m.min_degree() != 0 || dims != 1 {
        return Err(ChainMapError::TargetNotSphere);
    }
    Ok(())
}

/// Lifts `y ∈ Ext^{s0,t0}(M)` (`M` resolved by `source`) to the chain map
/// `Y : P(M)_{s0+•} → P(F_2)_•` into the resolution of `tgt` (the sphere), `levels` levels
/// deep (or as far as the ranges allow). Its [`ChainMap::read`] at `(s, t + t0)` is the
/// matrix of `x ↦ x · y` on `Ext^{s,t}(F_2)` (rows `x`, columns the basis of
/// `Ext^{s+s0, t+t0}(M)`).
///
/// Errors: [`ChainMapError::TargetNotSphere`], [`ChainMapError::WrongLength`],
/// [`ChainMapError::OutOfRange`] for `y` outside the source's range.
pub fn lift_class<'a, M: LiftModule>(
    source: &'a Resolution<M>,
    tgt: &LiftTarget<'a, M>,
    y: &ExtOf<M>,
    levels: u32,
) -> Result<ChainMap<'a, M>, ChainMapError> {
    let mut maps = lift_classes(source, tgt, &[(y, levels)])?;
    Ok(maps.pop().expect("one class in, one map out"))
}

/// [`lift_class`] for several classes `(y, levels)` of `Ext(M)` at once: level `i` of all
/// of them is lifted together, one row reduction per target degree `(i, T)` shared by
/// every map that reaches it (`super::joint`); each map is the one [`lift_class`] gives.
///
/// Errors: those of [`lift_class`], for the first class that has one.
pub fn lift_classes<'a, M: LiftModule>(
    source: &'a Resolution<M>,
    tgt: &LiftTarget<'a, M>,
    classes: &[(&ExtOf<M>, u32)],
) -> Result<Vec<ChainMap<'a, M>>, ChainMapError> {
    check_sphere(tgt)?;
    let starts = classes
        .iter()
        .map(|&(y, levels)| start_class(source, tgt, y, levels))
        .collect::<Result<_, _>>()?;
    super::lift_chain_maps(starts, tgt)
}

/// Level 0 of the lift of `y` and the plan of its levels ([`ChainMap::start`]).
fn start_class<'a, M: LiftModule>(
    source: &'a Resolution<M>,
    tgt: &LiftTarget<'a, M>,
    y: &ExtOf<M>,
    levels: u32,
) -> Result<(ChainMap<'a, M>, Vec<i32>), ChainMapError> {
    let b = y.bidegree;
    let dim = checked_dim(source, b, "the class to lift")?;
    if y.vector.len() != dim {
        return Err(ChainMapError::WrongLength {
            at: b,
            dim,
            given: y.vector.len(),
        });
    }
    let first = source.free_module(b.s()).gens_below(b.t());
    let field = source.prime();
    let initial = |g: usize, t: i32| {
        let c = match t == b.t() && g >= first && g < first + dim {
            true => y.vector.entry(g - first),
            false => 0,
        };
        // (Q_0)_{t − t0}: one entry (ι) in degree 0, otherwise its whole Milnor block.
        let len = if t < b.t() {
            0
        } else {
            steenrod::Algebra::dim(tgt.resolution().algebra(), (t - b.t()) as u32)
        };
        let mut v = field.zero_vector(len);
        if c != 0 {
            v.add_basis_element(0, c);
        }
        v
    };
    ChainMap::start(source, tgt, b, &initial, levels)
}

/// [`lift_class`] read from a save directory's bytes ([`super::saved`]) when they hold
/// this lift (the same modules by hash, class and range); `Err` says why not.
pub fn load_class<'a, M: LiftModule>(
    source: &'a Resolution<M>,
    tgt: &LiftTarget<'a, M>,
    y: &ExtOf<M>,
    levels: u32,
    bytes: &[u8],
    hashes: (&str, &str),
) -> Result<ChainMap<'a, M>, super::saved::Saved> {
    let expected = super::saved::Expected {
        source: hashes.0,
        target: hashes.1,
        element: &y.vector,
    };
    ChainMap::load(source, tgt, y.bidegree, levels, bytes, &expected)
}

/// `x · y` for `x` an element of `Ext(F_2)` and `map` the lift of `y` ([`lift_class`]):
/// an element at `x`'s bidegree plus `y`'s. `None` when outside what `map` reached.
pub fn multiply<M: LiftModule>(map: &ChainMap<'_, M>, x: &ExtOf<M>) -> Option<ExtOf<M>> {
    let b = x.bidegree;
    let m = map.read(b.s(), b.t() + map.shift().t())?;
    if x.vector.len() != m.rows() {
        return None;
    }
    Some(ExtElement {
        bidegree: Bidegree::s_t(b.s() + map.shift().s(), b.t() + map.shift().t()),
        vector: combine::<M>(map.target.prime(), &m, &x.vector),
    })
}

/// `Σ_k x_k · (row k of m)`.
pub(crate) fn combine<M: Module>(
    field: <M::Algebra as steenrod::Algebra>::Field,
    m: &MatrixOver<M>,
    x: &VectorOf<M>,
) -> VectorOf<M> {
    let mut out = field.zero_vector(m.cols());
    for (k, c) in x.nonzero_entries() {
        out.add_scaled_at(&m.row_vector(k), c, 0);
    }
    out
}
