//! The save format's payloads as the cluster's messages carry them (`crate::cluster`): a
//! step's generators and quasi-inverses travel between ranks in the bytes the save
//! directory would hold (`SAVE-FORMAT.md`, the payloads before compression and checksum:
//! MPI delivers messages intact).

use fp::FpVector;

use super::corrupt::Corrupt;
use super::load::{parse_generators, Bits};
use crate::step::StepQuasiInverse;
use crate::Differential;

/// The generators payload of `gens`: their count, the length of a differential, then the
/// limbs of each differential.
pub(crate) fn generators(gens: &[Differential]) -> Vec<u8> {
    super::generators_payload(gens)
}

/// The differentials' values of a [`generators`] payload. Errors: a [`Corrupt`] naming the
/// field.
pub(crate) fn values(payload: &[u8]) -> Result<Vec<FpVector>, Corrupt> {
    parse_generators(payload, &Bits).map(|g| g.values)
}

/// The quasi-inverse payload of one step.
pub(crate) fn quasi_inverse(qi: &StepQuasiInverse) -> Vec<u8> {
    super::quasi_inverse::payload(qi)
}

/// The step's quasi-inverses of a [`quasi_inverse`] payload. Errors: a [`Corrupt`].
pub(crate) fn parse_quasi_inverse(payload: &[u8]) -> Result<StepQuasiInverse, Corrupt> {
    super::quasi_inverse::from_payload(payload)
}
