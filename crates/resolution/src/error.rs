//! The errors of a resolution run ([`ResolutionError`]); the binary maps each to an exit
//! code and a one-line message.

use crate::save::SaveError;
use crate::step_errors::{Inconsistency, OffloadError};
use crate::Bidegree;
use crate::MAX_ALGEBRA_DEGREE;

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
    /// The requested stem bound lies below the module's bottom cell.
    #[error(
        "invalid range: max stem {max_stem} is below the bottom cell of {module} (degree {bottom})"
    )]
    InvalidRange {
        /// Requested largest stem.
        max_stem: i32,
        /// The module's name.
        module: String,
        /// Degree of its bottom cell.
        bottom: i32,
    },
    /// An internal consistency check failed (`d∘d ≠ 0`, a lift that does not exist): a bug
    /// or a faulty device; the run stops, so no chart is written. Passing these checks
    /// does not make a resolution exact: [`crate::certify()`] checks that.
    #[error("consistency check failed at bidegree {at}: {reason}")]
    Inconsistent {
        /// The step's bidegree.
        at: Bidegree,
        /// What failed.
        reason: Inconsistency,
    },
    /// The thread pool could not be built.
    #[error("cannot start {threads} worker threads: {source}")]
    Threads {
        /// Requested threads.
        threads: usize,
        /// Why.
        source: rayon::ThreadPoolBuildError,
    },
    /// Writing a save record failed, or the save directory does not fit this run.
    #[error("{0}")]
    Save(Box<SaveError>),
    /// An offloaded build or reduction failed on its device, or differs from the CPU's
    /// (verify mode).
    #[error("offload failed at bidegree {at}: {source}")]
    Offload {
        /// The step's bidegree.
        at: Bidegree,
        /// What failed, where (build, signature, row).
        #[source]
        source: OffloadError,
    },
    /// Something asked of an odd-primary resolution that exists only at p = 2.
    #[error("{what} is not available at p = {p}: odd primes are resolved by the classical algorithm on the CPU (--algorithm classical --backend cpu)")]
    NotAtOddPrimes {
        /// The prime.
        p: fp::ValidPrime,
        /// What was asked for.
        what: &'static str,
    },
    /// Nassau's algorithm asked for over a sub-Hopf algebra: its steps split by the
    /// signatures of sub-algebras `F_2, A(0), A(1), …` that need not lie inside it.
    #[error("Nassau's algorithm is not available over the sub-Hopf algebra {profile} (its signature sub-algebras need not lie inside it): use --algorithm classical")]
    NassauOverSubalgebra {
        /// The profile, as `A(1)` or `profile (2,1)`.
        profile: String,
    },
    /// A run within a memory budget ([`crate::RunOptions::hold`]) without a save
    /// directory to spill its rows to.
    #[error("a run within a memory budget spills its finished rows to a save directory, and none is attached")]
    HoldWithoutSave,
    /// A watched run ([`crate::RunOptions::watch`]) passed its resident-memory mark: the
    /// pass stops there and [`crate::Resolution::run`] goes on within the watch's
    /// [`crate::Hold`]; a run never returns it.
    #[error("the process's resident memory reached {resident} bytes, past the watch's {trip}")]
    PastWatch {
        /// Resident bytes when the watch read them.
        resident: u64,
        /// The watch's mark ([`crate::Watch::trip_bytes`]).
        trip: u64,
    },
    /// The temporary save directory a watched run spills to could not be made.
    #[error("cannot make a temporary directory to spill finished rows to: {source}")]
    SpillDir {
        /// The operating system's error.
        #[source]
        source: std::io::Error,
    },
    /// The dependency graph stalled (a scheduler bug).
    #[error("the bidegree graph stalled after {completed} of {total} bidegrees")]
    Stalled {
        /// Bidegrees completed.
        completed: usize,
        /// Bidegrees in the graph.
        total: usize,
    },
    /// The caller asked the run to stop ([`crate::RunOptions::stop`]): the bidegrees
    /// completed by then are kept (and saved, with a save directory attached), and a later
    /// run resumes from them.
    #[error("stopped on request after {completed} of {total} bidegrees")]
    Stopped {
        /// Bidegrees completed in this run.
        completed: usize,
        /// Bidegrees the run had to compute.
        total: usize,
    },
}

impl From<SaveError> for ResolutionError {
    /// Boxed: a save error names paths and modules, and would make every `Result` of a
    /// run as large as itself.
    fn from(e: SaveError) -> Self {
        ResolutionError::Save(Box::new(e))
    }
}
