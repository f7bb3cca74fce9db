//! The periodicity-operator form `⟨a, b, −⟩` of Massey products at an odd prime: for
//! `a, b ∈ Ext(F_p)` with `ab = 0`, the product `⟨a, b, x⟩` for every basis class `x` of
//! the sphere's resolved range with `bx = 0`, from one null-homotopy.
//!
//! As at p = 2 (`crate::chain_map::massey::massey_range`): with `A`, `B` the lifts of `a`,
//! `b` and `dH + Hd = B ∘ A` ([`super::massey`]'s construction with `a` in the place of
//! `c`), `x ∘ H_{s_x−1}` represents `⟨x, b, a⟩` for every `x` at once. Over F_p,
//! `⟨x, b, a⟩ = ±⟨a, b, x⟩` with a sign depending only on the degrees (the symmetry of
//! Massey products in a graded-commutative algebra: May, "Matric Massey products",
//! J. Algebra 12 (1969); Kraines, "Massey higher products", Trans. AMS 124 (1966)), and
//! the indeterminacy `a·Ext^{s_b+s_x−1} + Ext^{s_a+s_b−1}·x` is a subspace, so the set
//! `value + indeterminacy` is `⟨a, b, x⟩` up to that global sign — the convention
//! [`super::massey::massey_product`] states too.

use fp::FqSubspace;

use super::chain_map::{OddChainMap, OddLiftTarget};
use super::massey::{homotopy_of_composite, lift, multiply, OddExtElement, OddMasseyProduct};
use super::products::is_resolved;
use crate::chain_map::ChainMapError;
use crate::Bidegree;
use crate::Resolution;
use steenrod::module::OddModule;

/// `⟨a, b, x⟩` (up to the sign above) with its indeterminacy, for every basis class `x` of
/// the sphere's range (`tgt`) with `s_x ≥ 1`, `bx = 0`, and the value and indeterminacy in
/// range; the others are left out. Sorted as [`super::Resolution::<OddModule>::ext`] lists the
/// bidegrees, then by index.
///
/// Errors: [`ChainMapError::ProductNotZero`] when `ab ≠ 0`; [`ChainMapError::OutOfRange`]
/// when `a` and `b` both lie in `s = 0`, or `ab` leaves the range; those of the lifts.
pub fn massey_range<'a>(
    tgt: &OddLiftTarget<'a>,
    a: &OddExtElement,
    b: &OddExtElement,
) -> Result<Vec<(OddExtElement, OddMasseyProduct)>, ChainMapError> {
    let sphere = tgt.resolution();
    let max_s = sphere.config().max_s;
    let (sa, sb) = (a.bidegree.s(), b.bidegree.s());
    if sa + sb == 0 {
        return Err(ChainMapError::OutOfRange {
            what: "a Massey product with two factors in s = 0".into(),
            at: Bidegree::s_t(0, 0),
        });
    }
    let a_map = lift(sphere, tgt, a, max_s + sb + 1)?;
    let b_map = lift(sphere, tgt, b, max_s + 1)?;
    let ab_at = Bidegree::s_t(sa + sb, a.bidegree.t() + b.bidegree.t());
    let ab = multiply(&a_map, b).ok_or_else(|| ChainMapError::OutOfRange {
        what: "the product a·b".into(),
        at: ab_at,
    })?;
    if !ab.is_zero() {
        return Err(ChainMapError::ProductNotZero { which: "a·b" });
    }
    // H of B∘A: x ∘ H_{s_x−1} is ⟨x, b, a⟩.
    let h = homotopy_of_composite(sphere, tgt, &b_map, &a_map, max_s)?;
    // Ext^{s_a+s_b−1}·x: the lifts of the basis z of that bidegree, read at each x.
    let d2 = Bidegree::s_t(sa + sb - 1, ab_at.t());
    let z_maps = basis_lifts(tgt, d2, max_s + 1)?;
    let mut out = Vec::new();
    for e in sphere.ext() {
        if e.s() == 0 {
            continue;
        }
        for index in 0..e.dim {
            let x = OddExtElement::basis(sphere, e.bidegree, index)?;
            if !multiply(&b_map, &x).is_some_and(|bx| bx.is_zero()) {
                continue;
            }
            let factors = Factors {
                sphere,
                a_map: &a_map,
                z_maps: &z_maps,
                h: &h,
                b,
                ab_at,
            };
            let Some(product) = entry(&factors, &x, e.dim, index)? else {
                continue;
            };
            out.push((x, product));
        }
    }
    Ok(out)
}

/// What [`entry`] reads for every class `x`: the lift of `a`, the lifts of the basis of
/// `Ext^{s_a+s_b−1}`, the sphere, the null-homotopy `H` of `B∘A`, `b`, and the bidegree of `ab`.
struct Factors<'m, 'a> {
    sphere: &'a Resolution<OddModule>,
    a_map: &'m OddChainMap<'a>,
    z_maps: &'m [OddChainMap<'a>],
    h: &'m OddChainMap<'a>,
    b: &'m OddExtElement,
    ab_at: Bidegree,
}

/// The lifts of the basis of `Ext^{d}` (none when `d` is not resolved).
fn basis_lifts<'a>(
    tgt: &OddLiftTarget<'a>,
    d: Bidegree,
    levels: u32,
) -> Result<Vec<OddChainMap<'a>>, ChainMapError> {
    let sphere = tgt.resolution();
    if !is_resolved(sphere, d) {
        return Ok(Vec::new());
    }
    (0..sphere.number_of_gens(d))
        .map(|k| lift(sphere, tgt, &OddExtElement::basis(sphere, d, k)?, levels))
        .collect()
}

/// `⟨x, b, a⟩` for the basis class `x` (number `index` of its bidegree, of dimension
/// `dim`) with its indeterminacy; `None` where the value or a part of the indeterminacy
/// lies outside the lifts' range.
fn entry(
    f: &Factors<'_, '_>,
    x: &OddExtElement,
    dim: usize,
    index: usize,
) -> Result<Option<OddMasseyProduct>, ChainMapError> {
    let sphere = f.sphere;
    let (s, t) = (x.bidegree.s(), x.bidegree.t());
    let at = Bidegree::s_t(f.ab_at.s() + s - 1, f.ab_at.t() + t);
    let Some(m) = f.h.read(s - 1, at.t()).filter(|m| m.rows() == dim) else {
        return Ok(None);
    };
    let value = OddExtElement {
        bidegree: at,
        vector: m.row(index).clone(),
    };
    let mut span = Vec::new();
    for z in f.z_maps {
        match multiply(z, x) {
            Some(v) => span.push(v.vector),
            None => return Ok(None),
        }
    }
    // a·Ext^{s_b+s_x−1}: the lift of a read at each y there.
    let d1 = Bidegree::s_t(f.b.bidegree.s() + s - 1, f.b.bidegree.t() + t);
    if !is_resolved(sphere, d1) {
        return Ok(None);
    }
    for k in 0..sphere.number_of_gens(d1) {
        let y = OddExtElement::basis(sphere, d1, k)?;
        match multiply(f.a_map, &y) {
            Some(v) => span.push(v.vector),
            None => return Ok(None),
        }
    }
    let indeterminacy = FqSubspace::from_vectors(sphere.prime(), value.vector.len(), span);
    Ok(Some(OddMasseyProduct {
        value,
        indeterminacy,
    }))
}
