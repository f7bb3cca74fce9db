//! Minimal free resolutions over the mod 2 Steenrod algebra, and their Ext.
//!
//! A minimal resolution `… → C_s → C_{s−1} → … → C_0 → M` of a finite A-module `M` by
//! free A-modules has `Ext^{s,t}_A(M, F_2) = F_2^{(number of generators of C_s in degree t)}`:
//! the E2 page of the Adams spectral sequence. Coordinates: Adams filtration `s`,
//! internal degree `t`, stem `n = t − s`.
//!
//! [`Resolution`] resolves every bidegree with `n ≤ max_stem` and `s ≤ max_s` by Nassau's
//! algorithm ([`nassau`], the default) or the classical one ([`classical`]).

pub mod classical;
pub mod free_module;
pub mod nassau;
pub mod subalgebra;

use classical::StepKind;
use fp::{FpVector, Subspace};
use steenrod::module::FiniteModule;
use steenrod::MilnorAlgebra;

pub use free_module::{FreeModule, Term};

/// Largest internal degree the Milnor basis representation supports (`PPart` has 8
/// exponents, enough for degrees below `2^9 − 1`).
pub const MAX_ALGEBRA_DEGREE: i32 = 510;

/// Which algorithm resolves rows `s ≥ 2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Algorithm {
    /// Nassau's algorithm (arXiv:1910.04063), the default at p = 2.
    #[default]
    Nassau,
    /// The classical algorithm: the full matrix of each differential.
    Classical,
}

/// The range to resolve: every bidegree with stem `n = t − s ≤ max_stem` and `s ≤ max_s`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResolutionConfig {
    /// Largest stem `n = t − s`.
    pub max_stem: i32,
    /// Largest Adams filtration `s`.
    pub max_s: u32,
}

/// One nonzero entry of the Ext table: `dim Ext^{s,t} = dim`, at stem `n = t − s`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ExtEntry {
    /// Stem `n = t − s`.
    pub stem: i32,
    /// Adams filtration (homological degree).
    pub s: u32,
    /// Internal degree.
    pub t: i32,
    /// Dimension over F_2.
    pub dim: usize,
}

/// Errors of a resolution run.
#[derive(Debug, thiserror::Error)]
pub enum ResolutionError {
    /// The requested range needs Milnor basis elements of too high a degree.
    #[error("range too large: stem {max_stem}, s {max_s} needs internal degrees up to {needed}, above the supported {MAX_ALGEBRA_DEGREE}")]
    RangeTooLarge {
        /// Requested largest stem.
        max_stem: i32,
        /// Requested largest filtration.
        max_s: u32,
        /// Largest degree of A the run would need.
        needed: i32,
    },
    /// The requested range is empty or negative.
    #[error("invalid range: {0}")]
    InvalidRange(String),
    /// An internal consistency check failed (`d∘d ≠ 0`): a bug, never a wrong chart.
    #[error("consistency check failed at bidegree (s = {s}, t = {t}, stem {stem}): {reason}")]
    Inconsistent {
        /// Filtration.
        s: u32,
        /// Internal degree.
        t: i32,
        /// Stem.
        stem: i32,
        /// What failed.
        reason: String,
    },
}

/// The value of the differential on one generator of `C_s`.
#[derive(Clone, Debug)]
pub struct Differential {
    /// `d(g)` as a vector in the basis of `(C_{s−1})_{|g|}` spanned by generators of
    /// degree `< |g|` (for `s = 0`: a vector of `M_{|g|}`).
    pub value: FpVector,
    /// `d(g)` decoded into terms `Sq(R)·h` (empty for `s = 0`).
    pub terms: Vec<Term>,
}

/// A minimal resolution of a finite module, resolved over a range of bidegrees.
pub struct Resolution {
    pub(crate) module: FiniteModule,
    pub(crate) algebra: MilnorAlgebra,
    pub(crate) config: ResolutionConfig,
    /// `C_0, …, C_{max_s}`.
    pub(crate) modules: Vec<FreeModule>,
    /// `differentials[s][g] = d_s(g)` for each generator `g` of `C_s`.
    pub(crate) differentials: Vec<Vec<Differential>>,
}

