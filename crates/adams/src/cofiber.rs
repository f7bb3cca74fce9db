//! Module files with the field's `"cofiber": {"s", "t", "idx"}` key (the cofiber of that
//! Ext class of the module its `gens` and `actions` give; `C4.json`, `Ceta2.json`,
//! `C2v14.json`): reading them, and their Ext from the mapping cone of the class's lift
//! (`resolution::chain_map::cofiber`). `adams cofiber FILE` writes ext.csv and prints the
//! chart; `adams resolve FILE` writes its whole output folder (`crate::resolve_cofiber`).

use std::io::Write;
use std::path::PathBuf;

use chart::{ascii, csv};
use fp::Prime;
use resolution::chain_map::cofiber::cofiber_ext;
use resolution::chain_map::yoneda::{ExtElement, ExtOf};
use resolution::chain_map::LiftModule;
use resolution::{Bidegree, Resolution, ResolutionConfig, RunOptions};
use serde_json::Value;
use steenrod::module::{AnyModule, FiniteModule, LoadOptions};
use steenrod::MilnorAlgebra;

use crate::cli::CofiberArgs;
use crate::error::Error;
use crate::prime::PrimeModule;
use crate::range::{check_memory, check_module_range, check_range};
use fp::ValidPrime;

fn bad(file: &str, reason: impl Into<String>) -> Error {
    Error::CofiberFile {
        message: format!("{file}: {}", reason.into()),
    }
}

/// A cofiber file read ([`read`] hands the base module `M` beside it): its class
/// `x ∈ Ext^{s,t}(M)`, the `idx`-th basis class at `at`.
pub(crate) struct CofiberFile {
    /// The file as named on the command line (errors name it).
    pub file: String,
    /// The base module's name.
    pub name: String,
    /// The class's bidegree `(s, t)`.
    pub at: Bidegree,
    /// The class's index in the basis of `Ext^{s,t}(M)`.
    pub idx: usize,
}

/// The range the base module is resolved through for the cone's Ext through `range`:
/// one filtration more (`Ext^σ` of the cone reads `Ext^{σ+1}(M)`).
pub(crate) fn base_range(range: ResolutionConfig) -> ResolutionConfig {
    ResolutionConfig {
        max_stem: range.max_stem,
        max_s: range.max_s + 1,
    }
}

/// Reads the cofiber file `file`: the class, and the base module (its cells through
/// `top`, all when `None`). Errors
/// ([`Error::CofiberFile`], exit 2, naming the file and the field): not a JSON object, no
/// `cofiber` key, `cofiber` not an object of `s`, `t`, `idx` integers in range (an
/// unknown key in it too), a `shift`, not one cell in degree 0, a `profile`, the module's
/// own errors; and `p` not 2 (`adams certify` of a p = 2 save directory reads the base
/// module so; every other reader takes the file's prime, [`read_any`]).
pub(crate) fn read(file: &str, top: Option<i32>) -> Result<(CofiberFile, FiniteModule), Error> {
    match read_any(file, top)? {
        (cofiber, AnyModule::Two(m)) => Ok((cofiber, m)),
        (_, AnyModule::Odd(m)) => Err(bad(
            file,
            format!(
                "p: {}; a module at p = 2 was expected here",
                m.prime().value()
            ),
        )),
    }
}

