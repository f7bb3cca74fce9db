//! Chain maps and null-homotopies between minimal resolutions at an odd prime, lifted
//! degree by degree over F_p: the odd-primary counterpart of [`crate::chain_map`].
//!
//! **The method** is the comparison theorem (Cartan–Eilenberg, "Homological Algebra"
//! (1956), V.1; Bruner, "Calculation of large Ext modules" (1989)), as at p = 2: given
//! `f_0` on the generators of `P_{s0}` (into `Q_0`, lowering internal degree by `t0`),
//! `f_i : P_{s0+i} → Q_i` is found on each generator `g` by solving
//! `d f_i(g) = f_{i−1}(d g)` in `(Q_{i−1})_{|g|−t0}` (no signs: `d f = f d`). A
//! null-homotopy `H_i : P_{k+i} → Q_{i+1}` of a chain map `φ` lifting zero solves
//! `d H_i(g) = φ_i(g) − H_{i−1}(d g)` (`H_{−1} = 0`), i.e. `dH + Hd = φ`. Coefficients are
//! in F_p: a preimage comes from the quasi-inverse of the matrix of `d` on the whole of
//! `(Q_i)_T` ([`fp::fq_kernel_image`]), cached per target bidegree in [`OddLiftTarget`].

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use fp::{fq_kernel_image, FqMatrix, FqQuasiInverse, FqVector, Prime, ValidPrime};
use rayon::prelude::*;

use crate::chain_map::ChainMapError;
use crate::Bidegree;
use crate::{Differential, Resolution, Term};
use steenrod::module::OddModule;
use steenrod::OddMilnorAlgebra;

type QuasiInverse = Arc<FqQuasiInverse<ValidPrime>>;

/// The resolution chain maps lift into, with the quasi-inverses of its differentials
/// (`d : (Q_j)_T → (Q_{j−1})_T`, keyed by `(j, T)`) kept across lifts.
pub struct OddLiftTarget<'a> {
    res: &'a Resolution<OddModule>,
    cache: Mutex<HashMap<(u32, i32), QuasiInverse>>,
}

impl<'a> OddLiftTarget<'a> {
    /// A target with an empty cache.
    pub fn new(res: &'a Resolution<OddModule>) -> Self {
        Self {
            res,
            cache: Mutex::new(HashMap::new()),
        }
    }

    /// The resolution.
    pub fn resolution(&self) -> &'a Resolution<OddModule> {
        self.res
    }

    /// The quasi-inverse of `d : (Q_j)_T → (Q_{j−1})_T` (`j ≥ 1`; columns as in
    /// [`column_offsets`]).
    fn quasi_inverse(&self, j: u32, t: i32) -> QuasiInverse {
        if let Some(q) = self.cache.lock().expect("cache").get(&(j, t)) {
            return q.clone();
        }
        let q = Arc::new(fq_kernel_image(&d_matrix(self.res, j, t)).quasi_inverse);
        self.cache
            .lock()
            .expect("cache")
            .entry((j, t))
            .or_insert(q)
            .clone()
    }
}

/// Offsets of the generator blocks of row `j` in degree `t` (plus the total length):
/// over every generator of degree `≤ t` when row `j` is complete in degree `t`, else over
/// those of degree `< t` (the old part, where every `d` and every lifted value lands).
pub(crate) fn column_offsets(res: &Resolution<OddModule>, j: u32, t: i32) -> Vec<usize> {
    let row = res.free_module(j);
    if t < row.min_degree() {
        return vec![0];
    }
    let n = if row.is_complete(t) {
        row.gens_below(t + 1)
    } else {
        row.gens_below(t)
    };
    row.offsets(res.algebra(), t, n)
}

/// `Σ c·op·value(gen)` over the terms `c·op·gen` of an element, with `value(gen)` decoded
/// into terms: a vector over the blocks `offsets` of the target row.
pub(crate) fn apply_terms<'v>(
    res: &Resolution<OddModule>,
    value: &dyn Fn(usize) -> &'v [Term<OddMilnorAlgebra>],
    terms: &[Term<OddMilnorAlgebra>],
    offsets: &[usize],
) -> FqVector<ValidPrime> {
    let p = res.prime();
    let pv = p.value();
    let mut v = FqVector::new(p, *offsets.last().expect("offsets end with the length"));
    for term in terms {
        for inner in value(term.gen as usize) {
            let off = offsets[inner.gen as usize];
            let c = term.coeff * inner.coeff % pv;
            res.algebra().multiply_basis(&term.op, &inner.op, |k, x| {
                v.add_basis_element(off + k, c * x % pv);
            });
        }
    }
    v
}

