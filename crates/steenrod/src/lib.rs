//! The Steenrod algebra in the Milnor basis, at p = 2 and at odd primes, and finite
//! modules over it, over the whole algebra or a sub-Hopf algebra by profile; [`Algebra`]
//! and [`Module`] are what a resolution is generic over.
//!
//! * [`PPart`]: a Milnor basis element `Sq(r_1, …, r_8)`.
//! * [`MilnorQP`]: a Milnor basis element `Q(E)P(R)` at an odd prime ([`odd`]).
//! * [`MilnorAlgebra<F>`]: the Steenrod algebra at the prime of `F` through a maximal
//!   degree — `MilnorAlgebra` (`F = P2`, the default) at p = 2, `MilnorAlgebra<ValidPrime>`
//!   at odd p: the basis of each degree in a fixed order, indices without hashing,
//!   products by the Milnor product formula (Milnor, "The Steenrod algebra and its dual",
//!   Ann. of Math. 67 (1958)), parsing and printing of elements; what differs per prime
//!   is [`MilnorPrime`].

pub mod algebra;
pub mod milnor;
pub mod module;
pub mod motivic;
pub mod odd;
pub mod parse;
mod traits;

pub use algebra::packed::{PackedElement, PackedPPart, PackedQP};
pub use algebra::{
    available_memory, table_budget_for, AdmissibleMatrices, IntegralMatrices, LeftFactor,
    MilnorAlgebra, MilnorPrime, Profile, ProfileError, TermFilter, DEFAULT_TABLE_BUDGET,
    MAX_ALGEBRA_DEGREE, MAX_AUTO_TABLE_BUDGET, MID_RANGE_TABLE_BUDGET, SMALL_RANGE_TABLE_BUDGET,
    TOP_RANGE_TABLE_BUDGET,
};
pub use milnor::{PPart, MAX_PPART_LEN};
pub use odd::{max_odd_degree, MilnorQP};
pub use parse::ParseError;
pub use traits::{Algebra, Module, VectorOf};