/// [`read`] at every prime: the base module at the file's `p`.
pub(crate) fn read_any(file: &str, top: Option<i32>) -> Result<(CofiberFile, AnyModule), Error> {
    // A module's name where a file is wanted: ask for the file.
    if !std::path::Path::new(file).exists() && steenrod::module::bundled(file).is_some() {
        return Err(bad(
            file,
            "no such file; adams cofiber FILE takes a module file with a \"cofiber\" key \
             (this is the name of a bundled module: adams resolve resolves it)",
        ));
    }
    let text = chart::input::read_text(file.as_ref(), "a module file", 1 << 24)
        .map_err(|r| bad(file, r))?;
    let mut json: Value =
        serde_json::from_str(&text).map_err(|e| bad(file, format!("invalid JSON: {e}")))?;
    let obj = json
        .as_object_mut()
        .ok_or_else(|| bad(file, "not a JSON object"))?;
    if obj.get("shift").and_then(Value::as_i64).unwrap_or(0) != 0 {
        return Err(bad(file, "shift: a shifted cofiber file is not read"));
    }
    let spec = obj
        .remove("cofiber")
        .filter(|v| !v.is_null())
        .ok_or_else(|| {
            bad(
                file,
                "no \"cofiber\" key (resolve the module with adams resolve)",
            )
        })?;
    let (s, t, idx) = class_fields(file, &spec)?;
    let options = LoadOptions {
        shift: 0,
        top_degree: top,
    };
    let m = AnyModule::from_json_str_with(file, &json.to_string(), &options)
        .map_err(|e| bad(file, e.to_string().trim_start_matches(&format!("{file}: "))))?;
    // The field's reading maps the class onto the one cell of degree 0
    // (`resolution::chain_map::cofiber::lift_self_map`).
    if m.dim(0) != 1 {
        return Err(bad(
            file,
            format!(
                "gens: the module has {} cells in degree 0, not 1: the cofiber's class is read \
                 as a map onto the one cell in degree 0 (as the field's resolver reads it)",
                m.dim(0)
            ),
        ));
    }
    let over_a = match &m {
        AnyModule::Two(m) => m.profile().is_none(),
        AnyModule::Odd(m) => m.profile().is_none(),
    };
    if !over_a {
        return Err(bad(
            file,
            "profile: cofibers over a sub-Hopf algebra are not built",
        ));
    }
    let cofiber = CofiberFile {
        file: file.to_string(),
        name: m.name().to_string(),
        at: Bidegree::s_t(s as u32, t as i32),
        idx: idx as usize,
    };
    Ok((cofiber, m))
}

/// The `cofiber` key's `s`, `t`, `idx`: an object with exactly these keys, non-negative
/// integers. Errors name the file and the field.
fn class_fields(file: &str, spec: &Value) -> Result<(i64, i64, i64), Error> {
    let obj = spec.as_object().ok_or_else(|| {
        bad(
            file,
            format!("cofiber: {spec} is not an object {{\"s\", \"t\", \"idx\"}}"),
        )
    })?;
    if let Some(key) = obj
        .keys()
        .find(|k| !["s", "t", "idx"].contains(&k.as_str()))
    {
        return Err(bad(
            file,
            format!("cofiber.{key}: unknown key (the class is given by s, t and idx)"),
        ));
    }
    let field = |k: &str, max: i64| {
        obj.get(k)
            .and_then(Value::as_i64)
            .filter(|v| (0..=max).contains(v))
            .ok_or_else(|| bad(file, format!("cofiber.{k}: not an integer from 0 to {max}")))
    };
    Ok((
        field("s", 512)?,
        field("t", 1 << 20)?,
        field("idx", 1 << 20)?,
    ))
}

impl CofiberFile {
    /// How outputs name the cofiber: `C4 (the cofiber of the class 0 at (s = 2, t = 2,
    /// stem 0))`.
    pub(crate) fn label(&self) -> String {
        format!(
            "{} (the cofiber of the class {} at {})",
            self.name, self.idx, self.at
        )
    }

    /// The nonzero `dim Ext^{σ,τ}` of the cofiber for every stem of `range` and
    /// `σ ≤ range.max_s`, from `res`, the base module resolved through
    /// [`base_range`]`(range)`; sorted by stem, then `σ`.
    ///
    /// Errors: the class outside the resolved range, no class at `(s, t)`, `idx` not below
    /// the dimension there ([`Error::CofiberFile`] naming the field, exit 2); the lift's
    /// ([`Error::Lift`]).
    pub(crate) fn cone_rows<M: LiftModule>(
        &self,
        res: &Resolution<M>,
        range: ResolutionConfig,
    ) -> Result<Vec<csv::Row>, Error> {
        let x = self.class(res)?;
        let at = self.at;
        let lift_error = |source| Error::Lift {
            what: format!(
                "the cofiber's class (s = {}, t = {}, idx {})",
                at.s(),
                at.t(),
                self.idx
            ),
            source,
        };
        Ok(cofiber_ext(res, &x)
            .map_err(lift_error)?
            .into_iter()
            .filter(|e| e.s() <= range.max_s)
            .map(crate::chart_model::row)
            .collect())
    }

