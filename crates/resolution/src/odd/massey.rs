//! Yoneda products by any class and Massey products at an odd prime, from the chain maps
//! of [`super::chain_map`].
//!
//! **Products.** `Ext^{s,t}(M)` has the basis dual to the generators of `C_s(M)` in degree
//! `t`. A class `y ∈ Ext^{s0,t0}(M)` lifts to `Y : P(M)_{s0+•} → P(F_p)_•`; for
//! `x ∈ Ext^{s,t}(F_p)` the cocycle `x ∘ Y_s` is the Yoneda product `x·y` (Bruner 1989,
//! §2; McCleary, "User's Guide", 2nd ed., §9.1). This order (`x ∘ Y`, no sign) is the
//! product this module computes; over F_p it differs from `y·x` by the sign of graded
//! commutativity.
//!
//! **Massey products.** For `a, b ∈ Ext(F_p)`, `c ∈ Ext(M)` with `ab = 0 = bc`: lift `c`
//! to `C`, `b` to `B`; `φ = B ∘ C` lifts `b·c = 0`, so there is `H` with
//! `d H_i + H_{i−1} d = φ_i` ([`OddChainMap::homotopy`]), and `a ∘ H_{s_a−1}` is a cocycle
//! representing `⟨a, b, c⟩` at `(s_a + s_b + s_c − 1, t_a + t_b + t_c)`: May, "Matric
//! Massey products", J. Algebra 12 (1969), §1–2, with the defining system written as Yoneda
//! composites of chain maps (Ravenel, "Complex Cobordism", 2nd ed., A1.4). **Sign
//! convention:** the value returned is exactly `a ∘ H_{s_a−1}` with `dH + Hd = B∘C`; the
//! set `value + indeterminacy` is May's `⟨a, b, c⟩` up to a global sign `±1` depending
//! only on the degrees (May's `ā = (−1)^{1+deg a} a` twists), which this code does not
//! fix. The indeterminacy `a·Ext^{s_b+s_c−1}(M) + Ext^{s_a+s_b−1}(F_p)·c` is a subspace,
//! so the sign changes only the value.

use fp::{FqMatrix, FqSubspace, FqVector, Prime, ValidPrime};

use super::chain_map::{column_offsets, OddChainMap, OddLiftTarget};
use crate::chain_map::ChainMapError;
use crate::Bidegree;
use crate::Resolution;
use steenrod::module::OddModule;

/// An element of `Ext^{s,t}(M)` at an odd prime: coordinates over F_p in the dual basis
/// of the generators of `C_s` in degree `t`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OddExtElement {
    /// Where it lives.
    pub bidegree: Bidegree,
    /// Its coordinates, length `dim Ext^{s,t}`, entries in `0..p`.
    pub vector: FqVector<ValidPrime>,
}

impl OddExtElement {
    /// `c` times the `index`-th basis class at `bidegree`. Errors: outside the resolved
    /// range ([`ChainMapError::OutOfRange`]), or `index ≥ dim`
    /// ([`ChainMapError::NoSuchClass`]).
    pub fn basis(
        res: &Resolution<OddModule>,
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
        let mut vector = FqVector::new(res.prime(), dim);
        vector.set_entry(index, 1);
        Ok(Self { bidegree, vector })
    }

    /// Whether it is zero.
    pub fn is_zero(&self) -> bool {
        self.vector.is_zero()
    }
}

fn checked_dim(
    res: &Resolution<OddModule>,
    b: Bidegree,
    what: &str,
) -> Result<usize, ChainMapError> {
    if !super::products::is_resolved(res, b) {
        return Err(ChainMapError::OutOfRange {
            what: what.into(),
            at: b,
        });
    }
    Ok(res.number_of_gens(b))
}

/// Checks that `tgt` resolves F_p: `C_0` is one generator in degree 0.
fn check_sphere(res: &Resolution<OddModule>) -> Result<(), ChainMapError> {
    let m = res.module();
    let top = res.config().max_stem;
    let dims: usize = (m.min_degree()..=top.max(m.min_degree()))
        .map(|t| m.dim(t))
        .sum();
    if m.min_degree() != 0 || dims != 1 {
        return Err(ChainMapError::TargetNotSphere);
    }
    Ok(())
}

