//! `adams products MODULE --by CLASS …`: multiplication by classes of `Ext(F_2)` on the
//! whole resolved range of `Ext(M)`, from chain maps (`resolution::chain_map`); writes
//! `products.json` (the matrices), `chart.json` and `chart.svg` (the products drawn).
//!
//! Design: for the sphere one lift of the class `x` (a self-map of the
//! sphere's resolution) gives `x·y` for every `y` at once; for another module `M`, each
//! basis class `y` of `Ext(M)` is lifted into the sphere's resolution, `s(x)` levels deep,
//! and read at `x` (one lift per `y` then gives the products by every `--by` class).

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Instant;

use chart::chart_json::{self, Chart, Product};
use chart::class_spec::ClassSpec;
use chart::names::NameTable;
use resolution::chain_map::yoneda::{multiply, ExtElement};
use resolution::chain_map::{ChainMap, ChainMapError, LiftTarget};
use resolution::products::h_multiply;
use resolution::{Bidegree, Resolution, ResolutionConfig};
use serde::Serialize;
use steenrod::module::FiniteModule;

use crate::cli::{ExtRangeArgs, ProductsArgs};
use crate::error::Error;
use crate::modules;
use crate::range::{check_module_range, check_range};
use crate::resolve::make_output;

mod cpu;
pub(crate) mod lift_cache;

use lift_cache::{lift, LiftCache};

/// The products of one `--by` class, by source bidegree.
#[derive(Serialize)]
struct ByClass {
    class: String,
    stem: i32,
    s: u32,
    /// Its coordinates: the indices of the basis classes whose sum it is.
    element: Vec<usize>,
    seconds: f64,
    /// CPU seconds (all threads) of the same work.
    cpu_seconds: f64,
    matrices: Vec<Matrix>,
}

/// `x · −` from `Ext` at `(stem, s)` to `(stem + n_x, s + s_x)`: row `k` lists the
/// indices of the classes whose sum is `x` times the `k`-th class at `(stem, s)`.
#[derive(Serialize)]
struct Matrix {
    stem: i32,
    s: u32,
    rows: Vec<Vec<usize>>,
}

#[derive(Serialize)]
struct ProductsFile {
    format: &'static str,
    module: String,
    max_stem: i32,
    max_s: u32,
    resolution_seconds: f64,
    /// CPU seconds (all threads) of the resolutions.
    resolution_cpu_seconds: f64,
    by: Vec<ByClass>,
}

/// The resolutions a product command works with: the module's and the sphere's (the
/// same object when the module is `F_2`).
pub(crate) struct Resolved {
    pub module: Resolution,
    pub sphere: Option<Resolution>,
    pub seconds: f64,
    /// CPU seconds (all threads) of the resolutions.
    pub cpu_seconds: f64,
}

impl Resolved {
    /// The sphere's resolution.
    pub fn sphere(&self) -> &Resolution {
        self.sphere.as_ref().unwrap_or(&self.module)
    }
}

/// Finds and resolves `module` (p = 2, over `A`) and, unless it is `F_2` in degree 0,
/// the sphere over the same range.
pub(crate) fn resolve(module: &str, args: &ExtRangeArgs) -> Result<Resolved, Error> {
    resolve_saved(module, args, None)
}

