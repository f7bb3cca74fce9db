//! The save format's payloads as the cluster's messages carry them (`crate::cluster`): a
//! step's generators and quasi-inverses travel between ranks in the bytes the save
//! directory would hold (`SAVE-FORMAT.md`, the payloads before compression and checksum:
//! MPI delivers messages intact).

use steenrod::Algebra;

use super::corrupt::Corrupt;
use super::load::parse_generators;
use crate::free_module::FieldVector;
use crate::step::StepQuasiInverse;
use crate::step_algebra::StepAlgebra;
use crate::Differential;

/// The generators payload of `gens`: their count, the length of a differential, then the
/// limbs of each differential (bits at p = 2, packed F_p entries at odd p).
pub(crate) fn generators<A: Algebra>(gens: &[Differential<A>]) -> Vec<u8> {
    super::generators_payload(gens)
}

/// The differentials' values of a [`generators`] payload, vectors over the field of
/// `algebra` (its save format's packing, [`StepAlgebra::save_codec`]). Errors: a
/// [`Corrupt`] naming the field.
pub(crate) fn values<A: StepAlgebra>(
    algebra: &A,
    payload: &[u8],
) -> Result<Vec<FieldVector<A>>, Corrupt> {
    parse_generators(payload, &algebra.save_codec()).map(|g| g.values)
}

/// The quasi-inverse payload of one step.
pub(crate) fn quasi_inverse(qi: &StepQuasiInverse) -> Vec<u8> {
    super::quasi_inverse::payload(qi)
}

/// The step's quasi-inverses of a [`quasi_inverse`] payload. Errors: a [`Corrupt`].
pub(crate) fn parse_quasi_inverse(payload: &[u8]) -> Result<StepQuasiInverse, Corrupt> {
    super::quasi_inverse::from_payload(payload)
}
