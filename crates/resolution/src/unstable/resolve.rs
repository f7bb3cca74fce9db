//! The minimal resolution of `H̃^*(S^N)` by sums of free unstable modules.

use std::collections::{BTreeMap, HashMap};

use fp::{kernel_image, FpVector, KernelImage, Matrix};
use steenrod::{MilnorAlgebra, PPart};

use super::free::{excess, free_basis};
use crate::Bidegree;

/// A generator of `C_s`, a summand `F(degree)`: its degree and its differential, the terms
/// `Sq(S) h` (`h` a generator of `C_{s−1}`) of `d(g)` (none at `s = 0`: `d(g) = ι_N`).
struct Generator {
    degree: u32,
    d: Vec<(usize, PPart)>,
}

/// A basis of `(C_s)_t` from the generators of degree `< t`: the elements `Sq(R) g`, `g`
/// by index, and the position of each. (Generators of degree `t` itself never meet a
/// kernel or image there: their `Sq(0) g` are independent modulo the rest.)
struct Degree {
    elements: Vec<(usize, PPart)>,
    index: HashMap<(usize, PPart), usize>,
}

/// `Ext_U^{s,t}(H̃^*(S^N))` at p = 2 in a range, by [`resolve_sphere`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnstableExt {
    /// The sphere's dimension `N`.
    pub sphere: u32,
    /// The largest stem `t − s` (absolute: the bottom class at stem `N`).
    pub max_stem: i32,
    /// The largest filtration.
    pub max_s: u32,
    /// The nonzero dimensions by bidegree (`t` the internal degree).
    pub dims: BTreeMap<Bidegree, usize>,
}

impl UnstableExt {
    /// `dim Ext_U^{s,t}` at `b`: 0 inside the range where nothing was found, `None` outside.
    pub fn dim(&self, b: Bidegree) -> Option<usize> {
        let inside = b.s() <= self.max_s && b.n() <= self.max_stem;
        inside.then(|| self.dims.get(&b).copied().unwrap_or(0))
    }
}

struct Resolver {
    sphere: u32,
    algebra: MilnorAlgebra,
    rows: Vec<Vec<Generator>>,
    bases: HashMap<(u32, u32), Degree>,
    reduced: HashMap<(u32, u32), KernelImage>,
}

impl Resolver {
    fn degree(&mut self, s: u32, t: u32) -> &Degree {
        let (algebra, rows) = (&self.algebra, &self.rows);
        self.bases.entry((s, t)).or_insert_with(|| {
            let mut elements = Vec::new();
            for (g, gen) in rows[s as usize].iter().enumerate() {
                if gen.degree < t {
                    let d = t - gen.degree;
                    elements.extend(
                        free_basis(algebra, gen.degree, d)
                            .into_iter()
                            .map(|r| (g, r)),
                    );
                }
            }
            let index = elements.iter().copied().zip(0..).collect();
            Degree { elements, index }
        })
    }

    /// The dimension of the target of `d_s` in degree `t`: `(C_{s−1})_t`, or
    /// `H̃^t(S^N)` at `s = 0`.
    fn target_dim(&mut self, s: u32, t: u32) -> usize {
        match s {
            0 => usize::from(t == self.sphere),
            _ => self.degree(s - 1, t).elements.len(),
        }
    }

