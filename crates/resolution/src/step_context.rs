//! What a step works with: [`StepEnv`], handed to every step by the run (the device, if
//! any, and the workers), and [`StepContext`], one step's view of it — the backend its
//! builds and reductions go through ([`crate::CpuBackend`], or the device wrapped in
//! [`Verified`]), and errors naming its bidegree. A step reads no scheduler state and
//! never sees whether its calls are verified.

use fp::{KernelImage, Matrix};

use crate::backend::{Backend, BlockBuild, BlockColumns, Call, Offload, ProductBatch};
use crate::bidegree::Bidegree;
use crate::cpu_backend::CpuBackend;
use crate::sample::Checks;
use crate::step_errors::{Inconsistency, MatrixName, OffloadError};
use crate::verified::Verified;
use crate::workers::Workers;
use crate::ResolutionError;

/// What the run hands every step.
#[derive(Clone, Copy)]
pub(crate) struct StepEnv<'a> {
    /// The device and the fraction of its calls to check; `None`: the CPU.
    pub offload: Option<Offload<'a>>,
    /// Where a step may spread its rows.
    pub workers: &'a dyn Workers,
}

/// One step's backend.
enum StepBackend<'a> {
    Cpu(CpuBackend),
    Device(Verified<&'a dyn Backend>),
}

/// One step's context: its bidegree, backend and workers.
pub(crate) struct StepContext<'a> {
    at: Bidegree,
    /// The step's sub-Hopf algebra (Nassau), by name, for messages.
    subalgebra: Option<String>,
    workers: &'a dyn Workers,
    backend: StepBackend<'a>,
}

impl<'a> StepContext<'a> {
    /// The context of the step at `at` (with Nassau's sub-Hopf algebra `subalgebra`).
    pub fn new(env: &StepEnv<'a>, at: Bidegree, subalgebra: Option<String>) -> Self {
        let backend = match env.offload {
            Some(off) => StepBackend::Device(Verified::new(off.backend, off.check, off.seed)),
            None => StepBackend::Cpu(CpuBackend),
        };
        StepContext {
            at,
            subalgebra,
            workers: env.workers,
            backend,
        }
    }

    fn backend(&self) -> &dyn Backend {
        match &self.backend {
            StepBackend::Cpu(b) => b,
            StepBackend::Device(b) => b,
        }
    }

    fn call<'c>(&'c self, what: &'c MatrixName) -> Call<'c> {
        Call {
            at: self.at,
            what,
            subalgebra: self.subalgebra.as_deref(),
            workers: self.workers,
        }
    }

    fn offload_error(&self, source: OffloadError) -> ResolutionError {
        ResolutionError::Offload {
            at: self.at,
            source,
        }
    }

    /// The matrix of `batch` ([`Backend::build`]); `what` names it.
    pub fn build(
        &self,
        batch: &ProductBatch<'_>,
        what: &MatrixName,
    ) -> Result<Matrix, ResolutionError> {
        self.backend()
            .build(&self.call(what), batch)
            .map_err(|e| self.offload_error(e))
    }

    /// The matrix of `batch` restricted to `block`, with `whole` also its whole rows
    /// ([`Backend::build_block`]); `what` names it.
    pub fn build_block(
        &self,
        batch: &ProductBatch<'_>,
        block: &BlockColumns<'_>,
        whole: bool,
        what: &MatrixName,
    ) -> Result<BlockBuild, ResolutionError> {
        self.backend()
            .build_block(&self.call(what), batch, block, whole)
            .map_err(|e| self.offload_error(e))
    }

    /// `m` row reduced in place (RREF), its pivots returned ([`Backend::row_reduce`]).
    pub fn row_reduce(
        &self,
        m: &mut Matrix,
        what: &MatrixName,
    ) -> Result<Vec<usize>, ResolutionError> {
        self.backend()
            .row_reduce(&self.call(what), m)
            .map_err(|e| self.offload_error(e))
    }

    /// Kernel, image and quasi-inverse of `m` ([`Backend::kernel_image`]).
    pub fn kernel_image(
        &self,
        m: &Matrix,
        what: &MatrixName,
    ) -> Result<KernelImage, ResolutionError> {
        self.backend()
            .kernel_image(&self.call(what), m)
            .map_err(|e| self.offload_error(e))
    }

    /// The error of a failed consistency check here.
    pub fn inconsistent(&self, reason: Inconsistency) -> ResolutionError {
        ResolutionError::Inconsistent {
            at: self.at,
            reason,
        }
    }

    /// The rows of `K` (an RREF basis with pivot columns `kernel_pivots`, in `dim`
    /// columns) whose pivot is not a pivot of `B ⊆ K` (RREF, pivots `image_pivots`): for
    /// RREF subspaces `B ⊆ K`, `pivots(B) ⊆ pivots(K)`, and those rows span a complement
    /// of `B` in `K` — the new generators of a step. Errors: `pivots(B) ⊄ pivots(K)`,
    /// the cheap shadow of `d∘d ≠ 0` ([`Inconsistency::ImageNotInKernel`]).
    pub fn complement_rows(
        &self,
        kernel_pivots: &[usize],
        image_pivots: &[usize],
        dim: usize,
    ) -> Result<Vec<usize>, ResolutionError> {
        let mut is_image_pivot = vec![false; dim];
        for &p in image_pivots {
            if kernel_pivots.binary_search(&p).is_err() {
                return Err(self.inconsistent(Inconsistency::ImageNotInKernel {
                    subalgebra: self.subalgebra.clone(),
                }));
            }
            is_image_pivot[p] = true;
        }
        Ok((0..kernel_pivots.len())
            .filter(|&k| !is_image_pivot[kernel_pivots[k]])
            .collect())
    }

    /// Where the step may spread its rows.
    pub fn workers(&self) -> &'a dyn Workers {
        self.workers
    }

    /// The step's sub-Hopf algebra, by name (Nassau's steps).
    pub fn subalgebra(&self) -> &str {
        self.subalgebra.as_deref().unwrap_or("F_2")
    }

    /// The offloaded calls this step redid on the CPU.
    pub fn into_checks(self) -> Checks {
        match self.backend {
            StepBackend::Cpu(_) => Checks::default(),
            StepBackend::Device(v) => v.into_checks(),
        }
    }
}
