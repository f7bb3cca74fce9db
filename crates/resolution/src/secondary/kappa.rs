//! Baues' derivation `κ` on the Milnor basis.

use fp::FpVector;
use steenrod::{MilnorAlgebra, PPart};

/// `κ(Sq(R)) = Sq(r_1 − 1, r_2, …)`, or `None` (zero) when `r_1 = 0`; degree −1.
///
/// `κ: A → A` is the derivation of degree −1 with `κ(Sq^n) = Sq^{n−1}` that enters the
/// secondary Steenrod algebra as the action of `A` on `2·B_0` (Baues 2006, the algebra of
/// secondary cohomology operations; used by Chua, arXiv:2105.07628, as `A(a, 2) = κ(a)`).
/// In the Milnor basis it is the transpose of multiplication by `ξ_1` in the dual
/// `A_* = F_2[ξ_1, ξ_2, …]` (Milnor 1958, §6: `Sq(R)` is dual to `ξ^R`); as `ξ_1` is
/// primitive, the transpose is a derivation, and it sends `Sq(n)` to `Sq(n − 1)`.
pub fn kappa(r: &PPart) -> Option<PPart> {
    if r.0[0] == 0 {
        return None;
    }
    let mut out = *r;
    out.0[0] -= 1;
    Some(out)
}

/// `κ(a)` for `a ∈ A_t` given over `algebra.basis(t)`: a vector over `basis(t − 1)`
/// (length 0 when `t = 0`). Panics if `a.len() != algebra.dim(t)`.
pub fn kappa_element(algebra: &MilnorAlgebra, t: u32, a: &FpVector) -> FpVector {
    assert_eq!(a.len(), algebra.dim(t), "kappa_element: wrong length");
    if t == 0 {
        return FpVector::new(0);
    }
    let mut out = FpVector::new(algebra.dim(t - 1));
    for i in a.iter_ones() {
        if let Some(k) = kappa(&algebra.basis(t)[i]) {
            out.flip(algebra.index_of(&k));
        }
    }
    out
}
