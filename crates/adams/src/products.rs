//! `adams products MODULE --by CLASS …`: multiplication by classes of `Ext(F_p)` on the
//! whole resolved range of `Ext(M)`, at every prime, from chain maps
//! (`resolution::chain_map`); writes `products.json` (the matrices), `chart.json` and
//! `chart.svg` (the products drawn).
//!
//! Design: for the sphere one lift of the class `x` (a self-map of the sphere's
//! resolution) gives `x·y` for every `y` at once; for another module `M`, each basis class
//! `y` of `Ext(M)` is lifted into the sphere's resolution, `s(x) + 1` levels deep, and read
//! at `x` (one lift per `y` then gives the products by every `--by` class). With
//! `--save-dir` each lift is kept there ([`lift_cache`]). What differs between p = 2 and
//! odd p (the algorithm, the chart) is [`prime::ProductModule`].

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use chart::chart_json::{self, Chart, Product};
use chart::class_spec::ClassSpec;
use fp::{Prime, Vector};
use resolution::chain_map::yoneda::{multiply, ExtElement, ExtOf};
use resolution::chain_map::{ChainMap, ChainMapError, LiftTarget};
use resolution::products::{multiply_by, target, Primitive};
use resolution::{Bidegree, Resolution};
use serde::Serialize;
use steenrod::module::{AnyModule, FiniteModule, OddModule};
use steenrod::Module;

use crate::cli::{ExtRangeArgs, ProductsArgs};
use crate::error::Error;
use crate::range::{check_module_range, check_range};
use crate::resolve::make_output;

mod cpu;
pub(crate) mod lift_cache;
pub(crate) mod prime;

use lift_cache::{lift, LiftCache};
pub(crate) use prime::ProductModule;

/// A vector of `Ext` as `products.json` and `massey.json` write it: at p = 2 the list of
/// the indices of the basis classes whose sum it is, at odd p the list of its nonzero
/// terms `[index, c]` (`c` in `1..p`); `[]` is zero.
#[derive(Serialize)]
#[serde(untagged)]
pub(crate) enum Terms {
    /// p = 2.
    Indices(Vec<usize>),
    /// Odd p.
    Scaled(Vec<(usize, u32)>),
}

impl Terms {
    /// The terms of `v` over F_p.
    pub(crate) fn of<V: Vector>(p: u32, v: &V) -> Terms {
        match p {
            2 => Terms::Indices(v.nonzero_entries().map(|(k, _)| k).collect()),
            _ => Terms::Scaled(v.nonzero_entries().collect()),
        }
    }

    /// Whether the vector is zero.
    pub(crate) fn is_zero(&self) -> bool {
        match self {
            Terms::Indices(v) => v.is_empty(),
            Terms::Scaled(v) => v.is_empty(),
        }
    }

    /// The terms `(index, c)`.
    fn pairs(&self) -> Vec<(usize, u32)> {
        match self {
            Terms::Indices(v) => v.iter().map(|&k| (k, 1)).collect(),
            Terms::Scaled(v) => v.clone(),
        }
    }
}

/// The products of one `--by` class, by source bidegree.
#[derive(Serialize)]
struct ByClass {
    class: String,
    stem: i32,
    s: u32,
    /// Its coordinates ([`Terms`]).
    element: Terms,
    seconds: f64,
    /// CPU seconds (all threads) of the same work.
    cpu_seconds: f64,
    matrices: Vec<Matrix>,
}

/// `x · −` from `Ext` at `(stem, s)` to `(stem + n_x, s + s_x)`: row `k` is `x` times the
/// `k`-th class at `(stem, s)` ([`Terms`]).
#[derive(Serialize)]
struct Matrix {
    stem: i32,
    s: u32,
    rows: Vec<Terms>,
}

/// `products.json`, one line of JSON, the schema `adams-products` at every prime
/// (docs/guide/06-products-and-massey.md): `format`, `module`, `p` (odd p only),
/// `max_stem`, `max_s`, the resolutions' wall and CPU seconds, and per `--by` class
/// ([`ByClass`]) its bidegree, its coordinates, its wall and CPU seconds and its matrices
/// ([`Matrix`]); every vector as [`Terms`] (indices at p = 2, `[index, c]` at odd p).
#[derive(Serialize)]
struct ProductsFile {
    format: &'static str,
    module: String,
    /// The prime, written at odd p only (absent: 2).
    #[serde(skip_serializing_if = "is_two")]
    p: u32,
    max_stem: i32,
    max_s: u32,
    resolution_seconds: f64,
    /// CPU seconds (all threads) of the resolutions.
    resolution_cpu_seconds: f64,
    by: Vec<ByClass>,
}

fn is_two(p: &u32) -> bool {
    *p == 2
}

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
    let mut res =
        Resolution::new(m, range).map_err(|source| Error::ModuleRange { name, source })?;
    M::resolve_range(&mut res, save_dir)?;
    Ok(res)
}

