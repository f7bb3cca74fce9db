//! `Resolution.map(file)`: the map on Ext induced by a map of modules `f : M → N` given in
//! a map file (`crates/steenrod/MAP-FORMAT.md`), as `adams map FILE` computes it
//! (`adams::module_map`): `M` and `N` resolved over the resolution's range, `f` lifted to a
//! chain map, and the matrices of `f* : Ext(N) → Ext(M)` read off, at the resolution's
//! prime.

use std::path::PathBuf;

use adams::module_map::{beside, induced_matrices, read_map_spec};
use adams::modules::find_module;
use fp::{Prime, Vector};
use pyo3::prelude::*;
use resolution::chain_map::LiftModule;
use resolution::{Algorithm, Resolution, ResolutionConfig, RunOptions};
use steenrod::module::{AnyModule, FiniteModule, ModuleAlgebra, ModuleMap};
use steenrod::MilnorAlgebra;

use crate::ext_algebra::released;
use crate::{resolution_error, AnyResolution, BadInput, ComputeError, RawResolution};
use fp::ValidPrime;

/// `(source, target, shift, matrices, rank, p)`: `matrices` the rows `(stem, s, rows)` of
/// `f*` at each bidegree of `Ext(N)` (`rows[k]`: the nonzero terms `(index, c)` of the
/// image of the `k`-th class of `N` over the classes of `M` at `(stem − shift, s)`, `c` in
/// `1..p`), `p` the prime.
type MapOut = (
    String,
    String,
    i32,
    Vec<(i32, u32, Vec<Vec<(usize, u32)>>)>,
    usize,
    u32,
);

/// The module the map file names at the resolution's prime (`pick`: `None` for another
/// prime), cells above `top` dropped; over `A` only.
fn find<A: ModuleAlgebra>(
    arg: &str,
    file: &std::path::Path,
    top: i32,
    pick: fn(AnyModule) -> Option<FiniteModule<A>>,
    p: u32,
) -> PyResult<FiniteModule<A>> {
    let m = find_module(&beside(arg, file), None, Some(top))
        .map_err(|e| BadInput::new_err(e.to_string()))?;
    let (name, q) = (m.name().to_string(), m.prime());
    let m = pick(m).ok_or_else(|| {
        BadInput::new_err(format!(
            "module {name}: a p = {q} module, but the resolution is at p = {p}: a map of \
             modules is lifted at the resolution's prime"
        ))
    })?;
    match m.profile() {
        None => Ok(m),
        Some(_) => Err(BadInput::new_err(format!(
            "module {}: maps over a sub-Hopf algebra are not built (resolve over A)",
            m.name()
        ))),
    }
}

fn resolved<A: ModuleAlgebra>(
    m: FiniteModule<A>,
    range: ResolutionConfig,
    algorithm: Algorithm,
    threads: usize,
) -> PyResult<Resolution<FiniteModule<A>>>
where
    FiniteModule<A>: LiftModule<Algebra = A> + resolution::ModuleSteps<StepAlgebra = A>,
{
    let name = m.name().to_string();
    let mut res = Resolution::new(m, range).map_err(|e| resolution_error(&name, e))?;
    res.run(RunOptions {
        algorithm,
        threads,
        ..RunOptions::default()
    })
    .map_err(|e| resolution_error(&name, e))?;
    Ok(res)
}

/// What one prime's map needs: its modules picked from [`AnyModule`], the prime, the
/// algorithm its resolutions run.
struct AtPrime<A: ModuleAlgebra> {
    pick: fn(AnyModule) -> Option<FiniteModule<A>>,
    p: u32,
    algorithm: Algorithm,
}

fn map_of<A: ModuleAlgebra>(
    range: ResolutionConfig,
    file: PathBuf,
    threads: usize,
    at: AtPrime<A>,
) -> PyResult<MapOut>
where
    FiniteModule<A>: LiftModule<Algebra = A> + resolution::ModuleSteps<StepAlgebra = A>,
{
    let spec = read_map_spec(&file).map_err(BadInput::new_err)?;
    let top = range.max_stem + range.max_s as i32;
    let find_at = |arg: &str, top: i32| find(arg, &file, top, at.pick, at.p);
    // Checked on the cells the range sees, truncated alike (f(M_t) ⊂ N_{t+shift}).
    let m = find_at(&spec.source, top)?;
    let n_checked = find_at(&spec.target, top + spec.shift)?;
    let what = file.display().to_string();
    let f = ModuleMap::new(&what, &m, &n_checked, spec.shift, &spec.images)
        .map_err(|e| BadInput::new_err(e.to_string()))?;
    let n = find_at(&spec.target, top)?;
    let m_res = resolved(m, range, at.algorithm, threads)?;
    let n_res = resolved(n, range, at.algorithm, threads)?;
    let (matrices, rank) = induced_matrices(&m_res, &n_res, &f, range.max_s + 1)
        .map_err(|e| ComputeError::new_err(format!("the map {what}: {e}")))?;
    let matrices = matrices
        .into_iter()
        .map(|m| {
            let rows = m.rows.iter().map(|v| Vector::nonzero_entries(v).collect());
            (m.stem, m.s, rows.collect())
        })
        .collect();
    let (source, target) = (m_res.module().name(), n_res.module().name());
    Ok((
        source.into(),
        target.into(),
        spec.shift,
        matrices,
        rank,
        at.p,
    ))
}

/// `f*` of the map file `file` over the range of `raw`, at its prime: see `Resolution.map`
/// in `adams/__init__.py`. Errors: `BadInput` (the file, its modules, the map refused, a
/// module at another prime), `ComputeError` (the lift failed).
#[pyfunction]
#[pyo3(name = "map")]
pub(crate) fn map_file(
    py: Python<'_>,
    raw: &RawResolution,
    file: PathBuf,
    threads: usize,
) -> PyResult<MapOut> {
    match &raw.res {
        AnyResolution::Two(r) => {
            let at = AtPrime::<MilnorAlgebra> {
                pick: |m| match m {
                    AnyModule::Two(m) => Some(m),
                    AnyModule::Odd(_) => None,
                },
                p: 2,
                algorithm: Algorithm::Nassau,
            };
            let range = r.config();
            released(py, || map_of(range, file, threads, at))
        }
        AnyResolution::Odd(r) => {
            let at = AtPrime::<MilnorAlgebra<ValidPrime>> {
                pick: |m| match m {
                    AnyModule::Odd(m) => Some(m),
                    AnyModule::Two(_) => None,
                },
                p: r.prime().value(),
                algorithm: Algorithm::Classical,
            };
            let range = r.config();
            released(py, || map_of(range, file, threads, at))
        }
    }
}
