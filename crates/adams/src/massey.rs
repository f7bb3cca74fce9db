//! `adams massey MODULE A B C`: the Massey product `⟨A, B, C⟩` with its indeterminacy
//! (`resolution::chain_map::massey`), at every prime; `A`, `B` classes of `Ext(F_p)`, `C` one of
//! `Ext(MODULE)` (over the sphere any class form; over another module `(stem,s,index)`).
//! `C` = `-` gives `⟨A, B, −⟩` over the sphere's whole range (the periodicity-operator
//! form), written to `massey.json`.

use std::path::PathBuf;

use chart::class_spec::ClassSpec;
use fp::{Prime, SubspaceOf, Vector};
use resolution::chain_map::massey::{massey_product, massey_range_over, MasseyOf, RangeForm};
use resolution::chain_map::yoneda::{ExtElement, ExtOf};
use resolution::chain_map::{LiftModule, LiftTarget};
use resolution::{Bidegree, Resolution};
use serde::Serialize;
use steenrod::module::{AnyModule, FiniteModule};
use steenrod::MilnorAlgebra;

use crate::cli::MasseyArgs;
use crate::error::Error;
use crate::prime::PrimeModule;
use crate::products::{element, find, resolve, write_sum, Terms};
use fp::ValidPrime;

/// One line of `massey.json`; a vector is written as in `products.json`
/// ([`Terms`]: at p = 2 the indices of the classes whose sum it is, at odd p its
/// `[index, c]` pairs); `[]` is zero.
#[derive(Serialize)]
struct Entry {
    /// The class `x` of `⟨A, B, x⟩`: a basis class, or the pivot (first nonzero index) of
    /// a sum of them, written out in `class`.
    stem: i32,
    s: u32,
    index: usize,
    /// `x` when it is not one basis class (the kernel of `x ↦ Bx` at its bidegree is not
    /// spanned by basis classes); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    class: Option<Terms>,
    /// Where the product lies, and one value.
    value_stem: i32,
    value_s: u32,
    value: Terms,
    /// A basis of the indeterminacy.
    indeterminacy: Vec<Terms>,
}

/// `adams massey`.
pub fn run_command(args: MasseyArgs) -> Result<(), Error> {
    // The range form's --output, refused before any work when it cannot be a folder.
    if args.c.trim() == "-" {
        args.output
            .as_deref()
            .map(crate::resolve::make_output)
            .transpose()?;
    }
    match find(&args.module, &args.range)? {
        AnyModule::Two(m) => massey::<FiniteModule>(&args, m),
        AnyModule::Odd(m) => massey::<FiniteModule<MilnorAlgebra<ValidPrime>>>(&args, m),
    }
}

/// `adams massey` over the module `m`.
fn massey<M: PrimeModule>(args: &MasseyArgs, m: M) -> Result<(), Error> {
    let resolved = resolve(m, &args.range, None)?;
    let (res, sphere) = (&resolved.module, resolved.sphere());
    let p = sphere.prime().value();
    let tgt = LiftTarget::new(sphere);
    let a = element(sphere, &args.a, args.quiet)?;
    let b = element(sphere, &args.b, args.quiet)?;
    let what = format!("<{}, {}, {}>", args.a, args.b, args.c);
    let lift_error = |source| Error::Lift {
        what: what.clone(),
        source,
    };
    if args.c.trim() == "-" {
        return range_form(args, res, sphere, (&a, &b), resolved.seconds);
    }
    let spec = crate::massey::third_class(&args.c, res.module().name())?;
    let c = match (&spec, resolved.sphere.is_some()) {
        (_, false) => element(sphere, &spec, args.quiet)?,
        (ClassSpec::Indexed { stem, s, index }, true) => {
            ExtElement::basis(res, Bidegree::n_s(*stem, *s), *index).map_err(lift_error)?
        }
        (ClassSpec::Monomial(_) | ClassSpec::Named { .. } | ClassSpec::A0(_), true) => {
            return Err(Error::ProductsModule {
                name: res.module().name().to_string(),
                why: "C names a class of the module's Ext: write it (stem,s,index)".into(),
            })
        }
    };
    let m = massey_product(res, &tgt, &a, &b, &c).map_err(lift_error)?;
    println!("{}", describe::<M>(p, &what, &m));
    Ok(())
}