/// The lift of `y ∈ Ext(M)` (`module` resolves `M`) into the sphere's resolution,
/// `levels` levels deep (or as far as the ranges allow).
///
/// Errors: [`ChainMapError::TargetNotSphere`], [`ChainMapError::WrongLength`], and those
/// of [`OddChainMap::lift_class`].
pub fn lift<'a>(
    module: &'a Resolution<OddModule>,
    tgt: &OddLiftTarget<'a>,
    y: &OddExtElement,
    levels: u32,
) -> Result<OddChainMap<'a>, ChainMapError> {
    check_sphere(tgt.resolution())?;
    let dim = checked_dim(module, y.bidegree, "the class to lift")?;
    if dim != y.vector.len() {
        return Err(ChainMapError::WrongLength {
            at: y.bidegree,
            dim,
            given: y.vector.len(),
        });
    }
    OddChainMap::lift_class(module, tgt, y.bidegree, &y.vector, levels)
}

/// `Σ_k x_k · (row k of m)`: the product of `x` (coordinates over the rows' classes).
fn combine(m: &FqMatrix<ValidPrime>, x: &FqVector<ValidPrime>) -> FqVector<ValidPrime> {
    let mut out = FqVector::new(m.prime(), m.cols());
    for (k, c) in x.iter_nonzero() {
        out.add(m.row(k), c);
    }
    out
}

/// `x · y = x ∘ Y_{s_x}` for `Y` the lift of `y`; `None` when `Y` was not lifted that far,
/// or a bidegree is outside the range.
pub fn multiply(y_map: &OddChainMap<'_>, x: &OddExtElement) -> Option<OddExtElement> {
    let shift = y_map.shift();
    let t = x.bidegree.t() + shift.t();
    let m = y_map.read(x.bidegree.s(), t)?;
    if m.rows() != x.vector.len() {
        return None;
    }
    Some(OddExtElement {
        bidegree: Bidegree::s_t(x.bidegree.s() + shift.s(), t),
        vector: combine(&m, &x.vector),
    })
}

/// A Massey product: one element of the set and the indeterminacy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OddMasseyProduct {
    /// One element of `⟨a, b, c⟩` (`a ∘ H`, see the module's sign convention).
    pub value: OddExtElement,
    /// `a·Ext + Ext·c` at the value's bidegree, in its coordinates.
    pub indeterminacy: FqSubspace<ValidPrime>,
}

impl OddMasseyProduct {
    /// Whether `v` lies in `value + indeterminacy`.
    pub fn contains(&self, v: &FqVector<ValidPrime>) -> bool {
        let mut d = v.clone();
        let p = d.prime().value();
        d.add(&self.value.vector, p - 1);
        self.indeterminacy.contains(&d)
    }

    /// Whether `−v` or `v` lies in the set (a check up to the convention's sign).
    pub fn contains_up_to_sign(&self, v: &FqVector<ValidPrime>) -> bool {
        let mut neg = v.clone();
        neg.scale(v.prime().value() - 1);
        self.contains(v) || self.contains(&neg)
    }
}

fn out_of_range(what: &str, at: Bidegree) -> ChainMapError {
    ChainMapError::OutOfRange {
        what: what.into(),
        at,
    }
}

/// The null-homotopy `H` of `B ∘ C`, `levels` levels deep (or as far as the ranges
/// allow): `C` the lift of a class `c` (source `module`), `B` the lift of a class `b` of
/// the sphere with `b·c = 0`; `d H_i + H_{i−1} d = B_i ∘ C_{s_b+i}`.
///
/// Errors: those of [`OddChainMap::homotopy`].
pub(super) fn homotopy_of_composite<'a>(
    module: &'a Resolution<OddModule>,
    tgt: &OddLiftTarget<'a>,
    b_map: &OddChainMap<'a>,
    c_map: &OddChainMap<'a>,
    levels: u32,
) -> Result<OddChainMap<'a>, ChainMapError> {
    let sphere = tgt.resolution();
    let (sb, c_t) = (b_map.shift().s(), c_map.shift().t());
    let k = Bidegree::s_t(sb + c_map.shift().s(), b_map.shift().t() + c_t);
    let phi = |i: u32, g: usize, at: Bidegree| {
        let offsets = column_offsets(sphere, at.s() - 1, at.t());
        let cg = c_map.value(sb + i, g).expect("C lifted this far");
        let level = b_map.level(i);
        super::chain_map::apply_terms(sphere, &|h| level[h].terms.as_slice(), &cg.terms, &offsets)
    };
    let caps = |i: u32| match (
        c_map.max_degree(sb + i),
        b_map.max_degree(i).map(|t| t + c_t),
    ) {
        (Some(x), Some(y)) => Some(x.min(y)),
        _ => None,
    };
    OddChainMap::homotopy(module, tgt, k, levels, &caps, &phi)
}

