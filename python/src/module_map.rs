//! `Resolution.map(file)`: the map on Ext induced by a map of modules `f : M → N` given in
//! a map file (`crates/steenrod/MAP-FORMAT.md`), as `adams map FILE` computes it
//! (`adams::module_map`): `M` and `N` resolved over the resolution's range, `f` lifted to a
//! chain map, and the matrices of `f* : Ext(N) → Ext(M)` read off. p = 2.

use std::path::PathBuf;

use adams::module_map::{beside, induced_matrices, read_map_spec};
use adams::modules::find_module_p2;
use pyo3::prelude::*;
use resolution::{Algorithm, Resolution, ResolutionConfig, RunOptions};
use steenrod::module::{FiniteModule, ModuleMap};

use crate::ext_algebra::released;
use crate::{resolution_error, AnyResolution, BadInput, ComputeError, RawResolution};

/// `(source, target, shift, matrices, rank)`: `matrices` the rows `(stem, s, rows)` of
/// `f*` at each bidegree of `Ext(N)` (`rows[k]`: the indices of the classes of `M` at
/// `(stem − shift, s)` whose sum is the image of the `k`-th class of `N`).
type MapOut = (String, String, i32, Vec<(i32, u32, Vec<Vec<usize>>)>, usize);

/// The module the map file names, cells above `top` dropped; over `A` only.
fn find(arg: &str, file: &std::path::Path, top: i32) -> PyResult<FiniteModule> {
    let m = find_module_p2(&beside(arg, file), None, Some(top), "Resolution.map")
        .map_err(|e| BadInput::new_err(e.to_string()))?;
    match m.profile() {
        None => Ok(m),
        Some(_) => Err(BadInput::new_err(format!(
            "module {}: maps over a sub-Hopf algebra are not built (resolve over A)",
            m.name()
        ))),
    }
}

fn resolved(m: FiniteModule, range: ResolutionConfig, threads: usize) -> PyResult<Resolution> {
    let name = m.name().to_string();
    let mut res = Resolution::new(m, range).map_err(|e| resolution_error(&name, e))?;
    res.run(RunOptions {
        algorithm: Algorithm::Nassau,
        threads,
        ..RunOptions::default()
    })
    .map_err(|e| resolution_error(&name, e))?;
    Ok(res)
}

fn map_of(range: ResolutionConfig, file: PathBuf, threads: usize) -> PyResult<MapOut> {
    let spec = read_map_spec(&file).map_err(BadInput::new_err)?;
    let top = range.max_stem + range.max_s as i32;
    // Checked on the cells the range sees, truncated alike (f(M_t) ⊂ N_{t+shift}).
    let m = find(&spec.source, &file, top)?;
    let n_checked = find(&spec.target, &file, top + spec.shift)?;
    let what = file.display().to_string();
    let f = ModuleMap::new(&what, &m, &n_checked, spec.shift, &spec.images)
        .map_err(|e| BadInput::new_err(e.to_string()))?;
    let n = find(&spec.target, &file, top)?;
    let (m_res, n_res) = (resolved(m, range, threads)?, resolved(n, range, threads)?);
    let (matrices, rank) = induced_matrices(&m_res, &n_res, &f, range.max_s + 1)
        .map_err(|e| ComputeError::new_err(format!("the map {what}: {e}")))?;
    let matrices = matrices
        .into_iter()
        .map(|m| {
            (
                m.stem,
                m.s,
                m.rows.iter().map(|v| v.iter_ones().collect()).collect(),
            )
        })
        .collect();
    let (source, target) = (m_res.module().name(), n_res.module().name());
    Ok((source.into(), target.into(), spec.shift, matrices, rank))
}

/// `f*` of the map file `file` over the range of `raw`: see `Resolution.map` in
/// `adams/__init__.py`. Errors: `BadInput` (the file, its modules, the map refused, a
/// resolution at an odd prime), `ComputeError` (the lift failed).
#[pyfunction]
#[pyo3(name = "map")]
pub(crate) fn map_file(
    py: Python<'_>,
    raw: &RawResolution,
    file: PathBuf,
    threads: usize,
) -> PyResult<MapOut> {
    let range = match &raw.res {
        AnyResolution::Two(r) => r.config(),
        AnyResolution::Odd(r) => {
            return Err(BadInput::new_err(format!(
                "module {}: maps of modules are lifted at p = 2 only from Python (the module is at p = {})",
                r.module().name(),
                fp::Prime::value(r.prime())
            )))
        }
    };
    released(py, || map_of(range, file, threads))
}
