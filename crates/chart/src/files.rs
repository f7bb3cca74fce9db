//! The chart files of a run: `chart.json`, `chart.svg` drawn as the options say, the
//! interactive `chart.html`, the exports (`chart.tex`, `chart.seqsee.json`), and the lines
//! that say what they hold.

use std::path::{Path, PathBuf};

use crate::chart_json::{self, Chart, ChartError};
use crate::svg::{families, Drawing, Lines, Options};

/// How an export is drawn from a chart: its text, or why the chart is too large.
type Render = fn(&Chart, &Options) -> Result<String, crate::svg::TooLarge>;

/// A format written beside `chart.svg`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Export {
    /// `STEM.tex`: a standalone LaTeX document drawing the chart with TikZ ([`crate::tikz`]).
    Tikz,
    /// `STEM.seqsee.json`: the SeqSee viewer's input ([`crate::seqsee`]).
    Seqsee,
}

/// What was written.
pub struct Written {
    pub json: PathBuf,
    pub svg: PathBuf,
    pub exports: Vec<PathBuf>,
    /// The product keys chart.json carries.
    carried: Vec<String>,
    /// Whether chart.json names classes.
    named: bool,
    /// The line families chart.svg draws.
    drawn: Vec<String>,
    /// Names written beside dots, and left out for room.
    labels: (usize, usize),
    /// The warnings of [`missing_lines`].
    warnings: Vec<String>,
}

impl Written {
    /// `wrote DIR/chart.json (classes with h0, h1, h2, h3 products, names) and
    /// DIR/chart.svg (h0, h1, h2 lines; 31 names)`.
    pub fn line(&self) -> String {
        let carried = match self.carried.as_slice() {
            [] => "classes only".to_string(),
            keys => format!("classes with {} products", keys.join(", ")),
        };
        let named = if self.named { ", names" } else { "" };
        let mut drawn = match self.drawn.as_slice() {
            [] => "dots only".to_string(),
            keys => format!("{} lines", keys.join(", ")),
        };
        match self.labels {
            (0, 0) => {}
            (k, 0) => drawn.push_str(&format!("; {k} names")),
            (k, out) => drawn.push_str(&format!("; {k} names, {out} left out for room")),
        }
        let mut line = format!(
            "wrote {} ({carried}{named}) and {} ({drawn})",
            self.json.display(),
            self.svg.display()
        );
        let page = self.svg.with_extension("html");
        line.push_str(&format!(
            "\nwrote {} (the interactive chart: open it in a browser)",
            page.display()
        ));
        for e in &self.exports {
            line.push_str(&format!("\nwrote {}", e.display()));
        }
        for w in &self.warnings {
            line.push_str(&format!("\n{w}"));
        }
        line
    }
}

/// Writes `dir/chart.json`, `dir/chart.svg` (drawn as `options` say), `dir/chart.html` and
/// the exports `formats` ask for; what was written. Errors name the file: one that
/// cannot be written, a chart too large to draw.
pub fn write(
    chart: &Chart,
    dir: &Path,
    options: &Options,
    formats: &[Export],
) -> Result<Written, ChartError> {
    let (json, svg) = chart_json::write_chart_files_with(chart, dir, options)?;
    let exports = write_exports(chart, dir, "chart", options, formats)?;
    let d = Drawing::new(chart, options);
    let mut carried: Vec<String> = chart
        .drawn_generators()
        .iter()
        .map(|g| g.key().to_string())
        .collect();
    let mut more: Vec<String> = Vec::new();
    for c in &chart.classes {
        for k in c.more.keys() {
            if !more.contains(k) {
                more.push(k.clone());
            }
        }
    }
    more.sort_by_key(|k| (k.len(), k.clone()));
    carried.extend(more);
    Ok(Written {
        json,
        svg,
        exports,
        carried,
        named: chart.classes.iter().any(|c| c.name.is_some()),
        drawn: d.families.iter().map(|f| f.key.clone()).collect(),
        labels: (d.labels.len(), d.left_out),
        warnings: missing_lines(chart, &options.lines),
    })
}

/// One warning per `--lines` key that names no family of `chart` (it draws nothing):
/// `warning: --lines h5: the chart has no h5 family (its families: h0, h1, h2, h3, d2);
/// nothing is drawn for it`.
pub fn missing_lines(chart: &Chart, lines: &Lines) -> Vec<String> {
    let missing = lines.missing(chart);
    if missing.is_empty() {
        return Vec::new();
    }
    let carried: Vec<String> = families(chart, &Lines::All)
        .into_iter()
        .map(|f| f.key)
        .collect();
    let carried = match carried.as_slice() {
        [] => "it has none".to_string(),
        keys => format!("its families: {}", keys.join(", ")),
    };
    missing
        .iter()
        .map(|k| {
            format!("warning: --lines {k}: the chart has no {k} family ({carried}); nothing is drawn for it")
        })
        .collect()
}

/// Writes `dir/STEM.tex` and `dir/STEM.seqsee.json` as `formats` ask; their paths.
pub fn write_exports(
    chart: &Chart,
    dir: &Path,
    stem: &str,
    options: &Options,
    formats: &[Export],
) -> Result<Vec<PathBuf>, ChartError> {
    let mut out = Vec::new();
    for f in formats {
        let (path, render): (PathBuf, Render) = match f {
            Export::Tikz => (dir.join(format!("{stem}.tex")), crate::tikz::render),
            Export::Seqsee => (
                dir.join(format!("{stem}.seqsee.json")),
                crate::seqsee::render,
            ),
        };
        if out.contains(&path) {
            continue;
        }
        let text = render(chart, options).map_err(|source| ChartError::Draw {
            path: path.clone(),
            source,
        })?;
        crate::output::write_atomic(&path, text.as_bytes()).map_err(|source| {
            ChartError::Write {
                path: path.clone(),
                source,
            }
        })?;
        out.push(path);
    }
    Ok(out)
}