/// [`resolve`], the module's resolution resumed from and saved to `save_dir` (`(DIR,
/// quiet)`) when given.
fn resolve_saved(
    module: &str,
    args: &ExtRangeArgs,
    save_dir: Option<(&std::path::Path, bool)>,
) -> Result<Resolved, Error> {
    let range = check_range(args.max_stem, args.max_s)?;
    let modules_dir = args.modules_dir.as_deref();
    let top_t = range.max_stem + range.max_s as i32;
    let m = modules::find_module_p2(module, modules_dir, Some(top_t), "products")?;
    check_module_range(m.name(), m.min_degree(), range)?;
    crate::range::check_memory(
        m.name(),
        2,
        m.min_degree(),
        m.profile().is_none(),
        range,
        args.max_memory,
    )?;
    let is_sphere = m.min_degree() == 0 && m.total_dim() == 1;
    // Over a sub-Hopf algebra B (a profile) the products are those of Ext_B(F_2): the
    // module must be F_2 itself, resolved over B (ko, tmf2).
    if m.profile().is_some() && !is_sphere {
        return Err(Error::ProductsModule {
            name: m.name().to_string(),
            why: "over a sub-Hopf algebra, products are built for F_2 only (ko, tmf2)".into(),
        });
    }
    let started = Instant::now();
    let cpu_started = cpu::seconds();
    let module = run(m, range, save_dir)?;
    let sphere = match is_sphere {
        true => None,
        false => Some(run(FiniteModule::sphere(), range, None)?),
    };
    Ok(Resolved {
        module,
        sphere,
        seconds: started.elapsed().as_secs_f64(),
        cpu_seconds: cpu::seconds() - cpu_started,
    })
}

fn run(
    m: FiniteModule,
    range: ResolutionConfig,
    save_dir: Option<(&std::path::Path, bool)>,
) -> Result<Resolution, Error> {
    let name = m.name().to_string();
    // Nassau's signatures need not lie in a sub-Hopf algebra: classical steps there.
    let algorithm = match m.profile() {
        Some(_) => resolution::Algorithm::Classical,
        None => resolution::Algorithm::Nassau,
    };
    let mut res = Resolution::new(m, range).map_err(|source| Error::ModuleRange {
        name: name.clone(),
        source,
    })?;
    if let Some((dir, quiet)) = save_dir {
        crate::save::resume(dir, &mut res, algorithm, false, quiet)?;
    }
    res.resolve_with(algorithm)
        .map_err(|source| Error::Resolve { name, source })?;
    Ok(res)
}

/// The element of `Ext(F_2)` a [`ClassSpec`] names: a monomial in the `h_i` multiplied
/// out by the `h_i` read-off (`resolution::products`), or a basis class.
pub(crate) fn element(sphere: &Resolution, spec: &ClassSpec) -> Result<ExtElement, Error> {
    let lift_error = |source| Error::Lift {
        what: format!("class {spec}"),
        source,
    };
    match spec {
        ClassSpec::Indexed { stem, s, index } => {
            ExtElement::basis(sphere, Bidegree::n_s(*stem, *s), *index).map_err(lift_error)
        }
        ClassSpec::Monomial(factors) => {
            let mut x = ExtElement::basis(sphere, Bidegree::s_t(0, 0), 0).map_err(lift_error)?;
            for &(i, k) in factors {
                for _ in 0..k {
                    let target = x.bidegree.times_h(i);
                    let v = h_multiply(sphere, i, x.bidegree, &x.vector).ok_or_else(|| {
                        lift_error(resolution::chain_map::ChainMapError::OutOfRange {
                            what: format!("the product by h{i}"),
                            at: target,
                        })
                    })?;
                    x = ExtElement {
                        bidegree: target,
                        vector: v,
                    };
                }
            }
            Ok(x)
        }
        ClassSpec::A0(_) => Err(Error::ProductsModule {
            name: sphere.module().name().to_string(),
            why: format!("class {spec}: a0 is a class at odd primes (at p = 2 it is h0)"),
        }),
        ClassSpec::Named { factors, .. } => {
            let table = NameTable::bundled();
            let mut namer = adams::naming::Namer::new(sphere, &table)?;
            namer
                .monomial(factors)
                .map_err(|why| Error::ProductsModule {
                    name: sphere.module().name().to_string(),
                    why: format!("class {spec}: {why}"),
                })
        }
    }
}

