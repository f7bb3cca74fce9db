//! One resolution across several processes (ranks): a **leader** (rank 0) runs the
//! bidegree graph of [`crate::graph::plan`] and hands ready bidegrees to the ranks (itself
//! included); a **follower** computes the steps it is handed with its own worker threads
//! and sends back what the store keeps (the new generators with their differentials, and
//! the quasi-inverses when the leader's save directory keeps them). The leader sends each
//! completed bidegree's generators to every rank that did not compute it, before any step
//! that reads them, so every rank's in-memory store (its free modules) holds what its
//! next steps read. The run is generic over the module, like [`crate::Resolution::run`]:
//! at an odd prime the differentials travel with their coefficients in F_p, packed as the
//! save format packs them (`SAVE-FORMAT.md`, "Odd primes"). What stays where it was made:
//!
//! * the kernel a classical step `(s, t)` hands to `(s + 1, t)`: that step runs on the
//!   rank that holds it (no transfer);
//! * the quasi-inverses, unless the leader keeps them in its save directory (then they
//!   are shipped once, to the leader, in the save format's payload).
//!
//! Only the leader writes outputs and the save directory; its run is the single-process
//! run's, so `ext.csv`, `chart.json` and the save directory are byte for byte those of one
//! process (steps are deterministic functions of their inputs).
//!
//! Faults: every rank first sends a handshake (its build, the run's identity: module,
//! prime, algorithm, range); a mismatch stops the run naming the rank
//! ([`ClusterError::Refused`]). Ranks send a heartbeat every [`HEARTBEAT`]; a rank silent
//! for the timeout ([`TIMEOUT_ENV`], default [`DEFAULT_TIMEOUT`]) stops the run naming it
//! ([`ClusterError::Silent`]). The save directory is written bidegree by bidegree
//! (atomic files), so a rerun with any number of ranks resumes.
//!
//! The transport is any [`Transport`]: MPI's world ([`mpi`], feature `mpi`; needs the
//! system's MPI to build), or channels in tests.

mod dispatch;
mod follower;
mod leader;
mod local;
#[cfg(feature = "mpi")]
pub mod mpi;
mod wire;

use std::time::Duration;

pub use follower::FollowReport;
pub use leader::ClusterStats;

use crate::bidegree::Bidegree;
use crate::error::ResolutionError;

/// Messages between ranks: a rank sends bytes to a rank and polls for what came.
///
/// Messages from one rank to another arrive in the order they were sent, intact (MPI's
/// non-overtaking rule); `send` never waits for the receiver to poll.
pub trait Transport {
    /// This process's rank, `0..size`.
    fn rank(&self) -> usize;
    /// Number of ranks.
    fn size(&self) -> usize;
    /// Sends `bytes` to rank `to` (queued; returns at once).
    fn send(&self, to: usize, bytes: Vec<u8>);
    /// The next message that arrived, with its sender's rank; `None` when none is waiting.
    fn poll(&self) -> Option<(usize, Vec<u8>)>;
}

/// How often a rank tells the others it is alive.
pub const HEARTBEAT: Duration = Duration::from_millis(500);

/// The environment variable that sets how long a rank may stay silent, in seconds.
pub const TIMEOUT_ENV: &str = "ADAMS_CLUSTER_TIMEOUT";

/// How long a rank may stay silent (no heartbeat, no message) before the run stops.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);

/// A test hook: `RANK:STEPS:MODE` makes rank `RANK` (a follower) stop after computing
/// `STEPS` steps, by exiting (`exit`) or by going silent (`hang`).
pub const TEST_STOP_ENV: &str = "ADAMS_CLUSTER_TEST_STOP";

/// The shortest timeout [`TIMEOUT_ENV`] may set: twice the [`HEARTBEAT`], so that a rank
/// that is alive is never declared silent between two of its heartbeats.
pub const MIN_TIMEOUT: Duration = Duration::from_secs(1);

/// The timeout from [`TIMEOUT_ENV`] ([`DEFAULT_TIMEOUT`] when unset): [`parse_timeout`].
pub fn timeout_from_env() -> Result<Duration, String> {
    parse_timeout(std::env::var(TIMEOUT_ENV).ok().as_deref())
}

