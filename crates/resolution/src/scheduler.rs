//! A dependency-graph scheduler: runs each node on a rayon pool as soon as every node it
//! depends on has completed (docs/design/system.md §3, scheduling bidegrees).
//!
//! * The driving thread (the caller) owns the graph: it dispatches ready nodes with
//!   `in_place_scope` spawns, and sleeps on a channel for completions (idle workers sleep
//!   in rayon; nothing spins).
//! * **No priority inversion.** A worker blocked inside its own parallel section (a
//!   rayon `join` / parallel iterator inside a node) may steal a whole other node, which
//!   would then run to completion on that worker's stack while the section waits. Each
//!   thread keeps a *guard depth* ([`parallel_section`]); a node that starts on a thread
//!   whose depth is positive does not run: it is parked and re-dispatched on the next
//!   completion, or after [`RETRY_AFTER`] if none comes — never re-spawned in a hot loop.
//! * Completion callbacks run on the driving thread, in completion order; what a node
//!   computes must not depend on that order (the resolution's steps read only data of
//!   completed predecessors), so results are identical for every thread count.

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// How long a parked node waits for a completion before it is re-dispatched anyway.
pub const RETRY_AFTER: Duration = Duration::from_millis(5);

thread_local! {
    static GUARD_DEPTH: Cell<u32> = const { Cell::new(0) };
    /// The queue counter of the run whose node this thread is executing.
    static QUEUED: RefCell<Option<Arc<AtomicUsize>>> = const { RefCell::new(None) };
}

/// Whether other nodes of the current run are dispatched and waiting for a worker.
///
/// A node should split its work into a [`parallel_section`] only when this is `false`:
/// while whole nodes wait, every worker has node-level work, and splitting a node only
/// adds stealing and parked retries (measured: 31 674 parked retries and 9% more CPU time
/// at stem 90 with 2 threads — docs/EXPERIMENTS.md). Outside a run it is `false`.
pub fn other_work_waiting() -> bool {
    QUEUED.with(|q| {
        q.borrow()
            .as_ref()
            .is_some_and(|c| c.load(Ordering::Relaxed) > 0)
    })
}

/// Runs `f` as a parallel section of the current node: while it runs, a node that
/// rayon schedules onto this thread (work stealing) is parked instead of run.
pub fn parallel_section<R>(f: impl FnOnce() -> R) -> R {
    struct Guard;
    impl Drop for Guard {
        fn drop(&mut self) {
            GUARD_DEPTH.with(|d| d.set(d.get() - 1));
        }
    }
    GUARD_DEPTH.with(|d| d.set(d.get() + 1));
    let _guard = Guard;
    f()
}

/// Whether the current thread is inside a [`parallel_section`].
pub fn in_parallel_section() -> bool {
    GUARD_DEPTH.with(|d| d.get() > 0)
}

/// A graph of `n` nodes, `0..n`, with dependency lists.
pub struct Graph {
    /// `dependents[i]`: the nodes that wait for `i`.
    dependents: Vec<Vec<usize>>,
    /// Number of unfinished dependencies of each node.
    waiting: Vec<usize>,
}

impl Graph {
    /// A graph where node `i` depends on every node of `deps(i)` (indices `< n`).
    pub fn new(n: usize, mut deps: impl FnMut(usize) -> Vec<usize>) -> Self {
        let mut dependents = vec![Vec::new(); n];
        let mut waiting = Vec::with_capacity(n);
        for i in 0..n {
            let ds = deps(i);
            for &d in &ds {
                assert!(d < n && d != i, "node {i} depends on invalid node {d}");
                dependents[d].push(i);
            }
            waiting.push(ds.len());
        }
        Self {
            dependents,
            waiting,
        }
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.waiting.len()
    }

    /// The nodes with no dependency (ready at the start).
    pub(crate) fn initially_ready(&self) -> Vec<usize> {
        (0..self.len()).filter(|&i| self.waiting[i] == 0).collect()
    }

    /// Marks node `i` completed: the nodes that become ready (their last dependency was
    /// `i`).
    pub(crate) fn complete(&mut self, i: usize) -> Vec<usize> {
        let mut ready = Vec::new();
        for k in std::mem::take(&mut self.dependents[i]) {
            self.waiting[k] -= 1;
            if self.waiting[k] == 0 {
                ready.push(k);
            }
        }
        ready
    }

    /// Whether the graph has no nodes.
    pub fn is_empty(&self) -> bool {
        self.waiting.is_empty()
    }
}

