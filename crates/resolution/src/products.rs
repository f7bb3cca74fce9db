//! Products by the Hopf classes `h_i ∈ Ext^{1, 2^i}` (`h0`, `h1`, `h2`, … of an Adams
//! chart), read off a minimal resolution without lifting.
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
//! **Range.** A class exists only inside the resolved range (`s ≤ max_s`, stem `≤
//! max_stem`). Multiplication by `h_i` raises `s` by 1 and the stem by `2^i − 1`, so a
//! product whose target bidegree lies outside the range is *unknown* (not zero): every
//! function here returns `None` for it.

use fp::{FpVector, Matrix};
use steenrod::PPart;

use crate::{Bidegree, Resolution};

/// The largest `i` for which `h_i` is offered: `h_i` has internal degree `2^i`, and
/// `2^9 = 512` is beyond [`crate::MAX_ALGEBRA_DEGREE`].
pub const MAX_HOPF_INDEX: u32 = 8;

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

/// A class together with its products by several `h_i`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClassProducts {
    /// The class `x`.
    pub class: ExtClass,
    /// For each requested `h_i` (in the order asked): `Some(ones)` — `h_i · x` is the sum
    /// of the basis classes of the target bidegree `(s + 1, t + 2^i)` at these indices
    /// (ascending; empty means `h_i · x = 0`) — or `None` when the target bidegree is
    /// outside the resolved range, so the product is unknown.
    pub products: Vec<Option<Vec<usize>>>,
}

/// Whether `Ext` at bidegree `b` was computed: inside the configured range and resolved.
pub fn is_resolved<M: steenrod::Module>(res: &Resolution<M>, b: Bidegree) -> bool {
    let config = res.config();
    b.s() <= config.max_s
        && b.n() <= config.max_stem
        && b.t() >= res.free_module(b.s()).min_degree()
        && res.free_module(b.s()).is_complete(b.t())
}

/// The matrix of `h_i · − : Ext^{s,t} → Ext^{s+1, t+2^i}` in the dual-generator bases:
/// `dim Ext^{s,t}` rows, `dim Ext^{s+1,t+2^i}` columns; row `k` is `h_i` times the `k`-th
/// class of `source`.
///
/// `None` when `source` or its target bidegree was not resolved (outside the range, or the
/// resolution has not been run), and over a sub-Hopf algebra without `Sq(2^i)` (no `h_i`
/// there): such products are unknown, not zero. Panics if
/// `i > MAX_HOPF_INDEX`.
pub fn h_matrix(res: &Resolution, i: u32, source: Bidegree) -> Option<Matrix> {
    assert!(
        i <= MAX_HOPF_INDEX,
        "h_{i}: only h_0 … h_{MAX_HOPF_INDEX} are offered"
    );
    // Over a sub-Hopf algebra without Sq(2^i) there is no h_i: unknown, not zero.
    if !res.algebra().contains(&PPart::from_slice(&[1u32 << i])) {
        return None;
    }
    let target = source.times_h(i);
    if !is_resolved(res, source) || !is_resolved(res, target) {
        return None;
    }
    let lower = res.free_module(source.s());
    let first = lower.gens_below(source.t());
    let n_source = lower.gens_in_degree(source.t());
    let cols = res.free_module(target.s()).gens(target.t());
    let mut m = Matrix::new(n_source, cols.len());
    if n_source == 0 || cols.is_empty() {
        return Some(m);
    }
    let alg = res.algebra();
    let op = PPart::from_slice(&[1u32 << i]);
    // `d(g')` lives in the basis of (C_s)_{t'} spanned by generators of degree < t'; the
    // block of generator `first + k` starts at offsets[first + k], and `Sq(2^i)` sits at
    // its index within the Milnor basis of A_{2^i}.
    let offsets = lower.offsets(alg, target.t(), first + n_source);
    let within = alg.index_of(&op);
    for (col, dg) in cols.iter().enumerate() {
        for k in 0..n_source {
            let bit = offsets[first + k] + within;
            if bit < dg.value.len() && dg.value.get(bit) {
                m.set(k, col, true);
            }
        }
    }
    Some(m)
}

/// `h_i · x` for an element `x` of `Ext^{s,t}` given as a vector in its basis (length
/// `dim Ext^{s,t}`): a vector in the basis of `Ext^{s+1, t+2^i}`. `None` when either
/// bidegree was not resolved (see [`h_matrix`]). Panics if `x` has the wrong length.
pub fn h_multiply(res: &Resolution, i: u32, source: Bidegree, x: &FpVector) -> Option<FpVector> {
    let m = h_matrix(res, i, source)?;
    assert_eq!(
        x.len(),
        m.rows(),
        "h_{i} at (s = {}, t = {}): element of length {}, Ext has dimension {}",
        source.s(),
        source.t(),
        x.len(),
        m.rows()
    );
    let mut out = FpVector::new(m.cols());
    for k in x.iter_ones() {
        out.add(&m.row_vector(k));
    }
    Some(out)
}

/// Every class of the resolved range, ordered by stem, then `s`, then index, with its
/// products by `h_i` for each `i` in `hs` (e.g. `&[0, 1, 2]` for an Adams chart).
///
/// Cost: one pass over the stored differentials of each target bidegree per `h_i` —
/// small next to the resolution itself.
pub fn chart_products(res: &Resolution, hs: &[u32]) -> Vec<ClassProducts> {
    let mut out = Vec::new();
    for e in res.ext() {
        let source = e.bidegree;
        let matrices: Vec<Option<Matrix>> = hs.iter().map(|&i| h_matrix(res, i, source)).collect();
        for index in 0..e.dim {
            let products = matrices
                .iter()
                .map(|m| {
                    m.as_ref()
                        .map(|m| m.row_vector(index).iter_ones().collect())
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
    out
}
