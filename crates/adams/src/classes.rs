//! The classes of `Ext(F_p)` a class spec names (`chart::class_spec`: `h1^2`, `a0`, `c0`,
//! `(8,3,0)`), and the product `x·y` read off the lift of one factor; the one
//! implementation behind `adams products`, `adams massey` and the Python bindings' `cls`,
//! `product` and `massey`, at every prime and over sub-Hopf algebras.
//!
//! A monomial in `a_0` and the `h_i` is multiplied out by the read-off of `h_i` from the
//! differentials (`resolution::products`); a name of the bundled table (p = 2, over `A`)
//! is evaluated by [`crate::naming::Namer`].

use chart::class_spec::ClassSpec;
use chart::names::{Monomial, NameTable, NamesError};
use fp::{Prime, Vector};
use resolution::chain_map::yoneda::{multiply, ExtElement, ExtOf};
use resolution::chain_map::{ChainMap, ChainMapError, LiftModule};
use resolution::products::{multiply_by, target, Primitive, ReadOff};
use resolution::{Bidegree, Resolution};
use steenrod::module::FiniteModule;
use steenrod::Algebra;
use steenrod::{MilnorAlgebra, Profile};

use crate::naming::TakenModuloDecomposables;
use fp::ValidPrime;

/// Why a class spec names no class, or a product by it cannot be taken.
#[derive(Debug, thiserror::Error)]
pub enum ClassError {
    /// A class the module or algebra does not have (`a0` at p = 2, `h2` over `A(1)`, a name
    /// of the p = 2 table at an odd prime): the module's name and why.
    #[error("module {name}: {why}")]
    Refused { name: String, why: String },
    /// A class or product outside the range, or a lift that failed: what was asked.
    #[error("{what}: {source}")]
    Lift { what: String, source: ChainMapError },
    /// The bundled table of names cannot be evaluated on this resolution.
    #[error(transparent)]
    Names(#[from] NamesError),
}

/// A module whose Ext the class specs name classes of: [`FiniteModule`] (p = 2) and
/// `FiniteModule<MilnorAlgebra<ValidPrime>>` (odd p).
pub trait ClassModule: LiftModule<Algebra: ReadOff> {
    /// The sub-Hopf algebra it is resolved over (its file's profile, or one it was
    /// restricted to), `None` for the whole Steenrod algebra.
    fn profile(&self) -> Option<&Profile>;

    /// The profile of the sub-Hopf algebra it is resolved over, as the outputs write it
    /// (`A(1)`, `E(1)`, `profile (…)`); `None` over the whole Steenrod algebra.
    fn profile_name(&self) -> Option<String> {
        self.profile().map(ToString::to_string)
    }

    /// Whether it is resolved over the whole Steenrod algebra (no profile).
    fn over_a(&self) -> bool {
        self.profile_name().is_none()
    }

    /// The algebra it is resolved over, as the outputs name it (`A`, or the profile's name).
    fn algebra_name(&self) -> String {
        self.profile_name().unwrap_or_else(|| "A".to_string())
    }

    /// The class a monomial in the bundled table's names is (`spec` as written), with the
    /// basis class taken for each factor named only modulo decomposables.
    fn named(
        sphere: &Resolution<Self>,
        spec: &ClassSpec,
        factors: &Monomial,
    ) -> Result<(ExtOf<Self>, Vec<TakenModuloDecomposables>), ClassError>;
}

impl ClassModule for FiniteModule {
    fn profile(&self) -> Option<&Profile> {
        FiniteModule::profile(self)
    }

    fn named(
        sphere: &Resolution,
        spec: &ClassSpec,
        factors: &Monomial,
    ) -> Result<(ExtOf<Self>, Vec<TakenModuloDecomposables>), ClassError> {
        // The table names classes of Ext over A; its definitions do not hold over a
        // sub-Hopf algebra (c0 = <h1, h0, h2^2> needs h2), so they are not evaluated there.
        let module = sphere.module();
        if !module.over_a() {
            return Err(ClassError::Refused {
                name: module.name().to_string(),
                why: format!(
                    "class {spec}: the table of names (crates/chart/data/names-S_2.csv) names classes of Ext over A, not over {}; give the class as (stem,s,index)",
                    module.algebra_name()
                ),
            });
        }
        let mut namer = crate::naming::Namer::new(sphere, NameTable::bundled_ref())?;
        let x = namer.monomial(factors).map_err(|why| ClassError::Refused {
            name: sphere.module().name().to_string(),
            why: format!("class {spec}: {why}"),
        })?;
        Ok((x, namer.taken_modulo_decomposables(factors)))
    }
}

impl ClassModule for FiniteModule<MilnorAlgebra<ValidPrime>> {
    fn profile(&self) -> Option<&Profile> {
        FiniteModule::profile(self)
    }

