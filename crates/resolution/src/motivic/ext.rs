//! `Ext_{A^C}(M_2, M_2)` as a module over `F_2[τ]`: its generators with their weights and
//! `τ`-torsion orders, and the products by `h_0`, `h_1`, `h_2`.
//!
//! `Hom_{A^C}(C_s, M_2)` is free over `F_2[τ]` on the duals `g^*` of the generators (`g^*`
//! in weight `w(g)`, `τ` lowering the weight of `Ext` by one, as `τ ∈ Ext^{0,0,−1}`), and
//! its differential is `δ(h^*) = Σ τ^{w(g) − w(h)} g^*` over the terms `τ^k·1·h` of the
//! differentials `d(g)` of the next row, `k ≥ 1` by minimality. In internal degree `t`
//! these are finite free graded `F_2[τ]`-modules; a homogeneous cochain of weight `v` is an
//! F_2-vector `x` over the generators of weight `≥ v` (the cochain `Σ x_h τ^{w(h)−v} h^*`),
//! so the cocycles of weight `v` are `K_v = ker δ` on those generators and the coboundaries
//! `I_v` the span of `δ(h'^*)` over the `h'` below of weight `≥ v`, and `τ` is the
//! inclusion `K_v ⊆ K_{v−1}`. `H = K/I` is a graded module over the PID `F_2[τ]`, a sum of
//! `F_2[τ]` and `F_2[τ]/τ^k` (a persistence module, the weight its parameter): the number
//! of summands generated in weight `v` with `τ^{k−1} ≠ 0` on them is `r(v, k−1) − r(v+1,
//! k)`, `r(v, k) = dim(K_v + I_{v−k}) − dim I_{v−k}` the rank of `τ^k` out of `H_v`
//! ([`Summand`]; the generators themselves, for the products, by the greedy choice
//! lowest order first, checked against these counts).

use std::collections::BTreeMap;

use fp::{FpVector, Subspace};
use steenrod::PPart;

use super::MotivicResolution;
use crate::Bidegree;

/// A summand `F_2[τ]·x` or `F_2[τ]/τ^k·x` of `Ext^{s,t}`: its generator `x` in weight
/// `weight` and its `τ`-torsion order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summand {
    /// `(s, t)`.
    pub bidegree: Bidegree,
    /// The generator's weight.
    pub weight: i32,
    /// `Some(k)`: `τ^k x = 0 ≠ τ^{k−1} x`; `None`: `τ`-free.
    pub torsion: Option<u32>,
    /// The cocycle: `x_h` over the generators `h` of `C_s` in degree `t` (indices into
    /// [`MotivicResolution::in_degree`]), the cochain `Σ x_h τ^{w(h)−weight} h^*`.
    pub cocycle: FpVector,
}

/// `h_i·x = Σ τ^{power}·y` for a summand `x` and summands `y` of the target bidegree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Product {
    /// `i` of `h_i`.
    pub h: u32,
    /// The source summand's index in [`MotivicExt::summands`].
    pub from: usize,
    /// The target summands with the power of `τ` on each.
    pub to: Vec<(usize, u32)>,
}

/// `Ext_{A^C}(M_2, M_2)` in a range: its summands and the products by `h_0, h_1, h_2`.
#[derive(Clone, Debug)]
pub struct MotivicExt {
    /// The largest stem.
    pub max_stem: i32,
    /// The largest filtration.
    pub max_s: u32,
    /// Every summand, by `(s, t)` then weight (highest first).
    pub summands: Vec<Summand>,
    /// The products `h_i·x` (`i ≤ 2`) whose target bidegree is in range, `x` a summand.
    pub products: Vec<Product>,
}

/// The cochain complex of one internal degree at `s`: the weights of the generators of
/// `C_{s−1}`, `C_s` in degree `t` and the differentials `δ` in and out as F_2-matrices.
struct Slice {
    weights: Vec<u32>,
    /// `δ(h^*)` for each generator `h` of `C_s`: a vector over the generators of `C_{s+1}`.
    out: Vec<FpVector>,
    /// `δ(h'^*)` for each generator `h'` of `C_{s−1}`, with its weight.
    into: Vec<(u32, FpVector)>,
}

