//! The MPI transport (feature `mpi`): one resolution across the ranks of MPI's world
//! ([`super`]). Rank 0 leads, resolves with the others' help and writes every output; the
//! other ranks follow and write nothing. Outside `mpirun` (or with one rank) a run is the
//! single process's.
//!
//! The transport: messages of bytes on `MPI_COMM_WORLD`, one tag. The main thread polls
//! (`MPI_Improbe`, `MPI_Mrecv`); one sender thread per destination does the blocking sends,
//! so a rank never stops receiving while its own large message waits for a receiver, and
//! a hung rank delays no message to the others (MPI is initialised
//! with `MPI_THREAD_MULTIPLE`).
//!
//! Errors of the cluster itself (a rank refused, silent or failed) are printed on one
//! line and end every rank at once with `MPI_Abort`: exit 2 for a rank refused at the
//! handshake, 3 otherwise.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::{Mutex, OnceLock};
use std::thread::JoinHandle;

use super::{self as distributed, ClusterError, Identity, Transport};
use crate::{Algorithm, Resolution, ResolutionError, Resolvable, RunOptions, RunReport};
use mpi::environment::Universe;
use mpi::point_to_point::{Destination, MatchedReceiveVec, Source};
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::Threading;

/// MPI's world as a [`Transport`]: sends go to the sender thread.
struct MpiNet {
    rank: usize,
    size: usize,
    /// Per destination rank, the queue of its sender thread (one thread per destination,
    /// so that a send that waits on a hung rank delays no message to the others).
    outbox: Mutex<Vec<Sender<Vec<u8>>>>,
    senders: Mutex<Vec<JoinHandle<()>>>,
    /// Whether rank 0 has told the followers that the run is over.
    stopped: AtomicBool,
}

impl Transport for MpiNet {
    fn rank(&self) -> usize {
        self.rank
    }

    fn size(&self) -> usize {
        self.size
    }

    fn send(&self, to: usize, bytes: Vec<u8>) {
        if let Some(outbox) = self.outbox.lock().expect("outbox").get(to) {
            let _ = outbox.send(bytes);
        }
    }

    fn poll(&self) -> Option<(usize, Vec<u8>)> {
        let world = SimpleCommunicator::world();
        let probed = world.any_process().immediate_matched_probe()?;
        let (bytes, status) = probed.matched_receive_vec::<u8>();
        Some((status.source_rank() as usize, bytes))
    }
}

/// The world of this process, once [`start`] found more than one rank.
static NET: OnceLock<MpiNet> = OnceLock::new();

/// Keeps MPI initialised; dropping it waits for the queued sends and finalises MPI.
pub struct Guard(Option<Universe>);

impl Drop for Guard {
    fn drop(&mut self) {
        if let Some(net) = NET.get() {
            // Rank 0 ending in any way (a panic included) releases the followers that
            // still wait for it.
            if net.rank == 0 && !net.stopped.swap(true, Ordering::SeqCst) {
                distributed::stop_followers(net, false);
            }
            net.outbox.lock().expect("outbox").clear();
            for handle in net.senders.lock().expect("senders").drain(..) {
                let _ = handle.join();
            }
        }
        drop(self.0.take());
    }
}

/// Whether this process was started by an MPI launcher (`mpirun`, `srun`).
fn under_mpi() -> bool {
    ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"]
        .iter()
        .any(|v| std::env::var_os(v).is_some())
}

/// Initialises MPI when this process runs under an MPI launcher with more than one rank;
/// a follower's notes are silenced (`quiet`). Exits (code 3) when MPI cannot give
/// `MPI_THREAD_MULTIPLE`.
pub fn start(quiet: &mut bool) -> Guard {
    if !under_mpi() {
        return Guard(None);
    }
    let Some((universe, threading)) = mpi::initialize_with_threading(Threading::Multiple) else {
        return Guard(None);
    };
    let world = universe.world();
    if threading != Threading::Multiple {
        fail(
            &world,
            3,
            "MPI does not provide MPI_THREAD_MULTIPLE, which adams needs across ranks",
        );
    }
    let (rank, size) = (world.rank() as usize, world.size() as usize);
    if size > 1 {
        let (mut outbox, mut senders) = (Vec::new(), Vec::new());
        for to in 0..size {
            let (tx, rx) = mpsc::channel::<Vec<u8>>();
            let sender = std::thread::Builder::new()
                .name(format!("adams-mpi-to-{to}"))
                .spawn(move || {
                    let world = SimpleCommunicator::world();
                    for bytes in rx {
                        world.process_at_rank(to as i32).send(&bytes[..]);
                    }
                })
                .unwrap_or_else(|e| {
                    fail(
                        &world,
                        3,
                        &format!("cannot start an MPI sender thread: {e}"),
                    )
                });
            outbox.push(tx);
            senders.push(sender);
        }
        let _ = NET.set(MpiNet {
            rank,
            size,
            outbox: Mutex::new(outbox),
            senders: Mutex::new(senders),
            stopped: AtomicBool::new(false),
        });
        *quiet |= rank != 0;
    }
    Guard(Some(universe))
}

/// Whether this process is a follower (a rank other than 0 of a world of several).
pub fn is_follower() -> bool {
    NET.get().is_some_and(|n| n.rank != 0)
}

/// Whether this process is one rank of several.
pub fn active() -> bool {
    NET.get().is_some()
}

/// Prints `error: MESSAGE` on one line ([`crate::report::print_error_line`]) and ends
/// every rank with `code`.
fn fail(world: &SimpleCommunicator, code: i32, message: &str) -> ! {
    crate::report::print_error_line(message);
    world.abort(code)
}

