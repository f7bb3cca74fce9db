//! The records of an odd prime (`SAVE-FORMAT.md`, "Odd primes"): the same directory,
//! header and records as at p = 2 ([`SaveDir::open`](super::SaveDir::open) at every
//! prime), with differentials packed as [`fp::FqVector`] limbs.

use fp::{FqVector, Prime, ValidPrime};

use super::corrupt::{corrupt, Corrupt};
use super::load::VectorCodec;

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