/// The matrix of `d : (Q_j)_T → (Q_{j−1})_T` on the whole of `(Q_j)_T` (rows: `op·h`
/// for the generators `h` of degree `≤ T` in index order, `op` over the Milnor basis).
fn d_matrix(res: &Resolution<OddModule>, j: u32, t: i32) -> FqMatrix<ValidPrime> {
    let row = res.free_module(j);
    let offsets = column_offsets(res, j - 1, t);
    let cols = *offsets.last().expect("length");
    let n = if t < row.min_degree() {
        0
    } else {
        row.gens_below(t + 1)
    };
    let degrees = row.gen_degrees(n);
    let value = |h: usize| row.differential(h).1.terms.as_slice();
    let mut rows = Vec::new();
    for (h, &deg) in degrees.iter().enumerate() {
        let op_degree = (t - deg) as u32;
        for op in res.algebra().basis(op_degree) {
            let term = Term::<OddMilnorAlgebra> {
                gen: h as u32,
                op_degree,
                op: *op,
                coeff: 1,
            };
            rows.push(apply_terms(res, &value, &[term], &offsets));
        }
    }
    FqMatrix::from_rows(res.prime(), cols, rows)
}

/// An element of `(Q_j)_T` over the blocks of [`column_offsets`], with its terms.
pub(super) fn element(
    res: &Resolution<OddModule>,
    j: u32,
    t: i32,
    value: FqVector<ValidPrime>,
) -> Differential<OddMilnorAlgebra> {
    let row = res.free_module(j);
    let n = if t < row.min_degree() {
        0
    } else {
        row.gens_below(t + 1)
    };
    let terms =
        crate::free_module::decode_with_degrees(res.algebra(), t, &row.gen_degrees(n), &value);
    Differential::<OddMilnorAlgebra> { value, terms }
}

/// An F_p-linear map `P_{source_base+i} → Q_{target_base+i}` lowering internal degree by
/// `t_shift`, given on generators: a chain map (`target_base = 0`) or a null-homotopy
/// (`target_base = 1`).
pub struct OddChainMap<'a> {
    pub(super) source: &'a Resolution<OddModule>,
    pub(super) target: &'a Resolution<OddModule>,
    pub(super) source_base: u32,
    target_base: u32,
    pub(super) t_shift: i32,
    /// `levels[i][g]`: the value on generator `g` of `P_{source_base+i}`.
    pub(super) levels: Vec<Vec<Differential<OddMilnorAlgebra>>>,
    pub(super) max_t: Vec<i32>,
}

/// The right side of level `i` on generator `g` (index, differential, target bidegree).
pub(crate) type Rhs<'r> = dyn Fn(u32, usize, &Differential<OddMilnorAlgebra>, Bidegree) -> FqVector<ValidPrime>
    + Sync
    + 'r;