/// The element of `Ext(F_p)` a [`ClassSpec`] names: a monomial in `a_0` and the `h_i`
/// multiplied out by their read-off from the differentials (`resolution::products`), a
/// basis class, or a monomial in the table's names (p = 2).
pub(crate) fn element<M: ProductModule>(
    sphere: &Resolution<M>,
    spec: &ClassSpec,
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
        ClassSpec::Named { factors, .. } => return M::named(sphere, spec, factors),
        ClassSpec::A0(_) if p == 2 => {
            return Err(Error::ProductsModule {
                name: sphere.module().name().to_string(),
                why: format!("class {spec}: a0 is a class at odd primes (at p = 2 it is h0)"),
            })
        }
        ClassSpec::A0(k) => vec![(Primitive::A0, *k)],
        ClassSpec::Monomial(hs) => hs.iter().map(|&(i, k)| (Primitive::H(i), k)).collect(),
    };
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

/// `adams products`.
pub fn run_command(args: ProductsArgs) -> Result<(), Error> {
    // A --output that cannot be a folder is refused before any work.
    args.output.as_deref().map(make_output).transpose()?;
    match find(&args.module, &args.range)? {
        AnyModule::Two(m) => products::<FiniteModule>(&args, m),
        AnyModule::Odd(m) => products::<OddModule>(&args, m),
    }
}

/// `adams products` over the module `m`.
fn products<M: ProductModule>(args: &ProductsArgs, m: M) -> Result<(), Error> {
    let save = args.save_dir.as_deref().map(|d| (d, args.quiet));
    let resolved = resolve(m, &args.range, save)?;
    let (res, sphere) = (&resolved.module, resolved.sphere());
    let name = res.module().name().to_string();
    let p = res.prime().value();
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
    let mut chart = M::base_chart(res)?;
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
        let b = ByClass {
            class: spec.to_string(),
            stem: x.bidegree.n(),
            s: x.bidegree.s(),
            element: Terms::of(p, &x.vector),
            seconds: started.elapsed().as_secs_f64(),
            cpu_seconds: cpu::seconds() - cpu_started,
            matrices,
        };
        add_to_chart::<M>(&mut chart, spec, &b);
        if !args.quiet {
            report_class(p, spec, &x, &b);
        }
        by.push(b);
    }
    let file = ProductsFile {
        format: "adams-products",
        module: name,
        p,
        max_stem: res.config().max_stem,
        max_s: res.config().max_s,
        resolution_seconds: resolved.seconds,
        resolution_cpu_seconds: resolved.cpu_seconds,
        by,
    };
    write_files::<M>(args, &output, &file, &chart)
}

/// Writes `products.json`, `chart.json` and `chart.svg` into `output`, and says so on
/// stderr (without `--quiet`).
fn write_files<M: ProductModule>(
    args: &ProductsArgs,
    output: &Path,
    file: &ProductsFile,
    chart: &Chart,
) -> Result<(), Error> {
    let path = output.join("products.json");
    write_json(&path, file)?;
    let options = match M::EVERY_LINE {
        true => chart::svg::Options::every_line(),
        false => chart::svg::Options::default(),
    };
    let (json, svg) = chart_json::write_chart_files_with(chart, output, &options)?;
    if !args.quiet {
        // At odd p the resolution's time is in products.json only.
        let resolution = match file.p {
            2 => format!("resolution {:.2} s; ", file.resolution_seconds),
            _ => String::new(),
        };
        eprintln!(
            "{resolution}wrote {}, {} and {}",
            path.display(),
            json.display(),
            svg.display()
        );
    }
    Ok(())
}

/// The line on stderr for the products by one `--by` class `spec`, the element `x`: at
/// p = 2 its bidegree, at odd p its value (an F_p-combination, [`write_sum`]).
fn report_class<V: Vector>(p: u32, spec: &ClassSpec, x: &ExtElement<V>, b: &ByClass) {
    let nonzero: usize = b
        .matrices
        .iter()
        .map(|m| m.rows.iter().filter(|r| !r.is_zero()).count())
        .sum();
    let (n, seconds) = (b.matrices.len(), b.seconds);
    match p {
        2 => eprintln!(
            "{spec} at (stem {}, s {}): {nonzero} nonzero products in {n} bidegrees ({seconds:.2} s)",
            x.bidegree.n(),
            x.bidegree.s(),
        ),
        _ => eprintln!(
            "{spec} = {} : {n} bidegrees, {nonzero} nonzero products ({seconds:.2} s)",
            write_sum(x),
        ),
    }
}

/// `c1·(stem,s,i1) + …` (the coefficient left out when 1, so always at p = 2), `0` when
/// zero.
pub(crate) fn write_sum<V: Vector>(x: &ExtElement<V>) -> String {
    let b = x.bidegree;
    let terms: Vec<String> = x
        .vector
        .nonzero_entries()
        .map(|(k, c)| match c {
            1 => format!("({},{},{k})", b.n(), b.s()),
            _ => format!("{c}·({},{},{k})", b.n(), b.s()),
        })
        .collect();
    match terms.is_empty() {
        true => "0".into(),
        false => terms.join(" + "),
    }
}

