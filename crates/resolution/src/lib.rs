//! Minimal free resolutions over the mod p Steenrod algebra (and its sub-Hopf algebras), and
//! their Ext.
//!
//! A minimal resolution `… → C_s → C_{s−1} → … → C_0 → M` of a finite A-module `M` by
//! free A-modules has `Ext^{s,t}_A(M, F_p) = F_p^{(number of generators of C_s in degree t)}`:
//! the E2 page of the Adams spectral sequence. Coordinates: Adams filtration `s`,
//! internal degree `t`, stem `n = t − s`.
//!
//! [`Resolution`] resolves every bidegree with `n ≤ max_stem` and `s ≤ max_s` by Nassau's
//! algorithm ([`nassau`], the default) or the classical one ([`classical`]), each bidegree
//! a node of a dependency graph run on a thread pool ([`scheduler`], [`graph`]). At odd
//! primes the classical algorithm resolves over the Milnor basis `Q(E)P(R)`.

pub mod backend;
pub mod bidegree;
pub mod certify;
pub mod chain_map;
pub mod classical;
#[cfg(feature = "cluster")]
pub mod cluster;
pub mod config;
pub mod cpu_backend;
pub mod cpu_device;
pub mod error;
pub mod free_module;
pub mod graph;
mod hold;
mod memory;
pub mod motivic;
pub mod nassau;
pub mod products;
pub mod report;
mod resolution;
mod run;
pub mod sample;
pub mod save;
pub mod scheduler;
pub mod secondary;
mod signature_basis;
pub mod step;
mod step_algebra;
mod step_context;
pub mod step_errors;
pub mod store;
pub mod subalgebra;
mod tracker;
pub mod unstable;
pub mod verified;
mod watch;
pub mod workers;

pub use backend::{Backend, BlockBuild, BlockColumns, Call, Offload, ProductBatch, WholeRows};
pub use bidegree::Bidegree;
pub use certify::{certify, Certificate, CertifyError};
pub use config::{Algorithm, ResolutionConfig, RunOptions};
pub use cpu_backend::CpuBackend;
pub use cpu_device::CpuDevice;
pub use error::ResolutionError;
pub use free_module::{Differential, FreeModule, Term};
pub use graph::{BidegreeNode, StepPlan};
pub use hold::{chart_products_loading, Hold, HoldReport, Watch, WATCH_EVERY};
pub use memory::{milnor_basis_dims, projected_peak, resident_bytes, MemoryUse, PeakEstimate};
pub use report::{ExtEntry, Progress, RunReport};
pub use resolution::Resolution;
pub use run::{ModuleSteps, Resolvable};
pub use sample::{CallKind, CheckedCall, Checks, FractionError, SampleFraction};
pub use save::{SaveDir, SaveError, SaveOptions};
pub use step::{QuasiInverseKind, StepOutput, StepQuasiInverse};
pub use step_errors::{Action, Inconsistency, MatrixName, OffloadError};
pub use store::Store;
pub use verified::Verified;
pub use workers::Workers;

/// Largest internal degree `t` above the bottom cell a resolution may reach: the top
/// degree of the Milnor basis tables (`PPart` has 8 exponents, enough for degrees below
/// `2^9 − 1`). The one definition is [`steenrod::MAX_ALGEBRA_DEGREE`]; this is it as a
/// degree (`i32`), the type bidegrees use.
pub const MAX_ALGEBRA_DEGREE: i32 = steenrod::MAX_ALGEBRA_DEGREE as i32;
