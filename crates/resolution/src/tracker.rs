//! The driving thread's record of a run: completions, the stem front, step times and
//! offload checks, and the progress callback (shared by the p = 2 and odd-primary runs).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

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
            false => Ok(()),
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
