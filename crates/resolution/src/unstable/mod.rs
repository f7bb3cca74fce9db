//! Ext in the category `U` of unstable modules over the mod 2 Steenrod algebra: the E2
//! page of the unstable Adams spectral sequence of a sphere `S^N`, by a minimal resolution
//! of `H̃^*(S^N)` by free unstable modules.
//!
//! The free unstable module `F(k)` on a class `ι_k` of degree `k` is `A/I_k · ι_k`, `I_k`
//! the span of the admissible monomials of excess `> k` (Massey–Peterson; Schwartz,
//! "Unstable modules over the Steenrod algebra and Sullivan's fixed point set
//! conjecture", §1.6). In the Milnor basis `I_k` is the span of the `Sq(R)` of excess
//! `Σ r_i > k` (Kraines, "On excess in the Milnor basis", Bull. LMS 3, 1971), so
//! `F(k)_{k+d}` has the basis `Sq(R) ι_k`, `|R| = d`, `Σ r_i ≤ k` ([`excess`],
//! [`free_basis`]), and `Sq(S)·Sq(R) ι_k` is the Milnor product with its terms of excess
//! `> k` dropped.
//!
//! A minimal resolution `… → C_1 → C_0 → H̃^*(S^N)` with each `C_s` a sum of `F(k)`s gives
//! `Ext_U^{s,t}` as the number of summands `F(t)` of `C_s` ([`resolve_sphere`]); stems are
//! absolute, `t − s`, the bottom class at stem `N` as the field's unstable charts draw it.
//! The classical algorithm of the stable resolution (kernel of `d_{s−1}` modulo the image of
//! `d_s`, one internal degree at a time) with these modules in place of free `A`-modules.

mod free;
mod resolve;

pub use free::{excess, free_basis};
pub use resolve::{resolve_sphere, UnstableExt};
