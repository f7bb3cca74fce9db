//! The leader's loop: ready bidegrees go to the rank with the most free workers (a
//! classical step to the rank holding the kernel it reads), completions are kept as in a
//! single-process run and their generators sent to every other rank before any step that
//! reads them is dispatched.

use std::collections::VecDeque;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::leader::ClusterStats;
use super::local::{self, Local, Pulse};
use super::wire::Message;
use super::{ClusterError, Transport};
use crate::bidegree::Bidegree;
use crate::graph::Plan;
use crate::run::{Active, Resolvable, RunSteps, Steps};
use crate::scheduler::{Graph, RunStats};
use crate::step::StepOutput;
use crate::store::Store;
use crate::tracker::Tracker;
use crate::Resolution;

/// The leader's state during the run.
pub(super) struct Lead<'a, M: Resolvable> {
    res: &'a Resolution<M>,
    plan: &'a Plan,
    active: &'a Active,
    net: &'a dyn Transport,
    save: Option<&'a dyn Store<M::Algebra>>,
    /// Steps each rank may still take (its worker threads less those in flight).
    free: Vec<usize>,
    /// The rank that ran each active node (for the kernel it keeps).
    owner: Vec<usize>,
    /// Plan index → active index (`usize::MAX`: not active).
    slot: Vec<usize>,
    ready: VecDeque<usize>,
    parked: Vec<usize>,
    completed: usize,
    in_flight: usize,
    in_flight_sum: usize,
    parked_count: usize,
}

/// A completed step as the leader keeps it.
struct Completion<A: steenrod::Algebra> {
    j: usize,
    rank: usize,
    out: StepOutput<A>,
    /// The generators payload, when it came over the wire.
    gens: Option<Vec<u8>>,
    elapsed: Duration,
}

impl<'a, M: Resolvable> Lead<'a, M> {
    pub(super) fn new(
        res: &'a Resolution<M>,
        plan: &'a Plan,
        active: &'a Active,
        net: &'a dyn Transport,
        save: Option<&'a dyn Store<M::Algebra>>,
        threads: Vec<usize>,
    ) -> Self {
        let mut slot = vec![usize::MAX; plan.nodes.len()];
        for (j, &i) in active.nodes.iter().enumerate() {
            slot[i] = j;
        }
        Self {
            res,
            plan,
            active,
            net,
            save,
            free: threads.into_iter().map(|t| t.max(1)).collect(),
            owner: vec![usize::MAX; active.nodes.len()],
            slot,
            ready: VecDeque::new(),
            parked: Vec::new(),
            completed: 0,
            in_flight: 0,
            in_flight_sum: 0,
            parked_count: 0,
        }
    }

    /// Runs every active node on some rank; the run's statistics.
    pub(super) fn drive(
        mut self,
        pool: &rayon::ThreadPool,
        steps: &Steps<'_, M>,
        tracker: &mut Tracker<'_, '_>,
        stats: &mut ClusterStats,
        timeout: Duration,
    ) -> Result<RunStats, ClusterError> {
        let mut graph = self.active.graph(self.plan);
        let n = graph.len();
        self.ready.extend(graph.initially_ready());
        let mut pulse = Pulse::new(self.net.size(), timeout);
        let mut last_retry = Instant::now();
        pool.in_place_scope(|scope| {
            let (tx, rx) = mpsc::channel::<Local<M::Algebra>>();
            while self.completed < n {
                self.dispatch(|j| local::spawn(scope, &tx, steps, j), stats);
                let mut done = Vec::new();
                self.receive_local(&rx, &mut done)?;
                let started = Instant::now();
                while let Some((from, bytes)) = self.net.poll() {
                    pulse.heard(from);
                    stats.bytes_received += bytes.len() as u64;
                    done.extend(self.remote(from, &bytes, stats)?);
                }
                let any = !done.is_empty();
                for c in done {
                    self.complete(c, &mut graph, steps, tracker, stats)?;
                }
                stats.communication += started.elapsed();
                if !self.parked.is_empty() && (any || last_retry.elapsed() >= local::RETRY_AFTER) {
                    for j in std::mem::take(&mut self.parked) {
                        local::spawn(scope, &tx, steps, j);
                    }
                    last_retry = Instant::now();
                }
                pulse.beat(self.net, 1..self.net.size());
                if let Some((rank, seconds)) = pulse.silent(1..self.net.size()) {
                    return Err(ClusterError::Silent { rank, seconds });
                }
            }
            Ok(())
        })?;
        Ok(RunStats {
            completed: self.completed,
            parked: self.parked_count,
            mean_in_flight: self.in_flight_sum as f64 / self.completed.max(1) as f64,
        })
    }

    /// Hands ready nodes to ranks with a free worker: `local(j)` runs one here.
    fn dispatch(&mut self, mut local: impl FnMut(usize), stats: &mut ClusterStats) {
        let mut waiting = VecDeque::new();
        while let Some(j) = self.ready.pop_front() {
            let Some(rank) = self.rank_for(j) else {
                waiting.push_back(j);
                continue;
            };
            self.free[rank] -= 1;
            self.in_flight += 1;
            if rank == 0 {
                local(j);
            } else {
                let bytes = Message::Task { node: j as u32 }.encode();
                stats.bytes_sent += bytes.len() as u64;
                self.net.send(rank, bytes);
            }
        }
        self.ready = waiting;
    }

