//! chart.svg in the field's conventions, read back from the SVG as a reader's program would:
//!
//! - Labels: every `<text class="name">`'s box is computed from the SVG alone (its `x`,
//!   `y`, `font-size`, each `<tspan>`'s `dy` and `font-size`; a character at most 1.02 em
//!   wide for `m`, `M`, `W`, 0.85 em for `w` and the other capitals, 0.7 em else, a line
//!   0.95 em above and 0.25 em below its baseline, 0.15 em left of its start: bounds of
//!   DejaVu Sans and Liberation Sans, checked against Chromium's `getBBox`), each dot's
//!   from its `<circle>`: no two labels meet, no label meets a dot, every label lies
//!   inside the picture, and no text holds a caret (scripts are
//!   typeset). The sphere through stem 40 with the default labels (every named class
//!   labelled, none left out) and, denser, through stem 60 with `--labels all`.
//! - Lines: by default only `h0`, `h1`, `h2` (chart.json carries `h3`, `h4`, `h5` too);
//!   `--lines h0,h1,h2,h3` adds `h3`, one line per term of its products in chart.json.
//! - Exports: `--format tikz` is a standalone LaTeX document (balanced braces, matched
//!   `\begin`/`\end`, one `\fill` per class, one `\draw` per line of the SVG);
//!   `--format seqsee` validates against SeqSee's schema (`crates/chart/tests/data`) with
//!   a node per class and an edge per line.

use crate::common;

use std::fs;
use std::path::Path;

use common::*;
use serde_json::Value;

/// A box: left, top, right, bottom.
type Rect = [f64; 4];

fn meets(a: &Rect, b: &Rect) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

fn num(n: &roxmltree::Node, name: &str) -> Option<f64> {
    n.attribute(name).map(|v| v.parse().unwrap())
}

/// The box of a `<text>` from its attributes and its children's.
fn text_box(t: &roxmltree::Node) -> Rect {
    let font = num(t, "font-size").expect("a name has its font size");
    let (mut x, mut y) = (num(t, "x").unwrap(), num(t, "y").unwrap());
    // A glyph may reach 0.15 em left of the start (`j`).
    let mut r = [x - 0.15 * font, f64::MAX, x, f64::MIN];
    for child in t.children() {
        let (text, size) = if child.is_text() {
            (child.text().unwrap_or(""), font)
        } else {
            assert!(child.has_tag_name("tspan"), "{child:?}");
            y += num(&child, "dy").unwrap_or(0.0);
            (
                child.text().unwrap_or(""),
                num(&child, "font-size").unwrap_or(font),
            )
        };
        let em = |c: char| match c {
            'm' | 'M' | 'W' => 1.02,
            c if c == 'w' || c.is_uppercase() => 0.85,
            _ => 0.7,
        };
        let w = text.chars().map(em).sum::<f64>() * size;
        r[1] = r[1].min(y - 0.95 * size);
        r[3] = r[3].max(y + 0.25 * size);
        x += w;
        r[2] = x;
    }
    r
}

/// The labels' boxes and texts, and the dots' boxes, of an SVG; checks no caret anywhere.
fn boxes(svg: &str) -> (Vec<(Rect, String)>, Vec<Rect>) {
    let doc = roxmltree::Document::parse(svg).unwrap();
    let mut labels = Vec::new();
    for t in doc.descendants().filter(|n| n.has_tag_name("text")) {
        let all: String = t.descendants().filter_map(|n| n.text()).collect();
        assert!(!all.contains('^'), "a caret in {all:?}");
        if t.attribute("class") == Some("name") {
            labels.push((text_box(&t), all));
        }
    }
    let dots = doc
        .descendants()
        .filter(|n| n.has_tag_name("circle"))
        .map(|c| {
            let (x, y, r) = (
                num(&c, "cx").unwrap(),
                num(&c, "cy").unwrap(),
                num(&c, "r").unwrap(),
            );
            [x - r, y - r, x + r, y + r]
        })
        .collect();
    (labels, dots)
}

/// No two labels meet, no label meets a dot; returns the number of labels.
fn check_labels(svg: &str) -> usize {
    let (labels, dots) = boxes(svg);
    let doc = roxmltree::Document::parse(svg).unwrap();
    let root = doc.root_element();
    let (w, h) = (num(&root, "width").unwrap(), num(&root, "height").unwrap());
    for (i, (a, ta)) in labels.iter().enumerate() {
        assert!(
            a[0] >= 0.0 && a[1] >= 0.0 && a[2] <= w && a[3] <= h,
            "{ta:?} {a:?} outside"
        );
        for (b, tb) in &labels[i + 1..] {
            assert!(!meets(a, b), "labels {ta:?} {a:?} and {tb:?} {b:?} overlap");
        }
        for d in &dots {
            assert!(!meets(a, d), "label {ta:?} {a:?} covers the dot {d:?}");
        }
    }
    labels.len()
}

