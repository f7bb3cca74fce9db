//! The resolutions `adams products` and `adams massey` work with, and the classes of
//! `Ext(F_p)` a class spec names.

use std::path::Path;
use std::time::Instant;

use chart::class_spec::ClassSpec;
use fp::Prime;
use resolution::chain_map::yoneda::ExtOf;
use resolution::{Resolution, RunOptions};
use steenrod::module::{AnyModule, FiniteModule};
use steenrod::Module;

use super::cpu;
use crate::cli::ExtRangeArgs;
use crate::error::Error;
use crate::prime::PrimeModule;
use crate::range::{check_module_range, check_range};

/// The resolutions a product command works with: the module's and the sphere's (the
/// same object when the module is `F_p`).
pub(crate) struct Resolved<M: Module = FiniteModule> {
    pub module: Resolution<M>,
    pub sphere: Option<Resolution<M>>,
    pub seconds: f64,
    /// CPU seconds (all threads) of the resolutions.
    pub cpu_seconds: f64,
}

impl<M: Module> Resolved<M> {
    /// The sphere's resolution.
    pub fn sphere(&self) -> &Resolution<M> {
        self.sphere.as_ref().unwrap_or(&self.module)
    }
}

/// The module `arg` names, found through the top degree of `args`' range.
pub(crate) fn find(arg: &str, args: &ExtRangeArgs) -> Result<AnyModule, Error> {
    let range = check_range(args.max_stem, args.max_s)?;
    let top_t = range.max_stem + range.max_s as i32;
    Ok(crate::modules::find_module(
        arg,
        args.modules_dir.as_deref(),
        Some(top_t),
    )?)
}

/// Resolves `m` and, unless it is `F_p` in degree 0, the sphere over the same range; the
/// module's resolution resumed from and saved to `save_dir` (`(DIR, quiet)`) when given.
pub(crate) fn resolve<M: PrimeModule>(
    m: M,
    args: &ExtRangeArgs,
    save_dir: Option<(&Path, bool)>,
) -> Result<Resolved<M>, Error> {
    let range = check_range(args.max_stem, args.max_s)?;
    let p = m.field().value();
    check_module_range(m.name(), m.min_degree(), range)?;
    crate::range::check_memory(
        m.name(),
        p,
        m.min_degree(),
        m.over_a(),
        range,
        args.max_memory,
    )?;
    let cells: usize = (m.min_degree()..=m.max_degree()).map(|t| m.dim(t)).sum();
    let is_sphere = m.min_degree() == 0 && cells == 1;
    // Over a sub-Hopf algebra B (a profile) the products are those of Ext_B(F_p): the
    // module must be F_p itself, resolved over B (ko, tmf2).
    if !m.over_a() && !is_sphere {
        let what = match p {
            2 => "F_2 only (ko, tmf2)",
            _ => "F_p only",
        };
        return Err(Error::ProductsModule {
            name: m.name().to_string(),
            why: format!("over a sub-Hopf algebra, products are built for {what}"),
        });
    }
    let started = Instant::now();
    let cpu_started = cpu::seconds();
    let sphere = (!is_sphere).then(|| m.sphere_like());
    let module = run(m, range, save_dir)?;
    let sphere = sphere.map(|s| run(s, range, None)).transpose()?;
    Ok(Resolved {
        module,
        sphere,
        seconds: started.elapsed().as_secs_f64(),
        cpu_seconds: cpu::seconds() - cpu_started,
    })
}

fn run<M: PrimeModule>(
    m: M,
    range: resolution::ResolutionConfig,
    save_dir: Option<(&Path, bool)>,
) -> Result<Resolution<M>, Error> {
    let name = m.name().to_string();
    let algorithm = m.algorithm();
    let mut res = Resolution::new(m, range).map_err(|source| Error::ModuleRange {
        name: name.clone(),
        source,
    })?;
    if let Some((dir, quiet)) = save_dir {
        crate::save::resume(dir, &mut res, algorithm, false, quiet)?;
    }
    res.run(RunOptions {
        algorithm,
        ..RunOptions::default()
    })
    .map_err(|source| Error::Resolve { name, source })?;
    Ok(res)
}

/// The element of `Ext(F_p)` a [`ClassSpec`] names (`adams::classes::element`); unless
/// `quiet`, a note on stderr names the basis class taken for a factor named only modulo
/// decomposables.
pub(crate) fn element<M: PrimeModule>(
    sphere: &Resolution<M>,
    spec: &ClassSpec,
    quiet: bool,
) -> Result<ExtOf<M>, Error> {
    let (x, taken) = adams::classes::element_and_choices(sphere, spec)?;
    for t in taken.iter().filter(|_| !quiet) {
        let (n, s) = (t.at.n(), t.at.s());
        eprintln!(
            "note: {} is named modulo decomposables: Ext^(s {s}, stem {n}) has dimension {}, the products of the classes named below it span {}, and {} is taken as ({n},{s},{}), the one basis class outside them",
            t.name, t.dim, t.decomposables, t.name, t.index
        );
    }
    Ok(x)
}
