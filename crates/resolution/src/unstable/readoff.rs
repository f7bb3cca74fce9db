//! Products by the classes of `Ext^1` of the sphere read off an unstable resolution.

use steenrod::module::ModuleAlgebra;

use super::excess::UnstableAlgebra;
use super::resolution::UnstableResolution;
use crate::products::{Primitive, ReadOff};
use crate::Bidegree;

/// One coordinate of a product `x·g*`: the class `g*` (the `from_index`-th generator of
/// its bidegree) times `x` has `coefficient` on the `to_index`-th class of `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ProductTerm {
    /// The bidegree of `g*`.
    pub from: Bidegree,
    /// Its index among the generators of its bidegree.
    pub from_index: usize,
    /// The bidegree of the product: `s + 1`, `t + |x|`.
    pub to: Bidegree,
    /// The index of the class it meets there.
    pub to_index: usize,
    /// The coefficient, in `1..p`.
    pub coefficient: u32,
}

/// Every nonzero coordinate of the products by `x` inside the range:
/// `x·h* = Σ_{g'} [coefficient of op·h in d(g')] g'*`, `op` the Milnor basis element dual
/// to `x` (`Sq(2^i)` for `h_i` at p = 2). The argument of the stable case
/// ([`crate::products`]: the lift of `h*` to a chain map, read through the primitive dual
/// to `op`) holds verbatim in `U`: `F(k)` is a quotient of `A`, and the chain map's first
/// two components land in `F(|h|)` and in the summand `F(|h| + |x|)` of `C_1` of the
/// sphere `S^{|h|}` whose differential is `op·ι`. Empty when the algebra has no such
/// element.
pub fn read_off<A>(res: &UnstableResolution<A>, x: Primitive) -> Vec<ProductTerm>
where
    A: ModuleAlgebra + UnstableAlgebra + ReadOff,
{
    let alg = res.algebra();
    let Some((d, index)) = alg.dual_operation(x) else {
        return Vec::new();
    };
    let op = alg.basis(d)[index];
    let mut found = Vec::new();
    let (_, max_s) = res.range();
    for s in 1..=max_s {
        let (row, below) = (res.generators(s), res.generators(s - 1));
        for (k, g) in row.iter().enumerate() {
            for term in g.d.iter().filter(|term| term.op == op) {
                let h = &below[term.gen as usize];
                let to = Bidegree::s_t(s, g.degree);
                let from = Bidegree::s_t(s - 1, h.degree);
                found.push(ProductTerm {
                    from,
                    from_index: term.gen as usize - res.in_degree(s - 1, h.degree).start,
                    to,
                    to_index: k - res.in_degree(s, g.degree).start,
                    coefficient: term.coefficient,
                });
            }
        }
    }
    found.sort();
    found
}
