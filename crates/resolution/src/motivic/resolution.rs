//! The minimal resolution of `M_2 = F_2[τ]` over the C-motivic Steenrod algebra, held as a
//! classical resolution with a weight on every generator.

use std::collections::BTreeMap;

use fp::{FpVector, Matrix};
use rayon::prelude::*;
use steenrod::motivic::weight;
use steenrod::{MilnorAlgebra, PPart};

/// A term `τ^k·Sq(R)·h` of a differential: `h` the `gen`-th generator of the row below; the
/// power `k = w(g) − w(Sq(R)) − w(h)` is the one the weights force, so it is not stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Term {
    /// The generator below, an index into its row.
    pub gen: u32,
    /// The operation `Sq(R)`, of degree `|g| − |h|`.
    pub op: PPart,
}

/// A generator of the free `A^C`-module `C_s`, in bidegree `(t, w)`, with its differential.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generator {
    /// Its internal degree `t`.
    pub degree: i32,
    /// Its weight `w` (cohomological: `τ` raises it by 1).
    pub weight: u32,
    /// `d(g) ∈ C_{s−1}` (empty at `s = 0`: the generator of `C_0` maps to `1 ∈ M_2`).
    pub d: Vec<Term>,
}

/// A minimal free resolution `… → C_1 → C_0 → M_2` over `A^C` of `M_2 = F_2[τ]`, complete
/// for `s ≤ max_s` and internal degree `t ≤ max_t`.
///
/// `A^C` is free over `F_2[τ]` on the classical Milnor basis (with weights,
/// [`steenrod::motivic`]), so each `C_s` is free over `F_2[τ]` on the elements `Sq(R)·g`,
/// and `(C_s)_{t,w}` has the basis `τ^{w − w(Sq(R)g)}·Sq(R)·g` over those with `w(Sq(R)g)
/// ≤ w`: setting `τ = 1` embeds each `(C_s)_{t,w}` into the classical `(C_s)_t` as the span
/// `F_w` of the basis elements of weight `≤ w`, `τ` being the inclusion `F_w ⊆ F_{w+1}`. A
/// differential is then a classical vector whose terms all weigh at most the generator's
/// weight, and the resolution is a classical (non-minimal) one with a weight filtration.
///
/// Minimal means `d(C_s) ⊆ Ā·C_{s−1}`, `Ā` the augmentation ideal of `A^C` (positive `t`,
/// and `τ`): `A^C` is connected for the grading `t + w` (`τ` has `(0, 1)`, `Sq(R)` has `t
/// ≥ 1`), so Nakayama's lemma applies and the generators of `C_s` in `(t, w)` are a basis
/// of `Tor^{A^C}_s(M_2, F_2)` there — of `Ext_{A^C}^{s,t,w}(M_2, F_2)`, which by change of
/// rings is `Ext_{A^C/τ}` of the cofiber of `τ` ([`super::ctau`]). The `τ`-torsion of
/// `Ext_{A^C}(M_2, M_2)` comes from the terms `τ^k·1·h` (`k ≥ 1`) of the differentials
/// ([`super::ext`]).
pub struct MotivicResolution {
    algebra: MilnorAlgebra,
    /// `weights[d][i]`: the weight of `basis(d)[i]`.
    weights: Vec<Vec<u32>>,
    rows: Vec<Vec<Generator>>,
    max_t: i32,
    max_s: u32,
}

/// The basis of `(C_s)_t` in weight order, lowest first: `order[k]` is the unsorted
/// index (generator `j`'s block `offsets[j]..offsets[j+1]`, in the algebra's basis order of
/// `A_{t − |g_j|}`) at sorted position `k`, `position` the inverse.
struct Layout {
    offsets: Vec<usize>,
    order: Vec<u32>,
    position: Vec<u32>,
    weight: Vec<u32>,
}

/// What the step at `(s, t)` found: row `s`'s generators of degree `t`, and `ker(d_s)_t`.
struct Step {
    s: u32,
    t: i32,
    found: Vec<Generator>,
    kernel: Option<Kernel>,
}

/// `ker(v ↦ v·M)` for a matrix `M` whose rows are a basis in weight order (lowest first):
/// the reduced row echelon form `R` of `Mᵀ` and its free columns. Each free column `j` gives
/// the kernel vector `k_j = e_j + Σ_i R[i][j]·e_{p_i}` (`p_i` the pivots, all `< j`), so
/// `k_j` weighs what `j` weighs, `ker ∩ F_w` is spanned by the `k_j` of free columns of weight
/// `≤ w`, and a kernel vector's coordinates in this basis are its entries at the free
/// columns. Reducing `Mᵀ` (`n × m`) is cheaper than `[M | I]` (`m × (n + m)`).
struct Kernel {
    rref: Matrix,
    pivots: Vec<usize>,
    free: Vec<usize>,
}

