//! What a run is asked to do: the range, the algorithm, threads, progress and offload.

use std::sync::atomic::AtomicBool;

use crate::backend::Offload;
use crate::report::Progress;

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

/// How to run [`crate::Resolution::run`].
pub struct RunOptions<'a> {
    /// Algorithm for rows `s ≥ 2`.
    pub algorithm: Algorithm,
    /// Worker threads; 0 means as many as the rayon pool the run is called from has (one
    /// per core outside any pool).
    pub threads: usize,
    /// Called on the driving thread after each bidegree completes.
    pub progress: Option<&'a mut dyn FnMut(&Progress)>,
    /// Where Nassau steps build and reduce their matrices; `None`: the CPU.
    pub offload: Option<Offload<'a>>,
    /// Asks the run to stop: read on the driving thread after each completed bidegree;
    /// once it is `true` nothing new starts, the steps in flight finish (and are kept, and
    /// written to the save directory), and the run returns [`crate::ResolutionError::Stopped`].
    /// `None`: the run goes to the end of its range.
    pub stop: Option<&'a AtomicBool>,
    /// Resolve within a memory budget ([`crate::Hold`]: a band of rows at a time, the rows
    /// no later step reads spilled to the attached save directory); `None`: every row
    /// stays in memory.
    pub hold: Option<crate::Hold>,
    /// Without `hold`: keep every row in memory while the process's resident memory stays
    /// below the watch's mark, and past it go on within its budget ([`crate::Watch`]);
    /// `None`: no watch. Ignored when `hold` is given.
    pub watch: Option<crate::Watch>,
}

impl Default for RunOptions<'_> {
    fn default() -> Self {
        Self {
            algorithm: Algorithm::Nassau,
            threads: 0,
            progress: None,
            offload: None,
            stop: None,
            hold: None,
            watch: None,
        }
    }
}
