//! `adams.Module`'s Rust half: where a module comes from (a name or path found as the
//! command line finds it, `adams::modules::find_smash`, or a JSON module file's text),
//! its shift, Spanier–Whitehead dual and smash products (p = 2, as the library offers
//! them), read again with its cells above a resolution's range dropped.

use pyo3::prelude::*;
use steenrod::module::{AnyModule, LoadOptions};

use crate::BadInput;

/// Where a module comes from: a path or a name (`adams::modules::find_module`'s argument,
/// shifts `NAME[k]` and `dual:M` included) smashed with `smash` (each found the same way),
/// or the text of a JSON module file shifted by `shift`.
#[derive(Clone)]
enum Source {
    Lookup {
        arg: String,
        smash: Vec<String>,
    },
    Json {
        name: String,
        text: String,
        shift: i32,
    },
}

/// A module over the Steenrod algebra, read again (its cells above the range dropped)
/// by each resolution.
#[pyclass(module = "adams._adams", frozen)]
pub(crate) struct Module {
    source: Source,
    pub(crate) name: String,
    pub(crate) prime: u32,
}

fn bad(e: impl std::fmt::Display) -> PyErr {
    BadInput::new_err(e.to_string())
}

/// The module `module` describes, its cells above `top_degree` dropped (`None`: all).
pub(crate) fn load(module: &Module, top_degree: Option<i32>) -> PyResult<AnyModule> {
    match &module.source {
        Source::Lookup { arg, smash } => {
            adams::modules::find_smash(arg, smash, None, top_degree).map_err(bad)
        }
        Source::Json { name, text, shift } => {
            let options = LoadOptions {
                shift: *shift,
                top_degree,
            };
            let m = AnyModule::from_json_str_with(name, text, &options).map_err(bad)?;
            Ok(match *shift {
                0 => m,
                k => {
                    let name = format!("{}[{k}]", m.name());
                    match m {
                        AnyModule::Two(m) => AnyModule::Two(m.with_name(name)),
                        AnyModule::Odd(m) => AnyModule::Odd(m.with_name(name)),
                    }
                }
            })
        }
    }
}

/// `arg` shifted by `k` more: `NAME[j]` becomes `NAME[j+k]`.
fn shifted_arg(arg: &str, k: i32) -> PyResult<String> {
    let (base, j) = match std::path::Path::new(arg).exists() {
        true => (arg, 0),
        false => adams::modules::split_shift(arg)
            .map_err(bad)?
            .unwrap_or((arg, 0)),
    };
    let total = i64::from(j) + i64::from(k);
    Ok(match total {
        0 => base.to_string(),
        total => format!("{base}[{total}]"),
    })
}

#[pymethods]
impl Module {
    /// Finds a module as `adams resolve MODULE` does: a path, else a bundled name.
    #[staticmethod]
    fn lookup(arg: String) -> PyResult<Self> {
        Self::from_source(Source::Lookup {
            arg,
            smash: Vec::new(),
        })
    }

    /// Reads the text of a JSON module file; `name` names it in errors and outputs.
    #[staticmethod]
    fn from_json_text(name: String, text: String) -> PyResult<Self> {
        Self::from_source(Source::Json {
            name,
            text,
            shift: 0,
        })
    }

    /// The module shifted up by `k` degrees (`M[k]`: each cell's degree plus `k`).
    fn shifted(&self, k: i32) -> PyResult<Self> {
        Self::from_source(match &self.source {
            Source::Lookup { arg, smash } => Source::Lookup {
                arg: shifted_arg(arg, k)?,
                smash: smash.clone(),
            },
            Source::Json { name, text, shift } => Source::Json {
                name: name.clone(),
                text: text.clone(),
                shift: shift
                    .checked_add(k)
                    .ok_or_else(|| bad("shift out of range"))?,
            },
        })
    }

    /// The Spanier–Whitehead dual `DM` (p = 2; `dual:M` of the command line).
    fn dual(&self) -> PyResult<Self> {
        match &self.source {
            Source::Lookup { arg, smash } if smash.is_empty() => Self::from_source(Source::Lookup {
                arg: format!("{}{arg}", adams::modules::DUAL),
                smash: Vec::new(),
            }),
            _ => Err(bad(format!(
                "module {}: dual() takes a module found by name or path (Module.bundled, Module.from_file), not a smash product or a dict",
                self.name
            ))),
        }
    }

    /// The smash product with `other` (p = 2; `--smash` of the command line).
    fn smash(&self, other: &Module) -> PyResult<Self> {
        match (&self.source, &other.source) {
            (Source::Lookup { arg, smash }, Source::Lookup { arg: b, smash: more }) => {
                let mut factors = smash.clone();
                factors.push(b.clone());
                factors.extend(more.iter().cloned());
                Self::from_source(Source::Lookup {
                    arg: arg.clone(),
                    smash: factors,
                })
            }
            _ => Err(bad(format!(
                "smash({}, {}): smash products take modules found by name or path (Module.bundled, Module.from_file), not a dict",
                self.name, other.name
            ))),
        }
    }

    #[getter]
    fn name(&self) -> String {
        self.name.clone()
    }

    #[getter]
    fn prime(&self) -> u32 {
        self.prime
    }

    /// The degree of the bottom cell.
    #[getter]
    fn min_degree(&self) -> PyResult<i32> {
        Ok(load(self, None)?.min_degree())
    }
}

impl Module {
    fn from_source(source: Source) -> PyResult<Self> {
        let mut module = Self {
            source,
            name: String::new(),
            prime: 0,
        };
        let m = load(&module, None)?;
        module.name = m.name().to_string();
        module.prime = m.prime();
        Ok(module)
    }
}
