//! `chart.json`: every class of the resolved range with its products by `h0`, `h1`, `h2` —
//! the data behind `chart.svg`, for plotting tools and for reading products by program.
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
//! - The range: every bidegree with `min_stem ≤ stem ≤ max_stem`, `0 ≤ s ≤ max_s` was
//!   computed, so a bidegree there without classes has `Ext = 0`.
//! - `classes`: one entry per basis class of `Ext^{s,t}` (`t = stem + s`), ordered by stem,
//!   then `s`, then `index`; `index` runs over `0..dim Ext^{s,t}` (the class dual to the
//!   index-th generator of `C_s` in degree `t`).
//! - `h_i` (`i = 0, 1, 2`): `h_i · x` lies in the bidegree `(stem + 2^i − 1, s + 1)`; the
//!   list gives the indices of the classes there whose sum it is (`[]`: the product is 0).
//!   `null`: that bidegree is outside the range, so the product is unknown (not 0).
//!   The indices are distinct (over F_2 a class listed twice would cancel).
//!
//! Limits (bad input beyond them, checked by [`Chart::read`]): the file is a regular file of
//! at most [`MAX_CHART_BYTES`]; `|min_stem|`, `|max_stem|` at most [`crate::MAX_ABS_DEGREE`];
//! at most [`MAX_CHART_DEGREES`] + 1 stems and filtrations; `module`, `algorithm` at most
//! [`MAX_NAME_CHARS`] characters.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use resolution::products::chart_products;
use resolution::Resolution;
use serde::{Deserialize, Serialize};

use crate::input::excerpt;

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
pub const MAX_CHART_DEGREES: i32 = resolution::MAX_ALGEBRA_DEGREE;

/// Longest `module` and `algorithm` names (they are drawn in the SVG's title).
pub const MAX_NAME_CHARS: usize = 200;

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
    /// Smallest stem drawn (0, or the bottom cell of a module with cells below 0).
    pub min_stem: i32,
    /// Largest stem computed.
    pub max_stem: i32,
    /// Largest Adams filtration computed.
    pub max_s: u32,
    /// Every class, ordered by stem, `s`, index.
    pub classes: Vec<Class>,
}

/// One basis class of `Ext^{s,t}` and its products by `h0`, `h1`, `h2`.
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
    /// `h0 · x` at `(stem, s + 1)`: indices of the classes summed; `None` if unknown.
    pub h0: Option<Vec<usize>>,
    /// `h1 · x` at `(stem + 1, s + 1)`.
    pub h1: Option<Vec<usize>>,
    /// `h2 · x` at `(stem + 3, s + 1)`.
    pub h2: Option<Vec<usize>>,
}

impl Class {
    /// The product by `h_i` (`i ∈ 0..=2`).
    pub fn product(&self, i: u32) -> Option<&[usize]> {
        match i {
            0 => self.h0.as_deref(),
            1 => self.h1.as_deref(),
            2 => self.h2.as_deref(),
            _ => None,
        }
    }
}

/// The stem shift of `h_i`: `2^i − 1`.
pub fn stem_shift(i: u32) -> i32 {
    (1 << i) - 1
}

