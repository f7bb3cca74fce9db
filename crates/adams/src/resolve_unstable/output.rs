//! The files and lines of an unstable run: ext.csv, chart.json/svg/html with the products
//! by the generators of `Ext^1` read off the resolution, the ASCII chart, the closing line.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

use chart::chart_json::{Chart, Class};
use chart::csv::Row;
use chart::{ascii, csv};
use resolution::unstable::{read_off, UnstableAlgebra, UnstableResolution};
use resolution::Bidegree;

use crate::chart_model::ChartAlgebra;
use crate::error::Error;
use crate::resolve::Start;
use crate::usage;

/// The first line of an unstable run's ext.csv: the range it is complete for, in the form
/// `adams verify` reads, and what it holds.
fn first_line(
    name: &str,
    label: &str,
    p: u32,
    bottom: i32,
    (max_stem, max_s): (i32, u32),
) -> String {
    format!(
        "# complete for stem <= {max_stem}, s <= {max_s}; Ext of {name} in unstable modules \
         (unstable, {label}: Ext_U^(s,t) of {}, stems absolute, the bottom class at stem \
         {bottom}) over the mod {p} Steenrod algebra, computed by adams (classical, free \
         unstable modules)",
        what(label)
    )
}

/// What the groups are of: a sphere's reduced cohomology, or a suspended module.
fn what(label: &str) -> String {
    match label.starts_with("S^") {
        true => format!("the reduced cohomology of {label}"),
        false => format!("the module {label}"),
    }
}

/// The chart: every class of the range with its products by [`ChartAlgebra::PRIMITIVES`]
/// (`h0`, `h1`, `h2` at p = 2; `a0`, `h0` at odd p), unknown where the product's bidegree
/// leaves the range.
fn chart<A: ChartAlgebra + UnstableAlgebra>(res: &UnstableResolution<A>, label: &str) -> Chart {
    let (max_stem, max_s) = res.range();
    let p = fp::Prime::value(res.module().prime());
    let bottom = res.module().min_degree();
    let mut classes: BTreeMap<(Bidegree, usize), Class> = BTreeMap::new();
    for (b, dim) in res.dims() {
        for k in 0..dim {
            classes.insert((b, k), Class::new(b.n(), b.s(), k));
        }
    }
    for &(g, x) in A::PRIMITIVES {
        let degree = x.degree(p).unwrap_or(0);
        let mut terms: BTreeMap<(Bidegree, usize), Vec<(usize, u32)>> = BTreeMap::new();
        for term in read_off(res, x) {
            let into = terms.entry((term.from, term.from_index)).or_default();
            into.push((term.to_index, term.coefficient));
        }
        for ((b, k), class) in classes.iter_mut() {
            let to = Bidegree::s_t(b.s() + 1, b.t() + degree);
            let known = to.s() <= max_s && to.n() <= max_stem;
            let product = known.then(|| terms.remove(&(*b, *k)).unwrap_or_default());
            *class.product_mut(g) = A::product(product);
        }
    }
    let mut chart = Chart::new(label, "classical", p, bottom, max_stem, max_s);
    chart.unstable = true;
    chart.set_classes(classes.into_values());
    chart
}

/// Writes ext.csv and the chart files into `output`, prints the ASCII chart (unless
/// `--no-chart`) and the closing line (unless `--quiet`). Errors: writing a file.
pub(super) fn write<A: ChartAlgebra + UnstableAlgebra>(
    plan: &crate::plan::Plan,
    res: &UnstableResolution<A>,
    label: &str,
    output: &Path,
    start: &Start,
) -> Result<(), Error> {
    let rows: Vec<Row> = res
        .dims()
        .into_iter()
        .map(|(b, dim)| Row {
            bidegree: chart::Bidegree::n_s(b.n(), b.s()),
            dim,
        })
        .collect();
    let (name, p) = (res.module().name(), fp::Prime::value(res.module().prime()));
    let bottom = res.module().min_degree();
    let path = output.join("ext.csv");
    let mut text = Vec::new();
    let head = first_line(name, label, p, bottom, res.range());
    let written = csv::write_table(&mut text, &head, &rows)
        .and_then(|()| chart::output::write_atomic(&path, &text));
    written.map_err(|source| Error::Write {
        path: path.clone(),
        source,
    })?;
    let out = &plan.output;
    let drawn = chart(res, label);
    crate::chart_files::write(&drawn, output, &out.draw, &out.export)?;
    let (max_stem, max_s) = res.range();
    if !out.no_chart {
        let text = format!(
            "Ext_U^(s,t) of {label} in unstable modules over the mod {p} Steenrod algebra{}, \
             stem <= {max_stem}, s <= {max_s}\n\
             mark = dim Ext^(s,t): . for 0, 1-9, * for 10 or more\n\n{}",
            if label.starts_with("S^") {
                " (unstable Adams E2)"
            } else {
                ""
            },
            ascii::render(&rows, bottom, max_stem, max_s)
        );
        let _ = std::io::stdout().lock().write_all(text.as_bytes());
    }
    if !plan.quiet {
        let usage = usage::current().since(&start.usage);
        let total: usize = rows.iter().map(|r| r.dim).sum();
        eprintln!(
            "resolved {label} unstably (classical) through stem {max_stem}, s <= {max_s} in \
             {:.2} s (CPU {:.2} s, peak memory {:.1} MB): {} nonzero bidegrees, total \
             dimension {total}; wrote {} and the chart files",
            start.at.elapsed().as_secs_f64(),
            usage.cpu.as_secs_f64(),
            usage.peak_rss_bytes as f64 / 1e6,
            rows.len(),
            path.display()
        );
    }
    Ok(())
}
