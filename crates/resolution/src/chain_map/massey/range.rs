//! The range form `⟨a, b, −⟩`: `⟨a, b, x⟩` for `a, b ∈ Ext(F_p)` with `ab = 0` and every
//! `x ∈ Ext(M)` of a resolved range with `bx = 0`.
//!
//! At each bidegree the classes `x` are the reduced row echelon basis of the kernel of
//! `x ↦ bx` (the basis classes themselves where that kernel is spanned by them).
//!
//! **Over the sphere** one null-homotopy serves every `x`: `⟨a, b, x⟩ = ⟨x, b, a⟩` (May,
//! "Matric Massey products", J. Algebra 12 (1969), Prop. 2.4 at p = 2; up to a sign of the
//! degrees at odd p, Kraines, Trans. AMS 124 (1966)), and `⟨x, b, a⟩` is `x ∘ H` for the one
//! null-homotopy `H` of `B ∘ A` ([`super::NullHomotopy::read`]).
//!
//! **Over another module** `Ext(M)` is a module over the ring `Ext(F_p)`, not a ring, so
//! `⟨x, b, a⟩` has no meaning there: each `x` is lifted to `X` and `⟨a, b, x⟩` is `a ∘ H`
//! for a null-homotopy `H` of `B ∘ X` ([`super::massey_product`]), `s_a` levels deep (cheap
//! for a first factor of low filtration, as in May's periodicity operators
//! `⟨h_{k+1}, h_0^{2^k}, −⟩`, May 1969 §5).

use fp::{Field, SubspaceOf, Vector};
use steenrod::VectorOf;

use super::super::yoneda::{lift_class, lift_classes, multiply, ExtElement, ExtOf};
use super::{
    massey_product, null_homotopy_and_lifts, ChainMapError, LiftModule, LiftTarget, MasseyProduct,
    RangeForm,
};
use crate::products::is_resolved;
use crate::{Bidegree, Resolution};

/// The range form over the sphere `tgt` resolves: [`massey_range_over`] with the module
/// the sphere itself.
///
/// Errors: those of [`massey_range_over`].
pub fn massey_range<'a, M: LiftModule>(
    tgt: &LiftTarget<'a, M>,
    a: &ExtOf<M>,
    b: &ExtOf<M>,
) -> Result<RangeForm<M>, ChainMapError> {
    massey_range_over(tgt.resolution(), tgt, a, b)
}

/// `(x, ⟨a, b, x⟩)` for every class `x` of `module`'s resolved range with `bx = 0` (the
/// kernel basis of the module docs; `s_x ≥ 1` over the sphere, `s_x ≥ 0` over another
/// module), each with its indeterminacy `a·Ext + Ext·x`; `a, b ∈ Ext(F_p)` (resolved by
/// `tgt`, the sphere), `module` a resolution of `M` over the same algebra (the sphere's
/// own resolution for `M = F_p`). Classes whose product or indeterminacy leaves the
/// ranges are left out.
///
/// Errors: [`ChainMapError::ProductNotZero`] when `ab ≠ 0`; [`ChainMapError::OutOfRange`]
/// when `a` and `b` both lie in `s = 0`; those of the lifts.
pub fn massey_range_over<'a, M: LiftModule>(
    module: &'a Resolution<M>,
    tgt: &LiftTarget<'a, M>,
    a: &ExtOf<M>,
    b: &ExtOf<M>,
) -> Result<RangeForm<M>, ChainMapError> {
    if a.bidegree.s() + b.bidegree.s() == 0 {
        return Err(ChainMapError::OutOfRange {
            what: "a Massey product with two factors in s = 0".into(),
            at: Bidegree::s_t(0, 0),
        });
    }
    match std::ptr::eq(module, tgt.resolution()) {
        true => over_sphere(tgt, a, b),
        false => over_module(module, tgt, a, b),
    }
}

/// The reduced row echelon basis of the kernel of the linear map sending basis vector `i`
/// of its source to `images[i]` (each of length `cols`): the rows of the echelon form of
/// `[images | 1]` that vanish on the first `cols` columns, read on the last ones.
fn kernel<F: Field>(field: F, images: &[F::Vector], cols: usize) -> Vec<F::Vector> {
    let n = images.len();
    let rows = images
        .iter()
        .enumerate()
        .map(|(i, image)| {
            let mut row = field.zero_vector(cols + n);
            row.add_scaled_at(image, 1, 0);
            row.add_basis_element(cols + i, 1);
            row
        })
        .collect();
    let echelon = field.span(cols + n, rows);
    (0..echelon.dim())
        .filter(|&k| echelon.pivots()[k] >= cols)
        .map(|k| echelon.basis_vector(k).slice(cols, cols + n))
        .collect()
}

/// The classes `x` at `at` with `bx = 0`, given the products `bx_i` of its basis classes
/// (`None` when one is out of reach: no class is listed).
fn classes_killed<M: LiftModule>(
    field: <M::Algebra as steenrod::Algebra>::Field,
    at: Bidegree,
    products: Option<Vec<ExtOf<M>>>,
    cols: usize,
) -> Vec<ExtOf<M>> {
    let Some(products) = products else {
        return Vec::new();
    };
    let images: Vec<VectorOf<M>> = products.into_iter().map(|p| p.vector).collect();
    kernel(field, &images, cols)
        .into_iter()
        .map(|vector| ExtElement {
            bidegree: at,
            vector,
        })
        .collect()
}

