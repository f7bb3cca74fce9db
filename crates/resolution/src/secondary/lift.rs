//! Steps 1–2 of the secondary resolution (docs/design/d2.md §2) and the read-off of `d2`
//! on `Ext^1` of the sphere.

use std::borrow::Cow;
use std::collections::BTreeMap;

use fp::FpVector;
use rayon::prelude::*;
use steenrod::PPart;

use super::action::Acting;
use super::kernel::KernelElement;
use crate::{Bidegree, Resolution};

/// The composite `c_s(g)`: one element of `ker(B_0 → A)` per generator of `C_{s−2}`,
/// keyed by the generator's index.
pub type Composite = BTreeMap<u32, KernelElement>;

/// Why a secondary computation could not be done.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SecondaryError {
    /// The module is not the sphere `F_2` (one class, in degree 0): [`d2_on_h`] reads
    /// `d2` on the sphere's `h_j` only.
    #[error("d2: module {module}: this read-off of d2 on h_j is for the sphere S_2 only")]
    NotSphere {
        /// The module's name.
        module: String,
    },
    /// A module at an odd prime: the secondary Steenrod algebra lifted here is Nassau's
    /// model at p = 2.
    #[error("d2: module {module}: d2 is computed at p = 2 only (the secondary Steenrod algebra used is Nassau's model at p = 2)")]
    OddPrime {
        /// The module's name.
        module: String,
    },
    /// The resolution is over a sub-Hopf algebra `A(n)` (a profile): the secondary
    /// Steenrod algebra lifted here is that of the whole of `A`.
    #[error("d2: module {module}: the resolution is over a sub-Hopf algebra (a profile); d2 needs a resolution over the whole Steenrod algebra A")]
    SubAlgebra {
        /// The module's name.
        module: String,
    },
    /// At `s = 3` the right side `I_3(g) ∈ C_0` is not in the image of `d_1`, i.e. its
    /// image in the module is not zero: the module's action of `A` lifts to no module
    /// over the secondary Steenrod algebra with `λ_2 = 0` (for a cone `C(f)` on a class
    /// `f` of `Ext^1`, `f` is not a `d2`-cycle; Chua, arXiv:2105.07628, the secondary
    /// resolution of a module). `d2` is not defined by this lift, so none is given.
    #[error("d2: module {module}: the secondary lift is obstructed at {at}: I_3 of generator {gen} is not in the image of d_1 (its image in the module is not zero), so the module's A-action lifts to no secondary structure with λ_2 = 0 (e.g. a cone on a class with d2 ≠ 0)")]
    Obstructed {
        /// The module's name.
        module: String,
        /// The generator's bidegree (`s = 3`).
        at: Bidegree,
        /// Its index among the generators of `C_3`.
        gen: usize,
    },
    /// A bidegree the computation needs was not resolved.
    #[error("d2: {at} is outside the resolved range")]
    OutOfRange {
        /// The missing bidegree.
        at: Bidegree,
    },
    /// The right side of `d_{s−2} λ_s(g) = …` is not in the image of `d_{s−2}`: the
    /// secondary structure used is inconsistent with the resolution.
    #[error("d2: at {at}, generator {gen} does not lift to the secondary resolution")]
    NoLift {
        /// The generator's bidegree.
        at: Bidegree,
        /// Its index among the generators of `C_s`.
        gen: usize,
    },
    /// `σ(d_{s−1})σ(d_s)` on a generator does not lie over `0 ∈ A`: `d∘d ≠ 0`.
    #[error("d2: at {at}, d∘d is not zero on generator {gen}")]
    NotAComplex {
        /// The generator's bidegree.
        at: Bidegree,
        /// Its index among the generators of `C_s`.
        gen: usize,
    },
}

/// Step 1: the composite `c_s(g) = Σ σ(a_1)σ(a_2)·g''` over the terms `a_1 g'` of
/// `d_s(g)` and `a_2 g''` of `d_{s−1}(g')`, one element of `ker(B_0 → A)` per generator
/// `g''` of `C_{s−2}` (keyed by its index). `g` is the index of a generator of `C_s`,
/// `s ≥ 2`. Reads only `d_s` and `d_{s−1}` (Chua, arXiv:2105.07628, the secondary
/// resolution; docs/design/d2.md §2, step 1).
pub fn composite(res: &Resolution, s: u32, g: usize) -> Result<Composite, SecondaryError> {
    let algebra = res.algebra();
    let (t, dg) = res.free_module(s).differential(g);
    let below = res.free_module(s - 1);
    let target = res.free_module(s - 2);
    let mut out: BTreeMap<u32, KernelElement> = BTreeMap::new();
    // d_{s−1}(g') as its coefficients (g'', Σ Sq(S)), once per g'.
    let mut coefficients: BTreeMap<u32, BTreeMap<u32, Vec<PPart>>> = BTreeMap::new();
    for term1 in &dg.terms {
        let of_g1 = coefficients.entry(term1.gen).or_insert_with(|| {
            let mut by_gen: BTreeMap<u32, Vec<PPart>> = BTreeMap::new();
            for term2 in &below.differential(term1.gen as usize).1.terms {
                by_gen.entry(term2.gen).or_default().push(term2.op());
            }
            by_gen
        });
        for (&g2, ops) in of_g1.iter() {
            let deg = (t - target.differential(g2 as usize).0) as u32;
            out.entry(g2)
                .or_insert_with(|| KernelElement::zero(algebra, deg))
                .add_sigma_products(algebra, &term1.op(), ops);
        }
    }
    if out.values().any(|y| !y.is_in_kernel()) {
        return Err(SecondaryError::NotAComplex {
            at: Bidegree::s_t(s, t),
            gen: g,
        });
    }
    Ok(out)
}

