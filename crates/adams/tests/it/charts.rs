//! chart.json and chart.svg: what `adams resolve` writes beside ext.csv, and what
//! `adams chart` draws from a chart.json.
//!
//! - The JSON is read here with serde_json's untyped `Value`, not the binary's types: class
//!   counts must equal ext.csv, products must follow the schema (indices into the target
//!   bidegree, `null` exactly where the target leaves the range), and a few products of the
//!   sphere and C2 are checked by value (the mathematics is tested in depth in
//!   `crates/resolution/tests/products.rs`).
//! - The SVG must parse as XML (roxmltree) with one `circle.class` per class, one
//!   `line.h0|h1|h2` per nonzero coefficient of a known product, each line joining two
//!   class dots, and tick labels that do not overlap.
//! - Stem 120: resolving the sphere that far takes minutes, so a chart.json is built from
//!   the reference table of the sphere (its dimensions through stem 120, s ≤ 60, with
//!   synthetic products of every kind, some of two terms) and drawn by `adams chart`, the
//!   same renderer `adams resolve` uses.

use crate::common;

use std::collections::{BTreeMap, HashMap};
use std::fs;
use std::path::Path;

use common::*;
use serde_json::{json, Value};

/// `[h0, h1, h2]` of one class, `None` for `null`.
type Products = [Option<Vec<i64>>; 3];

/// Classes per bidegree and the products of each class, read from a chart.json.
struct JsonChart {
    max_stem: i64,
    max_s: i64,
    dims: BTreeMap<(i64, i64), usize>,
    /// `(stem, s, index) -> [h0, h1, h2]`.
    products: BTreeMap<(i64, i64, i64), Products>,
}

fn read_chart_json(path: &Path) -> JsonChart {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let v: Value = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()));
    assert_eq!(v["format"], "adams-chart");
    assert_eq!(v["version"], 1);
    let max_stem = v["max_stem"].as_i64().expect("max_stem");
    let max_s = v["max_s"].as_i64().expect("max_s");
    let mut dims = BTreeMap::new();
    let mut products = BTreeMap::new();
    for c in v["classes"].as_array().expect("classes") {
        let (stem, s, t, index) = (
            c["stem"].as_i64().unwrap(),
            c["s"].as_i64().unwrap(),
            c["t"].as_i64().unwrap(),
            c["index"].as_i64().unwrap(),
        );
        assert_eq!(t, stem + s, "t of {c}");
        let dim = dims.entry((stem, s)).or_insert(0usize);
        assert_eq!(
            index, *dim as i64,
            "indices run 0, 1, … within a bidegree: {c}"
        );
        *dim += 1;
        let read = |key: &str| -> Option<Vec<i64>> {
            match &c[key] {
                Value::Null => None,
                Value::Array(a) => Some(a.iter().map(|x| x.as_i64().expect("index")).collect()),
                other => panic!("{key} of {c} is {other}"),
            }
        };
        products.insert((stem, s, index), [read("h0"), read("h1"), read("h2")]);
    }
    JsonChart {
        max_stem,
        max_s,
        dims,
        products,
    }
}

impl JsonChart {
    fn dim(&self, stem: i64, s: i64) -> usize {
        self.dims.get(&(stem, s)).copied().unwrap_or(0)
    }

    /// `h_i` of the class `(stem, s, index)`.
    fn h(&self, i: usize, stem: i64, s: i64, index: i64) -> Option<&Vec<i64>> {
        self.products[&(stem, s, index)][i].as_ref()
    }

    /// Checks the schema's promises on products; returns the number of lines to draw.
    fn check_products(&self) -> usize {
        let mut lines = 0;
        for (&(stem, s, _), ps) in &self.products {
            for (i, p) in ps.iter().enumerate() {
                let (n, s1) = (stem + (1 << i) - 1, s + 1);
                let inside = n <= self.max_stem && s1 <= self.max_s;
                assert_eq!(
                    p.is_some(),
                    inside,
                    "h{i} of a class at (stem {stem}, s {s}) should be {}",
                    if inside { "known" } else { "null" }
                );
                if let Some(p) = p {
                    assert!(
                        p.iter().all(|&k| (k as usize) < self.dim(n, s1)),
                        "h{i} at (stem {stem}, s {s}) names a missing class: {p:?}"
                    );
                    lines += p.len();
                }
            }
        }
        lines
    }
}