impl Kernel {
    /// The whole space F_2^`dim`.
    fn entire(dim: usize) -> Kernel {
        Kernel {
            rref: Matrix::new(0, dim),
            pivots: Vec::new(),
            free: (0..dim).collect(),
        }
    }

    fn of(m: &Matrix) -> Kernel {
        let mut rref = m.transpose();
        let pivots = rref.row_reduce();
        rref.truncate_rows(pivots.len());
        let mut free = Vec::with_capacity(m.rows() - pivots.len());
        let mut next = pivots.iter().peekable();
        for j in 0..m.rows() {
            if next.peek() == Some(&&j) {
                next.next();
            } else {
                free.push(j);
            }
        }
        Kernel { rref, pivots, free }
    }

    /// The `k`-th basis vector, of the free column `free[k]`.
    fn vector(&self, k: usize) -> FpVector {
        let j = self.free[k];
        let mut v = FpVector::new(self.rref.cols());
        v.set(j, true);
        for (i, &p) in self.pivots.iter().enumerate() {
            if self.rref.get(i, j) {
                v.set(p, true);
            }
        }
        v
    }
}

impl Layout {
    fn dim(&self) -> usize {
        self.order.len()
    }
}

impl MotivicResolution {
    /// Resolves `M_2` through filtration `max_s` and internal degree `max_t`, on the current
    /// rayon pool.
    ///
    /// The classical algorithm (Bruner, "Calculation of large Ext modules", 1993) in the
    /// weight filtration: at `(s, t)`, with the basis of `(C_{s−1})_t` ordered by weight
    /// (lowest first), the basis of `ker d_{s−1}` read off the echelon form of the transposed
    /// matrix ([`Kernel`]) meets each `F_w` in the vectors whose free column weighs `≤ w`. For `w = 0, 1, …` the image of `d_s` on
    /// the elements of weight `≤ w` (all decomposable: the old generators' `Sq(R)·g` and
    /// `τ`-multiples of the new ones) is grown, and each kernel vector of weight `w`
    /// outside it becomes a new generator of weight `w`. Unlike the classical case a
    /// generator of degree `t` meets degree `t` (`d(g)` may hold `τ^k·h`, `|h| = t`), so
    /// row `s − 1` of degree `t` is finished before row `s`; the products of each degree's
    /// rows are formed in parallel.
    ///
    /// Panics if `max_t` is negative or above the algebra's range (the caller checks).
    pub fn resolve(max_s: u32, max_t: i32) -> Self {
        Self::resolve_with(max_s, max_t, |_, _| {})
    }

    /// [`Self::resolve`], calling `progress(k, of)` when the anti-diagonal `s + t = k` (of
    /// `of = max_s + max_t`) is finished.
    pub fn resolve_with(max_s: u32, max_t: i32, progress: impl FnMut(i32, i32)) -> Self {
        assert!(max_t >= 0, "a negative range");
        let algebra = MilnorAlgebra::new(max_t as u32);
        let weights = (0..=max_t as u32)
            .map(|d| algebra.basis(d).iter().map(weight).collect())
            .collect();
        let mut rows: Vec<Vec<Generator>> = (0..=max_s).map(|_| Vec::new()).collect();
        rows[0].push(Generator {
            degree: 0,
            weight: 0,
            d: Vec::new(),
        });
        let mut res = MotivicResolution {
            algebra,
            weights,
            rows,
            max_t,
            max_s,
        };
        res.run(progress);
        res
    }

    /// Every `(s, t)` with `s ≥ 1`, `1 ≤ t ≤ max_t`, by anti-diagonals `s + t`: `(s, t)` needs
    /// `(s − 1, t)` (its kernel) and `(s, t − 1)` (row `s` below degree `t`), both on the
    /// diagonal before, so a diagonal's steps run in parallel.
    fn run(&mut self, mut progress: impl FnMut(i32, i32)) {
        let mut kernels: BTreeMap<(u32, i32), Kernel> = BTreeMap::new();
        for k in 2..=(self.max_t + self.max_s as i32) {
            let steps: Vec<(u32, i32)> = (1..=self.max_s)
                .map(|s| (s, k - s as i32))
                .filter(|&(_, t)| (1..=self.max_t).contains(&t))
                .collect();
            let this = &*self;
            let done: Vec<Step> = steps
                .par_iter()
                .with_max_len(1)
                .map(|&(s, t)| {
                    let entire;
                    let kernel = match s {
                        // ker d_0 in degree t > 0 is all of (C_0)_t.
                        1 => {
                            entire = Kernel::entire(this.layout(0, t, &[]).dim());
                            &entire
                        }
                        _ => &kernels[&(s - 1, t)],
                    };
                    this.step(s, t, kernel)
                })
                .collect();
            kernels.clear();
            for step in done {
                let row = &mut self.rows[step.s as usize];
                row.extend(step.found);
                if let Some(kernel) = step.kernel {
                    kernels.insert((step.s, step.t), kernel);
                }
            }
            progress(k, self.max_t + self.max_s as i32);
        }
    }

