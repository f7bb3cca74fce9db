//! Minimal free resolutions over the mod 2 Steenrod algebra, and their Ext.
//!
//! A minimal resolution `… → C_s → C_{s−1} → … → C_0 → M` of a finite A-module `M` by
//! free A-modules has `Ext^{s,t}_A(M, F_2) = F_2^{(number of generators of C_s in degree t)}`:
//! the E2 page of the Adams spectral sequence. Coordinates: Adams filtration `s`,
//! internal degree `t`, stem `n = t − s`.
//!
//! [`Resolution`] resolves every bidegree with `n ≤ max_stem` and `s ≤ max_s` by Nassau's
//! algorithm ([`nassau`], the default) or the classical one ([`classical`]), each bidegree
//! a node of a dependency graph run on a thread pool ([`scheduler`], [`graph`]).

pub mod backend;
pub mod bidegree;
pub mod certify;
pub mod classical;
pub mod cpu_backend;
pub mod cpu_device;
pub mod free_module;
pub mod graph;
pub mod nassau;
pub mod products;
pub mod sample;
pub mod save;
pub mod scheduler;
mod signature_basis;
mod step_context;
pub mod step_errors;
pub mod subalgebra;
pub mod verified;
pub mod workers;

use std::sync::Mutex;
use std::time::{Duration, Instant};

use fp::Subspace;
use steenrod::module::FiniteModule;
use steenrod::MilnorAlgebra;

pub use backend::{Backend, Call, Offload, ProductBatch};
pub use bidegree::Bidegree;
pub use certify::{certify, Certificate, CertifyError};
pub use cpu_backend::CpuBackend;
pub use cpu_device::CpuDevice;
pub use free_module::{Differential, FreeModule, Term};
pub use graph::{BidegreeNode, StepPlan};
pub use sample::{CallKind, CheckedCall, Checks, SampleFraction};
pub use save::{SaveDir, SaveError, SaveOptions};
pub use step_errors::{Action, Inconsistency, MatrixName, OffloadError};
pub use verified::Verified;
pub use workers::Workers;

use classical::StepKind;

/// Largest internal degree `t` above the bottom cell a resolution may reach: the top
/// degree of the Milnor basis tables (`PPart` has 8 exponents, enough for degrees below
/// `2^9 − 1`). The one definition is [`steenrod::MAX_ALGEBRA_DEGREE`]; this is it as a
/// degree (`i32`), the type bidegrees use.
pub const MAX_ALGEBRA_DEGREE: i32 = steenrod::MAX_ALGEBRA_DEGREE as i32;

/// Which algorithm resolves rows `s ≥ 2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Algorithm {
    /// Nassau's algorithm (arXiv:1910.04063), the default at p = 2.
    #[default]
    Nassau,
    /// The classical algorithm: the full matrix of each differential.
    Classical,
}

/// The range to resolve: every bidegree with stem `n = t − s ≤ max_stem` and `s ≤ max_s`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResolutionConfig {
    /// Largest stem `n = t − s`.
    pub max_stem: i32,
    /// Largest Adams filtration `s`.
    pub max_s: u32,
}

/// One nonzero entry of the Ext table: `dim Ext^{s,t} = dim`, at stem `n = t − s`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct ExtEntry {
    /// Stem `n = t − s`.
    pub stem: i32,
    /// Adams filtration (homological degree).
    pub s: u32,
    /// Internal degree.
    pub t: i32,
    /// Dimension over F_2.
    pub dim: usize,
}

