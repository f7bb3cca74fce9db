//! Free modules over the mod p Steenrod algebra (p odd), filled in degree by degree: the
//! odd-primary counterpart of [`crate::FreeModule`].

use std::sync::OnceLock;

use fp::{FqVector, ValidPrime};
use steenrod::{MilnorQP, OddMilnorAlgebra};

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

#[derive(Debug)]
struct Block {
    /// Index of the first generator of this degree.
    first: usize,
    gens: Vec<OddDifferential>,
}

/// A free module `C_s` over the mod p Steenrod algebra with `d_s` on its generators, one
/// degree at a time (a `OnceLock` per degree: completed degrees are read without locks).
///
/// The F_p basis of the degree-`t` part is the concatenation, over generators `g` with
/// `|g| ≤ t` in index order, of the Milnor basis of `A_{t−|g|}` (order of
/// [`OddMilnorAlgebra::basis`]); the part from generators of degree `< t` is a prefix.
#[derive(Debug)]
pub struct OddFreeModule {
    min_degree: i32,
    blocks: Vec<OnceLock<Block>>,
}

impl OddFreeModule {
    /// An empty module whose generators will lie in degrees `min_degree..=max_degree`.
    pub fn new(min_degree: i32, max_degree: i32) -> Self {
        let n = (max_degree - min_degree + 1).max(0) as usize;
        Self {
            min_degree,
            blocks: (0..n).map(|_| OnceLock::new()).collect(),
        }
    }

    /// Lowest degree a generator may have.
    pub fn min_degree(&self) -> i32 {
        self.min_degree
    }

    fn block(&self, t: i32) -> Option<&Block> {
        if t < self.min_degree {
            return None;
        }
        self.blocks.get((t - self.min_degree) as usize)?.get()
    }

    /// Whether degree `t` has been filled in.
    pub fn is_complete(&self, t: i32) -> bool {
        t < self.min_degree || self.block(t).is_some()
    }

    /// Adds the generators of degree `t`. Requires degree `t − 1` to be complete; panics
    /// if degree `t` was filled in already or is out of range (a scheduler bug).
    pub fn set_gens(&self, t: i32, gens: Vec<OddDifferential>) {
        let first = self.gens_below(t);
        let cell = self
            .blocks
            .get((t - self.min_degree) as usize)
            .unwrap_or_else(|| panic!("degree {t} is outside this free module's range"));
        if cell.set(Block { first, gens }).is_err() {
            panic!("degree {t} of a free module was filled in twice");
        }
    }

    /// Number of generators of degree `< t`. Panics if degree `t − 1` is not complete.
    pub fn gens_below(&self, t: i32) -> usize {
        if t <= self.min_degree {
            return 0;
        }
        let last = self.min_degree + self.blocks.len() as i32 - 1;
        let d = (t - 1).min(last);
        let b = self
            .block(d)
            .unwrap_or_else(|| panic!("degree {d} of a free module read before it was resolved"));
        b.first + b.gens.len()
    }

    /// Number of generators of degree exactly `t` (0 if not yet resolved).
    pub fn gens_in_degree(&self, t: i32) -> usize {
        self.block(t).map_or(0, |b| b.gens.len())
    }

    /// The generators of degree `t` and their differentials (empty if not yet resolved).
    pub fn gens(&self, t: i32) -> &[OddDifferential] {
        self.block(t).map_or(&[], |b| &b.gens)
    }

    /// Degrees of the first `n_gens` generators, in index order.
    pub fn gen_degrees(&self, n_gens: usize) -> Vec<i32> {
        let mut out = Vec::with_capacity(n_gens);
        let mut t = self.min_degree;
        while out.len() < n_gens {
            let b = self.block(t).unwrap_or_else(|| {
                panic!("degree {t} of a free module read before it was resolved")
            });
            out.extend(std::iter::repeat_n(t, b.gens.len().min(n_gens - out.len())));
            t += 1;
        }
        out
    }

    /// Offsets of the blocks of the first `n_gens` generators in the degree-`t` basis, plus
    /// the total length as the last entry (`n_gens + 1` entries).
    pub fn offsets(&self, algebra: &OddMilnorAlgebra, t: i32, n_gens: usize) -> Vec<usize> {
        let mut offsets = Vec::with_capacity(n_gens + 1);
        let mut total = 0;
        offsets.push(0);
        for d in self.gen_degrees(n_gens) {
            if d <= t {
                total += algebra.dim((t - d) as u32);
            }
            offsets.push(total);
        }
        offsets
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