/// `adams products`.
pub fn run_command(args: ProductsArgs) -> Result<(), Error> {
    // A --output that cannot be a folder is refused before any work.
    args.output.as_deref().map(make_output).transpose()?;
    if let Some(m) = crate::products_odd::odd_module(&args.module, &args.range)? {
        return crate::products_odd::products(&args, m);
    }
    let save = args.save_dir.as_deref().map(|d| (d, args.quiet));
    let resolved = resolve_saved(&args.module, &args.range, save)?;
    let (res, sphere) = (&resolved.module, resolved.sphere());
    let name = res.module().name().to_string();
    let cache = args
        .save_dir
        .as_ref()
        .map(|d| LiftCache::new(d, res, sphere));
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from("output").join(format!("{name}-products")));
    make_output(&output)?;
    let tgt = LiftTarget::new(sphere);
    let mut by = Vec::new();
    let mut chart = base_chart(res)?;
    // A module's classes are lifted once, deep enough for every --by class.
    let mut lifts = resolved.sphere.as_ref().map(|_| Lifts {
        levels: args.by.iter().map(|b| b.stem_s().1 + 1).max().unwrap_or(1),
        maps: HashMap::new(),
    });
    for spec in &args.by {
        let started = Instant::now();
        let cpu_started = cpu::seconds();
        let x = element(sphere, spec)?;
        note_if_zero(spec, &x, args.quiet);
        let matrices =
            products_by(res, &tgt, &x, lifts.as_mut(), cache.as_ref()).map_err(|source| {
                Error::Lift {
                    what: format!("products by {spec}"),
                    source,
                }
            })?;
        let seconds = started.elapsed().as_secs_f64();
        let cpu_seconds = cpu::seconds() - cpu_started;
        add_to_chart(&mut chart, &spec.to_string(), &matrices);
        if !args.quiet {
            report_class(spec, x.bidegree, &matrices, seconds);
        }
        by.push(ByClass {
            class: spec.to_string(),
            stem: x.bidegree.n(),
            s: x.bidegree.s(),
            element: x.vector.iter_ones().collect(),
            seconds,
            cpu_seconds,
            matrices,
        });
    }
    let file = ProductsFile {
        format: "adams-products",
        module: name,
        max_stem: res.config().max_stem,
        max_s: res.config().max_s,
        resolution_seconds: resolved.seconds,
        resolution_cpu_seconds: resolved.cpu_seconds,
        by,
    };
    let path = output.join("products.json");
    crate::products::write_json(&path, &file)?;
    let all = chart::svg::Options::every_line();
    let (json, svg) = chart_json::write_chart_files_with(&chart, &output, &all)?;
    if !args.quiet {
        eprintln!(
            "resolution {:.2} s; wrote {}, {} and {}",
            resolved.seconds,
            path.display(),
            json.display(),
            svg.display()
        );
    }
    Ok(())
}

/// The line on stderr for the products by one `--by` class `spec` at bidegree `b`.
fn report_class(spec: &ClassSpec, b: Bidegree, matrices: &[Matrix], seconds: f64) {
    let nonzero: usize = matrices
        .iter()
        .map(|m| m.rows.iter().filter(|r| !r.is_empty()).count())
        .sum();
    eprintln!(
        "{spec} at (stem {}, s {}): {nonzero} nonzero products in {} bidegrees ({seconds:.2} s)",
        b.n(),
        b.s(),
        matrices.len()
    );
}

/// The chart the products are drawn on: the classes with their `h0`, `h1`, `h2` products
/// and, for the sphere through stem 60, their names (`crate::chart_names`).
fn base_chart(res: &Resolution) -> Result<Chart, Error> {
    let mut chart = crate::chart_model::two_chart(res, "nassau", res.module().min_degree());
    for c in &mut chart.classes {
        c.more.clear();
    }
    if res.config().max_stem <= crate::chart_names::DEFAULT_MAX_STEM {
        crate::chart_names::add(&mut chart, res, &NameTable::bundled(), false)?;
    }
    Ok(chart)
}

