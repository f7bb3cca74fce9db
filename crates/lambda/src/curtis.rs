//! The Curtis algorithm: `H(Λ(N))` for every `N` at once, by elimination on leading terms
//! in the lexicographic order of admissible sequences (Curtis, "Simplicial homotopy
//! theory", Adv. Math. 6 (1971); Tangora, "Computing the homology of the lambda algebra",
//! Mem. AMS 337 (1985)), in the language of persistent homology.
//!
//! **The order.** Admissible monomials of one bidegree are ordered lexicographically by their
//! indices (`i_1` first). Every term of `d(λ_I)` is below `λ_I` in this order (it agrees with
//! `I` up to some place and is smaller there: `d(λ_i λ_J) = d(λ_i) λ_J + λ_i d(λ_J)` with
//! `d(λ_i) λ_J` in `Λ(i)`), so the span of the monomials up to any one is a sub-complex, and
//! `Λ(N)` (first index `< N`) is an initial segment. Elimination in this order (each
//! `d(x)`, `x` in increasing order, reduced by the earlier reduced columns until its leading
//! term is new) pairs a monomial `y` with the *tag* `x` whose reduced boundary has leading
//! term `y`; the pairing does not depend on the choices made (the leading term of the
//! reduced `d(x)` is the least leading term of `d(x + lower terms)`). A monomial neither a
//! tag nor paired with one below `λ_N` is the leading term of a class of `H(Λ(N))`, and
//! these classes are a basis: `dim H(Λ(N))` is their number, for every `N` from one table.
//!
//! **Why it is small.** The layer of first index `i` is `F_i / F_{i−1} ≅ σ^i Λ(2i+1)`
//! (`λ_i λ_J ↦ λ_J`, the algebraic EHP sequence), and the pairs inside a layer are `λ_i`
//! times the pairs of `Λ(2i+1)` (the layer-`i` part of a column reduces exactly as the
//! quotient's column: earlier columns of lower layers have no layer-`i` terms). So only the *candidates* `λ_i λ_J` with `λ_J` the leading
//! term of a class of `H(Λ(2i+1))` (a survivor) can be paired across layers or survive;
//! everything else is settled without being looked at. A candidate `x = λ_i λ_J` with cycle
//! `z_J` (leading term `λ_J`) has the chain `λ_i z_J = x + lower` with boundary
//! `d(λ_i) z_J` in `Λ(i)`; [`reduce`] lowers its leading term by boundaries of chains below
//! `x`: a candidate leading term killed by an earlier tag by that tag's boundary, any other
//! leading term `λ_k λ_L` by reducing the layer-`k` part in `Λ(2k+1)` (recursively) and
//! adding the boundary of `λ_k` times the chain found. It ends at zero (`x` is the leading
//! term of the cycle `λ_i z_J +` the chains added) or at a leading term no earlier tag
//! kills (`x` is its tag). A candidate `y λ_0` whose `y` is the leading term of a cycle `z`
//! needs no reduction: `z λ_0` is a cycle with leading term `y λ_0` (most of the high
//! filtrations).

use std::collections::{BTreeMap, HashMap};

use resolution::Bidegree;

use crate::algebra::{Lambda, Sum};
use crate::homology::{HomologyTable, Sphere};
use crate::monomial::Monomial;
use crate::sparse::xor_sorted;

/// The first index `i_1`, `−1` for the unit (which lies in every `Λ(N)`).
fn first(m: &Monomial) -> i32 {
    m.indices().first().map_or(-1, |&i| i as i32)
}

/// What the elimination found for one candidate.
#[derive(Clone, Debug)]
enum Status {
    /// Above the computed filtrations: a candidate whose own boundary was not reduced.
    Unknown,
    /// The leading term of a cycle, kept (sorted, in `Λ(i_1 + 1)`).
    Cycle(Sum),
    /// A tag: `chain` has this leading term and `boundary = d(chain)` the leading term it
    /// kills.
    Tag { chain: Sum, boundary: Sum },
}

/// A candidate `λ_i λ_J` of one bidegree.
#[derive(Clone, Debug)]
struct Entry {
    lead: Monomial,
    status: Status,
    /// The tag whose reduced boundary has this leading term, once found.
    killed_by: Option<Monomial>,
}

