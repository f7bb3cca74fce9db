//! The integration tests of `gpu`, in one binary: each module was a test binary
//! of its own before (`cargo test -p gpu --test it MODULE::` runs one). They
//! share one process: a test that needs process-wide state (a panic hook, a device's
//! panic slot) says how it keeps it from the tests running beside it.

mod common;

mod backend;
mod pool;
mod products;
mod rref;
mod runtime_panic;
