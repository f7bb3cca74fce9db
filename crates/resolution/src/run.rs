//! [`Resolution::run`]: one pass over the bidegree graph, in named phases.
//!
//! 1. **Plan** the graph ([`graph::plan`]) and pick the active nodes: those not yet
//!    filled in, and filled-in classical nodes whose kernel an active node needs (they run
//!    kernel-only) — [`Active`].
//! 2. **Compute** each active node on a worker ([`Steps::compute`]): the step gets plain
//!    inputs (its bidegree, the kernel handed from below, `want_qi`, and a `StepEnv`: the
//!    device, if any, and the workers it may spread rows over); a
//!    completed full step goes to the save directory's store there (encoded on the worker).
//! 3. **On done**, on the driving thread in completion order ([`Tracker`]): the new
//!    generators go to the in-memory store (the free modules the next steps read), the
//!    kernel to the table, and progress is reported.
//! 4. **Report**: step times slowest first, checks, scheduler statistics.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use steenrod::module::FiniteModule;
use steenrod::MilnorAlgebra;
use steenrod::Module;

use crate::backend::Offload;
use crate::bidegree::Bidegree;
use crate::certify::Complex;
use crate::classical::{self, StepKind};
use crate::config::{Algorithm, RunOptions};
use crate::error::ResolutionError;
use crate::graph::{self, BidegreeNode, Plan, StepPlan};
use crate::hold::HoldReport;
use crate::nassau;
use crate::report::RunReport;
use crate::resolution::Resolution;
use crate::scheduler::{self, RunStats};
use crate::step::{StepOutput, SubspaceOver};
use crate::step_algebra::StepAlgebra;
use crate::step_context::StepEnv;
use crate::store::Store;
use crate::tracker::{Prior, Tracker};
use crate::workers::SchedulerWorkers;
use fp::ValidPrime;

/// What a worker hands the driving thread: the step's output and how long it took.
pub(crate) type Computed<A = steenrod::MilnorAlgebra> =
    (Result<StepOutput<A>, ResolutionError>, Duration);

/// A module type a [`Resolution`] can be run over: [`FiniteModule`] (p = 2: Nassau's or
/// the classical algorithm, on the CPU or a device) and `FiniteModule<MilnorAlgebra<ValidPrime>>` (odd primes: the
/// classical algorithm on the CPU). One run ([`Resolution::run`]) serves both; what
/// differs is which steps exist ([`ModuleSteps`]).
pub trait Resolvable: Module + ModuleSteps {}

impl<M: Module + ModuleSteps> Resolvable for M {}

/// The steps a run over modules of this type may take, beyond the classical step every
/// prime has (crate-internal: [`Resolvable`] is the public name).
pub trait ModuleSteps: Module<Algebra = <Self as ModuleSteps>::StepAlgebra> {
    /// The module's algebra, with how its matrices are built and reduced.
    #[allow(private_bounds)]
    type StepAlgebra: StepAlgebra;

    /// Refuses a run of `options` that cannot start over `res`.
    #[doc(hidden)]
    fn check_run(res: &Resolution<Self>, options: &RunOptions<'_>) -> Result<(), ResolutionError>;

    /// The save header of a run of `algorithm` on `module` (`SAVE-FORMAT.md`): what a save
    /// directory's records and a cluster's handshake ([`crate::cluster::Identity`]) carry.
    #[doc(hidden)]
    fn save_header(module: &Self, algorithm: Algorithm) -> crate::save::Header;

    /// The resolution as the certificate reads it ([`crate::certify`]).
    #[doc(hidden)]
    #[allow(private_interfaces)]
    fn as_complex(res: &Resolution<Self>) -> &dyn Complex;

    /// Nassau's step at `b` (p = 2; never planned at odd primes, whose runs
    /// [`ModuleSteps::check_run`] refuses Nassau's algorithm).
    #[doc(hidden)]
    #[allow(private_interfaces)]
    fn nassau_step(
        res: &Resolution<Self>,
        b: Bidegree,
        want_qi: bool,
        env: &StepEnv<'_>,
    ) -> Result<StepOutput<Self::Algebra>, ResolutionError>;
}

impl ModuleSteps for FiniteModule {
    type StepAlgebra = steenrod::MilnorAlgebra;

