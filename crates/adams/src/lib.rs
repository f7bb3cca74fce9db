//! The file formats of `adams` as a library: Ext tables (`ext.csv`, [`csv`]), their
//! comparison ([`verify`]), `chart.json` ([`chart_json`]) and the charts drawn from them
//! ([`chart`]: ASCII, [`svg`]: SVG), with the bounded reading of input files ([`input`]).
//!
//! The `adams` binary is built on these; they live in a library so that the fuzz tests
//! (`tests/fuzz_readers.rs`) can call the readers directly, thousands of inputs a second.

pub mod chart;
pub mod chart_json;
pub mod class_spec;
pub mod csv;
pub mod input;
pub mod names;
pub mod svg;
pub mod verify;

/// The largest `|stem|`, `|t|` and `s` an Ext table or a chart.json may name: 2^21.
///
/// No table or chart adams writes comes near it: a module's cells lie within ±2^20 (the
/// module reader's bound) and a resolution reaches at most 510 degrees above the bottom
/// cell (the Milnor basis tables). Stated ranges beyond it (`stem <= 1000000000`) are bad
/// input, and `stem + s`, `stem + 3` stay far from `i32` overflow.
pub const MAX_ABS_DEGREE: i32 = 1 << 21;