/// `⟨…⟩ = (8,3,0) at (stem 8, s 3); indeterminacy 0` (a combination of basis classes,
/// [`write_sum`]; the indeterminacy's basis the same way); at odd p followed by the prime
/// and the sign convention.
fn describe<M: LiftModule>(p: u32, what: &str, m: &MasseyOf<M>) -> String {
    let at = m.value.bidegree;
    let basis: Vec<String> = (0..m.indeterminacy.dim())
        .map(|k| {
            write_sum(&ExtElement {
                bidegree: at,
                vector: m.indeterminacy.basis_vector(k),
            })
        })
        .collect();
    let ind = match basis.is_empty() {
        true => "0".to_string(),
        false => format!("spanned by {}", basis.join(", ")),
    };
    let convention = match p {
        2 => String::new(),
        _ => format!(" (p = {p}; sign: a∘H with dH + Hd = B∘C)"),
    };
    format!(
        "{what} = {} at (stem {}, s {}); indeterminacy {ind}{convention}",
        write_sum(&m.value),
        at.n(),
        at.s()
    )
}

/// The range form `⟨a, b, −⟩` over `module` (a resolution of the module; `sphere` that of
/// F_p, the same object for the sphere) at any prime: `massey.json` and a count on stderr;
/// `resolve_s`: the resolutions' wall time, seconds. Over the sphere at an odd prime each
/// value is `⟨a, b, x⟩` up to a sign depending only on the degrees
/// (`resolution::chain_map::massey`), and the line says so.
///
/// Errors: `ab ≠ 0`, a product out of range, a failed lift ([`Error::Lift`]); the file
/// not written.
pub(crate) fn range_form<M: LiftModule>(
    args: &MasseyArgs,
    module: &Resolution<M>,
    sphere: &Resolution<M>,
    (a, b): (&ExtOf<M>, &ExtOf<M>),
    resolve_s: f64,
) -> Result<(), Error> {
    let started = std::time::Instant::now();
    let tgt = LiftTarget::new(sphere);
    let all = massey_range_over(module, &tgt, a, b).map_err(|source| Error::Lift {
        what: format!("<{}, {}, {}>", args.a, args.b, args.c),
        source,
    })?;
    let seconds = (resolve_s, started.elapsed().as_secs_f64());
    let p = sphere.prime().value();
    let note = match p {
        2 => String::new(),
        _ => format!("; p = {p}, each up to a sign depending on the degrees"),
    };
    write_entries(
        args,
        module.module().name(),
        &entries::<M>(p, &all),
        &note,
        seconds,
    )
}

/// The lines of `massey.json` of the range form.
fn entries<M: LiftModule>(p: u32, all: &RangeForm<M>) -> Vec<Entry> {
    all.iter()
        .map(|(x, m)| Entry {
            stem: x.bidegree.n(),
            s: x.bidegree.s(),
            index: x.vector.nonzero_entries().next().map_or(0, |(k, _)| k),
            class: match x.vector.nonzero_entries().collect::<Vec<_>>()[..] {
                [(_, 1)] => None,
                _ => Some(Terms::of(p, &x.vector)),
            },
            value_stem: m.value.bidegree.n(),
            value_s: m.value.bidegree.s(),
            value: Terms::of(p, &m.value.vector),
            indeterminacy: (0..m.indeterminacy.dim())
                .map(|k| Terms::of(p, &m.indeterminacy.basis_vector(k)))
                .collect(),
        })
        .collect()
}

/// Writes `massey.json` of the range form (to `--output`, else `output/<SPHERE>-massey`)
/// and a count on stderr; `note` goes into that line, `seconds`: the resolution's wall
/// time and the Massey products'.
fn write_entries(
    args: &MasseyArgs,
    sphere: &str,
    entries: &[Entry],
    note: &str,
    seconds: (f64, f64),
) -> Result<(), Error> {
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from("output").join(format!("{sphere}-massey")));
    crate::resolve::make_output(&output)?;
    let path = output.join("massey.json");
    crate::products::write_json(&path, &entries)?;
    if args.quiet {
        return Ok(());
    }
    let nonzero = entries.iter().filter(|e| !e.value.is_zero()).count();
    eprintln!(
        "<{}, {}, x> for {} classes x ({nonzero} nonzero values{note}; resolution {:.2} s, Massey products {:.2} s); wrote {}",
        args.a,
        args.b,
        entries.len(),
        seconds.0,
        seconds.1,
        path.display()
    );
    Ok(())
}

/// The class `C` of `adams massey MODULE A B C` (its text on the command line), read as
/// a [`ClassSpec`]; a bad one is [`Error::ProductsModule`] naming `module`.
pub(crate) fn third_class(text: &str, module: &str) -> Result<ClassSpec, Error> {
    text.parse().map_err(|why: String| Error::ProductsModule {
        name: module.to_string(),
        why,
    })
}
