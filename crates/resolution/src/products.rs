//! Products by the classes of `Ext^1` of the sphere dual to primitives of the dual Steenrod
//! algebra — the Hopf classes `h_i` (`h0`, `h1`, `h2`, … of an Adams chart) at every prime
//! and `a_0` at odd primes — read off a minimal resolution without lifting.
//!
//! **The formula.** `Ext^{s,t}(M)` has the basis dual to the generators of `C_s` in degree
//! `t` (the class `g*` is 1 on `g` and 0 on every other generator; minimality makes every
//! such cochain a cocycle and no two cohomologous). With `g'` running over the generators
//! of `C_{s+1}` in degree `t + 2^i`,
//!
//! ```text
//! h_i · g* = Σ_{g'} [coefficient of Sq(2^i)·g in d(g')] · g'*.
//! ```
//!
//! Why: lift `g*` to a chain map `f` from `C_{s+•}` to the minimal resolution `P_•` of
//! `F_2`, with `f_0(g) = ι` (the generator of `P_0 = A`) and `f_0 = 0` on the other
//! generators; `h_i · g*` evaluated on `g'` is the coefficient of the generator `γ_i`
//! (`d γ_i = Sq(2^i) ι`) in `f_1(g')`, an element of `P_1` of internal degree `2^i`.
//! Apply the dual Milnor basis element `ξ_1^{2^i}` to the coefficient of `ι` in
//! `d f_1(g') = f_0(d g')`. It is primitive, so it vanishes on products of two
//! positive-degree elements (`d` of the terms `a·γ_j`, `|a| > 0`, of `f_1(g')`), leaving
//! exactly the coefficient of `γ_i`; on the other side it reads the coefficient of
//! `Sq(2^i)` in the terms `Sq(R)·g` of `d(g')`. No lifting is computed: only the stored
//! differentials are read. (Milnor, "The Steenrod algebra and its dual", Ann. of Math. 67
//! (1958): `ξ_1^{2^i}` dual to `Sq(2^i)`, primitive; cf. R. Bruner,
//! "Calculation of large Ext modules", 1993, on products from minimal resolutions.)
//!
//! **Odd primes.** The same argument holds over F_p with `op` = `P^{p^i}` (dual to
//! `ξ_1^{p^i}`, primitive since `Δξ_1 = ξ_1 ⊗ 1 + 1 ⊗ ξ_1` and the p-th power is additive
//! in characteristic p) for `h_i ∈ Ext^{1, 2(p−1)p^i}`, and `op` = `β` (dual to `τ_0`,
//! primitive) for `a_0 ∈ Ext^{1,1}` (Milnor 1958, §6): the coefficient of `op·g` in
//! `d(g')`, a number in `0..p`, is the coordinate on `g'*` of the product of `g*` by `x`
//! (the Yoneda composite of the lift of `g*` with `x`, [`crate::chain_map::yoneda::multiply`]).
//!
//! **Range.** A class exists only inside the resolved range (`s ≤ max_s`, stem `≤
//! max_stem`). Multiplication by `h_i` raises `s` by 1 and the stem by `|h_i| − 1`, so a
//! product whose target bidegree lies outside the range is *unknown* (not zero): every
//! function here returns `None` for it.

use fp::{Field, MatrixOf, Prime, Vector};
use steenrod::module::FiniteModule;
use steenrod::{Algebra, MilnorAlgebra, Module, PPart, VectorOf};

use crate::chain_map::MatrixOver;
use crate::{Bidegree, ExtEntry, Resolution};
use fp::ValidPrime;
use steenrod::MilnorQP;

/// The largest `i` for which `h_i` is offered: `h_i` has internal degree `2^i` at p = 2,
/// and `2^9 = 512` is beyond [`crate::MAX_ALGEBRA_DEGREE`].
pub const MAX_HOPF_INDEX: u32 = 8;

/// A class of `Ext^1` of the sphere read off the differentials: dual to an element of the
/// Milnor basis whose dual is primitive (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Primitive {
    /// `a_0 ∈ Ext^{1,1}`, dual to `β = Q_0` (odd primes; at p = 2 the class of `Sq^1` is
    /// `h_0`).
    A0,
    /// `h_i`, dual to `Sq(2^i)` at p = 2 (`Ext^{1, 2^i}`) and to `P^{p^i}` at odd p
    /// (`Ext^{1, 2(p−1)p^i}`).
    H(u32),
}

impl Primitive {
    /// The name in charts: `a0`, `h0`, `h1`, ….
    pub fn name(self) -> String {
        match self {
            Primitive::A0 => "a0".into(),
            Primitive::H(i) => format!("h{i}"),
        }
    }