    /// Refuses Nassau's algorithm over a sub-Hopf algebra, or a save directory made for
    /// another algorithm.
    fn check_run(res: &Resolution, options: &RunOptions<'_>) -> Result<(), ResolutionError> {
        let algorithm = options.algorithm;
        if let (Some(profile), Algorithm::Nassau) = (res.algebra.profile(), algorithm) {
            return Err(ResolutionError::NassauOverSubalgebra {
                profile: profile.to_string(),
            });
        }
        if let Some(save) = &res.save {
            save.check_algorithm(algorithm)?;
        }
        Ok(())
    }

    fn save_header(module: &Self, algorithm: Algorithm) -> crate::save::Header {
        crate::save::Header::for_run(module, algorithm)
    }

    #[allow(private_interfaces)]
    fn as_complex(res: &Resolution) -> &dyn Complex {
        res
    }

    #[allow(private_interfaces)]
    fn nassau_step(
        res: &Resolution,
        b: Bidegree,
        want_qi: bool,
        env: &StepEnv<'_>,
    ) -> Result<StepOutput, ResolutionError> {
        nassau::step(res, b, want_qi, env)
    }
}

impl ModuleSteps for FiniteModule<MilnorAlgebra<ValidPrime>> {
    type StepAlgebra = MilnorAlgebra<ValidPrime>;

    /// Refuses Nassau's algorithm and offload to a device (p = 2 only).
    fn check_run(res: &Resolution<Self>, options: &RunOptions<'_>) -> Result<(), ResolutionError> {
        let p = res.module.prime();
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
        Ok(())
    }

    /// The classical algorithm's header: [`ModuleSteps::check_run`] refuses the other.
    fn save_header(module: &Self, algorithm: Algorithm) -> crate::save::Header {
        crate::save::Header::for_run(module, algorithm)
    }

    #[allow(private_interfaces)]
    fn as_complex(res: &Resolution<Self>) -> &dyn Complex {
        res
    }

    #[allow(private_interfaces)]
    fn nassau_step(
        res: &Resolution<Self>,
        _b: Bidegree,
        _want_qi: bool,
        _env: &StepEnv<'_>,
    ) -> Result<StepOutput<Self::Algebra>, ResolutionError> {
        Err(ResolutionError::NotAtOddPrimes {
            p: res.module.prime(),
            what: "Nassau's algorithm",
        })
    }
}

impl<M: Resolvable> Resolution<M> {
    /// Resolves every bidegree in range: the bidegree graph of [`graph::plan`] on a pool
    /// of `options.threads` workers (0: one per core). The result does not depend on the
    /// thread count.
    ///
    /// Bidegrees already filled in (loaded by [`Resolution::resume`], or by an earlier run)
    /// are not recomputed; a classical step that needs the kernel of such a bidegree gets it
    /// from a kernel-only step there. With a save directory attached, each bidegree is
    /// written as it completes (writer threads; the run waits for them at the end) and a
    /// write error stops the run ([`ResolutionError::Save`]).
    ///
    /// A watched run ([`RunOptions::watch`]) that passes its mark goes on within its
    /// budget from the bidegrees completed by then (`watch.rs`); its report's `steps`
    /// counts both passes, its other statistics are the second's.
    ///
    /// Errors: at p = 2 [`ResolutionError::NassauOverSubalgebra`]; at odd primes
    /// [`ResolutionError::NotAtOddPrimes`] for Nassau's algorithm or an offload device;
    /// [`ResolutionError::Inconsistent`] when a step's check fails;
    /// [`ResolutionError::Threads`]; [`ResolutionError::Save`]; [`ResolutionError::SpillDir`].
    pub fn run(&mut self, mut options: RunOptions<'_>) -> Result<RunReport, ResolutionError> {
        let started = Instant::now();
        M::check_run(self, &options)?;
        let (pool, threads) = worker_pool(options.threads)?;
        let plan = graph::plan(self.config, self.module.min_degree(), options.algorithm);
        let watch = options.watch.filter(|_| options.hold.is_none());
        let mut switched: Option<(usize, u64)> = None;
        let mut prior = Prior::default();
        loop {
            let active = Active::select(&plan, |b| self.rows.is_complete(b));
            let trip = watch.filter(|_| switched.is_none()).map(|w| w.trip_bytes);
            let mut tracker =
                Tracker::new(&plan, &active.nodes, options.progress.take(), options.stop)
                    .watching(trip)
                    .continuing(std::mem::take(&mut prior));
            let mut pass = Pass {
                plan: &plan,
                active: &active,
                pool: &pool,
                offload: options.offload,
                kernels: Vec::new(),
                threads,
            };
            let outcome = match options.hold {
                None => {
                    let every: Vec<usize> = (0..active.nodes.len()).collect();
                    pass.run(self, &every, &mut tracker)
                        .map(|stats| (stats, None))
                }
                Some(hold) => crate::hold::run_held(self, hold, &mut pass, &mut tracker)
                    .map(|(stats, held)| (stats, Some(held))),
            };
            let (stats, held) = match (outcome, watch) {
                (Err(ResolutionError::PastWatch { resident, .. }), Some(w)) => {
                    let (p, progress) = tracker.into_prior();
                    (prior, options.progress) = (p, progress);
                    switched = Some((prior.done, resident));
                    self.attach_spill(options.algorithm, &pool)?;
                    options.hold = Some(w.hold);
                    continue;
                }
                (outcome, _) => outcome?,
            };
            let mut report = tracker.report(started.elapsed(), stats, threads);
            report.steps += switched.map_or(0, |(done, _)| done);
            report.held = held.map(|h| HoldReport {
                watch_resident: switched.map(|(_, resident)| resident),
                ..h
            });
            return Ok(report);
        }
    }
}

/// What the passes of one run share: the plan, its active nodes, the workers and the
/// kernels handed from one pass to the next (a run within a memory budget makes one pass
/// per band of rows, `hold.rs`; any other run one pass).
pub(crate) struct Pass<'r, M: Resolvable> {
    pub(crate) plan: &'r Plan,
    pub(crate) active: &'r Active,
    pool: &'r rayon::ThreadPool,
    offload: Option<Offload<'r>>,
    /// The kernel table left by the last pass (empty before the first).
    kernels: Vec<Option<SubspaceOver<M::Algebra>>>,
    /// The pool's workers.
    pub(crate) threads: usize,
}