/// Says on stderr (without `--quiet`) that the class `x` to multiply by is 0, so that its
/// all-zero products are not taken for a result about a nonzero class.
fn note_if_zero(spec: &ClassSpec, x: &ExtElement, quiet: bool) {
    if !quiet && fp::Vector::is_zero(&x.vector) {
        let b = x.bidegree;
        eprintln!(
            "note: {spec} is 0 in Ext^(s {}, stem {}) of the sphere: every product by it is 0",
            b.s(),
            b.n()
        );
    }
}

/// Writes `value` as one line of JSON to `path`.
pub(crate) fn write_json(path: &std::path::Path, value: &impl Serialize) -> Result<(), Error> {
    let text = serde_json::to_string(value).map_err(Error::Summary)? + "\n";
    chart::output::write_atomic(path, text.as_bytes()).map_err(|source| Error::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// The matrices of `x · −` on every bidegree of `Ext(M)` whose target is in range.
/// The lifts of the classes `y` of a module's Ext, `levels` deep, each made once and kept
/// for every `--by` class (a second product costs no new lift).
struct Lifts<'a> {
    levels: u32,
    maps: HashMap<(Bidegree, usize), ChainMap<'a>>,
}

impl<'a> Lifts<'a> {
    fn get(
        &mut self,
        res: &'a Resolution,
        tgt: &LiftTarget<'a>,
        y: &ExtElement,
        index: usize,
        cache: Option<&LiftCache>,
    ) -> Result<&ChainMap<'a>, ChainMapError> {
        match self.maps.entry((y.bidegree, index)) {
            Entry::Occupied(e) => Ok(e.into_mut()),
            Entry::Vacant(e) => Ok(e.insert(lift(cache, res, tgt, y, self.levels)?)),
        }
    }
}

fn products_by<'a>(
    res: &'a Resolution,
    tgt: &LiftTarget<'a>,
    x: &ExtElement,
    lifts: Option<&mut Lifts<'a>>,
    cache: Option<&LiftCache>,
) -> Result<Vec<Matrix>, ChainMapError> {
    let config = res.config();
    let (n_x, s_x) = (x.bidegree.n(), x.bidegree.s());
    let mut out = Vec::new();
    // The sphere: one lift of x, read at every y.
    let lift_x: Option<ChainMap<'_>> = match lifts {
        None => Some(lift(cache, res, tgt, x, config.max_s + 1)?),
        Some(_) => None,
    };
    let mut lifts = lifts;
    for e in res.ext() {
        let target = Bidegree::n_s(e.stem() + n_x, e.s() + s_x);
        if target.s() > config.max_s || target.n() > config.max_stem {
            continue;
        }
        let mut rows = Vec::with_capacity(e.dim);
        for index in 0..e.dim {
            let y = ExtElement::basis(res, e.bidegree, index)?;
            let product = match &lift_x {
                Some(map) => multiply(map, &y),
                None => {
                    let lifts = lifts.as_deref_mut().expect("a module's lifts");
                    multiply(lifts.get(res, tgt, &y, index, cache)?, x)
                }
            };
            let Some(p) = product else { break };
            rows.push(p.vector.iter_ones().collect());
        }
        if rows.len() == e.dim {
            out.push(Matrix {
                stem: e.stem(),
                s: e.s(),
                rows,
            });
        }
    }
    Ok(out)
}

/// Puts the products of `matrices` in the chart under `key`; classes whose product is
/// not known get `null`. `h0`, `h1`, `h2` are already there (read off the differentials,
/// the same products: tests/products.rs), under their own keys.
fn add_to_chart(chart: &mut Chart, key: &str, matrices: &[Matrix]) {
    if chart_json::AT_TWO.iter().any(|g| g.key() == key) {
        return;
    }
    let known: std::collections::HashMap<(i32, u32), &Matrix> =
        matrices.iter().map(|m| ((m.stem, m.s), m)).collect();
    for c in &mut chart.classes {
        let product = known
            .get(&(c.stem, c.s))
            .map(|m| Product::from_indices(Some(m.rows[c.index].clone())))
            .unwrap_or(Product::Unknown);
        c.more.insert(key.to_string(), product);
    }
}