impl Entry {
    /// Whether this is the leading term of a class of `H(Λ(m))`: a cycle with first index
    /// `< m` that no tag with first index `< m` kills.
    fn survives(&self, m: i32) -> bool {
        matches!(self.status, Status::Cycle(_))
            && first(&self.lead) < m
            && self.killed_by.is_none_or(|t| first(&t) >= m)
    }
}

/// The candidates of each bidegree (relative stem, filtration), in increasing order.
type Cells = HashMap<Bidegree, Vec<Entry>>;

fn find<'a>(cells: &'a Cells, b: Bidegree, m: &Monomial) -> Option<&'a Entry> {
    let cell = cells.get(&b)?;
    cell.binary_search_by(|e| e.lead.cmp(m))
        .ok()
        .map(|i| &cell[i])
}

/// `λ_k` times each term of `c` (admissible when `c` is in `Λ(2k+1)`; order kept).
fn times(k: i32, c: &[Monomial]) -> Sum {
    c.iter().map(|m| m.prepend(k as u16)).collect()
}

/// The candidates at `b` (`s ≥ 1`): `λ_i λ_J` for each `i` and each survivor `λ_J` of
/// `Λ(2i+1)` at `(n − i, s − 1)`, in increasing order (layers in turn, each in order).
/// Those survivors are final once the tags of `(n − i + 1, s − 2)` are known: stems below
/// `n`, or at `i = 1` this stem's lower filtrations; at `i = 0` only stem 0 has any (the
/// `λ_0^k`, which nothing kills: stem 1 is spanned by the cycles `λ_1 λ_0^k`).
fn candidates(cells: &Cells, b: Bidegree) -> Vec<Entry> {
    let mut out = Vec::new();
    for i in 0..=b.n() {
        let below = &cells[&Bidegree::n_s(b.n() - i, b.s() - 1)];
        for e in below.iter().filter(|e| e.survives(2 * i + 1)) {
            out.push(Entry {
                lead: e.lead.prepend(i as u16),
                status: Status::Unknown,
                killed_by: None,
            });
        }
    }
    out
}

/// Reduces a cycle `v` of `Λ(bound)` at `b` by boundaries: returns `(v + d(c), c)` with
/// `v + d(c)` zero or with a leading term that no tag found so far with first index
/// `< bound` kills. Each step lowers the leading term `y = λ_k λ_L`: if `y` is a candidate
/// killed by a tag, by that tag's boundary; otherwise (`λ_L` is no survivor of `Λ(2k+1)`,
/// so the layer-`k` part `λ_k u` has `u` a cycle of `Λ(2k+1)` that reduces there) by
/// `d(λ_k c')` for `(u', c') = reduce(u)`, which replaces `λ_k u` by `λ_k u' + d(λ_k) c'`.
fn reduce(cells: &Cells, lambda: &mut Lambda, bound: i32, b: Bidegree, mut v: Sum) -> (Sum, Sum) {
    let mut chain = Vec::new();
    while let Some(&y) = v.last() {
        let k = first(&y);
        let below = Bidegree::n_s(b.n() - k, b.s() - 1);
        if find(cells, below, &y.tail()).is_some_and(|e| e.survives(2 * k + 1)) {
            let entry = find(cells, b, &y).expect("a candidate");
            let Some(tag) = entry.killed_by.filter(|t| first(t) < bound) else {
                break;
            };
            let above = Bidegree::n_s(b.n() + 1, b.s() - 1);
            let Some(Status::Tag { chain: c, boundary }) =
                find(cells, above, &tag).map(|e| &e.status)
            else {
                unreachable!("{tag} kills {y} without being a tag")
            };
            v = xor_sorted(&v, boundary);
            chain = xor_sorted(&chain, c);
        } else {
            let start = v.partition_point(|m| first(m) < k);
            let u: Sum = v[start..].iter().map(Monomial::tail).collect();
            let (u, c) = reduce(cells, lambda, 2 * k + 1, below, u);
            let down = lambda.generator_differential_times(k as u16, &c);
            v.truncate(start);
            v.extend(times(k, &u));
            v = xor_sorted(&v, &down);
            chain = xor_sorted(&chain, &times(k, &c));
        }
    }
    (v, chain)
}

