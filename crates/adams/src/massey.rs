//! `adams massey MODULE A B C`: the Massey product `⟨A, B, C⟩` with its indeterminacy
//! (`resolution::chain_map::massey`); `A`, `B` classes of `Ext(F_2)`, `C` one of
//! `Ext(MODULE)` (over the sphere any class form; over another module `(stem,s,index)`).
//! `C` = `-` gives `⟨A, B, −⟩` over the sphere's whole range (the periodicity-operator
//! form), written to `massey.json`.

use std::path::PathBuf;

use chart::class_spec::ClassSpec;
use resolution::chain_map::massey::{massey_product, massey_range, MasseyProduct};
use resolution::chain_map::yoneda::ExtElement;
use resolution::chain_map::LiftTarget;
use resolution::Bidegree;
use serde::Serialize;

use crate::cli::MasseyArgs;
use crate::error::Error;
use crate::products::{element, resolve};

/// One line of `massey.json`; a vector is a list of `T`: at p = 2 the indices of the
/// classes whose sum it is, at odd p `[index, c]` pairs (`crate::massey_odd`).
#[derive(Serialize)]
pub(crate) struct Entry<T> {
    /// The class `x` of `⟨A, B, x⟩`.
    pub stem: i32,
    pub s: u32,
    pub index: usize,
    /// Where the product lies, and one value.
    pub value_stem: i32,
    pub value_s: u32,
    pub value: Vec<T>,
    /// A basis of the indeterminacy.
    pub indeterminacy: Vec<Vec<T>>,
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
    if let Some(m) = crate::products_odd::odd_module(&args.module, &args.range)? {
        return crate::products_odd::massey(&args, m);
    }
    let resolved = resolve(&args.module, &args.range)?;
    let (res, sphere) = (&resolved.module, resolved.sphere());
    let tgt = LiftTarget::new(sphere);
    let a = element(sphere, &args.a)?;
    let b = element(sphere, &args.b)?;
    let what = format!("<{}, {}, {}>", args.a, args.b, args.c);
    let lift_error = |source| Error::Lift {
        what: what.clone(),
        source,
    };
    if args.c.trim() == "-" {
        if resolved.sphere.is_some() {
            return Err(Error::ProductsModule {
                name: res.module().name().to_string(),
                why: "the form <A, B, -> is computed over the sphere (S_2) only".into(),
            });
        }
        let started = std::time::Instant::now();
        let all = massey_range(&tgt, &a, &b).map_err(lift_error)?;
        let seconds = (resolved.seconds, started.elapsed().as_secs_f64());
        return write_range(&args, &all, seconds);
    }
    let spec = crate::massey::third_class(&args.c, res.module().name())?;
    let c = match (&spec, resolved.sphere.is_some()) {
        (_, false) => element(sphere, &spec)?,
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
    println!("{}", describe(&what, &m));
    Ok(())
}

/// `⟨…⟩ = (8,3,0) at (stem 8, s 3); indeterminacy 0` (a sum of basis classes, `0` when
/// zero; the indeterminacy's basis the same way).
fn describe(what: &str, m: &MasseyProduct) -> String {
    let b = m.value.bidegree;
    let sum = |ones: Vec<usize>| -> String {
        if ones.is_empty() {
            return "0".into();
        }
        let terms: Vec<String> = ones
            .iter()
            .map(|k| format!("({},{},{k})", b.n(), b.s()))
            .collect();
        terms.join(" + ")
    };
    let basis: Vec<String> = m
        .indeterminacy
        .basis_vectors()
        .into_iter()
        .map(|v| sum(v.iter_ones().collect()))
        .collect();
    let ind = match basis.is_empty() {
        true => "0".to_string(),
        false => format!("spanned by {}", basis.join(", ")),
    };
    format!(
        "{what} = {} at (stem {}, s {}); indeterminacy {ind}",
        sum(m.value.vector.iter_ones().collect()),
        b.n(),
        b.s()
    )
}

/// `massey.json` of the range form, and a count on stderr.
/// `seconds`: the resolution's wall time and the Massey products'.
fn write_range(
    args: &MasseyArgs,
    all: &[(ExtElement, MasseyProduct)],
    seconds: (f64, f64),
) -> Result<(), Error> {
    let entries: Vec<Entry<usize>> = all
        .iter()
        .map(|(x, m)| Entry {
            stem: x.bidegree.n(),
            s: x.bidegree.s(),
            index: x.vector.iter_ones().next().unwrap_or(0),
            value_stem: m.value.bidegree.n(),
            value_s: m.value.bidegree.s(),
            value: m.value.vector.iter_ones().collect(),
            indeterminacy: m
                .indeterminacy
                .basis_vectors()
                .into_iter()
                .map(|v| v.iter_ones().collect())
                .collect(),
        })
        .collect();
    write_entries(args, "S_2", &entries, "", seconds)
}

/// Writes `massey.json` of the range form (to `--output`, else `output/<SPHERE>-massey`)
/// and a count on stderr; `note` goes into that line, `seconds`: the resolution's wall
/// time and the Massey products'.
pub(crate) fn write_entries<T: Serialize>(
    args: &MasseyArgs,
    sphere: &str,
    entries: &[Entry<T>],
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
    let nonzero = entries.iter().filter(|e| !e.value.is_empty()).count();
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
/// a [`ClassSpec`]; a bad one is [`Error::ProductsModule`] naming `module`. Shared by both
/// primes.
pub(crate) fn third_class(text: &str, module: &str) -> Result<ClassSpec, Error> {
    text.parse().map_err(|why: String| Error::ProductsModule {
        name: module.to_string(),
        why,
    })
}
