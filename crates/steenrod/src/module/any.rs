//! [`AnyModule`]: a module file of either kind, chosen by its `p`.

use std::path::Path;

use super::{declared_prime, file, FiniteModule, LoadOptions, ModuleError};
use crate::MilnorAlgebra;
use fp::ValidPrime;

/// A module file of either kind, chosen by its `"p"` key: `2` — or absent, or
/// not an integer, or a text that is not a JSON object — is read by
/// [`FiniteModule`] (with its errors, e.g. `p: missing (the prime; must be
/// 2)`), any other integer by `FiniteModule<MilnorAlgebra<ValidPrime>>` (which refuses a `p` that is not a
/// prime below 256: `p: p = 4 is not a prime`).
#[derive(Clone, Debug)]
pub enum AnyModule {
    Two(FiniteModule),
    Odd(FiniteModule<MilnorAlgebra<ValidPrime>>),
}

impl AnyModule {
    /// Read a module from the text of a JSON module file (`name`: the file
    /// name, used in errors). Errors: those of
    /// [`FiniteModule::from_json_str_with`] or [`FiniteModule::from_text_with`] at odd p.
    pub fn from_json_str_with(
        name: &str,
        text: &str,
        options: &LoadOptions,
    ) -> Result<AnyModule, ModuleError> {
        match declared_prime(text) {
            Some(p) if p != 2 => {
                FiniteModule::<MilnorAlgebra<ValidPrime>>::from_text_with(name, text, options)
                    .map(Self::Odd)
            }
            _ => FiniteModule::from_json_str_with(name, text, options).map(Self::Two),
        }
    }

    /// [`from_json_str_with`](Self::from_json_str_with) with no shift and every cell.
    pub fn from_json_str(name: &str, text: &str) -> Result<AnyModule, ModuleError> {
        Self::from_json_str_with(name, text, &LoadOptions::default())
    }

    /// Read a module file with the bounded reader of [`FiniteModule::load`];
    /// errors name the path as given.
    pub fn load_with(path: &Path, options: &LoadOptions) -> Result<AnyModule, ModuleError> {
        let text = file::read_text(path)?;
        Self::from_json_str_with(&path.display().to_string(), &text, options)
    }

    /// One of the project's bundled modules (see [`super::bundled_names`]), or `None`.
    pub fn from_bundled(name: &str) -> Option<AnyModule> {
        FiniteModule::from_bundled(name).map(Self::Two).or_else(|| {
            FiniteModule::<MilnorAlgebra<ValidPrime>>::from_bundled_module(name).map(Self::Odd)
        })
    }

    /// The prime: 2, or the odd module's.
    pub fn prime(&self) -> u32 {
        match self {
            AnyModule::Two(_) => 2,
            AnyModule::Odd(m) => fp::Prime::value(m.prime()),
        }
    }

    /// The module's name (the file name without `.json`, or `S_p`).
    pub fn name(&self) -> &str {
        match self {
            AnyModule::Two(m) => m.name(),
            AnyModule::Odd(m) => m.name(),
        }
    }

    /// The lowest degree of a generator.
    pub fn min_degree(&self) -> i32 {
        match self {
            AnyModule::Two(m) => m.min_degree(),
            AnyModule::Odd(m) => m.min_degree(),
        }
    }

    /// The highest degree of a generator.
    pub fn max_degree(&self) -> i32 {
        match self {
            AnyModule::Two(m) => m.max_degree(),
            AnyModule::Odd(m) => m.max_degree(),
        }
    }

    /// `dim M_t`.
    pub fn dim(&self, t: i32) -> usize {
        match self {
            AnyModule::Two(m) => m.dim(t),
            AnyModule::Odd(m) => m.dim(t),
        }
    }

    /// How many generators were dropped above [`LoadOptions::top_degree`].
    pub fn dropped(&self) -> usize {
        match self {
            AnyModule::Two(m) => m.dropped_generators(),
            AnyModule::Odd(m) => m.dropped_generators(),
        }
    }

    /// The actions of a p = 2 file whose repeated terms cancel
    /// ([`FiniteModule::cancelled_terms`]); at odd p a coefficient is written as a
    /// number, and a repeat is that many copies, so none is reported.
    pub fn cancelled_terms(&self) -> &[String] {
        match self {
            AnyModule::Two(m) => m.cancelled_terms(),
            AnyModule::Odd(_) => &[],
        }
    }
}
