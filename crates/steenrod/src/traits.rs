//! The algebra and the module a resolution is generic over: [`Algebra`] (the Milnor
//! basis `Sq(R)` of the mod 2 Steenrod algebra, [`MilnorAlgebra`]; the basis `Q(E)P(R)`
//! at an odd prime, `MilnorAlgebra<ValidPrime>`; either restricted to a sub-Hopf algebra by
//! its profile) and [`Module`] (a finite module over it: [`FiniteModule`] over either
//! algebra).
//!
//! Code above this crate that is written against these traits runs at every prime; the
//! p = 2 instantiation calls the p = 2 methods directly (static dispatch, every method
//! below `#[inline]`), so it costs what the p = 2 code costs.

use std::fmt;
use std::hash::Hash;

use fp::Field;

use crate::module::{FiniteModule, ModuleAlgebra};
use crate::{MilnorAlgebra, MilnorPrime, PackedElement};

/// A graded algebra with a basis fixed in each degree: the Steenrod algebra at one prime
/// (or a sub-Hopf algebra of it) through a maximal degree.
///
/// Basis order: [`Algebra::basis`]`(t)[i]` is the basis element of index `i` in degree
/// `t`; vectors of `A_t` are in this basis.
pub trait Algebra: fmt::Debug + Send + Sync + Sized + 'static {
    /// The ground field F_p.
    type Field: Field;
    /// A basis element: `Sq(R)` ([`crate::PPart`]) at p = 2, `Q(E)P(R)` ([`crate::MilnorQP`]) at odd p.
    type Element: Copy + fmt::Debug + fmt::Display + PartialEq + Eq + Hash + Send + Sync + 'static;
    /// A basis element with its degree in few bytes, for the terms a resolution keeps
    /// ([`crate::PackedPPart`] at p = 2: 8 bytes).
    type Packed: PackedElement<Element = Self::Element>;

    /// The prime as a field.
    fn field(&self) -> Self::Field;

    /// The largest degree whose basis is held.
    fn max_degree(&self) -> u32;

    /// `dim A_t` (0 above [`Algebra::max_degree`]).
    fn dim(&self, t: u32) -> usize;

    /// The basis of `A_t` in basis order.
    fn basis(&self, t: u32) -> &[Self::Element];

    /// The index of `x` (of degree `t`) in the basis of `A_t`. Panics if `x` is not a
    /// basis element of degree `t`.
    fn index_of(&self, t: u32, x: &Self::Element) -> usize;

    /// The product `a·b` in the basis of `A_{|a|+|b|}`: `f(k, c)` for each basis element
    /// `k` with nonzero coefficient `c` (Milnor, "The Steenrod algebra and its dual",
    /// 1958, Theorem 4b at p = 2, §§6–7 at odd p).
    fn multiply_basis(&self, a: &Self::Element, b: &Self::Element, f: impl FnMut(usize, u32));
}

/// A finite module over an [`Algebra`], graded by degree `t` (possibly negative), with a
/// basis fixed in each degree.
pub trait Module: Send + Sync + Sized + 'static {
    /// The algebra acting.
    type Algebra: Algebra;

    /// The name (a file's stem, `S_2`, …), used in messages and outputs.
    fn name(&self) -> &str;

    /// The prime as a field.
    fn field(&self) -> <Self::Algebra as Algebra>::Field;

    /// The bottom cell.
    fn min_degree(&self) -> i32;

    /// The top cell.
    fn max_degree(&self) -> i32;

    /// `dim M_t` (0 outside `min_degree..=max_degree`).
    fn dim(&self, t: i32) -> usize;

    /// Adds `c·(op·x)` into `out` from entry `offset` on: `op` the basis element
    /// `op_index` of `A_{op_degree}`, `x` the basis element `x` of `M_t`; the result lies
    /// in `M_{t + op_degree}` (`dim` entries). Zero outside the module.
    ///
    /// Panics if an index is out of range or the result does not fit in `out`.
    #[allow(clippy::too_many_arguments)]
    fn act_on_basis_at(
        &self,
        op_degree: u32,
        op_index: usize,
        t: i32,
        x: usize,
        c: u32,
        out: &mut <<Self::Algebra as Algebra>::Field as Field>::Vector,
        offset: usize,
    );

    /// The algebra a resolution of this module through internal degree `max_degree`
    /// above its bottom cell works over: the whole Steenrod algebra, or the sub-Hopf
    /// algebra of the module's profile. `table_budget` is the bytes of product tables at
    /// p = 2 (`None`: sized to the range and the memory free,
    /// [`table_budget_for`]); odd primes keep no tables and do not read it.
    fn resolving_algebra(&self, max_degree: u32, table_budget: Option<usize>) -> Self::Algebra;
}

/// The vector type of a module's field.
pub type VectorOf<M> = <<<M as Module>::Algebra as Algebra>::Field as Field>::Vector;

impl<F: MilnorPrime> Algebra for MilnorAlgebra<F> {
    type Field = F;
    type Element = F::Element;
    type Packed = F::Packed;

    #[inline(always)]
    fn field(&self) -> F {
        MilnorAlgebra::field(self)
    }
    #[inline]
    fn max_degree(&self) -> u32 {
        MilnorAlgebra::max_degree(self)
    }
    #[inline]
    fn dim(&self, t: u32) -> usize {
        MilnorAlgebra::dim(self, t)
    }
    #[inline]
    fn basis(&self, t: u32) -> &[F::Element] {
        MilnorAlgebra::basis(self, t)
    }
    #[inline]
    fn index_of(&self, t: u32, x: &F::Element) -> usize {
        F::index_in(self, t, x)
    }
    #[inline]
    fn multiply_basis(&self, a: &F::Element, b: &F::Element, f: impl FnMut(usize, u32)) {
        F::multiply_in(self, a, b, f)
    }
}

impl<A: ModuleAlgebra> Module for FiniteModule<A> {
    type Algebra = A;

    #[inline]
    fn name(&self) -> &str {
        FiniteModule::name(self)
    }
    #[inline(always)]
    fn field(&self) -> A::Field {
        self.prime()
    }
    #[inline]
    fn min_degree(&self) -> i32 {
        FiniteModule::min_degree(self)
    }
    #[inline]
    fn max_degree(&self) -> i32 {
        FiniteModule::max_degree(self)
    }
    #[inline]
    fn dim(&self, t: i32) -> usize {
        FiniteModule::dim(self, t)
    }
    #[inline]
    fn act_on_basis_at(
        &self,
        op_degree: u32,
        op_index: usize,
        t: i32,
        x: usize,
        c: u32,
        out: &mut <A::Field as Field>::Vector,
        offset: usize,
    ) {
        FiniteModule::act_on_basis_at(self, op_degree, op_index, t, x, c, out, offset)
    }
    fn resolving_algebra(&self, max_degree: u32, table_budget: Option<usize>) -> A {
        self.algebra().resolving(max_degree, table_budget)
    }
}
