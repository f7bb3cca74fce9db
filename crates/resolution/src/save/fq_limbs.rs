//! Save and resume at an odd prime (`SAVE-FORMAT.md`, "Odd primes"): the same directory,
//! header and records as at p = 2, with the prime in the header, the odd module's hash
//! ([`super::odd_module_hash`]), the algorithm `classical`, differentials packed as
//! [`fp::FqVector`] limbs, and no quasi-inverse records (the odd step keeps none).

use std::path::Path;

use fp::{FqVector, Prime, ValidPrime};
use steenrod::module::FiniteModule;
use steenrod::MilnorAlgebra;

use super::corrupt::{corrupt, Corrupt};
use super::load::VectorCodec;
use super::{Header, SaveDir, SaveError, SaveOptions};

/// The F_p packing of [`FqVector::limbs`]: `⌊64 / b⌋` entries of `b` bits per limb
/// ([`Prime::bits`], [`Prime::entries_per_limb`]).
pub(crate) struct FqLimbs(pub(crate) ValidPrime);

impl VectorCodec for FqLimbs {
    type Vector = FqVector<ValidPrime>;

    fn stride(&self, len: usize) -> usize {
        len.div_ceil(self.0.entries_per_limb())
    }

    fn vector(&self, len: usize, limbs: Vec<u64>) -> Result<Self::Vector, Corrupt> {
        FqVector::try_from_limbs(self.0, len, limbs).map_err(|e| corrupt("differentials", e.into()))
    }
}

impl SaveDir {
    /// Opens `dir` for a run on the odd-primary `module` (the classical algorithm), as
    /// [`SaveDir::open`] does at p = 2: created with its header when it does not exist or
    /// is empty; otherwise its header must name this prime (a directory made at p = 2, or
    /// at another odd prime, is refused naming both: field `prime`), `classical` and this
    /// module's [`super::odd_module_hash`]. Nothing is written with a refusal.
    ///
    /// Errors: as [`SaveDir::open`].
    pub fn open_odd(
        dir: &Path,
        module: &FiniteModule<MilnorAlgebra<ValidPrime>>,
    ) -> Result<SaveDir, SaveError> {
        Self::open_odd_with(dir, module, None)
    }

    /// [`SaveDir::open_odd`], waiting for another run's lock as
    /// [`SaveOptions::wait_for_lock`] says.
    ///
    /// Errors: as [`SaveDir::open`].
    pub fn open_odd_with(
        dir: &Path,
        module: &FiniteModule<MilnorAlgebra<ValidPrime>>,
        wait_for_lock: Option<super::OnWait>,
    ) -> Result<SaveDir, SaveError> {
        // No quasi-inverse records at odd primes (`SAVE-FORMAT.md`).
        let options = SaveOptions {
            quasi_inverses: false,
            wait_for_lock,
        };
        Self::open_for(dir, Header::for_odd_run(module), options)
    }
}