/// Errors of a resolution run.
#[derive(Debug, thiserror::Error)]
pub enum ResolutionError {
    /// The requested range needs Milnor basis elements of too high a degree.
    #[error("range too large: stem {max_stem}, s {max_s} needs internal degrees up to {needed}, above the supported {MAX_ALGEBRA_DEGREE}")]
    RangeTooLarge {
        /// Requested largest stem.
        max_stem: i32,
        /// Requested largest filtration.
        max_s: u32,
        /// Largest degree of A the run would need.
        needed: i32,
    },
    /// The requested range is empty or negative.
    #[error("invalid range: {0}")]
    InvalidRange(String),
    /// An internal consistency check failed (`d∘d ≠ 0`, a lift that does not exist): a bug
    /// or a faulty device; the run stops, so no chart is written. Passing these checks
    /// does not make a resolution exact: [`certify()`] checks that.
    #[error("consistency check failed at bidegree {at}: {reason}")]
    Inconsistent {
        /// The step's bidegree.
        at: Bidegree,
        /// What failed.
        reason: Inconsistency,
    },
    /// The thread pool could not be built.
    #[error("cannot start {threads} worker threads: {reason}")]
    Threads {
        /// Requested threads.
        threads: usize,
        /// Why.
        reason: String,
    },
    /// Writing a save record failed, or the save directory does not fit this run.
    #[error("{0}")]
    Save(String),
    /// An offloaded build or reduction failed on its device, or differs from the CPU's
    /// (verify mode).
    #[error("offload failed at bidegree {at}: {source}")]
    Offload {
        /// The step's bidegree.
        at: Bidegree,
        /// What failed, where (build, signature, row).
        #[source]
        source: OffloadError,
    },
    /// The dependency graph stalled (a scheduler bug).
    #[error("the bidegree graph stalled after {completed} of {total} bidegrees")]
    Stalled {
        /// Bidegrees completed.
        completed: usize,
        /// Bidegrees in the graph.
        total: usize,
    },
}

/// What one step produces: the new generators (with differentials) and, when a later
/// classical step needs it, the kernel of `d_s` in degree `t`.
#[derive(Debug, Default)]
pub struct StepOutput {
    /// New generators of `C_s` in degree `t`, with `d_s` on each.
    pub gens: Vec<Differential>,
    /// `ker(d_s)_t` on the old part, for step `(s+1, t)`.
    pub kernel: Option<Subspace>,
    /// The quasi-inverses the step reduced, when a save directory keeps them.
    pub quasi_inverse: Option<save::StepQuasiInverse>,
    /// The offloaded calls it redid on the CPU ([`Offload::check`]).
    pub checks: Checks,
}

/// How to run [`Resolution::resolve_with`].
pub struct RunOptions<'a> {
    /// Algorithm for rows `s ≥ 2`.
    pub algorithm: Algorithm,
    /// Worker threads; 0 means one per core.
    pub threads: usize,
    /// Called on the driving thread after each bidegree completes.
    pub progress: Option<&'a mut dyn FnMut(&Progress)>,
    /// The device steps build and reduce their matrices on; `None`: the CPU.
    pub offload: Option<Offload<'a>>,
}

impl Default for RunOptions<'_> {
    fn default() -> Self {
        Self {
            algorithm: Algorithm::Nassau,
            threads: 0,
            progress: None,
            offload: None,
        }
    }
}

/// One completed bidegree, as reported to a progress callback.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Filtration of the bidegree just completed.
    pub s: u32,
    /// Its internal degree.
    pub t: i32,
    /// Time its step took.
    pub step_time: Duration,
    /// Bidegrees completed so far.
    pub done: usize,
    /// Bidegrees in the run.
    pub total: usize,
    /// Smallest stem with a bidegree not yet completed (the front of the wavefront).
    pub stem_front: i32,
}

/// What a run measured.
#[derive(Clone, Debug, Default)]
pub struct RunReport {
    /// Wall time of the whole run.
    pub wall: Duration,
    /// Bidegrees (steps) run.
    pub steps: usize,
    /// Mean number of bidegrees in flight, sampled at each completion.
    pub mean_in_flight: f64,
    /// Times a bidegree was parked because it landed inside a parallel section.
    pub parked: usize,
    /// Worker threads used.
    pub threads: usize,
    /// `(s, t, time)` of every step, slowest first.
    pub step_times: Vec<(u32, i32, Duration)>,
    /// The offloaded builds and reductions redone on the CPU and compared
    /// ([`Offload::check`]); empty without offload.
    pub checks: Checks,
}

