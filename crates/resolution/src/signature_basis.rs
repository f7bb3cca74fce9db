//! The Milnor basis of a free module in one degree, split by signature with respect to a
//! sub-Hopf algebra (Nassau, arXiv:1910.04063, §2), and the restriction of rows to the
//! basis elements of one signature.

use std::collections::HashMap;

use fp::{FpVector, Matrix};
use steenrod::{MilnorAlgebra, PPart};

use crate::free_module::{Differential, FreeModule};
use crate::subalgebra::{MilnorSubalgebra, Signature};

/// A basis element `Sq(R)·g` of a free module in degree `t`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct BasisElement {
    /// Index in the degree-`t` basis.
    pub index: usize,
    /// Index of `g` among the generators walked ([`Walked::gens`]).
    pub gen: u32,
    /// `R`.
    pub r: PPart,
}

/// What a walk over a module's basis in degree `t` found.
pub(crate) struct Walked<'a, E> {
    /// The generators of degree `< bound` and `≤ t`, in basis order.
    pub gens: Vec<&'a Differential>,
    /// The basis elements kept, by signature or as one list.
    pub elements: E,
}

/// Walks the basis of `module` in degree `t` (generators of degree `< bound`) in basis
/// order, handing each element with its signature to `keep`.
fn walk<'a>(
    alg: &MilnorAlgebra,
    module: &'a FreeModule,
    t: i32,
    bound: i32,
    sub: &MilnorSubalgebra,
    mut keep: impl FnMut(Signature, BasisElement),
) -> Vec<&'a Differential> {
    let mask = sub.signature_mask();
    let mut gens = Vec::new();
    let mut offset = 0;
    for g_deg in module.min_degree()..bound.min(t + 1) {
        let basis = alg.basis((t - g_deg) as u32);
        for dg in module.gens(g_deg) {
            let gen = gens.len() as u32;
            gens.push(dg);
            for (i, r) in basis.iter().enumerate() {
                let sig = MilnorSubalgebra::packed_residue(r) & mask;
                keep(
                    sig,
                    BasisElement {
                        index: offset + i,
                        gen,
                        r: *r,
                    },
                );
            }
            offset += basis.len();
        }
    }
    gens
}

/// The basis elements of `module` in degree `t` (generators of degree `< bound`), split
/// by the signature of `R`, each list in basis order.
pub(crate) fn split_by_signature<'a>(
    alg: &MilnorAlgebra,
    module: &'a FreeModule,
    t: i32,
    bound: i32,
    sub: &MilnorSubalgebra,
) -> Walked<'a, HashMap<Signature, Vec<BasisElement>>> {
    let mut elements: HashMap<Signature, Vec<BasisElement>> = HashMap::new();
    let gens = walk(alg, module, t, bound, sub, |sig, e| {
        elements.entry(sig).or_default().push(e)
    });
    Walked { gens, elements }
}

/// The basis elements of signature zero only (for the source `C_s`, where no other
/// signature is needed).
pub(crate) fn zero_signature_basis<'a>(
    alg: &MilnorAlgebra,
    module: &'a FreeModule,
    t: i32,
    bound: i32,
    sub: &MilnorSubalgebra,
) -> Walked<'a, Vec<BasisElement>> {
    let mut elements = Vec::new();
    let gens = walk(alg, module, t, bound, sub, |sig, e| {
        if sig == 0 {
            elements.push(e)
        }
    });
    Walked { gens, elements }
}

/// The rows `(generator index, R)` of a product batch over `elements`.
pub(crate) fn batch_rows(elements: &[BasisElement]) -> Vec<(u32, PPart)> {
    elements.iter().map(|e| (e.gen, e.r)).collect()
}

/// Position of each basis index in a signature's list (`u32::MAX` when absent).
pub(crate) fn positions(elements: &[BasisElement], dim: usize) -> Vec<u32> {
    let mut pos = vec![u32::MAX; dim];
    for (k, e) in elements.iter().enumerate() {
        pos[e.index] = k as u32;
    }
    pos
}

/// The coordinates of `row` (full basis) on the listed basis elements.
pub(crate) fn restrict(row: &[u64], pos: &[u32], len: usize) -> FpVector {
    let mut v = FpVector::new(len);
    for (w, &limb) in row.iter().enumerate() {
        let mut bits = limb;
        while bits != 0 {
            let b = w * 64 + bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let p = pos[b];
            if p != u32::MAX {
                v.flip(p as usize);
            }
        }
    }
    v
}

/// Every row of `m` restricted as by [`restrict`].
pub(crate) fn restrict_matrix(m: &Matrix, pos: &[u32], len: usize) -> Matrix {
    let mut out = Matrix::new(m.rows(), len);
    for i in 0..m.rows() {
        out.row_mut(i)
            .copy_from_slice(restrict(m.row(i), pos, len).limbs());
    }
    out
}