/// The range form over the sphere: one null-homotopy of `B ∘ A` (see the module docs).
fn over_sphere<'a, M: LiftModule>(
    tgt: &LiftTarget<'a, M>,
    a: &ExtOf<M>,
    b: &ExtOf<M>,
) -> Result<RangeForm<M>, ChainMapError> {
    let sphere = tgt.resolution();
    let max_s = sphere.config().max_s;
    // H of B∘A, where a plays the part of c: ⟨x, b, a⟩ = x ∘ H for every x.
    // Ext^{s_a+s_b−1}·x: the lifts of the basis z of that bidegree, read at each x,
    // lifted with those of a and b.
    let d2 = Bidegree::s_t(
        a.bidegree.s() + b.bidegree.s() - 1,
        a.bidegree.t() + b.bidegree.t(),
    );
    let zs: Vec<ExtOf<M>> = if is_resolved(sphere, d2) {
        (0..sphere.number_of_gens(d2))
            .map(|k| ExtElement::basis(sphere, d2, k))
            .collect::<Result<_, _>>()?
    } else {
        Vec::new()
    };
    let extra: Vec<(&ExtOf<M>, u32)> = zs.iter().map(|z| (z, max_s + 1)).collect();
    let (h, z_maps) =
        null_homotopy_and_lifts(sphere, tgt, b, a, max_s, &extra).map_err(|e| match e {
            ChainMapError::ProductNotZero { .. } => ChainMapError::ProductNotZero { which: "a·b" },
            e => e,
        })?;
    let mut out = Vec::new();
    for e in sphere.ext() {
        if e.s() == 0 {
            continue;
        }
        let products = (0..e.dim)
            .map(|k| multiply(&h.b, &ExtElement::basis(sphere, e.bidegree, k).ok()?))
            .collect();
        let cols = product_dim(sphere, b, e.bidegree);
        for x in classes_killed::<M>(sphere.prime(), e.bidegree, products, cols) {
            let Some(value) = h.read(&x) else {
                continue;
            };
            let mut span: Vec<VectorOf<M>> = Vec::new();
            let mut known = true;
            for z in &z_maps {
                match multiply(z, &x) {
                    Some(p) => span.push(p.vector),
                    None => known = false,
                }
            }
            // a·Ext^{s_b+s_x−1}: the lift of a (h.c) read at each y there.
            let d1 = Bidegree::s_t(b.bidegree.s() + e.s() - 1, b.bidegree.t() + e.t());
            known &= is_resolved(sphere, d1);
            for k in 0..if known { sphere.number_of_gens(d1) } else { 0 } {
                let y = ExtElement::basis(sphere, d1, k)?;
                match multiply(&h.c, &y) {
                    Some(p) => span.push(p.vector),
                    None => known = false,
                }
            }
            if !known {
                continue;
            }
            let indeterminacy = sphere.prime().span(value.vector.len(), span);
            let m = MasseyProduct {
                value,
                indeterminacy,
            };
            out.push((x, m));
        }
    }
    Ok(out)
}

/// `dim Ext` of `res` at the bidegree of `b·x` for `x` at `at` (0 outside the resolved
/// range, where the products are `None` and nothing is read).
fn product_dim<M: LiftModule>(res: &Resolution<M>, b: &ExtOf<M>, at: Bidegree) -> usize {
    let product = Bidegree::s_t(at.s() + b.bidegree.s(), at.t() + b.bidegree.t());
    match is_resolved(res, product) {
        true => res.number_of_gens(product),
        false => 0,
    }
}

/// The range form over a module that is not the sphere: one Massey product per class `x`
/// (see the module docs).
fn over_module<'a, M: LiftModule>(
    module: &'a Resolution<M>,
    tgt: &LiftTarget<'a, M>,
    a: &ExtOf<M>,
    b: &ExtOf<M>,
) -> Result<RangeForm<M>, ChainMapError> {
    let sphere = tgt.resolution();
    let (sa, sb) = (a.bidegree.s(), b.bidegree.s());
    let ab =
        multiply(&lift_class(sphere, tgt, b, sa + 1)?, a).ok_or(ChainMapError::OutOfRange {
            what: "the product a·b".into(),
            at: Bidegree::s_t(sa + sb, a.bidegree.t() + b.bidegree.t()),
        })?;
    if !ab.is_zero() {
        return Err(ChainMapError::ProductNotZero { which: "a·b" });
    }
    let mut out = Vec::new();
    for e in module.ext() {
        let value_at = Bidegree::s_t(sa + sb + e.s() - 1, a.bidegree.t() + b.bidegree.t() + e.t());
        if sa + sb + e.s() == 0 || !is_resolved(module, value_at) {
            continue;
        }
        let ys: Vec<ExtOf<M>> = (0..e.dim)
            .map(|k| ExtElement::basis(module, e.bidegree, k))
            .collect::<Result<_, _>>()?;
        let levels: Vec<(&ExtOf<M>, u32)> = ys.iter().map(|y| (y, sb + 1)).collect();
        let products = lift_classes(module, tgt, &levels)?
            .iter()
            .map(|y_map| multiply(y_map, b))
            .collect();
        let cols = product_dim(module, b, e.bidegree);
        for x in classes_killed::<M>(module.prime(), e.bidegree, products, cols) {
            match massey_product(module, tgt, a, b, &x) {
                Ok(m) => out.push((x, m)),
                Err(ChainMapError::OutOfRange { .. }) => continue,
                Err(e) => return Err(e),
            }
        }
    }
    Ok(out)
}
