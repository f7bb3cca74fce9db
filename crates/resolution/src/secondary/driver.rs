//! The order of the secondary lift's work (docs/design/d2.md §3): steps 1–2 of every `s`
//! at once, step 3 as a sweep over the internal degree `t` with every `s` of one `t` at
//! once; and the per-`s` entry point [`lift_filtration`] that a cluster can hand out.

use std::borrow::Cow;

use fp::FpVector;
use rayon::prelude::*;

use super::lift::{composite, intermediate_with, Composite, SecondaryError};
use crate::chain_map::solve;
use crate::{Bidegree, Resolution};

/// `λ_s` by generator of `C_s` (index order); `None` where not computed.
pub type Lambdas = Vec<Option<FpVector>>;

/// One past the largest internal degree `t` at which `λ_s` is computed: generators of
/// `C_s` with stem `t − s ≤ max_stem − 1` (so that `d2` reaches every class of stem
/// `≤ max_stem`), in degrees where `C_s` and `C_{s−2}` are resolved. `s ≥ 3`.
pub fn top_degree(res: &Resolution, s: u32) -> i32 {
    let config = res.config();
    let c = res.free_module(s);
    let below = res.free_module(s - 2);
    let mut top = c.min_degree();
    while top - (s as i32) < config.max_stem && c.is_complete(top) && below.is_complete(top - 1) {
        top += 1;
    }
    top
}

/// Steps 1–2 for filtration `s` (`s ≥ 3`): `I_s(g)` (see [`super::intermediate`]) for
/// every generator `g` of `C_s` of degree below `top` whose degree `wanted` accepts
/// (`None` for the others). Reads only the primary resolution (`d_s`, `d_{s−1}`,
/// `d_{s−2}`): the composites `c_{s−1}` are made once here, in parallel, and dropped on
/// return.
pub fn intermediates(
    res: &Resolution,
    s: u32,
    top: i32,
    wanted: &(dyn Fn(i32) -> bool + Sync),
) -> Result<Vec<Option<FpVector>>, SecondaryError> {
    let c = res.free_module(s);
    let n = c.gens_below(top);
    let degrees = c.gen_degrees(n);
    let Some(last) = (0..n).rev().find(|&g| wanted(degrees[g])) else {
        return Ok(vec![None; n]);
    };
    // c_{s−1} on every generator of C_{s−1} below the last wanted degree.
    let n_mid = res.free_module(s - 1).gens_below(degrees[last]);
    let composites: Vec<Composite> = (0..n_mid)
        .into_par_iter()
        .map(|g1| composite(res, s - 1, g1))
        .collect::<Result<_, _>>()?;
    (0..n)
        .into_par_iter()
        .map(|g| match wanted(degrees[g]) {
            true => intermediate_with(res, s, g, |g1| Ok(Cow::Borrowed(&composites[g1]))).map(Some),
            false => Ok(None),
        })
        .collect()
}

/// Adds `λ_{s−1}(d_s g)` (`λ_{s−1}` extended A-linearly; `below` is `λ_{s−1}` by
/// generator) to `v`, a vector of the old part of `(C_{s−3})_{|g|−1}`. `s ≥ 4`; reads
/// `λ_{s−1}` in degrees below `|g|` only.
pub fn add_feedback(
    res: &Resolution,
    s: u32,
    g: usize,
    below: &[Option<FpVector>],
    v: &mut FpVector,
) -> Result<(), SecondaryError> {
    let alg = res.algebra();
    let (t, dg) = res.free_module(s).differential(g);
    let bottom = res.free_module(s - 3);
    let dst = bottom.offsets(alg, t - 1, bottom.gens_below(t - 1));
    for term in &dg.terms {
        let g1 = term.gen as usize;
        let (t1, _) = res.free_module(s - 1).differential(g1);
        let lam = below
            .get(g1)
            .and_then(Option::as_ref)
            .ok_or(SecondaryError::OutOfRange {
                at: Bidegree::s_t(s - 1, t1),
            })?;
        let n1 = bottom.gens_below(t1);
        let src = bottom.offsets(alg, t1 - 1, n1);
        let degrees = bottom.gen_degrees(n1);
        // Sq(R) of the term times each basis element of λ_{s−1}(g'), with R's admissible
        // matrices looked up once for the whole of λ.
        let op = term.op();
        let table = alg.admissible_matrices(&op);
        let mut g3 = 0;
        for bit in lam.iter_ones() {
            while bit >= src[g3 + 1] {
                g3 += 1;
            }
            let x = &alg.basis((t1 - 1 - degrees[g3]) as u32)[bit - src[g3]];
            match table {
                Some(table) => alg.multiply_admissible_into(table, x, v.limbs_mut(), dst[g3]),
                None => alg.multiply_basis_into(&op, x, v.limbs_mut(), dst[g3]),
            }
        }
    }
    Ok(())
}

