//! [`Resolution::<OddModule>::run`]: the classical plan over the bidegree graph, at an odd prime.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use fp::{FqSubspace, ValidPrime};

use super::step::{self, OddStepOutput};
use crate::config::{Algorithm, RunOptions};
use crate::error::ResolutionError;
use crate::graph::{self, Plan, StepPlan};
use crate::report::RunReport;
use crate::run::{Active, RunSteps};
use crate::save::OddWriters;
use crate::tracker::Tracker;
use crate::Resolution;
use steenrod::module::OddModule;

type Computed = (Result<OddStepOutput, ResolutionError>, Duration);

impl Resolution<OddModule> {
    /// Resolves every bidegree in range by the classical algorithm on `options.threads`
    /// workers (0: one per core). The result does not depend on the thread count.
    /// Bidegrees loaded by [`Resolution::<OddModule>::resume`] are not recomputed; with a save
    /// directory attached, each completed bidegree is written as at p = 2 (writer threads).
    ///
    /// Errors: [`ResolutionError::NotAtOddPrimes`] for Nassau's algorithm or an offload
    /// device (p = 2 only); [`ResolutionError::Inconsistent`] when a step's check fails;
    /// [`ResolutionError::Threads`]; [`ResolutionError::Save`] when a record cannot be
    /// written.
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
        let (pool, threads) = crate::run::worker_pool(options.threads)?;
        let plan = graph::plan(self.config, self.module.min_degree(), Algorithm::Classical);
        // Bidegrees loaded by `resume` are not recomputed; a node above one gets its
        // kernel from a kernel-only step there.
        let active = Active::select(&plan, |b| self.rows[b.s() as usize].is_complete(b.t()));
        let mut tracker = Tracker::new(&plan, &active.nodes, options.progress);
        let stats = match &self.save {
            Some(dir) => dir.with_odd_writers(|w| {
                let steps = OddSteps::new(self, &plan, &active, Some(w));
                active.schedule(&plan, &pool, &steps, &mut tracker)
            })?,
            None => {
                let steps = OddSteps::new(self, &plan, &active, None);
                active.schedule(&plan, &pool, &steps, &mut tracker)?
            }
        };
        Ok(tracker.report(started.elapsed(), stats, threads))
    }
}

/// What the workers share: the resolution (read only), the plan, the kernel table and the
/// save directory's writers.
struct OddSteps<'a> {
    res: &'a Resolution<OddModule>,
    plan: &'a Plan,
    active: &'a Active,
    /// Kernels handed from `(s, t)` to `(s + 1, t)`; locked only to insert or take one.
    kernels: Mutex<Vec<Option<FqSubspace<ValidPrime>>>>,
    /// The save directory's writers, if one is attached.
    save: Option<&'a OddWriters<'a>>,
}

impl<'a> OddSteps<'a> {
    fn new(
        res: &'a Resolution<OddModule>,
        plan: &'a Plan,
        active: &'a Active,
        save: Option<&'a OddWriters<'a>>,
    ) -> Self {
        let kernels = Mutex::new(plan.nodes.iter().map(|_| None).collect());
        Self {
            res,
            plan,
            active,
            kernels,
            save,
        }
    }
}

impl RunSteps for OddSteps<'_> {
    type Output = OddStepOutput;

    /// On a worker: active node `j`'s step; a completed full step's file is encoded here
    /// and queued for the save directory's writers.
    fn compute(&self, j: usize) -> Computed {
        let i = self.active.nodes[j];
        let node = self.plan.nodes[i];
        let kernel_prev = node
            .kernel_from
            .and_then(|k| self.kernels.lock().expect("kernel table")[k].take());
        let start = Instant::now();
        let b = node.bidegree;
        let span = tracing::info_span!("bidegree", s = b.s(), t = b.t(), stem = b.n()).entered();
        let out = match self.active.step_plan(i, node) {
            StepPlan::Classical { kind, want_kernel } => {
                step::step(self.res, b, kind, want_kernel, kernel_prev)
            }
            StepPlan::Nassau => unreachable!("the odd-primary plan is classical"),
        };
        let elapsed = start.elapsed();
        drop(span);
        let out = match (out, self.save) {
            (Ok(o), Some(save)) if self.active.adds_gens(i, node) => save
                .put(b, &o.gens)
                .map(|()| o)
                .map_err(ResolutionError::from),
            (out, _) => out,
        };
        (out, elapsed)
    }

    /// On the driving thread: keeps the generators and the kernel of active node `j`.
    fn on_done(
        &self,
        tracker: &mut Tracker<'_, '_>,
        j: usize,
        out: Result<OddStepOutput, ResolutionError>,
        elapsed: Duration,
    ) -> Result<(), ResolutionError> {
        let i = self.active.nodes[j];
        let node = self.plan.nodes[i];
        let out = out?;
        if let Some(k) = out.kernel {
            self.kernels.lock().expect("kernel table")[i] = Some(k);
        }
        if self.active.adds_gens(i, node) {
            let b = node.bidegree;
            self.res.rows[b.s() as usize].set_gens(b.t(), out.gens);
        }
        tracker.completed(node.bidegree, elapsed);
        Ok(())
    }
}
