//! Minimal resolutions over the mod p Steenrod algebra at an odd prime p, by the classical
//! algorithm (Bruner, "Calculation of large Ext modules", 1993) in the Milnor basis
//! `Q(E)P(R)` (Milnor, "The Steenrod algebra and its dual", 1958, §6–7).
//!
//! The same plan as at p = 2 under `--algorithm classical` ([`crate::graph::plan`], the
//! scheduler, kernels handed from `(s − 1, t)` to `(s, t)`), over F_p
//! ([`fp::FqMatrix`]) and with the odd-primary algebra ([`steenrod::OddMilnorAlgebra`]) and
//! modules ([`steenrod::module::OddModule`]). Nassau's algorithm and offload to a device
//! are p = 2 only: [`OddResolution::run`] refuses them. Save and resume as at p = 2
//! ([`OddResolution::resume`], `crates/resolution/SAVE-FORMAT.md`, "Odd primes").

mod certify;
pub mod chain_map;
mod free_module;
pub mod massey;
pub mod massey_range;
pub mod products;
mod run;
pub mod saved_lift;
mod step;

pub(crate) use free_module::decode_with_degrees;
pub use free_module::{OddDifferential, OddFreeModule, OddTerm};

use fp::{Prime, ValidPrime};
use steenrod::module::OddModule;
use steenrod::OddMilnorAlgebra;

use crate::bidegree::Bidegree;
use crate::config::ResolutionConfig;
use crate::error::ResolutionError;
use crate::report::ExtEntry;

/// A minimal resolution of a finite module over the mod p Steenrod algebra, p odd.
pub struct OddResolution {
    pub(crate) module: OddModule,
    pub(crate) algebra: OddMilnorAlgebra,
    pub(crate) config: ResolutionConfig,
    /// `C_0, …, C_{max_s}` with their differentials.
    pub(crate) rows: Vec<OddFreeModule>,
    /// The save directory attached by [`OddResolution::resume`], if any.
    pub(crate) save: Option<crate::save::SaveDir>,
}

impl OddResolution {
    /// Prepares a resolution of `module` over `config`'s range, over the sub-Hopf
    /// algebra of the module's profile when it has one ([`OddModule::profile`]).
    ///
    /// Errors: [`ResolutionError::InvalidRange`] for a stem bound below the module's bottom
    /// cell; [`ResolutionError::RangeTooLarge`] when the range reaches internal degrees
    /// more than [`crate::MAX_ALGEBRA_DEGREE`] above it (as at p = 2).
    pub fn new(module: OddModule, config: ResolutionConfig) -> Result<Self, ResolutionError> {
        let needed = crate::resolution::degrees_needed(module.name(), module.min_degree(), config)?;
        // Over a sub-Hopf algebra (the module's profile) the resolution is over it.
        let algebra =
            OddMilnorAlgebra::with_profile(module.prime().value(), needed as u32, module.profile());
        let min = module.min_degree();
        let rows = (0..=config.max_s as i32)
            .map(|s| OddFreeModule::new(min + s, config.max_stem + s))
            .collect();
        Ok(Self {
            module,
            algebra,
            config,
            rows,
            save: None,
        })
    }

    /// The prime.
    pub fn prime(&self) -> ValidPrime {
        self.module.prime()
    }

    /// The module being resolved.
    pub fn module(&self) -> &OddModule {
        &self.module
    }

    /// The Milnor algebra used (through the largest degree the range needs): `A_p`, or
    /// the sub-Hopf algebra resolved over.
    pub fn algebra(&self) -> &OddMilnorAlgebra {
        &self.algebra
    }

    /// The save directory attached by [`OddResolution::resume`], if any.
    pub fn save_dir(&self) -> Option<&crate::save::SaveDir> {
        self.save.as_ref()
    }

    /// The range.
    pub fn config(&self) -> ResolutionConfig {
        self.config
    }

    /// The free module `C_s` with `d_s` on its generators.
    pub fn free_module(&self, s: u32) -> &OddFreeModule {
        &self.rows[s as usize]
    }

    /// `dim Ext^{s,t}` at `b` (0 outside the resolved range).
    pub fn number_of_gens(&self, b: Bidegree) -> usize {
        crate::free_module::gens_at(&self.rows, b)
    }

    /// The nonzero entries of Ext in the resolved range, sorted by stem, then `s`.
    pub fn ext(&self) -> Vec<ExtEntry> {
        crate::free_module::ext_of(&self.rows, self.config.max_stem)
    }
}