/// A minimal resolution of a finite module, resolved over a range of bidegrees.
pub struct Resolution {
    pub(crate) module: FiniteModule,
    pub(crate) algebra: MilnorAlgebra,
    pub(crate) config: ResolutionConfig,
    /// `C_0, …, C_{max_s}` with their differentials.
    pub(crate) rows: Vec<FreeModule>,
    /// Where completed bidegrees are written ([`Resolution::resume`]).
    pub(crate) save: Option<save::SaveDir>,
}

impl Resolution {
    /// Prepares a resolution of `module` over `config`'s range.
    ///
    /// Errors: [`ResolutionError::RangeTooLarge`] when the range needs Milnor basis
    /// elements of degree above [`MAX_ALGEBRA_DEGREE`]; [`ResolutionError::InvalidRange`]
    /// for a stem bound below the module's bottom cell.
    pub fn new(module: FiniteModule, config: ResolutionConfig) -> Result<Self, ResolutionError> {
        if config.max_stem < module.min_degree() {
            return Err(ResolutionError::InvalidRange(format!(
                "max stem {} is below the bottom cell of {} (degree {})",
                config.max_stem,
                module.name(),
                module.min_degree()
            )));
        }
        let needed = config.max_stem as i64 + config.max_s as i64 - module.min_degree() as i64;
        if needed > MAX_ALGEBRA_DEGREE as i64 {
            return Err(ResolutionError::RangeTooLarge {
                max_stem: config.max_stem,
                max_s: config.max_s,
                needed: needed.min(i32::MAX as i64) as i32,
            });
        }
        let algebra = MilnorAlgebra::new(needed as u32);
        let min = module.min_degree();
        let rows = (0..=config.max_s as i32)
            .map(|s| FreeModule::new(min + s, config.max_stem + s))
            .collect();
        Ok(Self {
            module,
            algebra,
            config,
            rows,
            save: None,
        })
    }

    /// Caps the bytes of cached admissible-matrix tables for Milnor products
    /// ([`MilnorAlgebra::with_table_budget`]; 0 computes every product by direct
    /// enumeration). Call before resolving.
    pub fn with_product_table_budget(mut self, bytes: usize) -> Self {
        self.algebra = MilnorAlgebra::with_table_budget(self.algebra.max_degree(), bytes);
        self
    }

    /// The module being resolved.
    pub fn module(&self) -> &FiniteModule {
        &self.module
    }

    /// The Milnor algebra used (basis up to the largest degree the range needs).
    pub fn algebra(&self) -> &MilnorAlgebra {
        &self.algebra
    }

    /// The range.
    pub fn config(&self) -> ResolutionConfig {
        self.config
    }

    /// The save directory attached by [`Resolution::resume`], if any.
    pub fn save_dir(&self) -> Option<&save::SaveDir> {
        self.save.as_ref()
    }

    /// The free module `C_s` with `d_s` on its generators.
    pub fn free_module(&self, s: u32) -> &FreeModule {
        &self.rows[s as usize]
    }

    /// `dim Ext^{s,t}`: the number of generators of `C_s` in degree `t` (0 outside the
    /// resolved range).
    pub fn number_of_gens(&self, s: u32, t: i32) -> usize {
        self.rows.get(s as usize).map_or(0, |c| c.gens_in_degree(t))
    }

    /// Resolves every bidegree in range by Nassau's algorithm on all cores.
    pub fn resolve(&mut self) -> Result<RunReport, ResolutionError> {
        self.resolve_with(Algorithm::Nassau)
    }

    /// Resolves every bidegree in range by `algorithm` on all cores.
    pub fn resolve_with(&mut self, algorithm: Algorithm) -> Result<RunReport, ResolutionError> {
        self.run(RunOptions {
            algorithm,
            ..RunOptions::default()
        })
    }

