//! Lifting one level of several maps into the same target level at once: the generators
//! of all of them whose values land in one target degree `(j, T)` share one row reduction
//! of `[Mᵀ | right sides]` ([`super::target`]), so the differential matrix `M` of
//! `(Q_j)_T` is built and reduced once for all of them. Each preimage is the one a
//! separate reduction would give (the reduced row echelon form is unique and every pivot
//! lies in the `Mᵀ` block), so the maps are the same as when lifted one by one.

use std::collections::{BTreeMap, HashMap};

use rayon::prelude::*;
use steenrod::VectorOf;

use super::{apply, target, ChainMap, ChainMapError, LiftModule, Value};
use crate::Bidegree;

/// The right side of a level on generator `g`: `rhs(g, d g, at)`, an element of the whole
/// of `(Q_{j−1})_T`, `at = (j, T)`.
pub(crate) type Rhs<'r, M> = dyn Fn(usize, &Value<M>, Bidegree) -> VectorOf<M> + Sync + 'r;

/// Level `i` of `map` through source degree `max_t`: on each generator `g` of
/// `P_{source_base+i}`, a preimage under `d` of `rhs(g, dg, at)`, `at = (target_base + i,
/// |g| − t_shift)`, an element of the whole of `(Q_{j−1})_T`.
pub(crate) struct LevelJob<'m, 'a, M: LiftModule> {
    pub(crate) map: &'m ChainMap<'a, M>,
    pub(crate) i: u32,
    pub(crate) max_t: i32,
    pub(crate) rhs: &'m Rhs<'m, M>,
}

/// One generator to lift: its job, its index in its level, `d g`.
type Entry<'m, M> = (usize, usize, &'m Value<M>);

/// The pivots of the reductions at one target level `j`, by degree `T`
/// ([`target::Solved::pivots`]): what the level `j + 1` above restricts its equations by.
pub(crate) type Pivots = HashMap<i32, Vec<u32>>;

/// The lifted levels of several jobs (one list of values each), and their pivots.
type Levels<M> = (Vec<Vec<Value<M>>>, Pivots);

/// The levels of `jobs` (one list of values per job, in generator order), and the pivots
/// of the reductions made. All jobs map into the same resolution and the same target level
/// `j = target_base + i`; `below` holds pivots at level `j − 1` (any degrees).
///
/// Errors: [`ChainMapError::NotInImage`] at the first target degree where a right side
/// does not lift.
pub(crate) fn lift_levels<M: LiftModule>(
    jobs: &[LevelJob<'_, '_, M>],
    below: &Pivots,
    tgt: &target::LiftTarget<'_, M>,
) -> Result<Levels<M>, ChainMapError> {
    let Some(first) = jobs.first() else {
        return Ok((Vec::new(), Pivots::new()));
    };
    let target = first.map.target;
    let j = first.map.target_base + first.i;
    debug_assert!(jobs
        .iter()
        .all(|job| std::ptr::eq(job.map.target, target) && job.map.target_base + job.i == j));
    let min_t = target.free_module(j).min_degree();
    let (groups, counts) = by_target_degree(jobs);
    type Found<M> = (Vec<Value<M>>, Option<Vec<u32>>);
    let solved: Vec<Found<M>> = groups
        .par_iter()
        .map(|(t, list)| {
            let b = Bidegree::s_t(j, *t);
            if *t < min_t {
                let zero = || apply::nothing(target);
                return Ok((list.iter().map(|_| zero()).collect(), Some(Vec::new())));
            }
            let rhs: Vec<VectorOf<M>> = list
                .par_iter()
                .map(|&(n, k, g)| (jobs[n].rhs)(k, g, b))
                .collect();
            let under = below.get(t).map(Vec::as_slice);
            let found =
                M::solve(tgt, b, &rhs, under).map_err(|_| ChainMapError::NotInImage { at: b })?;
            let values = found
                .preimages
                .into_iter()
                .map(|v| apply::element(target, b, v))
                .collect();
            Ok((values, found.pivots))
        })
        .collect::<Result<_, ChainMapError>>()?;
    let mut pivots = Pivots::new();
    let mut out: Vec<Vec<Option<Value<M>>>> = counts
        .iter()
        .map(|&c| (0..c).map(|_| None).collect())
        .collect();
    for ((t, list), (values, found)) in groups.iter().zip(solved) {
        for (&(n, k, _), v) in list.iter().zip(values) {
            out[n][k] = Some(v);
        }
        if let Some(p) = found {
            pivots.insert(*t, p);
        }
    }
    let levels = out
        .into_iter()
        .map(|level| {
            level
                .into_iter()
                .map(|v| v.expect("every generator solved"))
                .collect()
        })
        .collect();
    Ok((levels, pivots))
}

