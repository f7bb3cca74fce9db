//! What `adams certify SAVE_DIR` does with the module of a save directory, at either
//! prime: find it, hash it, open the directory for it, load the records into a resolution
//! and certify that: [`SavedModule`], one implementation for every prime; how each prime
//! finds its module is [`FindSaved`]'s. `certify::run` picks the prime by the header's.

use std::path::Path;

use resolution::save::{module_hash, Header, SaveAlgebra, SaveDir, SaveError};
use steenrod::module::{AnyModule, FiniteModule, ModuleError};
use steenrod::MilnorAlgebra;

use crate::modules::{self, LookupError};
use fp::ValidPrime;

/// Whether `e` is the module reader's refusal of the field's `cofiber` key.
fn is_cofiber_refusal(e: &LookupError) -> bool {
    matches!(e, LookupError::Module(ModuleError::RefusedKey { key, .. }) if key == "cofiber")
}

/// How `adams certify` finds the module of a save directory at each prime.
pub(super) trait FindSaved: Sized {
    /// The module `name` (a path, a `--modules-dir` name or a bundled one), smashed with
    /// each of `smash` (`--smash`, p = 2 only), with its cells above `top` dropped, over
    /// the algebra of the directory's header `saved`: restricted to its `profile` when the
    /// file has none (as `adams resolve --profile` restricts it). A module of another
    /// prime than the directory's is an error.
    fn find(
        name: &str,
        smash: &[String],
        modules_dir: Option<&Path>,
        top: Option<i32>,
        saved: &Header,
    ) -> Result<Self, LookupError>;
}

/// A module as `adams certify` loads it from a save directory, with its resolution type:
/// one implementation for every prime.
pub(super) trait SavedModule: resolution::Resolvable + FindSaved {
    /// The hash a save header records for it.
    fn hash(&self) -> String;
    /// Cells dropped above the top degree.
    fn dropped(&self) -> usize;
    /// The existing directory `dir`, its header checked against this module.
    fn open(&self, dir: &Path) -> Result<SaveDir, SaveError>;
}

impl<A: SaveAlgebra> SavedModule for FiniteModule<A>
where
    FiniteModule<A>: resolution::Resolvable + FindSaved,
{
    fn hash(&self) -> String {
        module_hash(self)
    }

    fn dropped(&self) -> usize {
        self.dropped_generators()
    }

    fn open(&self, dir: &Path) -> Result<SaveDir, SaveError> {
        SaveDir::open_existing(dir, self)
    }
}

impl FindSaved for FiniteModule {
    fn find(
        name: &str,
        smash: &[String],
        modules_dir: Option<&Path>,
        top: Option<i32>,
        saved: &Header,
    ) -> Result<Self, LookupError> {
        let module = if smash.is_empty() {
            let found = modules::find_module_p2(
                name,
                modules_dir,
                top,
                "adams certify of a p = 2 directory",
            );
            match (found, &saved.profile) {
                (Ok(m), _) => m,
                // A file that is no A-module, saved by `adams resolve FILE --algebra …`:
                // read over the header's algebra, as that run read it.
                // A cofiber file (`adams resolve FILE` saved its base module): that module.
                (Err(e), None) if is_cofiber_refusal(&e) => crate::cofiber::read(name, top)
                    .map(|(_, m)| m)
                    .map_err(|_| e)?,
                (Err(e), Some(profile)) if Path::new(name).is_file() => {
                    let options = steenrod::module::LoadOptions {
                        shift: 0,
                        top_degree: top,
                    };
                    FiniteModule::load_over(Path::new(name), &options, profile).map_err(|_| e)?
                }
                (Err(e), _) => return Err(e),
            }
        } else {
            match modules::find_smash(name, smash, modules_dir, top)? {
                AnyModule::Two(m) => m,
                AnyModule::Odd(m) => {
                    return Err(LookupError::OddPrime {
                        name: m.name().to_string(),
                        p: fp::Prime::value(m.prime()),
                        what: "--smash (smash products)",
                    })
                }
            }
        };
        // A file with its own profile keeps it: a different one is named when the
        // directory is opened (field profile).
        Ok(match (&saved.profile, module.profile()) {
            (Some(profile), None) => module.restricted_to(profile),
            _ => module,
        })
    }
}

impl FindSaved for FiniteModule<MilnorAlgebra<ValidPrime>> {
    fn find(
        name: &str,
        smash: &[String],
        modules_dir: Option<&Path>,
        top: Option<i32>,
        saved: &Header,
    ) -> Result<Self, LookupError> {
        let (prime, profile) = (saved.prime, &saved.profile);
        if !smash.is_empty() {
            return Err(LookupError::OddPrime {
                name: name.to_string(),
                p: prime,
                what: "--smash (smash products)",
            });
        }
        let module = match modules::find_module(name, modules_dir, top)? {
            AnyModule::Odd(m) if fp::Prime::value(m.prime()) == prime => m,
            other => {
                return Err(LookupError::PrimeOfSave {
                    name: other.name().to_string(),
                    p: other.prime(),
                    saved: prime,
                })
            }
        };
        // As at p = 2: a file with its own profile keeps it (another one is named when the
        // directory is opened).
        Ok(match (profile, module.profile()) {
            (Some(profile), None) => module.restricted_to(profile),
            _ => module,
        })
    }
}