impl<M: Resolvable> Pass<'_, M> {
    /// Runs the active nodes `subset` (active indices; every node they wait for is in it
    /// or complete) on the pool, each completed bidegree to the resolution's stores.
    /// Errors: as [`Active::schedule`], and the save directory's ([`ResolutionError::Save`]).
    pub(crate) fn run(
        &mut self,
        res: &Resolution<M>,
        subset: &[usize],
        tracker: &mut Tracker<'_, '_>,
    ) -> Result<RunStats, ResolutionError> {
        let kernels = std::mem::take(&mut self.kernels);
        let (plan, active, pool) = (self.plan, self.active, self.pool);
        let go = |store: Option<&dyn Store<M::Algebra>>| {
            let steps = Steps::new(res, plan, active, self.offload, store).with_kernels(kernels);
            let stats = active.schedule(plan, subset, pool, &steps, tracker)?;
            Ok::<_, ResolutionError>((stats, steps.into_kernels()))
        };
        let (stats, kernels) = match &res.save {
            Some(save) => save.with_writers(|store| go(Some(store)))?,
            None => go(None)?,
        };
        self.kernels = kernels;
        Ok(stats)
    }
}

/// The rayon pool of a run's workers (`adams-worker-N`): `threads` of them, 0 meaning as
/// many as the rayon pool the run is called from has (one per core outside any pool);
/// returns the pool and the number of threads.
///
/// Errors: [`ResolutionError::Threads`] when the pool cannot be built.
pub(crate) fn worker_pool(threads: usize) -> Result<(rayon::ThreadPool, usize), ResolutionError> {
    let threads = match threads {
        0 => rayon::current_num_threads(),
        n => n,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("adams-worker-{i}"))
        .build()
        .map_err(|source| ResolutionError::Threads { threads, source })?;
    Ok((pool, threads))
}

/// The nodes a run computes, numbered `0..len` for the scheduler.
pub(crate) struct Active {
    /// The plan's index of each active node.
    pub(crate) nodes: Vec<usize>,
    /// Per plan node: a filled-in classical node run only for its kernel.
    kernel_only: Vec<bool>,
}

