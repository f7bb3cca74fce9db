//! The Ext algebra of a resolution of the sphere `F_p` from Python: classes by their names,
//! products, Massey products with their indeterminacy, and the Adams `d2` and `E3` page.
//! Every computation is the command line's: the classes and products `adams::classes`
//! (`adams products`, `adams massey`), the Massey products
//! `resolution::chain_map::massey::massey_product`, `d2` the secondary lift
//! `resolution::secondary` read by `adams::d2_table` (`adams d2`).
//!
//! An element crosses to Python as `(stem, s, coordinates)`: its coordinates in the basis
//! of `Ext^{s, stem+s}` (the generators of the resolution, `(stem, s, index)`), over F_p.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::OnceLock;

use adams::classes::{element, product_by, ClassError, ClassModule};
use chart::class_spec::ClassSpec;
use fp::{Field, Prime, SubspaceOf, Vector};
use pyo3::prelude::*;
use resolution::chain_map::massey::massey_product;
use resolution::chain_map::yoneda::{lift_class, multiply, ExtElement, ExtOf};
use resolution::chain_map::{ChainMapError, LiftTarget};
use resolution::secondary::{
    check_identities, e3_dimensions, e3_range, on_threads, SecondaryError, SecondaryLift,
};
use resolution::{Algorithm, Bidegree, Resolution, ResolutionConfig, Resolvable, RunOptions};
use steenrod::module::FiniteModule;
use steenrod::MilnorAlgebra;

use crate::{panicked, AnyResolution, BadInput, CheckFailed, ComputeError, RawResolution};
use fp::ValidPrime;

/// An element as Python sees it: `(stem, s, coordinates)`.
type Raw = (i32, u32, Vec<u32>);

/// A class as `adams/__init__.py` passes it: a class spec (`"h1^2"`, `"c0"`, `"a0"`,
/// `"(8,3,0)"`: `chart::class_spec`) or an element `(stem, s, coordinates)`.
#[derive(FromPyObject)]
pub(crate) enum ClassArg {
    Spec(String),
    Element(i32, u32, Vec<u32>),
}

impl std::fmt::Display for ClassArg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClassArg::Spec(text) => f.write_str(text.trim()),
            ClassArg::Element(n, s, v) => write!(f, "({n},{s}){v:?}"),
        }
    }
}

/// A class error with the command line's message, typed as its exit status is: a lift
/// that failed (`NotInImage`, exit 3) is a `ComputeError`, anything else bad input.
fn class_error(e: ClassError) -> PyErr {
    match &e {
        ClassError::Lift {
            source: ChainMapError::NotInImage { .. },
            ..
        } => ComputeError::new_err(e.to_string()),
        _ => BadInput::new_err(e.to_string()),
    }
}

/// Runs `f` with the GIL released; a panic comes back as a `ComputeError`.
pub(crate) fn released<T: Send>(
    py: Python<'_>,
    f: impl FnOnce() -> PyResult<T> + Send,
) -> PyResult<T> {
    py.allow_threads(|| catch_unwind(AssertUnwindSafe(f)))
        .unwrap_or_else(|payload| Err(panicked(payload.as_ref())))
}

/// Whether `res` resolves `F_p` in degree 0 (whose Ext is the algebra the class names
/// and the products of `Ext(F_p)` live in).
fn is_sphere<M: ClassModule>(res: &Resolution<M>) -> bool {
    let m = res.module();
    let cells: usize = (m.min_degree()..=m.max_degree()).map(|t| m.dim(t)).sum();
    m.min_degree() == 0 && cells == 1
}

/// Refuses a resolution of anything but `F_p` in degree 0 for `what`.
fn sphere_only<M: ClassModule>(res: &Resolution<M>, what: &str) -> PyResult<()> {
    match is_sphere(res) {
        true => Ok(()),
        false => Err(BadInput::new_err(format!(
            "module {}: {what} is a class of the sphere's Ext (F_p in degree 0); over a module give a basis class (stem, s, index) or an Element",
            res.module().name()
        ))),
    }
}

