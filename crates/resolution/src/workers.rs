//! How a step may spread its work over the run's worker threads: a [`Workers`] handle is
//! passed to each step (in its [`crate::Call`]s) by the run, so a step reads no
//! scheduler state. [`SchedulerWorkers`] is the scheduler's (docs/design/system.md §3,
//! scheduling bidegrees): split only while no other bidegree waits for a worker, inside
//! a parallel section.

use crate::scheduler;

/// Where a step's row-parallel work may run.
pub trait Workers: Sync {
    /// Whether splitting a step's work across threads is worth it now (no other
    /// bidegree is waiting for a worker).
    fn may_split(&self) -> bool;

    /// Runs `f`, which splits its work with rayon, so that the scheduler does not start a
    /// whole other bidegree on this thread while it waits.
    fn parallel(&self, f: &mut dyn FnMut());
}

/// The scheduler's workers: [`scheduler::other_work_waiting`] and
/// [`scheduler::parallel_section`] of the thread running the step (outside a run: the
/// global rayon pool, always free to split).
#[derive(Clone, Copy, Debug, Default)]
pub struct SchedulerWorkers;

impl Workers for SchedulerWorkers {
    fn may_split(&self) -> bool {
        !scheduler::other_work_waiting()
    }

    fn parallel(&self, f: &mut dyn FnMut()) {
        scheduler::parallel_section(f)
    }
}

/// One thread: never splits.
#[derive(Clone, Copy, Debug, Default)]
pub struct Serial;

impl Workers for Serial {
    fn may_split(&self) -> bool {
        false
    }

    fn parallel(&self, f: &mut dyn FnMut()) {
        f()
    }
}