impl Slice {
    fn new(res: &MotivicResolution, b: Bidegree) -> Slice {
        let (s, t) = (b.s(), b.t());
        let here = res.in_degree(s, t);
        let weights = res.generators(s)[here.clone()]
            .iter()
            .map(|g| g.weight)
            .collect();
        let delta = |from: u32| -> Vec<(u32, FpVector)> {
            let src = res.in_degree(from, t);
            let dst = res.in_degree(from + 1, t);
            let mut out: Vec<(u32, FpVector)> = res.generators(from)[src.clone()]
                .iter()
                .map(|h| (h.weight, FpVector::new(dst.len())))
                .collect();
            for (j, g) in res.generators(from + 1)[dst.clone()].iter().enumerate() {
                for term in g.d.iter().filter(|term| term.op == PPart::ONE) {
                    out[term.gen as usize - src.start].1.flip(j);
                }
            }
            out
        };
        let out = delta(s).into_iter().map(|(_, v)| v).collect();
        let into = if s == 0 { Vec::new() } else { delta(s - 1) };
        Slice { weights, out, into }
    }

    /// `K_v`: the cocycles of weight `v`, vectors over the generators of `C_s`.
    fn cocycles(&self, v: i32) -> Subspace {
        let n = self.weights.len();
        let support: Vec<usize> = (0..n).filter(|&h| self.weights[h] as i32 >= v).collect();
        let cols = self.out.first().map_or(0, FpVector::len);
        let rows: Vec<FpVector> = support.iter().map(|&h| self.out[h].clone()).collect();
        let kernel = fp::kernel_image(&fp::Matrix::from_rows(cols, &rows)).kernel;
        let vectors: Vec<FpVector> = kernel
            .basis_vectors()
            .iter()
            .map(|k| {
                let ones: Vec<usize> = k.iter_ones().map(|i| support[i]).collect();
                FpVector::from_ones(n, &ones)
            })
            .collect();
        Subspace::from_vectors(n, &vectors)
    }

    /// `I_u`: the coboundaries of weight `u`.
    fn coboundaries(&self, u: i32) -> Subspace {
        let vectors: Vec<FpVector> = self
            .into
            .iter()
            .filter(|(w, _)| *w as i32 >= u)
            .map(|(_, v)| v.clone())
            .collect();
        Subspace::from_vectors(self.weights.len(), &vectors)
    }

    /// The lowest weight where anything changes, less one: below it `K` and `I` are
    /// constant.
    fn floor(&self) -> i32 {
        let low = self.weights.iter().chain(self.into.iter().map(|(w, _)| w));
        low.min().map_or(0, |&w| w as i32) - 1
    }
}

fn sum(a: &Subspace, b: &Subspace) -> Subspace {
    let mut out = a.clone();
    for v in b.basis_vectors() {
        out.add_vector(&v);
    }
    out
}

/// The summands of `Ext^{s,t}` with their cocycles, highest weight first.
fn summands(res: &MotivicResolution, b: Bidegree) -> Vec<Summand> {
    let slice = Slice::new(res, b);
    let mut weights: Vec<i32> = slice.weights.iter().map(|&w| w as i32).collect();
    weights.sort_unstable_by(|a, b| b.cmp(a));
    weights.dedup();
    let floor = slice.floor();
    let mut out = Vec::new();
    for &v in &weights {
        let kv = slice.cocycles(v);
        let mut span = sum(&slice.cocycles(v + 1), &slice.coboundaries(v));
        // Order k, lowest first: the coboundaries of weight v − k supported in weight ≥ v.
        for k in 1..=(v - floor) as u32 {
            let supported = supported_part(&slice.coboundaries(v - k as i32), &slice.weights, v);
            for x in supported {
                if span.add_vector(&x) {
                    out.push((v, Some(k), x));
                }
            }
        }
        for x in kv.basis_vectors() {
            if span.add_vector(&x) {
                out.push((v, None, x));
            }
        }
    }
    let result: Vec<Summand> = out
        .into_iter()
        .map(|(weight, torsion, cocycle)| Summand {
            bidegree: b,
            weight,
            torsion,
            cocycle,
        })
        .collect();
    check_counts(&slice, &weights, floor, &result, b);
    result
}