    /// The matrix of `d_s` on `(C_s)_t`: row `i` is `d(Sq(R) g)` for the `i`-th element
    /// `Sq(R) g`, `Sq(R)·d(g)` with the terms of excess above their generator's degree
    /// dropped (`Sq(R) ι_N` at `s = 0`: nonzero only for `R = 0`).
    fn matrix(&mut self, s: u32, t: u32) -> Matrix {
        let cols = self.target_dim(s, t);
        let sources = self.degree(s, t).elements.clone();
        let mut m = Matrix::with_row_capacity(cols, sources.len());
        if s == 0 {
            for (_, r) in &sources {
                m.append_row(&FpVector::from_ones(
                    cols,
                    if r.degree() == 0 { &[0] } else { &[] },
                ));
            }
            return m;
        }
        self.degree(s - 1, t);
        let target = &self.bases[&(s - 1, t)];
        let below = &self.rows[s as usize - 1];
        for (g, r) in &sources {
            let mut row = FpVector::new(cols);
            for (h, sq) in &self.rows[s as usize][*g].d {
                let k = below[*h].degree;
                let product_degree = r.degree() + sq.degree();
                self.algebra.multiply_basis(r, sq, |i| {
                    let term = self.algebra.basis(product_degree)[i];
                    if excess(&term) <= k {
                        row.flip(target.index[&(*h, term)]);
                    }
                });
            }
            m.append_row(&row);
        }
        m
    }

    /// Kernel and image of `d_s` on `(C_s)_t`, reduced once.
    fn reduced(&mut self, s: u32, t: u32) -> &KernelImage {
        if !self.reduced.contains_key(&(s, t)) {
            let m = self.matrix(s, t);
            self.reduced.insert((s, t), kernel_image(&m));
        }
        &self.reduced[&(s, t)]
    }

    /// The generators of `C_s` in degree `t`: a complement of the image of `d_s` in the
    /// kernel of `d_{s−1}` (all of `H̃^t(S^N)` at `s = 0`), each with its differential.
    fn step(&mut self, s: u32, t: u32) -> usize {
        let kernel: Vec<FpVector> = match s {
            0 => (0..self.target_dim(0, t))
                .map(|i| FpVector::from_ones(1, &[i]))
                .collect(),
            _ => self.reduced(s - 1, t).kernel.basis_vectors(),
        };
        let mut image = self.reduced(s, t).image.clone();
        let mut found = Vec::new();
        for v in kernel {
            if image.add_vector(&v) {
                found.push(v);
            }
        }
        let new = found.len();
        let terms: Vec<Vec<(usize, PPart)>> = match s {
            0 => found.iter().map(|_| Vec::new()).collect(),
            _ => {
                let target = self.degree(s - 1, t);
                found
                    .iter()
                    .map(|v| v.iter_ones().map(|i| target.elements[i]).collect())
                    .collect()
            }
        };
        let row = &mut self.rows[s as usize];
        row.extend(terms.into_iter().map(|d| Generator { degree: t, d }));
        if s > 0 {
            self.reduced.remove(&(s - 1, t));
        }
        new
    }
}

/// `Ext_U^{s,t}(H̃^*(S^N))` for `s ≤ max_s` and absolute stem `t − s ≤ max_stem`, at p = 2,
/// by a minimal resolution by sums of free unstable modules `F(k)` (module docs). Row `s`
/// is resolved through internal degree `max_stem + max_s − ⌊(max_s − s)/2⌋`: the degrees
/// the rows above read (the kernel of `d_{s−1}` in degree `t` needs `C_{s−2}` through
/// `t − 1`). Panics if that degree exceeds the algebra's range (510).
pub fn resolve_sphere(sphere: u32, max_stem: i32, max_s: u32) -> UnstableExt {
    let top = |s: u32| (max_stem + max_s as i32 - ((max_s - s) / 2) as i32).max(-1);
    let max_t = top(max_s).max(0) as u32;
    let mut resolver = Resolver {
        sphere,
        algebra: MilnorAlgebra::new(max_t.saturating_sub(sphere)),
        rows: (0..=max_s).map(|_| Vec::new()).collect(),
        bases: HashMap::new(),
        reduced: HashMap::new(),
    };
    let mut dims = BTreeMap::new();
    for t in sphere..=max_t {
        for s in 0..=max_s {
            if t as i32 > top(s) {
                continue;
            }
            let new = resolver.step(s, t);
            let b = Bidegree::s_t(s, t as i32);
            if new > 0 && b.n() <= max_stem {
                dims.insert(b, new);
            }
        }
    }
    UnstableExt {
        sphere,
        max_stem,
        max_s,
        dims,
    }
}
