//! The minimal resolution of an unstable module by sums of free unstable modules, one
//! internal degree at a time, the filtrations of a degree reduced in parallel.

use std::collections::BTreeMap;

use fp::{Field, Prime, SubspaceOf, Vector};
use rayon::prelude::*;
use steenrod::module::{FiniteModule, ModuleAlgebra};
use steenrod::{Algebra, Module};

use super::excess::{ExcessOrder, UnstableAlgebra};
use super::field::UnstableField;
use crate::free_module::FieldVector;
use crate::Bidegree;

/// A term `c·op·h` of a differential: `h` the `gen`-th generator of the row below, `op` of
/// degree `|g| − |h|`. At `s = 0` the terms are the module element `d(g)`: `gen` a basis
/// index of `M_{|g|}`, `op` the unit.
#[derive(Clone, Debug)]
pub struct Term<A: Algebra> {
    /// The generator below (at `s = 0`, the module's basis element).
    pub gen: u32,
    /// The operation: a basis element of `A_{|g| − |h|}`.
    pub op: A::Element,
    /// The coefficient, in `1..p`.
    pub coefficient: u32,
}

/// A generator of `C_s`: a summand `F(degree)` and its differential.
#[derive(Clone, Debug)]
pub struct Generator<A: Algebra> {
    /// Its degree `k`: the summand is `F(k)`.
    pub degree: i32,
    /// `d(g)`, in the basis of `(C_{s−1})_k` (of `M_k` at `s = 0`).
    pub d: Vec<Term<A>>,
}

/// A minimal resolution `… → C_1 → C_0 → M` of an unstable module `M` by sums of free
/// unstable modules, complete for absolute stem `t − s ≤ max_stem` and `s ≤ max_s`:
/// `Ext_U^{s,t}(M)` has the basis dual to the generators of `C_s` in degree `t`.
pub struct UnstableResolution<A: ModuleAlgebra + UnstableAlgebra> {
    module: FiniteModule<A>,
    algebra: A,
    order: ExcessOrder,
    rows: Vec<Vec<Generator<A>>>,
    max_stem: i32,
    max_s: u32,
    /// The bidegrees whose generators are final before the run (a resumed save).
    done: Done,
}

/// The bidegrees `(s, t)` of a resolution read back whose generators are final: `s ≤
/// max_s`, stem `t − s ≤ max_stem` and `t ≤ through` (the last degree it finished).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Done {
    /// The stem bound of the run saved.
    pub max_stem: i32,
    /// Its filtration bound.
    pub max_s: u32,
    /// The last internal degree it finished.
    pub through: i32,
}

impl Done {
    /// Nothing done.
    pub const NOTHING: Done = Done {
        max_stem: i32::MIN,
        max_s: 0,
        through: i32::MIN,
    };

    /// Whether `(s, t)` is final.
    pub fn contains(&self, s: u32, t: i32) -> bool {
        s <= self.max_s && t - s as i32 <= self.max_stem && t <= self.through
    }
}

/// What one reduction at `(s, t)` hands the choice of generators.
struct Reduced<F: Field> {
    s: u32,
    kernel: Option<F::Subspace>,
    image_pivots: Vec<usize>,
}

