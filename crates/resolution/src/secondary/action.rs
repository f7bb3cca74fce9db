//! The action `A(a, y) ∈ π_1 B = ΣA` of `A` on `ker(B_0 → A)`.

use std::collections::BTreeMap;

use fp::FpVector;
use steenrod::{LeftFactor, MilnorAlgebra, PPart};

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
    let mut out = FpVector::new(algebra.dim(r.degree() + y_degree(k, l) - 1));
    add_a_on_y(algebra, r, k, l, &mut out);
    out
}

/// Adds [`a_on_y`]`(r, k, l)` to `out` (a vector over `basis(|R| + 2^k + 2^l − 2)`).
fn add_a_on_y(algebra: &MilnorAlgebra, r: &PPart, k: u32, l: u32, out: &mut FpVector) {
    assert!(k < l, "a_on_y: Y_{{{k},{l}}} needs k < l");
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
            algebra.multiply_basis_into(&t, &r2, out.limbs_mut(), 0);
        }
    }
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
    act_sum(algebra, std::slice::from_ref(r), y)
}

/// `A(a, y)` for `a = Σ_{R ∈ rs} Sq(R)` (all `R` of one degree): [`act`] is linear in
/// `a`, so the sums `κ(a)` and `Σ_R A(Sq R, Y_{k,l})` are formed first and each is
/// multiplied by its factor of `y` once (the products of `A` cancel in pairs across the
/// `R` before they are made). A vector over `basis(|R| + |y| − 1)`. Panics if `rs` is
/// empty or if `y` is not in the kernel.
pub(crate) fn act_sum(algebra: &MilnorAlgebra, rs: &[PPart], y: &KernelElement) -> FpVector {
    Acting::new(algebra, rs).act(y)
}

/// One left factor `a = Σ_{R ∈ rs} Sq(R)` acting on many `y` ([`act_sum`] for each): its
/// `κ(a)` and its `A(a, Y_{k,l})` are formed once, on first use, with the admissible
/// matrices of their basis elements.
pub(crate) struct Acting<'a> {
    algebra: &'a MilnorAlgebra,
    rs: &'a [PPart],
    /// `|R|`.
    degree: u32,
    /// `κ(a)` over `basis(|R| − 1)`, as its basis elements' tables.
    kappa: Option<Left<'a>>,
    /// `A(a, Y_{k,l})` by `(k, l)`.
    on_y: BTreeMap<(u32, u32), Left<'a>>,
}

/// An element of `A` as the left factor of products: its basis elements as
/// [`LeftFactor`]s (each table looked up once).
struct Left<'a> {
    terms: Vec<LeftFactor<'a>>,
}

impl<'a> Left<'a> {
    fn new(algebra: &'a MilnorAlgebra, degree: u32, v: &FpVector) -> Self {
        let basis = algebra.basis(degree);
        let terms = v
            .iter_ones()
            .map(|i| algebra.left_factor(&basis[i]))
            .collect();
        Left { terms }
    }

    /// Adds `self · b` to `out` (`b` over `basis(b_deg)`, `out` over the basis of the
    /// product's degree).
    fn multiply_into(&self, algebra: &MilnorAlgebra, b_deg: u32, b: &FpVector, out: &mut FpVector) {
        let bb = algebra.basis(b_deg);
        for left in &self.terms {
            for j in b.iter_ones() {
                algebra.for_each_term_index(left, &bb[j], b_deg, |i| out.flip(i));
            }
        }
    }
}

impl<'a> Acting<'a> {
    /// `a = Σ_{R ∈ rs} Sq(R)`. Panics if `rs` is empty.
    pub(crate) fn new(algebra: &'a MilnorAlgebra, rs: &'a [PPart]) -> Self {
        let degree = rs[0].degree();
        debug_assert!(
            rs.iter().all(|r| r.degree() == degree),
            "act_sum: mixed degrees"
        );
        Acting {
            algebra,
            rs,
            degree,
            kappa: None,
            on_y: BTreeMap::new(),
        }
    }

    /// `A(a, y)`, a vector over `basis(|R| + |y| − 1)`. Panics if `y` is not in the kernel.
    pub(crate) fn act(&mut self, y: &KernelElement) -> FpVector {
        let (algebra, rd) = (self.algebra, self.degree);
        let deg = rd + y.degree() - 1;
        let mut out = FpVector::new(algebra.dim(deg));
        if rd == 0 {
            return out;
        }
        let twos = y.twos();
        if !twos.is_zero() {
            let rs = self.rs;
            let ka = self.kappa.get_or_insert_with(|| {
                let mut ka = FpVector::new(algebra.dim(rd - 1));
                for kr in rs.iter().filter_map(kappa) {
                    ka.flip(algebra.index_of(&kr));
                }
                Left::new(algebra, rd - 1, &ka)
            });
            ka.multiply_into(algebra, y.degree(), &twos, &mut out);
        }
        for ((k, l), v) in y.ys() {
            let rs = self.rs;
            let a = self.on_y.entry((k, l)).or_insert_with(|| {
                let a_deg = rd + y_degree(k, l) - 1;
                let mut a = FpVector::new(algebra.dim(a_deg));
                for r in rs {
                    add_a_on_y(algebra, r, k, l, &mut a);
                }
                Left::new(algebra, a_deg, &a)
            });
            let b_deg = y.degree() - y_degree(k, l);
            a.multiply_into(algebra, b_deg, v, &mut out);
        }
        out
    }
}
