//! `adams chart CHART.json [--output FILE.svg]`: read and check a chart.json, draw its SVG
//! and, beside it (`FILE.html`), the page `chart::html` writes.

use std::fs;
use std::path::Path;

use chart::{chart_json, html, svg};

use crate::cli::ChartArgs;
use crate::error::Error;

/// `adams chart`. Where the SVG cannot go is bad input, found before the drawing (exit 2).
pub fn run(args: ChartArgs) -> Result<(), Error> {
    let chart = chart_json::Chart::read(&args.chart)?;
    let out = args
        .output
        .unwrap_or_else(|| args.chart.with_extension("svg"));
    let page = out.with_extension("html");
    if out == args.chart || page == args.chart {
        return Err(Error::ChartOverwrite(if out == args.chart {
            out
        } else {
            page
        }));
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
    let drawing = svg::render(&chart).map_err(|source| Error::ChartDraw {
        chart: args.chart.clone(),
        source,
    })?;
    fs::write(&out, drawing).map_err(|source| Error::Write { path: out, source })?;
    fs::write(&page, html::render(&chart)).map_err(|source| Error::Write { path: page, source })
}
