//! `adams chart CHART.json [--output FILE] [--format svg|tikz|seqsee]`: read and check a
//! chart.json, draw it as an SVG (with, beside it, `FILE.html`: the page `chart::html`
//! writes), a standalone TikZ document or SeqSee's JSON.

use std::path::Path;

use chart::{chart_json, html, svg};

use crate::cli::{ChartArgs, ChartFormat};
use crate::error::Error;

/// Whether `path` (which may not exist yet) names the existing file `chart`, however
/// either is spelled (`./g.json`, an absolute path, a linked folder). A link named as the
/// output is not the chart: it is replaced, not followed.
fn same_file(path: &Path, chart: &Path) -> bool {
    let resolved = |p: &Path| -> Option<std::path::PathBuf> {
        let parent = p.parent().filter(|d| !d.as_os_str().is_empty());
        let dir = parent.unwrap_or(Path::new(".")).canonicalize().ok()?;
        Some(dir.join(p.file_name()?))
    };
    match (resolved(path), chart.canonicalize()) {
        (Some(p), Ok(c)) => p == c,
        _ => path == chart,
    }
}

/// `adams chart`. Where the drawing cannot go is bad input, found before the drawing
/// (exit 2).
pub fn run(args: ChartArgs) -> Result<(), Error> {
    let chart = chart_json::Chart::read(&args.chart)?;
    let extension = match args.format {
        ChartFormat::Svg => "svg",
        ChartFormat::Tikz => "tex",
        ChartFormat::Seqsee => "seqsee.json",
    };
    let out = args
        .output
        .unwrap_or_else(|| args.chart.with_extension(extension));
    let page = (args.format == ChartFormat::Svg).then(|| out.with_extension("html"));
    if page.as_ref() == Some(&out) {
        return Err(Error::ChartPageIsOutput(out));
    }
    for target in std::iter::once(&out).chain(page.as_ref()) {
        if same_file(target, &args.chart) {
            return Err(Error::ChartOverwrite(target.clone()));
        }
    }
    if out.is_dir() {
        return Err(Error::ChartOutputFolder(out));
    }
    let parent = out
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if !parent.is_dir() {
        let parent = parent.to_path_buf();
        return Err(Error::ChartNoFolder { path: out, parent });
    }
    chart::output::check_writable(parent).map_err(|source| Error::OutputNotWritable {
        path: parent.to_path_buf(),
        source,
    })?;
    let options = args.draw.options();
    for w in chart::files::missing_lines(&chart, &options.lines) {
        eprintln!("{w}");
    }
    let too_large = |source| Error::ChartDraw {
        chart: args.chart.clone(),
        source,
    };
    let drawing = match args.format {
        ChartFormat::Svg => svg::render_with(&chart, &options).map_err(too_large)?,
        ChartFormat::Tikz => chart::tikz::render(&chart, &options).map_err(too_large)?,
        ChartFormat::Seqsee => chart::seqsee::render(&chart, &options).map_err(too_large)?,
    };
    chart::output::write_atomic(&out, drawing.as_bytes())
        .map_err(|source| Error::Write { path: out, source })?;
    match page {
        Some(page) => chart::output::write_atomic(&page, html::render(&chart).as_bytes())
            .map_err(|source| Error::Write { path: page, source }),
        None => Ok(()),
    }
}