/// Says on stderr (without `--quiet`) that the class `x` to multiply by is 0, so that its
/// all-zero products are not taken for a result about a nonzero class.
fn note_if_zero<V: Vector>(spec: &ClassSpec, x: &ExtElement<V>, quiet: bool) {
    if !quiet && x.vector.is_zero() {
        let b = x.bidegree;
        eprintln!(
            "note: {spec} is 0 in Ext^(s {}, stem {}) of the sphere: every product by it is 0",
            b.s(),
            b.n()
        );
    }
}

/// Writes `value` as one line of JSON to `path`.
pub(crate) fn write_json(path: &Path, value: &impl Serialize) -> Result<(), Error> {
    let text = serde_json::to_string(value).map_err(Error::Summary)? + "\n";
    chart::output::write_atomic(path, text.as_bytes()).map_err(|source| Error::Write {
        path: path.to_path_buf(),
        source,
    })
}

/// The lifts of the classes `y` of a module's Ext, `levels` deep, each made once and kept
/// for every `--by` class (a second product costs no new lift).
struct Lifts<'a, M: ProductModule> {
    levels: u32,
    maps: HashMap<(Bidegree, usize), ChainMap<'a, M>>,
}

impl<'a, M: ProductModule> Lifts<'a, M> {
    fn get(
        &mut self,
        res: &'a Resolution<M>,
        tgt: &LiftTarget<'a, M>,
        y: &ExtOf<M>,
        index: usize,
        cache: Option<&LiftCache>,
    ) -> Result<&ChainMap<'a, M>, ChainMapError> {
        match self.maps.entry((y.bidegree, index)) {
            Entry::Occupied(e) => Ok(e.into_mut()),
            Entry::Vacant(e) => Ok(e.insert(lift(cache, res, tgt, y, self.levels)?)),
        }
    }
}

/// The matrices of `x · −` on every bidegree of `Ext(M)` whose target is in range: over
/// the sphere from one lift of `x` ([`graded_sign`]), over another module the lift of each
/// class `y` (`lifts`, made once) read at `x`.
fn products_by<'a, M: ProductModule>(
    res: &'a Resolution<M>,
    tgt: &LiftTarget<'a, M>,
    x: &ExtOf<M>,
    mut lifts: Option<&mut Lifts<'a, M>>,
    cache: Option<&LiftCache>,
) -> Result<Vec<Matrix>, ChainMapError> {
    let config = res.config();
    let p = res.prime().value();
    let (n_x, s_x) = (x.bidegree.n(), x.bidegree.s());
    let lift_x: Option<ChainMap<'_, M>> = match lifts {
        None => Some(lift(cache, res, tgt, x, config.max_s + 1)?),
        Some(_) => None,
    };
    let mut out = Vec::new();
    for e in res.ext() {
        let target = Bidegree::n_s(e.stem() + n_x, e.s() + s_x);
        if target.s() > config.max_s || target.n() > config.max_stem {
            continue;
        }
        let mut rows = Vec::with_capacity(e.dim);
        for index in 0..e.dim {
            let y = ExtElement::basis(res, e.bidegree, index)?;
            let product = match (&lift_x, lifts.as_deref_mut()) {
                (Some(map), _) => multiply(map, &y).map(|v| graded_sign(p, &y, x, v)),
                (None, Some(lifts)) => multiply(lifts.get(res, tgt, &y, index, cache)?, x),
                // lift_x is None exactly when lifts is Some (above).
                (None, None) => None,
            };
            let Some(product) = product else { break };
            rows.push(Terms::of(p, &product.vector));
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

/// `x·y` from `v`, the composite of the lift of `x` with `y` (which is `y·x`): `v` times
/// `(−1)^{ss'+tt'}` (graded commutativity, Ravenel, "Complex Cobordism", 2nd ed., §A1.2),
/// `v` itself at p = 2.
fn graded_sign<V: Vector>(
    p: u32,
    y: &ExtElement<V>,
    x: &ExtElement<V>,
    v: ExtElement<V>,
) -> ExtElement<V> {
    let (a, b) = (y.bidegree, x.bidegree);
    if p == 2 || ((a.s() * b.s()) as i32 + a.t() * b.t()) % 2 == 0 {
        return v;
    }
    let mut negated = v.vector.clone();
    negated.clear();
    negated.subtract(&v.vector);
    ExtElement {
        bidegree: v.bidegree,
        vector: negated,
    }
}

/// Puts the products by one `--by` class in the chart under its key
/// ([`ProductModule::chart_key`]); classes whose product is not known get `null`.
fn add_to_chart<M: ProductModule>(chart: &mut Chart, spec: &ClassSpec, b: &ByClass) {
    let Some(key) = M::chart_key(chart, spec, (b.stem, b.s), &b.element.pairs()) else {
        return;
    };
    let known: HashMap<(i32, u32), &Matrix> =
        b.matrices.iter().map(|m| ((m.stem, m.s), m)).collect();
    for c in &mut chart.classes {
        let product = known
            .get(&(c.stem, c.s))
            .map(|m| match &m.rows[c.index] {
                Terms::Indices(v) => Product::from_indices(Some(v.clone())),
                Terms::Scaled(v) => Product::from_pairs(Some(v.clone())),
            })
            .unwrap_or(Product::Unknown);
        c.more.insert(key.clone(), product);
    }
}
