//! `adams products` over a sub-Hopf algebra: ko (`F_2` over `A(1)`).
//!
//! - The products by `h0`, `h1` from chain maps equal the ones `adams resolve ko` reads off
//!   the differentials (its chart.json: an independent algorithm, `resolution::products`),
//!   on every class in range.
//! - `Ext_{A(1)}(F_2, F_2) = F_2[h0, h1, a, b] / (h0 h1, h1^3, h1 a, a^2 + h0^2 b)`, `a` at
//!   (stem 4, s = 3), the Bott class `b` at (8, 4) (J. F. Adams, "Stable homotopy and
//!   generalised homology", Part III, §17; as in crates/resolution/tests/profiles.rs): so
//!   `h0^k a ≠ 0` for every `k`, `h1 a = 0`, `a^2 = h0^2 b ≠ 0`, and the ring is free over
//!   `F_2[b]`: multiplication by `b` is injective on the whole range.
//! - A module other than `F_2` over a sub-Hopf algebra: one line, exit 2.

use crate::common;

use std::collections::HashMap;
use std::fs;
use std::path::Path;

use common::*;
use serde_json::Value;

fn json(path: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
}

fn run_ok(dir: &Path, args: &[&str]) {
    let out = adams_in(dir, args);
    assert!(
        out.status.success(),
        "adams {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `class → (stem, s) of its bidegree → rows` of a products.json.
type Products = HashMap<String, HashMap<(i64, i64), Vec<Vec<i64>>>>;

fn products(file: &Value) -> Products {
    let mut out = Products::new();
    for by in file["by"].as_array().unwrap() {
        let key = by["class"].as_str().unwrap().to_string();
        let entry = out.entry(key).or_default();
        for m in by["matrices"].as_array().unwrap() {
            let at = (m["stem"].as_i64().unwrap(), m["s"].as_i64().unwrap());
            let rows = m["rows"]
                .as_array()
                .unwrap()
                .iter()
                .map(|r| {
                    r.as_array()
                        .unwrap()
                        .iter()
                        .map(|x| x.as_i64().unwrap())
                        .collect()
                })
                .collect();
            entry.insert(at, rows);
        }
    }
    out
}

#[test]
fn ko_products_from_chain_maps() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let (max_stem, max_s) = (28i64, 14i64);
    let range = ["--max-stem", "28", "--max-s", "14"];
    let mut args = vec!["resolve", "ko", "--output", "r", "-q", "--no-chart"];
    args.extend(range);
    run_ok(dir, &args);
    let mut args = vec![
        "products", "ko", "--by", "h0", "--by", "h1", "--by", "(4,3,0)", "--by", "(8,4,0)",
        "--output", "p", "-q",
    ];
    args.extend(range);
    run_ok(dir, &args);
    let file = products(&json(&dir.join("p/products.json")));

    // h0, h1 against the read-off of `adams resolve ko`, class by class.
    let chart = json(&dir.join("r/chart.json"));
    let mut compared = 0;
    for c in chart["classes"].as_array().unwrap() {
        let (n, s, k) = (
            c["stem"].as_i64().unwrap(),
            c["s"].as_i64().unwrap(),
            c["index"].as_i64().unwrap() as usize,
        );
        for (key, i) in [("h0", 0), ("h1", 1)] {
            let Some(want) = c.get(key).filter(|v| !v.is_null()) else {
                continue;
            };
            let want: Vec<i64> = want
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_i64().unwrap())
                .collect();
            let got = file[key].get(&(n, s)).map(|rows| rows[k].clone());
            if n + i >= max_stem || s + 1 > max_s {
                continue;
            }
            assert_eq!(got, Some(want), "{key} on ({n}, {s}, {k})");
            compared += 1;
        }
    }
    assert!(compared > 100, "{compared} products compared");

    // The cited ring structure (one class in each of these bidegrees).
    let a = &file["(4,3,0)"];
    let b = &file["(8,4,0)"];
    let nonzero = |m: &HashMap<(i64, i64), Vec<Vec<i64>>>, at: (i64, i64)| {
        !m.get(&at).unwrap_or_else(|| panic!("{at:?} in range"))[0].is_empty()
    };
    for k in 0..=8 {
        assert!(nonzero(a, (0, k)), "h0^{k} a ≠ 0");
        assert!(nonzero(b, (0, k)), "h0^{k} b ≠ 0");
    }
    assert!(!nonzero(a, (1, 1)), "h1 a = 0");
    assert!(nonzero(a, (4, 3)), "a^2 = h0^2 b ≠ 0");
    assert!(nonzero(b, (1, 1)) && nonzero(b, (2, 2)), "h1 b, h1^2 b ≠ 0");
    // b is injective: every class x with x·b in range has a nonzero product, and the
    // products of a basis are independent (one class per bidegree over A(1)).
    let mut checked = 0;
    for (&(n, s), rows) in b {
        if rows.is_empty() {
            continue;
        }
        if n + 8 < max_stem && s + 4 <= max_s {
            assert_eq!(rows.len(), 1, "one class at ({n}, {s})");
            assert!(!rows[0].is_empty(), "b·x ≠ 0 for x at ({n}, {s})");
            checked += 1;
        }
    }
    assert!(checked > 20, "{checked} classes multiplied by b");
}

#[test]
fn other_modules_over_a_sub_algebra_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let module = dir.join("Cko.json");
    fs::write(
        &module,
        r#"{"type": "finite dimensional module", "p": 2,
            "gens": {"x0": 0, "x1": 1}, "actions": ["Sq1 x0 = x1"],
            "profile": {"truncated": true, "p_part": [2, 1]}}"#,
    )
    .unwrap();
    let out = adams_in(
        dir,
        &[
            "products",
            module.to_str().unwrap(),
            "--by",
            "h0",
            "--max-stem",
            "6",
            "--max-s",
            "3",
        ],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}
