//! The chart files of a run as `--lines`, `--labels` and `--format` ask (the `chart`
//! crate's [`chart::files`] writes them).

use std::path::{Path, PathBuf};

use chart::chart_json::Chart;
use chart::files::{Export, Written};
use chart::svg::Options;

use crate::cli::{DrawArgs, ExportArgs, ExportFormat};
use crate::error::Error;

/// Writes `dir/chart.json`, `dir/chart.svg`, `dir/chart.html` and the exports of
/// `--format`, drawn as `--lines` and `--labels` say.
pub(crate) fn write(
    chart: &Chart,
    dir: &Path,
    draw: &DrawArgs,
    export: &ExportArgs,
) -> Result<Written, Error> {
    Ok(chart::files::write(
        chart,
        dir,
        &draw.options(),
        &exports(&export.format),
    )?)
}

/// Writes `dir/STEM.tex` and `dir/STEM.seqsee.json` as `formats` ask; their paths.
pub(crate) fn write_exports(
    chart: &Chart,
    dir: &Path,
    stem: &str,
    options: &Options,
    formats: &[ExportFormat],
) -> Result<Vec<PathBuf>, Error> {
    Ok(chart::files::write_exports(
        chart,
        dir,
        stem,
        options,
        &exports(formats),
    )?)
}

/// The formats of `--format`.
fn exports(formats: &[ExportFormat]) -> Vec<Export> {
    formats
        .iter()
        .map(|f| match f {
            ExportFormat::Tikz => Export::Tikz,
            ExportFormat::Seqsee => Export::Seqsee,
        })
        .collect()
}
