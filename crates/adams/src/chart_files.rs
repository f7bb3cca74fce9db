//! The chart files of a run: `chart.json`, `chart.svg` drawn as `--lines` and `--labels`
//! say, the interactive `chart.html`, the exports of `--format` (`chart.tex`,
//! `chart.seqsee.json`), and the lines on stderr that say what they hold.

use std::path::{Path, PathBuf};

use chart::chart_json::{self, Chart};
use chart::svg::{Drawing, Options};

use crate::cli::{DrawArgs, ExportArgs, ExportFormat};
use crate::error::Error;

/// What was written.
pub(crate) struct Written {
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

/// Writes `dir/chart.json`, `dir/chart.svg` and the exports.
pub(crate) fn write(
    chart: &Chart,
    dir: &Path,
    draw: &DrawArgs,
    export: &ExportArgs,
) -> Result<Written, Error> {
    let options = draw.options();
    let (json, svg) = chart_json::write_chart_files_with(chart, dir, &options)?;
    let exports = write_exports(chart, dir, "chart", &options, &export.format)?;
    let d = Drawing::new(chart, &options);
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
pub(crate) fn missing_lines(chart: &Chart, lines: &chart::svg::Lines) -> Vec<String> {
    let missing = lines.missing(chart);
    if missing.is_empty() {
        return Vec::new();
    }
    let carried: Vec<String> = chart::svg::families(chart, &chart::svg::Lines::All)
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
pub(crate) fn write_exports(
    chart: &Chart,
    dir: &Path,
    stem: &str,
    options: &Options,
    formats: &[ExportFormat],
) -> Result<Vec<PathBuf>, Error> {
    let mut out = Vec::new();
    for f in formats {
        let (path, text) = match f {
            ExportFormat::Tikz => {
                let path = dir.join(format!("{stem}.tex"));
                let text = tikz(chart, options, &path)?;
                (path, text)
            }
            ExportFormat::Seqsee => {
                let path = dir.join(format!("{stem}.seqsee.json"));
                let text = chart::seqsee::render(chart, options).map_err(|source| {
                    Error::from(chart_json::ChartError::Draw {
                        path: path.clone(),
                        source,
                    })
                })?;
                (path, text)
            }
        };
        if out.contains(&path) {
            continue;
        }
        chart::output::write_atomic(&path, text.as_bytes()).map_err(|source| Error::Write {
            path: path.clone(),
            source,
        })?;
        out.push(path);
    }
    Ok(out)
}

/// The TikZ text of `chart`; error: too large to draw.
pub(crate) fn tikz(chart: &Chart, options: &Options, path: &Path) -> Result<String, Error> {
    chart::tikz::render(chart, options).map_err(|source| {
        Error::from(chart_json::ChartError::Draw {
            path: path.to_path_buf(),
            source,
        })
    })
}
