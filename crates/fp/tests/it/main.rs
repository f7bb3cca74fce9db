//! The integration tests of `fp`, in one binary: each module was a test binary
//! of its own before (`cargo test -p fp --test it MODULE::` runs one). They
//! share one process: a test that needs process-wide state (a panic hook, a device's
//! panic slot) says how it keeps it from the tests running beside it.

mod common;

mod modp;
mod prop_kernel;
mod prop_m4ri;
mod prop_matrix;
mod prop_vector;