fn attr(node: &roxmltree::Node, name: &str) -> f64 {
    node.attribute(name)
        .unwrap_or_else(|| panic!("{name} missing on {node:?}"))
        .parse()
        .unwrap_or_else(|e| panic!("{name} on {node:?}: {e}"))
}

fn has_class(node: &roxmltree::Node, class: &str) -> bool {
    node.attribute("class")
        .is_some_and(|c| c.split_whitespace().any(|x| x == class))
}

/// Parses an SVG and checks it against the chart: one dot per class, one line per product
/// term, lines joining dots, everything inside the picture, labels apart.
fn check_svg(path: &Path, chart: &JsonChart, product_lines: usize) {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let doc = roxmltree::Document::parse(&text)
        .unwrap_or_else(|e| panic!("{} is not XML: {e}", path.display()));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let (width, height) = (attr(&root, "width"), attr(&root, "height"));

    // Dots, each identified by its tooltip "(stem N, s S) index K, t = T".
    let mut dots: HashMap<(i64, i64), (i64, i64, i64)> = HashMap::new();
    let key = |x: f64, y: f64| ((x * 10.0).round() as i64, (y * 10.0).round() as i64);
    for n in doc.descendants().filter(|n| n.has_tag_name("circle")) {
        assert!(
            has_class(&n, "class"),
            "a circle that is not a class: {n:?}"
        );
        let (x, y) = (attr(&n, "cx"), attr(&n, "cy"));
        assert!(
            (0.0..=width).contains(&x) && (0.0..=height).contains(&y),
            "a dot outside the picture"
        );
        let title = n
            .children()
            .find(|c| c.has_tag_name("title"))
            .and_then(|c| c.text())
            .expect("tooltip");
        let nums: Vec<i64> = title
            .split(|c: char| !c.is_ascii_digit() && c != '-')
            .filter_map(|w| w.parse().ok())
            .collect();
        let class = (nums[0], nums[1], nums[2]);
        assert!(
            dots.insert(key(x, y), class).is_none(),
            "two classes drawn at the same point"
        );
    }
    let classes: usize = chart.dims.values().sum();
    assert_eq!(dots.len(), classes, "one circle per class");

    // Lines: exactly the terms of the known products, each joining its two dots.
    let mut drawn: Vec<(usize, (i64, i64, i64), i64)> = Vec::new();
    for i in 0..3usize {
        for l in doc
            .descendants()
            .filter(|n| n.has_tag_name("line") && has_class(n, &format!("h{i}")))
        {
            let (x1, y1, x2, y2) = (
                attr(&l, "x1"),
                attr(&l, "y1"),
                attr(&l, "x2"),
                attr(&l, "y2"),
            );
            let (Some(&from), Some(&to)) = (dots.get(&key(x1, y1)), dots.get(&key(x2, y2))) else {
                panic!("h{i} line {x1},{y1} → {x2},{y2} does not join two dots");
            };
            assert_eq!(
                (to.0, to.1),
                (from.0 + (1 << i) - 1, from.1 + 1),
                "h{i} line from {from:?} to {to:?}"
            );
            drawn.push((i, from, to.2));
        }
    }
    let mut expected: Vec<(usize, (i64, i64, i64), i64)> = Vec::new();
    for (&class, ps) in &chart.products {
        for (i, p) in ps.iter().enumerate() {
            for &k in p.iter().flatten() {
                expected.push((i, class, k));
            }
        }
    }
    drawn.sort();
    expected.sort();
    assert_eq!(
        drawn.len(),
        product_lines,
        "one line per nonzero coefficient of a known product"
    );
    assert_eq!(drawn, expected, "the lines are the products of chart.json");

    // Tick labels: stem labels left to right with room between them; s labels apart.
    let labels = |class: &str| -> Vec<(f64, f64, String)> {
        doc.descendants()
            .filter(|n| n.has_tag_name("text") && has_class(n, "label") && has_class(n, class))
            .map(|n| {
                (
                    attr(&n, "x"),
                    attr(&n, "y"),
                    n.text().unwrap_or("").to_string(),
                )
            })
            .collect()
    };
    let stems = labels("stem");
    assert!(stems.len() >= 2, "stem labels: {stems:?}");
    let font = attr(&root, "font-size");
    for w in stems.windows(2) {
        // Half of each label's width (at most 0.66 em per character) plus a gap.
        let need = 0.66 * font * (w[0].2.len() + w[1].2.len()) as f64 / 2.0 + 2.0;
        assert!(
            w[1].0 - w[0].0 >= need,
            "stem labels {:?} and {:?} overlap",
            w[0].2,
            w[1].2
        );
    }
    let ss = labels("s");
    assert!(ss.len() >= 2, "s labels: {ss:?}");
    for w in ss.windows(2) {
        assert!(
            (w[0].1 - w[1].1).abs() >= font,
            "s labels {:?} and {:?} overlap",
            w[0].2,
            w[1].2
        );
    }
    assert!(
        text.contains("stem n = t − s") && text.contains("filtration s"),
        "axis titles"
    );
}