/// Step 3 at `(s, t)`: `λ_s` on the generators of `C_s` in degree `t` from their
/// intermediates `rhs` (in index order, consumed) and `below = λ_{s−1}`: solves
/// `d_{s−2} λ_s(g) = I_s(g) + λ_{s−1}(d_s g)` in the whole of `(C_{s−2})_{t−1}`
/// (`chain_map`'s solver). Errors: [`SecondaryError::Obstructed`] at `s = 3`, a right
/// side outside the image of `d_1` (the module has no secondary structure with
/// `λ_2 = 0`); [`SecondaryError::NoLift`] at `s ≥ 4` (exactness makes every right side a
/// boundary there, so this is an inconsistency of the computation).
pub fn solve_degree(
    res: &Resolution,
    at: Bidegree,
    mut rhs: Vec<FpVector>,
    below: &[Option<FpVector>],
) -> Result<Vec<FpVector>, SecondaryError> {
    let (s, t) = (at.s(), at.t());
    let first = res.free_module(s).gens_below(t);
    if s >= 4 {
        rhs.par_iter_mut()
            .enumerate()
            .try_for_each(|(k, v)| add_feedback(res, s, first + k, below, v))?;
    }
    let sol = solve(res, Bidegree::s_t(s - 2, t - 1), &rhs, None, None).map_err(|j| {
        let gen = first + j;
        match s {
            // d_1 is onto ker(C_0 → M): a right side outside its image is one whose image
            // in the module M is not zero, the obstruction to λ_2 = 0.
            3 => SecondaryError::Obstructed {
                module: res.module().name().to_string(),
                at,
                gen,
            },
            _ => SecondaryError::NoLift { at, gen },
        }
    })?;
    Ok(sol.preimages)
}

/// The per-`s` entry point: `λ_s` on every generator of `C_s` of degree below
/// [`top_degree`], given `below = λ_{s−1}` on the generators of `C_{s−1}` of degree below
/// `top_degree(s − 1)` (empty for `s = 3`: `λ_2 = 0` for the sphere) and the primary
/// resolution. This is the unit of work a multi-node run distributes (one node per `s`,
/// shipping only `λ` on generators between neighbouring `s`); its output is the same as
/// the split driver's for that `s`. `known`: values already computed (loaded from a save
/// directory), kept as they are.
pub fn lift_filtration(
    res: &Resolution,
    s: u32,
    below: &[Option<FpVector>],
    known: Lambdas,
) -> Result<Lambdas, SecondaryError> {
    let top = top_degree(res, s);
    let c = res.free_module(s);
    let mut out = known;
    out.resize(c.gens_below(top), None);
    let missing = |t: i32| {
        let first = c.gens_below(t);
        (first..first + c.gens_in_degree(t)).any(|g| out[g].is_none())
    };
    let missing: Vec<bool> = (c.min_degree()..top).map(missing).collect();
    let base = c.min_degree();
    let wanted = |t: i32| missing[(t - base) as usize];
    let mut rhs = intermediates(res, s, top, &wanted)?;
    for t in c.min_degree()..top {
        if !wanted(t) || c.gens_in_degree(t) == 0 {
            continue;
        }
        let first = c.gens_below(t);
        let gens = first..first + c.gens_in_degree(t);
        let r = rhs[gens.clone()]
            .iter_mut()
            .map(|v| v.take().expect("wanted"))
            .collect();
        let sol = solve_degree(res, Bidegree::s_t(s, t), r, below)?;
        for (g, v) in gens.zip(sol) {
            out[g] = Some(v);
        }
    }
    Ok(out)
}

