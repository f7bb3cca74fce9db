//! Ext in the category `U` of unstable modules over the Steenrod algebra, by a minimal
//! resolution by free unstable modules, at every prime: the E2 page of the unstable Adams
//! spectral sequence of a space `X` when `H̃^*(X)` is the free unstable algebra on the module
//! (Massey–Peterson) — the spheres at p = 2, the odd spheres at odd p.
//!
//! The free unstable module `F(k)` on a class `ι_k` of degree `k` is `A/I_k · ι_k`, `I_k`
//! the span of the admissible monomials of excess `> k` (Massey–Peterson; Schwartz,
//! "Unstable modules over the Steenrod algebra and Sullivan's fixed point set
//! conjecture", §1.6). In the Milnor basis `I_k` is the span of the elements of excess
//! `> k` — `Σ r_i` for `Sq(R)`, `|E| + 2Σ r_i` for `Q(E)P(R)` (Kraines, "On excess in the
//! Milnor basis", Bull. LMS 3, 1971; [`UnstableAlgebra::excess`]) — so `F(k)_{k+d}` has
//! the basis of `A_d` of excess `≤ k` ([`free_basis`]), and a product is the Milnor
//! product with its terms of excess `> k` dropped.
//!
//! A minimal resolution `… → C_1 → C_0 → M` with each `C_s` a sum of `F(k)`s
//! ([`UnstableResolution`]) gives `Ext_U^{s,t}(M)` as the number of summands `F(t)` of
//! `C_s`; for `M = H̃^*(S^N)` it is the unstable Adams E2 page of the sphere `S^N`
//! ([`resolve_sphere`]). Stems are absolute, `t − s`: the bottom class of `S^N` at stem
//! `N`, as the field's unstable charts draw it. The products by `h_i` (and `a_0`) are read
//! off the differentials as in the stable case ([`crate::products`]): the coefficient of
//! `Sq(2^i)·h` in `d(g)` ([`read_off`]). Also: the suspension `E2(M) → E2(ΣM)` from a chain
//! map between two resolutions ([`suspension`]), the check of exactness and minimality from
//! the stored differentials ([`certify`]), and save and resume ([`save`]).

mod certify;
mod check;
mod excess;
mod field;
mod readoff;
mod resolution;
pub mod save;
mod suspension;

pub use certify::{certify, Certificate};
pub use check::{check_unstable, NotUnstable};
pub use excess::{excess, free_basis, UnstableAlgebra};
pub use field::UnstableField;
pub use readoff::{read_off, ProductTerm};
pub use resolution::{Done, Generator, Term, UnstableResolution};
pub use suspension::{suspension, Map, Suspension};

use std::collections::BTreeMap;

use steenrod::module::FiniteModule;
use steenrod::module::ReadModule;

use crate::Bidegree;

/// `Ext_U^{s,t}(H̃^*(S^N))` at p = 2 in a range, by [`resolve_sphere`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnstableExt {
    /// The sphere's dimension `N`.
    pub sphere: u32,
    /// The largest stem `t − s` (absolute: the bottom class at stem `N`).
    pub max_stem: i32,
    /// The largest filtration.
    pub max_s: u32,
    /// The nonzero dimensions by bidegree (`t` the internal degree).
    pub dims: BTreeMap<Bidegree, usize>,
}

impl UnstableExt {
    /// `dim Ext_U^{s,t}` at `b`: 0 inside the range where nothing was found, `None` outside.
    pub fn dim(&self, b: Bidegree) -> Option<usize> {
        let inside = b.s() <= self.max_s && b.n() <= self.max_stem;
        inside.then(|| self.dims.get(&b).copied().unwrap_or(0))
    }
}

/// The sphere `S^N`'s reduced cohomology at p = 2: F_2 in degree `N`.
pub fn sphere_module(sphere: u32) -> FiniteModule {
    steenrod::MilnorAlgebra::build_derived(
        &format!("S^{sphere}"),
        fp::P2,
        vec![("x0".to_string(), sphere as i32)],
        Vec::new(),
        None,
    )
    .expect("a sphere is an unstable module")
}

/// `Ext_U^{s,t}(H̃^*(S^N))` at p = 2 for `s ≤ max_s` and absolute stem `t − s ≤ max_stem`
/// ([`UnstableResolution::resolve`] on the current rayon pool). Panics if `max_stem +
/// max_s − N` exceeds the algebra's range (510).
pub fn resolve_sphere(sphere: u32, max_stem: i32, max_s: u32) -> UnstableExt {
    let res = UnstableResolution::resolve(sphere_module(sphere), max_stem, max_s);
    UnstableExt {
        sphere,
        max_stem,
        max_s,
        dims: res.dims(),
    }
}
