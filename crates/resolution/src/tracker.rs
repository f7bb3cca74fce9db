//! The driving thread's record of a run: completions, the stem front, step times and
//! offload checks, and the progress callback (shared by the p = 2 and odd-primary runs).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::bidegree::Bidegree;
use crate::error::ResolutionError;
use crate::graph::Plan;
use crate::report::{Progress, RunReport};
use crate::sample::Checks;
use crate::scheduler::RunStats;

/// The driving thread's record of a run: completions, the wavefront, step times and
/// checks, and the progress callback.
pub(crate) struct Tracker<'p, 'o> {
    plan: &'p Plan,
    done: usize,
    total: usize,
    /// Active nodes not yet completed, per stem ([`Plan::stem_index`]).
    remaining_by_stem: Vec<usize>,
    step_times: Vec<(Bidegree, Duration)>,
    pub(crate) checks: Checks,
    progress: Option<&'o mut dyn FnMut(&Progress)>,
    stop: Option<&'o AtomicBool>,
    /// A watched pass: its mark (resident bytes) and when the resident set was last read.
    watch: Option<(u64, Option<Instant>)>,
}

/// The progress callback of a run ([`crate::RunOptions::progress`]).
pub(crate) type ProgressFn<'o> = &'o mut dyn FnMut(&Progress);

/// What the passes of a watched run before its switch did ([`Tracker::into_prior`]): the
/// next pass's tracker goes on from it.
#[derive(Default)]
pub(crate) struct Prior {
    pub(crate) done: usize,
    step_times: Vec<(Bidegree, Duration)>,
    checks: Checks,
}

impl<'p, 'o> Tracker<'p, 'o> {
    /// A tracker of the plan's nodes `active` (plan indices), reporting to `progress` and
    /// stopping the run once `stop` is set.
    pub(crate) fn new(
        plan: &'p Plan,
        active: &[usize],
        progress: Option<&'o mut dyn FnMut(&Progress)>,
        stop: Option<&'o AtomicBool>,
    ) -> Self {
        let mut remaining_by_stem = vec![0usize; plan.nodes_by_stem().len()];
        for &i in active {
            remaining_by_stem[plan.stem_index(plan.nodes[i].bidegree)] += 1;
        }
        Self {
            plan,
            done: 0,
            total: active.len(),
            remaining_by_stem,
            step_times: Vec::with_capacity(active.len()),
            checks: Checks::default(),
            progress,
            stop,
            watch: None,
        }
    }

    /// This tracker with the resident-memory mark of a watched pass
    /// ([`crate::Watch::trip_bytes`]; `None`: not watched).
    pub(crate) fn watching(self, trip: Option<u64>) -> Self {
        Self {
            watch: trip.map(|t| (t, None)),
            ..self
        }
    }

    /// This tracker going on from `prior` (the completions, step times and checks of the
    /// passes before): progress counts from there.
    pub(crate) fn continuing(mut self, prior: Prior) -> Self {
        self.done += prior.done;
        self.total += prior.done;
        let mut times = prior.step_times;
        times.append(&mut self.step_times);
        self.step_times = times;
        let mut checks = prior.checks;
        checks.append(&mut self.checks);
        self.checks = checks;
        self
    }

    /// What this tracker recorded, for the next pass's ([`Tracker::continuing`]), and the
    /// progress callback it held.
    pub(crate) fn into_prior(self) -> (Prior, Option<ProgressFn<'o>>) {
        let prior = Prior {
            done: self.done,
            step_times: self.step_times,
            checks: self.checks,
        };
        (prior, self.progress)
    }

    /// Errors: [`ResolutionError::PastWatch`] when a watched pass's resident memory, read
    /// at most every [`crate::WATCH_EVERY`], is past its mark.
    fn check_watch(&mut self) -> Result<(), ResolutionError> {
        let Some((trip, last)) = self.watch.as_mut() else {
            return Ok(());
        };
        if last.is_some_and(|at| at.elapsed() < crate::WATCH_EVERY) {
            return Ok(());
        }
        *last = Some(Instant::now());
        match crate::resident_bytes() {
            Some(resident) if resident > *trip => Err(ResolutionError::PastWatch {
                resident,
                trip: *trip,
            }),
            _ => Ok(()),
        }
    }

    /// Records that the step at `b` completed after `elapsed`, and reports progress.
    ///
    /// Errors: [`ResolutionError::Stopped`] once the stop flag is set (the step at `b` is
    /// recorded first: what it computed is kept).
    pub(crate) fn completed(
        &mut self,
        b: Bidegree,
        elapsed: Duration,
    ) -> Result<(), ResolutionError> {
        self.done += 1;
        self.step_times.push((b, elapsed));
        self.remaining_by_stem[self.plan.stem_index(b)] -= 1;
        if let Some(progress) = self.progress.as_mut() {
            let front = self
                .remaining_by_stem
                .iter()
                .position(|&r| r > 0)
                .map_or(b.n(), |p| p as i32 + self.plan.min_stem());
            progress(&Progress {
                bidegree: b,
                step_time: elapsed,
                done: self.done,
                total: self.total,
                stem_front: front,
            });
        }
        match self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed)) {
            true => Err(ResolutionError::Stopped {
                completed: self.done,
                total: self.total,
            }),
            false => self.check_watch(),
        }
    }

    /// The run's report: step times slowest first, checks sorted.
    pub(crate) fn report(mut self, wall: Duration, stats: RunStats, threads: usize) -> RunReport {
        self.step_times.sort_by_key(|a| std::cmp::Reverse(a.1));
        self.checks.sort();
        RunReport {
            wall,
            steps: stats.completed,
            mean_in_flight: stats.mean_in_flight,
            parked: stats.parked,
            threads,
            step_times: self.step_times,
            checks: self.checks,
            held: None,
        }
    }
}
