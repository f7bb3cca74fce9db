//! The evaluation of a table of names (`chart::names`) on a resolution of the sphere, and
//! the naming of a chart's basis classes by it ([`naming`]); the lookup of a module by
//! path or name ([`modules`]).
//!
//! The `adams` binary is built on it; it lives in a library so that its tests
//! (`tests/names.rs`) and the Python bindings (`python/`) can call it directly. The chart
//! and table formats themselves are the `chart` crate's.

pub mod modules;
pub mod naming;
