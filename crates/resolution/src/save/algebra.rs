//! What a save directory writes differently at each prime, said once by the module's
//! algebra ([`SaveAlgebra`]): which operations the module hash records, the tag of the
//! hash over a sub-Hopf algebra, the algorithms a run may take and whether bidegree
//! files hold quasi-inverse records (`SAVE-FORMAT.md`, "Module hash" and "Odd primes").
//! Everything else — the header, the records, the opening and the resume — is one
//! implementation for every prime.

use steenrod::module::ModuleAlgebra;
use steenrod::MilnorAlgebra;

use crate::Algorithm;
use fp::ValidPrime;

/// The algebra of a module a save directory is made for: the per-prime part of format
/// version 1, fixed by the directories written so far.
pub trait SaveAlgebra: ModuleAlgebra {
    /// Whether a bidegree file may hold a quasi-inverse record after its generators
    /// record: at p = 2 (as [`super::SaveOptions::quasi_inverses`] says); never at odd p,
    /// whose step keeps no quasi-inverses (`SAVE-FORMAT.md`, "Odd primes").
    const QUASI_INVERSE_RECORDS: bool;

    /// The tag of the module hash of a module over a sub-Hopf algebra: the hash is
    /// BLAKE3 of `TAG\0profile\0hash` ([`super::module_hash`]).
    const PROFILE_TAG: &'static str;

    /// The algorithm a run asked for `algorithm` takes, as its header names it: itself
    /// at p = 2; the classical algorithm at odd p, the only one there.
    fn run_algorithm(algorithm: Algorithm) -> Algorithm;

    /// The operations whose action on each basis element the module hash records, as
    /// `(degree d, index in the basis of A_d)` with `1 ≤ d ≤ span`, lowest degree first.
    /// Over the whole algebra the generators of [`ModuleAlgebra::generators`] (`Sq^(2^k)`;
    /// `β` and `P^(p^k)`, Steenrod–Epstein Ch. VI), which fix the module with its basis.
    fn hashed_operations(&self, span: u32) -> Vec<(u32, usize)> {
        generator_operations(self, span)
    }
}

/// The generators of `algebra` of degree at most `span` as `(degree, index)`.
fn generator_operations<A: ModuleAlgebra>(algebra: &A, span: u32) -> Vec<(u32, usize)> {
    algebra
        .generators(span)
        .into_iter()
        .map(|(d, i, _)| (d, i))
        .collect()
}

impl SaveAlgebra for MilnorAlgebra {
    const QUASI_INVERSE_RECORDS: bool = true;
    const PROFILE_TAG: &'static str = "adams profile v1";

    fn run_algorithm(algorithm: Algorithm) -> Algorithm {
        algorithm
    }
    // Over a sub-Hopf algebra too: the `Sq^(2^k)` it holds.
}

impl SaveAlgebra for MilnorAlgebra<ValidPrime> {
    const QUASI_INVERSE_RECORDS: bool = false;
    const PROFILE_TAG: &'static str = "adams odd profile v1";

    fn run_algorithm(_: Algorithm) -> Algorithm {
        Algorithm::Classical
    }

    /// Over a sub-Hopf algebra `B`, which `β` and the `P^(p^k)` need not lie in nor
    /// generate (`E(1)` holds neither `P^1` nor only `β`): every Milnor basis element
    /// `Q(E)P(R)` of `B` of degree `1 ≤ d ≤ span`, in `B`'s basis order.
    fn hashed_operations(&self, span: u32) -> Vec<(u32, usize)> {
        match self.sub_profile() {
            None => generator_operations(self, span),
            Some(_) => (1..=span)
                .flat_map(|d| (0..self.dim(d)).map(move |i| (d, i)))
                .collect(),
        }
    }
}
