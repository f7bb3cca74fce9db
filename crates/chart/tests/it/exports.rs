//! The exports of a chart, from a chart built here (classes, products by `h0`, `h1`, `h2`,
//! `h3`, `d2`, names): SeqSee's JSON validates against SeqSee's own schema
//! (`tests/data/seqsee-input_schema.json`, provenance in `tests/data/README.md`), with a
//! node per class and an edge per product term drawn; the TikZ document has a `\fill` per
//! class and matched environments; the E3 page removes what `d2` kills.

use std::path::Path;

use chart::chart_json::{Chart, Class, Product};
use chart::svg::{Lines, Options};
use serde_json::Value;

/// The sphere's bottom corner through stem 15 as far as these tests need it: `1`, `h0`,
/// `h0^2`, `h1`, `h1^2`, `h2`, `h0 h2`, `h3` (7, 1), `h4` (15, 1), `h0 h3^2` (14, 3), with
/// `d2(h4) = h0 h3^2` (Adams 1960) and the products between them.
fn small_chart() -> Chart {
    let mut c = Chart::new("S_2", "test", 2, 0, 15, 3);
    let class = |stem, s, name: &str, h0: Option<Vec<usize>>, h1, h2| {
        let mut x = Class::new(stem, s, 0);
        x.name = Some(name.to_string());
        x.h0 = Product::from_indices(h0);
        x.h1 = Product::from_indices(h1);
        x.h2 = Product::from_indices(h2);
        x.more
            .insert("d2".into(), Product::from_indices(Some(vec![])));
        x
    };
    let mut classes = vec![
        class(0, 0, "1", Some(vec![0]), Some(vec![0]), Some(vec![0])),
        class(0, 1, "h0", Some(vec![0]), Some(vec![]), Some(vec![0])),
        class(0, 2, "h0^2", Some(vec![0]), Some(vec![]), Some(vec![])),
        class(0, 3, "h0^3", None, None, None),
        class(1, 1, "h1", Some(vec![]), Some(vec![0]), Some(vec![])),
        class(2, 2, "h1^2", Some(vec![]), None, None),
        class(3, 1, "h2", Some(vec![0]), Some(vec![]), Some(vec![])),
        class(3, 2, "h0 h2", Some(vec![]), None, None),
        class(6, 2, "h2^2", Some(vec![]), None, None),
        class(7, 1, "h3", Some(vec![0]), Some(vec![]), Some(vec![])),
        class(7, 2, "h0 h3", Some(vec![]), None, None),
        class(14, 2, "h3^2", Some(vec![0]), Some(vec![]), None),
        class(14, 3, "h0 h3^2", None, None, None),
        class(15, 1, "h4", Some(vec![]), None, None),
    ];
    for x in &mut classes {
        if x.stem == 0 || x.s >= 2 {
            x.more.insert("d2".into(), Product::Unknown);
        }
    }
    classes[13]
        .more
        .insert("d2".into(), Product::from_indices(Some(vec![0])));
    classes[9]
        .more
        .insert("h3".into(), Product::from_indices(Some(vec![0])));
    c.set_classes(classes);
    c
}

