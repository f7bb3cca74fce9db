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

use super::chain_map::OddLiftTarget;
use super::massey::{homotopy_of_composite, lift, multiply, OddExtElement, OddMasseyProduct};
use super::products::is_resolved;
use crate::chain_map::ChainMapError;
use crate::Bidegree;

/// `⟨a, b, x⟩` (up to the sign above) with its indeterminacy, for every basis class `x` of
/// the sphere's range (`tgt`) with `s_x ≥ 1`, `bx = 0`, and the value and indeterminacy in
/// range; the others are left out. Sorted as [`super::OddResolution::ext`] lists the
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
    let z_maps = if is_resolved(sphere, d2) {
        (0..sphere.number_of_gens(d2))
            .map(|k| {
                lift(
                    sphere,
                    tgt,
                    &OddExtElement::basis(sphere, d2, k)?,
                    max_s + 1,
                )
            })
            .collect::<Result<Vec<_>, _>>()?
    } else {
        Vec::new()
    };
    let p = sphere.prime();
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
            let at = Bidegree::s_t(sa + sb + e.s() - 1, ab_at.t() + e.t());
            let Some(m) = h.read(e.s() - 1, at.t()).filter(|m| m.rows() == e.dim) else {
                continue;
            };
            let value = OddExtElement {
                bidegree: at,
                vector: m.row(index).clone(),
            };
            let mut span = Vec::new();
            let mut known = true;
            for z in &z_maps {
                match multiply(z, &x) {
                    Some(v) => span.push(v.vector),
                    None => known = false,
                }
            }
            // a·Ext^{s_b+s_x−1}: the lift of a read at each y there.
            let d1 = Bidegree::s_t(sb + e.s() - 1, b.bidegree.t() + e.t());
            known &= is_resolved(sphere, d1);
            for k in 0..if known { sphere.number_of_gens(d1) } else { 0 } {
                let y = OddExtElement::basis(sphere, d1, k)?;
                match multiply(&a_map, &y) {
                    Some(v) => span.push(v.vector),
                    None => known = false,
                }
            }
            if !known {
                continue;
            }
            let indeterminacy = FqSubspace::from_vectors(p, value.vector.len(), span);
            out.push((
                x,
                OddMasseyProduct {
                    value,
                    indeterminacy,
                },
            ));
        }
    }
    Ok(out)
}