/// Statistics of one run.
#[derive(Clone, Copy, Debug, Default)]
pub struct RunStats {
    /// Nodes completed.
    pub completed: usize,
    /// Times a node was parked because it landed inside a parallel section.
    pub parked: usize,
    /// Mean number of nodes in flight, sampled at each completion.
    pub mean_in_flight: f64,
}

enum Message<R> {
    Done(usize, R),
    Retry(usize),
    /// `compute` panicked; the payload, re-raised on the calling thread.
    Panicked(Box<dyn std::any::Any + Send>),
}

/// Runs every node of `graph` on `pool`: `compute(i)` on a worker once all of `i`'s
/// dependencies completed, then `on_done(i, result)` on the calling thread. Stops at the
/// first `Err` from `on_done` (nodes already running finish; nothing new is dispatched)
/// and returns it. A panic in `compute` stops the run the same way and is then re-raised
/// on the calling thread (a panicking node never completes, so waiting for it would hang).
///
/// Errors: [`RunError::Node`] with `on_done`'s error; [`RunError::Stalled`] if the graph
/// has a cycle (some nodes never become ready).
pub fn run<R, E>(
    pool: &rayon::ThreadPool,
    mut graph: Graph,
    compute: impl Fn(usize) -> R + Sync,
    mut on_done: impl FnMut(usize, R) -> Result<(), E>,
) -> Result<RunStats, RunError<E>>
where
    R: Send,
{
    let n = graph.len();
    let mut driver = Driver::default();
    pool.in_place_scope(|scope| {
        let (tx, rx) = mpsc::channel::<Message<R>>();
        let compute = &compute;
        let queued = Arc::new(AtomicUsize::new(0));
        let spawn = |i: usize| spawn_node(scope, &tx, &queued, compute, i);
        for i in graph.initially_ready() {
            spawn(i);
            driver.in_flight += 1;
        }
        let mut last_retry = Instant::now();
        while driver.in_flight > 0 {
            let Ok(message) = receive(&rx, !driver.parked.is_empty()) else {
                break;
            };
            let completed = matches!(message, Some(Message::Done(..)));
            if let Some(message) = message {
                for k in driver.handle(message, &mut graph, &mut on_done) {
                    spawn(k);
                    driver.in_flight += 1;
                }
            }
            // Re-dispatch parked nodes after a completion or a short wait.
            if !driver.parked.is_empty() && (completed || last_retry.elapsed() >= RETRY_AFTER) {
                for i in driver.parked.drain(..) {
                    spawn(i);
                }
                last_retry = Instant::now();
            }
        }
    });
    driver.finish(n)
}

/// The driving thread's state during [`run`].
struct Driver<E> {
    stats: RunStats,
    /// Nodes dispatched (parked ones included) whose message has not been handled.
    in_flight: usize,
    /// Sum of `in_flight` sampled at each completion.
    in_flight_sum: usize,
    /// Nodes parked inside a parallel section, to re-dispatch.
    parked: Vec<usize>,
    /// The first error of `on_done`.
    failure: Option<E>,
    /// The first panic payload of `compute`.
    panicked: Option<Box<dyn std::any::Any + Send>>,
}

impl<E> Default for Driver<E> {
    fn default() -> Self {
        Self {
            stats: RunStats::default(),
            in_flight: 0,
            in_flight_sum: 0,
            parked: Vec::new(),
            failure: None,
            panicked: None,
        }
    }
}

impl<E> Driver<E> {
    /// Phase 1 (per message): records a worker's message, calls `on_done` for a completed
    /// node, and returns the nodes that became ready (none once the run stopped).
    fn handle<R>(
        &mut self,
        message: Message<R>,
        graph: &mut Graph,
        on_done: &mut impl FnMut(usize, R) -> Result<(), E>,
    ) -> Vec<usize> {
        match message {
            // After a panic, parked nodes are dropped, not re-dispatched.
            Message::Retry(_) if self.panicked.is_some() => self.in_flight -= 1,
            Message::Retry(i) => {
                self.stats.parked += 1;
                self.parked.push(i);
            }
            Message::Panicked(payload) => {
                self.in_flight -= 1 + self.parked.len();
                self.parked.clear();
                self.panicked.get_or_insert(payload);
            }
            Message::Done(i, result) => {
                self.in_flight -= 1;
                self.stats.completed += 1;
                self.in_flight_sum += self.in_flight + 1;
                if self.stopped() {
                    return Vec::new();
                }
                if let Err(e) = on_done(i, result) {
                    self.failure = Some(e);
                    return Vec::new();
                }
                return graph.complete(i);
            }
        }
        Vec::new()
    }

