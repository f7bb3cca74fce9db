//! The action `A(a, y) ∈ π_1 B = ΣA` of `A` on `ker(B_0 → A)`.

use fp::FpVector;
use steenrod::{MilnorAlgebra, PPart};

use super::kappa::kappa;
use super::kernel::{y_degree, KernelElement};

/// `A(Sq(R), Y_{k,l})` (`k < l`), an element of `A` in degree `|R| + 2^k + 2^l − 2`:
///
/// ```text
/// A(Sq R, Y_{k,l}) = Σ_{i, j ≥ 0, l + j ≤ k + i} Sq(e_{k+i} + e_{l+j}) · Sq(R − 2^k e_i − 2^l e_j)
/// ```
///
/// (`e_0 := 0`; terms with a negative entry are absent), as in Chua, arXiv:2105.07628
/// (the action on the `Y` generators in Nassau's model).
pub fn a_on_y(algebra: &MilnorAlgebra, r: &PPart, k: u32, l: u32) -> FpVector {
    assert!(k < l, "a_on_y: Y_{{{k},{l}}} needs k < l");
    let deg = r.degree() + y_degree(k, l) - 1;
    let mut out = FpVector::new(algebra.dim(deg));
    let len = steenrod::MAX_PPART_LEN as u32;
    for i in 0..=len {
        if k + i < l || k + i > len {
            continue;
        }
        let Some(r1) = subtract(r, i, 1 << k) else {
            continue;
        };
        for j in 0..=(k + i - l) {
            let Some(r2) = subtract(&r1, j, 1 << l) else {
                continue;
            };
            let mut t = PPart::ONE;
            t.0[(k + i - 1) as usize] += 1;
            t.0[(l + j - 1) as usize] += 1;
            algebra.multiply_basis(&t, &r2, |idx| out.flip(idx));
        }
    }
    out
}

/// `R − amount·e_i` (`R` itself when `i = 0`), or `None` if an entry would be negative.
fn subtract(r: &PPart, i: u32, amount: u32) -> Option<PPart> {
    if i == 0 {
        return Some(*r);
    }
    let mut out = *r;
    let e = &mut out.0[(i - 1) as usize];
    *e = e.checked_sub(amount)?;
    Some(out)
}

/// `A(Sq(R), y)` for `y` in `ker(B_0 → A)`: `κ(Sq R)·x` on the multiples `2σ(x)` (Baues
/// 2006; Chua, arXiv:2105.07628) plus `A(Sq R, Y_{k,l})·y_{k,l}` ([`a_on_y`]) on the `Y`
/// terms. A vector over `basis(|R| + |y| − 1)`. Panics if `y` is not in the kernel
/// ([`KernelElement::is_in_kernel`]).
pub fn act(algebra: &MilnorAlgebra, r: &PPart, y: &KernelElement) -> FpVector {
    let rd = r.degree();
    let deg = rd + y.degree() - 1;
    let mut out = FpVector::new(algebra.dim(deg));
    if rd == 0 {
        return out;
    }
    if let Some(kr) = kappa(r) {
        let twos = y.twos();
        for i in twos.iter_ones() {
            algebra.multiply_basis(&kr, &algebra.basis(y.degree())[i], |idx| out.flip(idx));
        }
    }
    for ((k, l), v) in y.ys() {
        let a = a_on_y(algebra, r, k, l);
        let a_deg = rd + y_degree(k, l) - 1;
        out.add(&algebra.multiply(a_deg, &a, y.degree() - y_degree(k, l), v));
    }
    out
}
