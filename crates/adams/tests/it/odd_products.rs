//! `adams products` and `adams massey` at odd primes (chain maps over F_p).
//!
//! (The products by `a0`, `h0` against the read-off of `adams resolve`'s chart.json and
//! `⟨h0, h0, h0⟩ = ±b0` are in `products_primes.rs`, one body at p = 2 and p = 3.)
//!
//! - The range form `⟨h0, h0, −⟩`: massey.json holds `±b0` at `x = h0` (Kraines,
//!   "Massey higher products", Trans. AMS 124 (1966); Ravenel, "Complex Cobordism", 2nd
//!   ed., §A1.4–A1.5: the p-fold Massey product of `h_{1,0}` is `−b_{1,0}`; `Ext^{1,8} = 0`
//!   at p = 3, Liulevicius, Mem. AMS 42 (1962)).
//! - `--save-dir`: the resolution resumed and the lifts kept, the products those of a run
//!   without it.
//! - Bad input: an undefined Massey product, a p = 2 name at p = 3: one line, exit 2.

use crate::common;

use std::fs;
use std::path::Path;

use crate::products_primes::{from_chart, from_products, json};
use common::*;
use serde_json::Value;

fn run_ok(dir: &Path, args: &[&str]) -> String {
    stdout(&ok(adams_in(dir, args)))
}

/// The range form `adams massey S_3 h0 h0 -`: massey.json holds `⟨h0, h0, h0⟩ = ±b0`
/// at `x = h0` (stem 3, s 1), indeterminacy 0 (the references above); over C3 the form
/// runs too.
#[test]
fn massey_range_form_holds_b0_at_h0() {
    let dir = tempfile::tempdir().unwrap();
    let range = ["--max-stem", "20", "--max-s", "4"];
    let mut args = vec!["massey", "S_3", "h0", "h0", "-", "--output", "m"];
    args.extend(range);
    let o = ok(adams_in(dir.path(), &args));
    assert!(stderr(&o).contains("<h0, h0, x> for"), "{}", stderr(&o));
    let text = fs::read_to_string(dir.path().join("m/massey.json")).unwrap();
    let entries: Value = serde_json::from_str(&text).unwrap();
    let at_h0 = entries
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["stem"] == 3 && e["s"] == 1 && e["index"] == 0)
        .unwrap_or_else(|| panic!("no x = h0 in {text}"));
    assert_eq!(
        (&at_h0["value_stem"], &at_h0["value_s"]),
        (&10.into(), &2.into())
    );
    let value = at_h0["value"].to_string();
    assert!(value == "[[0,1]]" || value == "[[0,2]]", "{value}");
    assert_eq!(at_h0["indeterminacy"].to_string(), "[]");
    // Over another module the same form runs (its values: massey_modules.rs).
    let mut args = vec!["massey", "C3", "h0", "h0", "-", "--output", "c"];
    args.extend(range);
    let o = ok(adams_in(dir.path(), &args));
    assert!(stderr(&o).contains("<h0, h0, x> for"), "{}", stderr(&o));
    assert!(dir.path().join("c/massey.json").is_file());
}