    /// Its internal degree at the prime `p` (`None` for `a_0` at p = 2, and past `i32`).
    pub fn degree(self, p: u32) -> Option<i32> {
        match (self, p) {
            (Primitive::A0, 2) => None,
            (Primitive::A0, _) => Some(1),
            (Primitive::H(i), 2) => 1i32.checked_shl(i).filter(|&t| t > 0),
            (Primitive::H(i), _) => (p as i32)
                .checked_pow(i)
                .and_then(|q| q.checked_mul(2 * (p as i32 - 1))),
        }
    }
}

/// An algebra whose classes [`Primitive`] are read off: the index of the operation dual to
/// each.
pub trait ReadOff: Algebra {
    /// `(|op|, index of op in the basis of A_{|op|})` for the operation `op` dual to `x`;
    /// `None` when the algebra has no such element (a sub-Hopf algebra without it, a
    /// degree past its basis, `a_0` at p = 2).
    fn dual_operation(&self, x: Primitive) -> Option<(u32, usize)>;
}

impl ReadOff for MilnorAlgebra {
    #[inline]
    fn dual_operation(&self, x: Primitive) -> Option<(u32, usize)> {
        // `a_0` has no degree at p = 2.
        let t = x.degree(2)? as u32;
        let op = PPart::from_slice(&[t]);
        (t <= self.max_degree() && self.contains(&op)).then(|| (t, self.index_of(&op)))
    }
}

impl ReadOff for MilnorAlgebra<ValidPrime> {
    fn dual_operation(&self, x: Primitive) -> Option<(u32, usize)> {
        let t = x.degree(self.prime())? as u32;
        let op = match x {
            Primitive::A0 => MilnorQP::beta(),
            Primitive::H(i) => MilnorQP::p_power(self.prime().checked_pow(i)?),
        };
        Some((t, self.try_index_of(t, &op)?))
    }
}

/// One basis class of `Ext^{s,t}`: the dual of the `index`-th generator of `C_s` in degree
/// `t` (generators of one degree in the order the resolution created them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ExtClass {
    /// Stem `n = t − s`.
    pub stem: i32,
    /// Adams filtration.
    pub s: u32,
    /// Internal degree.
    pub t: i32,
    /// Position in the basis of `Ext^{s,t}`, `0..dim`.
    pub index: usize,
}

/// A class together with its products by several [`Primitive`] classes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassProducts {
    /// The class `x`.
    pub class: ExtClass,
    /// For each requested class (in the order asked): `Some(terms)` — the product is
    /// `Σ c·(basis class k)` of the target bidegree over the terms `(k, c)`, `k`
    /// ascending, `c` in `1..p` (always 1 at p = 2; empty means 0) — or `None` when the
    /// target bidegree is outside the resolved range, so the product is unknown.
    pub products: Vec<Option<Vec<(usize, u32)>>>,
}

/// Whether `Ext` at bidegree `b` was computed: inside the configured range and resolved.
pub fn is_resolved<M: Module>(res: &Resolution<M>, b: Bidegree) -> bool {
    let config = res.config();
    b.s() <= config.max_s
        && b.n() <= config.max_stem
        && b.t() >= res.free_module(b.s()).min_degree()
        && res.free_module(b.s()).is_complete(b.t())
}

/// The bidegree a product by `x` lands in from `source` at the prime `p` (`None` when `x`
/// has no degree there, [`Primitive::degree`]).
pub fn target(x: Primitive, p: u32, source: Bidegree) -> Option<Bidegree> {
    let t = source.t().checked_add(x.degree(p)?)?;
    Some(Bidegree::s_t(source.s() + 1, t))
}

