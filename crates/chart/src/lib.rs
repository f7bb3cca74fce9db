//! Adams charts and Ext tables as plain data, and their file formats.
//!
//! This crate knows nothing of resolutions or of the Steenrod algebra: what a resolution
//! computed comes in as plain values, built by the `adams` binary (its `chart_model.rs`),
//! so that a chart can be read, checked, drawn and compared without the engine.
//!
//! **The data model.**
//! - A [`Bidegree`] is a place on the chart: stem `n = t − s` across, Adams filtration `s`
//!   up, internal degree `t = n + s`; ordered by stem, then `s` (the order of a chart's
//!   columns and of `ext.csv`'s rows).
//! - An Ext table ([`csv::ExtTable`], rows [`csv::Row`]) holds the class counts
//!   `dim Ext^{s,t}` by bidegree and the range in which it is complete.
//! - A chart ([`chart_json::Chart`]) holds the module's name, the prime, the algebra, the
//!   range (`min_stem..=max_stem`, `0..=max_s`) and every basis class ([`chart_json::Class`]:
//!   bidegree, index in the basis there, name) with its products by name (`h0`, `h1`, `h2`
//!   at p = 2, `a0`, `h0` at odd p; further classes and the Adams `d2` keyed by the class
//!   as [`class_spec::ClassSpec`] writes it, [`chart_json::extra`]).
//! - Class names come from a table of names at a prime ([`names::NameTable`]; the
//!   bundled one of the sphere at p = 2, `data/names-S_2.csv`).
//!
//! **The formats.** `ext.csv` ([`csv`]: read, written, compared by [`verify`]),
//! `chart.json` ([`chart_json`]: written, read and checked), `chart.svg` ([`svg`]: drawn
//! from a chart), `chart.html` ([`html`]: the chart as one self-contained page for a
//! browser), the ASCII chart ([`ascii`]: drawn from a table), classes as a user writes
//! them ([`class_spec`]), the table of names ([`names`]) and a run's figures
//! (`summary.json`, [`summary`]).
//!
//! **Their bounds** (bad input beyond them, a one-line error naming the file, never a
//! panic): every input file is a regular UTF-8 file read through [`input`], at most
//! [`csv::MAX_TABLE_BYTES`] (16 MiB) for `ext.csv`, [`chart_json::MAX_CHART_BYTES`]
//! (64 MiB) for `chart.json`, [`names::MAX_TABLE_BYTES`] (1 MiB) for a table of names;
//! stems, `s` and `t` within [`MAX_ABS_DEGREE`] (2^21); a chart spans at most
//! [`MAX_ALGEBRA_DEGREE`] stems and filtrations; an SVG is at most [`svg::MAX_SVG_BYTES`]
//! (192 MiB), refused before drawing.

pub mod ascii;
mod bidegree;
pub mod chart_json;
pub mod class_spec;
pub mod csv;
pub mod files;
pub mod html;
pub mod input;
pub mod motivic;
pub mod names;
pub mod output;
pub mod pages;
pub mod seqsee;
pub mod summary;
pub mod svg;
pub mod tikz;
pub mod verify;

pub use bidegree::Bidegree;

/// The largest `|stem|`, `|t|` and `s` an Ext table or a chart.json may name: 2^21.
///
/// No table or chart adams writes comes near it: a module's cells lie within ±2^20 (the
/// module reader's bound) and a resolution reaches at most 510 degrees above the bottom
/// cell (the Milnor basis tables). Stated ranges beyond it (`stem <= 1000000000`) are bad
/// input, and `stem + s`, `stem + 3` stay far from `i32` overflow.
pub const MAX_ABS_DEGREE: i32 = 1 << 21;

/// The top internal degree of the Milnor basis tables, 510 (`2^9 − 2`: eight exponents of
/// `Sq(r_1, …, r_8)`), the same number as the engine's `MAX_ALGEBRA_DEGREE` (the `adams`
/// binary checks at compile time that they agree). A resolution reaches `t` at most this
/// far above the module's bottom cell, so a chart spans at most this many stems and
/// filtrations, and no class `∏ h_i^k` lies above it.
pub const MAX_ALGEBRA_DEGREE: i32 = 510;