/// Refuses two adjacent factors of `⟨a, b, c⟩` in `s = 0`: when both are nonzero, one is
/// a unit and their product the other, nonzero ([`ChainMapError::ProductNotZero`]); a
/// zero one is not handled ([`ChainMapError::OutOfRange`]).
fn two_units(a: &OddExtElement, b: &OddExtElement, c: &OddExtElement) -> Result<(), ChainMapError> {
    let (sa, sb, sc) = (a.bidegree.s(), b.bidegree.s(), c.bidegree.s());
    let (which, x, y) = match (sa + sb, sb + sc) {
        (0, _) => ("a·b", a, b),
        (_, 0) => ("b·c", b, c),
        _ => return Ok(()),
    };
    Err(match x.is_zero() || y.is_zero() {
        false => ChainMapError::ProductNotZero { which },
        true => out_of_range(
            "a Massey product with two factors in s = 0",
            Bidegree::s_t(0, 0),
        ),
    })
}

/// `⟨a, b, c⟩` with its indeterminacy `a·Ext^{s_b+s_c−1}(M) + Ext^{s_a+s_b−1}(F_p)·c`;
/// `a, b ∈ Ext(F_p)` (resolved by `tgt`), `c ∈ Ext(M)` (`module`; may be `tgt`'s).
///
/// Errors: [`ChainMapError::ProductNotZero`] when `ab ≠ 0` or `bc ≠ 0`;
/// [`ChainMapError::OutOfRange`] when a bidegree needed is outside either range.
pub fn massey_product<'a>(
    module: &'a Resolution<OddModule>,
    tgt: &OddLiftTarget<'a>,
    a: &OddExtElement,
    b: &OddExtElement,
    c: &OddExtElement,
) -> Result<OddMasseyProduct, ChainMapError> {
    let sphere = tgt.resolution();
    let (sa, sb, sc) = (a.bidegree.s(), b.bidegree.s(), c.bidegree.s());
    two_units(a, b, c)?;
    let c_map = lift(module, tgt, c, sa + sb + 1)?;
    let b_map = lift(sphere, tgt, b, sa + 1)?;
    let bc_at = Bidegree::s_t(sb + sc, b.bidegree.t() + c.bidegree.t());
    let bc = multiply(&c_map, b).ok_or(out_of_range("the product b·c", bc_at))?;
    if !bc.is_zero() {
        return Err(ChainMapError::ProductNotZero { which: "b·c" });
    }
    let ab_at = Bidegree::s_t(sa + sb, a.bidegree.t() + b.bidegree.t());
    let ab = multiply(&b_map, a).ok_or(out_of_range("the product a·b", ab_at))?;
    if !ab.is_zero() {
        return Err(ChainMapError::ProductNotZero { which: "a·b" });
    }
    let k = bc_at;
    let h = homotopy_of_composite(module, tgt, &b_map, &c_map, sa)?;
    let at = Bidegree::s_t(sa + sb + sc - 1, a.bidegree.t() + k.t());
    let value = (|| {
        if sa == 0 {
            // ⟨λ, b, c⟩ (ab = 0: b = 0): a ∘ H_{−1} = 0; λ·Ext is the whole group.
            let dim = checked_dim(module, at, "the Massey product").ok()?;
            let vector = FqVector::new(module.prime(), dim);
            return Some(OddExtElement {
                bidegree: at,
                vector,
            });
        }
        let m = h.read(sa - 1, at.t())?;
        (m.rows() == a.vector.len()).then(|| OddExtElement {
            bidegree: at,
            vector: combine(&m, &a.vector),
        })
    })()
    .ok_or(out_of_range("the Massey product", at))?;
    let p = sphere.prime();
    let mut span = Vec::new();
    // Ext^{s_a+s_b−1}(F_p) · c: the lift of c read there.
    let left = Bidegree::s_t(sa + sb - 1, ab_at.t());
    match c_map.read(left.s(), left.t() + c.bidegree.t()) {
        Some(m) => span.extend((0..m.rows()).map(|r| m.row(r).clone())),
        None if sphere.number_of_gens(left) > 0 => return Err(out_of_range("Ext·c", left)),
        None => {}
    }
    // a · Ext^{s_b+s_c−1}(M): one lift per basis class y there.
    let right = Bidegree::s_t(sb + sc - 1, k.t());
    if super::products::is_resolved(module, right) {
        for index in 0..module.number_of_gens(right) {
            let y = OddExtElement::basis(module, right, index)?;
            let y_map = lift(module, tgt, &y, sa + 1)?;
            span.push(
                multiply(&y_map, a)
                    .ok_or(out_of_range("a·Ext", right))?
                    .vector,
            );
        }
    }
    let indeterminacy = FqSubspace::from_vectors(p, value.vector.len(), span);
    Ok(OddMasseyProduct {
        value,
        indeterminacy,
    })
}
