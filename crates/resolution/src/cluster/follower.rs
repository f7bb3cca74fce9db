//! A follower (rank ≥ 1): says hello, takes the leader's completed bidegrees, then
//! computes the steps it is handed on its own workers and sends back each result, until
//! the leader says stop.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::local::{self, Local, Pulse};
use super::wire::Message;
use super::{ClusterError, Identity, Transport};
use crate::config::Algorithm;
use crate::graph::{self, Plan};
use crate::run::{worker_pool, Active, Resolvable, Steps};
use crate::store::Store;
use crate::Resolution;

/// How much longer than rank 1 the other followers wait for a silent leader.
const FOLLOWER_STAGGER: Duration = Duration::from_secs(2);

/// What a follower did.
#[derive(Clone, Copy, Debug, Default)]
pub struct FollowReport {
    /// Steps it computed.
    pub steps: usize,
    /// Whether the leader ended the run successfully.
    pub ok: bool,
}

/// The test hook of [`super::TEST_STOP_ENV`] for this rank: stop after this many steps,
/// by exiting (`true`) or going silent (`false`).
fn test_stop(rank: usize) -> Option<(usize, bool)> {
    let v = std::env::var(super::TEST_STOP_ENV).ok()?;
    let mut parts = v.split(':');
    let r: usize = parts.next()?.parse().ok()?;
    let n: usize = parts.next()?.parse().ok()?;
    let exit = parts.next()? == "exit";
    (r == rank).then_some((n, exit))
}

impl<M: Resolvable> Resolution<M> {
    /// Follows the leader (rank 0, running [`Resolution::lead`]) of `net` on this
    /// resolution (same module, range and `algorithm`) with `threads` workers (0: one per
    /// core), until it says stop. Writes nothing: the leader does.
    ///
    /// Errors: [`ClusterError::Silent`] (rank 0 silent for twice `timeout`),
    /// [`ClusterError::Malformed`].
    pub fn follow(
        &mut self,
        algorithm: Algorithm,
        threads: usize,
        net: &dyn Transport,
        identity: &Identity,
        timeout: Duration,
    ) -> Result<FollowReport, ClusterError> {
        let (pool, threads) = worker_pool(threads)?;
        let hello = Message::Hello {
            build: identity.build,
            run: identity.run.clone(),
            threads: threads as u32,
        };
        net.send(0, hello.encode());
        // Twice the leader's patience: when a follower hangs, the leader names it before
        // the others give up on a leader whose messages to it wait. Rank 1 alone names a
        // silent leader: the others wait 2 s longer, and its abort ends them first.
        let stagger = match net.rank() {
            1 => Duration::ZERO,
            _ => FOLLOWER_STAGGER,
        };
        let mut pulse = Pulse::new(net.size(), 2 * timeout + stagger);
        let Some(want_qi) = self.take_resumed(net, &mut pulse)? else {
            return Ok(FollowReport::default());
        };
        let plan = graph::plan(self.config, self.module.min_degree(), algorithm);
        let active = Active::select(&plan, |b| self.rows.is_complete(b));
        let this: &Resolution<M> = self;
        let mut steps = Steps::new(this, &plan, &active, None, None);
        steps.want_qi = want_qi;
        let follower = Follower {
            res: this,
            plan: &plan,
            active: &active,
            net,
            stop: test_stop(net.rank()),
        };
        follower.serve(&pool, &steps, &mut pulse)
    }

    /// Keeps the completed bidegrees the leader sends until `Start`: whether to ship
    /// quasi-inverses (`None`: the leader stopped first).
    fn take_resumed(
        &self,
        net: &dyn Transport,
        pulse: &mut Pulse,
    ) -> Result<Option<bool>, ClusterError> {
        loop {
            let Some((from, bytes)) = net.poll() else {
                pulse.beat(net, std::iter::once(0));
                if let Some((rank, seconds)) = pulse.silent(std::iter::once(0)) {
                    return Err(ClusterError::Silent { rank, seconds });
                }
                std::thread::sleep(Duration::from_millis(1));
                continue;
            };
            pulse.heard(from);
            let malformed = |reason| ClusterError::Malformed { rank: from, reason };
            match Message::decode(&bytes).map_err(malformed)? {
                Message::Complete { at, gens } => {
                    let gens = local::differentials(self, at, &gens).map_err(malformed)?;
                    self.rows[at.s() as usize].set_gens(at.t(), gens);
                }
                Message::Start { want_qi } => return Ok(Some(want_qi)),
                Message::Stop { .. } => return Ok(None),
                _ => {}
            }
        }
    }
}