/// The generators of every job grouped by target degree `T` (ascending), each as
/// `(job, index within the job's level, generator)`, and each job's generator count.
type Groups<'b, M> = Vec<(i32, Vec<Entry<'b, M>>)>;

fn by_target_degree<'b, M: LiftModule>(
    jobs: &'b [LevelJob<'_, '_, M>],
) -> (Groups<'b, M>, Vec<usize>) {
    let mut groups: BTreeMap<i32, Vec<Entry<'b, M>>> = BTreeMap::new();
    let mut counts = Vec::with_capacity(jobs.len());
    for (n, job) in jobs.iter().enumerate() {
        let row = job.map.source.free_module(job.map.source_base + job.i);
        let mut k = 0;
        for t in row.min_degree()..=job.max_t {
            for g in row.gens(t) {
                groups
                    .entry(t - job.map.t_shift)
                    .or_default()
                    .push((n, k, g));
                k += 1;
            }
        }
        counts.push(k);
    }
    (groups.into_iter().collect(), counts)
}

/// Lifts chain maps into one resolution together, level by level: each starts with its
/// level 0 and the largest source degree of each level to lift ([`ChainMap::start`]);
/// level `i` of all maps that go that deep is one [`lift_levels`] (their values land in
/// the target's level `i`). Returns the maps in the order given.
///
/// Errors: [`ChainMapError::NotInImage`] where a map does not lift.
pub(crate) fn lift_chain_maps<'a, M: LiftModule>(
    starts: Vec<(ChainMap<'a, M>, Vec<i32>)>,
    tgt: &target::LiftTarget<'_, M>,
) -> Result<Vec<ChainMap<'a, M>>, ChainMapError> {
    let (mut maps, plans): (Vec<ChainMap<'a, M>>, Vec<Vec<i32>>) = starts.into_iter().unzip();
    let depth = plans.iter().map(Vec::len).max().unwrap_or(0);
    let mut below = Pivots::new();
    for i in 1..depth {
        let active: Vec<usize> = (0..maps.len()).filter(|&n| plans[n].len() > i).collect();
        let i32_level = i as u32;
        let levels = {
            let maps = &maps;
            let rhs: Vec<_> = active
                .iter()
                .map(|&n| {
                    move |_: usize, g: &Value<M>, at: Bidegree| {
                        maps[n].previous_on_d(i32_level, g, at)
                    }
                })
                .collect();
            let jobs: Vec<LevelJob<'_, 'a, M>> = active
                .iter()
                .zip(&rhs)
                .map(|(&n, rhs)| LevelJob {
                    map: &maps[n],
                    i: i32_level,
                    max_t: plans[n][i],
                    rhs,
                })
                .collect();
            let (levels, pivots) = lift_levels(&jobs, &below, tgt)?;
            below = pivots;
            levels
        };
        for (&n, values) in active.iter().zip(levels) {
            maps[n].levels.push(values);
            maps[n].max_t.push(plans[n][i]);
        }
    }
    Ok(maps)
}