    /// The step at `(s, t)`: the new generators from `kernel = ker(d_{s−1})_t` (in the layout
    /// of `(C_{s−1})_t`), and `ker(d_s)_t` for row `s + 1` (below the top row).
    fn step(&self, s: u32, t: i32, kernel: &Kernel) -> Step {
        let below = self.layout(s - 1, t, &[]);
        // The rows d_s(Sq(R)·g) of the generators of degree < t, sorted into the layout of
        // (C_{s−1})_t.
        let image: Vec<(u32, FpVector)> = self
            .old_rows(s, t)
            .iter()
            .map(|(w, v)| (*w, scatter(v, &below)))
            .collect();
        let found = self.generators_at(kernel, &below, &image);
        let gens: Vec<Generator> = found
            .iter()
            .map(|(w, v)| Generator {
                degree: t,
                weight: *w,
                d: self.terms(s - 1, t, &below, v),
            })
            .collect();
        let kernel = (s < self.max_s).then(|| {
            // ker d_s: the old rows and the new generators' rows, in the weight order of
            // (C_s)_t.
            let weights: Vec<u32> = found.iter().map(|(w, _)| *w).collect();
            let layout = self.layout(s, t, &weights);
            let mut m = Matrix::new(layout.dim(), below.dim());
            let old_count = image.len();
            for (k, &u) in layout.order.iter().enumerate() {
                let v = match (u as usize).checked_sub(old_count) {
                    None => &image[u as usize].1,
                    Some(j) => &found[j].1,
                };
                m.row_mut(k)[..v.limbs().len()].copy_from_slice(v.limbs());
            }
            Kernel::of(&m)
        });
        Step {
            s,
            t,
            found: gens,
            kernel,
        }
    }

    /// The new generators at `(s, t)`, by weight: `(w, d(g))` with `d(g)` a vector of
    /// `(C_{s−1})_t` in its layout `below`.
    ///
    /// The image rows lie in `ker d_{s−1}`, where a vector's coordinates in the kernel's basis
    /// are its entries at the free columns ([`Kernel`]). In those coordinates the image rows
    /// (by weight) and the kernel's basis vectors (by weight, each after the image rows of no
    /// larger weight) are the columns of one matrix; a kernel vector is a new generator iff
    /// its column is a pivot column of the reduced matrix (independent of the columns
    /// before).
    fn generators_at(
        &self,
        kernel: &Kernel,
        below: &Layout,
        image_rows: &[(u32, FpVector)],
    ) -> Vec<(u32, FpVector)> {
        let free = &kernel.free;
        let kernel_weight = |k: usize| below.weight[free[k]];
        let mut items: Vec<(u32, bool, usize)> = image_rows
            .iter()
            .enumerate()
            .map(|(i, (w, _))| (*w, false, i))
            .chain((0..free.len()).map(|k| (kernel_weight(k), true, k)))
            .collect();
        items.sort();
        let mut index = vec![u32::MAX; below.dim()];
        for (k, &j) in free.iter().enumerate() {
            index[j] = k as u32;
        }
        let columns: Vec<FpVector> = items
            .iter()
            .map(|&(_, is_kernel, i)| {
                if is_kernel {
                    FpVector::from_ones(free.len(), &[i])
                } else {
                    let v = &image_rows[i].1;
                    let mut c = FpVector::new(free.len());
                    for j in v.iter_ones().filter(|&j| index[j] != u32::MAX) {
                        c.set(index[j] as usize, true);
                    }
                    c
                }
            })
            .collect();
        let mut m = Matrix::from_rows(free.len(), &columns).transpose();
        let independent = m.row_reduce();
        independent
            .into_iter()
            .filter_map(|c| {
                let (w, is_kernel, k) = items[c];
                is_kernel.then(|| (w, kernel.vector(k)))
            })
            .collect()
    }