impl Chart {
    /// The chart of a resolved range: every class with its `h0`, `h1`, `h2` products.
    pub fn from_resolution(res: &Resolution, algorithm: &str, min_stem: i32) -> Chart {
        let config = res.config();
        let classes = chart_products(res, &[0, 1, 2])
            .into_iter()
            .filter(|cp| cp.class.stem <= config.max_stem && cp.class.s <= config.max_s)
            .map(|cp| {
                let mut p = cp.products.into_iter();
                let c = cp.class;
                Class {
                    stem: c.stem,
                    s: c.s,
                    t: c.t,
                    index: c.index,
                    h0: p.next().flatten(),
                    h1: p.next().flatten(),
                    h2: p.next().flatten(),
                }
            })
            .collect();
        Chart {
            format: FORMAT.to_string(),
            version: VERSION,
            module: res.module().name().to_string(),
            algorithm: algorithm.to_string(),
            min_stem,
            max_stem: config.max_stem,
            max_s: config.max_s,
            classes,
        }
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
        let _ = writeln!(
            out,
            "  \"module\": {}, \"algorithm\": {},",
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

    /// Checks what the renderer relies on: format and version; the range within the limits
    /// (module docs); every class inside the range with `t = stem + s`; classes in order
    /// with indices `0..dim` per bidegree; every known product inside the range with
    /// distinct indices below the target's dimension.
    pub fn check(&self) -> Result<(), String> {
        if self.format != FORMAT {
            return Err(format!(
                "\"format\" is {:?}, expected {FORMAT:?}",
                excerpt(&self.format)
            ));
        }
        if self.version != VERSION {
            return Err(format!(
                "\"version\" is {}, this adams reads version {VERSION}",
                self.version
            ));
        }
        for (key, name) in [("module", &self.module), ("algorithm", &self.algorithm)] {
            if name.chars().count() > MAX_NAME_CHARS {
                return Err(format!(
                    "\"{key}\" is {} characters long, more than the limit {MAX_NAME_CHARS}",
                    name.chars().count()
                ));
            }
        }
        self.check_range()?;
        let mut previous: Option<(i32, u32, usize)> = None;
        for c in &self.classes {
            let at = format!("class (stem {}, s {}, index {})", c.stem, c.s, c.index);
            if !self.in_range(c.stem, c.s) {
                return Err(format!(
                    "{at} lies outside the range stem {}..={}, s 0..={}",
                    self.min_stem, self.max_stem, self.max_s
                ));
            }
            // In range, so |stem| <= 2^21 and s <= 510: no overflow.
            if c.t != c.stem + c.s as i32 {
                return Err(format!(
                    "{at}: t = {} but stem + s = {}",
                    c.t,
                    c.stem + c.s as i32
                ));
            }
            let expected_index = match previous {
                Some((n, s, k)) if (n, s) == (c.stem, c.s) => k + 1,
                Some((n, s, _)) if (n, s) > (c.stem, c.s) => {
                    return Err(format!(
                    "{at} comes after (stem {n}, s {s}): classes must be ordered by stem, then s"
                ))
                }
                _ => 0,
            };
            if c.index != expected_index {
                return Err(format!(
                    "{at}: expected index {expected_index} (indices run 0, 1, … within a bidegree)"
                ));
            }
            previous = Some((c.stem, c.s, c.index));
        }
        let dims = self.dims();
        for c in &self.classes {
            for i in 0..=2 {
                let Some(ones) = c.product(i) else { continue };
                let (n, s) = (c.stem + stem_shift(i), c.s + 1);
                if !self.in_range(n, s) {
                    return Err(format!("class (stem {}, s {}, index {}): h{i} is given but lands at (stem {n}, s {s}), outside the range (use null)", c.stem, c.s, c.index));
                }
                let dim = dims.get(&(n, s)).copied().unwrap_or(0);
                if let Some(&bad) = ones.iter().find(|&&k| k >= dim) {
                    return Err(format!("class (stem {}, s {}, index {}): h{i} names class {bad} of (stem {n}, s {s}), which has {dim}", c.stem, c.s, c.index));
                }
                let mut sorted = ones.to_vec();
                sorted.sort_unstable();
                if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
                    return Err(format!(
                        "class (stem {}, s {}, index {}): h{i} lists class {} twice (a sum of distinct classes: over F_2 a repeated one cancels)",
                        c.stem, c.s, c.index, w[0]
                    ));
                }
            }
        }
        Ok(())
    }

    /// The range within the limits: `min_stem <= max_stem`, both within
    /// [`crate::MAX_ABS_DEGREE`], at most [`MAX_CHART_DEGREES`] stems and filtrations.
    fn check_range(&self) -> Result<(), String> {
        let limit = crate::MAX_ABS_DEGREE;
        for (key, value) in [("min_stem", self.min_stem), ("max_stem", self.max_stem)] {
            if value.unsigned_abs() > limit as u32 {
                return Err(format!(
                    "\"{key}\" is {value}, beyond the limit {limit} (2^21) in absolute value"
                ));
            }
        }
        if self.min_stem > self.max_stem {
            return Err(format!(
                "min_stem {} is above max_stem {}",
                self.min_stem, self.max_stem
            ));
        }
        let span = self.max_stem - self.min_stem;
        if span > MAX_CHART_DEGREES {
            return Err(format!(
                "\"max_stem\" − \"min_stem\" is {span} stems, more than the limit {MAX_CHART_DEGREES} \
                 (the top degree of the Milnor basis tables, which no resolved range exceeds)"
            ));
        }
        if self.max_s > MAX_CHART_DEGREES as u32 {
            return Err(format!(
                "\"max_s\" is {}, more than the limit {MAX_CHART_DEGREES} (the top degree of the Milnor basis tables, \
                 which no resolved range exceeds)",
                self.max_s
            ));
        }
        Ok(())
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

/// Writes `dir/chart.json` and `dir/chart.svg` for a resolved range; returns their paths.
/// Errors name the file.
pub fn write_files(
    res: &Resolution,
    algorithm: &str,
    min_stem: i32,
    dir: &Path,
) -> Result<(PathBuf, PathBuf), ChartError> {
    let chart = Chart::from_resolution(res, algorithm, min_stem);
    let json = dir.join("chart.json");
    let svg = dir.join("chart.svg");
    let write = |path: &Path, text: String| {
        std::fs::write(path, text).map_err(|source| ChartError::Write {
            path: path.to_path_buf(),
            source,
        })
    };
    write(&json, chart.to_json())?;
    let drawing = crate::svg::render(&chart).map_err(|source| ChartError::Draw {
        path: svg.clone(),
        source,
    })?;
    write(&svg, drawing)?;
    Ok((json, svg))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(stem: i32, s: u32, index: usize, h0: Option<Vec<usize>>) -> Class {
        Class {
            stem,
            s,
            t: stem + s as i32,
            index,
            h0,
            h1: None,
            h2: None,
        }
    }

    fn chart(classes: Vec<Class>) -> Chart {
        Chart {
            format: FORMAT.into(),
            version: VERSION,
            module: "M".into(),
            algorithm: "nassau".into(),
            min_stem: 0,
            max_stem: 3,
            max_s: 2,
            classes,
        }
    }

    #[test]
    fn json_round_trips_and_marks_unknown_products_null() {
        let c = chart(vec![
            class(0, 0, 0, Some(vec![0])),
            class(0, 1, 0, Some(vec![])),
            class(0, 2, 0, None),
        ]);
        assert_eq!(c.check(), Ok(()));
        let text = c.to_json();
        assert!(text.contains("\"h0\":null"), "{text}");
        assert!(text.contains("\"h0\":[]"), "{text}");
        let back: Chart = serde_json::from_str(&text).expect("valid JSON");
        assert_eq!(back, c);
        let empty = chart(vec![]);
        assert_eq!(
            serde_json::from_str::<Chart>(&empty.to_json()).expect("valid JSON"),
            empty
        );
    }

    #[test]
    fn check_rejects_inconsistent_charts() {
        let bad_index = chart(vec![class(0, 0, 1, None)]);
        assert!(bad_index.check().unwrap_err().contains("expected index 0"));
        let out_of_order = chart(vec![class(1, 0, 0, None), class(0, 0, 0, None)]);
        assert!(out_of_order.check().unwrap_err().contains("ordered"));
        let dangling = chart(vec![class(0, 0, 0, Some(vec![0]))]);
        assert!(dangling.check().unwrap_err().contains("which has 0"));
        let outside = chart(vec![class(0, 2, 0, Some(vec![]))]);
        assert!(outside.check().unwrap_err().contains("outside the range"));
        let mut wrong_t = chart(vec![class(0, 0, 0, None)]);
        wrong_t.classes[0].t = 5;
        assert!(wrong_t.check().unwrap_err().contains("t = 5"));
    }
}
