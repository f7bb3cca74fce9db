//! Free modules over the mod 2 Steenrod algebra with finitely many generators in each degree.

use steenrod::{MilnorAlgebra, PPart};

/// A free A-module `C_s`: generators in order of creation, which is by internal degree
/// ascending (the resolution creates them bidegree by bidegree in increasing `t`).
///
/// The F_2 basis of the degree-`t` part is the concatenation, over generators `g` with
/// `|g| ≤ t` in creation order, of the Milnor basis of `A_{t−|g|}` (order of
/// [`MilnorAlgebra::basis`]). Because generators are ordered by degree, the basis of the
/// part spanned by generators of degree `< t` is a prefix of the full basis; this is the
/// "old part" the classical step works in.
#[derive(Clone, Debug, Default)]
pub struct FreeModule {
    gen_degrees: Vec<i32>,
}

/// One term `Sq(R)·g` of an element of a free module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    /// Index of the generator `g` (creation order).
    pub gen: u32,
    /// Degree of `Sq(R)`.
    pub op_degree: u32,
    /// `R`.
    pub op: PPart,
}

impl FreeModule {
    /// The zero module.
    pub fn new() -> Self {
        Self::default()
    }

    /// Number of generators.
    pub fn num_gens(&self) -> usize {
        self.gen_degrees.len()
    }

    /// Degree of generator `g`.
    pub fn gen_degree(&self, g: usize) -> i32 {
        self.gen_degrees[g]
    }

    /// Degrees of all generators, ascending.
    pub fn gen_degrees(&self) -> &[i32] {
        &self.gen_degrees
    }

    /// Appends a generator. Panics if `degree` is below the last generator's degree
    /// (creation order must be by degree).
    pub fn add_gen(&mut self, degree: i32) -> usize {
        if let Some(&last) = self.gen_degrees.last() {
            assert!(degree >= last, "generators must be created in degree order");
        }
        self.gen_degrees.push(degree);
        self.gen_degrees.len() - 1
    }

    /// Number of generators of degree `< t` (the generators of the "old part" at `t`).
    pub fn gens_below(&self, t: i32) -> usize {
        self.gen_degrees.partition_point(|&d| d < t)
    }

    /// Number of generators of degree exactly `t`.
    pub fn gens_in_degree(&self, t: i32) -> usize {
        self.gen_degrees.partition_point(|&d| d <= t) - self.gens_below(t)
    }

    /// Offsets of the first `n_gens` generators' blocks in the degree-`t` basis, plus the
    /// total length as the last entry (so the result has `n_gens + 1` entries).
    pub fn offsets(&self, algebra: &MilnorAlgebra, t: i32, n_gens: usize) -> Vec<usize> {
        let mut offsets = Vec::with_capacity(n_gens + 1);
        let mut total = 0;
        offsets.push(0);
        for &d in &self.gen_degrees[..n_gens] {
            if d <= t {
                total += algebra.dim((t - d) as u32);
            }
            offsets.push(total);
        }
        offsets
    }

    /// Decodes a vector of the degree-`t` part (in the basis of the first `n_gens`
    /// generators; the vector may be shorter than that part, missing bits are zero)
    /// into its terms `Sq(R)·g`.
    pub fn decode(&self, algebra: &MilnorAlgebra, t: i32, v: &fp::FpVector) -> Vec<Term> {
        let mut terms = Vec::new();
        let mut gen = 0usize;
        let mut start = 0usize;
        for bit in v.iter_ones() {
            // Advance to the generator whose block contains `bit`.
            loop {
                let d = self.gen_degrees[gen];
                let len = if d <= t { algebra.dim((t - d) as u32) } else { 0 };
                if bit < start + len {
                    break;
                }
                start += len;
                gen += 1;
            }
            let op_degree = (t - self.gen_degrees[gen]) as u32;
            terms.push(Term {
                gen: gen as u32,
                op_degree,
                op: algebra.basis(op_degree)[bit - start],
            });
        }
        terms
    }
}