/// A cycle with leading term `x = y λ_0` when `y` (at `(n, s − 1)`) is the leading term of
/// a cycle `z`: `z λ_0` (right multiplication by `λ_0` is a chain map, `d(λ_0) = 0`, that
/// keeps admissibility, the first index and the order of monomials).
fn lambda0_multiple(cells: &Cells, b: Bidegree, x: &Monomial) -> Option<Sum> {
    let y = x.over_lambda0()?;
    match &find(cells, Bidegree::n_s(b.n(), b.s() - 1), &y)?.status {
        Status::Cycle(z) => Some(z.iter().map(Monomial::times_lambda0).collect()),
        _ => None,
    }
}

/// Reduces the boundary of every candidate at `b` in increasing order, recording cycles,
/// tags and the leading terms they kill (at `(n − 1, s + 1)`, whose candidates must exist).
fn process(cells: &mut Cells, lambda: &mut Lambda, b: Bidegree) {
    let target = Bidegree::n_s(b.n() - 1, b.s() + 1);
    for idx in 0..cells[&b].len() {
        let x = cells[&b][idx].lead;
        if let Some(z) = lambda0_multiple(cells, b, &x) {
            cells.get_mut(&b).expect("this cell")[idx].status = Status::Cycle(z);
            continue;
        }
        let i = first(&x);
        let below = Bidegree::n_s(b.n() - i, b.s() - 1);
        let Some(Status::Cycle(z)) = find(cells, below, &x.tail()).map(|e| &e.status) else {
            unreachable!("a candidate is λ_i times a cycle's leading term")
        };
        let chain = times(i, z);
        let boundary = lambda.generator_differential_times(i as u16, z);
        let (boundary, c) = reduce(cells, lambda, i32::MAX, target, boundary);
        let chain = xor_sorted(&chain, &c);
        let status = match boundary.last() {
            None => Status::Cycle(chain),
            Some(y) => {
                let cell = cells.get_mut(&target).expect("the target's candidates");
                let j = cell
                    .binary_search_by(|e| e.lead.cmp(y))
                    .expect("a leading term that survives reduction is a candidate");
                cell[j].killed_by = Some(x);
                Status::Tag { chain, boundary }
            }
        };
        cells.get_mut(&b).expect("this cell")[idx].status = status;
    }
}

/// The Curtis table of `Λ`: for every bidegree of a range, the leading terms of the classes
/// of `H(Λ(N))` for every `N` (and of `H(Λ)`), with cycles representing them, and the tags
/// that pair the rest (module docs; Curtis 1971, Tangora 1985).
///
/// Bidegrees are relative: stem `n = Σ i_j`, filtration `s` (the bottom class of `S^N` at
/// `n = 0`). Built for stems `0 ≤ n ≤ max_stem` and `s ≤ max_s`: the candidates of stem
/// `max_stem + 1` are reduced too (below `s = max_s`), since their tags decide what survives
/// at `max_stem`. The work grows with the number of candidates (`Σ_i dim H(Λ(2i+1))` one
/// layer down) and the size of their cycles, not with `dim Λ`: stems ≤ 40 at every
/// `s ≤ 42` take about 6 s of CPU and 430 MB at opt-level 2 (docs/EXPERIMENTS.md), where
/// `Λ` itself has billions of monomials.
#[derive(Clone, Debug)]
pub struct CurtisTable {
    max_stem: i32,
    max_s: u32,
    cells: Cells,
}

impl CurtisTable {
    /// The table for relative stems `0 ≤ n ≤ max_stem` and `s ≤ max_s`. Panics if
    /// `max_s + 2` exceeds [`MAX_FACTORS`](crate::MAX_FACTORS) or `max_stem` 253.
    pub fn new(max_stem: i32, max_s: u32) -> Self {
        assert!(
            (max_s as usize) + 2 <= crate::MAX_FACTORS && (0..254).contains(&max_stem),
            "range beyond Monomial"
        );
        let mut cells = Cells::new();
        let mut lambda = Lambda::new();
        for n in 0..=max_stem + 1 {
            let unit = Entry {
                lead: Monomial::default(),
                status: Status::Cycle(vec![Monomial::default()]),
                killed_by: None,
            };
            cells.insert(
                Bidegree::n_s(n, 0),
                if n == 0 { vec![unit] } else { vec![] },
            );
            let top = if n > max_stem {
                max_s.saturating_sub(1)
            } else {
                max_s
            };
            for s in 1..=top {
                let b = Bidegree::n_s(n, s);
                let c = candidates(&cells, b);
                cells.insert(b, c);
                process(&mut cells, &mut lambda, b);
            }
            let b = Bidegree::n_s(n, top + 1);
            let c = candidates(&cells, b);
            cells.insert(b, c);
        }
        CurtisTable {
            max_stem,
            max_s,
            cells,
        }
    }

