//! The minimal resolution of `M_2 = F_2[τ]` over the C-motivic Steenrod algebra, held as a
//! classical resolution with a weight on every generator.

use fp::{kernel_image, FpVector, Matrix, Subspace};
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

/// The basis of `(C_s)_t` in weight order, highest first: `order[k]` is the unsorted
/// index (generator `j`'s block `offsets[j]..offsets[j+1]`, in the algebra's basis order of
/// `A_{t − |g_j|}`) at sorted position `k`, `position` the inverse.
struct Layout {
    offsets: Vec<usize>,
    order: Vec<u32>,
    position: Vec<u32>,
    weight: Vec<u32>,
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
    /// (highest first), the reduced row echelon basis of `ker d_{s−1}` meets each `F_w` in
    /// the basis vectors whose pivot weighs `≤ w`. For `w = 0, 1, …` the image of `d_s` on
    /// the elements of weight `≤ w` (all decomposable: the old generators' `Sq(R)·g` and
    /// `τ`-multiples of the new ones) is grown, and each kernel vector of pivot weight `w`
    /// outside it becomes a new generator of weight `w`. Unlike the classical case a
    /// generator of degree `t` meets degree `t` (`d(g)` may hold `τ^k·h`, `|h| = t`), so
    /// row `s − 1` of degree `t` is finished before row `s`; the products of each degree's
    /// rows are formed in parallel.
    ///
    /// Panics if `max_t` is negative or above the algebra's range (the caller checks).
    pub fn resolve(max_s: u32, max_t: i32) -> Self {
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
        for t in 1..=max_t {
            res.degree(t);
        }
        res
    }

    /// Every row of internal degree `t`, in order of `s`.
    fn degree(&mut self, t: i32) {
        let this = &*self;
        // The rows d_s(Sq(R)·g) of the generators of degree < t, in the unsorted layout of
        // (C_{s−1})_t: they do not involve degree t's new generators.
        let rows: Vec<u32> = (1..=self.max_s).collect();
        let old: Vec<Vec<(u32, FpVector)>> = rows
            .into_par_iter()
            .with_max_len(1)
            .map(|s| this.old_rows(s, t))
            .collect();
        // ker d_0 in degree t > 0 is all of (C_0)_t.
        let mut below = self.layout(0, t);
        let mut kernel = Subspace::entire(below.dim());
        let mut matrix_rows: Vec<(u32, FpVector)>;
        for s in 1..=self.max_s {
            // The rows of d_s, sorted into the layout of (C_{s−1})_t.
            matrix_rows = old[s as usize - 1]
                .iter()
                .map(|(w, v)| (*w, scatter(v, &below)))
                .collect();
            let found = self.generators_at(&kernel, &below, &matrix_rows);
            let first = self.rows[s as usize].len() as u32;
            for (w, v) in &found {
                let d = self.terms(s - 1, t, &below, v);
                self.rows[s as usize].push(Generator {
                    degree: t,
                    weight: *w,
                    d,
                });
            }
            if s == self.max_s {
                break;
            }
            // ker d_s, for row s + 1: the old rows and the new generators' rows, in weight
            // order of (C_s)_t.
            let layout = self.layout(s, t);
            let mut m = Matrix::new(layout.dim(), below.dim());
            let old_count = layout.dim() - found.len();
            for (k, &u) in layout.order.iter().enumerate() {
                let v = if (u as usize) < old_count {
                    &matrix_rows[u as usize].1
                } else {
                    &found[u as usize - old_count].1
                };
                m.row_mut(k)[..v.limbs().len()].copy_from_slice(v.limbs());
            }
            debug_assert!(self.rows[s as usize][first as usize..]
                .iter()
                .all(|g| g.degree == t));
            kernel = kernel_image(&m).kernel;
            below = layout;
        }
    }

    /// The new generators at `(s, t)`, by weight: `(w, d(g))` with `d(g)` a vector of
    /// `(C_{s−1})_t` in its layout `below`.
    ///
    /// The image rows lie in `ker d_{s−1}`, where a vector's coordinates in the RREF basis
    /// are its entries at the pivots. In those coordinates the image rows (by weight) and
    /// the kernel's basis vectors (by pivot weight, each after the image rows of no larger
    /// weight) are the columns of one matrix; a kernel vector is a new generator iff its
    /// column is a pivot column of the reduced matrix (independent of the columns before).
    fn generators_at(
        &self,
        kernel: &Subspace,
        below: &Layout,
        image_rows: &[(u32, FpVector)],
    ) -> Vec<(u32, FpVector)> {
        let pivots = kernel.pivots();
        let kernel_weight = |k: usize| below.weight[pivots[k]];
        let mut items: Vec<(u32, bool, usize)> = image_rows
            .iter()
            .enumerate()
            .map(|(i, (w, _))| (*w, false, i))
            .chain((0..kernel.dim()).map(|k| (kernel_weight(k), true, k)))
            .collect();
        items.sort();
        let columns: Vec<FpVector> = items
            .iter()
            .map(|&(_, is_kernel, i)| {
                if is_kernel {
                    FpVector::from_ones(pivots.len(), &[i])
                } else {
                    let v = &image_rows[i].1;
                    let ones: Vec<usize> =
                        (0..pivots.len()).filter(|&k| v.get(pivots[k])).collect();
                    debug_assert!(kernel.contains(v), "an image row outside the kernel");
                    FpVector::from_ones(pivots.len(), &ones)
                }
            })
            .collect();
        let mut m = Matrix::from_rows(pivots.len(), &columns).transpose();
        let independent = m.row_reduce();
        independent
            .into_iter()
            .filter_map(|c| {
                let (w, is_kernel, k) = items[c];
                is_kernel.then(|| (w, kernel.basis().row_vector(k)))
            })
            .collect()
    }

    /// The generators of `C_s` of degree `≤ t` (all of them: degree `t`'s are final once
    /// row `s` of degree `t` is done).
    fn through(&self, s: u32, t: i32) -> &[Generator] {
        let row = &self.rows[s as usize];
        &row[..row.partition_point(|g| g.degree <= t)]
    }

    /// The layout of `(C_s)_t` over the generators of degree `≤ t` found so far.
    fn layout(&self, s: u32, t: i32) -> Layout {
        let gens = self.through(s, t);
        let mut offsets = Vec::with_capacity(gens.len() + 1);
        let mut weight = Vec::new();
        for g in gens {
            offsets.push(weight.len());
            let d = (t - g.degree) as usize;
            weight.extend(self.weights[d].iter().map(|w| w + g.weight));
        }
        offsets.push(weight.len());
        let mut order: Vec<u32> = (0..weight.len() as u32).collect();
        order.sort_by_key(|&u| std::cmp::Reverse(weight[u as usize]));
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
