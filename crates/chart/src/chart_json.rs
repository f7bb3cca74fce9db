//! `chart.json`: every class of the resolved range with its products by the generators of
//! `Ext^1` that charts draw (`h0`, `h1`, `h2` at p = 2; `a0`, `h0` at odd p) — the data
//! behind `chart.svg`, for plotting tools and for reading products by program.
//!
//! Schema (version 1; the README's "chart.json" section is the user-facing copy):
//!
//! ```text
//! {
//!   "format": "adams-chart", "version": 1,
//!   "module": "S_2", "algorithm": "nassau",
//!   "min_stem": 0, "max_stem": 40, "max_s": 20,
//!   "classes": [
//!     {"stem": 0, "s": 0, "t": 0, "index": 0, "h0": [0], "h1": [0], "h2": [0]},
//!     …
//!   ]
//! }
//! ```
//!
//! and at an odd prime (here 3):
//!
//! ```text
//! {
//!   "format": "adams-chart", "version": 1,
//!   "module": "S_3", "algorithm": "classical", "prime": 3,
//!   "min_stem": 0, "max_stem": 40, "max_s": 20,
//!   "classes": [
//!     {"stem": 0, "s": 0, "t": 0, "index": 0, "a0": [[0, 1]], "h0": [[0, 1]]},
//!     …
//!   ]
//! }
//! ```
//!
//! - `prime`: the prime p of the Steenrod algebra; written only when p ≠ 2 (absent means
//!   2, so the charts of p = 2 read as before). A prime below 256 ([`MAX_PRIME`]).
//! - The range: every bidegree with `min_stem ≤ stem ≤ max_stem`, `0 ≤ s ≤ max_s` was
//!   computed, so a bidegree there without classes has `Ext = 0`.
//! - `classes`: one entry per basis class of `Ext^{s,t}` (`t = stem + s`), ordered by stem,
//!   then `s`, then `index`; `index` runs over `0..dim Ext^{s,t}` (the class dual to the
//!   index-th generator of `C_s` in degree `t`).
//! - Products ([`Generator`]): at p = 2 `h_i · x` (`i = 0, 1, 2`, keys `h0`, `h1`, `h2`)
//!   lies in the bidegree `(stem + 2^i − 1, s + 1)`; the list gives the indices of the
//!   classes there whose sum it is (`[]`: the product is 0), distinct (over F_2 a class
//!   listed twice would cancel). At odd p, `a0 · x` lies at `(stem, s + 1)` and `h0 · x`
//!   at `(stem + 2p − 3, s + 1)`; the list gives `[index, coefficient]` pairs, distinct
//!   indices, coefficients in `1..p`. `null`: that bidegree is outside the range, so the
//!   product is unknown (not 0). The keys of the other prime (`a0` at p = 2, `h1`, `h2`
//!   at odd p) are refused; a key of the chart's prime that is absent reads as `null`.
//!
//! - `name` (p = 2): the class's name when it is a named class of the sphere or a
//!   monomial in them (`"c0"`, `"h1 c0"`, `"h0^2 d0"`; [`crate::names`]); absent otherwise.
//!   At most [`MAX_NAME_CHARS`] characters.
//!
//! Limits (bad input beyond them, checked by [`Chart::read`]): the file is a regular file of
//! at most [`MAX_CHART_BYTES`]; `|min_stem|`, `|max_stem|` at most [`crate::MAX_ABS_DEGREE`];
//! at most [`MAX_CHART_DEGREES`] + 1 stems and filtrations; `module`, `algorithm` at most
//! [`MAX_NAME_CHARS`] characters.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::input::excerpt;

mod check;
pub mod extra;
mod product;

pub use product::{Generator, Product, Term, AT_ODD, AT_TWO};

/// Value of the `format` key.
pub const FORMAT: &str = "adams-chart";
/// Value of the `version` key this code writes and reads.
pub const VERSION: u32 = 1;

/// Largest chart.json read: 64 MiB. adams writes about 70 bytes per class; the sphere has
/// 16 621 classes through `t = 236` (Lin's table), growing about as `t^3`, so a chart to
/// the top degree 510 holds a few hundred thousand classes, some 20 MB.
pub const MAX_CHART_BYTES: u64 = 64 * crate::input::MIB;