    fn survivors(&self, sphere: Sphere, b: Bidegree) -> Option<impl Iterator<Item = &Entry>> {
        let inside = (0..=self.max_stem).contains(&b.n()) && b.s() <= self.max_s;
        let bound = sphere.first_below().map_or(i32::MAX, |n| n as i32);
        // `Λ(0)` is zero: not even the unit (first index −1) lies in it.
        inside.then(|| {
            self.cells[&b]
                .iter()
                .filter(move |e| bound > 0 && e.survives(bound))
        })
    }

    /// `dim H^{s}` of `Λ` or `Λ(N)` at relative stem `n` (`b = (n, s)`), `None` outside the
    /// range.
    pub fn dim(&self, sphere: Sphere, b: Bidegree) -> Option<usize> {
        self.survivors(sphere, b).map(Iterator::count)
    }

    /// Cycles of `Λ` or `Λ(N)` at `b` whose classes are a basis of `H` there (sums of
    /// admissible monomials, sorted; their leading terms distinct), `None` outside the range.
    pub fn cycles(&self, sphere: Sphere, b: Bidegree) -> Option<Vec<&[Monomial]>> {
        fn cycle(e: &Entry) -> &[Monomial] {
            match &e.status {
                Status::Cycle(z) => z,
                _ => unreachable!("a survivor is a cycle"),
            }
        }
        self.survivors(sphere, b).map(|it| it.map(cycle).collect())
    }

    /// `dim H` in every bidegree of the range, as [`homology`](crate::homology) gives it.
    pub fn homology(&self, sphere: Sphere) -> HomologyTable {
        let mut dims = BTreeMap::new();
        for n in 0..=self.max_stem {
            for s in 0..=self.max_s {
                let b = Bidegree::n_s(n, s);
                dims.insert(b, self.dim(sphere, b).expect("inside"));
            }
        }
        HomologyTable { sphere, dims }
    }

    /// The rank of `E: H^{s}_n(Λ(N)) → H^{s}_n(Λ(N+1))`, induced by the inclusion (the
    /// suspension `S^N → S^{N+1}` on unstable Adams E2 pages, relative stems kept), at
    /// `b = (n, s)`; `None` outside the range or for `N = 0`. In the elimination order
    /// `Λ(N) ⊂ Λ(N+1)` are initial segments, so (as for persistent homology) the rank is the
    /// number of leading terms of classes of `H(Λ(N))` that no tag with first index `N`
    /// kills.
    pub fn suspension_rank(&self, n: u32, b: Bidegree) -> Option<usize> {
        let (low, high) = (n as i32, n as i32 + 1);
        let kept = self
            .survivors(Sphere::Unstable(n), b)?
            .filter(|e| e.survives(high))
            .count();
        (low > 0).then_some(kept)
    }
}

/// The rank of `E: H^{s}_n(Λ(N)) → H^{s}_n(Λ(N+1))` (the suspension of unstable Adams E2
/// pages `S^N → S^{N+1}`, induced by `Λ(N) ⊂ Λ(N+1)`; BCKQRS 1966, Curtis 1971) in every
/// bidegree with relative stem `0 ≤ n ≤ max_stem` and `s ≤ max_s`, zeros kept, from the
/// Curtis table ([`CurtisTable::suspension_rank`]). Panics for `N = 0` or a range
/// [`CurtisTable::new`] refuses.
pub fn suspension_ranks(n: u32, max_stem: i32, max_s: u32) -> BTreeMap<Bidegree, usize> {
    assert!(n > 0, "Λ(0) is zero");
    let table = CurtisTable::new(max_stem, max_s);
    let mut out = BTreeMap::new();
    for stem in 0..=max_stem {
        for s in 0..=max_s {
            let b = Bidegree::n_s(stem, s);
            out.insert(b, table.suspension_rank(n, b).expect("inside"));
        }
    }
    out
}
