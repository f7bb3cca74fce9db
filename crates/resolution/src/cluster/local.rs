//! What the leader and the followers share: steps run on this rank's worker pool, the
//! heartbeat, and the generators that arrive from another rank.

use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::wire::Message;
use super::Transport;
use crate::bidegree::Bidegree;
use crate::run::{Computed, Resolvable, RunSteps, Steps};
use crate::scheduler::in_parallel_section;
use crate::{Differential, Resolution};

/// What a worker of this rank hands its main thread.
pub(super) enum Local<A: steenrod::Algebra> {
    /// Active node `j`'s step and how long it took.
    Done(usize, Box<Computed<A>>),
    /// Node `j` landed inside another step's parallel section: dispatch it again later
    /// (the scheduler's rule, `scheduler.rs`).
    Retry(usize),
    /// The step panicked (a bug): the panic's text.
    Panicked(usize, String),
}

/// How long a parked node waits before it is dispatched again.
pub(super) const RETRY_AFTER: Duration = crate::scheduler::RETRY_AFTER;

/// Runs active node `j`'s step on a worker of `scope`; the result comes back on `tx`.
pub(super) fn spawn<'s, M: Resolvable>(
    scope: &rayon::Scope<'s>,
    tx: &mpsc::Sender<Local<M::Algebra>>,
    steps: &'s Steps<'s, M>,
    j: usize,
) {
    let tx = tx.clone();
    scope.spawn(move |_| {
        if in_parallel_section() {
            let _ = tx.send(Local::Retry(j));
            return;
        }
        let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| steps.compute(j)));
        let _ = tx.send(match result {
            Ok(c) => Local::Done(j, Box::new(c)),
            Err(payload) => {
                let text = payload
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "panic".into());
                Local::Panicked(j, text)
            }
        });
    });
}

/// The heartbeat: when this rank last heard from each rank, and when it last told them
/// it is alive.
pub(super) struct Pulse {
    heard: Vec<Instant>,
    last_beat: Instant,
    timeout: Duration,
}

impl Pulse {
    /// Every rank of `size` heard from now.
    pub(super) fn new(size: usize, timeout: Duration) -> Self {
        Self {
            heard: vec![Instant::now(); size],
            last_beat: Instant::now(),
            timeout,
        }
    }

    /// Rank `r` sent something.
    pub(super) fn heard(&mut self, r: usize) {
        self.heard[r] = Instant::now();
    }

    /// Sends a heartbeat to each of `ranks` when [`super::HEARTBEAT`] has passed.
    pub(super) fn beat(&mut self, net: &dyn Transport, ranks: impl Iterator<Item = usize>) {
        if self.last_beat.elapsed() >= super::HEARTBEAT {
            let bytes = Message::Heartbeat.encode();
            for r in ranks {
                net.send(r, bytes.clone());
            }
            self.last_beat = Instant::now();
        }
    }

    /// The first of `ranks` silent for longer than the timeout, with how long in seconds.
    pub(super) fn silent(&self, mut ranks: impl Iterator<Item = usize>) -> Option<(usize, f64)> {
        ranks
            .find(|&r| self.heard[r].elapsed() > self.timeout)
            .map(|r| (r, self.heard[r].elapsed().as_secs_f64()))
    }
}

/// The generators of `b` from a generators payload: each value with its terms decoded
/// over the generators of row `s − 1` (which this rank holds: the step at `b` read them),
/// with coefficients at odd p. Errors: the payload's fault.
pub(super) fn differentials<M: Resolvable>(
    res: &Resolution<M>,
    b: Bidegree,
    payload: &[u8],
) -> Result<Vec<Differential<M::Algebra>>, String> {
    let values = crate::save::wire::values(&res.algebra, payload).map_err(|e| e.to_string())?;
    Ok(values
        .into_iter()
        .map(|value| Differential {
            terms: match b.s() {
                0 => Vec::new(),
                s => res.rows[s as usize - 1].decode(&res.algebra, b.t(), &value),
            },
            value,
        })
        .collect())
}
