//! The integration tests of the chart crate, in one binary.

mod exports;
