//! `adams cofiber FILE`: Ext of a module file with the field's `"cofiber": {"s", "t",
//! "idx"}` key (the cofiber of that Ext class of the module its `gens` and `actions`
//! give; `C4.json`, `Ceta2.json`, `C2v14.json`), from the mapping cone of the class's lift
//! (`resolution::chain_map::cofiber`). `adams resolve` still refuses such files.

use std::fs;
use std::io::{BufWriter, Write};
use std::path::PathBuf;

use adams::{chart, csv};
use resolution::chain_map::cofiber::cofiber_ext;
use resolution::chain_map::yoneda::ExtElement;
use resolution::{Bidegree, Resolution, ResolutionConfig};
use serde_json::Value;
use steenrod::module::{FiniteModule, LoadOptions};

use crate::cli::CofiberArgs;
use crate::error::Error;
use crate::range::{check_module_range, check_range};

fn bad(file: &str, reason: impl Into<String>) -> Error {
    Error::CofiberFile {
        message: format!("{file}: {}", reason.into()),
    }
}

/// The base module (cells through `top`) and the class `(s, t)`, `idx` of a cofiber file.
fn read(file: &str, top: i32) -> Result<(FiniteModule, Bidegree, usize), Error> {
    let text = adams::input::read_text(file.as_ref(), "a module file", 1 << 24)
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
    let field = |k: &str, max: i64| {
        spec.get(k)
            .and_then(Value::as_i64)
            .filter(|v| (0..=max).contains(v))
            .ok_or_else(|| bad(file, format!("cofiber.{k}: not an integer from 0 to {max}")))
    };
    let (s, t, idx) = (
        field("s", 512)?,
        field("t", 1 << 20)?,
        field("idx", 1 << 20)?,
    );
    let options = LoadOptions {
        shift: 0,
        top_degree: Some(top),
    };
    let m = FiniteModule::from_json_str_with(file, &json.to_string(), &options)
        .map_err(|e| bad(file, e.to_string().trim_start_matches(&format!("{file}: "))))?;
    if m.profile().is_some() {
        return Err(bad(
            file,
            "profile: cofibers over a sub-Hopf algebra are not built",
        ));
    }
    Ok((m, Bidegree::s_t(s as u32, t as i32), idx as usize))
}

/// `adams cofiber`.
pub fn run_command(args: CofiberArgs) -> Result<(), Error> {
    let range = check_range(args.range.max_stem, args.range.max_s)?;
    let file = args.file.display().to_string();
    // One filtration more: Ext^σ of the cone reads Ext^{σ+1}(M).
    let inner = ResolutionConfig {
        max_stem: range.max_stem,
        max_s: range.max_s + 1,
    };
    let (m, at, idx) = read(&file, inner.max_stem + inner.max_s as i32)?;
    let name = m.name().to_string();
    check_module_range(&name, m.min_degree(), inner)?;
    let mut res = Resolution::new(m, inner).map_err(|source| Error::ModuleRange {
        name: name.clone(),
        source,
    })?;
    res.resolve().map_err(|source| Error::Resolve {
        name: name.clone(),
        source,
    })?;
    let lift_error = |source| Error::Lift {
        what: format!(
            "the cofiber's class (s = {}, t = {}, idx {idx})",
            at.s(),
            at.t()
        ),
        source,
    };
    let x = ExtElement::basis(&res, at, idx).map_err(lift_error)?;
    let rows: Vec<csv::Row> = cofiber_ext(&res, &x)
        .map_err(lift_error)?
        .into_iter()
        .filter(|e| e.s() <= range.max_s)
        .collect();
    let label = format!("{name} (the cofiber of the class {idx} at {at})");
    let output = args
        .output
        .unwrap_or_else(|| PathBuf::from("output").join(&name));
    crate::resolve::make_output(&output)?;
    let path = output.join("ext.csv");
    let first = csv::complete_line(range.max_stem, range.max_s, &label, "mapping cone", 2, None);
    let write = || -> std::io::Result<()> {
        let mut out = BufWriter::new(fs::File::create(&path)?);
        csv::write_table(&mut out, &first, &rows)?;
        out.flush()
    };
    write().map_err(|source| Error::Write {
        path: path.clone(),
        source,
    })?;
    let bottom = res.module().min_degree();
    let text = format!(
        "{}{}",
        chart::header(&label, 2, None, range.max_stem, range.max_s),
        chart::render(&rows, bottom, range.max_stem, range.max_s)
    );
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    if !args.quiet {
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}
