//! What a step hands back to the run: the new generators of one bidegree, the kernel a
//! later classical step needs, and the quasi-inverses it row reduced. These are step-level
//! types: steps know nothing of where they are kept ([`crate::store`]); the save directory
//! encodes them ([`crate::save`], `SAVE-FORMAT.md`).

use fp::{QuasiInverse, Subspace};

use crate::free_module::Differential;
use crate::sample::Checks;
use crate::subalgebra::Signature;

/// What one step produces: the new generators (with differentials) and, when a later
/// classical step needs it, the kernel of `d_s` in degree `t`.
#[derive(Debug, Default)]
pub struct StepOutput {
    /// New generators of `C_s` in degree `t`, with `d_s` on each.
    pub gens: Vec<Differential>,
    /// `ker(d_s)_t` on the old part, for step `(s+1, t)`.
    pub kernel: Option<Subspace>,
    /// The quasi-inverses the step reduced, when the run asked for them (`want_qi`).
    pub quasi_inverse: Option<StepQuasiInverse>,
    /// The offloaded calls it redid on the CPU ([`crate::Offload::check`]).
    pub checks: Checks,
}

/// Which map a [`StepQuasiInverse`] inverts.
///
/// * A **classical** step at `(s, t)` row reduces the matrix of `d_s` on the old part of
///   `(C_s)_t` (generators of degree `< t`): the RREF basis of its image in `(C_{s−1})_t`
///   and one preimage per basis row.
/// * A **Nassau** step at `(s, t)` row reduces `d_{s−1}` on `(C_{s−1})_t` (generators of
///   degree `< t`, target generators of degree `< t − 1`) one signature at a time for the
///   sub-Hopf algebra `B` it chose (Nassau, arXiv:1910.04063, Lemma 2.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QuasiInverseKind {
    /// `d_s` on the old part of `(C_s)_t` (a classical step at `(s, t)`).
    Classical,
    /// `d_{s−1}` on `(C_{s−1})_t`, signature by signature (a Nassau step at `(s, t)`).
    Nassau,
}

/// The quasi-inverses one step computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepQuasiInverse {
    /// Which map.
    pub kind: QuasiInverseKind,
    /// Profile of the sub-Hopf algebra (empty for classical).
    pub profile: Vec<u8>,
    /// `(signature, quasi-inverse)` in the order the lift uses them (zero signature
    /// first); one entry with signature 0 for classical. Source and target coordinates of
    /// a signature's part are that signature's basis elements in basis order.
    pub parts: Vec<(Signature, QuasiInverse)>,
}
