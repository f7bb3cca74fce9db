//! chart.html: written beside every chart.svg (`adams resolve`, `adams d2`, `adams chart`),
//! carrying the chart.json it was drawn from whole, and loading nothing from outside the
//! file. What the page does in a browser is tested in headless Chromium by
//! `scripts/browser-test.sh` (tests/browser/chart.test.mjs).

use crate::common;

use std::fs;
use std::path::Path;

use common::*;
use serde_json::Value;

/// The JSON of the page's `<script type="application/json" id="ID">` element.
fn embedded(page: &str, id: &str) -> Value {
    let open = format!("<script type=\"application/json\" id=\"{id}\">");
    let start = page
        .find(&open)
        .unwrap_or_else(|| panic!("no {id} in the page"))
        + open.len();
    let end = start
        + page[start..]
            .find("</script>")
            .expect("the element is closed");
    serde_json::from_str(&page[start..end]).unwrap_or_else(|e| panic!("{id}: {e}"))
}

/// Reads `dir/chart.html`, checks it is self-contained and carries `dir/chart.json`;
/// returns its meta.
fn check_page(dir: &Path, page: &str, json: &str) -> Value {
    let html = fs::read_to_string(dir.join(page)).expect("chart.html written");
    assert!(html.starts_with("<!DOCTYPE html>"));
    for outside in ["http:", "https:", "<link", " src=", "@import", "url("] {
        assert!(!html.contains(outside), "{page} names {outside}");
    }
    let chart: Value = serde_json::from_str(&fs::read_to_string(dir.join(json)).unwrap()).unwrap();
    assert_eq!(
        embedded(&html, "chart-data"),
        chart,
        "{page} carries {json}"
    );
    embedded(&html, "chart-meta")
}

fn keys(meta: &Value) -> Vec<String> {
    meta["families"]
        .as_array()
        .expect("families")
        .iter()
        .map(|f| f["key"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn resolve_writes_the_page_beside_the_svg() {
    let tmp = tempfile::tempdir().unwrap();
    resolve("S_2", 20, 10, tmp.path(), &[]);
    let meta = check_page(tmp.path(), "chart.html", "chart.json");
    assert_eq!(keys(&meta), ["h0", "h1", "h2", "h3", "h4"]);
    assert_eq!(meta["d2"], false);
}

#[test]
fn an_odd_prime_chart_has_its_own_families() {
    let tmp = tempfile::tempdir().unwrap();
    resolve("S_3", 12, 4, tmp.path(), &[]);
    let meta = check_page(tmp.path(), "chart.html", "chart.json");
    assert_eq!(keys(&meta), ["a0", "h0"]);
    // h0 (the class of P^1) lands 2p − 3 = 3 stems right at p = 3.
    assert_eq!(meta["families"][1]["shift"], serde_json::json!([3, 1]));
}

#[test]
fn the_d2_chart_offers_e3() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("d2");
    ok(adams_in(
        tmp.path(),
        &[
            "d2",
            "--max-stem",
            "16",
            "--max-s",
            "6",
            "--quiet",
            "--output",
            out.to_str().unwrap(),
        ],
    ));
    let meta = check_page(&out, "chart.html", "chart.json");
    assert_eq!(meta["d2"], true);
    assert_eq!(keys(&meta).last().map(String::as_str), Some("d2"));
}

#[test]
fn adams_chart_writes_the_page_and_never_over_its_input() {
    let tmp = tempfile::tempdir().unwrap();
    resolve("S_2", 12, 6, tmp.path(), &[]);
    ok(adams_in(
        tmp.path(),
        &["chart", "chart.json", "--output", "again.svg"],
    ));
    check_page(tmp.path(), "again.html", "chart.json");
    assert_eq!(
        fs::read(tmp.path().join("again.html")).unwrap(),
        fs::read(tmp.path().join("chart.html")).unwrap(),
        "the same page as adams resolve's"
    );
    // A chart.json named x.html would be overwritten by the page of x.svg: refused.
    fs::copy(tmp.path().join("chart.json"), tmp.path().join("x.html")).unwrap();
    let o = adams_in(tmp.path(), &["chart", "x.html", "--output", "x.svg"]);
    assert_one_line_error(&o, 2, &["x.html", "is the chart.json itself"]);
    assert!(!tmp.path().join("x.svg").exists());
    // However the output is spelled, the input is never written over.
    let before = fs::read(tmp.path().join("chart.json")).unwrap();
    let absolute = tmp.path().join("chart.json");
    for spelling in ["./chart.json", absolute.to_str().unwrap()] {
        let o = adams_in(tmp.path(), &["chart", "chart.json", "--output", spelling]);
        assert_one_line_error(&o, 2, &["is the chart.json itself"]);
    }
    assert_eq!(fs::read(tmp.path().join("chart.json")).unwrap(), before);
    // An SVG named .html would be overwritten by its own page: refused.
    let o = adams_in(tmp.path(), &["chart", "chart.json", "--output", "y.html"]);
    assert_one_line_error(&o, 2, &["y.html", "the page written beside the SVG"]);
    assert!(!tmp.path().join("y.html").exists());
}

#[test]
fn a_control_character_in_a_chart_string_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    resolve("S_2", 6, 3, tmp.path(), &[]);
    let text = fs::read_to_string(tmp.path().join("chart.json")).unwrap();
    let bad = text.replacen("\"module\": \"S_2\"", "\"module\": \"S\\u0001_2\"", 1);
    assert_ne!(bad, text, "the chart names its module");
    fs::write(tmp.path().join("bad.json"), bad).unwrap();
    let o = adams_in(tmp.path(), &["chart", "bad.json"]);
    assert_one_line_error(&o, 2, &["\"module\" holds a control character (U+0001)"]);
}
