//! The [`Resolution`] object: a module, the algebra its range needs, and the free
//! modules `C_0, …, C_{max_s}` as they are filled in ([`Resolution::run`], in `run.rs`).

use steenrod::module::FiniteModule;
use steenrod::{Algebra, MilnorAlgebra, Module};

use crate::bidegree::Bidegree;
use crate::config::{Algorithm, ResolutionConfig, RunOptions};
use crate::error::ResolutionError;
use crate::free_module::FreeModule;
use crate::report::{ExtEntry, RunReport};
use crate::save;
use crate::MAX_ALGEBRA_DEGREE;

/// A minimal resolution of a finite module `M` over its algebra (the Steenrod algebra at
/// the module's prime, or the sub-Hopf algebra of its profile), resolved over a range of
/// bidegrees. `Resolution` alone is the p = 2 one (`M` = [`FiniteModule`]); at an odd
/// prime `M` is `steenrod::module::FiniteModule<MilnorAlgebra<ValidPrime>>`.
pub struct Resolution<M: Module = FiniteModule> {
    pub(crate) module: M,
    pub(crate) algebra: M::Algebra,
    pub(crate) config: ResolutionConfig,
    /// `C_0, …, C_{max_s}` with their differentials.
    pub(crate) rows: Vec<FreeModule<M::Algebra>>,
    /// Where completed bidegrees are written ([`Resolution::resume`]).
    pub(crate) save: Option<save::SaveDir>,
    /// The temporary directory `save` is in when a watched run made it (`watch.rs`);
    /// after `save`, so that the directory's lock is released before it is removed.
    pub(crate) spill_temp: Option<tempfile::TempDir>,
}

impl<M: Module> Resolution<M> {
    /// Prepares a resolution of `module` over `config`'s range, over the sub-Hopf algebra
    /// of the module's profile when it has one.
    ///
    /// Errors: [`ResolutionError::RangeTooLarge`] when the range needs basis elements of
    /// degree above [`MAX_ALGEBRA_DEGREE`] above the bottom cell;
    /// [`ResolutionError::InvalidRange`] for a stem bound below the module's bottom cell.
    pub fn new(module: M, config: ResolutionConfig) -> Result<Self, ResolutionError> {
        Self::with_table_budget(module, config, None)
    }

    /// [`Resolution::new`] with product tables of `budget` bytes at p = 2 (`None`: sized
    /// to the range and the memory free, `steenrod::table_budget_for`; `Some(0)`: none;
    /// odd primes keep no tables). Errors as [`Resolution::new`].
    pub fn with_table_budget(
        module: M,
        config: ResolutionConfig,
        budget: Option<usize>,
    ) -> Result<Self, ResolutionError> {
        let needed = degrees_needed(module.name(), module.min_degree(), config)?;
        let algebra = module.resolving_algebra(needed as u32, budget);
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
            spill_temp: None,
        })
    }

    /// The prime, as a field ([`fp::P2`] at p = 2).
    pub fn prime(&self) -> <M::Algebra as Algebra>::Field {
        self.algebra.field()
    }

    /// The module being resolved.
    pub fn module(&self) -> &M {
        &self.module
    }

    /// The algebra used (basis up to the largest degree the range needs): the Steenrod
    /// algebra, or the sub-Hopf algebra of the module's profile.
    pub fn algebra(&self) -> &M::Algebra {
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
    pub fn free_module(&self, s: u32) -> &FreeModule<M::Algebra> {
        &self.rows[s as usize]
    }

    /// `dim Ext^{s,t}` at `b`: the number of generators of `C_s` in degree `t` (0 outside
    /// the resolved range).
    pub fn number_of_gens(&self, b: Bidegree) -> usize {
        crate::free_module::gens_at(&self.rows, b)
    }

    /// The nonzero entries of Ext in the resolved range, sorted by stem, then `s`.
    pub fn ext(&self) -> Vec<ExtEntry> {
        crate::free_module::ext_of(&self.rows, self.config.max_stem)
    }
}

impl Resolution {
    /// Caps the bytes of cached admissible-matrix tables for Milnor products
    /// ([`MilnorAlgebra::with_table_budget`]; 0 computes every product by direct
    /// enumeration). Call before resolving.
    pub fn with_product_table_budget(mut self, bytes: usize) -> Self {
        self.algebra =
            MilnorAlgebra::with_profile(self.algebra.max_degree(), bytes, self.module.profile());
        self
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