    /// Resolves every bidegree in range: the bidegree graph of [`graph::plan`] on a pool
    /// of `options.threads` workers. The result does not depend on the thread count.
    ///
    /// Bidegrees already filled in (loaded by [`Resolution::resume`], or by an earlier run)
    /// are not recomputed; a classical step that needs the kernel of such a bidegree gets it
    /// from a kernel-only step there. With a save directory attached, each bidegree is
    /// written as it completes (a writer thread; the run waits for it at the end) and a
    /// write error stops the run ([`ResolutionError::Save`]).
    pub fn run(&mut self, mut options: RunOptions<'_>) -> Result<RunReport, ResolutionError> {
        let started = Instant::now();
        let plan = graph::plan(self.config, self.module.min_degree(), options.algorithm);
        if let Some(save) = &self.save {
            let name = save::algorithm_name(options.algorithm);
            if save.header().algorithm != name {
                return Err(ResolutionError::Save(format!(
                    "save directory {}: field algorithm: made for {}, this run uses {name}",
                    save.dir().display(),
                    save.header().algorithm
                )));
            }
        }
        let threads = if options.threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            options.threads
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("adams-worker-{i}"))
            .build()
            .map_err(|e| ResolutionError::Threads {
                threads,
                reason: e.to_string(),
            })?;

        // The nodes to run: those not filled in yet, and filled-in classical nodes whose
        // kernel a node to run needs (run kernel-only).
        let this: &Resolution = self;
        let filled = |i: usize| {
            let n = plan.nodes[i];
            n.is_full() && this.rows[n.s as usize].is_complete(n.t)
        };
        let mut kernel_only = vec![false; plan.nodes.len()];
        for (i, n) in plan.nodes.iter().enumerate() {
            if let (false, Some(k)) = (filled(i), n.kernel_from) {
                kernel_only[k] |= filled(k);
            }
        }
        let active: Vec<usize> = (0..plan.nodes.len())
            .filter(|&i| !filled(i) || kernel_only[i])
            .collect();
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
        let save = self.save.as_ref();
        let env = step_context::StepEnv {
            offload: options.offload,
            workers: &workers::SchedulerWorkers,
        };
        let want_qi = save.is_some_and(|s| s.options().quasi_inverses);