#[test]
fn seqsee_export_validates_against_seqsee_s_schema() {
    let chart = small_chart();
    assert_eq!(chart.check(), Ok(()));
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let schema: Value = serde_json::from_str(
        &std::fs::read_to_string(root.join("tests/data/seqsee-input_schema.json")).unwrap(),
    )
    .unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    for lines in [Lines::Default, Lines::All] {
        // Every name as a label with `--labels all`; a product's name is no label by
        // default (indecomposables only, as in the SVG).
        let default = Options {
            lines: lines.clone(),
            ..Options::default()
        };
        let doc: Value =
            serde_json::from_str(&chart::seqsee::render(&chart, &default).unwrap()).unwrap();
        assert_eq!(doc["nodes"]["(14,3,0)"].get("label"), None);
        let options = Options {
            lines,
            labels: chart::svg::Labels::All,
            ..Options::default()
        };
        let doc: Value =
            serde_json::from_str(&chart::seqsee::render(&chart, &options).unwrap()).unwrap();
        let errors: Vec<String> = validator.iter_errors(&doc).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(doc["nodes"].as_object().unwrap().len(), chart.classes.len());
        assert_eq!(doc["nodes"]["(14,3,0)"]["label"], "$h_{0} h_{3}^{2}$");
        let edges = doc["edges"].as_array().unwrap();
        let d2: Vec<&Value> = edges
            .iter()
            .filter(|e| e["attributes"][0] == "d2")
            .collect();
        assert_eq!(d2.len(), 1);
        assert_eq!(
            (d2[0]["source"].as_str(), d2[0]["target"].as_str()),
            (Some("(15,1,0)"), Some("(14,3,0)"))
        );
        let h3 = edges.iter().filter(|e| e["attributes"][0] == "h3").count();
        assert_eq!(
            h3,
            usize::from(options.lines == Lines::All),
            "h3 only when asked"
        );
        assert_eq!(
            doc["header"]["aliases"]["attributes"]["d2"][0]["arrowTip"],
            "simple"
        );
        assert_eq!(
            doc["header"]["aliases"]["attributes"]["h2"][0]["pattern"],
            "dashed"
        );
    }
    // A node without x is refused by the schema: the validation can fail.
    let bad: Value = serde_json::json!({"nodes": {"a": {"y": 0}}});
    assert!(!validator.is_valid(&bad));
}

#[test]
fn tikz_export_has_a_fill_per_class_and_matched_environments() {
    let chart = small_chart();
    let tex = chart::tikz::render(&chart, &Options::default()).unwrap();
    assert_eq!(tex.matches("\\fill (").count(), chart.classes.len());
    assert_eq!(
        tex.matches("\\begin{").count(),
        tex.matches("\\end{").count()
    );
    assert!(tex.ends_with("\\end{tikzpicture}\n\\end{document}\n"));
    assert!(
        tex.contains("% d2\n\\begin{scope}[draw=line3,line width=0.83pt,->]"),
        "{tex}"
    );
    assert!(tex.contains("{$h_{3}$}"));
    assert!(!tex.contains('\u{2264}'), "pdflatex reads ASCII");
}

#[test]
fn e3_removes_what_d2_kills_and_keeps_the_products_of_the_survivors() {
    let chart = small_chart();
    // With s ≤ 3 the page needs d2 out of s = 2, 3, unknown in this chart.
    assert!(chart::pages::e3(&chart, 14, 3).is_err());
    let page = chart::pages::e3(&chart, 14, 1).unwrap();
    assert_eq!(
        page.classes.len(),
        5,
        "1, h0, h1, h2, h3 (h4 lies past stem 14)"
    );
    // Every d2 known: zero but d2(h4) = h0 h3^2.
    let mut c = chart.clone();
    for x in &mut c.classes {
        let d2 = if (x.stem, x.s) == (15, 1) {
            vec![0]
        } else {
            vec![]
        };
        x.more.insert("d2".into(), Product::from_indices(Some(d2)));
    }
    let page = chart::pages::e3(&c, 14, 3).unwrap();
    let find = |chart: &Chart, name: &str| {
        chart
            .classes
            .iter()
            .find(|x| x.name.as_deref() == Some(name))
            .cloned()
    };
    assert!(find(&page, "h0 h3^2").is_none(), "h0 h3^2 is hit by d2(h4)");
    assert_eq!(
        page.classes.len(),
        c.classes.len() - 2,
        "h4 past the page, h0 h3^2 hit"
    );
    let h3h3 = find(&page, "h3^2").unwrap();
    assert_eq!(
        find(&c, "h3^2").unwrap().h0,
        Product::from_indices(Some(vec![0]))
    );
    assert_eq!(
        h3h3.h0,
        Product::from_indices(Some(vec![])),
        "h0 h3^2 = 0 on E3"
    );
    let h0 = find(&page, "h0").unwrap();
    assert_eq!(
        h0.h0,
        Product::from_indices(Some(vec![0])),
        "the h0 tower survives"
    );
    assert!(!page.classes.iter().any(|x| x.more.contains_key("d2")));
    assert_eq!(
        find(&page, "h3").unwrap().more["h3"],
        Product::from_indices(Some(vec![0]))
    );
}