    fn named(
        sphere: &Resolution<Self>,
        spec: &ClassSpec,
        _: &Monomial,
    ) -> Result<(ExtOf<Self>, Vec<TakenModuloDecomposables>), ClassError> {
        let p = sphere.prime().value();
        Err(ClassError::Refused {
            name: sphere.module().name().to_string(),
            why: format!(
                "class {spec}: the table of names is of p = 2 classes; at p = {p} write a0, h<i> or (stem,s,index)"
            ),
        })
    }
}

/// Refuses a factor `h_i` (or `a0`) of `spec` that is no class over the sub-Hopf algebra
/// `sphere` is resolved over: the operation it is dual to (`Sq^{2^i}`, `P^{p^i}`, `β`) is
/// not in that algebra, so `Ext^1` is 0 in its bidegree (`h2` over `A(1)`), which is not
/// a matter of range. Over `A` every such operation is there.
fn absent_over_subalgebra<M: ClassModule>(
    sphere: &Resolution<M>,
    spec: &ClassSpec,
    factors: &[(Primitive, u32)],
) -> Result<(), ClassError> {
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
            return Err(ClassError::Refused {
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

/// The element of `Ext(F_p)` (`sphere`: the resolution of `F_p`) a [`ClassSpec`] names: a
/// monomial in `a_0` and the `h_i` multiplied out by their read-off from the differentials
/// (`resolution::products`), a basis class `(stem,s,index)`, or a monomial in the bundled
/// table's names (p = 2, over `A`).
///
/// Errors: [`ClassError::Refused`] for `a0` at p = 2, an `h_i` the sub-Hopf algebra lacks,
/// a name the table cannot give; [`ClassError::Lift`] for a class or product outside the
/// range.
pub fn element<M: ClassModule>(
    sphere: &Resolution<M>,
    spec: &ClassSpec,
) -> Result<ExtOf<M>, ClassError> {
    element_and_choices(sphere, spec).map(|(x, _)| x)
}

/// [`element`], with the basis class taken for each factor of a name that the table names
/// only modulo decomposables where these are not 0 (`f0` at stem 18, s 4): any class
/// outside them has the name, and the one basis class outside them is taken. Empty for a
/// class named exactly. Errors: those of [`element`].
pub fn element_and_choices<M: ClassModule>(
    sphere: &Resolution<M>,
    spec: &ClassSpec,
) -> Result<(ExtOf<M>, Vec<TakenModuloDecomposables>), ClassError> {
    let lift_error = |source| ClassError::Lift {
        what: format!("class {spec}"),
        source,
    };
    let p = sphere.prime().value();
    let factors: Vec<(Primitive, u32)> = match spec {
        ClassSpec::Indexed { stem, s, index } => {
            let x = ExtElement::basis(sphere, Bidegree::n_s(*stem, *s), *index);
            return x.map(|x| (x, Vec::new())).map_err(lift_error);
        }
        ClassSpec::Named { factors, .. } => return M::named(sphere, spec, factors),
        ClassSpec::A0(_) if p == 2 => {
            return Err(ClassError::Refused {
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
    Ok((x, Vec::new()))
}

/// `x·y` in `Ext(F_p)` (`p` the prime) from `lift_x`, the lift of `x` into the sphere's resolution
/// (`resolution::chain_map::yoneda::lift_class`): the composite of that lift with `y` is
/// `y·x`, which is `x·y` times `(−1)^{ss'+tt'}` (graded commutativity, Ravenel, "Complex
/// Cobordism", 2nd ed., §A1.2; no sign at p = 2). `None` when `y`'s bidegree plus `x`'s
/// is beyond what the lift reached.
pub fn product_by<M: LiftModule>(
    p: u32,
    lift_x: &ChainMap<'_, M>,
    x: &ExtOf<M>,
    y: &ExtOf<M>,
) -> Option<ExtOf<M>> {
    multiply(lift_x, y).map(|v| graded_sign(p, y, x, v))
}

/// `v`, the composite of the lift of `x` with `y`, times `(−1)^{ss'+tt'}` ([`product_by`]).
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
