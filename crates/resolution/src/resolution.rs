//! The [`Resolution`] object: a module, the Milnor algebra its range needs, and the free
//! modules `C_0, …, C_{max_s}` as they are filled in ([`Resolution::run`], in `run.rs`).

use steenrod::module::FiniteModule;
use steenrod::{available_memory, table_budget_for, MilnorAlgebra};

use crate::bidegree::Bidegree;
use crate::config::{Algorithm, ResolutionConfig, RunOptions};
use crate::error::ResolutionError;
use crate::free_module::FreeModule;
use crate::report::{ExtEntry, RunReport};
use crate::save;
use crate::MAX_ALGEBRA_DEGREE;

/// A minimal resolution of a finite module, resolved over a range of bidegrees.
pub struct Resolution {
    pub(crate) module: FiniteModule,
    pub(crate) algebra: MilnorAlgebra,
    pub(crate) config: ResolutionConfig,
    /// `C_0, …, C_{max_s}` with their differentials.
    pub(crate) rows: Vec<FreeModule>,
    /// Where completed bidegrees are written ([`Resolution::resume`]).
    pub(crate) save: Option<save::SaveDir>,
}

impl Resolution {
    /// Prepares a resolution of `module` over `config`'s range.
    ///
    /// Errors: [`ResolutionError::RangeTooLarge`] when the range needs Milnor basis
    /// elements of degree above [`MAX_ALGEBRA_DEGREE`]; [`ResolutionError::InvalidRange`]
    /// for a stem bound below the module's bottom cell.
    pub fn new(module: FiniteModule, config: ResolutionConfig) -> Result<Self, ResolutionError> {
        Self::with_table_budget(module, config, None)
    }

    /// [`Resolution::new`] with product tables of `budget` bytes (`None`: sized to the
    /// range and the memory free, `steenrod::table_budget_for`; `Some(0)`: none). Errors
    /// as [`Resolution::new`].
    pub fn with_table_budget(
        module: FiniteModule,
        config: ResolutionConfig,
        budget: Option<usize>,
    ) -> Result<Self, ResolutionError> {
        let needed = degrees_needed(module.name(), module.min_degree(), config)?;
        // Over the module's algebra: `A`, or the sub-Hopf algebra of its profile.
        let budget = budget.unwrap_or_else(|| table_budget_for(needed as u32, available_memory()));
        let algebra = MilnorAlgebra::with_profile(needed as u32, budget, module.profile());
        let min = module.min_degree();
        let rows = (0..=config.max_s as i32)
            .map(|s| FreeModule::new(min + s, config.max_stem + s))
            .collect();
        Ok(Self {
            module,
            algebra,
            config,
            rows,
            save: None,
        })
    }

    /// Caps the bytes of cached admissible-matrix tables for Milnor products
    /// ([`MilnorAlgebra::with_table_budget`]; 0 computes every product by direct
    /// enumeration). Call before resolving.
    pub fn with_product_table_budget(mut self, bytes: usize) -> Self {
        self.algebra =
            MilnorAlgebra::with_profile(self.algebra.max_degree(), bytes, self.module.profile());
        self
    }

    /// The module being resolved.
    pub fn module(&self) -> &FiniteModule {
        &self.module
    }

    /// The Milnor algebra used (basis up to the largest degree the range needs): `A`, or
    /// the sub-Hopf algebra of the module's profile ([`FiniteModule::profile`]).
    pub fn algebra(&self) -> &MilnorAlgebra {
        &self.algebra
    }

    /// The range.
    pub fn config(&self) -> ResolutionConfig {
        self.config
    }

    /// The save directory attached by [`Resolution::resume`], if any.
    pub fn save_dir(&self) -> Option<&save::SaveDir> {
        self.save.as_ref()
    }

    /// The free module `C_s` with `d_s` on its generators.
    pub fn free_module(&self, s: u32) -> &FreeModule {
        &self.rows[s as usize]
    }

    /// `dim Ext^{s,t}` at `b`: the number of generators of `C_s` in degree `t` (0 outside
    /// the resolved range).
    pub fn number_of_gens(&self, b: Bidegree) -> usize {
        crate::free_module::gens_at(&self.rows, b)
    }

    /// Resolves every bidegree in range by Nassau's algorithm on all cores.
    pub fn resolve(&mut self) -> Result<RunReport, ResolutionError> {
        self.resolve_with(Algorithm::Nassau)
    }

    /// Resolves every bidegree in range by `algorithm` on all cores.
    pub fn resolve_with(&mut self, algorithm: Algorithm) -> Result<RunReport, ResolutionError> {
        self.run(RunOptions {
            algorithm,
            ..RunOptions::default()
        })
    }

    /// The nonzero entries of Ext in the resolved range, sorted by stem, then `s`.
    pub fn ext(&self) -> Vec<ExtEntry> {
        crate::free_module::ext_of(&self.rows, self.config.max_stem)
    }
}

/// The degrees of the algebra a range needs above the module's bottom cell `bottom`:
/// `max_stem + max_s − bottom`.
///
/// Errors: [`ResolutionError::InvalidRange`] for a stem bound below the bottom cell;
/// [`ResolutionError::RangeTooLarge`] above [`MAX_ALGEBRA_DEGREE`].
pub(crate) fn degrees_needed(
    module: &str,
    bottom: i32,
    config: ResolutionConfig,
) -> Result<i64, ResolutionError> {
    if config.max_stem < bottom {
        return Err(ResolutionError::InvalidRange {
            max_stem: config.max_stem,
            module: module.to_string(),
            bottom,
        });
    }
    let needed = config.max_stem as i64 + config.max_s as i64 - bottom as i64;
    if needed > MAX_ALGEBRA_DEGREE as i64 {
        return Err(ResolutionError::RangeTooLarge {
            max_stem: config.max_stem,
            max_s: config.max_s,
            needed: needed.min(i32::MAX as i64) as i32,
        });
    }
    Ok(needed)
}
