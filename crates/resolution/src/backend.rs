//! The offload interface: the only way a step builds matrices of Milnor products and row
//! reduces (docs/design/system.md §4, the GPU path). The names, one line each:
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
use steenrod::{Algebra, MilnorAlgebra, TermFilter};

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
/// lands at column `target_offsets[g'] + index of T in basis(|R_i| + |S|)`. Shape:
/// `rows.len() × cols()`. At an odd prime the same with `Q(E)P(R)` and coefficients.
pub struct ProductBatch<'a, A: Algebra = MilnorAlgebra> {
    /// The algebra whose products these are.
    pub alg: &'a A,
    /// The generators the rows refer to, with their differentials.
    pub gens: &'a [&'a Differential<A>],
    /// `(generator index, R)` per row.
    pub rows: Vec<(u32, A::Element)>,
    /// Bit offset of each target generator's block; the last entry is the column count.
    pub target_offsets: &'a [usize],
    terms: usize,
}

impl<'a, A: Algebra> ProductBatch<'a, A> {
    /// The batch of `rows` over `gens` (see the type).
    pub fn new(
        alg: &'a A,
        gens: &'a [&'a Differential<A>],
        rows: Vec<(u32, A::Element)>,
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

/// The columns a block build keeps: the target basis elements of one signature (Nassau's
/// steps reduce only such blocks; arXiv:1910.04063, §2).
#[derive(Clone, Copy)]
pub struct BlockColumns<'a> {
    /// Column of each target basis index in the block (`u32::MAX`: not in the block);
    /// length: the batch's [`ProductBatch::cols`].
    pub pos: &'a [u32],
    /// The block's column count.
    pub len: usize,
    /// Keeps exactly the terms `Sq(T)·g'` whose basis element is in the block.
    pub filter: TermFilter,
}

impl BlockColumns<'_> {
    /// The rows of `full` (a whole build) restricted to the block's columns.
    pub fn restrict(&self, full: &Matrix) -> Matrix {
        crate::signature_basis::restrict_matrix(full, self.pos, self.len)
    }
}

/// What a block build returns ([`Backend::build_block`]).
pub struct BlockBuild {
    /// The block: `rows × block.len`.
    pub block: Matrix,
    /// The whole rows, when asked for (a lift adds the rows it uses to `d(x)`).
    pub whole: Option<WholeRows>,
}

/// The whole rows of a block build: dense (a device's build), or sparse (the CPU's: per
/// row, the column of every term, an index listed twice cancelling).
pub enum WholeRows {
    /// Each row in full.
    Dense(Matrix),
    /// Per row, the column of each term.
    Sparse(Vec<Vec<u32>>),
}

impl WholeRows {
    /// Adds row `i` to `out` (a vector over the batch's columns, as limbs).
    pub fn add_row(&self, i: usize, out: &mut [u64]) {
        match self {
            WholeRows::Dense(m) => {
                for (o, w) in out.iter_mut().zip(m.row(i)) {
                    *o ^= w;
                }
            }
            WholeRows::Sparse(rows) => {
                for &b in &rows[i] {
                    out[b as usize / 64] ^= 1 << (b % 64);
                }
            }
        }
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

    /// The matrix of `batch` restricted to the columns of `block`
    /// (`batch.rows.len() × block.len`), exactly `block.restrict(&build(batch))`, and with
    /// `whole` the whole rows too. By default: a batch this backend offloads is built
    /// whole and restricted; any other is built by [`crate::CpuBackend`], which ranks only
    /// the block's terms unless `whole`.
    fn build_block(
        &self,
        call: &Call<'_>,
        batch: &ProductBatch<'_>,
        block: &BlockColumns<'_>,
        whole: bool,
    ) -> Result<BlockBuild, OffloadError> {
        if self.offloads_build(batch) {
            let full = self.build(call, batch)?;
            Ok(BlockBuild {
                block: block.restrict(&full),
                whole: whole.then_some(WholeRows::Dense(full)),
            })
        } else {
            crate::CpuBackend.build_block(call, batch, block, whole)
        }
    }

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

    fn build_block(
        &self,
        call: &Call<'_>,
        batch: &ProductBatch<'_>,
        block: &BlockColumns<'_>,
        whole: bool,
    ) -> Result<BlockBuild, OffloadError> {
        (**self).build_block(call, batch, block, whole)
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
