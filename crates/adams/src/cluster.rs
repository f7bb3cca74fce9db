//! `mpirun -np K adams resolve …` (feature `mpi`): one resolution across the ranks of
//! MPI's world, over the transport of [`resolution::cluster::mpi`]. Rank 0 leads, resolves
//! with the others' help and writes every output; the other ranks follow and write
//! nothing, at every prime. Outside `mpirun` (or with one rank) `adams resolve` runs as
//! without the feature.

pub(crate) use resolution::cluster::mpi::{active, follow, is_follower, run, start};

use crate::error::Error;

/// `adams resolve` failed on this rank with `error`, not yet printed: in a world of
/// several, what to exit with once MPI is finalised (`None` outside one;
/// [`resolution::cluster::mpi::failed`]).
pub(crate) fn failed(error: &Error) -> Option<i32> {
    resolution::cluster::mpi::failed(error, error.exit_code(), || crate::error::report(error))
}