/// Most stems (`max_stem − min_stem`) and filtrations (`max_s`) a chart may span: 510, the
/// top degree of the Milnor basis tables. A resolution adams builds reaches `t` at most 510
/// above the module's bottom cell, where the chart starts, so its chart spans at most 510
/// stems and filtrations.
pub const MAX_CHART_DEGREES: i32 = crate::MAX_ALGEBRA_DEGREE;

/// Longest `module` and `algorithm` names (they are drawn in the SVG's title).
pub const MAX_NAME_CHARS: usize = 200;

/// Largest prime a chart may name: the primes of the F_p linear algebra are below 256.
pub const MAX_PRIME: u32 = 251;

fn two() -> u32 {
    2
}

fn is_two(prime: &u32) -> bool {
    *prime == 2
}

/// A whole chart: the range and every class with its products.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Chart {
    /// Always [`FORMAT`].
    pub format: String,
    /// Always [`VERSION`].
    pub version: u32,
    /// Name of the module resolved (e.g. `S_2`, `C2`).
    pub module: String,
    /// Algorithm that built the resolution (`nassau`, `classical`); informational.
    #[serde(default)]
    pub algorithm: String,
    /// The prime of the Steenrod algebra (absent in the file: 2).
    #[serde(default = "two", skip_serializing_if = "is_two")]
    pub prime: u32,
    /// The sub-Hopf algebra resolved over (`A(1)`, `profile (…)`); absent: the whole
    /// Steenrod algebra.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub algebra: Option<String>,
    /// Whether this is Ext in the category of unstable modules (`adams resolve --unstable
    /// N`): an unstable Adams E2 page, stems absolute (absent in the file: stable).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unstable: bool,
    /// Smallest stem drawn (0, or the bottom cell of a module with cells below 0).
    pub min_stem: i32,
    /// Largest stem computed.
    pub max_stem: i32,
    /// Largest Adams filtration computed.
    pub max_s: u32,
    /// Every class, ordered by stem, `s`, index.
    pub classes: Vec<Class>,
}

/// One basis class of `Ext^{s,t}` and its products: by `h0`, `h1`, `h2` at p = 2, by `a0`,
/// `h0` at odd p (the others [`Product::Absent`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Class {
    /// Stem `n = t − s`.
    pub stem: i32,
    /// Adams filtration.
    pub s: u32,
    /// Internal degree `t = stem + s`.
    pub t: i32,
    /// Position in the basis of `Ext^{s,t}`.
    pub index: usize,
    /// Odd p: `a0 · x` at `(stem, s + 1)`.
    #[serde(default, skip_serializing_if = "Product::is_absent")]
    pub a0: Product,
    /// `h0 · x` at `(stem, s + 1)` (p = 2) or `(stem + 2p − 3, s + 1)` (odd p).
    #[serde(default, skip_serializing_if = "Product::is_absent")]
    pub h0: Product,
    /// p = 2: `h1 · x` at `(stem + 1, s + 1)`.
    #[serde(default, skip_serializing_if = "Product::is_absent")]
    pub h1: Product,
    /// p = 2: `h2 · x` at `(stem + 3, s + 1)`.
    #[serde(default, skip_serializing_if = "Product::is_absent")]
    pub h2: Product,
    /// p = 2: the class's name: a named class of the sphere or a monomial in
    /// them (`c0`, `h1 c0`, `h0^2 d0`; [`crate::names`]); absent when it has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// p = 2: products by further classes, keyed by the class as
    /// [`crate::class_spec::ClassSpec`] writes it (`h3`, `h2^2`, `(8,3,0)`); the key says
    /// where the product lands ([`extra::shift`]). `adams resolve` writes every `h_i`,
    /// `i ≥ 3`, whose products can land in the range; `adams products` its `--by` classes.
    #[serde(flatten)]
    pub more: std::collections::BTreeMap<String, Product>,
}

impl Class {
    /// A class without products (every key absent).
    pub fn new(stem: i32, s: u32, index: usize) -> Class {
        Class {
            stem,
            s,
            t: stem + s as i32,
            index,
            a0: Product::Absent,
            h0: Product::Absent,
            h1: Product::Absent,
            h2: Product::Absent,
            name: None,
            more: Default::default(),
        }
    }

    /// Its product by `g`.
    pub fn product(&self, g: Generator) -> &Product {
        match g {
            Generator::A0 => &self.a0,
            Generator::H0 => &self.h0,
            Generator::H1 => &self.h1,
            Generator::H2 => &self.h2,
        }
    }

