//! Adams `d2` from the secondary Steenrod algebra (docs/design/d2.md).
//!
//! The plan, step by step with its sources, is `docs/design/d2.md`. In short: the
//! secondary Steenrod algebra of Baues ("The algebra of secondary cohomology
//! operations", Progress in Math. 247, 2006) is a pair algebra `∂: B_1 → B_0` with
//! `coker ∂ = A` and `ker ∂ = ΣA`; Baues–Jibladze ("Secondary derived functors and the
//! Adams spectral sequence", Topology 45 (2006) 295–324) show that Ext over it (the
//! secondary Ext) is the Adams `E3` page, and D. Chua ("The E3 page of the Adams
//! spectral sequence", arXiv:2105.07628) turns Nassau's Milnor-basis model of `B` into
//! an algorithm: lift each differential `d_s` of the minimal resolution to `B_0` and
//! solve, generator by generator, for a homotopy `δ_s: C_s → ΣC_{s−2}` witnessing
//! `d_{s−1} d_s ≃ 0`; `d2` is read off the coefficients of `δ` on generators.
//!
//! What is here so far is algebra-level data of `B_0` in the Milnor basis:
//!
//! * [`integral_product`]: `σ(Sq(R))·σ(Sq(S))` modulo 4 without its correction terms,
//!   i.e. Milnor's product formula (Milnor 1958, Theorem 4b) with its multinomial
//!   coefficients kept modulo 4 instead of modulo 2; this is the "ones and twos" part of
//!   a product in `B_0` (the twos are what `A(·, 2x)` below acts on).
//! * [`kappa`]: Baues' derivation `κ: A → A` of degree −1, `κ(Sq^n) = Sq^{n−1}`, which
//!   gives the action `A(a, 2·x) = κ(a)·x` of `A` on the multiples of 2 in `ker ∂`.
//!
//! * [`KernelElement`]: sums of products `σ(Sq(R))σ(Sq(S))` in `B_0` with their
//!   `Y_{k,l}` correction terms, and [`act`]: `A(a, y) ∈ π_1 B = ΣA` for `y` in
//!   `ker(B_0 → A)` (`κ` on the multiples of 2, [`a_on_y`] on the `Y` terms).
//! * Steps 1–2 of the secondary resolution ([`composite`], [`intermediate`]), the
//!   homotopies `λ_s` for every `s` of a module (the sphere, finite modules, shifts)
//!   and `d2` on every class in range
//!   ([`SecondaryLift`]); [`d2_on_h`], the `s = 3` read-off on `Ext^1`. Checked:
//!   `d2(h_j) = 0` for `j ≤ 3`, `d2(h4) = h0 h3^2`, `d2(h5) = h0 h4^2`,
//!   `d2(e0) = h1^2 d0`, `d2(f0) ≠ 0`, and `d2∘d2 = 0`, `d2(h_i x) = h_i d2(x)`
//!   (`i ≤ 2`) through stem 40, `s ≤ 12`.
//!
//! * The work split by `s` ([`lift_split`], docs/design/d2.md §3) with its per-`s` entry
//!   point [`lift_filtration`]; `λ` kept in a save directory ([`LambdaStore`],
//!   [`lift_saved`]); `E3` ([`e3_dimensions`]); the self-checks ([`check_identities`],
//!   and the Leibniz rule for products by any class of the sphere, [`check_leibniz`]).
//!
//! A module's secondary structure is taken as the one with `λ_2 = 0`; the solve at
//! `s = 3` checks that it exists and names the bidegree where it does not
//! ([`SecondaryError::Obstructed`]). Not here: resolutions over a sub-Hopf algebra.

mod action;
mod checks;
mod driver;
mod e3;
mod homotopy;
mod integral;
mod kappa;
mod kernel;
mod leibniz;
mod lift;
mod saved;

pub use action::{a_on_y, act};
pub use checks::{check_identities, CheckFailure, Checked};
pub use driver::{
    add_feedback, intermediates, lift_filtration, lift_split, on_threads, solve_degree, top_degree,
    Lambdas,
};
pub use e3::{e3_dimensions, e3_range};
pub use homotopy::SecondaryLift;
pub use integral::{binomial_mod4, integral_product};
pub use kappa::{kappa, kappa_element};
pub use kernel::{y_degree, KernelElement};
pub use leibniz::{check_leibniz, LeibnizError};
pub use lift::{composite, d2_on_h, intermediate, Composite, SecondaryError};
pub use saved::{lift_saved, LambdaStore, LiftError, SavedLambdaError};