/// `adams products S_3 --save-dir`: a second, larger run resumes the saved resolution and
/// gives the products of a run without one; a third reads the lifts back, a fourth
/// recomputes a damaged one (the same products each time); a save directory of another
/// module is refused.
#[test]
fn products_save_dir_resumes_the_resolution_at_p3() {
    let dir = tempfile::tempdir().unwrap();
    let run = |range: [&str; 4], out: &str, save: bool| {
        let mut args = vec![
            "products", "S_3", "--by", "h0", "--by", "a0", "--output", out,
        ];
        args.extend(range);
        if save {
            args.extend(["--save-dir", "save"]);
        }
        ok(adams_in(dir.path(), &args))
    };
    run(["--max-stem", "16", "--max-s", "3"], "a", true);
    let o = run(["--max-stem", "30", "--max-s", "5"], "b", true);
    let (loaded, bidegrees) = loaded(&o);
    assert!(loaded > 0 && loaded < bidegrees, "{loaded} of {bidegrees}");
    run(["--max-stem", "30", "--max-s", "5"], "c", false);
    // The lifts of h0 and a0 are kept in save/lifts; read back, or recomputed when damaged.
    let lifts: Vec<_> = fs::read_dir(dir.path().join("save/lifts"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(lifts.len(), 2, "{lifts:?}");
    let o = run(["--max-stem", "30", "--max-s", "5"], "e", true);
    assert!(!stderr(&o).contains("warning"), "{}", stderr(&o));
    flip_last_byte(&lifts[0]);
    let o = run(["--max-stem", "30", "--max-s", "5"], "f", true);
    assert!(stderr(&o).contains("is damaged"), "{}", stderr(&o));
    let products = |out: &str| {
        let text = fs::read_to_string(dir.path().join(out).join("products.json")).unwrap();
        let mut v: Value = serde_json::from_str(&text).unwrap();
        for key in ["resolution_seconds", "resolution_cpu_seconds"] {
            v[key] = Value::Null;
        }
        for by in v["by"].as_array_mut().unwrap() {
            by["seconds"] = Value::Null;
            by["cpu_seconds"] = Value::Null;
        }
        v
    };
    for out in ["b", "e", "f"] {
        assert_eq!(products(out), products("c"), "{out}");
    }
    let args = [
        "products",
        "C3",
        "--by",
        "h0",
        "--save-dir",
        "save",
        "--output",
        "d",
    ];
    assert_one_line_error(
        &adams_in(dir.path(), &args),
        2,
        &["save directory", "module-hash"],
    );
}

#[test]
fn bad_classes_and_undefined_products_are_one_line_errors() {
    let dir = tempfile::tempdir().unwrap();
    let range = ["--max-stem", "12", "--max-s", "4"];
    let mut args = vec!["massey", "S_3", "a0", "a0", "a0"];
    args.extend(range);
    assert_one_line_error(&adams_in(dir.path(), &args), 2, &["b·c is not zero"]);
    let mut args = vec!["products", "S_3", "--by", "c0", "--output", "x"];
    args.extend(range);
    assert_one_line_error(&adams_in(dir.path(), &args), 2, &["c0", "p = 3"]);
    let mut args = vec!["products", "S_2", "--by", "a0", "--output", "y"];
    args.extend(range);
    assert_one_line_error(&adams_in(dir.path(), &args), 2, &["a0", "odd primes"]);
    // h0 is the one class at (3, 1): index 2 is no class (the range holds it).
    let mut args = vec!["massey", "S_3", "(3,1,2)", "h0", "-", "--output", "z"];
    args.extend(range);
    let no_class = "no class of index 2 at (s = 1, t = 4, stem 3): Ext has dimension 1";
    assert_one_line_error(&adams_in(dir.path(), &args), 2, &[no_class]);
    // A and B in s = 0: a·b = 1 is not zero (not a range error).
    let mut args = vec!["massey", "S_3", "(0,0,0)", "(0,0,0)", "(3,1,0)"];
    args.extend(range);
    assert_one_line_error(&adams_in(dir.path(), &args), 2, &["a·b is not zero"]);
    // A = 1 (then B = 0, h0^2 = 0 at odd p): <1, h0^2, a0> holds 0 and its indeterminacy
    // 1·Ext is the whole group at (7, 2), dimension 1 (tests/data/ext/S_3.csv).
    let mut args = vec!["massey", "S_3", "(0,0,0)", "h0^2", "a0"];
    args.extend(range);
    let out = adams_in(dir.path(), &args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with(
            "<(0,0,0), h0^2, a0> = 0 at (stem 7, s 2); indeterminacy spanned by (7,2,0)"
        ),
        "{}",
        stdout(&out)
    );
}

/// `chart.json` carries the products by a `--by` basis class under its `(stem,s,index)`
/// key, equal to products.json's, and `adams chart` reads it back and draws the same SVG.
#[test]
fn chart_carries_the_by_class_and_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    run_ok(
        dir.path(),
        &[
            "products",
            "S_3",
            "--by",
            "h1",
            "--max-stem",
            "30",
            "--max-s",
            "6",
            "--output",
            "prod",
            "-q",
        ],
    );
    let chart = json(&dir.path().join("prod/chart.json"));
    let products = json(&dir.path().join("prod/products.json"));
    let charted = from_chart(&chart, "(11,1,0)");
    let lifted = from_products(&products, "h1");
    assert!(!charted.is_empty());
    for (at, v) in &lifted {
        assert_eq!(charted.get(at), Some(v), "h1 · {at:?}");
    }
    run_ok(
        dir.path(),
        &["chart", "prod/chart.json", "--output", "again.svg"],
    );
    assert_eq!(
        fs::read(dir.path().join("again.svg")).unwrap(),
        fs::read(dir.path().join("prod/chart.svg")).unwrap()
    );
}