/// The error of the cluster itself: printed, every rank ended. A failure of the run
/// (a step on rank 0, the save directory) comes back as usual.
fn stop_on(e: ClusterError) -> ResolutionError {
    match e {
        ClusterError::Run(e) => e,
        ClusterError::Refused { .. } => fail(&SimpleCommunicator::world(), 2, &e.to_string()),
        e => fail(&SimpleCommunicator::world(), 3, &e.to_string()),
    }
}

/// The silence after which a rank is declared dead ([`distributed::TIMEOUT_ENV`]). A bad
/// value ends every rank with code 2, reported by rank 0 alone (launchers give every rank
/// the same environment); a follower keeps the default until rank 0 ends the run.
fn timeout() -> std::time::Duration {
    distributed::timeout_from_env().unwrap_or_else(|m| match is_follower() {
        true => distributed::DEFAULT_TIMEOUT,
        false => fail(&SimpleCommunicator::world(), 2, &m),
    })
}

/// A hash of this program (its executable file), so that ranks of different builds
/// refuse to work together; the hidden `ADAMS_CLUSTER_TEST_BUILD` is hashed in too (the
/// tests' way to make a rank of "another build").
fn build_hash() -> [u8; 32] {
    let mut hasher = blake3::Hasher::new();
    match std::env::current_exe().and_then(std::fs::read) {
        Ok(bytes) => hasher.update(&bytes),
        Err(_) => hasher.update(env!("CARGO_PKG_VERSION").as_bytes()),
    };
    if let Ok(v) = std::env::var("ADAMS_CLUSTER_TEST_BUILD") {
        hasher.update(v.as_bytes());
    }
    *hasher.finalize().as_bytes()
}

/// Rank 0's run: [`Resolution::run`] across the ranks when there are several, at any
/// prime. Prints the cluster's figures (unless `quiet`).
pub fn run<M: Resolvable>(
    res: &mut Resolution<M>,
    options: RunOptions<'_>,
    quiet: bool,
) -> Result<RunReport, ResolutionError> {
    let Some(net) = NET.get() else {
        return res.run(options);
    };
    let identity = Identity::new(build_hash(), res, options.algorithm);
    let led = res.lead(options, net, &identity, timeout());
    // `lead` has told the followers, whatever its result.
    net.stopped.store(true, Ordering::SeqCst);
    let (report, stats) = led.map_err(stop_on)?;
    if !quiet {
        eprintln!("{}", stats_line(&stats));
    }
    Ok(report)
}

/// On a follower, its whole `adams resolve`: follows rank 0 and writes nothing; `true`.
/// On rank 0 or outside a world of several: `false`.
pub fn follow<M: Resolvable>(
    res: &mut Resolution<M>,
    algorithm: Algorithm,
    threads: usize,
) -> bool {
    let Some(net) = NET.get().filter(|n| n.rank != 0) else {
        return false;
    };
    let identity = Identity::new(build_hash(), res, algorithm);
    if let Err(e) = res.follow(algorithm, threads, net, &identity, timeout()) {
        let e = stop_on(e);
        let message = format!("rank {}: {e}", net.rank);
        fail(&SimpleCommunicator::world(), 3, &message);
    }
    true
}

/// How long a follower that failed before following waits for rank 0 to end the run
/// (it fails the same way on the same input and reports it) before it reports its own
/// error.
const FOLLOWER_GRACE: std::time::Duration = std::time::Duration::from_secs(5);

/// The run failed on this rank with `error` (exit status `code`), not yet printed. In a
/// world of several, what to exit with once MPI is finalised (`None` outside one). Rank 0
/// tells the followers that still wait for it to stop (so that none waits out its timeout
/// and hides the error), prints the error now (`report`, which returns the exit status),
/// and exits with it. A follower waits up to [`FOLLOWER_GRACE`] for rank 0's stop: when it
/// comes, rank 0 reports the run's end and sets the job's exit status, and this rank exits
/// 0 quietly; else it prints `error: rank R: …` and ends every rank with `code`.
pub fn failed(error: &dyn std::fmt::Display, code: u8, report: impl FnOnce() -> u8) -> Option<i32> {
    let net = NET.get()?;
    if net.rank == 0 {
        if !net.stopped.swap(true, Ordering::SeqCst) {
            distributed::stop_followers(net, false);
        }
        return Some(i32::from(report()));
    }
    if distributed::await_stop(net, FOLLOWER_GRACE) {
        return Some(0);
    }
    let message = format!("rank {}: {error}", net.rank);
    fail(&SimpleCommunicator::world(), i32::from(code), &message)
}

/// One line of the cluster's figures: ranks, steps and compute time per rank, bytes.
fn stats_line(s: &distributed::ClusterStats) -> String {
    let per_rank: Vec<String> = (0..s.ranks)
        .map(|r| {
            format!(
                "rank {r}: {} threads, {} steps, {:.2} s",
                s.threads[r],
                s.steps[r],
                s.compute[r].as_secs_f64()
            )
        })
        .collect();
    format!(
        "cluster: {} ranks ({}); {} bidegrees sent on, {} B of generators sent ({} B per bidegree), {} B of generators and {} B of quasi-inverses received, {} B sent and {} B received in all; rank 0 main thread on messages {:.3} s",
        s.ranks,
        per_rank.join("; "),
        s.bidegrees,
        s.gens_sent,
        s.gens_sent.checked_div(s.bidegrees as u64).unwrap_or(0),
        s.gens_received,
        s.qi_received,
        s.bytes_sent,
        s.bytes_received,
        s.communication.as_secs_f64()
    )
}
