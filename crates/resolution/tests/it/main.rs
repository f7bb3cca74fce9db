//! The integration tests of `resolution`, in one binary: each module was a test binary
//! of its own before (`cargo test -p resolution --test it MODULE::` runs one). They
//! share one process: a test that needs process-wide state (a panic hook, a device's
//! panic slot) says how it keeps it from the tests running beside it.

mod block_builds;
mod certify;
mod chain_maps;
#[cfg(feature = "cluster")]
mod cluster;
mod cofibers;
mod determinism;
mod fault_injection;
mod hold;
mod module_maps;
mod motivic;
mod nassau_vs_classical;
mod odd_chain_maps;
mod odd_primes;
mod odd_save;
mod offload;
mod pack;
mod products;
mod profiles;
mod reference;
mod save;
mod scheduler_stress;
mod secondary_algebra;
mod secondary_d2;
mod secondary_e3;
mod secondary_split;
mod sphere;
mod unstable;