        // Kernels handed from a classical step (s, t) to (s+1, t); the lock is held only
        // to insert or take one, never across a step.
        let kernels: Mutex<Vec<Option<Subspace>>> =
            Mutex::new((0..plan.nodes.len()).map(|_| None).collect());
        let compute = |j: usize| {
            let i = active[j];
            let node = plan.nodes[i];
            let kernel_prev = node.kernel_from.and_then(|k| {
                kernels
                    .lock()
                    .expect("kernel table")
                    .get_mut(k)
                    .and_then(Option::take)
            });
            let start = Instant::now();
            let span = tracing::info_span!(
                "bidegree",
                s = node.s,
                t = node.t,
                stem = node.t - node.s as i32
            )
            .entered();
            let step_plan = if kernel_only[i] {
                StepPlan::Classical {
                    kind: StepKind::KernelOnly,
                    want_kernel: true,
                }
            } else {
                node.plan
            };
            let at = Bidegree::s_t(node.s, node.t);
            let out = match step_plan {
                StepPlan::Classical { kind, want_kernel } => {
                    classical::step(this, at, kind, want_kernel, kernel_prev, want_qi, &env)
                }
                StepPlan::Nassau => nassau::step(this, at, want_qi, &env),
            };
            let elapsed = start.elapsed();
            tracing::debug!(
                gens = out.as_ref().map_or(0, |o| o.gens.len()),
                ms = elapsed.as_secs_f64() * 1e3,
                "step"
            );
            drop(span);
            // Records are encoded (and compressed) here, on the worker.
            let job = match (&out, save) {
                (Ok(o), Some(save)) if node.is_full() && !kernel_only[i] => {
                    Some(save.encode_step(node.s, node.t, &o.gens, o.quasi_inverse.as_ref()))
                }
                _ => None,
            };
            (out, elapsed, job)
        };
        let mut step_times = Vec::with_capacity(active.len());
        let stem_min = self.module.min_degree();
        let mut remaining_by_stem = vec![0usize; plan.nodes_by_stem().len()];
        for &i in &active {
            remaining_by_stem[(plan.nodes[i].t - plan.nodes[i].s as i32 - stem_min) as usize] += 1;
        }
        let total = active.len();
        let mut done = 0usize;
        let writer_shared = save::WriterShared::default();
        let (tx, rx) = std::sync::mpsc::sync_channel::<save::Job>(save::WRITE_QUEUE);
        // `on_done` owns the sender (a `move` closure over references and `tx`): it is
        // dropped when the scheduler returns, and the writer then finishes its queue.
        let (active, plan, kernels, kernel_only, writer_shared) =
            (&active, &plan, &kernels, &kernel_only, &writer_shared);
        let step_times_out = &mut step_times;
        let mut checks = Checks::default();
        let checks_out = &mut checks;
        let on_done = move |j: usize,
                            (out, elapsed, job): (
            Result<StepOutput, ResolutionError>,
            Duration,
            Option<save::Job>,
        )| {
            let i = active[j];
            let node = plan.nodes[i];
            let mut out = out?;
            checks_out.append(&mut out.checks);
            if let Some(e) = writer_shared.take_error() {
                return Err(ResolutionError::Save(e.to_string()));
            }
            if let Some(k) = out.kernel {
                kernels.lock().expect("kernel table")[i] = Some(k);
            }
            if node.is_full() && !kernel_only[i] {
                this.rows[node.s as usize].set_gens(node.t, out.gens);
                if job.is_some_and(|job| tx.send(job).is_err()) {
                    return Err(ResolutionError::Save(
                        "the save writer thread stopped".into(),
                    ));
                }
            }
            done += 1;
            step_times_out.push((node.s, node.t, elapsed));
            let stem = node.t - node.s as i32;
            remaining_by_stem[(stem - stem_min) as usize] -= 1;
            if let Some(progress) = options.progress.as_mut() {
                let front = remaining_by_stem
                    .iter()
                    .position(|&r| r > 0)
                    .map_or(stem, |p| p as i32 + stem_min);
                progress(&Progress {
                    s: node.s,
                    t: node.t,
                    step_time: elapsed,
                    done,
                    total,
                    stem_front: front,
                });
            }
            Ok::<(), ResolutionError>(())
        };
        let rx = Mutex::new(rx);
        let stats = std::thread::scope(|scope| {
            if let Some(save) = save {
                for w in 0..save::WRITERS {
                    let (shared, rx) = (writer_shared, &rx);
                    std::thread::Builder::new()
                        .name(format!("adams-save-writer-{w}"))
                        .spawn_scoped(scope, move || save.write_loop(rx, shared))
                        .map_err(|e| ResolutionError::Threads {
                            threads: save::WRITERS,
                            reason: format!("save writer: {e}"),
                        })?;
                }
            }
            scheduler::run(&pool, graph, compute, on_done).map_err(|e| match e {
                scheduler::RunError::Node(e) => e,
                scheduler::RunError::Stalled { completed, total } => {
                    ResolutionError::Stalled { completed, total }
                }
            })
        })?;
        if let Some(e) = writer_shared.take_error() {
            return Err(ResolutionError::Save(e.to_string()));
        }
        step_times.sort_by_key(|a| std::cmp::Reverse(a.2));
        checks.sort();
        Ok(RunReport {
            wall: started.elapsed(),
            steps: stats.completed,
            mean_in_flight: stats.mean_in_flight,
            parked: stats.parked,
            threads,
            step_times,
            checks,
        })
    }

    /// The nonzero entries of Ext in the resolved range, sorted by stem, then `s`.
    pub fn ext(&self) -> Vec<ExtEntry> {
        let mut entries = Vec::new();
        for (s, c) in self.rows.iter().enumerate() {
            let s = s as u32;
            for t in c.min_degree()..=self.config.max_stem + s as i32 {
                let dim = c.gens_in_degree(t);
                if dim > 0 {
                    entries.push(ExtEntry {
                        stem: t - s as i32,
                        s,
                        t,
                        dim,
                    });
                }
            }
        }
        entries.sort();
        entries
    }
}
