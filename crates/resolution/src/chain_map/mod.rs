//! Chain maps between minimal resolutions and null-homotopies of them, lifted degree by
//! degree; from them Yoneda products by any class ([`yoneda`]) and Massey products
//! ([`massey`]); the map on Ext a map of modules induces ([`module_map`]).
//!
//! **The method** (the comparison theorem of homological algebra: a map of modules lifts
//! to a chain map of projective resolutions, unique up to chain homotopy; Cartan–
//! Eilenberg, "Homological Algebra" (1956), V.1; as used for Ext products by R. Bruner,
//! "Calculation of large Ext modules", in *Computers in Geometry and Topology* (1989)
//! and J. McCleary, "A User's Guide to Spectral Sequences", 2nd ed. (2001), §9.1).
//! Given a source resolution `P = P(M)` (rows `C_s`), a target `Q = P(N)` and the values
//! of `f_0` on the generators of `P_{s0}` (an A-linear map into `Q_0`, shifted down by
//! the internal degree `t0`), the lift `f_i : P_{s0+i} → Q_i` is found on each generator
//! `g` by solving
//!
//! ```text
//! d f_i(g) = f_{i−1}(d g)         in (Q_{i−1})_{|g| − t0},
//! ```
//!
//! the right side being a cycle by induction; a preimage comes from one row reduction
//! per target degree of the differential matrix of the whole of `(Q_i)_{|g|−t0}` with the
//! right sides of that degree's generators appended ([`LiftTarget`]; the run's own
//! quasi-inverses do not reach the new generators, whose coefficients a product reads).
//! The same recursion with one level more gives a null-homotopy `H_i : P_{k+i} → Q_{i+1}`
//! of a chain map `φ` lifting zero: `d H_i(g) = φ_i(g) − H_{i−1}(d g)`, `H_{−1} = 0`
//! ([`massey`]); the map on Ext a map of modules induces ([`module_map`]).
//!
//! Generators of one level are independent: each level is lifted in parallel over its
//! degrees and generators (rayon).

mod apply;
pub mod cofiber;
mod joint;
mod lift_module;
pub mod massey;
pub mod module_map;
pub mod saved;
mod target;
pub mod yoneda;

use fp::{Field, MatrixOf, Vector};
use steenrod::module::FiniteModule;
use steenrod::{Module, VectorOf};

use crate::free_module::Differential;
use crate::{Bidegree, Resolution};

pub(crate) use joint::lift_chain_maps;
use joint::{lift_levels, LevelJob, Pivots};
pub use lift_module::LiftModule;
pub(crate) use target::solve;
pub use target::{LiftTarget, Solved};

/// The matrices over a module's field.
pub type MatrixOver<M> = <<<M as Module>::Algebra as steenrod::Algebra>::Field as Field>::Matrix;

/// A map's value on one generator: an element of the target with its terms.
type Value<M> = Differential<<M as Module>::Algebra>;

/// Why a lift, a product or a Massey product could not be computed.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ChainMapError {
    /// The right side of a lifting equation is not in the image of `d` (the target is not
    /// a resolution there, or the initial map is not a cocycle).
    #[error(
        "lifting a chain map: at {at} of the target, the value to lift is not in the image of d"
    )]
    NotInImage {
        /// The target bidegree `(i, T)` where the lift failed.
        at: Bidegree,
    },
    /// A class or element lies outside the resolved range.
    #[error("{what} at {at} lies outside the resolved range")]
    OutOfRange {
        /// What was asked for.
        what: String,
        /// Its bidegree.
        at: Bidegree,
    },
    /// A basis class asked for by an index not below `dim Ext` at a resolved bidegree.
    #[error("{}", no_such_class(*index, *dim, at))]
    NoSuchClass {
        /// The index asked for.
        index: usize,
        /// `dim Ext` there.
        dim: usize,
        /// The bidegree.
        at: Bidegree,
    },
    /// Products and Massey products are taken in `Ext(F_p)`: the target must resolve
    /// `F_p` (the module is one class, in degree 0).
    #[error("products need a resolution of F_p (the sphere) as the target")]
    TargetNotSphere,
    /// A Massey product `⟨a, b, c⟩` needs `ab = 0` and `bc = 0`.
    #[error("the Massey product is not defined: {which} is not zero")]
    ProductNotZero {
        /// `"a·b"` or `"b·c"`.
        which: &'static str,
    },
    /// A class's vector has the wrong length for its bidegree.
    #[error("an element at {at} needs {dim} coordinates, not {given}")]
    WrongLength {
        /// The bidegree.
        at: Bidegree,
        /// `dim Ext` there.
        dim: usize,
        /// The vector's length.
        given: usize,
    },
}