/// The part of `space` supported on the generators of weight `≥ v`: with the coordinates
/// ordered by weight, lowest first, the RREF rows whose pivot weighs `≥ v`.
fn supported_part(space: &Subspace, weights: &[u32], v: i32) -> Vec<FpVector> {
    let n = weights.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&h| weights[h]);
    let permute = |x: &FpVector| {
        let mut pos = vec![0; n];
        for (k, &h) in order.iter().enumerate() {
            pos[h] = k;
        }
        let ones: Vec<usize> = x.iter_ones().map(|h| pos[h]).collect();
        FpVector::from_ones(n, &ones)
    };
    let permuted: Vec<FpVector> = space.basis_vectors().iter().map(permute).collect();
    let rref = Subspace::from_vectors(n, &permuted);
    rref.basis_vectors()
        .into_iter()
        .zip(rref.pivots().to_vec())
        .filter(|(_, p)| weights[order[*p]] as i32 >= v)
        .map(|(x, _)| {
            let ones: Vec<usize> = x.iter_ones().map(|k| order[k]).collect();
            FpVector::from_ones(n, &ones)
        })
        .collect()
}

/// The summands chosen against the basis-free counts `r(v, k−1) − r(v+1, k)`.
fn check_counts(slice: &Slice, weights: &[i32], floor: i32, got: &[Summand], b: Bidegree) {
    let rank = |v: i32, k: i32| {
        let i = slice.coboundaries(v - k);
        sum(&slice.cocycles(v), &i).dim() - i.dim()
    };
    for &v in weights {
        let top = v - floor + 1;
        let at_least = |k: i32| rank(v, k - 1) - rank(v + 1, k);
        for k in 1..top {
            let expected = at_least(k) - at_least(k + 1);
            let found = got
                .iter()
                .filter(|x| x.weight == v && x.torsion == Some(k as u32))
                .count();
            assert_eq!(
                found, expected,
                "τ^{k}-torsion summands at {b:?} weight {v}"
            );
        }
        let free = got
            .iter()
            .filter(|x| x.weight == v && x.torsion.is_none())
            .count();
        assert_eq!(free, at_least(top), "free summands at {b:?} weight {v}");
    }
}

impl MotivicExt {
    /// The summands of `Ext^{s,t}` for `s ≤ max_s`, stem `t − s ≤ max_stem`, and the
    /// products by `h_0, h_1, h_2` among them. `res` must reach filtration `max_s + 1` and
    /// internal degree `max_stem + max_s`.
    pub fn new(res: &MotivicResolution, max_stem: i32, max_s: u32) -> MotivicExt {
        let (rs, rt) = res.range();
        assert!(
            rs > max_s && rt >= max_stem + max_s as i32,
            "resolution too short"
        );
        let mut summands = Vec::new();
        for s in 0..=max_s {
            for n in 0..=max_stem {
                summands.extend(self::summands(res, Bidegree::n_s(n, s)));
            }
        }
        let products = super::products::products(res, &summands, max_stem, max_s);
        MotivicExt {
            max_stem,
            max_s,
            summands,
            products,
        }
    }

    /// The multiset `(stem, s, weight, torsion) ↦ count`.
    pub fn counts(&self) -> BTreeMap<(i32, u32, i32, Option<u32>), usize> {
        let mut out = BTreeMap::new();
        for x in &self.summands {
            let key = (x.bidegree.n(), x.bidegree.s(), x.weight, x.torsion);
            *out.entry(key).or_insert(0) += 1;
        }
        out
    }
}