    fn stopped(&self) -> bool {
        self.failure.is_some() || self.panicked.is_some()
    }

    /// Phase 2: re-raises a node's panic, or the result of a run of `n` nodes.
    fn finish(mut self, n: usize) -> Result<RunStats, RunError<E>> {
        if let Some(payload) = self.panicked {
            std::panic::resume_unwind(payload);
        }
        if self.stats.completed > 0 {
            self.stats.mean_in_flight = self.in_flight_sum as f64 / self.stats.completed as f64;
        }
        finish(self.stats, self.failure, n)
    }
}

/// The next message. With `parked` nodes waiting, `Ok(None)` after [`RETRY_AFTER`] without
/// one, and `Err` once every sender is gone; without, `Ok(None)` when every sender is gone.
fn receive<R>(rx: &mpsc::Receiver<Message<R>>, parked: bool) -> Result<Option<Message<R>>, ()> {
    if !parked {
        return Ok(rx.recv().ok());
    }
    match rx.recv_timeout(RETRY_AFTER) {
        Ok(m) => Ok(Some(m)),
        Err(mpsc::RecvTimeoutError::Timeout) => Ok(None),
        Err(mpsc::RecvTimeoutError::Disconnected) => Err(()),
    }
}

/// Dispatches node `i` on `scope`: a worker runs `compute(i)` and reports the result (or
/// the panic) on `tx` — or, inside a parallel section, parks the node (`Retry`).
fn spawn_node<'s, R: Send + 's>(
    scope: &rayon::Scope<'s>,
    tx: &mpsc::Sender<Message<R>>,
    queued: &Arc<AtomicUsize>,
    compute: &'s (impl Fn(usize) -> R + Sync),
    i: usize,
) {
    let tx = tx.clone();
    let queued = Arc::clone(queued);
    queued.fetch_add(1, Ordering::Relaxed);
    scope.spawn(move |_| {
        queued.fetch_sub(1, Ordering::Relaxed);
        if in_parallel_section() {
            let _ = tx.send(Message::Retry(i));
        } else {
            let previous = QUEUED.with(|q| q.replace(Some(queued)));
            let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| compute(i)));
            QUEUED.with(|q| *q.borrow_mut() = previous);
            let _ = tx.send(match result {
                Ok(r) => Message::Done(i, r),
                Err(payload) => Message::Panicked(payload),
            });
        }
    });
}

/// The result of a run of `n` nodes that stopped with `failure` (if any).
fn finish<E>(stats: RunStats, failure: Option<E>, n: usize) -> Result<RunStats, RunError<E>> {
    if let Some(e) = failure {
        return Err(RunError::Node(e));
    }
    if stats.completed != n {
        return Err(RunError::Stalled {
            completed: stats.completed,
            total: n,
        });
    }
    Ok(stats)
}

/// Why [`run`] stopped.
#[derive(Debug)]
pub enum RunError<E> {
    /// `on_done` returned this error.
    Node(E),
    /// The graph has a cycle: only `completed` of `total` nodes ran.
    Stalled {
        /// Nodes completed.
        completed: usize,
        /// Nodes in the graph.
        total: usize,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn chain_runs_in_order() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .unwrap();
        let graph = Graph::new(50, |i| if i > 0 { vec![i - 1] } else { vec![] });
        let mut order = Vec::new();
        let stats = run(
            &pool,
            graph,
            |i| i,
            |i, r: usize| {
                assert_eq!(i, r);
                order.push(i);
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        assert_eq!(order, (0..50).collect::<Vec<_>>());
        assert_eq!(stats.completed, 50);
    }

    #[test]
    fn a_cycle_is_reported_not_hung() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let graph = Graph::new(3, |i| match i {
            0 => vec![],
            1 => vec![2],
            _ => vec![1],
        });
        let r = run(&pool, graph, |_| (), |_, _| Ok::<(), ()>(()));
        assert!(matches!(
            r,
            Err(RunError::Stalled {
                completed: 1,
                total: 3
            })
        ));
    }

    #[test]
    fn an_error_stops_dispatch() {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let graph = Graph::new(10, |i| if i > 0 { vec![i - 1] } else { vec![] });
        let ran = AtomicUsize::new(0);
        let r = run(
            &pool,
            graph,
            |_| ran.fetch_add(1, Ordering::SeqCst),
            |i, _| if i == 3 { Err("boom") } else { Ok(()) },
        );
        assert!(matches!(r, Err(RunError::Node("boom"))));
        assert_eq!(ran.load(Ordering::SeqCst), 4);
    }
}
