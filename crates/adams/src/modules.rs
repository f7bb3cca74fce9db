//! Finding the module named on the command line.
//!
//! Order: (1) MODULE is a path to an existing file → load it; (2) `--modules-dir
//! DIR` is given and `DIR/MODULE.json` exists → load it; (3) a module bundled
//! with adams of that name (the sphere `S_2` always is); (4) otherwise an error saying where we looked.

use std::path::Path;

use steenrod::module::{bundled, bundled_names, FiniteModule};

#[derive(Debug, thiserror::Error)]
pub enum LookupError {
    #[error("{0}")]
    Module(#[from] steenrod::module::ModuleError),
    #[error("module file {0}: no such file")]
    MissingFile(String),
    #[error("no module named {name}: no such file, {looked_in}, and no bundled module of that name (bundled: {bundled})")]
    Unknown {
        name: String,
        looked_in: String,
        bundled: String,
    },
}

/// Resolve MODULE (a path or a name) to a loaded, validated module.
pub fn find_module(arg: &str, modules_dir: Option<&Path>) -> Result<FiniteModule, LookupError> {
    let as_path = Path::new(arg);
    if as_path.is_file() {
        return Ok(FiniteModule::load(as_path)?);
    }
    if let Some(dir) = modules_dir {
        let candidate = dir.join(format!("{arg}.json"));
        if candidate.is_file() {
            return Ok(FiniteModule::load(&candidate)?);
        }
    }
    if let Some(text) = bundled(arg) {
        return Ok(FiniteModule::from_json_str(arg, text)?);
    }
    if arg == "S_2" {
        return Ok(FiniteModule::sphere());
    }
    // Something that looks like a path was meant as one: say so plainly.
    if arg.contains('/') || arg.contains(std::path::MAIN_SEPARATOR) || arg.ends_with(".json") {
        return Err(LookupError::MissingFile(arg.to_string()));
    }
    let looked_in = match modules_dir {
        Some(dir) => format!("no {}", dir.join(format!("{arg}.json")).display()),
        None => "no --modules-dir given".to_string(),
    };
    Err(LookupError::Unknown {
        name: arg.to_string(),
        looked_in,
        bundled: bundled_names().join(", "),
    })
}
