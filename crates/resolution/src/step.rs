//! What a step hands back to the run: the new generators of one bidegree, the kernel a
//! later classical step needs, and the quasi-inverses it row reduced. These are step-level
//! types: steps know nothing of where they are kept ([`crate::store`]); the save directory
//! encodes them ([`crate::save`], `SAVE-FORMAT.md`).

use fp::{Field, QuasiInverse};
use steenrod::{Algebra, MilnorAlgebra};

use crate::free_module::Differential;
use crate::sample::Checks;
use crate::subalgebra::Signature;

/// The subspace type over `A`'s field ([`fp::Subspace`] at p = 2).
pub type SubspaceOver<A> = <<A as Algebra>::Field as Field>::Subspace;

/// What one step produces: the new generators (with differentials) and, when a later
/// classical step needs it, the kernel of `d_s` in degree `t`.
pub struct StepOutput<A: Algebra = MilnorAlgebra> {
    /// New generators of `C_s` in degree `t`, with `d_s` on each.
    pub gens: Vec<Differential<A>>,
    /// `ker(d_s)_t` on the old part, for step `(s+1, t)`.
    pub kernel: Option<SubspaceOver<A>>,
    /// The quasi-inverses the step reduced, when the run asked for them (`want_qi`; only
    /// p = 2 save directories keep them, `SAVE-FORMAT.md`).
    pub quasi_inverse: Option<StepQuasiInverse>,
    /// The offloaded calls it redid on the CPU ([`crate::Offload::check`]).
    pub checks: Checks,
}

impl<A: Algebra> Default for StepOutput<A> {
    fn default() -> Self {
        Self {
            gens: Vec::new(),
            kernel: None,
            quasi_inverse: None,
            checks: Checks::default(),
        }
    }
}

impl<A: Algebra> std::fmt::Debug for StepOutput<A> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StepOutput")
            .field("gens", &self.gens)
            .field("kernel", &self.kernel)
            .field("quasi_inverse", &self.quasi_inverse)
            .field("checks", &self.checks)
            .finish()
    }
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