    /// Its product by `g`, to set.
    pub fn product_mut(&mut self, g: Generator) -> &mut Product {
        match g {
            Generator::A0 => &mut self.a0,
            Generator::H0 => &mut self.h0,
            Generator::H1 => &mut self.h1,
            Generator::H2 => &mut self.h2,
        }
    }
}

impl Chart {
    /// A chart of the range `min_stem..=max_stem`, `0..=max_s` of `module` at `prime`
    /// (over the whole Steenrod algebra), built by `algorithm`, without classes yet
    /// ([`Chart::set_classes`]).
    pub fn new(
        module: &str,
        algorithm: &str,
        prime: u32,
        min_stem: i32,
        max_stem: i32,
        max_s: u32,
    ) -> Chart {
        Chart {
            format: FORMAT.to_string(),
            version: VERSION,
            module: module.to_string(),
            algorithm: algorithm.to_string(),
            prime,
            algebra: None,
            unstable: false,
            min_stem,
            max_stem,
            max_s,
            classes: Vec::new(),
        }
    }

    /// Sets the classes: those outside the range (`min_stem..=max_stem`, `s ≤ max_s`) are
    /// left out, the rest ordered by stem, `s`, index, as [`Chart::check`] requires.
    pub fn set_classes(&mut self, classes: impl IntoIterator<Item = Class>) {
        self.classes = classes
            .into_iter()
            .filter(|c| self.in_range(c.stem, c.s))
            .collect();
        self.classes.sort_by_key(|c| (c.stem, c.s, c.index));
    }

    /// The generators whose products this chart carries (by its prime).
    pub fn generators(&self) -> &'static [Generator] {
        Generator::at_prime(self.prime)
    }

    /// The generators drawn in `chart.svg` (lines and legend): [`Chart::generators`], over a
    /// sub-Hopf algebra only those in it ([`Generator::in_algebra`]: `h0, h1` over `A(1)`),
    /// and, when the chart has classes, only those whose key some class carries (a chart of
    /// classes only, as a cofiber's, has no legend of lines it does not draw).
    pub fn drawn_generators(&self) -> Vec<Generator> {
        let algebra = self.algebra.as_deref();
        let carried = |g: Generator| {
            self.classes.is_empty() || self.classes.iter().any(|c| !c.product(g).is_absent())
        };
        self.generators()
            .iter()
            .copied()
            .filter(|&g| algebra.is_none_or(|a| g.in_algebra(a)) && carried(g))
            .collect()
    }

    /// `dim Ext` at `(stem, s)`: the number of classes there.
    pub fn dims(&self) -> std::collections::HashMap<(i32, u32), usize> {
        let mut dims = std::collections::HashMap::new();
        for c in &self.classes {
            *dims.entry((c.stem, c.s)).or_insert(0) += 1;
        }
        dims
    }

    /// Whether the bidegree `(stem, s)` lies in the computed range.
    pub fn in_range(&self, stem: i32, s: u32) -> bool {
        (self.min_stem..=self.max_stem).contains(&stem) && s <= self.max_s
    }

    /// The JSON text: the header keys, then one class per line (ends with a newline).
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        let q = |s: &str| serde_json::to_string(s).expect("a string serializes");
        let _ = writeln!(out, "{{");
        let _ = writeln!(
            out,
            "  \"format\": {}, \"version\": {},",
            q(&self.format),
            self.version
        );
        let mut prime = if self.prime == 2 {
            String::new()
        } else {
            format!(", \"prime\": {}", self.prime)
        };
        if let Some(b) = &self.algebra {
            prime.push_str(&format!(", \"algebra\": {}", q(b)));
        }
        if self.unstable {
            prime.push_str(", \"unstable\": true");
        }
        let _ = writeln!(
            out,
            "  \"module\": {}, \"algorithm\": {}{prime},",
            q(&self.module),
            q(&self.algorithm)
        );
        let _ = writeln!(
            out,
            "  \"min_stem\": {}, \"max_stem\": {}, \"max_s\": {},",
            self.min_stem, self.max_stem, self.max_s
        );
        let _ = write!(out, "  \"classes\": [");
        for (k, c) in self.classes.iter().enumerate() {
            let sep = if k == 0 { "" } else { "," };
            let line = serde_json::to_string(c).expect("a class serializes");
            let _ = write!(out, "{sep}\n    {line}");
        }
        let _ = writeln!(
            out,
            "{}]\n}}",
            if self.classes.is_empty() { "" } else { "\n  " }
        );
        out
    }

    /// Reads and checks a `chart.json` (see [`Chart::parse`]); errors are one line naming
    /// the file: not a regular file (a FIFO, a device), over [`MAX_CHART_BYTES`], not
    /// UTF-8, not valid JSON of this schema, or failing [`Chart::check`].
    pub fn read(path: &Path) -> Result<Chart, ChartError> {
        let bad = |reason: String| ChartError::Read {
            path: path.to_path_buf(),
            reason,
        };
        let text = crate::input::read_text(path, "a chart.json", MAX_CHART_BYTES).map_err(bad)?;
        Chart::parse(&text).map_err(bad)
    }

    /// Parses and checks the text of a `chart.json`. Errors are one line (without the file
    /// name): the JSON error with its line and column, or [`Chart::check`]'s.
    pub fn parse(text: &str) -> Result<Chart, String> {
        let chart: Chart = serde_json::from_str(text).map_err(|e| {
            // serde quotes a wrong value whole (a string of megabytes): keep its start.
            let message = e.to_string();
            let message = message
                .rsplit_once(" at line ")
                .map_or(message.as_str(), |(m, _)| m);
            let key = key_before(text, e.line(), e.column())
                .map(|k| format!("\"{}\": ", excerpt(k)))
                .unwrap_or_default();
            format!(
                "not an adams chart.json: {key}{} (line {}, column {})",
                excerpt(message),
                e.line(),
                e.column()
            )
        })?;
        chart.check()?;
        Ok(chart)
    }
}

