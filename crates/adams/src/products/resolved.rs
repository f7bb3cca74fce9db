//! The resolutions `adams products` and `adams massey` work with, and the classes of
//! `Ext(F_p)` a class spec names.

use std::path::Path;
use std::time::Instant;

use chart::class_spec::ClassSpec;
use fp::Prime;
use resolution::chain_map::yoneda::{ExtElement, ExtOf};
use resolution::chain_map::ChainMapError;
use resolution::products::{multiply_by, target, Primitive, ReadOff};
use resolution::{Bidegree, Resolution, RunOptions};
use steenrod::module::{AnyModule, FiniteModule};
use steenrod::{Algebra, Module};

use super::{cpu, ProductModule};
use crate::cli::ExtRangeArgs;
use crate::error::Error;
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
pub(crate) fn resolve<M: ProductModule>(
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

fn run<M: ProductModule>(
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
        M::resume(dir, &mut res, algorithm, quiet)?;
    }
    res.run(RunOptions {
        algorithm,
        ..RunOptions::default()
    })
    .map_err(|source| Error::Resolve { name, source })?;
    Ok(res)
}

/// The element of `Ext(F_p)` a [`ClassSpec`] names: a monomial in `a_0` and the `h_i`
/// multiplied out by their read-off from the differentials (`resolution::products`), a
/// basis class, or a monomial in the table's names (p = 2).
/// Refuses a factor `h_i` (or `a0`) of `spec` that is no class over the sub-Hopf algebra
/// `sphere` is resolved over: the operation it is dual to (`Sq^{2^i}`, `P^{p^i}`, `β`) is
/// not in that algebra, so `Ext^1` is 0 in its bidegree (`h2` over `A(1)`), which is not
/// a matter of range. Over `A` every such operation is there.
fn absent_over_subalgebra<M: ProductModule>(
    sphere: &Resolution<M>,
    spec: &ClassSpec,
    factors: &[(Primitive, u32)],
) -> Result<(), Error> {
    let module = sphere.module();
    if module.over_a() {
        return Ok(());
    }
    let p = sphere.prime().value();
    for &(f, _) in factors {
        let Some(at) = target(f, p, Bidegree::s_t(0, 0)) else {
            continue;
        };
        let algebra: &M::Algebra = Resolution::algebra(sphere);
        if algebra.dual_operation(f).is_none() && at.t() <= algebra.max_degree() as i32 {
            return Err(Error::ProductsModule {
                name: module.name().to_string(),
                why: format!(
                    "class {spec}: {} is not a class over {}: the operation it is dual to is not in that algebra, so Ext^(s 1, stem {}) is 0 there",
                    f.name(),
                    module.algebra_name(),
                    at.n()
                ),
            });
        }
    }
    Ok(())
}

/// The class of the sphere's Ext that `spec` gives (`(stem,s,index)`, a monomial in the
/// `h_i` or `a0`, a name of the table); unless `quiet`, a note on stderr names the basis
/// class taken for a factor named only modulo decomposables.
pub(crate) fn element<M: ProductModule>(
    sphere: &Resolution<M>,
    spec: &ClassSpec,
    quiet: bool,
) -> Result<ExtOf<M>, Error> {
    let lift_error = |source| Error::Lift {
        what: format!("class {spec}"),
        source,
    };
    let p = sphere.prime().value();
    let factors: Vec<(Primitive, u32)> = match spec {
        ClassSpec::Indexed { stem, s, index } => {
            return ExtElement::basis(sphere, Bidegree::n_s(*stem, *s), *index).map_err(lift_error)
        }
        ClassSpec::Named { factors, .. } => return M::named(sphere, spec, factors, quiet),
        ClassSpec::A0(_) if p == 2 => {
            return Err(Error::ProductsModule {
                name: sphere.module().name().to_string(),
                why: format!("class {spec}: a0 is a class at odd primes (at p = 2 it is h0)"),
            })
        }
        ClassSpec::A0(k) => vec![(Primitive::A0, *k)],
        ClassSpec::Monomial(hs) => hs.iter().map(|&(i, k)| (Primitive::H(i), k)).collect(),
    };
    absent_over_subalgebra(sphere, spec, &factors)?;
    let mut x = ExtElement::basis(sphere, Bidegree::s_t(0, 0), 0).map_err(lift_error)?;
    for (f, k) in factors {
        for _ in 0..k {
            let out_of_range = |at| {
                lift_error(ChainMapError::OutOfRange {
                    what: format!("the product by {}", f.name()),
                    at,
                })
            };
            let at = target(f, p, x.bidegree).ok_or_else(|| out_of_range(x.bidegree))?;
            let v =
                multiply_by(sphere, f, x.bidegree, &x.vector).ok_or_else(|| out_of_range(at))?;
            x = ExtElement {
                bidegree: at,
                vector: v,
            };
        }
    }
    Ok(x)
}
