//! The evaluation of a table of names (`chart::names`) on a resolution of the sphere, and
//! the naming of a chart's basis classes by it ([`naming`]); the lookup of a module by
//! path or name ([`modules`]); the classes a class spec names and their products
//! ([`classes`]); the Adams d2 of the sphere as a table ([`d2_table`]); the chart of a
//! resolution ([`chart_model`]); the map on Ext a map of modules induces ([`module_map`]).
//!
//! The `adams` binary is built on it; it lives in a library so that its tests
//! (`tests/names.rs`) and the Python bindings (`python/`) can call it directly. The chart
//! and table formats themselves are the `chart` crate's.

pub mod chart_model;
pub mod classes;
pub mod d2_table;
pub mod module_map;
pub mod modules;
pub mod naming;
