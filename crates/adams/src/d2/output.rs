//! The files of `adams d2`: `d2.csv`, `e3.csv`, `ext.csv`, `chart.json` and `chart.svg`.

use std::fmt::Write as _;
use std::path::Path;

use chart::chart_json::extra::D2_KEY;
use chart::chart_json::{self, Chart, Product};
use chart::names::NameTable;
use chart::{ascii, csv};
use resolution::secondary::{e3_dimensions, e3_range, CheckFailure, SecondaryLift};
use resolution::Bidegree;

use adams::d2_table::{d2_rows, D2Rows};

use crate::error::Error;

/// What the files hold: classes with `d2 ≠ 0`, the total rank of `d2`.
pub(super) struct Written {
    pub nonzero: usize,
    pub rank: usize,
    /// The ASCII chart of `E3` (as `adams resolve` prints `E2`), when its range is not empty.
    pub e3_chart: Option<String>,
}

/// Writes every file into `dir`.
pub(super) fn write_all(
    dir: &Path,
    lift: &SecondaryLift,
    name: &str,
    args: &crate::cli::D2Args,
) -> Result<Written, Error> {
    let res = lift.resolution();
    let config = res.config();
    let (rows, rank) = d2_rows(lift);
    let range = match config.max_s.checked_sub(2) {
        Some(top_s) => format!("# complete for stem <= {}, s <= {top_s}", config.max_stem),
        None => "# no class has d2 computed (needs --max-s >= 2)".to_string(),
    };
    let mut text = format!(
        "{range}; Adams d2: E2^(s,t) -> E2^(s+2,t+1) of {name}, computed by adams (nassau, \
         secondary Steenrod algebra); classes with d2 = 0 are omitted\n\
         # class: index in the basis of E2^(s,t) (ext.csv, chart.json); target: the indices of the \
         classes of E2^(s+2,t+1) whose sum is d2(class), separated by spaces\n\
         stem,s,t,class,target\n"
    );
    let mut nonzero = 0;
    for (b, k, target) in &rows {
        if target.is_empty() {
            continue;
        }
        nonzero += 1;
        let list: Vec<String> = target.iter().map(usize::to_string).collect();
        let _ = writeln!(text, "{},{},{},{k},{}", b.n(), b.s(), b.t(), list.join(" "));
    }
    write(&dir.join("d2.csv"), text)?;

    let first = match e3_range(lift) {
        Some((max_stem, max_s)) => format!(
            "# complete for stem <= {max_stem}, s <= {max_s}; E3 of {name} (dim ker d2 - rank d2; \
             only bidegrees where both d2 are computed), computed by adams (nassau, secondary \
             Steenrod algebra)"
        ),
        None => format!(
            "# E3 of {name}: no bidegree of the range has both d2 computed (needs --max-s >= 2, \
             --max-stem >= 1)"
        ),
    };
    let e3: Vec<csv::Row> = e3_dimensions(lift)
        .into_iter()
        .map(crate::chart_model::row)
        .collect();
    table(&dir.join("e3.csv"), &first, &e3)?;

    let ext: Vec<csv::Row> = res
        .ext()
        .into_iter()
        .filter(|r| r.dim > 0 && r.stem() <= config.max_stem && r.s() <= config.max_s)
        .map(crate::chart_model::row)
        .collect();
    let first = csv::complete_line(config.max_stem, config.max_s, name, "nassau", 2, None);
    table(&dir.join("ext.csv"), &first, &ext)?;

    let mut chart = crate::chart_model::chart(res, "nassau", res.module().min_degree());
    if config.max_stem <= crate::chart_names::DEFAULT_MAX_STEM {
        crate::chart_names::add(&mut chart, res, &NameTable::bundled(), false)?;
    }
    add_d2(&mut chart, &rows);
    crate::chart_files::write(&chart, dir, &args.draw, &args.export)?;
    if let Some((max_stem, max_s)) = e3_range(lift) {
        e3_page(&chart, dir, (max_stem, max_s), args)?;
    }
    let e3_chart = e3_range(lift).map(|(max_stem, max_s)| {
        format!(
            "E3 of {name} (Adams d2 from the secondary Steenrod algebra), stem <= {max_stem}, \
             s <= {max_s}\nmark = dim E3^(s,t): . for 0, 1-9, * for 10 or more\n\n{}",
            ascii::render(&e3, res.module().min_degree(), max_stem, max_s)
        )
    });
    Ok(Written {
        nonzero,
        rank,
        e3_chart,
    })
}

/// Draws the E3 page (`chart::pages::e3`: the classes `d2` kills removed, the products by
/// `h0`, `h1`, `h2`, `h3` it inherits) into `dir/chart-e3.svg` and the exports
/// `chart-e3.tex`, `chart-e3.seqsee.json`. Error: the product of a `d2`-cycle is no cycle
/// (`d2(h_i x) ≠ h_i d2(x)`, a failed self-check, exit 1).
fn e3_page(
    chart: &Chart,
    dir: &Path,
    (max_stem, max_s): (i32, u32),
    args: &crate::cli::D2Args,
) -> Result<(), Error> {
    let page = chart::pages::e3(chart, max_stem, max_s).map_err(|e| match e {
        chart::pages::E3Error::NotCycle { key, stem, s } => {
            let i = key.trim_start_matches('h').parse().unwrap_or(u32::MAX);
            Error::D2Check(CheckFailure::NotLinear {
                i,
                at: Bidegree::n_s(stem, s),
            })
        }
        // Inside the E3 range every d2 into and out of a bidegree is computed.
        chart::pages::E3Error::Unknown { .. } => unreachable!("{e}: inside the E3 range"),
    })?;
    let mut options = args.draw.options();
    options.page = Some("Adams E3".into());
    let path = dir.join("chart-e3.svg");
    let svg = chart::svg::render_with(&page, &options).map_err(|source| {
        Error::from(chart_json::ChartError::Draw {
            path: path.clone(),
            source,
        })
    })?;
    write(&path, svg)?;
    crate::chart_files::write_exports(&page, dir, "chart-e3", &options, &args.export.format)?;
    Ok(())
}

/// Each class gains the key `d2`: its target's indices (`[]` for 0), `null` where `d2`
/// is not computed or lands outside the chart (stem 0: `d2` is zero there, but the
/// chart's schema wants `null` for a target outside its range).
fn add_d2(chart: &mut Chart, rows: &D2Rows) {
    let known: std::collections::HashMap<(i32, u32, usize), &Vec<usize>> = rows
        .iter()
        .map(|(b, k, t)| ((b.n(), b.s(), *k), t))
        .collect();
    let min_stem = chart.min_stem;
    for c in &mut chart.classes {
        if c.stem - 1 < min_stem {
            c.more.insert(D2_KEY.to_string(), Product::Unknown);
            continue;
        }
        let value = known
            .get(&(c.stem, c.s, c.index))
            .map(|t| Product::from_indices(Some(t.to_vec())))
            .unwrap_or(Product::Unknown);
        c.more.insert(D2_KEY.to_string(), value);
    }
}

/// A `stem,s,t,dim` table (the form of ext.csv) with its first line.
fn table(path: &Path, first: &str, rows: &[csv::Row]) -> Result<(), Error> {
    let mut bytes = Vec::new();
    csv::write_table(&mut bytes, first, rows).expect("writing to memory");
    write(path, String::from_utf8_lossy(&bytes).into_owned())
}

fn write(path: &Path, text: String) -> Result<(), Error> {
    chart::output::write_atomic(path, text.as_bytes()).map_err(|source| Error::Write {
        path: path.to_path_buf(),
        source,
    })
}
