//! `dim H(Λ(N))` per bidegree by ranks of the differential's matrices.

use std::collections::{BTreeMap, HashMap};

use resolution::Bidegree;

use crate::algebra::Lambda;
use crate::monomial::{basis, Monomial};
use crate::sparse::SparseRank;

/// Which complex: all of `Λ` (stable Ext of the sphere) or `Λ(N)` (the unstable E2 page
/// of `S^N`, `N ≥ 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sphere {
    /// `Λ`: `H^{s}` in stem `n` is `Ext_A^{s, n+s}(F_2, F_2)`.
    Stable,
    /// `Λ(N)`, spanned by the admissible `λ_I` with `i_1 < N`: `H^{s}` in stem `n` is
    /// `Ext_U^{s, n+s+N}(H̃^*(S^N))`.
    Unstable(u32),
}

impl Sphere {
    pub(crate) fn first_below(self) -> Option<u32> {
        match self {
            Sphere::Stable => None,
            Sphere::Unstable(n) => Some(n),
        }
    }

    /// The dimension of the sphere: 0 for the stable case.
    pub fn dimension(self) -> i32 {
        match self {
            Sphere::Stable => 0,
            Sphere::Unstable(n) => n as i32,
        }
    }
}

/// `dim H(Λ(N))` in every bidegree of a range, keyed by the bidegree relative to the
/// bottom class (stem `n = Σ i_j`, filtration `s`, `t = n + s`); zeros kept.
#[derive(Clone, Debug)]
pub struct HomologyTable {
    /// Which complex.
    pub sphere: Sphere,
    /// `dim H` by relative bidegree.
    pub dims: BTreeMap<Bidegree, usize>,
}

impl HomologyTable {
    /// `dim H` at the bidegree whose stem is absolute (`n + N`, the bottom class of `S^N` at
    /// stem `N`, as the field's unstable charts draw it), `None` outside the range.
    pub fn at_absolute(&self, stem: i32, s: u32) -> Option<usize> {
        let n = stem - self.sphere.dimension();
        self.dims.get(&Bidegree::n_s(n, s)).copied()
    }
}

/// The basis of one bidegree of `Λ(N)` and the index of each monomial in it.
struct Degree {
    monomials: Vec<Monomial>,
    index: HashMap<Monomial, usize>,
}

/// The ranks of `d: Λ^{s}_n → Λ^{s+1}_{n−1}` and the bases computed so far.
struct Ranks {
    sphere: Sphere,
    lambda: Lambda,
    bases: HashMap<Bidegree, Degree>,
    ranks: HashMap<Bidegree, usize>,
}

impl Ranks {
    fn degree(&mut self, b: Bidegree) -> &Degree {
        let sphere = self.sphere;
        self.bases.entry(b).or_insert_with(|| {
            let monomials = basis(b.s(), b.n(), sphere.first_below());
            let index = monomials.iter().copied().zip(0..).collect();
            Degree { monomials, index }
        })
    }

    /// The columns (indices in the basis at `b`) of the terms of a sum, sorted; panics on a
    /// term outside that basis, naming `what` the sum is.
    fn columns(&mut self, b: Bidegree, sum: &[Monomial], what: &dyn Fn() -> String) -> Vec<u32> {
        let index = &self.degree(b).index;
        let mut ones: Vec<u32> = sum
            .iter()
            .map(|y| match index.get(y) {
                Some(&c) => c as u32,
                None => panic!("{} has the term {y} outside Λ(N) at {b}", what()),
            })
            .collect();
        ones.sort_unstable();
        ones
    }

    /// The rows `d(x)`, `x` in the basis at `b`, in the basis of `(n − 1, s + 1)`, eliminated.
    fn boundaries(&mut self, b: Bidegree) -> SparseRank {
        let target = Bidegree::n_s(b.n() - 1, b.s() + 1);
        let sources = self.degree(b).monomials.clone();
        let mut rows = SparseRank::default();
        if !self.degree(target).monomials.is_empty() {
            for x in &sources {
                let dx = self.lambda.differential(x);
                rows.add(self.columns(target, &dx, &|| format!("d({x})")));
            }
        }
        rows
    }

    /// The rank of `d` out of bidegree `b` (relative stem `n`, filtration `s`).
    fn rank(&mut self, b: Bidegree) -> usize {
        if let Some(&r) = self.ranks.get(&b) {
            return r;
        }
        let r = self.boundaries(b).rank();
        self.ranks.insert(b, r);
        r
    }
}

impl Ranks {
    fn new(sphere: Sphere) -> Self {
        Ranks {
            sphere,
            lambda: Lambda::new(),
            bases: HashMap::new(),
            ranks: HashMap::new(),
        }
    }
}

/// Sparse elimination over the admissible basis of `Λ` or `Λ(N)` (the algorithm of
/// [`homology`], which shares nothing with the pairing of the
/// [`CurtisTable`](crate::CurtisTable)), its bases and differentials kept across calls.
pub struct Elimination(Ranks);

impl Elimination {
    /// An elimination in `Λ` or `Λ(N)`, nothing computed yet.
    pub fn new(sphere: Sphere) -> Self {
        Elimination(Ranks::new(sphere))
    }

    /// The dimension of the span of the classes of `cycles` in `H^{s}` at `b` (relative
    /// stem `n`, filtration `s`): the rank of the cycles modulo the boundaries
    /// `d(Λ^{s−1}_{n+1})`. For cycles of `Λ(N)` in an elimination of `Λ(N+1)` it is the
    /// rank of the suspension `E` on their span. Does not check that the sums are cycles;
    /// panics if one has a term outside the basis at `b`.
    pub fn class_rank(&mut self, b: Bidegree, cycles: &[&[Monomial]]) -> usize {
        let ranks = &mut self.0;
        let mut rows = match b.s() {
            0 => SparseRank::default(),
            s => ranks.boundaries(Bidegree::n_s(b.n() + 1, s - 1)),
        };
        let before = rows.rank();
        for (k, z) in cycles.iter().enumerate() {
            rows.add(ranks.columns(b, z, &|| format!("cycle {k}")));
        }
        rows.rank() - before
    }
}

/// `dim H^{s}` of `Λ` or `Λ(N)` in every relative stem `0 ≤ n ≤ max_stem` and filtration
/// `s ≤ max_s`: `dim Λ^{s}_n − rank(d out of it) − rank(d into it)`, the ranks by
/// sparse elimination on leading columns (`d(λ_I)` has few terms). The work grows with
/// the number of admissible monomials, about `10^4` at stem 20, `s = 5` (2.6 million at
/// stem 40, `s = 9`): beyond small ranges use the [`CurtisTable`](crate::CurtisTable),
/// which this function cross-checks. Panics if
/// `max_s + 1` exceeds [`MAX_FACTORS`](crate::MAX_FACTORS) or `max_stem` 254.
pub fn homology(sphere: Sphere, max_stem: i32, max_s: u32) -> HomologyTable {
    assert!(
        (max_s as usize) < crate::MAX_FACTORS && max_stem < 255,
        "range beyond Monomial"
    );
    let mut ranks = Ranks::new(sphere);
    let mut dims = BTreeMap::new();
    for n in 0..=max_stem {
        for s in 0..=max_s {
            let b = Bidegree::n_s(n, s);
            let size = ranks.degree(b).monomials.len();
            let out = ranks.rank(b);
            let into = match s {
                0 => 0,
                _ => ranks.rank(Bidegree::n_s(n + 1, s - 1)),
            };
            dims.insert(b, size - out - into);
        }
    }
    HomologyTable { sphere, dims }
}
