//! C-motivic Ext at p = 2: `Ext_{A^C}(M_2, M_2)` over the C-motivic Steenrod algebra
//! ([`steenrod::motivic`]), trigraded by `(s, t, w)`, as a module over `F_2[τ]`, and the
//! Ext of the cofiber of `τ`.
//!
//! * [`MotivicResolution`]: the minimal resolution of `M_2 = F_2[τ]` over `A^C`, each
//!   generator with its weight.
//! * [`MotivicExt`]: `Ext_{A^C}(M_2, M_2)` from it, its summands `F_2[τ]` and
//!   `F_2[τ]/τ^k` by generator weight, and the products by `h_0`, `h_1`, `h_2` (weights 0,
//!   1, 2). Inverting `τ` gives classical Ext (Dugger–Isaksen, "The motivic Adams spectral
//!   sequence", Geom. Topol. 14 (2010), §2): the free summands of `Ext^{s,t}` are as many
//!   as `dim Ext_A^{s,t}`.
//! * [`ctau`]: `Ext_{A^C}` of the cofiber `Cτ` of `τ`, which the field uses as the
//!   Adams–Novikov E2 page (Gheorghe–Wang–Xu, "The special fiber of the motivic
//!   deformation of the stable homotopy category is algebraic", Acta Math. 226 (2021)):
//!   `Ext_{A^C}(M_2, M_2/τ) = Ext_{A^C/τ}(F_2, F_2)` by change of rings, whose basis in
//!   `(s, t, w)` is the generators of the minimal resolution there (`Hom_{A^C}(C_s,
//!   M_2/τ)` has no differential, the terms `τ^k·h`, `k ≥ 1`, vanishing mod `τ`).
//!
//! Gradings: `t` the internal degree, stem `t − s`, weight `w` with `h_i` in weight
//! `2^{i−1}` (`h_0` in 0) and `τ ∈ Ext^{0,0,−1}` (Isaksen, "Stable stems", Mem. AMS 262
//! (2019), §2.1).

mod ext;
mod products;
mod resolution;

pub use ext::{MotivicExt, Product, Summand};
pub use resolution::{Generator, MotivicResolution, Term};

use std::collections::BTreeMap;

/// `dim Ext_{A^C}^{s,t,w}(Cτ)` — the number of generators of the minimal resolution of
/// `M_2` in `(s, t, w)` — for `s ≤ max_s` and stem `t − s ≤ max_stem`, keyed by `(stem, s,
/// w)`.
pub fn ctau(
    res: &MotivicResolution,
    max_stem: i32,
    max_s: u32,
) -> BTreeMap<(i32, u32, u32), usize> {
    let mut out = BTreeMap::new();
    for s in 0..=max_s.min(res.range().0) {
        for g in res.generators(s) {
            let n = g.degree - s as i32;
            if n <= max_stem {
                *out.entry((n, s, g.weight)).or_insert(0) += 1;
            }
        }
    }
    out
}

/// Resolves and computes `Ext_{A^C}(M_2, M_2)` for `s ≤ max_s`, stem `≤ max_stem`: the
/// resolution through `s ≤ max_s + 1` and `t ≤ max_stem + max_s` (a class at `(s, t)` needs
/// `δ` into and out of it, from rows `s ± 1` in degree `t`; and row `s` in degree `t` needs
/// row `s − 1` there, so the rows are resolved through the same `t`, a rectangle).
///
/// `progress(k, of)` is called when the anti-diagonal `s + t = k` of the `of` is finished.
pub fn resolve_sphere(
    max_stem: i32,
    max_s: u32,
    progress: impl FnMut(i32, i32),
) -> (MotivicResolution, MotivicExt) {
    let res = MotivicResolution::resolve_with(max_s + 1, max_stem + max_s as i32, progress);
    let ext = MotivicExt::new(&res, max_stem, max_s);
    (res, ext)
}
