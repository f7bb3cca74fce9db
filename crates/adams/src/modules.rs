//! Finding the module named on the command line.
//!
//! Order: (1) MODULE is a path to an existing file → load it; (2) `--modules-dir
//! DIR` is given and `DIR/MODULE.json` exists → load it; (3) a module bundled
//! with adams of that name (the sphere `S_2` always is); (4) otherwise an error saying where we looked.
//!
//! A folder where a module file is expected is an error that says so (not "no
//! such file", and not a silent fall back to a bundled module of that name), and
//! so is a `--modules-dir` that is not a folder.

use std::path::Path;

use steenrod::module::{bundled, bundled_names, FiniteModule};

#[derive(Debug, thiserror::Error)]
pub enum LookupError {
    #[error("{0}")]
    Module(#[from] steenrod::module::ModuleError),
    #[error("module file {0}: no such file")]
    MissingFile(String),
    #[error("module file {0}: is a folder, not a module file")]
    Folder(String),
    #[error("--modules-dir {dir}: {reason}")]
    ModulesDir { dir: String, reason: String },
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
    // Something that looks like a path was meant as one (a bare NAME that
    // happens to be a folder in the working directory is still a name).
    let looks_like_path =
        arg.contains('/') || arg.contains(std::path::MAIN_SEPARATOR) || arg.ends_with(".json");
    if looks_like_path && as_path.is_dir() {
        return Err(LookupError::Folder(arg.to_string()));
    }
    if let Some(dir) = modules_dir {
        if !dir.is_dir() {
            let reason = if dir.exists() {
                "not a folder"
            } else {
                "no such folder"
            };
            return Err(LookupError::ModulesDir {
                dir: dir.display().to_string(),
                reason: reason.to_string(),
            });
        }
        let candidate = dir.join(format!("{arg}.json"));
        if candidate.is_file() {
            return Ok(FiniteModule::load(&candidate)?);
        }
        if candidate.is_dir() {
            return Err(LookupError::Folder(candidate.display().to_string()));
        }
    }
    if let Some(text) = bundled(arg) {
        return Ok(FiniteModule::from_json_str(arg, text)?);
    }
    if arg == "S_2" {
        return Ok(FiniteModule::sphere());
    }
    if looks_like_path {
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
