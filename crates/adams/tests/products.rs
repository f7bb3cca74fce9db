//! `adams products` and `adams massey` from the command line, and the `h_i` (`i ≥ 3`) keys
//! of `adams resolve`'s chart.json.
//!
//! - The products by `h1`, `h2` that `adams products` computes from chain maps equal the
//!   ones `adams resolve` reads off the differentials (its chart.json `h1`, `h2`: an
//!   independent algorithm, `resolution::products`), on the sphere and on C2.
//! - `h3` in `adams resolve`'s chart.json equals `adams products --by h3`.
//! - `⟨h1, h0, h2^2⟩ = c0`, the one class at `(8, 3)`, with zero indeterminacy (D. C.
//!   Isaksen, "Stable stems", Mem. AMS 262 (2019), Table 4); `⟨h3, h0^4, −⟩` gives `Ph1`
//!   at `(9, 5)` on `h1` (ibid.).
//! - Bad input: an undefined Massey product, a class outside the range, a malformed
//!   class: one line, exit 2.

mod common;

use std::fs;
use std::path::Path;

use common::*;
use serde_json::Value;

fn json(path: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
}

/// `(stem, s, index) → product` under `key` in a chart.json (`None`: null or absent).
fn chart_products(chart: &Value, key: &str) -> Vec<((i64, i64, i64), Option<Value>)> {
    chart["classes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let at = (
                c["stem"].as_i64().unwrap(),
                c["s"].as_i64().unwrap(),
                c["index"].as_i64().unwrap(),
            );
            (at, c.get(key).filter(|v| !v.is_null()).cloned())
        })
        .collect()
}

fn run_ok(dir: &Path, args: &[&str]) -> String {
    let out = adams_in(dir, args);
    assert!(
        out.status.success(),
        "adams {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn products_from_chain_maps_agree_with_the_read_off() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    for module in ["S_2", "C2"] {
        let range = ["--max-stem", "20", "--max-s", "8"];
        let mut args = vec!["resolve", module, "--output", "r", "-q", "--no-chart"];
        args.extend(range);
        run_ok(dir, &args);
        let mut args = vec![
            "products", module, "--by", "h1", "--by", "h2", "--by", "h3", "--output", "p", "-q",
        ];
        args.extend(range);
        run_ok(dir, &args);
        let resolved = json(&dir.join("r/chart.json"));
        let products = json(&dir.join("p/chart.json"));
        let mut compared = 0;
        for key in ["h1", "h2", "h3"] {
            let a = chart_products(&resolved, key);
            let b = chart_products(&products, key);
            assert_eq!(a.len(), b.len(), "{module}: classes");
            for (x, y) in a.iter().zip(&b) {
                assert_eq!(x, y, "{module}: {key} on {:?}", x.0);
                compared += x.1.is_some() as usize;
            }
        }
        assert!(
            compared > 50,
            "{module}: {compared} known products compared"
        );
        // products.json carries the same matrices.
        let file = json(&dir.join("p/products.json"));
        assert_eq!(file["by"][0]["class"], "h1");
        assert!(!file["by"][0]["matrices"].as_array().unwrap().is_empty());
    }
}

#[test]
fn massey_products_on_the_command_line() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let out = run_ok(
        dir,
        &[
            "massey",
            "S_2",
            "h1",
            "h0",
            "h2^2",
            "--max-stem",
            "12",
            "--max-s",
            "6",
        ],
    );
    assert_eq!(
        out.trim(),
        "<h1, h0, h2^2> = (8,3,0) at (stem 8, s 3); indeterminacy 0"
    );
    run_ok(
        dir,
        &[
            "massey",
            "S_2",
            "h3",
            "h0^4",
            "-",
            "--max-stem",
            "16",
            "--max-s",
            "8",
            "--output",
            "m",
        ],
    );
    let all = json(&dir.join("m/massey.json"));
    let ph1 = all
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["stem"] == 1 && e["s"] == 1)
        .expect("<h3, h0^4, h1>");
    assert_eq!(
        (ph1["value_stem"].as_i64(), ph1["value_s"].as_i64()),
        (Some(9), Some(5))
    );
    assert_eq!(ph1["value"], serde_json::json!([0]));
    for (args, needle) in [
        (&["massey", "S_2", "h0", "h0", "h1"][..], "a·b is not zero"),
        (
            &["massey", "S_2", "h1", "h0", "(50,3,0)", "--max-stem", "20"][..],
            "outside the resolved range",
        ),
        (&["products", "S_2", "--by", "h9"][..], "h9"),
        (&["products", "S_2", "--by", "(8,3)"][..], "(stem,s,index)"),
    ] {
        let out = adams_in(dir, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: one line: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}