/// The timeout that `value` of [`TIMEOUT_ENV`] sets (`None`: unset, [`DEFAULT_TIMEOUT`]).
/// Errors (one line naming the variable): not a number of seconds, or below
/// [`MIN_TIMEOUT`].
pub fn parse_timeout(value: Option<&str>) -> Result<Duration, String> {
    let Some(v) = value else {
        return Ok(DEFAULT_TIMEOUT);
    };
    match v.trim().parse::<f64>() {
        Ok(secs) if secs.is_finite() && secs >= MIN_TIMEOUT.as_secs_f64() => {
            Ok(Duration::from_secs_f64(secs))
        }
        Ok(secs) if secs.is_finite() => Err(format!(
            "environment variable {TIMEOUT_ENV}: `{v}` is below {} s (every rank sends a heartbeat each {} s, so a shorter wait would stop runs whose ranks are alive)",
            MIN_TIMEOUT.as_secs_f64(),
            HEARTBEAT.as_secs_f64()
        )),
        _ => Err(format!(
            "environment variable {TIMEOUT_ENV}: `{v}` is not a number of seconds"
        )),
    }
}

/// Tells every follower of `net` (rank 0's) that the run is over (`ok`: it succeeded):
/// each one's [`crate::Resolution::follow`] returns, or [`await_stop`] sees it. Rank 0
/// calls it once per run, also when it fails before [`crate::Resolution::lead`] (a save
/// directory of another module, an output folder it cannot make), so that no follower
/// waits out its timeout.
pub fn stop_followers(net: &dyn Transport, ok: bool) {
    let bytes = wire::Message::Stop { ok }.encode();
    for r in 1..net.size() {
        net.send(r, bytes.clone());
    }
}

/// On a follower that failed before following (its own error, often rank 0's too: an odd
/// prime, a module file it cannot read): waits up to `within` for rank 0's stop, and
/// whether it came (then rank 0 has reported the run's end and this rank need not).
/// Every other message is dropped.
pub fn await_stop(net: &dyn Transport, within: Duration) -> bool {
    let started = std::time::Instant::now();
    while started.elapsed() < within {
        match net.poll() {
            Some((0, bytes)) => {
                if let Ok(wire::Message::Stop { .. }) = wire::Message::decode(&bytes) {
                    return true;
                }
            }
            Some(_) => {}
            None => std::thread::sleep(Duration::from_millis(1)),
        }
    }
    false
}

/// What every rank must share: its build (a hash of the executable, from the caller) and
/// the run (module, prime, algorithm, range).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Identity {
    /// A hash of the program.
    pub build: [u8; 32],
    /// The save header's identity of the module and algorithm, then the range.
    pub run: Vec<u8>,
}

impl Identity {
    /// The identity of a run of `algorithm` on `res` (at any prime) by a program whose
    /// hash is `build`.
    pub fn new<M: crate::Resolvable>(
        build: [u8; 32],
        res: &crate::Resolution<M>,
        algorithm: crate::Algorithm,
    ) -> Self {
        let header = M::save_header(&res.module, algorithm);
        let mut run = header.identity().to_vec();
        run.extend_from_slice(&res.config.max_s.to_le_bytes());
        run.extend_from_slice(&res.config.max_stem.to_le_bytes());
        Self { build, run }
    }
}

/// Why a distributed run stopped.
#[derive(Debug, thiserror::Error)]
pub enum ClusterError {
    /// A rank runs another build or another resolution.
    #[error("rank {rank} refused: it runs {what} than rank 0")]
    Refused {
        /// The rank.
        rank: usize,
        /// `a different build of adams`, `a different module, algorithm or range`.
        what: &'static str,
    },
    /// A rank sent nothing (not even a heartbeat) for `seconds`.
    #[error("rank {rank} is silent: nothing from it for {seconds:.1} s (dead or hung); the save directory keeps every completed bidegree, rerun to resume")]
    Silent {
        /// The rank.
        rank: usize,
        /// How long.
        seconds: f64,
    },
    /// A rank's step failed.
    #[error("rank {rank}: step at {at} failed: {message}")]
    StepFailed {
        /// The rank.
        rank: usize,
        /// The step.
        at: Bidegree,
        /// Its error.
        message: String,
    },
    /// A message that does not parse.
    #[error("rank {rank} sent a malformed message: {reason}")]
    Malformed {
        /// The sender.
        rank: usize,
        /// What is wrong.
        reason: String,
    },
    /// The run itself failed (a step on the leader, the save directory).
    #[error(transparent)]
    Run(#[from] ResolutionError),
}

impl From<crate::save::SaveError> for ClusterError {
    fn from(e: crate::save::SaveError) -> Self {
        Self::Run(e.into())
    }
}
