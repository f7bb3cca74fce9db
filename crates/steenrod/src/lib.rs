//! The Steenrod algebra in the Milnor basis, at p = 2 and at odd primes, and finite
//! modules over it, over the whole algebra or a sub-Hopf algebra by profile; [`Algebra`]
//! and [`Module`] are what a resolution is generic over.
//!
//! * [`PPart`]: a Milnor basis element `Sq(r_1, …, r_8)`.
//! * [`odd`]: the mod p Steenrod algebra at odd primes ([`OddMilnorAlgebra`],
//!   [`MilnorQP`]).
//! * [`MilnorAlgebra`]: `A` through a maximal degree — the basis of each degree
//!   in a fixed order, indices without hashing, products by the Milnor product
//!   formula (Milnor, "The Steenrod algebra and its dual", Ann. of Math. 67
//!   (1958)), parsing and printing of elements.

pub mod algebra;
pub mod milnor;
pub mod module;
pub mod odd;
pub mod parse;
mod traits;

pub use algebra::{
    available_memory, table_budget_for, AdmissibleMatrices, LeftFactor, MilnorAlgebra, Profile,
    ProfileError, TermFilter, DEFAULT_TABLE_BUDGET, MAX_ALGEBRA_DEGREE, MAX_AUTO_TABLE_BUDGET,
};
pub use milnor::{PPart, MAX_PPART_LEN};
pub use odd::{max_odd_degree, MilnorQP, OddMilnorAlgebra};
pub use parse::ParseError;
pub use traits::{Algebra, Module, VectorOf};