/// The element `arg` names in `Ext(F_p)`.
fn element_of<M: ClassModule>(res: &Resolution<M>, arg: &ClassArg) -> PyResult<ExtOf<M>> {
    match arg {
        ClassArg::Spec(text) => {
            let spec: ClassSpec = text
                .parse()
                .map_err(|why: String| BadInput::new_err(format!("class {arg}: {why}")))?;
            element(res, &spec).map_err(class_error)
        }
        ClassArg::Element(n, s, coordinates) => {
            let b = Bidegree::n_s(*n, *s);
            let config = res.config();
            let dim = match *n <= config.max_stem && *s <= config.max_s {
                true => res.number_of_gens(b),
                false => {
                    return Err(BadInput::new_err(format!(
                        "class {arg}: (stem {n}, s {s}) is outside the resolved range (stem <= {}, s <= {})",
                        config.max_stem, config.max_s
                    )))
                }
            };
            if coordinates.len() != dim {
                return Err(BadInput::new_err(format!(
                    "class {arg}: {} coordinates given, Ext at (stem {n}, s {s}) has dimension {dim}",
                    coordinates.len()
                )));
            }
            let p = res.prime().value();
            let mut vector = res.prime().zero_vector(dim);
            for (k, &c) in coordinates.iter().enumerate() {
                if c % p != 0 {
                    vector.add_basis_element(k, c % p);
                }
            }
            Ok(ExtElement {
                bidegree: b,
                vector,
            })
        }
    }
}

/// `(stem, s, coordinates)` of `x`.
fn raw<M: ClassModule>(x: &ExtOf<M>) -> Raw {
    let coordinates = (0..x.vector.len()).map(|k| x.vector.entry(k)).collect();
    (x.bidegree.n(), x.bidegree.s(), coordinates)
}

fn class_in<M: ClassModule>(res: &Resolution<M>, arg: &ClassArg) -> PyResult<Raw> {
    sphere_only(res, "a class by name")?;
    Ok(raw::<M>(&element_of(res, arg)?))
}

/// `by · x`. Over the sphere: the lift of `by` (`s(x) + 1` levels) composed with `x`,
/// signed (`adams::classes::product_by`), as `adams products --by BY` gives it. Over
/// another module `M` (over `A`): `x` a basis class or element of `Ext(M)`, `by` a class of
/// `Ext(F_p)`; the lift of `x` into the sphere's resolution (`sphere()`, over the same
/// range) read at `by`, as `adams products M --by BY` gives it.
fn product_in<M: ClassModule>(
    res: &Resolution<M>,
    sphere: impl FnOnce() -> PyResult<Resolution<M>>,
    cache: &OnceLock<Resolution<M>>,
    (x, by): (&ClassArg, &ClassArg),
) -> PyResult<Raw> {
    let (sphere, over_sphere) = sphere_for(res, sphere, cache, x)?;
    let (xe, be) = (element_of(res, x)?, element_of(sphere, by)?);
    let what = format!("the product {by}·{x}");
    let lift_error = |source| {
        class_error(ClassError::Lift {
            what: what.clone(),
            source,
        })
    };
    let at = Bidegree::n_s(
        xe.bidegree.n() + be.bidegree.n(),
        xe.bidegree.s() + be.bidegree.s(),
    );
    let config = res.config();
    let out_of_range = || {
        lift_error(ChainMapError::OutOfRange {
            what: "the product".into(),
            at,
        })
    };
    if at.n() > config.max_stem || at.s() > config.max_s {
        return Err(out_of_range());
    }
    let tgt = LiftTarget::new(sphere);
    let v = match over_sphere {
        true => {
            let lift = lift_class(res, &tgt, &be, xe.bidegree.s() + 1).map_err(lift_error)?;
            product_by(res.prime().value(), &lift, &be, &xe)
        }
        false => {
            let lift = lift_class(res, &tgt, &xe, be.bidegree.s() + 1).map_err(lift_error)?;
            multiply(&lift, &be)
        }
    };
    Ok(raw::<M>(&v.ok_or_else(out_of_range)?))
}

/// The resolution of the sphere to lift `res`'s classes into (`res` itself when it is the
/// sphere's, else `sphere()`, kept in `cache`), and whether `res` is the sphere's; refuses
/// `x`, a class of `Ext(M)` over a module `M`, given by a name (a name is of `Ext(F_p)`).
fn sphere_for<'r, M: ClassModule>(
    res: &'r Resolution<M>,
    sphere: impl FnOnce() -> PyResult<Resolution<M>>,
    cache: &'r OnceLock<Resolution<M>>,
    x: &ClassArg,
) -> PyResult<(&'r Resolution<M>, bool)> {
    if is_sphere(res) {
        return Ok((res, true));
    }
    if let ClassArg::Spec(text) = x {
        if !matches!(text.parse(), Ok(ClassSpec::Indexed { .. })) {
            return Err(BadInput::new_err(format!(
                "class {x}: over the module {} a class is a basis class (stem, s, index) or an Element",
                res.module().name()
            )));
        }
    }
    if cache.get().is_none() {
        let _ = cache.set(sphere()?);
    }
    Ok((cache.get().expect("set above"), false))
}

