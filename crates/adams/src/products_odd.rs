//! `adams products` and `adams massey` for a module at an odd prime p (its file's `"p"`):
//! products by any class of `Ext_{A_p}(F_p)` and Massey products, from the chain maps of
//! `resolution::chain_map` over F_p.
//!
//! Classes: `(stem,s,index)`, `a0` / `a0^k` (dual to `β`, stem 0, s 1) and monomials in
//! the `h_i` (`h_i` dual to `P^{p^i}`, stem `2p^i(p−1) − 1`, s 1; `h0` at stem `2p − 3`).
//! Values are F_p-combinations of basis classes, printed `c·(stem,s,index)`.
//! `products.json` holds, for each `--by` class `y` and source bidegree, row `k` = the
//! terms `[index, c]` of `y · x_k` (left multiplication: for the sphere `y·x =
//! (−1)^{ss'+tt'} x·y`, graded commutativity, Ravenel, "Complex Cobordism", §A1.2).
//! `chart.json`/`chart.svg`: the `a0`, `h0` chart of `adams resolve` with a key per `--by`
//! class that is one basis class (`(stem,s,index)`) or `a0^k`, `k ≥ 2` (the key says where
//! the product lands; other `--by` classes are in products.json only).

use std::path::PathBuf;
use std::time::Instant;

use chart::chart_json::{self, Chart, Product};
use chart::class_spec::ClassSpec;
use fp::{FqVector, Prime, ValidPrime};
use resolution::chain_map::massey::massey_product;
use resolution::chain_map::yoneda::{lift_class as lift, multiply, ExtElement};
use resolution::chain_map::{ChainMap, ChainMapError, LiftTarget};
use resolution::{Algorithm, Bidegree, ResolutionConfig, RunOptions};
use serde::Serialize;
use steenrod::module::{AnyModule, OddModule};

use crate::cli::{ExtRangeArgs, MasseyArgs, ProductsArgs};

use crate::error::Error;
use crate::products::lift_cache::{self, LiftCache};
use crate::range::{check_module_range, check_range};
use resolution::Resolution;

/// An element of `Ext` over F_p.
type Odd = ExtElement<FqVector<ValidPrime>>;

/// The module `arg` names when it is at an odd prime (`None` at p = 2).
pub(crate) fn odd_module(arg: &str, range: &ExtRangeArgs) -> Result<Option<OddModule>, Error> {
    let r = check_range(range.max_stem, range.max_s)?;
    let top = r.max_stem + r.max_s as i32;
    match crate::modules::find_module(arg, range.modules_dir.as_deref(), Some(top))? {
        AnyModule::Odd(m) => Ok(Some(m)),
        AnyModule::Two(_) => Ok(None),
    }
}

/// The module's resolution and the sphere's (`None` when the module is F_p itself).
struct Resolved {
    module: Resolution<OddModule>,
    sphere: Option<Resolution<OddModule>>,
}

impl Resolved {
    fn sphere(&self) -> &Resolution<OddModule> {
        self.sphere.as_ref().unwrap_or(&self.module)
    }
}

fn resolve(m: OddModule, range: &ExtRangeArgs) -> Result<Resolved, Error> {
    resolve_saved(m, range, None)
}

/// [`resolve`], the module's resolution resumed from and saved to `save_dir` (`(DIR,
/// quiet)`) when given (as `adams resolve --save-dir` at odd p: `crate::save::resume_odd`).
fn resolve_saved(
    m: OddModule,
    range: &ExtRangeArgs,
    save_dir: Option<(&std::path::Path, bool)>,
) -> Result<Resolved, Error> {
    let r = check_range(range.max_stem, range.max_s)?;
    check_module_range(m.name(), m.min_degree(), r)?;
    crate::range::check_memory(
        m.name(),
        m.prime().value(),
        m.min_degree(),
        m.profile().is_none(),
        r,
        range.max_memory,
    )?;
    let dims: usize = (m.min_degree()..=r.max_stem + r.max_s as i32)
        .map(|t| m.dim(t))
        .sum();
    let is_sphere = m.min_degree() == 0 && dims == 1;
    if m.profile().is_some() && !is_sphere {
        return Err(Error::ProductsModule {
            name: m.name().to_string(),
            why: "over a sub-Hopf algebra, products are built for F_p only".into(),
        });
    }
    let p = m.prime();
    let module = run(m, r, save_dir)?;
    let sphere = match is_sphere {
        true => None,
        false => Some(run(OddModule::sphere(p), r, None)?),
    };
    Ok(Resolved { module, sphere })
}

