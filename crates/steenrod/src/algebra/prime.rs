//! What the Milnor basis needs from its prime ([`MilnorPrime`]): the basis element type,
//! the degree bound, the tables beside the basis, membership in a profile, and the index
//! and product of basis elements. Implemented by [`P2`] (`Sq(R)`, products with the
//! admissible-matrix tables) and by [`ValidPrime`] at odd primes (`Q(E)P(R)`, Milnor's
//! Theorems 4a and 4b); everything else about [`MilnorAlgebra`] is shared.

use std::fmt;
use std::hash::Hash;

use fp::{Field, Prime, ValidPrime, P2};

use super::cache::P2Tables;
use super::packed::{PackedElement, PackedPPart, PackedQP};
use super::{MilnorAlgebra, PartRanks, Profile, MAX_ALGEBRA_DEGREE};
use crate::milnor::{PPart, WEIGHTS};
use crate::odd::{max_odd_degree, MilnorQP, QTables};

/// A prime with its Milnor basis (Milnor, "The Steenrod algebra and its dual", Ann. of
/// Math. 67 (1958), §6): what [`MilnorAlgebra<F>`] calls per prime.
pub trait MilnorPrime: Field {
    /// A basis element: `Sq(R)` ([`PPart`]) at p = 2, `Q(E)P(R)` ([`MilnorQP`]) at odd p.
    type Element: Copy + fmt::Debug + fmt::Display + PartialEq + Eq + Hash + Send + Sync + 'static;
    /// A basis element with its degree in few bytes ([`PackedPPart`] at p = 2: 8 bytes).
    type Packed: PackedElement<Element = Self::Element>;
    /// What products and indices need beyond the basis and the counts: the admissible-
    /// matrix cache at p = 2, the exterior parts' offsets and the binomials mod p at odd p.
    type Tables: Clone + fmt::Debug + Send + Sync + 'static;

    /// The largest degree whose basis elements all have at most eight exponents:
    /// [`MAX_ALGEBRA_DEGREE`] (510) at p = 2, [`max_odd_degree`] at odd p.
    fn max_algebra_degree(self) -> u32;

    /// The basis of every degree `0..=max_degree` in basis order, and the tables; `ranks`
    /// are the counts of the polynomial parts for this prime's weights.
    fn basis_and_tables(
        self,
        ranks: &PartRanks,
        max_degree: u32,
        table_budget: usize,
    ) -> (Vec<Vec<Self::Element>>, Self::Tables);

    /// Whether `x` lies in the sub-Hopf algebra of `profile` ([`Profile::contains`],
    /// [`Profile::contains_qp`]).
    fn in_profile(self, profile: &Profile, x: &Self::Element) -> bool;

    /// The index of `x` (of degree `t`) in `alg.basis(t)`. Panics if it is not a basis
    /// element of degree `t`.
    fn index_in(alg: &MilnorAlgebra<Self>, t: u32, x: &Self::Element) -> usize;

    /// `a·b` in the basis of `A_{|a|+|b|}`: `f(k, c)` for each basis element `k` with
    /// nonzero coefficient `c`, `k` increasing (Milnor 1958, Theorem 4b at p = 2,
    /// Theorems 4a and 4b at odd p).
    fn multiply_in(
        alg: &MilnorAlgebra<Self>,
        a: &Self::Element,
        b: &Self::Element,
        f: impl FnMut(usize, u32),
    );
}

impl MilnorPrime for P2 {
    type Element = PPart;
    type Packed = PackedPPart;
    type Tables = P2Tables;

    #[inline]
    fn max_algebra_degree(self) -> u32 {
        MAX_ALGEBRA_DEGREE
    }

    fn basis_and_tables(
        self,
        _ranks: &PartRanks,
        max_degree: u32,
        table_budget: usize,
    ) -> (Vec<Vec<PPart>>, P2Tables) {
        let basis = (0..=max_degree)
            .map(|t| {
                let mut elements = Vec::new();
                PartRanks::for_each_part(&WEIGHTS, t, |r| elements.push(r));
                elements
            })
            .collect();
        (basis, P2Tables::new(max_degree, table_budget))
    }

    #[inline]
    fn in_profile(self, profile: &Profile, x: &PPart) -> bool {
        profile.contains(x)
    }

    #[inline]
    fn index_in(alg: &MilnorAlgebra, _t: u32, x: &PPart) -> usize {
        alg.index_of(x)
    }

    #[inline]
    fn multiply_in(alg: &MilnorAlgebra, a: &PPart, b: &PPart, mut f: impl FnMut(usize, u32)) {
        alg.multiply_basis(a, b, |k| f(k, 1))
    }
}

impl MilnorPrime for ValidPrime {
    type Element = MilnorQP;
    type Packed = PackedQP;
    type Tables = QTables;

    #[inline]
    fn max_algebra_degree(self) -> u32 {
        max_odd_degree(self.value())
    }

    fn basis_and_tables(
        self,
        ranks: &PartRanks,
        max_degree: u32,
        _table_budget: usize,
    ) -> (Vec<Vec<MilnorQP>>, QTables) {
        crate::odd::basis_and_tables(self, ranks, max_degree)
    }

    #[inline]
    fn in_profile(self, profile: &Profile, x: &MilnorQP) -> bool {
        profile.contains_qp(self.value(), x)
    }

    #[inline]
    fn index_in(alg: &MilnorAlgebra<ValidPrime>, t: u32, x: &MilnorQP) -> usize {
        alg.index_of(t, x)
    }

    #[inline]
    fn multiply_in(
        alg: &MilnorAlgebra<ValidPrime>,
        a: &MilnorQP,
        b: &MilnorQP,
        f: impl FnMut(usize, u32),
    ) {
        alg.multiply_basis(a, b, f)
    }
}