/// The message of [`ChainMapError::NoSuchClass`].
fn no_such_class(index: usize, dim: usize, at: &Bidegree) -> String {
    match dim {
        0 => format!("Ext is 0 at {at}: there is no class (of index {index} or any other)"),
        _ => format!(
            "there is no class of index {index} at {at}: Ext has dimension {dim} there \
             (indices 0 to {})",
            dim - 1
        ),
    }
}

/// An A-linear map `P_{source_base + i} → Q_{target_base + i}` (`i = 0, 1, …`) lowering
/// the internal degree by `t_shift`, given by its values on generators: a chain map
/// (`target_base = 0`) or a null-homotopy (`target_base = 1`).
pub struct ChainMap<'a, M: LiftModule = FiniteModule> {
    source: &'a Resolution<M>,
    target: &'a Resolution<M>,
    source_base: u32,
    target_base: u32,
    t_shift: i32,
    /// `levels[i][g]`: the value on generator `g` of `P_{source_base+i}` (generators of
    /// degree `≤ max_t[i]`), an element of `(Q_{target_base+i})_{|g| − t_shift}`.
    levels: Vec<Vec<Value<M>>>,
    max_t: Vec<i32>,
}

/// The values of level 0 of a chain map: `initial(g, |g|)` on generator `g` of
/// `P_{s0}` (index, degree), an element of the whole of `(Q_0)_{|g|−t0}`.
pub type Initial<'i, M> = dyn Fn(usize, i32) -> VectorOf<M> + Sync + 'i;

/// The right side of a homotopy's level `i` on generator `g`: `phi(i, g, at)`.
pub(crate) type Phi<'i, M> = dyn Fn(u32, usize, Bidegree) -> VectorOf<M> + Sync + 'i;

impl<'a, M: LiftModule> ChainMap<'a, M> {
    /// The chain map `f : P(M)_{s0+•} → P(N)_•` (`P(M)` = `source`, `P(N)` = the
    /// resolution of `tgt`) with `shift = (s0, t0)` and `f_0(g) = initial(g, |g|)` on the
    /// generators `g` of `P_{s0}` (index, degree; an element of the whole of
    /// `(Q_0)_{|g|−t0}`), lifted through `levels` levels or as far as both ranges allow.
    ///
    /// Errors: [`ChainMapError::NotInImage`] when `initial` does not lift (it is not a
    /// map of resolutions over a module map), [`ChainMapError::OutOfRange`] when `s0`
    /// is past the source's range.
    pub fn lift(
        source: &'a Resolution<M>,
        tgt: &LiftTarget<'a, M>,
        shift: Bidegree,
        initial: &Initial<'_, M>,
        levels: u32,
    ) -> Result<Self, ChainMapError> {
        let start = Self::start(source, tgt, shift, initial, levels)?;
        Ok(joint::lift_chain_maps(vec![start], tgt)?
            .pop()
            .expect("one map in, one out"))
    }

    /// A map from `source` (shifted by `shift`) into `tgt`'s resolution with no level yet.
    fn empty(source: &'a Resolution<M>, tgt: &LiftTarget<'a, M>, shift: Bidegree) -> Self {
        ChainMap {
            source,
            target: tgt.resolution(),
            source_base: shift.s(),
            target_base: 0,
            t_shift: shift.t(),
            levels: Vec::new(),
            max_t: Vec::new(),
        }
    }

    /// Level 0 of [`ChainMap::lift`], with the largest source degree of every level to
    /// lift (for [`joint::lift_chain_maps`]).
    pub(crate) fn start(
        source: &'a Resolution<M>,
        tgt: &LiftTarget<'a, M>,
        shift: Bidegree,
        initial: &Initial<'_, M>,
        levels: u32,
    ) -> Result<(Self, Vec<i32>), ChainMapError> {
        if shift.s() > source.config().max_s {
            return Err(ChainMapError::OutOfRange {
                what: "the source row of a chain map".into(),
                at: shift,
            });
        }
        let mut map = Self::empty(source, tgt, shift);
        let plan = map.plan(levels);
        if let Some(&max_t) = plan.first() {
            let values = map.level_zero(max_t, initial);
            map.levels.push(values);
            map.max_t.push(max_t);
        }
        Ok((map, plan))
    }