fn run(
    m: OddModule,
    range: ResolutionConfig,
    save_dir: Option<(&std::path::Path, bool)>,
) -> Result<Resolution<OddModule>, Error> {
    let name = m.name().to_string();
    let mut res = Resolution::<OddModule>::new(m, range).map_err(|source| Error::ModuleRange {
        name: name.clone(),
        source,
    })?;
    if let Some((dir, quiet)) = save_dir {
        crate::save::resume_odd(dir, &mut res, quiet)?;
    }
    res.run(RunOptions {
        algorithm: Algorithm::Classical,
        ..RunOptions::default()
    })
    .map_err(|source| Error::Resolve { name, source })?;
    Ok(res)
}

fn lift_error(what: String) -> impl Fn(ChainMapError) -> Error {
    move |source| Error::Lift {
        what: what.clone(),
        source,
    }
}

/// The single basis class at `(s = 1, t)` (`a0`: t = 1; `h_i`: t = 2(p−1)p^i).
fn generator(sphere: &Resolution<OddModule>, t: i32, spec: &ClassSpec) -> Result<Odd, Error> {
    ExtElement::basis(sphere, Bidegree::s_t(1, t), 0).map_err(lift_error(format!("class {spec}")))
}

/// The element of `Ext_{A_p}(F_p)` a class spec names (a monomial multiplied out by lifts).
fn element(sphere: &Resolution<OddModule>, spec: &ClassSpec) -> Result<Odd, Error> {
    let err = lift_error(format!("class {spec}"));
    let p = sphere.prime().value() as i32;
    let factors: Vec<(i32, u32)> = match spec {
        ClassSpec::Indexed { stem, s, index } => {
            return ExtElement::basis(sphere, Bidegree::n_s(*stem, *s), *index).map_err(err)
        }
        ClassSpec::A0(k) => vec![(1, *k)],
        ClassSpec::Monomial(fs) => fs
            .iter()
            .map(|&(i, k)| ((2 * (p - 1)).saturating_mul(p.saturating_pow(i)), k))
            .collect(),
        ClassSpec::Named { .. } => {
            return Err(Error::ProductsModule {
                name: sphere.module().name().to_string(),
                why: format!(
                    "class {spec}: the table of names is of p = 2 classes; at p = {p} write a0, h<i> or (stem,s,index)"
                ),
            })
        }
    };
    let tgt = LiftTarget::new(sphere);
    let mut x = ExtElement::basis(sphere, Bidegree::s_t(0, 0), 0).map_err(&err)?;
    for (t, k) in factors {
        for _ in 0..k {
            let f = generator(sphere, t, spec)?;
            let x_map = lift(sphere, &tgt, &x, 2).map_err(&err)?;
            x = multiply(&x_map, &f).ok_or_else(|| {
                err(ChainMapError::OutOfRange {
                    what: format!("the factors of {spec}"),
                    at: Bidegree::s_t(x.bidegree.s() + 1, x.bidegree.t() + t),
                })
            })?;
        }
    }
    Ok(x)
}

