//! The products by `h_0`, `h_1`, `h_2` on `Ext_{A^C}(M_2, M_2)`, read off the
//! differentials.
//!
//! For a cocycle `x` of `C_s` (a cochain of weight `v`), `h_i·x` is the cochain of `C_{s+1}`
//! whose coefficient on `g^*` collects the terms `τ^e·Sq(2^i)·h` of `d(g)` against `x`: the
//! classical read-off (the coefficient of `Sq(2^i)` is the pairing with `ξ_1^{2^i}`,
//! primitive, which vanishes on decomposables; Bruner 1993, §2 for the classical case),
//! here with values in `M_2`, because `ξ_1^{2^{i−1}}` and `τ_0` are primitive in `A^C_*`
//! too. Its weight is `v + w(h_i)`, `w(h_i) = w(Sq(2^i)) = 0, 1, 2`.

use fp::FpVector;
use steenrod::motivic::weight;
use steenrod::PPart;

use super::ext::{Product, Summand};
use super::MotivicResolution;
use crate::Bidegree;

/// `h_i·x` for every summand `x` and `i ≤ 2` whose target is in range, in the target's
/// summands.
pub(super) fn products(
    res: &MotivicResolution,
    summands: &[Summand],
    max_stem: i32,
    max_s: u32,
) -> Vec<Product> {
    let mut out = Vec::new();
    for (from, x) in summands.iter().enumerate() {
        for i in 0..=2u32 {
            let b = x.bidegree;
            let target = Bidegree::s_t(b.s() + 1, b.t() + (1 << i));
            if target.s() > max_s || target.n() > max_stem {
                continue;
            }
            let sq = PPart::from_slice(&[1 << i]);
            let y = multiply(res, b, &x.cocycle, &sq);
            let u = x.weight + weight(&sq) as i32;
            let to = express(res, summands, target, u, &y);
            if !to.is_empty() {
                out.push(Product { h: i, from, to });
            }
        }
    }
    out
}

/// The cochain `op·x` of `C_{s+1}` in degree `t + |op|` over its generators there.
fn multiply(res: &MotivicResolution, b: Bidegree, x: &FpVector, op: &PPart) -> FpVector {
    let src = res.in_degree(b.s(), b.t());
    let t = b.t() + op.degree() as i32;
    let dst = res.in_degree(b.s() + 1, t);
    let mut y = FpVector::new(dst.len());
    for (j, g) in res.generators(b.s() + 1)[dst].iter().enumerate() {
        let hits = g.d.iter().filter(|term| {
            term.op == *op
                && src.contains(&(term.gen as usize))
                && x.get(term.gen as usize - src.start)
        });
        if hits.count() % 2 == 1 {
            y.flip(j);
        }
    }
    y
}

/// `y` (a cocycle of weight `u` at `b`) as `Σ τ^{w(x_j) − u}·x_j` modulo coboundaries, over
/// the summands `x_j` at `b` with `τ^{w(x_j) − u} x_j ≠ 0`. Panics if `y` is not a cocycle
/// (a broken resolution).
fn express(
    res: &MotivicResolution,
    summands: &[Summand],
    b: Bidegree,
    u: i32,
    y: &FpVector,
) -> Vec<(usize, u32)> {
    if y.is_zero() {
        return Vec::new();
    }
    let weights: Vec<u32> = res.generators(b.s())[res.in_degree(b.s(), b.t())]
        .iter()
        .map(|g| g.weight)
        .collect();
    let n = weights.len();
    let candidates: Vec<usize> = (0..summands.len())
        .filter(|&j| {
            let x = &summands[j];
            x.bidegree == b && x.weight >= u && x.torsion.is_none_or(|k| x.weight - u < k as i32)
        })
        .collect();
    // The coboundaries of weight u: δ(h'^*) for h' of C_{s−1} of weight ≥ u.
    let mut basis: Vec<(FpVector, FpVector)> = Vec::new();
    let m = candidates.len();
    if b.s() > 0 {
        let src = res.in_degree(b.s() - 1, b.t());
        let dst = res.in_degree(b.s(), b.t());
        for (k, h) in res.generators(b.s() - 1)[src.clone()].iter().enumerate() {
            if (h.weight as i32) < u {
                continue;
            }
            let mut v = FpVector::new(n);
            for (j, g) in res.generators(b.s())[dst.clone()].iter().enumerate() {
                let hits =
                    g.d.iter()
                        .filter(|term| term.op == PPart::ONE && term.gen as usize == src.start + k);
                if hits.count() % 2 == 1 {
                    v.flip(j);
                }
            }
            basis.push((v, FpVector::new(m)));
        }
    }
    for (c, &j) in candidates.iter().enumerate() {
        basis.push((summands[j].cocycle.clone(), FpVector::from_ones(m, &[c])));
    }
    let tags = solve(&mut basis, y).unwrap_or_else(|| {
        panic!("h_i·x at {b:?} weight {u} is not a combination of the summands: not a cocycle")
    });
    tags.iter_ones()
        .map(|c| {
            let j = candidates[c];
            (j, (summands[j].weight - u) as u32)
        })
        .collect()
}

/// Row-reduces `basis` (vector, tag) and writes `y` in it: the sum of the tags of the rows
/// that make up `y`, `None` if `y` is not in the span.
fn solve(basis: &mut [(FpVector, FpVector)], y: &FpVector) -> Option<FpVector> {
    let mut pivots: Vec<(usize, usize)> = Vec::new();
    for i in 0..basis.len() {
        for &(p, r) in &pivots {
            if basis[i].0.get(p) {
                let (row, tag) = (basis[r].0.clone(), basis[r].1.clone());
                basis[i].0.add(&row);
                basis[i].1.add(&tag);
            }
        }
        if let Some(p) = basis[i].0.first_one() {
            pivots.push((p, i));
        }
    }
    let mut v = y.clone();
    let mut tag = FpVector::new(basis.first().map_or(0, |b| b.1.len()));
    for &(p, r) in &pivots {
        if v.get(p) {
            v.add(&basis[r].0);
            tag.add(&basis[r].1);
        }
    }
    v.is_zero().then_some(tag)
}
