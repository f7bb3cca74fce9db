//! Free modules over the Steenrod algebra (any prime, any sub-Hopf algebra), filled in
//! bidegree by bidegree.

use std::fmt;
use std::sync::OnceLock;

use fp::{Field, Vector};
use steenrod::{Algebra, MilnorAlgebra, PackedElement};

/// The coefficient type of a term over `A`: zero-sized at p = 2 ([`fp::One`]), `u32` at odd
/// primes.
pub type Coefficient<A> = <<A as Algebra>::Field as Field>::Coefficient;

/// The vector type over `A`'s field: [`fp::FpVector`] at p = 2.
pub type FieldVector<A> = <<A as Algebra>::Field as Field>::Vector;

/// One term `c·op·g` of an element of a free module: `op` a basis element of the algebra
/// (`Sq(R)` at p = 2, `Q(E)P(R)` at odd p) kept packed with its degree, `c` its coefficient
/// (always 1 at p = 2, where it takes no bytes). At p = 2 a term takes 12 bytes: the
/// differentials' terms are most of a long run's memory.
pub struct Term<A: Algebra = MilnorAlgebra> {
    /// Index of the generator `g` (creation order, i.e. by degree).
    pub gen: u32,
    /// `op` and its degree ([`Algebra::Packed`]).
    pub packed: A::Packed,
    /// `c`, nonzero.
    pub coeff: Coefficient<A>,
}

impl<A: Algebra> Term<A> {
    /// The term `c·op·g`, `op` of degree `op_degree`.
    #[inline]
    pub fn new(gen: u32, op_degree: u32, op: &A::Element, coeff: Coefficient<A>) -> Self {
        Term {
            gen,
            packed: A::Packed::pack(op_degree, op),
            coeff,
        }
    }

    /// `op`.
    #[inline(always)]
    pub fn op(&self) -> A::Element {
        self.packed.element()
    }

    /// The degree of `op`.
    #[inline(always)]
    pub fn op_degree(&self) -> u32 {
        self.packed.degree()
    }

    /// The coefficient as a number in `1..p`.
    #[inline(always)]
    pub fn coefficient(&self) -> u32 {
        <A::Field as Field>::coefficient_value(self.coeff)
    }
}

impl<A: Algebra> Clone for Term<A> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<A: Algebra> Copy for Term<A> {}
impl<A: Algebra> PartialEq for Term<A> {
    fn eq(&self, o: &Self) -> bool {
        (self.gen, self.packed, self.coeff) == (o.gen, o.packed, o.coeff)
    }
}
impl<A: Algebra> Eq for Term<A> {}
impl<A: Algebra> fmt::Debug for Term<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Term")
            .field("gen", &self.gen)
            .field("op_degree", &self.op_degree())
            .field("op", &self.op())
            .field("coeff", &self.coeff)
            .finish()
    }
}

/// The value of the differential on one generator of `C_s`.
pub struct Differential<A: Algebra = MilnorAlgebra> {
    /// `d(g)` as a vector in the basis of `(C_{s−1})_{|g|}` spanned by generators of
    /// degree `< |g|` (for `s = 0`: a vector of `M_{|g|}`).
    pub value: FieldVector<A>,
    /// `d(g)` decoded into terms `c·op·h` (empty for `s = 0`).
    pub terms: Vec<Term<A>>,
}

impl<A: Algebra> Differential<A> {
    /// Frees the value and the terms (a spilled row keeps only the generator).
    fn drop_contents(&mut self) {
        // An empty vector over the same field (at odd p it carries its prime).
        self.value = self.value.slice(0, 0);
        self.terms = Vec::new();
    }
}

impl<A: Algebra> Clone for Differential<A> {
    fn clone(&self) -> Self {
        Self {
            value: self.value.clone(),
            terms: self.terms.clone(),
        }
    }
}
impl<A: Algebra> fmt::Debug for Differential<A> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Differential")
            .field("value", &self.value)
            .field("terms", &self.terms)
            .finish()
    }
}

/// The generators of one bidegree `(s, t)` and their differentials.
#[derive(Debug)]
struct Block<D> {
    /// Index of the first generator of this degree (the number of generators below `t`).
    first: usize,
    gens: Vec<D>,
}

