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

use fp::{FpVector, Matrix};

use super::{ChainMap, ChainMapError, LiftTarget};
use crate::{Bidegree, Resolution};

/// An element of `Ext^{s,t}(M)`: a bidegree and coordinates in its basis (the duals of
/// the generators of `C_s` in degree `t`, in creation order).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtElement {
    /// Where it lives.
    pub bidegree: Bidegree,
    /// Its coordinates, length `dim Ext^{s,t}`.
    pub vector: FpVector,
}

impl ExtElement {
    /// The `index`-th basis class at `bidegree` of `res`. Errors: outside the resolved
    /// range ([`ChainMapError::OutOfRange`]), or `index ≥ dim`
    /// ([`ChainMapError::NoSuchClass`]).
    pub fn basis(
        res: &Resolution,
        bidegree: Bidegree,
        index: usize,
    ) -> Result<Self, ChainMapError> {
        let dim = checked_dim(res, bidegree, "a class")?;
        if index >= dim {
            return Err(ChainMapError::NoSuchClass {
                index,
                dim,
                at: bidegree,
            });
        }
        Ok(ExtElement {
            bidegree,
            vector: FpVector::from_ones(dim, &[index]),
        })
    }

    /// Whether it is zero.
    pub fn is_zero(&self) -> bool {
        self.vector.is_zero()
    }
}

/// `dim Ext` at `b`, or an error naming `what` when `b` was not resolved.
pub(crate) fn checked_dim(
    res: &Resolution,
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

/// Checks that the resolution of `tgt` resolves `F_2`: `C_0` is `A·ι`, `|ι| = 0`.
fn check_sphere(tgt: &LiftTarget<'_>) -> Result<(), ChainMapError> {
    let res = tgt.resolution();
    let c0 = res.free_module(0);
    let top = res.config().max_stem;
    let total = if top < c0.min_degree() {
        0
    } else {
        c0.gens_below(top + 1)
    };
    if c0.min_degree() > 0 || total != 1 || c0.gens_in_degree(0) != 1 {
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
pub fn lift_class<'a>(
    source: &'a Resolution,
    tgt: &LiftTarget<'a>,
    y: &ExtElement,
    levels: u32,
) -> Result<ChainMap<'a>, ChainMapError> {
    let mut maps = lift_classes(source, tgt, &[(y, levels)])?;
    Ok(maps.pop().expect("one class in, one map out"))
}

/// [`lift_class`] for several classes `(y, levels)` of `Ext(M)` at once: level `i` of all
/// of them is lifted together, one row reduction per target degree `(i, T)` shared by
/// every map that reaches it (`super::joint`); each map is the one [`lift_class`] gives.
///
/// Errors: those of [`lift_class`], for the first class that has one.
pub fn lift_classes<'a>(
    source: &'a Resolution,
    tgt: &LiftTarget<'a>,
    classes: &[(&ExtElement, u32)],
) -> Result<Vec<ChainMap<'a>>, ChainMapError> {
    check_sphere(tgt)?;
    let starts = classes
        .iter()
        .map(|&(y, levels)| start_class(source, tgt, y, levels))
        .collect::<Result<_, _>>()?;
    super::lift_chain_maps(starts, tgt)
}

/// Level 0 of the lift of `y` and the plan of its levels ([`ChainMap::start`]).
fn start_class<'a>(
    source: &'a Resolution,
    tgt: &LiftTarget<'a>,
    y: &ExtElement,
    levels: u32,
) -> Result<(ChainMap<'a>, Vec<i32>), ChainMapError> {
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
    let initial = |g: usize, t: i32| {
        let on = t == b.t() && g >= first && g < first + dim && y.vector.get(g - first);
        // (Q_0)_{t − t0}: one bit (ι) in degree 0, otherwise its whole Milnor block.
        let len = if t < b.t() {
            0
        } else {
            tgt.resolution().algebra().dim((t - b.t()) as u32)
        };
        FpVector::from_ones(len, if on { &[0] } else { &[] })
    };
    ChainMap::start(source, tgt, b, &initial, levels)
}

/// [`lift_class`] read from a save directory's bytes ([`super::saved`]) when they hold
/// this lift (the same modules by hash, class and range); `Err` says why not.
pub fn load_class<'a>(
    source: &'a Resolution,
    tgt: &LiftTarget<'a>,
    y: &ExtElement,
    levels: u32,
    bytes: &[u8],
    hashes: (&str, &str),
) -> Result<ChainMap<'a>, super::saved::Saved> {
    let element: Vec<usize> = y.vector.iter_ones().collect();
    let expected = super::saved::Expected {
        source: hashes.0,
        target: hashes.1,
        element: &element,
    };
    ChainMap::load(source, tgt, y.bidegree, levels, bytes, &expected)
}

/// `x · y` for `x` an element of `Ext(F_2)` and `map` the lift of `y` ([`lift_class`]):
/// an element at `x`'s bidegree plus `y`'s. `None` when outside what `map` reached.
pub fn multiply(map: &ChainMap<'_>, x: &ExtElement) -> Option<ExtElement> {
    let b = x.bidegree;
    let m = map.read(b.s(), b.t() + map.shift().t())?;
    if x.vector.len() != m.rows() {
        return None;
    }
    Some(ExtElement {
        bidegree: Bidegree::s_t(b.s() + map.shift().s(), b.t() + map.shift().t()),
        vector: combine(&m, &x.vector),
    })
}

/// `Σ_k x_k · (row k of m)`.
pub(crate) fn combine(m: &Matrix, x: &FpVector) -> FpVector {
    let mut out = FpVector::new(m.cols());
    for k in x.iter_ones() {
        out.add(&m.row_vector(k));
    }
    out
}