    /// `f_{i−1}(d g)` for `d g` an element of `P_{source_base+i−1}`: the right side of a
    /// chain map's level `i ≥ 1` (and a homotopy's `H_{i−1}(d g)`), in the whole of
    /// `(Q_{target_base+i−1})_T`, `at = (target_base + i, T)`.
    fn previous_on_d(&self, i: u32, dg: &Value<M>, at: Bidegree) -> VectorOf<M> {
        let below = Bidegree::s_t(at.s() - 1, at.t());
        let offsets = apply::full_offsets(self.target, below);
        M::apply(
            self.target.algebra(),
            &self.levels[i as usize - 1],
            &dg.terms,
            &offsets,
        )
    }

    /// The null-homotopy `H : P_{k+•} → Q_{•+1}` (`k = (k_s, k_t)`: its source row and
    /// internal shift) of a chain map `φ` lifting zero, given by `phi(i, g, at)` = `φ_i`
    /// on generator `g` of `P_{k_s+i}`, an element of the whole of `(Q_i)_T` with
    /// `at = (i + 1, T)`: `d H_i(g) = φ_i(g) − H_{i−1}(d g)`. Level `i` is lifted through
    /// source degree `cap(i)` at most (where `φ_i` is known; `None`: stop).
    pub(crate) fn homotopy(
        source: &'a Resolution<M>,
        tgt: &LiftTarget<'a, M>,
        k: Bidegree,
        levels: u32,
        cap: &dyn Fn(u32) -> Option<i32>,
        phi: &Phi<'_, M>,
    ) -> Result<Self, ChainMapError> {
        let target = tgt.resolution();
        let mut map = ChainMap {
            source,
            target,
            source_base: k.s(),
            target_base: 1,
            t_shift: k.t(),
            levels: Vec::new(),
            max_t: Vec::new(),
        };
        if k.s() > source.config().max_s {
            return Ok(map);
        }
        let mut below = Pivots::new();
        for i in 0..levels.min(map.level_count()) {
            let Some(cap) = cap(i) else { break };
            let max_t = map.bound(i, Some(cap));
            let rhs = |g: usize, dg: &Value<M>, at: Bidegree| {
                let mut v = phi(i, g, at);
                if i > 0 {
                    v.subtract(&map.previous_on_d(i, dg, at));
                }
                v
            };
            let (values, pivots) = map.lift_level(i, max_t, &rhs, &below, tgt)?;
            below = pivots;
            map.levels.push(values);
            map.max_t.push(max_t);
        }
        Ok(map)
    }

    /// The chain map [`ChainMap::lift`] would make, read from the bytes of a save
    /// directory ([`saved::encode`]) instead. Errors: [`saved::Saved::Stale`] when the
    /// bytes are of another module, class or range, [`saved::Saved::Corrupt`] (with the
    /// reason) when damaged.
    pub fn load(
        source: &'a Resolution<M>,
        tgt: &LiftTarget<'a, M>,
        shift: Bidegree,
        levels: u32,
        bytes: &[u8],
        expected: &saved::Expected<'_, VectorOf<M>>,
    ) -> Result<Self, saved::Saved> {
        if shift.s() > source.config().max_s {
            return Err(saved::Saved::Stale(saved::Mismatch::Range));
        }
        let mut map = Self::empty(source, tgt, shift);
        let plan = map.plan(levels);
        saved::decode_into(&mut map, &plan, bytes, expected)?;
        Ok(map)
    }

    /// The largest source degree of each level a chain map `levels` deep reaches.
    fn plan(&self, levels: u32) -> Vec<i32> {
        (0..levels.min(self.level_count()))
            .map(|i| self.bound(i, None))
            .collect()
    }