impl<A> UnstableResolution<A>
where
    A: ModuleAlgebra + UnstableAlgebra,
    A::Field: UnstableField,
{
    /// Resolves `module` (which must be unstable: [`super::check_unstable`]) through
    /// absolute stem `max_stem` and filtration `max_s`, on the current rayon pool.
    ///
    /// The classical algorithm (Bruner, "Calculation of large Ext modules", 1993) with
    /// `F(k)` for the free modules: at `(s, t)` the new generators complement the image of
    /// `d_s` on the generators of degree `< t` inside `ker(d_{s−1})_t`. A generator of
    /// degree `t` never meets degree `t`'s kernel or image (its differential has no `Sq(0)`
    /// term, by minimality), so the matrices of one degree are independent of each other
    /// and are built and reduced in parallel. Row `s` gets generators through stem
    /// `max_stem` and its kernel one stem further, for row `s + 1`.
    ///
    /// Panics if `max_stem + max_s` minus the module's bottom degree exceeds the algebra's
    /// range (the caller checks it).
    pub fn resolve(module: FiniteModule<A>, max_stem: i32, max_s: u32) -> Self {
        let mut res = Self::new(module, max_stem, max_s);
        let _: Result<(), ()> = res.run(|_, _| Ok(()));
        res
    }

    /// A resolution of `module` over the range with no generators yet ([`Self::run`]
    /// resolves it; `super::save::load` fills it from a save first).
    pub fn new(module: FiniteModule<A>, max_stem: i32, max_s: u32) -> Self {
        let top_t = max_stem + max_s as i32;
        let span = (top_t - module.min_degree()).max(0) as u32;
        let algebra = Module::resolving_algebra(&module, span, None);
        let order = ExcessOrder::new(&algebra);
        UnstableResolution {
            module,
            algebra,
            order,
            rows: (0..=max_s).map(|_| Vec::new()).collect(),
            max_stem,
            max_s,
            done: Done::NOTHING,
        }
    }

    /// Resolves every degree of the range in turn (those of [`Done`] keep their
    /// generators), calling `after(self, t)` when degree `t` is finished (a save, a
    /// progress line); its error stops the run.
    pub fn run<E>(&mut self, mut after: impl FnMut(&Self, i32) -> Result<(), E>) -> Result<(), E> {
        let top_t = self.max_stem + self.max_s as i32;
        for t in self.module.min_degree()..=top_t {
            self.degree(t);
            after(self, t)?;
        }
        Ok(())
    }

    /// Every step of internal degree `t`: the reductions in parallel, then the generators.
    fn degree(&mut self, t: i32) {
        let bottom = self.module.min_degree();
        let work: Vec<(u32, bool)> = (0..=self.max_s)
            .filter(|&s| t - s as i32 >= bottom)
            .filter_map(|s| {
                let stem = t - s as i32;
                let image = stem <= self.max_stem && !self.done.contains(s, t);
                let kernel =
                    s < self.max_s && stem <= self.max_stem + 1 && !self.done.contains(s + 1, t);
                (image || kernel).then_some((s, kernel))
            })
            .collect();
        let this = &*self;
        // One item per task: a degree's matrices differ widely in size, and rayon's
        // adaptive split of a short list left most of them on one thread.
        let reduced: Vec<Reduced<A::Field>> = work
            .par_iter()
            .with_max_len(1)
            .map(|&(s, want_kernel)| {
                let m = this.matrix(s, t);
                let (kernel, image_pivots) = A::Field::reduce(m, want_kernel);
                Reduced {
                    s,
                    kernel,
                    image_pivots,
                }
            })
            .collect();
        for r in &reduced {
            if t - r.s as i32 > self.max_stem || self.done.contains(r.s, t) {
                continue;
            }
            let found = self.complement(t, r, &reduced);
            let gens: Vec<Generator<A>> = found
                .iter()
                .map(|v| Generator {
                    degree: t,
                    d: self.terms(r.s, t, v),
                })
                .collect();
            self.rows[r.s as usize].extend(gens);
        }
    }

    /// The new generators' differentials at `(s, t)`: the basis vectors of `ker(d_{s−1})_t`
    /// (all of `M_t` at `s = 0`) whose pivot is not a pivot of the image of `d_s`. For RREF
    /// subspaces `B ⊆ K` the pivots of `B` are pivots of `K`, and those rows of `K` span a
    /// complement of `B`.
    fn complement(
        &self,
        t: i32,
        r: &Reduced<A::Field>,
        all: &[Reduced<A::Field>],
    ) -> Vec<FieldVector<A>> {
        let field = self.algebra.field();
        let image = &r.image_pivots;
        if r.s == 0 {
            let dim = self.module.dim(t);
            return (0..dim)
                .filter(|i| image.binary_search(i).is_err())
                .map(|i| {
                    let mut v = field.zero_vector(dim);
                    v.add_basis_element(i, 1);
                    v
                })
                .collect();
        }
        let below = all.iter().find(|b| b.s == r.s - 1);
        let Some(kernel) = below.and_then(|b| b.kernel.as_ref()) else {
            return Vec::new();
        };
        (0..kernel.dim())
            .filter(|&k| image.binary_search(&kernel.pivots()[k]).is_err())
            .map(|k| kernel.basis_vector(k))
            .collect()
    }

    /// How many generators of `C_s` have degree `< t` (they come in degree order).
    fn old(&self, s: u32, t: i32) -> usize {
        self.rows[s as usize].partition_point(|g| g.degree < t)
    }

    /// Where each generator of degree `< t` of `C_s` starts in the basis of `(C_s)_t`, and
    /// the dimension last: the summand of `g` is `F(|g|)_t`, the first
    /// [`ExcessOrder::count`] elements of `A_{t−|g|}` by excess.
    pub(super) fn offsets(&self, s: u32, t: i32) -> Vec<usize> {
        let gens = &self.rows[s as usize][..self.old(s, t)];
        let mut offsets = Vec::with_capacity(gens.len() + 1);
        let mut at = 0;
        for g in gens {
            offsets.push(at);
            at += self.order.count((t - g.degree) as u32, g.degree);
        }
        offsets.push(at);
        offsets
    }

    /// The matrix of `d_s` on the generators of degree `< t` of `(C_s)_t`
    /// ([`Self::old_rows`]).
    fn matrix(&self, s: u32, t: i32) -> <A::Field as Field>::Matrix {
        let (cols, rows) = self.old_rows(s, t);
        self.algebra.field().matrix_from_rows(cols, rows)
    }

    /// The rows of `d_s` on the generators of degree `< t` of `(C_s)_t`, and their length:
    /// row `op·g` (`g` by index, `op` in excess order) is `op·d(g)`, the products' terms of
    /// excess above their generator's degree dropped (they are zero in `F(|h|)`); in the
    /// generators of degree `< t` of `(C_{s−1})_t`, or in `M_t` at `s = 0`.
    pub(super) fn old_rows(&self, s: u32, t: i32) -> (usize, Vec<FieldVector<A>>) {
        let field = self.algebra.field();
        let (cols, targets) = match s {
            0 => (self.module.dim(t), Vec::new()),
            _ => {
                let offsets = self.offsets(s - 1, t);
                (*offsets.last().expect("one entry at least"), offsets)
            }
        };
        let gens = &self.rows[s as usize][..self.old(s, t)];
        let mut rows = Vec::new();
        for g in gens {
            let d = (t - g.degree) as u32;
            for j in 0..self.order.count(d, g.degree) {
                let op = self.algebra.basis(d)[self.order.element(d, j)];
                let mut v = field.zero_vector(cols);
                if s == 0 {
                    self.act_on_module(d, &op, g.degree, &g.d, &mut v);
                } else {
                    self.act_on_terms(s - 1, t, (&op, 1), &g.d, &targets, &mut v);
                }
                rows.push(v);
            }
        }
        (cols, rows)
    }

    /// `op·m` added into `v ∈ M_{|m|+|op|}` for the module element `m ∈ M_degree` of
    /// `terms` (a generator of `C_0`'s differential).
    pub(super) fn act_on_module(
        &self,
        d: u32,
        op: &A::Element,
        degree: i32,
        terms: &[Term<A>],
        v: &mut FieldVector<A>,
    ) {
        if degree + d as i32 > self.module.max_degree() {
            return;
        }
        let op = Algebra::index_of(&self.algebra, d, op);
        for term in terms {
            let (x, c) = (term.gen as usize, term.coefficient);
            self.module.act_on_basis_at(d, op, degree, x, c, v, 0);
        }
    }

    /// `scale·op·y` added into `v ∈ (C_{below})_t`, `y` the element of `terms` (over the
    /// generators of `C_{below}`, of degree `t − |op|`), its summands at `targets`
    /// ([`Self::offsets`]`(below, t)`).
    pub(super) fn act_on_terms(
        &self,
        below: u32,
        t: i32,
        (op, scale): (&A::Element, u32),
        terms: &[Term<A>],
        targets: &[usize],
        v: &mut FieldVector<A>,
    ) {
        let p = Prime::value(self.algebra.field());
        let row = &self.rows[below as usize];
        for term in terms {
            let h = row[term.gen as usize].degree;
            let degree = (t - h) as u32;
            let keep = self.order.count(degree, h);
            let offset = targets[term.gen as usize];
            self.algebra.for_each_product_term(op, &term.op, |k, c| {
                let at = self.order.position(degree, k);
                if at < keep {
                    v.add_basis_element(offset + at, c * term.coefficient % p * scale % p);
                }
            });
        }
    }

    /// The terms of a vector of `(C_s)_t` over the generators of degree `≤ t` laid out by
    /// `offsets` ([`Self::offsets_through`]; of `M_t` when `s` is `None`).
    pub(super) fn terms_of(
        &self,
        s: Option<u32>,
        t: i32,
        offsets: &[usize],
        v: &FieldVector<A>,
    ) -> Vec<Term<A>> {
        let unit = self.algebra.basis(0)[0];
        let Some(s) = s else {
            return v
                .nonzero_entries()
                .map(|(x, c)| Term {
                    gen: x as u32,
                    op: unit,
                    coefficient: c,
                })
                .collect();
        };
        let row = &self.rows[s as usize];
        v.nonzero_entries()
            .map(|(i, c)| {
                let h = offsets.partition_point(|&o| o <= i) - 1;
                let d = (t - row[h].degree) as u32;
                let op = self.algebra.basis(d)[self.order.element(d, i - offsets[h])];
                Term {
                    gen: h as u32,
                    op,
                    coefficient: c,
                }
            })
            .collect()
    }

    /// The terms of a vector of `(C_{s−1})_t` (of `M_t` at `s = 0`) in the layout of the
    /// generators of degree `< t`.
    fn terms(&self, s: u32, t: i32, v: &FieldVector<A>) -> Vec<Term<A>> {
        match s {
            0 => self.terms_of(None, t, &[], v),
            _ => self.terms_of(Some(s - 1), t, &self.offsets(s - 1, t), v),
        }
    }

    /// `offsets` of the generators of `C_s` of degree `≤ t` in `(C_s)_t` (those of degree
    /// `t` last, one `Sq(0)·g` each), the dimension last.
    pub(super) fn offsets_through(&self, s: u32, t: i32) -> Vec<usize> {
        let mut offsets = self.offsets(s, t);
        let total = offsets.pop().expect("one entry at least");
        let new = self.in_degree(s, t).len();
        offsets.extend((0..=new).map(|k| total + k));
        offsets
    }

    /// The vector of `(C_s)_t` (of `M_t` when `s` is `None`) of `terms` in the layout of
    /// `offsets`.
    pub(super) fn vector_of(
        &self,
        s: Option<u32>,
        t: i32,
        offsets: &[usize],
        terms: &[Term<A>],
    ) -> FieldVector<A> {
        let field = self.algebra.field();
        let Some(s) = s else {
            let mut v = field.zero_vector(self.module.dim(t));
            for term in terms {
                v.add_basis_element(term.gen as usize, term.coefficient);
            }
            return v;
        };
        let mut v = field.zero_vector(*offsets.last().expect("one entry at least"));
        let row = &self.rows[s as usize];
        for term in terms {
            let d = (t - row[term.gen as usize].degree) as u32;
            let i = Algebra::index_of(&self.algebra, d, &term.op);
            let at = offsets[term.gen as usize] + self.order.position(d, i);
            v.add_basis_element(at, term.coefficient);
        }
        v
    }
}

