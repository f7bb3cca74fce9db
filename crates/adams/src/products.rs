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
//! odd p (the algorithm, the chart) is [`crate::prime::PrimeModule`].

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use adams::classes::product_by;
use chart::chart_json::{self, Chart, Product};
use chart::class_spec::ClassSpec;
use fp::{Prime, Vector};
use resolution::chain_map::yoneda::{multiply, ExtElement, ExtOf};
use resolution::chain_map::{ChainMap, ChainMapError, LiftTarget};
use resolution::{Bidegree, Resolution};
use steenrod::module::{AnyModule, FiniteModule};
use steenrod::MilnorAlgebra;

use crate::cli::ProductsArgs;
use crate::error::Error;
use crate::prime::{PrimeAlgebra, PrimeModule};
use crate::resolve::make_output;

mod cpu;
mod json;
pub(crate) mod lift_cache;
mod resolved;

use fp::ValidPrime;
pub(crate) use json::{write_json, Terms};
use json::{ByClass, Matrix, ProductsFile};
use lift_cache::{lift, LiftCache};
pub(crate) use resolved::{element, find, resolve};

/// `adams products`.
pub fn run_command(args: ProductsArgs) -> Result<(), Error> {
    // A --output that cannot be a folder is refused before any work.
    args.output.as_deref().map(make_output).transpose()?;
    match find(&args.module, &args.range)? {
        AnyModule::Two(m) => products::<FiniteModule>(&args, m),
        AnyModule::Odd(m) => products::<FiniteModule<MilnorAlgebra<ValidPrime>>>(&args, m),
    }
}

/// `adams products` over the module `m`.
fn products<M: PrimeModule>(args: &ProductsArgs, m: M) -> Result<(), Error> {
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
        let x = element(sphere, spec, args.quiet)?;
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
fn write_files<M: PrimeModule>(
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

/// The lifts of the classes `y` of a module's Ext, `levels` deep, each made once and kept
/// for every `--by` class (a second product costs no new lift).
struct Lifts<'a, M: PrimeModule> {
    levels: u32,
    maps: HashMap<(Bidegree, usize), ChainMap<'a, M>>,
}

impl<'a, M: PrimeModule> Lifts<'a, M> {
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
/// the sphere from one lift of `x` (`adams::classes::product_by`), over another module the lift of each
/// class `y` (`lifts`, made once) read at `x`.
fn products_by<'a, M: PrimeModule>(
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
                (Some(map), _) => product_by(p, map, x, &y),
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

/// Puts the products by one `--by` class in the chart under its key
/// ([`crate::prime::PrimeAlgebra::chart_key`]); classes whose product is not known get `null`.
fn add_to_chart<M: PrimeModule>(chart: &mut Chart, spec: &ClassSpec, b: &ByClass) {
    let at = (b.stem, b.s);
    let Some(key) = M::StepAlgebra::chart_key(chart, spec, at, &b.element.pairs()) else {
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