/// The sphere `F_p` over `A`, resolved over `range` by `algorithm` (the module's
/// resolution's own): what a product over another module lifts into.
fn sphere_of<M: ClassModule + Resolvable>(
    m: M,
    range: ResolutionConfig,
    algorithm: Algorithm,
) -> PyResult<Resolution<M>> {
    let mut res = Resolution::new(m, range).map_err(|e| crate::resolution_error("sphere", e))?;
    res.run(RunOptions {
        algorithm,
        ..RunOptions::default()
    })
    .map_err(|e| crate::resolution_error("sphere", e))?;
    Ok(res)
}

/// The algorithm `raw` was resolved by (the sphere a product lifts into is resolved alike).
fn algorithm_of(raw: &RawResolution) -> Algorithm {
    match raw.algorithm {
        "nassau" => Algorithm::Nassau,
        _ => Algorithm::Classical,
    }
}

/// Refuses a module other than the sphere over a sub-Hopf algebra (as `adams products`
/// does: products there are computed for the sphere only).
fn refuse_subalgebra(r: &Resolution<FiniteModule>) -> PyResult<()> {
    match (r.module().profile(), is_sphere(r)) {
        (Some(_), false) => Err(BadInput::new_err(format!(
            "module {}: products over a sub-Hopf algebra are computed for the sphere only (resolve over A)",
            r.module().name()
        ))),
        _ => Ok(()),
    }
}

/// `⟨a, b, c⟩`: one value and a basis of the indeterminacy (coordinates at the value's
/// bidegree).
type RawMassey = (Raw, Vec<Vec<u32>>);

fn massey_in<M: ClassModule>(
    res: &Resolution<M>,
    sphere: impl FnOnce() -> PyResult<Resolution<M>>,
    cache: &OnceLock<Resolution<M>>,
    (a, b, c): (&ClassArg, &ClassArg, &ClassArg),
) -> PyResult<RawMassey> {
    let (sphere, _) = sphere_for(res, sphere, cache, c)?;
    let (ae, be, ce) = (
        element_of(sphere, a)?,
        element_of(sphere, b)?,
        element_of(res, c)?,
    );
    let tgt = LiftTarget::new(sphere);
    let m = massey_product(res, &tgt, &ae, &be, &ce).map_err(|source| {
        class_error(ClassError::Lift {
            what: format!("<{a}, {b}, {c}>"),
            source,
        })
    })?;
    let basis = (0..m.indeterminacy.dim())
        .map(|k| {
            let v = m.indeterminacy.basis_vector(k);
            (0..v.len()).map(|j| v.entry(j)).collect()
        })
        .collect();
    Ok((raw::<M>(&m.value), basis))
}

/// The element `arg` names (a class spec or an element): see `Resolution.cls`.
#[pyfunction]
pub(crate) fn class_of(py: Python<'_>, raw: &RawResolution, arg: ClassArg) -> PyResult<Raw> {
    released(py, || match &raw.res {
        AnyResolution::Two(r) => class_in(r, &arg),
        AnyResolution::Odd(r) => class_in(r, &arg),
    })
}

/// `by · x` in `Ext(F_p)`: see `Resolution.product` in `adams/__init__.py`.
#[pyfunction]
pub(crate) fn product(
    py: Python<'_>,
    raw: &RawResolution,
    x: ClassArg,
    by: ClassArg,
) -> PyResult<Raw> {
    let algorithm = algorithm_of(raw);
    released(py, || match &raw.res {
        AnyResolution::Two(r) => {
            refuse_subalgebra(r)?;
            let sphere = || sphere_of(FiniteModule::sphere(), r.config(), algorithm);
            product_in(r, sphere, &raw.sphere_two, (&x, &by))
        }
        AnyResolution::Odd(r) => {
            let m = FiniteModule::<MilnorAlgebra<ValidPrime>>::sphere_at(r.module().prime());
            let sphere = || sphere_of(m, r.config(), algorithm);
            product_in(r, sphere, &raw.sphere_odd, (&x, &by))
        }
    })
}