/// The split driver: steps 1–2 of every `s` in `3..=max_s` at once (rayon), then step 3
/// swept over `t` ascending with every `s` of one `t` at once — `(s, t)` reads `λ_{s−1}`
/// in degrees below `t` only. `known[s]`: values already computed (kept); `done(at,
/// values)` is called on the driving thread with each `(s, t)` computed, in `t` order
/// (to save it). Returns `λ` by `s` (empty rows for `s < 3`), equal to [`lift_filtration`]
/// run for `s = 3, 4, …` in turn.
pub fn lift_split<E: From<SecondaryError>>(
    res: &Resolution,
    mut known: Vec<Lambdas>,
    mut done: impl FnMut(Bidegree, &[FpVector]) -> Result<(), E>,
) -> Result<Vec<Lambdas>, E> {
    let max_s = res.config().max_s;
    known.resize((max_s + 1) as usize, Vec::new());
    let tops: Vec<i32> = (0..=max_s)
        .map(|s| if s >= 3 { top_degree(res, s) } else { 0 })
        .collect();
    for s in 3..=max_s {
        let n = res.free_module(s).gens_below(tops[s as usize]);
        known[s as usize].resize(n, None);
    }
    let mut lambda = known;
    // Steps 1–2, every s at once: I_s(g) where λ_s(g) is missing.
    let mut rhs: Vec<Vec<Option<FpVector>>> = (0..=max_s)
        .into_par_iter()
        .map(|s| {
            if s < 3 {
                return Ok(Vec::new());
            }
            let row = &lambda[s as usize];
            let c = res.free_module(s);
            let wanted = |t: i32| {
                let first = c.gens_below(t);
                (first..first + c.gens_in_degree(t)).any(|g| row[g].is_none())
            };
            intermediates(res, s, tops[s as usize], &wanted)
        })
        .collect::<Result<_, SecondaryError>>()?;
    // Step 3: a sweep over t, all s of one t at once.
    let t_end = tops.iter().copied().max().unwrap_or(0);
    // C_s starts in degree min + s (min: the module's bottom degree, negative for a shift).
    for t in res.module().min_degree() + 3..t_end {
        let jobs: Vec<(u32, Vec<FpVector>)> = (3..=max_s)
            .filter(|&s| t < tops[s as usize])
            .filter_map(|s| {
                let c = res.free_module(s);
                let first = c.gens_below(t);
                let gens = first..first + c.gens_in_degree(t);
                let r: Option<Vec<FpVector>> = gens
                    .map(|g| rhs[s as usize][g].take())
                    .collect::<Option<_>>();
                r.filter(|r| !r.is_empty()).map(|r| (s, r))
            })
            .collect();
        let solved: Vec<(u32, Vec<FpVector>)> = jobs
            .into_par_iter()
            .map(|(s, r)| {
                let below = &lambda[(s - 1) as usize];
                solve_degree(res, Bidegree::s_t(s, t), r, below).map(|v| (s, v))
            })
            .collect::<Result<_, SecondaryError>>()?;
        for (s, values) in solved {
            done(Bidegree::s_t(s, t), &values)?;
            let first = res.free_module(s).gens_below(t);
            for (k, v) in values.into_iter().enumerate() {
                lambda[s as usize][first + k] = Some(v);
            }
        }
    }
    Ok(lambda)
}

/// Runs `f` on a pool of `threads` worker threads (0: one per core), so that the lift's
/// parallel steps use that many. Error: the pool cannot be started.
pub fn on_threads<T: Send>(
    threads: usize,
    f: impl FnOnce() -> T + Send,
) -> Result<T, crate::ResolutionError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|source| crate::ResolutionError::Threads { threads, source })?;
    Ok(pool.install(f))
}
