//! The offload interface: the only way a step builds matrices of Milnor products and row
//! reduces (SYSTEM.md §4). The names, one line each:
//!
//! - [`Backend`]: where a step's builds and reductions run; every implementation returns
//!   the CPU's result bit for bit.
//! - [`crate::CpuBackend`]: the reference, everything on the CPU (a run without a device).
//! - a device backend: takes the calls above its size thresholds and hands the rest to
//!   [`crate::CpuBackend`] (the GPU's, in `adams`; [`crate::CpuDevice`], the CPU posing
//!   as a device for measurements and tests).
//! - [`crate::Verified`]: wraps a device backend; redoes on the CPU every, or a seeded
//!   sample of, the calls the device took, and compares (`--verify`, `--verify-sample`).
//! - [`Offload`]: a run's device and which of its calls to check ([`crate::RunOptions`]).
//!
//! A step describes each call by a [`Call`] (bidegree, which matrix) and each build by a
//! [`ProductBatch`] (rows `Sq(R)·g` with `g` an explicit generator index). A backend
//! error or a difference aborts the run ([`crate::ResolutionError::Offload`]) naming the
//! bidegree, the matrix and the row: there is no silent fallback to the CPU.

use fp::{KernelImage, Matrix};
use steenrod::{MilnorAlgebra, PPart};

use crate::bidegree::Bidegree;
use crate::free_module::Differential;
use crate::sample::{SampleFraction, DEFAULT_SEED};
use crate::step_errors::{MatrixName, OffloadError};
use crate::workers::Workers;

/// One build or reduction of a step, as the backend and messages see it.
#[derive(Clone, Copy)]
pub struct Call<'a> {
    /// The step's bidegree.
    pub at: Bidegree,
    /// Which matrix.
    pub what: &'a MatrixName,
    /// The step's sub-Hopf algebra, by name (Nassau's steps), for messages.
    pub subalgebra: Option<&'a str>,
    /// Where the CPU may spread the call's rows.
    pub workers: &'a dyn Workers,
}

/// The rows of a matrix of Milnor products: row `i` is `Sq(R_i)·d(g_i)` for
/// `rows[i] = (g_i, R_i)`, `g_i` an index into `gens`; each term `Sq(S)·g'` of `d(g_i)`
/// lands at bit `target_offsets[g'] + index of T in basis(|R_i| + |S|)`. Shape:
/// `rows.len() × cols()`.
pub struct ProductBatch<'a> {
    /// The algebra whose products these are.
    pub alg: &'a MilnorAlgebra,
    /// The generators the rows refer to, with their differentials.
    pub gens: &'a [&'a Differential],
    /// `(generator index, R)` per row.
    pub rows: Vec<(u32, PPart)>,
    /// Bit offset of each target generator's block; the last entry is the column count.
    pub target_offsets: &'a [usize],
    terms: usize,
}

impl<'a> ProductBatch<'a> {
    /// The batch of `rows` over `gens` (see the type).
    pub fn new(
        alg: &'a MilnorAlgebra,
        gens: &'a [&'a Differential],
        rows: Vec<(u32, PPart)>,
        target_offsets: &'a [usize],
    ) -> Self {
        let terms = rows
            .iter()
            .map(|(g, _)| gens[*g as usize].terms.len())
            .sum();
        ProductBatch {
            alg,
            gens,
            rows,
            target_offsets,
            terms,
        }
    }

    /// Columns of the built matrix: the target's dimension.
    pub fn cols(&self) -> usize {
        *self
            .target_offsets
            .last()
            .expect("offsets end with the dimension")
    }

    /// Products `Sq(R)·Sq(S)` in the batch: the work a build does.
    pub fn terms(&self) -> usize {
        self.terms
    }
}

/// Where a step's builds and reductions run (see the module documentation).
///
/// Implementations are shared by all worker threads (`Send + Sync`) and called
/// concurrently; they must not hold a lock across a device launch.
pub trait Backend: Send + Sync {
    /// A short name for messages ("cuda: NVIDIA H200", …).
    fn name(&self) -> String;

    /// Whether [`Backend::build`] runs `batch` on a device (not the CPU).
    fn offloads_build(&self, _batch: &ProductBatch<'_>) -> bool {
        false
    }

    /// Whether [`Backend::row_reduce`] runs a `rows × cols` matrix on a device.
    fn offloads_reduction(&self, _rows: usize, _cols: usize) -> bool {
        false
    }

    /// The matrix of `batch` (`batch.rows.len() × batch.cols()`), exactly the CPU's.
    /// Errors: the device failed ([`OffloadError::Device`]).
    fn build(&self, call: &Call<'_>, batch: &ProductBatch<'_>) -> Result<Matrix, OffloadError>;

    /// Row reduces `m` in place to its reduced row echelon form and returns the pivot
    /// columns, exactly as [`Matrix::row_reduce`] does (the RREF is unique).
    fn row_reduce(&self, call: &Call<'_>, m: &mut Matrix) -> Result<Vec<usize>, OffloadError>;

    /// Kernel, image and quasi-inverse of `m` ([`fp::kernel_image`]): through
    /// [`Backend::row_reduce`] of `[m | I]` when that is offloaded, else on the CPU.
    fn kernel_image(&self, call: &Call<'_>, m: &Matrix) -> Result<KernelImage, OffloadError> {
        if self.offloads_reduction(m.rows(), m.cols() + m.rows()) {
            fp::kernel_image_with(m, |aug| self.row_reduce(call, aug))
        } else {
            Ok(fp::kernel_image(m))
        }
    }
}

impl<B: Backend + ?Sized> Backend for &B {
    fn name(&self) -> String {
        (**self).name()
    }

    fn offloads_build(&self, batch: &ProductBatch<'_>) -> bool {
        (**self).offloads_build(batch)
    }

    fn offloads_reduction(&self, rows: usize, cols: usize) -> bool {
        (**self).offloads_reduction(rows, cols)
    }

    fn build(&self, call: &Call<'_>, batch: &ProductBatch<'_>) -> Result<Matrix, OffloadError> {
        (**self).build(call, batch)
    }

    fn row_reduce(&self, call: &Call<'_>, m: &mut Matrix) -> Result<Vec<usize>, OffloadError> {
        (**self).row_reduce(call, m)
    }

    fn kernel_image(&self, call: &Call<'_>, m: &Matrix) -> Result<KernelImage, OffloadError> {
        (**self).kernel_image(call, m)
    }
}

/// A run's device, and which of the calls it takes to check against the CPU.
#[derive(Clone, Copy)]
pub struct Offload<'a> {
    /// The device backend.
    pub backend: &'a dyn Backend,
    /// The fraction of offloaded builds and reductions also done on the CPU and compared
    /// ([`SampleFraction::ALL`]: every one, as `--verify`; [`SampleFraction::NONE`]: none).
    pub check: SampleFraction,
    /// Seed of the sample ([`crate::sample::is_sampled`]).
    pub seed: u64,
}

impl<'a> Offload<'a> {
    /// `backend`, checking the fraction `check` of its calls, with the default seed.
    pub fn new(backend: &'a dyn Backend, check: SampleFraction) -> Self {
        Offload {
            backend,
            check,
            seed: DEFAULT_SEED,
        }
    }
}