impl<A: ModuleAlgebra + UnstableAlgebra> UnstableResolution<A> {
    /// The module resolved.
    pub fn module(&self) -> &FiniteModule<A> {
        &self.module
    }

    /// The algebra the resolution works over.
    pub fn algebra(&self) -> &A {
        &self.algebra
    }

    /// Puts generators read back from a save in place: final over `done`.
    pub(super) fn restore(&mut self, rows: Vec<Vec<Generator<A>>>, done: Done) {
        for (s, row) in rows.into_iter().enumerate() {
            self.rows[s] = row;
        }
        self.done = done;
    }

    /// The generators of every row, to damage in tests of the checks.
    #[cfg(test)]
    pub(super) fn rows_mut(&mut self) -> &mut Vec<Vec<Generator<A>>> {
        &mut self.rows
    }

    /// The range it is complete for: `(max_stem, max_s)`, stems absolute.
    pub fn range(&self) -> (i32, u32) {
        (self.max_stem, self.max_s)
    }

    /// The generators of `C_s` in degree order (empty past `max_s`).
    pub fn generators(&self, s: u32) -> &[Generator<A>] {
        self.rows.get(s as usize).map_or(&[], Vec::as_slice)
    }

    /// The generators of `C_s` in degree `t`, as a range of indices into
    /// [`generators`](Self::generators)`(s)`.
    pub fn in_degree(&self, s: u32, t: i32) -> std::ops::Range<usize> {
        let row = self.generators(s);
        row.partition_point(|g| g.degree < t)..row.partition_point(|g| g.degree <= t)
    }

    /// `dim Ext_U^{s,t}(M)` at every nonzero bidegree of the range.
    pub fn dims(&self) -> BTreeMap<Bidegree, usize> {
        let mut dims = BTreeMap::new();
        for (s, row) in self.rows.iter().enumerate() {
            for g in row {
                let b = Bidegree::s_t(s as u32, g.degree);
                if b.n() <= self.max_stem {
                    *dims.entry(b).or_insert(0) += 1;
                }
            }
        }
        dims
    }

    /// Bytes held by the generators' differentials and the excess order (an estimate: the
    /// vectors' headers and terms).
    pub fn bytes(&self) -> usize {
        let term = std::mem::size_of::<Term<A>>();
        let gens: usize = self
            .rows
            .iter()
            .flatten()
            .map(|g| std::mem::size_of::<Generator<A>>() + g.d.len() * term)
            .sum();
        gens + self.order.bytes()
    }
}