/// The key whose value a JSON error at `line`, `column` (1-based, as serde_json counts)
/// is about: the last `"key":` on that line before the column. serde's messages about a
/// value (`invalid value: integer …, expected u32`) do not name the field.
fn key_before(text: &str, line: usize, column: usize) -> Option<&str> {
    let start = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum::<usize>();
    let rest = text.get(start..)?;
    let mut end = column.min(rest.len());
    while !rest.is_char_boundary(end) {
        end -= 1;
    }
    let mut head = &rest[..end];
    while let Some(colon) = head.rfind(':') {
        if let Some(quoted) = head[..colon].trim_end().strip_suffix('"') {
            return quoted.rfind('"').map(|q| &quoted[q + 1..]);
        }
        head = &head[..colon];
    }
    None
}

/// A chart.json that cannot be read, or chart files that cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum ChartError {
    /// Not readable, or not a valid chart.json (the reason is one line: the JSON error
    /// with its line and column, or [`Chart::check`]'s).
    #[error("chart {}: {reason}", .path.display())]
    Read { path: PathBuf, reason: String },
    /// A file that cannot be written.
    #[error("cannot write {}: {source}", .path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The chart cannot be drawn.
    #[error("cannot draw {}: {source}", .path.display())]
    Draw {
        path: PathBuf,
        source: crate::svg::TooLarge,
    },
}

/// Writes `dir/chart.json`, `dir/chart.svg` and `dir/chart.html` ([`crate::html`]) for
/// `chart` (which must pass [`Chart::check`], as a chart built from a resolution does:
/// checked in debug builds), each atomically ([`crate::output::write_atomic`]); returns
/// the paths of the first two. Errors name the file.
pub fn write_chart_files(chart: &Chart, dir: &Path) -> Result<(PathBuf, PathBuf), ChartError> {
    write_chart_files_with(chart, dir, &crate::svg::Options::default())
}

/// [`write_chart_files`], the SVG drawn as `options` say.
pub fn write_chart_files_with(
    chart: &Chart,
    dir: &Path,
    options: &crate::svg::Options,
) -> Result<(PathBuf, PathBuf), ChartError> {
    debug_assert_eq!(chart.check(), Ok(()), "a chart adams writes must read back");
    let json = dir.join("chart.json");
    let svg = dir.join("chart.svg");
    let write = |path: &Path, text: String| {
        crate::output::write_atomic(path, text.as_bytes()).map_err(|source| ChartError::Write {
            path: path.to_path_buf(),
            source,
        })
    };
    write(&json, chart.to_json())?;
    let drawing = crate::svg::render_with(chart, options).map_err(|source| ChartError::Draw {
        path: svg.clone(),
        source,
    })?;
    write(&svg, drawing)?;
    write(&dir.join("chart.html"), crate::html::render(chart))?;
    Ok((json, svg))
}

#[cfg(test)]
mod tests;