impl<'a> OddChainMap<'a> {
    /// The chain map `f : P(M)_{s0+•} → Q_•` with `shift = (s0, t0)` and
    /// `f_0(g) = y_k·ι` on the `k`-th generator of `P_{s0}` in degree `t0` (0 on the
    /// others), `ι` the generator of `Q_0 = A` — the lift of `y ∈ Ext^{s0,t0}(M)` with
    /// coordinates `y` — `levels` levels deep or as far as both ranges allow.
    ///
    /// Errors: [`ChainMapError::NotInImage`] when a lift fails (the target does not
    /// resolve F_p); [`ChainMapError::OutOfRange`] when `s0` is past the source's range.
    pub fn lift_class(
        source: &'a Resolution<OddModule>,
        tgt: &OddLiftTarget<'a>,
        shift: Bidegree,
        y: &FqVector<ValidPrime>,
        levels: u32,
    ) -> Result<Self, ChainMapError> {
        if shift.s() > source.config().max_s {
            return Err(ChainMapError::OutOfRange {
                what: "the source row of a chain map".into(),
                at: shift,
            });
        }
        let mut map = Self::empty(source, tgt.resolution(), shift, 0);
        let n = levels.min(map.level_count());
        if n == 0 {
            return Ok(map);
        }
        let first = source.free_module(shift.s()).gens_below(shift.t());
        let max_t = map.bound(0, None);
        let row = source.free_module(shift.s());
        let mut values = Vec::new();
        for t in row.min_degree()..=max_t {
            for _ in row.gens(t) {
                let g = values.len();
                let len = *column_offsets(map.target, 0, t - shift.t())
                    .last()
                    .expect("length");
                let mut v = FqVector::new(source.prime(), len);
                if t == shift.t() && g >= first && g - first < y.len() {
                    // (Q_0)_0 = F_p·ι: the last (only) coordinate.
                    v.set_entry(0, y.entry(g - first));
                }
                values.push(element(map.target, 0, t - shift.t(), v));
            }
        }
        map.levels.push(values);
        map.max_t.push(max_t);
        for i in 1..n {
            let rhs = |i: u32, _g: usize, dg: &Differential<OddMilnorAlgebra>, at: Bidegree| {
                map.previous_on_d(i, dg, at)
            };
            let max_t = map.bound(i, None);
            let values = map.lift_level(tgt, i, max_t, &rhs)?;
            map.levels.push(values);
            map.max_t.push(max_t);
        }
        Ok(map)
    }

    /// The null-homotopy `H : P_{k+•} → Q_{•+1}` of a chain map `φ` lifting zero, with
    /// `phi(i, g, at)` = `φ_i` on generator `g` of `P_{k_s+i}` (over
    /// [`column_offsets`] of row `i` in degree `at.t()`, `at = (i + 1, T)`): level `i`
    /// through source degree `cap(i)` at most (`None`: stop).
    pub(crate) fn homotopy(
        source: &'a Resolution<OddModule>,
        tgt: &OddLiftTarget<'a>,
        k: Bidegree,
        levels: u32,
        cap: &dyn Fn(u32) -> Option<i32>,
        phi: &(dyn Fn(u32, usize, Bidegree) -> FqVector<ValidPrime> + Sync),
    ) -> Result<Self, ChainMapError> {
        let mut map = Self::empty(source, tgt.resolution(), k, 1);
        if k.s() > source.config().max_s {
            return Ok(map);
        }
        for i in 0..levels.min(map.level_count()) {
            let Some(cap) = cap(i) else { break };
            let max_t = map.bound(i, Some(cap));
            let rhs = |i: u32, g: usize, dg: &Differential<OddMilnorAlgebra>, at: Bidegree| {
                let mut v = phi(i, g, at);
                if i > 0 {
                    v.add(
                        &map.previous_on_d(i, dg, at),
                        map.source.prime().value() - 1,
                    );
                }
                v
            };
            let values = map.lift_level(tgt, i, max_t, &rhs)?;
            map.levels.push(values);
            map.max_t.push(max_t);
        }
        Ok(map)
    }

    pub(super) fn empty(
        source: &'a Resolution<OddModule>,
        target: &'a Resolution<OddModule>,
        shift: Bidegree,
        tb: u32,
    ) -> Self {
        Self {
            source,
            target,
            source_base: shift.s(),
            target_base: tb,
            t_shift: shift.t(),
            levels: Vec::new(),
            max_t: Vec::new(),
        }
    }

    /// How many levels both ranges allow.
    pub(super) fn level_count(&self) -> u32 {
        let src = self.source.config().max_s.saturating_sub(self.source_base) + 1;
        let tgt = (self.target.config().max_s + 1).saturating_sub(self.target_base);
        src.min(tgt)
    }

    /// The largest source degree level `i` may reach (both bidegrees resolved), at most
    /// `cap`.
    pub(super) fn bound(&self, i: u32, cap: Option<i32>) -> i32 {
        let s = self.source_base + i;
        let j = self.target_base + i;
        let by_source = self.source.config().max_stem + s as i32;
        let by_target = self.target.config().max_stem + j as i32 + self.t_shift;
        let b = by_source.min(by_target);
        cap.map_or(b, |c| b.min(c))
    }

