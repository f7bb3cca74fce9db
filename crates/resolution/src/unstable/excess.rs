//! Excess in the Milnor basis, the free unstable modules `F(k)` it cuts out, and the order
//! of each degree's basis by excess that lays `F(k)` out as a prefix.

use fp::{ValidPrime, P2};
use steenrod::{MilnorAlgebra, PPart};

use crate::products::ReadOff;

/// An algebra with Milnor's basis and Kraines' excess: what the resolution by free
/// unstable modules needs beyond products.
pub trait UnstableAlgebra: ReadOff {
    /// The excess of a basis element: `Σ r_i` for `Sq(R)` at p = 2, `|E| + 2 Σ r_i` for
    /// `Q(E)P(R)` at odd p (Kraines, "On excess in the Milnor basis", Bull. LMS 3 (1971)).
    /// The elements of excess `> k` span the same left ideal `I_k` as the admissible
    /// monomials of excess `> k`, so `F(k) = A/I_k` has the basis of excess `≤ k`.
    fn excess(&self, x: &Self::Element) -> u32;

    /// Whether `x` is one of the operations of the unstable condition: `Sq^i = Sq(i)` at
    /// p = 2; `P^i = P(i)` and `βP^i = Q(0)P(i)` at odd p. A module is unstable when each of
    /// them of excess `> |m|` kills every `m` (Steenrod–Epstein ch. I; Schwartz §1.3).
    fn is_unstable_generator(&self, x: &Self::Element) -> bool;

    /// The largest degree the Milnor basis at this prime reaches
    /// ([`steenrod::MilnorPrime::max_algebra_degree`]: 510 at p = 2): a resolution spans at
    /// most this many degrees above its bottom class.
    fn degree_limit(&self) -> u32;

    /// The terms `f(k, c)` of `a·b` in the basis of `A_{|a|+|b|}`, to be summed by the
    /// caller: an index may come more than once (at p = 2 each matrix of Milnor's
    /// Theorem 4b with odd coefficient, uncombined:
    /// [`MilnorAlgebra::for_each_product_index`]; at odd p
    /// [`steenrod::Algebra::multiply_basis`]'s combined terms).
    fn for_each_product_term(
        &self,
        a: &Self::Element,
        b: &Self::Element,
        f: impl FnMut(usize, u32),
    );
}

/// The excess `Σ r_i` of `Sq(R)` at p = 2 ([`UnstableAlgebra::excess`]).
pub fn excess(r: &PPart) -> u32 {
    r.as_slice().iter().sum()
}

impl UnstableAlgebra for MilnorAlgebra<P2> {
    #[inline]
    fn excess(&self, x: &PPart) -> u32 {
        excess(x)
    }

    fn is_unstable_generator(&self, x: &PPart) -> bool {
        x.as_slice().iter().skip(1).all(|&r| r == 0)
    }

    fn degree_limit(&self) -> u32 {
        steenrod::MilnorPrime::max_algebra_degree(P2)
    }

    #[inline]
    fn for_each_product_term(&self, a: &PPart, b: &PPart, mut f: impl FnMut(usize, u32)) {
        self.for_each_product_index(a, b, |k| f(k, 1));
    }
}

impl UnstableAlgebra for MilnorAlgebra<ValidPrime> {
    #[inline]
    fn excess(&self, x: &steenrod::MilnorQP) -> u32 {
        x.e.count_ones() + 2 * excess(&x.r)
    }

    fn is_unstable_generator(&self, x: &steenrod::MilnorQP) -> bool {
        x.e <= 1 && x.r.as_slice().iter().skip(1).all(|&r| r == 0)
    }

    fn degree_limit(&self) -> u32 {
        steenrod::MilnorPrime::max_algebra_degree(self.field())
    }

    #[inline]
    fn for_each_product_term(
        &self,
        a: &steenrod::MilnorQP,
        b: &steenrod::MilnorQP,
        f: impl FnMut(usize, u32),
    ) {
        steenrod::Algebra::multiply_basis(self, a, b, f);
    }
}

/// The basis of `F(k)` in degree `k + d`: the basis elements of `A_d` of excess `≤ k`, in
/// the algebra's basis order. Empty for `d` above the algebra's range.
pub fn free_basis<A: UnstableAlgebra>(algebra: &A, k: u32, d: u32) -> Vec<A::Element> {
    if d > algebra.max_degree() {
        return Vec::new();
    }
    algebra
        .basis(d)
        .iter()
        .filter(|x| algebra.excess(x) <= k)
        .copied()
        .collect()
}

/// Each degree's basis sorted by excess (ties in basis order), so that the basis of
/// `F(k)_{k+d}` is the first [`ExcessOrder::count`]`(d, k)` elements of degree `d`: a
/// free unstable module's summand is a prefix, indexed without hashing.
#[derive(Clone, Debug)]
pub(crate) struct ExcessOrder {
    /// `order[d][j]`: the index in `basis(d)` of the `j`-th element by excess.
    order: Vec<Vec<u32>>,
    /// `position[d][i]`: where `basis(d)[i]` sits in `order[d]`.
    position: Vec<Vec<u32>>,
    /// `at_most[d][e]`: how many elements of `A_d` have excess `≤ e`, `e ≤ d`.
    at_most: Vec<Vec<u32>>,
}

impl ExcessOrder {
    /// The order of every degree `0..=algebra.max_degree()`.
    pub(crate) fn new<A: UnstableAlgebra>(algebra: &A) -> Self {
        let top = algebra.max_degree();
        let (mut order, mut position, mut at_most) = (Vec::new(), Vec::new(), Vec::new());
        for d in 0..=top {
            let excesses: Vec<u32> = algebra.basis(d).iter().map(|x| algebra.excess(x)).collect();
            let mut by_excess: Vec<u32> = (0..excesses.len() as u32).collect();
            by_excess.sort_by_key(|&i| excesses[i as usize]);
            let mut pos = vec![0; excesses.len()];
            for (j, &i) in by_excess.iter().enumerate() {
                pos[i as usize] = j as u32;
            }
            let mut counts = vec![0u32; d as usize + 1];
            for &e in &excesses {
                // Excess never exceeds the degree (each r_i weighs at least 1).
                counts[e.min(d) as usize] += 1;
            }
            for e in 1..counts.len() {
                counts[e] += counts[e - 1];
            }
            order.push(by_excess);
            position.push(pos);
            at_most.push(counts);
        }
        ExcessOrder {
            order,
            position,
            at_most,
        }
    }

    /// `dim F(k)_{k+d}`: the elements of `A_d` of excess `≤ k`.
    #[inline]
    pub(crate) fn count(&self, d: u32, k: i32) -> usize {
        let counts = &self.at_most[d as usize];
        if k < 0 {
            return 0;
        }
        counts[(k as usize).min(counts.len() - 1)] as usize
    }

    /// The index in `basis(d)` of the `j`-th element of `F(k)_{k+d}`.
    #[inline]
    pub(crate) fn element(&self, d: u32, j: usize) -> usize {
        self.order[d as usize][j] as usize
    }

    /// The position of `basis(d)[i]` in the excess order.
    #[inline]
    pub(crate) fn position(&self, d: u32, i: usize) -> usize {
        self.position[d as usize][i] as usize
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        let len = |v: &Vec<Vec<u32>>| v.iter().map(|x| x.len() * 4).sum::<usize>();
        len(&self.order) + len(&self.position) + len(&self.at_most)
    }
}