    /// Checks, before the base module is resolved through `inner` ([`base_range`]) from its
    /// bottom cell `bottom`, that the class lies in that range. Error: [`Error::CofiberFile`]
    /// naming the fields (exit 2).
    pub(crate) fn check_range(&self, inner: ResolutionConfig, bottom: i32) -> Result<(), Error> {
        let at = self.at;
        if at.s() > inner.max_s || at.n() > inner.max_stem || at.n() < bottom {
            return Err(bad(
                &self.file,
                format!(
                    "cofiber.s, cofiber.t: the class at {at} lies outside the range resolved \
                     for the cone (stems {bottom} to {}, s <= {}: one more than --max-s); \
                     raise --max-stem or --max-s",
                    inner.max_stem, inner.max_s
                ),
            ));
        }
        Ok(())
    }

    /// The class, checked against `res` (the base module resolved).
    fn class<M: LiftModule>(&self, res: &Resolution<M>) -> Result<ExtOf<M>, Error> {
        let (at, file) = (self.at, self.file.as_str());
        let dim = res.number_of_gens(at);
        if dim == 0 {
            return Err(bad(
                file,
                format!(
                    "cofiber.s, cofiber.t: Ext of {} is 0 at {at}: no class there",
                    res.module().name()
                ),
            ));
        }
        if self.idx >= dim {
            return Err(bad(
                file,
                format!(
                    "cofiber.idx: {} but Ext of {} has dimension {dim} at {at} (idx runs from 0 to {})",
                    self.idx,
                    res.module().name(),
                    dim - 1
                ),
            ));
        }
        ExtElement::basis(res, at, self.idx).map_err(|source| Error::Lift {
            what: "the cofiber's class".into(),
            source,
        })
    }
}

/// `adams cofiber`, at the prime of the file's module.
pub fn run_command(args: CofiberArgs) -> Result<(), Error> {
    let range = check_range(args.range.max_stem, args.range.max_s)?;
    args.output
        .as_deref()
        .map(crate::resolve::make_output)
        .transpose()?;
    let file = args.file.display().to_string();
    let inner = base_range(range);
    match read_any(&file, Some(inner.max_stem + inner.max_s as i32))? {
        (cofiber, AnyModule::Two(m)) => cone::<FiniteModule>(&args, range, cofiber, m),
        (cofiber, AnyModule::Odd(m)) => {
            cone::<FiniteModule<MilnorAlgebra<ValidPrime>>>(&args, range, cofiber, m)
        }
    }
}

/// `adams cofiber` over the base module `m`.
fn cone<M: PrimeModule>(
    args: &CofiberArgs,
    range: ResolutionConfig,
    cofiber: CofiberFile,
    m: M,
) -> Result<(), Error> {
    let inner = base_range(range);
    let name = cofiber.name.clone();
    let p = m.field().value();
    check_module_range(&name, m.min_degree(), inner)?;
    check_memory(&name, p, m.min_degree(), true, inner, args.range.max_memory)?;
    cofiber.check_range(inner, m.min_degree())?;
    let algorithm = m.algorithm();
    let mut res = Resolution::new(m, inner).map_err(|source| Error::ModuleRange {
        name: name.clone(),
        source,
    })?;
    res.run(RunOptions {
        algorithm,
        ..RunOptions::default()
    })
    .map_err(|source| Error::Resolve {
        name: name.clone(),
        source,
    })?;
    let rows = cofiber.cone_rows(&res, range)?;
    let label = cofiber.label();
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from("output").join(&name));
    crate::resolve::make_output(&output)?;
    let path = output.join("ext.csv");
    let first = csv::complete_line(range.max_stem, range.max_s, &label, "mapping cone", p, None);
    let write = || -> std::io::Result<()> {
        let mut out = Vec::new();
        csv::write_table(&mut out, &first, &rows)?;
        chart::output::write_atomic(&path, &out)
    };
    write().map_err(|source| Error::Write {
        path: path.clone(),
        source,
    })?;
    let bottom = res.module().min_degree();
    let text = format!(
        "{}{}",
        ascii::header(&label, p, None, range.max_stem, range.max_s),
        ascii::render(&rows, bottom, range.max_stem, range.max_s)
    );
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    if !args.quiet {
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}
