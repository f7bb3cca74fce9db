//! Products by `a_0 ∈ Ext^{1,1}` (dual to `β = Q_0`) and `h_0 ∈ Ext^{1,2(p−1)}` (dual to
//! `P^1`) at an odd prime, read off the minimal resolution without lifting — the products
//! an odd-primary Adams chart draws.
//!
//! The argument of [`crate::products`] holds over F_p: with `g'` running over the
//! generators of `C_{s+1}` in degree `t + |op|` (`op = β` or `P^1`),
//! `x · g* = Σ_{g'} [coefficient of op·g in d(g')] · g'*`, because the dual basis elements
//! `τ_0` (of `β`) and `ξ_1` (of `P^1`) of the dual Steenrod algebra are primitive (Milnor,
//! "The Steenrod algebra and its dual", 1958, §6), so they see exactly the coefficient of
//! `op·g`. A product whose target bidegree lies outside the range is unknown (`None`).

use fp::{FqMatrix, Prime, ValidPrime};
use steenrod::OddMilnorAlgebra;

use crate::products::{is_resolved, ExtClass};
use crate::Bidegree;
use crate::Resolution;
use steenrod::module::OddModule;

/// The products an odd-primary chart draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OddProduct {
    /// `a_0` at (stem 0, s 1), dual to `β`.
    A0,
    /// `h_0` at (stem `2p − 3`, s 1), dual to `P^1`.
    H0,
}

impl OddProduct {
    /// Both, in chart order.
    pub const ALL: [OddProduct; 2] = [OddProduct::A0, OddProduct::H0];

    /// The name in charts: `a0`, `h0`.
    pub fn name(self) -> &'static str {
        match self {
            OddProduct::A0 => "a0",
            OddProduct::H0 => "h0",
        }
    }

    /// Internal degree of the class: 1, or `2(p − 1)`.
    pub fn degree(self, p: ValidPrime) -> i32 {
        match self {
            OddProduct::A0 => 1,
            OddProduct::H0 => 2 * (p.value() as i32 - 1),
        }
    }

    /// Stem of the class: 0, or `2p − 3`.
    pub fn stem(self, p: ValidPrime) -> i32 {
        self.degree(p) - 1
    }

    /// The bidegree a product by this class lands in, from `b`.
    pub fn target(self, p: ValidPrime, b: Bidegree) -> Bidegree {
        Bidegree::s_t(b.s() + 1, b.t() + self.degree(p))
    }

    fn op(self) -> steenrod::MilnorQP {
        match self {
            OddProduct::A0 => OddMilnorAlgebra::beta(),
            OddProduct::H0 => OddMilnorAlgebra::p_power(1),
        }
    }
}

/// The matrix of `x · − : Ext^{s,t} → Ext^{s+1, t+|x|}` in the dual-generator bases
/// (`dim Ext^{s,t}` rows, `dim` of the target columns); `None` when either bidegree was not
/// resolved, or over a sub-Hopf algebra without `x`'s operation (unknown, not zero).
pub fn product_matrix(
    res: &Resolution<OddModule>,
    x: OddProduct,
    source: Bidegree,
) -> Option<FqMatrix<ValidPrime>> {
    let p = res.prime();
    // Over a sub-Hopf algebra without β or P^1 there is no a_0 or h_0: unknown, not zero.
    res.algebra().try_index_of(x.degree(p) as u32, &x.op())?;
    let target = x.target(p, source);
    if !is_resolved(res, source) || !is_resolved(res, target) {
        return None;
    }
    let lower = res.free_module(source.s());
    let first = lower.gens_below(source.t());
    let n_source = lower.gens_in_degree(source.t());
    let cols = res.free_module(target.s()).gens(target.t());
    let mut m = FqMatrix::new(p, n_source, cols.len());
    if n_source == 0 || cols.is_empty() {
        return Some(m);
    }
    let alg = res.algebra();
    let offsets = lower.offsets(alg, target.t(), first + n_source);
    let within = alg.index_of(x.degree(p) as u32, &x.op());
    for (col, dg) in cols.iter().enumerate() {
        for k in 0..n_source {
            let at = offsets[first + k] + within;
            if at < dg.value.len() {
                m.set_entry(k, col, dg.value.entry(at));
            }
        }
    }
    Some(m)
}

/// One class with its products by `a_0` and `h_0` (order of [`OddProduct::ALL`]):
/// `Some(terms)` — the product is `Σ c·(class index)` over `(index, c)`, `c` in `1..p`
/// (empty: 0) — or `None` when the target bidegree is outside the range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OddClassProducts {
    /// The class.
    pub class: ExtClass,
    /// Products by `a_0`, `h_0`.
    pub products: Vec<Option<Vec<(usize, u32)>>>,
}

/// Every class of the resolved range (by stem, `s`, index) with its `a_0`, `h_0` products.
pub fn chart_products(res: &Resolution<OddModule>) -> Vec<OddClassProducts> {
    let mut out = Vec::new();
    for e in res.ext() {
        let matrices: Vec<Option<FqMatrix<ValidPrime>>> = OddProduct::ALL
            .iter()
            .map(|&x| product_matrix(res, x, e.bidegree))
            .collect();
        for index in 0..e.dim {
            let products = matrices
                .iter()
                .map(|m| m.as_ref().map(|m| m.row(index).iter_nonzero().collect()))
                .collect();
            out.push(OddClassProducts {
                class: ExtClass {
                    stem: e.stem(),
                    s: e.s(),
                    t: e.t(),
                    index,
                },
                products,
            });
        }
    }
    out
}