/// Step 2: the intermediate `I_s(g) = Σ_{a_1 g' ∈ d_s g} A(a_1, c_{s−1}(g'))`, a vector
/// of the old part of `(C_{s−3})_{t−1}` (`t = |g|`; basis: generators of degree
/// `< t − 1` in index order, Milnor-basis blocks). `s ≥ 3`. Reads `d_s`, `d_{s−1}`, `d_{s−2}`.
pub fn intermediate(res: &Resolution, s: u32, g: usize) -> Result<FpVector, SecondaryError> {
    intermediate_with(res, s, g, |g1| composite(res, s - 1, g1).map(Cow::Owned))
}

/// [`intermediate`] with the composites `c_{s−1}(g')` supplied by `composite_of`
/// (computed or cached).
pub(crate) fn intermediate_with<'c>(
    res: &Resolution,
    s: u32,
    g: usize,
    composite_of: impl Fn(usize) -> Result<Cow<'c, Composite>, SecondaryError> + Sync,
) -> Result<FpVector, SecondaryError> {
    let algebra = res.algebra();
    let (t, dg) = res.free_module(s).differential(g);
    let bottom = res.free_module(s - 3);
    // Composites and λ reach generators of degree < t − 1 only (positive-degree
    // coefficients), so the old part of (C_{s−3})_{t−1} holds the result.
    let n_gens = bottom.gens_below(t - 1);
    let offsets = bottom.offsets(algebra, t - 1, n_gens);
    let len = offsets[n_gens];
    // A(·, y) is linear: act once with the whole coefficient of each g' in d_s(g).
    let mut coefficients: BTreeMap<u32, Vec<PPart>> = BTreeMap::new();
    for term in &dg.terms {
        coefficients.entry(term.gen).or_default().push(term.op());
    }
    // The g' in parallel (one (s, t) often has a single generator): the sum is a XOR of
    // the parts, the same whatever the order.
    coefficients
        .par_iter()
        .try_fold(
            || FpVector::new(len),
            |mut part, (&g1, ops)| {
                let mut a = Acting::new(algebra, ops);
                for (&g2, y) in composite_of(g1 as usize)?.iter() {
                    part.add_shifted(&a.act(y), offsets[g2 as usize]);
                }
                Ok(part)
            },
        )
        .try_reduce(
            || FpVector::new(len),
            |mut a, b| {
                a.add(&b);
                Ok(a)
            },
        )
}

/// `d2` on `h_j ∈ Ext^{1, 2^j}` of the sphere: its coefficients on the generators of
/// `C_3` in degree `2^j + 1` (the basis of `Ext^{3, 2^j + 1}`), in index order.
///
/// For `s = 3` the homotopy `λ_3(g) ∈ (C_1)_{t−1}` solves `d_1 λ_3(g) = I_3(g)` in
/// `A_{t−1}` (`λ_2 = 0` for the sphere; docs/design/d2.md §2, step 3), and `d2` reads
/// the coefficient of the generator `h_j` of `C_1` in `λ_3(g)` (step 4). Since
/// `d_1(h_j) = Sq(2^j)` and the coefficient of `Sq(2^j)` in the Milnor basis vanishes on
/// decomposables (it is the pairing with the primitive `ξ_1^{2^j}`; Milnor 1958, §6),
/// that coefficient is the coefficient of `Sq(2^j)` in `I_3(g)`.
pub fn d2_on_h(res: &Resolution, j: u32) -> Result<Vec<bool>, SecondaryError> {
    let module = res.module();
    if module.min_degree() != 0 || module.total_dim() != 1 {
        return Err(SecondaryError::NotSphere {
            module: module.name().to_string(),
        });
    }
    let t = (1i32 << j) + 1;
    let at = Bidegree::s_t(3, t);
    let c3 = res.free_module(3);
    if !c3.is_complete(t) {
        return Err(SecondaryError::OutOfRange { at });
    }
    let first = c3.gens_below(t);
    let sq = PPart::from_slice(&[1 << j]);
    let idx = res.algebra().index_of(&sq);
    (first..first + c3.gens_in_degree(t))
        .map(|g| Ok(intermediate(res, 3, g)?.get(idx)))
        .collect()
}