    /// `f_{i−1}(d g)` in `(Q_{target_base+i−1})_T`, `at = (target_base + i, T)`.
    fn previous_on_d(
        &self,
        i: u32,
        dg: &Differential<OddMilnorAlgebra>,
        at: Bidegree,
    ) -> FqVector<ValidPrime> {
        let offsets = column_offsets(self.target, at.s() - 1, at.t());
        let level = &self.levels[i as usize - 1];
        apply_terms(
            self.target,
            &|g| level[g].terms.as_slice(),
            &dg.terms,
            &offsets,
        )
    }

    /// Level `i`: on each generator of `P_{source_base+i}` of degree `≤ max_t`, a
    /// preimage under `d` of `rhs`.
    fn lift_level(
        &self,
        tgt: &OddLiftTarget<'a>,
        i: u32,
        max_t: i32,
        rhs: &Rhs<'_>,
    ) -> Result<Vec<Differential<OddMilnorAlgebra>>, ChainMapError> {
        let row = self.source.free_module(self.source_base + i);
        let j = self.target_base + i;
        let mut jobs = Vec::new();
        for t in row.min_degree()..=max_t {
            for dg in row.gens(t) {
                jobs.push((jobs.len(), t, dg));
            }
        }
        jobs.par_iter()
            .map(|&(g, t, dg)| {
                let at = Bidegree::s_t(j, t - self.t_shift);
                let len = *column_offsets(self.target, j, at.t())
                    .last()
                    .expect("length");
                if at.t() < self.target.free_module(j).min_degree() {
                    return Ok(element(
                        self.target,
                        j,
                        at.t(),
                        FqVector::new(self.target.prime(), len),
                    ));
                }
                let r = rhs(i, g, dg, at);
                let q = tgt.quasi_inverse(j, at.t());
                let mut x = q.apply(&r).ok_or(ChainMapError::NotInImage { at })?;
                if x.len() < len {
                    let mut full = FqVector::new(self.target.prime(), len);
                    full.add_at(&x, 1, 0);
                    x = full;
                }
                Ok(element(self.target, j, at.t(), x))
            })
            .collect()
    }

    /// The shift `(source_base, t_shift)`.
    pub fn shift(&self) -> Bidegree {
        Bidegree::s_t(self.source_base, self.t_shift)
    }

    /// Number of levels lifted.
    pub fn levels(&self) -> u32 {
        self.levels.len() as u32
    }

    /// The values of level `i`, on the generators of `P_{source_base+i}` in index order.
    pub(crate) fn level(&self, i: u32) -> &[Differential<OddMilnorAlgebra>] {
        &self.levels[i as usize]
    }

    /// The value on generator `g` of `P_{source_base+i}`, if lifted.
    pub fn value(&self, i: u32, g: usize) -> Option<&Differential<OddMilnorAlgebra>> {
        self.levels.get(i as usize)?.get(g)
    }

    /// The largest source degree level `i` reached, if lifted.
    pub(crate) fn max_degree(&self, i: u32) -> Option<i32> {
        self.max_t.get(i as usize).copied()
    }

    /// The coefficients on the generators of degree `T = t − t_shift` of
    /// `Q_{target_base+i}` of the values on the generators of degree `t` of
    /// `P_{source_base+i}`: `dim Ext^{target_base+i,T}` rows (target classes `x_k`),
    /// `dim Ext^{source_base+i,t}` columns. For the lift `Y` of `y`, row `k` is the Yoneda
    /// product `x_k ∘ Y = x_k · y`. `None` outside what was lifted or resolved.
    pub fn read(&self, i: u32, t: i32) -> Option<FqMatrix<ValidPrime>> {
        let level = self.levels.get(i as usize)?;
        if t > self.max_t[i as usize] {
            return None;
        }
        let source_b = Bidegree::s_t(self.source_base + i, t);
        let target_b = Bidegree::s_t(self.target_base + i, t - self.t_shift);
        if !super::products::is_resolved(self.source, source_b)
            || !super::products::is_resolved(self.target, target_b)
        {
            return None;
        }
        let row = self.source.free_module(source_b.s());
        let first = row.gens_below(t);
        let n_src = row.gens_in_degree(t);
        let n_tgt = self
            .target
            .free_module(target_b.s())
            .gens_in_degree(target_b.t());
        let mut m = FqMatrix::new(self.source.prime(), n_tgt, n_src);
        for col in 0..n_src {
            let v = &level[first + col].value;
            for k in 0..n_tgt {
                m.set_entry(k, col, v.entry(v.len() - n_tgt + k));
            }
        }
        Some(m)
    }
}
