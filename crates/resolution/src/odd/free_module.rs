//! Free modules over the mod p Steenrod algebra (p odd), filled in degree by degree: the
//! odd-primary counterpart of [`crate::FreeModule`].

use fp::{FqVector, ValidPrime};
use steenrod::{MilnorQP, OddMilnorAlgebra};

use crate::FreeModule;

/// One term `c·Q(E)P(R)·g` of an element of a free module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OddTerm {
    /// Index of the generator `g` (creation order, i.e. by degree).
    pub gen: u32,
    /// Degree of `Q(E)P(R)`.
    pub op_degree: u32,
    /// `Q(E)P(R)`.
    pub op: MilnorQP,
    /// The coefficient `c`, in `1..p`.
    pub coeff: u32,
}

/// The value of the differential on one generator of `C_s`.
#[derive(Clone, Debug)]
pub struct OddDifferential {
    /// `d(g)` as a vector in the basis of `(C_{s−1})_{|g|}` spanned by generators of
    /// degree `< |g|` (for `s = 0`: a vector of `M_{|g|}`).
    pub value: FqVector<ValidPrime>,
    /// `d(g)` decoded into terms `c·Q(E)P(R)·h` (empty for `s = 0`).
    pub terms: Vec<OddTerm>,
}

/// A free module `C_s` over the mod p Steenrod algebra with `d_s` on its generators: the
/// p = 2 [`FreeModule`]'s storage (a `OnceLock` per degree) holding [`OddDifferential`]s.
///
/// The F_p basis of the degree-`t` part is the concatenation, over generators `g` with
/// `|g| ≤ t` in index order, of the Milnor basis of `A_{t−|g|}` (order of
/// [`OddMilnorAlgebra::basis`]); the part from generators of degree `< t` is a prefix.
pub type OddFreeModule = FreeModule<OddDifferential>;

impl FreeModule<OddDifferential> {
    /// Offsets of the blocks of the first `n_gens` generators in the degree-`t` basis, plus
    /// the total length as the last entry (`n_gens + 1` entries).
    pub fn offsets(&self, algebra: &OddMilnorAlgebra, t: i32, n_gens: usize) -> Vec<usize> {
        self.offsets_with(t, n_gens, |d| algebra.dim(d))
    }

    /// Decodes a vector of the degree-`t` part (basis of the generators of degree `< t`)
    /// into its terms `c·Q(E)P(R)·g`.
    pub fn decode(
        &self,
        algebra: &OddMilnorAlgebra,
        t: i32,
        v: &FqVector<ValidPrime>,
    ) -> Vec<OddTerm> {
        decode_with_degrees(algebra, t, &self.gen_degrees(self.gens_below(t)), v)
    }
}

/// [`OddFreeModule::decode`] given the degrees of the generators (index order; those of
/// degree `≥ t` are ignored): what a resume uses before the module is filled in.
pub(crate) fn decode_with_degrees(
    algebra: &OddMilnorAlgebra,
    t: i32,
    degrees: &[i32],
    v: &FqVector<ValidPrime>,
) -> Vec<OddTerm> {
    let mut terms = Vec::new();
    let (mut gen, mut start) = (0usize, 0usize);
    for (k, coeff) in v.iter_nonzero() {
        loop {
            let len = algebra.dim((t - degrees[gen]) as u32);
            if k < start + len {
                break;
            }
            start += len;
            gen += 1;
        }
        let op_degree = (t - degrees[gen]) as u32;
        terms.push(OddTerm {
            gen: gen as u32,
            op_degree,
            op: algebra.basis(op_degree)[k - start],
            coeff,
        });
    }
    terms
}