/// A follower's state during the run.
struct Follower<'a, M: Resolvable> {
    res: &'a Resolution<M>,
    plan: &'a Plan,
    active: &'a Active,
    net: &'a dyn Transport,
    stop: Option<(usize, bool)>,
}

impl<M: Resolvable> Follower<'_, M> {
    /// Serves the leader until it says stop.
    fn serve(
        &self,
        pool: &rayon::ThreadPool,
        steps: &Steps<'_, M>,
        pulse: &mut Pulse,
    ) -> Result<FollowReport, ClusterError> {
        let mut report = FollowReport::default();
        let mut parked = Vec::new();
        let mut last_retry = Instant::now();
        pool.in_place_scope(|scope| {
            let (tx, rx) = mpsc::channel::<Local<M::Algebra>>();
            loop {
                let mut any = false;
                if let Ok(message) = rx.recv_timeout(Duration::from_millis(1)) {
                    let mut next = Some(message);
                    while let Some(m) = next {
                        any |= self.finished(m, steps, &mut parked, &mut report);
                        next = rx.try_recv().ok();
                    }
                }
                while let Some((from, bytes)) = self.net.poll() {
                    pulse.heard(from);
                    let malformed = |reason| ClusterError::Malformed { rank: from, reason };
                    match Message::decode(&bytes).map_err(malformed)? {
                        Message::Task { node } if (node as usize) < self.active.nodes.len() => {
                            local::spawn(scope, &tx, steps, node as usize)
                        }
                        Message::Task { node } => {
                            return Err(malformed(format!("node {node} is not in the run")))
                        }
                        Message::Complete { at, gens } => {
                            let gens =
                                local::differentials(self.res, at, &gens).map_err(malformed)?;
                            self.res.rows[at.s() as usize].set_gens(at.t(), gens);
                        }
                        Message::Stop { ok } => {
                            report.ok = ok;
                            return Ok(report);
                        }
                        _ => {}
                    }
                }
                if !parked.is_empty() && (any || last_retry.elapsed() >= local::RETRY_AFTER) {
                    for j in std::mem::take(&mut parked) {
                        local::spawn(scope, &tx, steps, j);
                    }
                    last_retry = Instant::now();
                }
                pulse.beat(self.net, std::iter::once(0));
                if let Some((rank, seconds)) = pulse.silent(std::iter::once(0)) {
                    return Err(ClusterError::Silent { rank, seconds });
                }
            }
        })
    }

    /// A step of this rank finished: keeps its generators and kernel here and sends the
    /// result to the leader. Whether a step completed (not parked).
    fn finished(
        &self,
        message: Local<M::Algebra>,
        steps: &Steps<'_, M>,
        parked: &mut Vec<usize>,
        report: &mut FollowReport,
    ) -> bool {
        let reply = match message {
            Local::Retry(j) => {
                parked.push(j);
                return false;
            }
            Local::Panicked(j, text) => Message::Failed {
                node: j as u32,
                message: format!("internal error (panic): {text}"),
            },
            Local::Done(j, computed) => match *computed {
                (Err(e), _) => Message::Failed {
                    node: j as u32,
                    message: e.to_string(),
                },
                (Ok(out), elapsed) => self.keep(j, out, elapsed, steps),
            },
        };
        self.net.send(0, reply.encode());
        report.steps += 1;
        if let Some((_, exit)) = self.stop.filter(|&(n, _)| report.steps >= n) {
            eprintln!(
                "rank {}: stopping after {} steps ({})",
                self.net.rank(),
                report.steps,
                super::TEST_STOP_ENV
            );
            if exit {
                std::process::exit(1);
            }
            loop {
                std::thread::sleep(Duration::from_secs(3600));
            }
        }
        true
    }

    /// Keeps step `j`'s generators and kernel on this rank; the `Done` message for the
    /// leader.
    fn keep(
        &self,
        j: usize,
        out: crate::StepOutput<M::Algebra>,
        elapsed: Duration,
        steps: &Steps<'_, M>,
    ) -> Message {
        let i = self.active.nodes[j];
        let node = self.plan.nodes[i];
        if let Some(k) = out.kernel {
            steps.keep_kernel(i, k);
        }
        let qi = out
            .quasi_inverse
            .as_ref()
            .map_or_else(Vec::new, crate::save::wire::quasi_inverse);
        let gens = crate::save::wire::generators(&out.gens);
        if self.active.adds_gens(i, node) {
            self.res.rows[node.bidegree.s() as usize].set_gens(node.bidegree.t(), out.gens);
        }
        Message::Done {
            node: j as u32,
            nanos: elapsed.as_nanos() as u64,
            gens,
            qi,
        }
    }
}