impl Active {
    /// The full nodes not filled in yet (`is_complete` false), filled-in classical nodes
    /// whose kernel a node to run needs (run kernel-only), and the kernel-only nodes past
    /// the last stem that a node to run needs (none once every full node is filled in: a
    /// run that only resumes computes nothing outside its range).
    pub(crate) fn select(plan: &Plan, is_complete: impl Fn(Bidegree) -> bool) -> Self {
        let filled = |i: usize| {
            let n = plan.nodes[i];
            n.is_full() && is_complete(n.bidegree)
        };
        let mut kernel_only = vec![false; plan.nodes.len()];
        let mut needed = vec![false; plan.nodes.len()];
        for (i, n) in plan.nodes.iter().enumerate() {
            if let (false, Some(k)) = (filled(i), n.kernel_from) {
                kernel_only[k] |= filled(k);
                needed[k] = true;
            }
        }
        let nodes = (0..plan.nodes.len())
            .filter(|&i| match plan.nodes[i].is_full() {
                true => !filled(i) || kernel_only[i],
                false => needed[i],
            })
            .collect();
        Self { nodes, kernel_only }
    }

    /// The scheduler's graph over the active nodes (edges to inactive nodes dropped:
    /// those are complete).
    #[cfg(feature = "cluster")]
    pub(crate) fn graph(&self, plan: &Plan) -> scheduler::Graph {
        let every: Vec<usize> = (0..self.nodes.len()).collect();
        self.graph_of(plan, &every)
    }

    /// The scheduler's graph over the active nodes `subset` (active indices), node `k`
    /// being `subset[k]`; edges to nodes outside it dropped (those are complete, or
    /// belong to a later pass and are not waited for: [`Pass::run`]).
    fn graph_of(&self, plan: &Plan, subset: &[usize]) -> scheduler::Graph {
        let mut slot = vec![usize::MAX; plan.nodes.len()];
        for (k, &j) in subset.iter().enumerate() {
            slot[self.nodes[j]] = k;
        }
        scheduler::Graph::new(subset.len(), |k| {
            plan.deps[self.nodes[subset[k]]]
                .iter()
                .filter_map(|&d| (slot[d] != usize::MAX).then_some(slot[d]))
                .collect()
        })
    }

    /// Runs the steps of the active nodes `subset` (active indices) on `pool`
    /// ([`scheduler::run`]), `tracker` recording each completion. Errors: the first error
    /// of a step or of `on_done`, or [`ResolutionError::Stalled`].
    pub(crate) fn schedule<S: RunSteps>(
        &self,
        plan: &Plan,
        subset: &[usize],
        pool: &rayon::ThreadPool,
        steps: &S,
        tracker: &mut Tracker<'_, '_>,
    ) -> Result<RunStats, ResolutionError> {
        let on_done = |k: usize, (out, elapsed): (Result<S::Output, ResolutionError>, Duration)| {
            steps.on_done(tracker, subset[k], out, elapsed)
        };
        let graph = self.graph_of(plan, subset);
        scheduler::run(pool, graph, |k| steps.compute(subset[k]), on_done).map_err(|e| match e {
            scheduler::RunError::Node(e) => e,
            scheduler::RunError::Stalled { completed, total } => {
                ResolutionError::Stalled { completed, total }
            }
        })
    }

    /// Whether plan node `i` adds generators in this run (is full and not kernel-only).
    pub(crate) fn adds_gens(&self, i: usize, node: BidegreeNode) -> bool {
        node.is_full() && !self.kernel_only[i]
    }

    /// The step plan node `i` runs in this run.
    pub(crate) fn step_plan(&self, i: usize, node: BidegreeNode) -> StepPlan {
        if self.kernel_only[i] {
            StepPlan::Classical {
                kind: StepKind::KernelOnly,
                want_kernel: true,
            }
        } else {
            node.plan
        }
    }
}

/// The steps of a run as [`Active::schedule`] drives them ([`Steps`], and a cluster's
/// leader): each gets the active index `j` (the plan's index is `Active::nodes[j]`).
pub(crate) trait RunSteps: Sync {
    /// What a step produces.
    type Output: Send;

    /// On a worker: active node `j`'s step and how long it took.
    fn compute(&self, j: usize) -> (Result<Self::Output, ResolutionError>, Duration);

    /// On the driving thread, in completion order: keeps what active node `j` produced.
    fn on_done(
        &self,
        tracker: &mut Tracker<'_, '_>,
        j: usize,
        out: Result<Self::Output, ResolutionError>,
        elapsed: Duration,
    ) -> Result<(), ResolutionError>;
}