    /// The rank to run active node `j` now: the one holding the kernel it reads, else the
    /// one with the most free workers (the leader first on a tie); `None` while none is free.
    fn rank_for(&self, j: usize) -> Option<usize> {
        let kernel_from = self.plan.nodes[self.active.nodes[j]].kernel_from;
        let holder = kernel_from
            .map(|k| self.slot[k])
            .filter(|&k| k != usize::MAX)
            .map(|k| self.owner[k]);
        match holder {
            Some(r) => (self.free[r] > 0).then_some(r),
            None => (0..self.free.len())
                .filter(|&r| self.free[r] > 0)
                .max_by_key(|&r| (self.free[r], std::cmp::Reverse(r))),
        }
    }

    /// Collects this rank's finished steps, waiting up to a millisecond for the first.
    fn receive_local(
        &mut self,
        rx: &mpsc::Receiver<Local<M::Algebra>>,
        done: &mut Vec<Completion<M::Algebra>>,
    ) -> Result<(), ClusterError> {
        let mut next = rx.recv_timeout(Duration::from_millis(1)).ok();
        while let Some(message) = next {
            match message {
                Local::Done(j, computed) => {
                    let (out, elapsed) = *computed;
                    done.push(Completion {
                        j,
                        rank: 0,
                        out: out?,
                        gens: None,
                        elapsed,
                    })
                }
                Local::Retry(j) => {
                    self.parked_count += 1;
                    self.parked.push(j);
                }
                Local::Panicked(j, text) => {
                    let at = self.bidegree(j);
                    panic!("step at {at} panicked: {text}");
                }
            }
            next = rx.try_recv().ok();
        }
        Ok(())
    }

    fn bidegree(&self, j: usize) -> Bidegree {
        self.plan.nodes[self.active.nodes[j]].bidegree
    }

    /// A follower's message: its completed step, if that is what it is.
    fn remote(
        &mut self,
        from: usize,
        bytes: &[u8],
        stats: &mut ClusterStats,
    ) -> Result<Option<Completion<M::Algebra>>, ClusterError> {
        let malformed = |reason| ClusterError::Malformed { rank: from, reason };
        let (node, nanos, gens, qi) = match Message::decode(bytes).map_err(malformed)? {
            Message::Done {
                node,
                nanos,
                gens,
                qi,
            } => (node as usize, nanos, gens, qi),
            Message::Failed { node, message } => {
                return Err(ClusterError::StepFailed {
                    rank: from,
                    at: self.bidegree(node as usize),
                    message,
                })
            }
            _ => return Ok(None),
        };
        if node >= self.owner.len() {
            return Err(malformed(format!("node {node} is not in the run")));
        }
        let b = self.bidegree(node);
        stats.gens_received += gens.len() as u64;
        stats.qi_received += qi.len() as u64;
        let out = StepOutput {
            gens: local::differentials(self.res, b, &gens).map_err(malformed)?,
            quasi_inverse: match qi.is_empty() {
                true => None,
                false => Some(
                    crate::save::wire::parse_quasi_inverse(&qi)
                        .map_err(|e| malformed(e.to_string()))?,
                ),
            },
            ..StepOutput::default()
        };
        Ok(Some(Completion {
            j: node,
            rank: from,
            out,
            gens: Some(gens),
            elapsed: Duration::from_nanos(nanos),
        }))
    }

    /// Keeps a completed step as a single-process run does (the save directory's store
    /// for a follower's step; the in-memory store, the kernel table, the tracker), sends
    /// its generators to the ranks that lack them, and queues the nodes that became ready.
    fn complete(
        &mut self,
        mut c: Completion<M::Algebra>,
        graph: &mut Graph,
        steps: &Steps<'_, M>,
        tracker: &mut Tracker<'_, '_>,
        stats: &mut ClusterStats,
    ) -> Result<(), ClusterError> {
        let i = self.active.nodes[c.j];
        let node = self.plan.nodes[i];
        if self.active.adds_gens(i, node) {
            if let (Some(save), true) = (self.save, c.rank != 0) {
                save.put(
                    node.bidegree,
                    &c.out.gens,
                    c.out.quasi_inverse.take().as_ref(),
                )?;
            }
            let gens = c
                .gens
                .take()
                .unwrap_or_else(|| crate::save::wire::generators(&c.out.gens));
            let bytes = Message::Complete {
                at: node.bidegree,
                gens,
            }
            .encode();
            stats.bidegrees += 1;
            for r in (1..self.net.size()).filter(|&r| r != c.rank) {
                stats.gens_sent += bytes.len() as u64;
                stats.bytes_sent += bytes.len() as u64;
                self.net.send(r, bytes.clone());
            }
        }
        stats.steps[c.rank] += 1;
        stats.compute[c.rank] += c.elapsed;
        self.in_flight_sum += self.in_flight;
        self.in_flight -= 1;
        self.free[c.rank] += 1;
        self.owner[c.j] = c.rank;
        self.completed += 1;
        steps.on_done(tracker, c.j, Ok(c.out), c.elapsed)?;
        self.ready.extend(graph.complete(c.j));
        Ok(())
    }
}