/// `c1·(stem,s,i1) + …`, `0` when zero.
fn write_sum(b: Bidegree, v: &FqVector<ValidPrime>) -> String {
    let terms: Vec<String> = v
        .iter_nonzero()
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

/// `adams massey` at an odd prime.
pub(crate) fn massey(args: &MasseyArgs, m: OddModule) -> Result<(), Error> {
    let started = Instant::now();
    let resolved = resolve(m, &args.range)?;
    let (res, sphere) = (&resolved.module, resolved.sphere());
    let what = format!("<{}, {}, {}>", args.a, args.b, args.c);
    if args.c.trim() == "-" {
        if resolved.sphere.is_some() {
            return Err(Error::ProductsModule {
                name: res.module().name().to_string(),
                why: "the form <A, B, -> is computed over the sphere (S_p) only".into(),
            });
        }
        let resolve_s = started.elapsed().as_secs_f64();
        let (a, b) = (element(sphere, &args.a)?, element(sphere, &args.b)?);
        return crate::massey::range_form(args, sphere, (&a, &b), resolve_s);
    }
    let spec = crate::massey::third_class(&args.c, res.module().name())?;
    let a = element(sphere, &args.a)?;
    let b = element(sphere, &args.b)?;
    let c = match (&spec, resolved.sphere.is_some()) {
        (_, false) => element(sphere, &spec)?,
        (ClassSpec::Indexed { stem, s, index }, true) => {
            ExtElement::basis(res, Bidegree::n_s(*stem, *s), *index)
                .map_err(lift_error(what.clone()))?
        }
        _ => {
            return Err(Error::ProductsModule {
                name: res.module().name().to_string(),
                why: "C names a class of the module's Ext: write it (stem,s,index)".into(),
            })
        }
    };
    let tgt = LiftTarget::new(sphere);
    let mp = massey_product(res, &tgt, &a, &b, &c).map_err(lift_error(what.clone()))?;
    let at = mp.value.bidegree;
    let basis: Vec<String> = (0..mp.indeterminacy.dim())
        .map(|k| write_sum(at, mp.indeterminacy.row(k)))
        .collect();
    let ind = match basis.is_empty() {
        true => "0".to_string(),
        false => format!("spanned by {}", basis.join(", ")),
    };
    println!(
        "{what} = {} at (stem {}, s {}); indeterminacy {ind} (p = {}; sign: a∘H with dH + Hd = B∘C)",
        write_sum(at, &mp.value.vector),
        at.n(),
        at.s(),
        sphere.prime().value()
    );
    Ok(())
}

#[derive(Serialize)]
struct Matrix {
    stem: i32,
    s: u32,
    /// Row `k`: the terms `[index, c]` of `y · x_k`.
    rows: Vec<Vec<(usize, u32)>>,
}

#[derive(Serialize)]
struct ByClass {
    class: String,
    stem: i32,
    s: u32,
    /// Its coordinates `[index, c]`.
    element: Vec<(usize, u32)>,
    seconds: f64,
    matrices: Vec<Matrix>,
}

#[derive(Serialize)]
struct ProductsFile {
    format: &'static str,
    module: String,
    p: u32,
    max_stem: i32,
    max_s: u32,
    by: Vec<ByClass>,
}

/// `adams products` at an odd prime: `products.json` and a line per class on stderr.
pub(crate) fn products(args: &ProductsArgs, m: OddModule) -> Result<(), Error> {
    let save = args.save_dir.as_deref().map(|d| (d, args.quiet));
    let resolved = resolve_saved(m, &args.range, save)?;
    let (res, sphere) = (&resolved.module, resolved.sphere());
    let name = res.module().name().to_string();
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from("output").join(format!("{name}-products")));
    crate::resolve::make_output(&output)?;
    let tgt = LiftTarget::new(sphere);
    let cache = args
        .save_dir
        .as_ref()
        .map(|d| LiftCache::new(d, res, sphere));
    let mut by = Vec::new();
    for spec in &args.by {
        by.push(products_by(
            &resolved,
            &tgt,
            cache.as_ref(),
            spec,
            args.quiet,
        )?);
    }
    let mut chart = crate::chart_model::odd_chart(res, "classical", res.module().min_degree());
    for (spec, b) in args.by.iter().zip(&by) {
        add_to_chart(&mut chart, spec, b);
    }
    let (json, svg) = chart_json::write_chart_files(&chart, &output)?;
    let file = ProductsFile {
        format: "adams-products-odd-1",
        module: name,
        p: sphere.prime().value(),
        max_stem: res.config().max_stem,
        max_s: res.config().max_s,
        by,
    };
    let path = output.join("products.json");
    crate::products::write_json(&path, &file)?;
    if !args.quiet {
        eprintln!(
            "wrote {}, {} and {}",
            path.display(),
            json.display(),
            svg.display()
        );
    }
    Ok(())
}