/// What the workers share: the resolution (read only), the plan, the kernel table and
/// the step inputs that come from the run.
pub(crate) struct Steps<'a, M: Resolvable = FiniteModule> {
    res: &'a Resolution<M>,
    plan: &'a Plan,
    active: &'a Active,
    /// Kernels handed from a classical step `(s, t)` to `(s+1, t)`; the lock is held only
    /// to insert or take one, never across a step.
    kernels: Mutex<Vec<Option<SubspaceOver<M::Algebra>>>>,
    /// The device and workers every step gets.
    env: StepEnv<'a>,
    /// The save directory's store, if one is attached.
    save: Option<&'a dyn Store<M::Algebra>>,
    pub(crate) want_qi: bool,
}

impl<'a, M: Resolvable> Steps<'a, M> {
    pub(crate) fn new(
        res: &'a Resolution<M>,
        plan: &'a Plan,
        active: &'a Active,
        offload: Option<Offload<'a>>,
        save: Option<&'a dyn Store<M::Algebra>>,
    ) -> Self {
        Self {
            res,
            plan,
            active,
            kernels: Mutex::new(Vec::new()),
            env: StepEnv {
                offload,
                workers: &SchedulerWorkers,
            },
            save,
            want_qi: save.is_some_and(|s| s.keeps_quasi_inverses()),
        }
    }

    /// These steps with the kernel table a previous pass left (`Steps::into_kernels`;
    /// empty: none yet).
    pub(crate) fn with_kernels(self, kernels: Vec<Option<SubspaceOver<M::Algebra>>>) -> Self {
        *self.kernels.lock().expect("kernel table") = kernels;
        self
    }

    /// The kernel table, for the next pass: kernels handed on and not yet taken.
    pub(crate) fn into_kernels(self) -> Vec<Option<SubspaceOver<M::Algebra>>> {
        self.kernels.into_inner().expect("kernel table")
    }

    /// Keeps the kernel plan node `i`'s step handed on (for the classical step above it).
    pub(crate) fn keep_kernel(&self, i: usize, kernel: SubspaceOver<M::Algebra>) {
        let mut table = self.kernels.lock().expect("kernel table");
        if table.len() <= i {
            table.resize_with(self.plan.nodes.len(), || None);
        }
        table[i] = Some(kernel);
    }
}

impl<M: Resolvable> RunSteps for Steps<'_, M> {
    type Output = StepOutput<M::Algebra>;

    /// On a worker: runs active node `j`'s step, and hands a completed full step to the
    /// save directory's store (records are encoded, and compressed, here).
    fn compute(&self, j: usize) -> Computed<M::Algebra> {
        let i = self.active.nodes[j];
        let node = self.plan.nodes[i];
        let b = node.bidegree;
        let kernel_prev = node.kernel_from.and_then(|k| {
            self.kernels
                .lock()
                .expect("kernel table")
                .get_mut(k)
                .and_then(Option::take)
        });
        let start = Instant::now();
        let span = tracing::info_span!("bidegree", s = b.s(), t = b.t(), stem = b.n()).entered();
        let out = match self.active.step_plan(i, node) {
            StepPlan::Classical { kind, want_kernel } => classical::step(
                self.res,
                b,
                kind,
                want_kernel,
                kernel_prev,
                self.want_qi,
                &self.env,
            ),
            StepPlan::Nassau => M::nassau_step(self.res, b, self.want_qi, &self.env),
        };
        let elapsed = start.elapsed();
        tracing::debug!(
            gens = out.as_ref().map_or(0, |o| o.gens.len()),
            ms = elapsed.as_secs_f64() * 1e3,
            "step"
        );
        drop(span);
        let out = match (out, self.save) {
            (Ok(o), Some(save)) if self.active.adds_gens(i, node) => save
                .put(b, &o.gens, o.quasi_inverse.as_ref())
                .map(|()| o)
                .map_err(ResolutionError::from),
            (out, _) => out,
        };
        (out, elapsed)
    }

    /// On the driving thread: keeps what active node `j` produced (the generators in the
    /// in-memory store, the kernel in the table) and records the completion.
    fn on_done(
        &self,
        tracker: &mut Tracker<'_, '_>,
        j: usize,
        out: Result<StepOutput<M::Algebra>, ResolutionError>,
        elapsed: Duration,
    ) -> Result<(), ResolutionError> {
        let i = self.active.nodes[j];
        let node = self.plan.nodes[i];
        let mut out = out?;
        tracker.checks.append(&mut out.checks);
        if let Some(k) = out.kernel {
            self.keep_kernel(i, k);
        }
        if self.active.adds_gens(i, node) {
            self.res.rows.put_owned(node.bidegree, out.gens, None)?;
        }
        tracker.completed(node.bidegree, elapsed)
    }
}
