//! Modules derived from others (a smash product, a dual): their generators and the
//! actions of the algebra's generators on them, handed to the reader of the module's
//! prime ([`ModuleAlgebra::build_derived`]) and built and checked as a module file is.

/// The action `g·source = Σ c·target` of the algebra generator `g` of degree `degree`
/// (`Sq^degree`, a power of two, at p = 2; `β` (degree 1) or `P^(p^k)` (degree
/// `2(p−1)p^k`) at odd p) in a derived module, as a file would list it. Coefficients lie
/// in `1..p`, in the order the targets are written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DerivedAction {
    /// The degree of the generator.
    pub degree: u32,
    /// The basis element acted on.
    pub source: String,
    /// `(basis element, coefficient)`.
    pub targets: Vec<(String, u32)>,
}

#[cfg(doc)]
use super::ModuleAlgebra;
