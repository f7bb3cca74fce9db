//! Applying an A-linear map, given on generators, to an element of a free module.

use fp::{Field, FpVector, Vector};
use steenrod::{MilnorAlgebra, Module, VectorOf};

use crate::free_module::{decode_with_degrees, Differential, Term};
use crate::{Bidegree, Resolution};

/// `Σ Sq(R)·f(h)` over the terms `Sq(R)·h` of an element, `f(h) = values[h]` (an element
/// of the target given by its terms `Sq(S)·k`), in the target basis whose block of
/// generator `k` starts at bit `offsets[k]` (the last entry is the length). Products by
/// the Milnor product formula ([`MilnorAlgebra::multiply_admissible_into`]).
///
/// Panics if a term's generator has no value (a caller's range bug).
pub(crate) fn apply(
    alg: &MilnorAlgebra,
    values: &[Differential],
    terms: &[Term],
    offsets: &[usize],
) -> FpVector {
    let len = *offsets.last().unwrap_or(&0);
    let mut out = FpVector::new(len);
    for term in terms {
        let image = &values[term.gen as usize].terms;
        if image.is_empty() {
            continue;
        }
        let limbs = out.limbs_mut();
        let op = term.op();
        match alg.admissible_matrices(&op) {
            Some(table) => {
                for t in image {
                    let off = offsets[t.gen as usize];
                    alg.multiply_admissible_packed_into(table, t.packed, limbs, off);
                }
            }
            None => {
                for t in image {
                    alg.multiply_basis_into(&op, &t.op(), limbs, offsets[t.gen as usize]);
                }
            }
        }
    }
    out
}

/// The offsets of the generator blocks of the whole of `(C_s)_t` (generators of degree
/// `≤ t`; of degree `< t` while degree `t` of `C_s` is not resolved, past the range's
/// stem) in `res`, with the total length last (`[0]` below the bottom).
pub(crate) fn full_offsets<M: Module>(res: &Resolution<M>, b: Bidegree) -> Vec<usize> {
    let c = res.free_module(b.s());
    if b.t() < c.min_degree() {
        return vec![0];
    }
    let n = match c.is_complete(b.t()) {
        true => c.gens_below(b.t() + 1),
        false => c.gens_below(b.t()),
    };
    c.offsets(res.algebra(), b.t(), n)
}

/// `v` (a vector of the whole of `(C_s)_t`) with its terms, as a map's value.
pub(crate) fn element<M: Module>(
    res: &Resolution<M>,
    b: Bidegree,
    value: VectorOf<M>,
) -> Differential<M::Algebra> {
    let c = res.free_module(b.s());
    let terms = if value.is_zero() {
        Vec::new()
    } else {
        let degrees = c.gen_degrees(c.gens_below(b.t() + 1));
        decode_with_degrees(res.algebra(), b.t(), &degrees, &value)
    };
    Differential { value, terms }
}

/// The zero value (no coordinates) of a generator mapped below the target's bottom.
pub(crate) fn nothing<M: Module>(res: &Resolution<M>) -> Differential<M::Algebra> {
    Differential {
        value: res.prime().zero_vector(0),
        terms: Vec::new(),
    }
}
