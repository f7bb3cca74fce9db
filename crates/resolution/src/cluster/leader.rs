//! The leader (rank 0): the handshake, the resumed bidegrees sent to every follower, then
//! the run — the bidegree graph dispatched over every rank's workers, each completion
//! kept as in a single-process run ([`crate::run`]) and sent on to the other ranks.

use std::time::{Duration, Instant};

use super::dispatch::Lead;
use super::local::Pulse;
use super::wire::Message;
use super::{ClusterError, Identity, Transport};
use crate::bidegree::Bidegree;
use crate::config::RunOptions;
use crate::graph::{self, Plan};
use crate::report::RunReport;
use crate::run::{worker_pool, Active, Resolvable, Steps};
use crate::scheduler::RunStats;
use crate::store::Store;
use crate::tracker::Tracker;
use crate::Resolution;

/// What a distributed run sent and spent (the leader's view).
#[derive(Clone, Debug, Default)]
pub struct ClusterStats {
    /// Ranks, the leader included.
    pub ranks: usize,
    /// Worker threads of each rank.
    pub threads: Vec<usize>,
    /// Steps each rank computed.
    pub steps: Vec<usize>,
    /// Time each rank's steps took, summed.
    pub compute: Vec<Duration>,
    /// Bidegrees whose generators were sent to other ranks.
    pub bidegrees: usize,
    /// Bytes of generators payloads sent by the leader (each copy counted).
    pub gens_sent: u64,
    /// Bytes of generators payloads received from followers.
    pub gens_received: u64,
    /// Bytes of quasi-inverse payloads received from followers (for the save directory).
    pub qi_received: u64,
    /// Every byte the leader sent and received, messages and heartbeats included.
    pub bytes_sent: u64,
    /// See [`ClusterStats::bytes_sent`].
    pub bytes_received: u64,
    /// Time the leader's main thread spent encoding, decoding, sending and keeping
    /// followers' results (its workers compute meanwhile).
    pub communication: Duration,
}

impl<M: Resolvable> Resolution<M> {
    /// [`Resolution::run`] with the steps spread over every rank of `net`, this process
    /// being rank 0 (module doc of [`super`]). The other ranks run
    /// [`Resolution::follow`] on the same module and range.
    ///
    /// Errors: [`ClusterError::Refused`] (a rank's build or run differs),
    /// [`ClusterError::Silent`] (a rank silent for `timeout`), [`ClusterError::StepFailed`],
    /// [`ClusterError::Malformed`], or the run's own ([`ClusterError::Run`]). The followers
    /// are told to stop in every case.
    pub fn lead(
        &mut self,
        options: RunOptions<'_>,
        net: &dyn Transport,
        identity: &Identity,
        timeout: Duration,
    ) -> Result<(RunReport, ClusterStats), ClusterError> {
        let result = self.lead_run(options, net, identity, timeout);
        super::stop_followers(net, result.is_ok());
        result
    }

    fn lead_run(
        &mut self,
        options: RunOptions<'_>,
        net: &dyn Transport,
        identity: &Identity,
        timeout: Duration,
    ) -> Result<(RunReport, ClusterStats), ClusterError> {
        let started = Instant::now();
        M::check_run(self, &options)?;
        let (pool, threads) = worker_pool(options.threads)?;
        let mut stats = ClusterStats {
            ranks: net.size(),
            threads: handshake(net, identity, timeout)?,
            steps: vec![0; net.size()],
            compute: vec![Duration::ZERO; net.size()],
            ..ClusterStats::default()
        };
        stats.threads[0] = threads;
        let plan = graph::plan(self.config, self.module.min_degree(), options.algorithm);
        let active = Active::select(&plan, |b| self.rows.is_complete(b));
        let this: &Resolution<M> = self;
        let mut tracker = Tracker::new(&plan, &active.nodes, options.progress, options.stop);
        let mut go = |store: Option<&dyn Store<M::Algebra>>| -> Result<RunStats, ClusterError> {
            let steps = Steps::new(this, &plan, &active, options.offload, store);
            start_followers(this, &plan, net, steps.want_qi, &mut stats);
            let lead = Lead::new(this, &plan, &active, net, store, stats.threads.clone());
            lead.drive(&pool, &steps, &mut tracker, &mut stats, timeout)
        };
        let run_stats = match &this.save {
            Some(save) => save.with_writers(|store| go(Some(store)))?,
            None => go(None)?,
        };
        Ok((tracker.report(started.elapsed(), run_stats, threads), stats))
    }
}

/// Waits for every follower's hello (each within `timeout`) and checks it against
/// `identity`; the worker threads of each rank (0 for the leader, filled in later).
fn handshake(
    net: &dyn Transport,
    identity: &Identity,
    timeout: Duration,
) -> Result<Vec<usize>, ClusterError> {
    let mut threads: Vec<Option<usize>> = vec![None; net.size()];
    threads[0] = Some(0);
    let pulse = Pulse::new(net.size(), timeout);
    while threads.iter().any(Option::is_none) {
        let Some((from, bytes)) = net.poll() else {
            let waiting = (1..net.size()).filter(|&r| threads[r].is_none());
            if let Some((rank, seconds)) = pulse.silent(waiting) {
                return Err(ClusterError::Silent { rank, seconds });
            }
            std::thread::sleep(Duration::from_millis(1));
            continue;
        };
        let malformed = |reason| ClusterError::Malformed { rank: from, reason };
        match Message::decode(&bytes).map_err(malformed)? {
            Message::Hello { build, .. } if build != identity.build => {
                return Err(ClusterError::Refused {
                    rank: from,
                    what: "a different build of adams",
                })
            }
            Message::Hello { run, .. } if run != identity.run => {
                return Err(ClusterError::Refused {
                    rank: from,
                    what: "a different module, algorithm or range",
                })
            }
            Message::Hello { threads: n, .. } => threads[from] = Some(n as usize),
            _ => {}
        }
    }
    Ok(threads.into_iter().map(|t| t.unwrap_or(0)).collect())
}

/// Sends every follower the bidegrees already complete here (a resume), rows in order so
/// that each arrives after those below it, then `Start`.
fn start_followers<M: Resolvable>(
    res: &Resolution<M>,
    plan: &Plan,
    net: &dyn Transport,
    want_qi: bool,
    stats: &mut ClusterStats,
) {
    let mut done: Vec<Bidegree> = plan
        .nodes
        .iter()
        .filter(|n| n.is_full() && res.rows.is_complete(n.bidegree))
        .map(|n| n.bidegree)
        .collect();
    done.sort_by_key(|b| (b.s(), b.t()));
    for b in done {
        let gens = crate::save::wire::generators(res.rows[b.s() as usize].gens(b.t()));
        let bytes = Message::Complete { at: b, gens }.encode();
        for r in 1..net.size() {
            stats.bytes_sent += bytes.len() as u64;
            net.send(r, bytes.clone());
        }
    }
    for r in 1..net.size() {
        net.send(r, Message::Start { want_qi }.encode());
    }
}