/// `⟨a, b, c⟩` in `Ext(F_p)`: see `Resolution.massey` in `adams/__init__.py`.
#[pyfunction]
pub(crate) fn massey(
    py: Python<'_>,
    raw: &RawResolution,
    a: ClassArg,
    b: ClassArg,
    c: ClassArg,
) -> PyResult<RawMassey> {
    let algorithm = algorithm_of(raw);
    released(py, || match &raw.res {
        AnyResolution::Two(r) => {
            refuse_subalgebra(r)?;
            let sphere = || sphere_of(FiniteModule::sphere(), r.config(), algorithm);
            massey_in(r, sphere, &raw.sphere_two, (&a, &b, &c))
        }
        AnyResolution::Odd(r) => {
            let m = FiniteModule::<MilnorAlgebra<ValidPrime>>::sphere_at(r.module().prime());
            let sphere = || sphere_of(m, r.config(), algorithm);
            massey_in(r, sphere, &raw.sphere_odd, (&a, &b, &c))
        }
    })
}

/// `d2` of the sphere over the range: the rows `(stem, s, index, targets)` (`targets`: the
/// indices of the classes at `(stem − 1, s + 2)` whose sum `d2` of the class is), the `E3`
/// page `(stem, s, dim)` (nonzero entries) and its range `(max_stem, max_s)` (`None`: empty),
/// and the total rank of `d2`; after the command
/// line's self-checks (`d2∘d2 = 0`, `d2(h_i x) = h_i d2(x)`, `CheckFailed` if one fails).
#[pyfunction]
pub(crate) fn d2(py: Python<'_>, raw: &RawResolution, threads: usize) -> PyResult<D2Out> {
    match &raw.res {
        AnyResolution::Two(r) => released(py, || d2_of(r, threads)),
        AnyResolution::Odd(r) => Err(d2_error(SecondaryError::OddPrime {
            module: r.module().name().to_string(),
        })),
    }
}

type D2Out = (
    Vec<(i32, u32, usize, Vec<usize>)>,
    Vec<(i32, u32, usize)>,
    Option<(i32, u32)>,
    usize,
);

/// A secondary lift's error, typed as `adams d2` exits for it.
fn d2_error(e: SecondaryError) -> PyErr {
    match e {
        SecondaryError::NotSphere { .. }
        | SecondaryError::OddPrime { .. }
        | SecondaryError::SubAlgebra { .. }
        | SecondaryError::Obstructed { .. }
        | SecondaryError::OutOfRange { .. } => BadInput::new_err(e.to_string()),
        _ => ComputeError::new_err(e.to_string()),
    }
}

fn d2_of(res: &Resolution, threads: usize) -> PyResult<D2Out> {
    let lift = on_threads(threads, || SecondaryLift::new(res))
        .map_err(|e| ComputeError::new_err(e.to_string()))?
        .map_err(d2_error)?;
    check_identities(&lift).map_err(|e| CheckFailed::new_err(e.to_string()))?;
    let (rows, rank) = adams::d2_table::d2_rows(&lift);
    let rows = rows
        .into_iter()
        .map(|(b, k, targets)| (b.n(), b.s(), k, targets))
        .collect();
    let e3 = e3_dimensions(&lift)
        .into_iter()
        .map(|e| (e.stem(), e.s(), e.dim))
        .collect();
    Ok((rows, e3, e3_range(&lift), rank))
}

/// The chart of the resolution as `adams resolve` draws it (`adams::chart_model`: every
/// class with its products by `h0`, `h1`, `h2`, … at p = 2, `a0`, `h0` at odd p; no
/// names): `(chart.json, chart.svg, chart.html)`, each the text of that file.
#[pyfunction]
#[pyo3(name = "chart")]
pub(crate) fn chart_texts(
    py: Python<'_>,
    raw: &RawResolution,
) -> PyResult<(String, String, String)> {
    released(py, || {
        let chart = match &raw.res {
            AnyResolution::Two(r) => {
                adams::chart_model::chart(r, raw.algorithm, r.module().min_degree())
            }
            AnyResolution::Odd(r) => {
                adams::chart_model::chart(r, raw.algorithm, r.module().min_degree())
            }
        };
        let svg = chart::svg::render(&chart).map_err(|e| ComputeError::new_err(e.to_string()))?;
        let html = chart::html::render(&chart);
        Ok((chart.to_json(), svg, html))
    })
}