    /// The generators of `C_s` of degree `≤ t` (all of them: degree `t`'s are final once
    /// row `s` of degree `t` is done).
    fn through(&self, s: u32, t: i32) -> &[Generator] {
        let row = &self.rows[s as usize];
        &row[..row.partition_point(|g| g.degree <= t)]
    }

    /// The layout of `(C_s)_t` over the generators of degree `≤ t` found so far and `extra`
    /// more of degree `t` (their weights).
    fn layout(&self, s: u32, t: i32, extra: &[u32]) -> Layout {
        let gens = self.through(s, t);
        let mut offsets = Vec::with_capacity(gens.len() + extra.len() + 1);
        let mut weight = Vec::new();
        for g in gens {
            offsets.push(weight.len());
            let d = (t - g.degree) as usize;
            weight.extend(self.weights[d].iter().map(|w| w + g.weight));
        }
        for &w in extra {
            offsets.push(weight.len());
            weight.push(w);
        }
        offsets.push(weight.len());
        let mut order: Vec<u32> = (0..weight.len() as u32).collect();
        order.sort_by_key(|&u| weight[u as usize]);
        let mut position = vec![0; order.len()];
        for (k, &u) in order.iter().enumerate() {
            position[u as usize] = k as u32;
        }
        let weight = order.iter().map(|&u| weight[u as usize]).collect();
        Layout {
            offsets,
            order,
            position,
            weight,
        }
    }

    /// `d_s(Sq(R)·g)` for the generators `g` of `C_s` of degree `< t` (`|R| = t − |g|`) in
    /// the unsorted layout of `(C_{s−1})_t`, each with its weight `w(R) + w(g)`.
    fn old_rows(&self, s: u32, t: i32) -> Vec<(u32, FpVector)> {
        let row = &self.rows[s as usize];
        let gens = &row[..row.partition_point(|g| g.degree < t)];
        let below = &self.rows[s as usize - 1];
        let below_gens = &below[..below.partition_point(|g| g.degree < t)];
        let mut offsets = Vec::with_capacity(below_gens.len() + 1);
        let mut dim = 0;
        for h in below_gens {
            offsets.push(dim);
            dim += self.algebra.dim((t - h.degree) as u32);
        }
        let mut out = Vec::new();
        for g in gens {
            let d = (t - g.degree) as u32;
            for (i, r) in self.algebra.basis(d).iter().enumerate() {
                let mut v = FpVector::new(dim);
                for term in &g.d {
                    let at = offsets[term.gen as usize];
                    self.algebra
                        .multiply_basis_into(r, &term.op, v.limbs_mut(), at);
                }
                out.push((self.weights[d as usize][i] + g.weight, v));
            }
        }
        out
    }

    /// The terms of a vector of `(C_s)_t` in its layout.
    fn terms(&self, s: u32, t: i32, layout: &Layout, v: &FpVector) -> Vec<Term> {
        let gens = self.through(s, t);
        let mut terms: Vec<Term> = v
            .iter_ones()
            .map(|k| {
                let u = layout.order[k] as usize;
                let j = layout.offsets.partition_point(|&o| o <= u) - 1;
                let d = (t - gens[j].degree) as u32;
                Term {
                    gen: j as u32,
                    op: self.algebra.basis(d)[u - layout.offsets[j]],
                }
            })
            .collect();
        terms.sort_by_key(|term| term.gen);
        terms
    }
}

/// `v` (in the unsorted layout of the generators of degree `< t`) in the sorted layout.
fn scatter(v: &FpVector, layout: &Layout) -> FpVector {
    let mut out = FpVector::new(layout.dim());
    for u in v.iter_ones() {
        out.set(layout.position[u] as usize, true);
    }
    out
}

impl MotivicResolution {
    /// The range: `(max_s, max_t)`.
    pub fn range(&self) -> (u32, i32) {
        (self.max_s, self.max_t)
    }

    /// The generators of `C_s`, by degree then weight.
    pub fn generators(&self, s: u32) -> &[Generator] {
        self.rows.get(s as usize).map_or(&[], Vec::as_slice)
    }

    /// The generators of `C_s` in degree `t`, as a range of indices into
    /// [`generators`](Self::generators)`(s)`.
    pub fn in_degree(&self, s: u32, t: i32) -> std::ops::Range<usize> {
        let row = self.generators(s);
        row.partition_point(|g| g.degree < t)..row.partition_point(|g| g.degree <= t)
    }

    /// The algebra (the classical Milnor basis; weights by [`steenrod::motivic::weight`]).
    pub fn algebra(&self) -> &MilnorAlgebra {
        &self.algebra
    }
}