#[test]
fn resolve_writes_chart_json_and_svg_for_the_sphere() {
    let dir = tempfile::tempdir().unwrap();
    let (table, _) = resolve("S_2", 30, 14, dir.path(), &["--no-chart"]);
    let chart = read_chart_json(&dir.path().join("chart.json"));
    assert_eq!((chart.max_stem, chart.max_s), (30, 14));
    let csv: BTreeMap<(i64, i64), usize> = table
        .dims
        .iter()
        .map(|(&(n, s), &d)| ((n as i64, s as i64), d))
        .collect();
    assert_eq!(chart.dims, csv, "classes per bidegree = ext.csv");
    let lines = chart.check_products();
    assert!(lines > 100, "only {lines} product lines");

    // The h0 tower on stem 0, unknown above the range.
    for s in 0..14 {
        assert_eq!(chart.h(0, 0, s, 0), Some(&vec![0]), "h0 on (0, {s})");
    }
    assert_eq!(chart.h(0, 0, 14, 0), None);
    // h1^3 = h0^2 h2 ≠ 0: h1 (1,1) → h1^2 (2,2) → (3,3); h2 (3,1) → h0h2 (3,2) → (3,3).
    assert_eq!(chart.h(1, 0, 0, 0), Some(&vec![0]));
    assert_eq!(chart.h(1, 1, 1, 0), Some(&vec![0]));
    assert_eq!(chart.h(1, 2, 2, 0), Some(&vec![0]));
    assert_eq!(chart.h(0, 3, 1, 0), Some(&vec![0]));
    assert_eq!(chart.h(0, 3, 2, 0), Some(&vec![0]));
    // h0 h1 = 0 and h1 h2 = 0.
    assert_eq!(chart.h(0, 1, 1, 0), Some(&vec![]));
    assert_eq!(chart.h(2, 1, 1, 0), Some(&vec![]));
    // h4^2 at (30, 2): its h1 and h2 products leave the range, its h0 product does not.
    assert_eq!(chart.dim(30, 2), 1);
    assert_eq!((chart.h(1, 30, 2, 0), chart.h(2, 30, 2, 0)), (None, None));
    assert!(chart.h(0, 30, 2, 0).is_some());

    check_svg(&dir.path().join("chart.svg"), &chart, lines);
    // `adams chart` draws the same SVG from the JSON.
    let again = dir.path().join("again.svg");
    let o = adams_in(
        dir.path(),
        &["chart", "chart.json", "--output", again.to_str().unwrap()],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        fs::read(&again).unwrap(),
        fs::read(dir.path().join("chart.svg")).unwrap()
    );
}

/// C2 (cells 0 and 1 joined by Sq1): `h0·1 = 0` since Ext is zero at (0, 1) — the `h0` of
/// the bottom cell is killed by the top cell — and `h0 h̃1 = h1^2` from (2, 1) to (2, 2)
/// (`π_2` of the Moore spectrum is Z/4).
#[test]
fn c2_chart_has_the_moore_spectrum_h0_products() {
    let dir = tempfile::tempdir().unwrap();
    resolve("C2", 16, 8, dir.path(), &["--no-chart"]);
    let chart = read_chart_json(&dir.path().join("chart.json"));
    assert_eq!(chart.dim(0, 0), 1);
    assert_eq!(chart.dim(0, 1), 0);
    assert_eq!(chart.h(0, 0, 0, 0), Some(&vec![]));
    assert_eq!((chart.dim(2, 1), chart.dim(2, 2)), (1, 1));
    assert_eq!(chart.h(0, 2, 1, 0), Some(&vec![0]));
    let lines = chart.check_products();
    check_svg(&dir.path().join("chart.svg"), &chart, lines);
}