fn chart_json(dir: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(dir.join("chart.json")).unwrap()).unwrap()
}

/// The names chart.json gives of one factor (the default labels).
fn one_factor_names(chart: &Value) -> usize {
    chart["classes"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["name"].as_str())
        .filter(|n| {
            !n.contains(' ')
                && !n
                    .rsplit_once('^')
                    .is_some_and(|(_, k)| k.chars().all(|c| c.is_ascii_digit()))
        })
        .count()
}

/// The line elements of class `key`.
fn lines(svg: &str, key: &str) -> usize {
    svg.matches(&format!(r#"<line class="{key}" "#)).count()
}

/// Terms of the known products by `key` in chart.json.
fn terms(chart: &Value, key: &str) -> usize {
    chart["classes"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c[key].as_array())
        .map(Vec::len)
        .sum()
}

/// The sphere resolved through the range with `flags`: its folder, chart.svg, chart.json.
fn sphere(max_stem: i32, max_s: u32, flags: &[&str]) -> (tempfile::TempDir, String, Value) {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    resolve(
        "S_2",
        max_stem,
        max_s,
        dir,
        &[&["--no-chart"], flags].concat(),
    );
    let svg = fs::read_to_string(dir.join("chart.svg")).unwrap();
    let chart = chart_json(dir);
    (tmp, svg, chart)
}

#[test]
fn the_sphere_s_chart_through_stem_40_labels_every_named_class_without_overlaps() {
    let (tmp, svg, chart) = sphere(40, 20, &["--format", "tikz,seqsee"]);
    let dir = tmp.path();
    let placed = check_labels(&svg);
    let named = one_factor_names(&chart);
    assert!(named >= 45, "{named} named classes");
    assert_eq!(placed, named, "every named class is labelled");
    assert!(!svg.contains("left out for room"));
    // h0, h1, h2 only, one line per term; h3, h4, h5 are in chart.json but not drawn.
    for key in ["h0", "h1", "h2"] {
        assert_eq!(lines(&svg, key), terms(&chart, key), "{key}");
    }
    for key in ["h3", "h4", "h5"] {
        assert!(terms(&chart, key) > 0, "chart.json carries {key}");
        assert_eq!(lines(&svg, key), 0, "{key} is not drawn by default");
    }
    check_tikz(&fs::read_to_string(dir.join("chart.tex")).unwrap(), &svg);
    check_seqsee(
        &fs::read_to_string(dir.join("chart.seqsee.json")).unwrap(),
        &svg,
    );
}

/// `--labels none` writes no name into the exports either; `--lines` keys are matched
/// however they are spelled, a class by its index keeps its commas, `none` draws no line,
/// and a key the chart does not carry is said on stderr (it would draw nothing).
#[test]
fn labels_and_lines_reach_every_export_and_missing_keys_are_said() {
    let (tmp, svg, _) = sphere(20, 10, &["--format", "seqsee", "--labels", "none"]);
    let dir = tmp.path();
    assert_eq!(check_labels(&svg), 0);
    let doc: Value =
        serde_json::from_str(&fs::read_to_string(dir.join("chart.seqsee.json")).unwrap()).unwrap();
    let labelled = doc["nodes"]
        .as_object()
        .unwrap()
        .values()
        .filter(|n| n.get("label").is_some())
        .count();
    assert_eq!(labelled, 0, "--labels none: no label in SeqSee");
    let redraw = |lines: &str| {
        let out = dir.join("again.svg");
        let o = adams_in(
            dir,
            &[
                "chart",
                "chart.json",
                "--lines",
                lines,
                "--output",
                out.to_str().unwrap(),
            ],
        );
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        (fs::read_to_string(out).unwrap(), stderr(&o))
    };
    // H0 is h0: the same drawing as h0, nothing said.
    let (h0, err) = redraw("h0");
    assert!(err.is_empty(), "{err}");
    assert_eq!(redraw("H0"), (h0.clone(), String::new()));
    assert!(lines(&h0, "h0") > 0 && lines(&h0, "h1") == 0);
    let (none, err) = redraw("none");
    assert!(err.is_empty(), "{err}");
    for key in ["h0", "h1", "h2"] {
        assert_eq!(lines(&none, key), 0, "--lines none draws no {key}");
    }
    // Keys the resolve chart does not carry: a product by (8,3,0) (adams products writes
    // it), d2 (adams d2 writes it); each said once, naming what the chart has.
    let (_, err) = redraw("h1,(8,3,0),d2");
    for key in ["(8,3,0)", "d2"] {
        assert!(
            err.contains(&format!(
                "warning: --lines {key}: the chart has no {key} family (its families: h0, h1, h2, h3"
            )),
            "{err}"
        );
    }
    assert_eq!(err.lines().count(), 2, "{err}");
}

#[test]
fn lines_adds_families_and_all_labels_stay_apart_through_stem_60() {
    let (tmp, svg, chart) = sphere(60, 30, &["--labels", "all", "--lines", "h0,h1,h2,h3"]);
    let dir = tmp.path();
    let placed = check_labels(&svg);
    let names = chart["classes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["name"].is_string())
        .count();
    let left_out = names - placed;
    assert!(placed * 10 >= names * 8, "{placed} of {names} names placed");
    if left_out > 0 {
        assert!(svg.contains(&format!("; {left_out} labels left out for room")));
    }
    for key in ["h0", "h1", "h2", "h3"] {
        assert_eq!(lines(&svg, key), terms(&chart, key), "{key}");
    }
    assert_eq!(lines(&svg, "h4"), 0);
    // The same chart redrawn by `adams chart` with the same flags is the same SVG.
    let again = dir.join("again.svg");
    let o = adams_in(
        dir,
        &[
            "chart",
            "chart.json",
            "--labels",
            "all",
            "--lines",
            "h0,h1,h2,h3",
            "--output",
            again.to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(fs::read_to_string(&again).unwrap(), svg);
    // A key that is no product is refused.
    let o = adams_in(dir, &["chart", "chart.json", "--lines", "h0,nope"]);
    assert_one_line_error(&o, 2, &["--lines", "\"nope\" is not a product key"]);
}

/// A standalone TikZ document: balanced braces, matched environments, one `\fill` per
/// dot of the SVG and one `\draw` per product line of it (besides grid and axes).
fn check_tikz(tex: &str, svg: &str) {
    assert!(
        tex.contains("\\documentclass[border=4pt]{standalone}")
            && tex.contains("\\usepackage{tikz}")
    );
    let mut depth = 0i64;
    let mut prev = ' ';
    for c in tex.chars() {
        if prev != '\\' {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                _ => {}
            }
            assert!(depth >= 0, "a closing brace without its opening one");
        }
        prev = if prev == '\\' && c == '\\' { ' ' } else { c };
    }
    assert_eq!(depth, 0, "unbalanced braces");
    let mut stack: Vec<String> = Vec::new();
    for (k, _) in tex.match_indices('\\') {
        let rest = &tex[k..];
        for (tag, open) in [("\\begin{", true), ("\\end{", false)] {
            if let Some(r) = rest.strip_prefix(tag) {
                let env = r.split('}').next().unwrap().to_string();
                if open {
                    stack.push(env);
                } else {
                    assert_eq!(stack.pop().as_deref(), Some(env.as_str()), "\\end{{{env}}}");
                }
            }
        }
    }
    assert!(stack.is_empty(), "unclosed {stack:?}");
    let dots = svg.matches("<circle class=\"class\"").count();
    assert_eq!(
        tex.matches("\\fill (").count(),
        dots,
        "one \\fill per class"
    );
    let svg_lines = ["h0", "h1", "h2"]
        .iter()
        .map(|k| lines(svg, k))
        .sum::<usize>();
    let grid = tex
        .split("\\begin{scope}[draw=black!8")
        .nth(1)
        .unwrap()
        .split("\\end{scope}")
        .next()
        .unwrap()
        .matches("\\draw")
        .count();
    // Grid lines, the two axes, the product lines, a sample line per family in the legend
    // (as the SVG's legend), whose names are typeset in math.
    let legend = svg.matches("<line class=\"legend\"").count();
    assert_eq!(legend, 3, "h0, h1, h2 in the legend");
    assert_eq!(tex.matches("\\draw").count(), grid + 2 + svg_lines + legend);
    for key in ["h_{0}", "h_{1}", "h_{2}"] {
        assert!(
            tex.contains(&format!("{{${key}$}};")),
            "{key} in the legend"
        );
    }
}

/// SeqSee's JSON: valid against its schema, a node per class, an edge per line.
fn check_seqsee(text: &str, svg: &str) {
    let schema: Value = serde_json::from_str(
        &fs::read_to_string(
            repository_root().join("crates/chart/tests/data/seqsee-input_schema.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let doc: Value = serde_json::from_str(text).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    let dots = svg.matches("<circle class=\"class\"").count();
    assert_eq!(doc["nodes"].as_object().unwrap().len(), dots);
    let svg_lines = ["h0", "h1", "h2"]
        .iter()
        .map(|k| lines(svg, k))
        .sum::<usize>();
    assert_eq!(doc["edges"].as_array().unwrap().len(), svg_lines);
    assert_eq!(doc["nodes"]["(8,3,0)"]["label"], "$c_{0}$");
}