/// A free module `C_s` over `A` together with `d_s` on its generators, filled one degree at a
/// time (each degree exactly once, possibly from another thread: a degree's block is a
/// `OnceLock`, so completed degrees are read without locks while later ones are added).
///
/// Generators are indexed in order of degree. The F_2 basis of the degree-`t` part is the
/// concatenation, over generators `g` with `|g| ≤ t` in index order, of the basis
/// of `A_{t−|g|}` (order of [`Algebra::basis`]). The part spanned by generators of
/// degree `< t` (the "old part" the steps work in) is a prefix of it.
///
/// Generic over the algebra `A` (the prime and the sub-Hopf algebra): `Sq(R)·g` at p = 2,
/// `Q(E)P(R)·g` at odd p.
#[derive(Debug)]
pub struct FreeModule<A: Algebra = MilnorAlgebra> {
    min_degree: i32,
    blocks: Vec<OnceLock<Block<Differential<A>>>>,
    /// Whether the differentials were dropped from memory ([`FreeModule::spill`]): the
    /// generators' counts and degrees stay, their differentials are in the save directory.
    spilled: bool,
}

impl<A: Algebra> FreeModule<A> {
    /// An empty module whose generators will lie in degrees `min_degree..=max_degree`.
    pub fn new(min_degree: i32, max_degree: i32) -> Self {
        let n = (max_degree - min_degree + 1).max(0) as usize;
        Self {
            min_degree,
            blocks: (0..n).map(|_| OnceLock::new()).collect(),
            spilled: false,
        }
    }

    /// Whether the differentials were dropped from memory ([`FreeModule::spill`]).
    pub fn is_spilled(&self) -> bool {
        self.spilled
    }

    /// Drops the differentials of every generator from memory, keeping how many
    /// generators each degree has (so [`FreeModule::gens_below`], the offsets and the Ext
    /// table still answer). For a row whose records are in the save directory and which no
    /// later step reads; [`FreeModule::gens`] refuses a spilled row until
    /// [`FreeModule::restore`] puts every degree back.
    pub(crate) fn spill(&mut self) {
        for block in self.blocks.iter_mut().filter_map(OnceLock::get_mut) {
            block.gens.iter_mut().for_each(Differential::drop_contents);
        }
        self.spilled = true;
    }

    /// Puts back the differentials of a spilled row: `gens(t)` gives, for each filled-in
    /// degree `t`, the generators read back (as many as the degree had). Errors: the first
    /// degree whose count differs, with the two counts.
    pub(crate) fn restore(
        &mut self,
        mut gens: impl FnMut(i32) -> Vec<Differential<A>>,
    ) -> Result<(), (i32, usize, usize)> {
        let min = self.min_degree;
        let mut read = Vec::new();
        for (t, cell) in (min..).zip(&self.blocks) {
            if let Some(block) = cell.get() {
                let g = gens(t);
                if g.len() != block.gens.len() {
                    return Err((t, block.gens.len(), g.len()));
                }
                read.push(g);
            }
        }
        let filled = self.blocks.iter_mut().filter_map(OnceLock::get_mut);
        for (block, g) in filled.zip(read) {
            block.gens = g;
        }
        self.spilled = false;
        Ok(())
    }

    /// Lowest degree a generator may have.
    pub fn min_degree(&self) -> i32 {
        self.min_degree
    }

    /// Highest degree a generator may have.
    pub fn max_degree(&self) -> i32 {
        self.min_degree + self.blocks.len() as i32 - 1
    }

    fn block(&self, t: i32) -> Option<&Block<Differential<A>>> {
        if t < self.min_degree {
            return None;
        }
        self.blocks.get((t - self.min_degree) as usize)?.get()
    }

    /// Whether degree `t` has been filled in.
    pub fn is_complete(&self, t: i32) -> bool {
        t < self.min_degree || self.block(t).is_some()
    }

    /// Adds the generators of degree `t` with their differentials. Requires degree `t − 1`
    /// to be complete. Panics if degree `t` was already filled in or is out of range
    /// (a scheduler bug).
    pub fn set_gens(&self, t: i32, gens: Vec<Differential<A>>) {
        let first = self.gens_below(t);
        let i = (t - self.min_degree) as usize;
        let cell = self
            .blocks
            .get(i)
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
        if t - 1 - self.min_degree >= self.blocks.len() as i32 {
            let last = self.min_degree + self.blocks.len() as i32 - 1;
            return self.gens_below(last + 1);
        }
        let b = self.block(t - 1).unwrap_or_else(|| {
            panic!(
                "degree {} of a free module read before it was resolved",
                t - 1
            )
        });
        b.first + b.gens.len()
    }

    /// Number of generators of degree exactly `t` (0 if not yet resolved).
    pub fn gens_in_degree(&self, t: i32) -> usize {
        self.block(t).map_or(0, |b| b.gens.len())
    }