/// A chart.json with the sphere's dimensions through stem 120, `s ≤ 60`, and synthetic
/// products (every known one nonzero, two terms where the target allows).
fn synthetic_chart(max_stem: i64, max_s: i64) -> Value {
    let reference = read_table(&reference_ext("S_2"));
    let dims: BTreeMap<(i64, i64), usize> = reference
        .dims
        .iter()
        .filter(|(&(n, s), _)| (n as i64) <= max_stem && (s as i64) <= max_s)
        .map(|(&(n, s), &d)| ((n as i64, s as i64), d))
        .collect();
    let mut classes = Vec::new();
    for (&(stem, s), &dim) in &dims {
        for index in 0..dim {
            let product = |i: u32| -> Value {
                let (n, s1) = (stem + (1 << i) - 1, s + 1);
                if n > max_stem || s1 > max_s {
                    return Value::Null;
                }
                let d = dims.get(&(n, s1)).copied().unwrap_or(0);
                let mut ones: Vec<usize> = if d == 0 { vec![] } else { vec![index % d] };
                if d >= 2 && i == 2 {
                    ones.push((index + 1) % d);
                }
                json!(ones)
            };
            classes.push(json!({"stem": stem, "s": s, "t": stem + s, "index": index, "h0": product(0), "h1": product(1), "h2": product(2)}));
        }
    }
    json!({"format": "adams-chart", "version": 1, "module": "S_2 (reference dimensions, synthetic products)", "algorithm": "",
           "min_stem": 0, "max_stem": max_stem, "max_s": max_s, "classes": classes})
}

#[test]
fn chart_at_stem_120_parses_with_an_element_per_class_and_product() {
    let dir = tempfile::tempdir().unwrap();
    let json_path = dir.path().join("sphere120.json");
    fs::write(
        &json_path,
        serde_json::to_string(&synthetic_chart(120, 60)).unwrap(),
    )
    .unwrap();
    let o = adams_in(dir.path(), &["chart", json_path.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let chart = read_chart_json(&json_path);
    assert!(
        chart.dims.values().sum::<usize>() > 3000,
        "the reference should give thousands of classes"
    );
    assert!(
        chart.dims.values().any(|&d| d >= 5),
        "some bidegree should hold several classes"
    );
    let lines = chart.check_products();
    check_svg(&dir.path().join("sphere120.svg"), &chart, lines);
}

#[test]
fn chart_errors_are_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let o = adams_in(dir.path(), &["chart", "missing.json"]);
    assert_one_line_error(&o, 2, &["missing.json"]);

    fs::write(dir.path().join("bad.json"), "{ not json").unwrap();
    let o = adams_in(dir.path(), &["chart", "bad.json"]);
    assert_one_line_error(&o, 2, &["bad.json", "not an adams chart.json"]);

    let mut chart = synthetic_chart(6, 3);
    chart["classes"][0]["h0"] = json!([5]);
    fs::write(dir.path().join("dangling.json"), chart.to_string()).unwrap();
    let o = adams_in(dir.path(), &["chart", "dangling.json"]);
    assert_one_line_error(&o, 2, &["dangling.json", "h0", "class 5"]);

    let mut chart = synthetic_chart(6, 3);
    chart["version"] = json!(7);
    fs::write(dir.path().join("v7.json"), chart.to_string()).unwrap();
    let o = adams_in(dir.path(), &["chart", "v7.json"]);
    assert_one_line_error(&o, 2, &["v7.json", "version"]);

    let ok = synthetic_chart(6, 3).to_string();
    fs::write(dir.path().join("ok.json"), &ok).unwrap();
    let o = adams_in(dir.path(), &["chart", "ok.json", "--output", "ok.json"]);
    assert_one_line_error(&o, 2, &["ok.json", "itself"]);
    assert_eq!(
        fs::read_to_string(dir.path().join("ok.json")).unwrap(),
        ok,
        "the chart.json was overwritten"
    );
    for name in ["missing", "bad", "dangling", "v7"] {
        assert!(
            !dir.path().join(format!("{name}.svg")).exists(),
            "{name}.svg written after an error"
        );
    }
}