/// The products by one `--by` class `spec` on every class of the resolved range (for the
/// sphere one lift of the class, `y·x = ±x∘Y`; else one lift per class `x` of the module).
fn products_by(
    resolved: &Resolved,
    tgt: &LiftTarget<'_, OddModule>,
    cache: Option<&LiftCache>,
    spec: &ClassSpec,
    quiet: bool,
) -> Result<ByClass, Error> {
    let (res, sphere) = (&resolved.module, resolved.sphere());
    let started = Instant::now();
    let y = element(sphere, spec)?;
    let err = lift_error(format!("the products by {spec}"));
    let mut matrices = Vec::new();
    // For the sphere: one lift of y, y·x = ±x∘Y. Else: one lift per class x of M.
    let y_map = match resolved.sphere {
        None => {
            Some(lift_cache::lift(cache, sphere, tgt, &y, res.config().max_s + 1).map_err(&err)?)
        }
        Some(_) => None,
    };
    for e in res.ext() {
        let mut rows = Vec::new();
        for index in 0..e.dim {
            let x = ExtElement::basis(res, e.bidegree, index).map_err(&err)?;
            let product = match &y_map {
                Some(y_map) => multiply(y_map, &x).map(|mut v| {
                    let (a, b) = (x.bidegree, y.bidegree);
                    if ((a.s() * b.s()) as i32 + a.t() * b.t()) % 2 != 0 {
                        v.vector.scale(sphere.prime().value() - 1);
                    }
                    v
                }),
                None => {
                    let x_map: ChainMap<'_, OddModule> =
                        lift_cache::lift(cache, res, tgt, &x, y.bidegree.s() + 1).map_err(&err)?;
                    multiply(&x_map, &y)
                }
            };
            let Some(product) = product else { break };
            rows.push(product.vector.iter_nonzero().collect());
        }
        if rows.len() == e.dim {
            matrices.push(Matrix {
                stem: e.stem(),
                s: e.s(),
                rows,
            });
        }
    }
    let nonzero = matrices
        .iter()
        .map(|m| m.rows.iter().filter(|r| !r.is_empty()).count())
        .sum::<usize>();
    let seconds = started.elapsed().as_secs_f64();
    if !quiet {
        eprintln!(
            "{spec} = {} : {} bidegrees, {nonzero} nonzero products ({seconds:.2} s)",
            write_sum(y.bidegree, &y.vector),
            matrices.len()
        );
    }
    Ok(ByClass {
        class: spec.to_string(),
        stem: y.bidegree.n(),
        s: y.bidegree.s(),
        element: y.vector.iter_nonzero().collect(),
        seconds,
        matrices,
    })
}

/// Puts the products by one `--by` class in the chart, keyed so that the key says where
/// they land: `(stem,s,index)` for one basis class, `a0^k` for `k ≥ 2` (`a0`, `h0` are
/// there already, read off the differentials: the same products, tests/odd_products.rs).
fn add_to_chart(chart: &mut Chart, spec: &ClassSpec, b: &ByClass) {
    let key = match (spec, b.element.as_slice()) {
        (ClassSpec::A0(k), _) if *k >= 2 => spec.to_string(),
        (ClassSpec::A0(_), _) => return,
        (_, [(index, 1)]) if (b.stem, b.s) != (0, 1) => format!("({},{},{index})", b.stem, b.s),
        _ => return,
    };
    if chart.classes.iter().any(|c| c.more.contains_key(&key)) || key == "(0,1,0)" {
        return;
    }
    let p = chart.prime as i32;
    if (b.stem, b.s) == (2 * p - 3, 1) {
        return; // h0, drawn already.
    }
    let known: std::collections::HashMap<(i32, u32), &Matrix> =
        b.matrices.iter().map(|m| ((m.stem, m.s), m)).collect();
    for c in &mut chart.classes {
        let product = known
            .get(&(c.stem, c.s))
            .map(|m| Product::from_pairs(Some(m.rows[c.index].clone())))
            .unwrap_or(Product::Unknown);
        c.more.insert(key.clone(), product);
    }
}
