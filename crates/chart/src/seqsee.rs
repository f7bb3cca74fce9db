//! `chart.seqsee.json`: the chart in the SeqSee input format (J. Beauvais-Feisthauer,
//! SeqSee, github.com/JoeyBF/SeqSee, `seqsee/input_schema.json`, JSON Schema draft 7),
//! which the SeqSee viewer turns into an interactive page and which other tools of the
//! field read and write.
//!
//! - `header.metadata`: the chart's title; `header.chart`: the range (`width` the stems,
//!   `height` the filtrations); `header.aliases.attributes`: one attribute list per line
//!   family, named by its key (`h0`, `h2`, `d2`), from the style table
//!   ([`crate::svg::style`]: colour, thickness, `dashed`, an arrow tip for a differential).
//! - `nodes`: one per class, keyed `(stem,s,index)` (the class as `adams products --by`
//!   takes it), at `x` = stem, `y` = s, `position` = index, with its name as `label` in
//!   LaTeX (`$h_{0}^{2} d_{0}$`) when it has one and `--labels` writes it.
//! - `edges`: one per term of a known product or differential of the families drawn
//!   (`--lines`), from the source class to the target class, with the family's alias as
//!   its attributes.

use serde_json::{json, Map, Value};

use crate::chart_json::Chart;
use crate::svg::labels::typeset;
use crate::svg::{families, Options};

/// Where the schema is published.
pub const SCHEMA_URL: &str =
    "https://raw.githubusercontent.com/JoeyBF/SeqSee/refs/heads/master/seqsee/input_schema.json";

/// SeqSee's length unit is one stem; its default edge thickness 0.02 stands for our 1.2 px
/// lines, so px are divided by 60 (its default scale, px per unit).
const PX_PER_UNIT: f64 = 60.0;

/// The node key of a class.
pub fn node_key(stem: i32, s: u32, index: usize) -> String {
    format!("({stem},{s},{index})")
}

/// The SeqSee JSON of `chart` with the families `options` draw (its text, with a newline).
///
/// Error (one line): a chart whose drawing would exceed [`crate::svg::MAX_SVG_BYTES`],
/// refused before anything is built, as for the SVG.
pub fn render(chart: &Chart, options: &Options) -> Result<String, crate::svg::TooLarge> {
    crate::svg::check_size(chart)?;
    let fams = families(chart, &options.lines);
    let mut aliases = Map::new();
    for f in &fams {
        let mut a = Map::new();
        a.insert("color".into(), json!(f.style.colour));
        a.insert(
            "thickness".into(),
            json!((f.style.width() / PX_PER_UNIT * 1000.0).round() / 1000.0),
        );
        if f.style.dash.is_some() {
            a.insert("pattern".into(), json!("dashed"));
        }
        if f.is_differential() {
            a.insert("arrowTip".into(), json!("simple"));
        }
        aliases.insert(f.key.clone(), Value::Array(vec![Value::Object(a)]));
    }
    let mut nodes = Map::new();
    for c in &chart.classes {
        let mut n = Map::new();
        n.insert("x".into(), json!(c.stem));
        n.insert("y".into(), json!(c.s));
        n.insert("position".into(), json!(c.index));
        if let Some(name) = c
            .name
            .as_ref()
            .filter(|name| crate::svg::labels::is_labelled(name, options.labels))
        {
            let label = format!("${}$", crate::tikz::math(&typeset(name), " "));
            n.insert("label".into(), json!(label));
        }
        nodes.insert(node_key(c.stem, c.s, c.index), Value::Object(n));
    }
    let mut edges = Vec::new();
    for f in &fams {
        for c in &chart.classes {
            let Some(terms) = f.terms(c) else { continue };
            let (n, s) = (c.stem + f.shift.0, c.s + f.shift.1);
            for t in terms {
                edges.push(json!({
                    "source": node_key(c.stem, c.s, c.index),
                    "target": node_key(n, s, t.index()),
                    "attributes": [f.key],
                }));
            }
        }
    }
    let title = crate::svg::title_of_page(chart, &options.page(chart));
    let doc = json!({
        "$schema": SCHEMA_URL,
        "header": {
            "metadata": {"htmltitle": title, "title": title, "displaytitle": title},
            "chart": {
                "width": {"min": chart.min_stem, "max": chart.max_stem},
                "height": {"min": 0, "max": chart.max_s}
            },
            "aliases": {"attributes": Value::Object(aliases)}
        },
        "nodes": Value::Object(nodes),
        "edges": edges,
    });
    let mut text = serde_json::to_string_pretty(&doc).expect("a JSON value serializes");
    text.push('\n');
    Ok(text)
}