    /// The generators of degree `t` and their differentials (empty if not yet resolved).
    /// Panics on a spilled row ([`FreeModule::spill`]): its differentials are not in
    /// memory, and reading them as zero would be a wrong answer.
    pub fn gens(&self, t: i32) -> &[Differential<A>] {
        assert!(
            !self.spilled,
            "a row spilled to the save directory was read before it was restored"
        );
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

    /// The differential of generator `g` and its degree. Panics on a spilled row, as
    /// [`FreeModule::gens`].
    pub fn differential(&self, g: usize) -> (i32, &Differential<A>) {
        assert!(
            !self.spilled,
            "a row spilled to the save directory was read before it was restored"
        );
        let mut t = self.min_degree;
        loop {
            let b = self
                .block(t)
                .unwrap_or_else(|| panic!("generator {g} read before it was resolved"));
            if g < b.first + b.gens.len() {
                return (t, &b.gens[g - b.first]);
            }
            t += 1;
        }
    }

    /// Offsets of the blocks of the first `n_gens` generators in the degree-`t` basis,
    /// plus the total length as the last entry (`n_gens + 1` entries); `dim(d)` is the
    /// dimension of the algebra in degree `d`.
    pub(crate) fn offsets_with(
        &self,
        t: i32,
        n_gens: usize,
        dim: impl Fn(u32) -> usize,
    ) -> Vec<usize> {
        let mut offsets = Vec::with_capacity(n_gens + 1);
        let mut total = 0;
        offsets.push(0);
        for d in self.gen_degrees(n_gens) {
            if d <= t {
                total += dim((t - d) as u32);
            }
            offsets.push(total);
        }
        offsets
    }

    /// Offsets of the blocks of the first `n_gens` generators in the degree-`t` basis,
    /// plus the total length as the last entry (`n_gens + 1` entries).
    pub fn offsets(&self, algebra: &A, t: i32, n_gens: usize) -> Vec<usize> {
        self.offsets_with(t, n_gens, |d| algebra.dim(d))
    }

    /// Decodes a vector of the degree-`t` part (in the basis of generators of degree
    /// `< t`; missing trailing entries are zero) into its terms `c·op·g`.
    pub fn decode(&self, algebra: &A, t: i32, v: &FieldVector<A>) -> Vec<Term<A>> {
        decode_with_degrees(algebra, t, &self.gen_degrees(self.gens_below(t)), v)
    }
}

/// [`FreeModule::decode`] given the degrees of the generators (index order; at least those
/// of degree `< t`): what a resume uses before the module is filled in.
pub(crate) fn decode_with_degrees<A: Algebra>(
    algebra: &A,
    t: i32,
    degrees: &[i32],
    v: &FieldVector<A>,
) -> Vec<Term<A>> {
    let field = algebra.field();
    let mut terms = Vec::new();
    let mut gen = 0usize;
    let mut start = 0usize;
    for (k, c) in v.nonzero_entries() {
        loop {
            let len = algebra.dim((t - degrees[gen]) as u32);
            if k < start + len {
                break;
            }
            start += len;
            gen += 1;
        }
        let op_degree = (t - degrees[gen]) as u32;
        let op = &algebra.basis(op_degree)[k - start];
        terms.push(Term::new(gen as u32, op_degree, op, field.coefficient(c)));
    }
    // Kept for the rest of the run: no spare capacity.
    terms.shrink_to_fit();
    terms
}

/// `dim Ext^{s,t}` at `b` from the rows `C_0, C_1, …`: the generators of `C_s` in degree
/// `t` (0 outside the rows or not resolved).
pub(crate) fn gens_at<A: Algebra>(rows: &[FreeModule<A>], b: crate::Bidegree) -> usize {
    rows.get(b.s() as usize)
        .map_or(0, |c| c.gens_in_degree(b.t()))
}

/// The nonzero entries of Ext of the rows `C_0, C_1, …` through stem `max_stem`, sorted
/// by stem, then `s`.
pub(crate) fn ext_of<A: Algebra>(rows: &[FreeModule<A>], max_stem: i32) -> Vec<crate::ExtEntry> {
    let mut entries = Vec::new();
    for (s, c) in (0u32..).zip(rows) {
        for n in c.min_degree() - s as i32..=max_stem {
            let bidegree = crate::Bidegree::n_s(n, s);
            let dim = c.gens_in_degree(bidegree.t());
            if dim > 0 {
                entries.push(crate::ExtEntry { bidegree, dim });
            }
        }
    }
    entries.sort();
    entries
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_term_at_p_2_takes_12_bytes_and_round_trips() {
        assert_eq!(std::mem::size_of::<Term>(), 12);
        let alg = MilnorAlgebra::new(40);
        for t in 0..=40 {
            for (i, op) in alg.basis(t).iter().enumerate() {
                let term = Term::<MilnorAlgebra>::new(i as u32, t, op, fp::One);
                assert_eq!((term.gen, term.op_degree(), term.op()), (i as u32, t, *op));
            }
        }
    }
}