    /// The same map with no levels (for [`saved`]).
    fn shallow(&self) -> ChainMap<'a, M> {
        ChainMap {
            source: self.source,
            target: self.target,
            source_base: self.source_base,
            target_base: self.target_base,
            t_shift: self.t_shift,
            levels: Vec::new(),
            max_t: Vec::new(),
        }
    }

    /// Level 0 of a chain map: the given values.
    fn level_zero(&self, max_t: i32, initial: &Initial<'_, M>) -> Vec<Value<M>> {
        let row = self.source.free_module(self.source_base);
        let mut out = Vec::new();
        for t in row.min_degree()..=max_t {
            for _ in row.gens(t) {
                let at = Bidegree::s_t(self.target_base, t - self.t_shift);
                let value = initial(out.len(), t);
                out.push(apply::element(self.target, at, value));
            }
        }
        out
    }

    /// How many levels both ranges allow.
    fn level_count(&self) -> u32 {
        let src = self.source.config().max_s.saturating_sub(self.source_base) + 1;
        let tgt = (self.target.config().max_s + 1).saturating_sub(self.target_base);
        src.min(tgt)
    }

    /// The largest source degree level `i` may reach: the source generator must be
    /// resolved (stem ≤ the source's `max_stem`) and the target bidegree
    /// `(target_base + i, t − t_shift)` inside the target's range; at most `cap`.
    fn bound(&self, i: u32, cap: Option<i32>) -> i32 {
        let s = self.source_base + i;
        let j = self.target_base + i;
        let by_source = self.source.config().max_stem + s as i32;
        let by_target = self.target.config().max_stem + j as i32 + self.t_shift;
        let b = by_source.min(by_target);
        cap.map_or(b, |c| b.min(c))
    }

    /// Level `i ≥ 1` (of a chain map) or `i ≥ 0` (of a homotopy): on each generator `g`
    /// of `P_{source_base+i}` of degree `≤ max_t`, a preimage under `d` of `rhs(g, at)`,
    /// `at = (target_base + i, |g| − t_shift)`, an element of the whole of `(Q_{j−1})_T`;
    /// with the pivots of its reductions ([`joint::lift_levels`]; `below`: the level
    /// under it's).
    fn lift_level(
        &self,
        i: u32,
        max_t: i32,
        rhs: &joint::Rhs<'_, M>,
        below: &Pivots,
        tgt: &LiftTarget<'_, M>,
    ) -> Result<(Vec<Value<M>>, Pivots), ChainMapError> {
        let job = LevelJob {
            map: self,
            i,
            max_t,
            rhs,
        };
        let (mut levels, pivots) = lift_levels(&[job], below, tgt)?;
        Ok((levels.pop().expect("one job, one level"), pivots))
    }
    /// The shift: `(source_base, t_shift)`.
    pub fn shift(&self) -> Bidegree {
        Bidegree::s_t(self.source_base, self.t_shift)
    }

    /// Number of levels lifted.
    pub fn levels(&self) -> u32 {
        self.levels.len() as u32
    }

    /// The matrix of coefficients on the generators of degree `T = t − t_shift` of
    /// `Q_{target_base+i}` of the values on the generators of degree `t` of
    /// `P_{source_base+i}`: `dim Ext^{target_base+i, T}(N)` rows (target classes),
    /// `dim Ext^{source_base+i, t}(M)` columns (source generators). `None` when level `i`
    /// was not lifted that far, or either bidegree is not resolved.
    ///
    /// For a chain map lifting `y ∈ Ext^{s0,t0}(M)` into the sphere's resolution, row `k`
    /// is `x_k · y` for the `k`-th class `x_k` of `Ext^{i,T}(F_2)` ([`yoneda`]).
    pub fn read(&self, i: u32, t: i32) -> Option<MatrixOver<M>> {
        let level = self.levels.get(i as usize)?;
        if t > self.max_t[i as usize] {
            return None;
        }
        let row = self.source.free_module(self.source_base + i);
        let target = self.target.free_module(self.target_base + i);
        let source_b = Bidegree::s_t(self.source_base + i, t);
        let target_b = Bidegree::s_t(self.target_base + i, t - self.t_shift);
        if !crate::products::is_resolved(self.source, source_b)
            || !crate::products::is_resolved(self.target, target_b)
        {
            return None;
        }
        let first = row.gens_below(t);
        let n_src = row.gens_in_degree(t);
        let n_tgt = target.gens_in_degree(target_b.t());
        let mut m = self.source.prime().zero_matrix(n_tgt, n_src);
        for col in 0..n_src {
            let v = &level[first + col].value;
            // The generators of degree T are the last blocks, one entry each (Sq(0), 1).
            for k in 0..n_tgt {
                let c = v.entry(v.len() - n_tgt + k);
                if c != 0 {
                    m.set_entry(k, col, c);
                }
            }
        }
        Some(m)
    }

    /// The value on generator `g` of `P_{source_base+i}`, if lifted.
    pub fn value(&self, i: u32, g: usize) -> Option<&Value<M>> {
        self.levels.get(i as usize)?.get(g)
    }
}
