//! Offloading a Nassau step's matrix builds and large row reductions to another device
//! (SYSTEM.md §4): the three matrix builds of a bidegree — the restricted zero-signature
//! `d_{s−1}` matrix, the per-signature `d_{s−1}` builds, the zero-signature image of
//! `d_s` — and the row reductions behind its kernels, images and quasi-inverses.
//!
//! The CPU path is the reference. A [`Backend`] decides per call whether it takes the
//! work (by size: small builds stay on the CPU); what it returns must equal the CPU's
//! result bit for bit. [`Offload::check`] says which offloaded builds and reductions are
//! also done on the CPU and compared: every one (`--verify`), none, or a seeded,
//! deterministic sample ([`crate::sample`], `--verify-sample`); the first difference
//! aborts the run ([`crate::ResolutionError::Offload`]) naming the bidegree, the
//! signature and the row. A backend error aborts the run too: there is no silent
//! fallback to the CPU.

use fp::Matrix;
use steenrod::{MilnorAlgebra, PPart};

use crate::free_module::Differential;
use crate::sample::{is_sampled, CallKind, SampleFraction, DEFAULT_SEED};

/// A device that can build rows of Milnor products and row reduce.
///
/// Implementations are shared by all worker threads (`Send + Sync`) and are called
/// concurrently; they must not hold a lock across a device launch.
pub trait Backend: Send + Sync {
    /// A short name for messages ("cuda: NVIDIA H200", …).
    fn name(&self) -> String;

    /// Whether [`Backend::fill_rows`] takes a build of `rows` rows holding `terms`
    /// products `Sq(R)·Sq(S)` in all (below a work threshold the CPU is faster).
    fn takes_rows(&self, rows: usize, terms: usize) -> bool;

    /// Writes row `i` of `out` (zero on entry, `specs.len()` rows) as `Sq(R_i)·d(g_i)`
    /// for `specs[i] = (d(g_i), R_i)`, each term `Sq(S)·g'` of `d(g_i)` landing at bit
    /// `target_offsets[g'] + index of T in basis(|R_i| + |S|)` — exactly the CPU's
    /// rows (`classical::fill_rows`). Errors: a message naming what failed on the device.
    fn fill_rows(
        &self,
        alg: &MilnorAlgebra,
        specs: &[(&Differential, PPart)],
        target_offsets: &[usize],
        out: &mut Matrix,
    ) -> Result<(), String>;

    /// Whether [`Backend::row_reduce`] takes a `rows × cols` matrix.
    fn takes_row_reduce(&self, rows: usize, cols: usize) -> bool;

    /// Row reduces `m` in place to its reduced row echelon form and returns the pivot
    /// columns, exactly as [`Matrix::row_reduce`] does (the RREF is unique).
    fn row_reduce(&self, m: &mut Matrix) -> Result<Vec<usize>, String>;
}

/// A backend for a run, and which of its calls to check against the CPU.
#[derive(Clone, Copy)]
pub struct Offload<'a> {
    /// The device.
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

    /// Whether the offloaded call `(s, t, kind, what)` is redone on the CPU.
    pub fn samples(&self, s: u32, t: i32, kind: CallKind, what: &str) -> bool {
        is_sampled(self.check, self.seed, s, t, kind, what)
    }
}

/// The first row where `a` and `b` (same shape) differ.
pub(crate) fn first_difference(a: &Matrix, b: &Matrix) -> Option<usize> {
    (0..a.rows()).find(|&i| a.row(i) != b.row(i))
}
