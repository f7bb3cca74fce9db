//! [`OddResolution::run`]: the classical plan over the bidegree graph, at an odd prime.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use fp::{FqSubspace, ValidPrime};

use super::step::{self, OddStepOutput};
use super::OddResolution;
use crate::config::{Algorithm, RunOptions};
use crate::error::ResolutionError;
use crate::graph::{self, Plan, StepPlan};
use crate::report::RunReport;
use crate::scheduler;
use crate::tracker::Tracker;

type Computed = (Result<OddStepOutput, ResolutionError>, Duration);

impl OddResolution {
    /// Resolves every bidegree in range by the classical algorithm on `options.threads`
    /// workers (0: one per core). The result does not depend on the thread count.
    ///
    /// Errors: [`ResolutionError::NotAtOddPrimes`] for Nassau's algorithm or an offload
    /// device (p = 2 only); [`ResolutionError::Inconsistent`] when a step's check fails;
    /// [`ResolutionError::Threads`].
    pub fn run(&mut self, options: RunOptions<'_>) -> Result<RunReport, ResolutionError> {
        let started = Instant::now();
        let p = self.prime();
        if options.algorithm != Algorithm::Classical {
            return Err(ResolutionError::NotAtOddPrimes {
                p,
                what: "Nassau's algorithm",
            });
        }
        if options.offload.is_some() {
            return Err(ResolutionError::NotAtOddPrimes {
                p,
                what: "offload to a device",
            });
        }
        let threads = match options.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
            n => n,
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("adams-worker-{i}"))
            .build()
            .map_err(|source| ResolutionError::Threads { threads, source })?;
        let plan = graph::plan(self.config, self.module.min_degree(), Algorithm::Classical);
        let active: Vec<usize> = (0..plan.nodes.len())
            .filter(|&i| {
                let n = plan.nodes[i];
                !(n.is_full() && self.rows[n.bidegree.s() as usize].is_complete(n.bidegree.t()))
            })
            .collect();
        let mut tracker = Tracker::new(&plan, &active, options.progress);
        let steps = OddSteps {
            res: self,
            plan: &plan,
            kernels: Mutex::new((0..plan.nodes.len()).map(|_| None).collect()),
        };
        let mut slot = vec![usize::MAX; plan.nodes.len()];
        for (j, &i) in active.iter().enumerate() {
            slot[i] = j;
        }
        let graph = scheduler::Graph::new(active.len(), |j| {
            plan.deps[active[j]]
                .iter()
                .filter_map(|&d| (slot[d] != usize::MAX).then_some(slot[d]))
                .collect()
        });
        let stats = scheduler::run(
            &pool,
            graph,
            |j| steps.compute(active[j]),
            |j, (out, elapsed): Computed| steps.on_done(&mut tracker, active[j], out, elapsed),
        )
        .map_err(|e| match e {
            scheduler::RunError::Node(e) => e,
            scheduler::RunError::Stalled { completed, total } => {
                ResolutionError::Stalled { completed, total }
            }
        })?;
        Ok(tracker.report(started.elapsed(), stats, threads))
    }
}

/// What the workers share: the resolution (read only), the plan and the kernel table.
struct OddSteps<'a> {
    res: &'a OddResolution,
    plan: &'a Plan,
    /// Kernels handed from `(s, t)` to `(s + 1, t)`; locked only to insert or take one.
    kernels: Mutex<Vec<Option<FqSubspace<ValidPrime>>>>,
}

impl OddSteps<'_> {
    /// On a worker: plan node `i`'s step.
    fn compute(&self, i: usize) -> Computed {
        let node = self.plan.nodes[i];
        let kernel_prev = node
            .kernel_from
            .and_then(|k| self.kernels.lock().expect("kernel table")[k].take());
        let start = Instant::now();
        let b = node.bidegree;
        let _span = tracing::info_span!("bidegree", s = b.s(), t = b.t(), stem = b.n()).entered();
        let out = match node.plan {
            StepPlan::Classical { kind, want_kernel } => {
                step::step(self.res, b, kind, want_kernel, kernel_prev)
            }
            StepPlan::Nassau => unreachable!("the odd-primary plan is classical"),
        };
        (out, start.elapsed())
    }

    /// On the driving thread: keeps the generators and the kernel of plan node `i`.
    fn on_done(
        &self,
        tracker: &mut Tracker<'_, '_>,
        i: usize,
        out: Result<OddStepOutput, ResolutionError>,
        elapsed: Duration,
    ) -> Result<(), ResolutionError> {
        let node = self.plan.nodes[i];
        let out = out?;
        if let Some(k) = out.kernel {
            self.kernels.lock().expect("kernel table")[i] = Some(k);
        }
        if node.is_full() {
            let b = node.bidegree;
            self.res.rows[b.s() as usize].set_gens(b.t(), out.gens);
        }
        tracker.completed(node.bidegree, elapsed);
        Ok(())
    }
}