/// The matrix of `x · − : Ext^{s,t} → Ext^{s+1, t+|x|}` in the dual-generator bases:
/// `dim Ext^{s,t}` rows, `dim Ext^{s+1,t+|x|}` columns; row `k` is `x` times the `k`-th
/// class of `source`, entries in `0..p`.
///
/// `None` when `source` or its target bidegree was not resolved (outside the range, or the
/// resolution has not been run), and over an algebra without `x`'s operation (a sub-Hopf
/// algebra; `a_0` at p = 2): such products are unknown, not zero.
pub fn product_matrix<M: Module>(
    res: &Resolution<M>,
    x: Primitive,
    source: Bidegree,
) -> Option<MatrixOver<M>>
where
    M::Algebra: ReadOff,
{
    let alg = res.algebra();
    let (_, within) = alg.dual_operation(x)?;
    let target = target(x, res.prime().value(), source)?;
    if !is_resolved(res, source) || !is_resolved(res, target) {
        return None;
    }
    let lower = res.free_module(source.s());
    let first = lower.gens_below(source.t());
    let n_source = lower.gens_in_degree(source.t());
    let cols = res.free_module(target.s()).gens(target.t());
    let mut m = res.prime().zero_matrix(n_source, cols.len());
    if n_source == 0 || cols.is_empty() {
        return Some(m);
    }
    // `d(g')` lives in the basis of (C_s)_{t'} spanned by generators of degree < t'; the
    // block of generator `first + k` starts at offsets[first + k], and `op` sits at its
    // index within the basis of A_{|op|}.
    let offsets = lower.offsets(alg, target.t(), first + n_source);
    for (col, dg) in cols.iter().enumerate() {
        for k in 0..n_source {
            let at = offsets[first + k] + within;
            if at < dg.value.len() {
                let c = dg.value.entry(at);
                if c != 0 {
                    m.set_entry(k, col, c);
                }
            }
        }
    }
    Some(m)
}

/// `x · v` for an element `v` of `Ext^{s,t}` given by its coordinates (length `dim
/// Ext^{s,t}`): its coordinates in `Ext^{s+1, t+|x|}`. `None` when either bidegree was not
/// resolved (see [`product_matrix`]). Panics if `v` has the wrong length.
pub fn multiply_by<M: Module>(
    res: &Resolution<M>,
    x: Primitive,
    source: Bidegree,
    v: &VectorOf<M>,
) -> Option<VectorOf<M>>
where
    M::Algebra: ReadOff,
{
    let m = product_matrix(res, x, source)?;
    assert_eq!(
        v.len(),
        m.rows(),
        "{} at {source}: element of length {}, Ext has dimension {}",
        x.name(),
        v.len(),
        m.rows()
    );
    let mut out = res.prime().zero_vector(m.cols());
    for (k, c) in v.nonzero_entries() {
        out.add_scaled_at(&m.row_vector(k), c, 0);
    }
    Some(out)
}

/// [`product_matrix`] for `h_i` at p = 2 (rows and columns as there). Panics if `i >
/// MAX_HOPF_INDEX`.
pub fn h_matrix(res: &Resolution<FiniteModule>, i: u32, source: Bidegree) -> Option<fp::Matrix> {
    assert!(
        i <= MAX_HOPF_INDEX,
        "h_{i}: only h_0 … h_{MAX_HOPF_INDEX} are offered"
    );
    product_matrix(res, Primitive::H(i), source)
}

/// [`multiply_by`] `h_i` at p = 2. Panics if `i > MAX_HOPF_INDEX` or `x` has the wrong
/// length.
pub fn h_multiply(
    res: &Resolution<FiniteModule>,
    i: u32,
    source: Bidegree,
    x: &fp::FpVector,
) -> Option<fp::FpVector> {
    assert!(
        i <= MAX_HOPF_INDEX,
        "h_{i}: only h_0 … h_{MAX_HOPF_INDEX} are offered"
    );
    multiply_by(res, Primitive::H(i), source, x)
}

/// Every class of the resolved range, ordered by stem, then `s`, then index, with its
/// products by each class of `xs` (e.g. `h0`, `h1`, `h2` for an Adams chart at p = 2,
/// `a0`, `h0` at odd p).
///
/// Cost: one pass over the stored differentials of each target bidegree per class —
/// small next to the resolution itself.
pub fn chart_products<M: Module>(res: &Resolution<M>, xs: &[Primitive]) -> Vec<ClassProducts>
where
    M::Algebra: ReadOff,
{
    let mut out = Vec::new();
    for e in res.ext() {
        class_products(res, e, xs, &mut out);
    }
    out
}

/// The classes of the Ext entry `e` with their products by `xs`, appended to `out`
/// (what [`chart_products`] does for each entry). Panics when the row above `e` is
/// spilled ([`crate::FreeModule::gens`]).
pub(crate) fn class_products<M: Module>(
    res: &Resolution<M>,
    e: ExtEntry,
    xs: &[Primitive],
    out: &mut Vec<ClassProducts>,
) where
    M::Algebra: ReadOff,
{
    let matrices: Vec<Option<MatrixOver<M>>> = xs
        .iter()
        .map(|&x| product_matrix(res, x, e.bidegree))
        .collect();
    for index in 0..e.dim {
        let products = matrices
            .iter()
            .map(|m| {
                m.as_ref()
                    .map(|m| m.row_vector(index).nonzero_entries().collect())
            })
            .collect();
        out.push(ClassProducts {
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