impl Resolution {
    /// Prepares a resolution of `module` over `config`'s range.
    ///
    /// Errors: [`ResolutionError::RangeTooLarge`] when the range needs Milnor basis
    /// elements of degree above [`MAX_ALGEBRA_DEGREE`]; [`ResolutionError::InvalidRange`]
    /// for a negative stem bound below the module's bottom cell.
    pub fn new(module: FiniteModule, config: ResolutionConfig) -> Result<Self, ResolutionError> {
        if config.max_stem < module.min_degree() {
            return Err(ResolutionError::InvalidRange(format!(
                "max stem {} is below the bottom cell of {} (degree {})",
                config.max_stem,
                module.name(),
                module.min_degree()
            )));
        }
        let needed = config.max_stem as i64 + config.max_s as i64 - module.min_degree() as i64;
        if needed > MAX_ALGEBRA_DEGREE as i64 {
            return Err(ResolutionError::RangeTooLarge {
                max_stem: config.max_stem,
                max_s: config.max_s,
                needed: needed.min(i32::MAX as i64) as i32,
            });
        }
        let algebra = MilnorAlgebra::new(needed as u32);
        let n = config.max_s as usize + 1;
        Ok(Self {
            module,
            algebra,
            config,
            modules: vec![FreeModule::new(); n],
            differentials: vec![Vec::new(); n],
        })
    }

    /// The module being resolved.
    pub fn module(&self) -> &FiniteModule {
        &self.module
    }

    /// The Milnor algebra used (basis up to the largest degree the range needs).
    pub fn algebra(&self) -> &MilnorAlgebra {
        &self.algebra
    }

    /// The range.
    pub fn config(&self) -> ResolutionConfig {
        self.config
    }

    /// The free module `C_s`.
    pub fn free_module(&self, s: u32) -> &FreeModule {
        &self.modules[s as usize]
    }

    /// `d_s` on each generator of `C_s`.
    pub fn differentials(&self, s: u32) -> &[Differential] {
        &self.differentials[s as usize]
    }

    /// `dim Ext^{s,t}`: the number of generators of `C_s` in degree `t` (0 outside the
    /// resolved range).
    pub fn number_of_gens(&self, s: u32, t: i32) -> usize {
        match self.modules.get(s as usize) {
            Some(c) => c.gens_in_degree(t),
            None => 0,
        }
    }

    /// Resolves every bidegree in range by Nassau's algorithm.
    pub fn resolve(&mut self) -> Result<(), ResolutionError> {
        self.resolve_with(Algorithm::Nassau)
    }

    /// Resolves every bidegree in range, in order of increasing `t`, then `s`.
    ///
    /// Classical: every step row reduces the old part of `d_s` (see [`classical`]); the
    /// kernel at `(s, t)` feeds `(s+1, t)`, so at stem `max_stem + 1` the kernels are still
    /// computed. Nassau: rows `s = 0, 1` are classical (the augmentation `C_0 → M` is not a
    /// map of free modules); rows `s ≥ 2` take [`nassau::step`], which needs no kernel from
    /// the row below.
    pub fn resolve_with(&mut self, algorithm: Algorithm) -> Result<(), ResolutionError> {
        let max_stem = self.config.max_stem;
        let max_s = self.config.max_s;
        let min_deg = self.module.min_degree();
        for t in min_deg..=max_stem + max_s as i32 {
            // kernels[s] = ker(d_s) in degree t (old part), consumed by step (s+1, t).
            let mut kernels: Vec<Option<Subspace>> = vec![None; max_s as usize + 1];
            for s in 0..=max_s {
                let stem = t - s as i32;
                if stem < min_deg {
                    break;
                }
                let classical_row = algorithm == Algorithm::Classical || s <= 1;
                // Whether step (s+1, t) is classical and in range, so needs ker(d_s) at t.
                let kernel_needed = s < max_s
                    && stem - 1 <= max_stem
                    && (algorithm == Algorithm::Classical || s == 0);
                if stem <= max_stem {
                    if classical_row {
                        classical::step(self, s, t, StepKind::Full, kernel_needed, &mut kernels)?;
                    } else {
                        nassau::step(self, s, t)?;
                    }
                } else if kernel_needed {
                    classical::step(self, s, t, StepKind::KernelOnly, true, &mut kernels)?;
                }
            }
        }
        Ok(())
    }

    /// The nonzero entries of Ext in the resolved range, sorted by stem, then `s`.
    pub fn ext(&self) -> Vec<ExtEntry> {
        let mut entries = Vec::new();
        for (s, c) in self.modules.iter().enumerate() {
            let degrees = c.gen_degrees();
            let mut i = 0;
            while i < degrees.len() {
                let t = degrees[i];
                let j = degrees.partition_point(|&d| d <= t);
                entries.push(ExtEntry { stem: t - s as i32, s: s as u32, t, dim: j - i });
                i = j;
            }
        }
        entries.retain(|e| e.stem <= self.config.max_stem);
        entries.sort();
        entries
    }
}
