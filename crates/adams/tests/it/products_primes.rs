//! `adams products` and `adams massey` at p = 2 and p = 3, each test one body run at both
//! primes, against what is known independently of the lifting code:
//!
//! - the reference Ext tables (`tests/data/ext/S_2.csv`, `S_3.csv`: Lin's archive and an
//!   independent resolver, provenance in their first lines): the shape of every matrix of
//!   `products.json`, in the one schema `adams-products`;
//! - the products by the classes of `Ext^1` that `adams resolve` reads off the
//!   differentials (its chart.json keys `h0`, `h1`, `h2`, `h3` at p = 2, `a0`, `h0` at odd p:
//!   `resolution::products`, an independent argument, Milnor 1958 §6), on every class of
//!   the sphere and of a module in range;
//! - products and Massey products of low classes from the literature, each cited at its
//!   case.

use crate::common;

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use common::*;
use serde_json::Value;

pub(crate) fn json(path: &Path) -> Value {
    serde_json::from_slice(&fs::read(path).expect("written")).expect("JSON")
}

fn run_ok(dir: &Path, args: &[&str]) -> String {
    stdout(&ok(adams_in(dir, args)))
}

/// The prime of a sphere `S_p`.
fn prime_of(sphere: &str) -> u64 {
    sphere[2..].parse().expect("S_p")
}

/// The basis indices of a row of products.json or chart.json: `[k, …]` at p = 2,
/// `[[k, c], …]` with `c` in `1..p` at odd p (the one encoding of both files).
fn indices(row: &Value, p: u64) -> Vec<u64> {
    row.as_array()
        .expect("a row is a list")
        .iter()
        .map(|term| match p {
            2 => term.as_u64().expect("an index"),
            _ => {
                let c = term[1].as_u64().expect("a coefficient");
                assert!((1..p).contains(&c), "coefficient {c} at p = {p}");
                term[0].as_u64().expect("an index")
            }
        })
        .collect()
}

/// products.json over the sphere at p = 2 and p = 3 is schema `adams-products` (with the
/// prime written at odd p only, and the CPU-time fields), and every matrix has the shape
/// the reference table gives: `dim Ext` at its bidegree rows, each row indexing the
/// classes at its target; the bidegrees listed are exactly the table's nonzero ones whose
/// target is in range.
#[test]
fn products_json_has_the_shape_of_the_ext_tables() {
    for (sphere, by, range) in [
        ("S_2", ["h0", "h1", "h2"], ("30", "10")),
        ("S_3", ["a0", "h0", "h1"], ("50", "8")),
    ] {
        let p = prime_of(sphere);
        let dir = tempfile::tempdir().unwrap();
        let mut args = vec!["products", sphere, "--output", "o", "-q"];
        args.extend(["--max-stem", range.0, "--max-s", range.1]);
        for b in by {
            args.extend(["--by", b]);
        }
        run_ok(dir.path(), &args);
        let file = json(&dir.path().join("o/products.json"));
        assert_eq!(file["format"], "adams-products", "{sphere}");
        assert_eq!(file.get("p").and_then(Value::as_u64), (p != 2).then_some(p));
        for key in ["resolution_seconds", "resolution_cpu_seconds"] {
            assert!(
                file[key].as_f64().is_some_and(|t| t >= 0.0),
                "{sphere}: {key}"
            );
        }
        let table = read_table(&reference_ext(sphere)).dims;
        let (max_stem, max_s): (i32, u32) = (range.0.parse().unwrap(), range.1.parse().unwrap());
        for b in file["by"].as_array().unwrap() {
            assert!(b["cpu_seconds"].as_f64().is_some_and(|t| t >= 0.0));
            let (n_x, s_x) = (
                b["stem"].as_i64().unwrap() as i32,
                b["s"].as_u64().unwrap() as u32,
            );
            let mut listed = Vec::new();
            for m in b["matrices"].as_array().unwrap() {
                let at = (
                    m["stem"].as_i64().unwrap() as i32,
                    m["s"].as_u64().unwrap() as u32,
                );
                let rows = m["rows"].as_array().unwrap();
                assert_eq!(
                    Some(&rows.len()),
                    table.get(&at),
                    "{sphere} {}: rows at {at:?}",
                    b["class"]
                );
                let target = table.get(&(at.0 + n_x, at.1 + s_x)).copied().unwrap_or(0);
                for row in rows {
                    assert!(indices(row, p).iter().all(|&k| (k as usize) < target));
                }
                listed.push(at);
            }
            let want: Vec<(i32, u32)> = table
                .keys()
                .copied()
                .filter(|&(n, s)| n <= max_stem && s <= max_s)
                .filter(|&(n, s)| n + n_x <= max_stem && s + s_x <= max_s)
                .collect();
            listed.sort();
            assert_eq!(listed, want, "{sphere} {}: bidegrees", b["class"]);
        }
    }
}

pub(crate) type Products = BTreeMap<(i64, i64, i64), Value>;

/// `(stem, s, index) → product` of a chart.json key (non-null entries).
pub(crate) fn from_chart(chart: &Value, key: &str) -> Products {
    let mut out = BTreeMap::new();
    for c in chart["classes"].as_array().unwrap() {
        if let Some(v) = c.get(key).filter(|v| !v.is_null()) {
            let at = |k: &str| c[k].as_i64().unwrap();
            out.insert((at("stem"), at("s"), at("index")), v.clone());
        }
    }
    out
}

/// `(stem, s, index) → product` of the `--by` class `class` of products.json.
pub(crate) fn from_products(file: &Value, class: &str) -> Products {
    let by = file["by"].as_array().unwrap();
    let by = by.iter().find(|b| b["class"] == class).expect("the class");
    let mut out = BTreeMap::new();
    for m in by["matrices"].as_array().unwrap() {
        for (k, row) in m["rows"].as_array().unwrap().iter().enumerate() {
            let at = (
                m["stem"].as_i64().unwrap(),
                m["s"].as_i64().unwrap(),
                k as i64,
            );
            out.insert(at, row.clone());
        }
    }
    out
}

/// The products by the classes of `Ext^1` that `adams products` computes from chain maps
/// equal, class by class, those `adams resolve` reads off the differentials (its
/// chart.json), over the sphere and over a module (whose classes are lifted into the
/// sphere's resolution), at p = 2 and p = 3; the products' chart reads back.
#[test]
fn products_from_chain_maps_equal_the_read_off_at_p2_and_p3() {
    for (module, keys, stem, s) in [
        ("S_2", &["h1", "h2", "h3"][..], "20", "8"),
        ("C2", &["h1", "h2", "h3"][..], "20", "8"),
        ("S_3", &["a0", "h0"][..], "30", "6"),
        ("C3", &["a0", "h0"][..], "20", "4"),
        ("Calpha", &["a0", "h0"][..], "20", "4"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let range = ["--max-stem", stem, "--max-s", s];
        let mut args = vec!["resolve", module, "--output", "r", "-q"];
        args.extend(range);
        run_ok(dir.path(), &args);
        let mut args = vec!["products", module, "--output", "p", "-q"];
        args.extend(range);
        for k in keys {
            args.extend(["--by", k]);
        }
        run_ok(dir.path(), &args);
        let chart = json(&dir.path().join("r/chart.json"));
        let products = json(&dir.path().join("p/products.json"));
        let charted = json(&dir.path().join("p/chart.json"));
        let mut nonzero = 0;
        for key in keys {
            let read_off = from_chart(&chart, key);
            // The products' chart draws each key as adams resolve does.
            assert_eq!(
                from_chart(&charted, key),
                read_off,
                "{module}: chart key {key}"
            );
            let lifted = from_products(&products, key);
            assert!(
                lifted.len() > 5,
                "{module} {key}: {} products",
                lifted.len()
            );
            for (at, v) in &lifted {
                assert_eq!(read_off.get(at), Some(v), "{module}: {key} · {at:?}");
                nonzero += usize::from(v != &Value::Array(vec![]));
            }
        }
        assert!(nonzero >= 3, "{module}: {nonzero} nonzero products");
        run_ok(
            dir.path(),
            &["chart", "p/chart.json", "--output", "p/again.svg"],
        );
    }
}

/// A product expected of the literature: the `--by` class, the class `(stem, s, index)` it
/// multiplies, and whether the product is 0.
type Fact = (&'static str, (i64, i64, i64), Want);

/// What a product of two basis classes is expected to be.
#[derive(Clone, Copy, Debug)]
enum Want {
    Zero,
    Nonzero,
}

/// Products of low classes from the literature, at each prime: `(by, class, want)` with
/// the class `(stem, s, index)` (one class in each bidegree used, by the tables):
///
/// - p = 2 (J. F. Adams, "On the non-existence of elements of Hopf invariant one", Ann.
///   of Math. 72 (1960), the relations `h_ih_{i+1} = 0`, `h_{i+1}^3 = h_i^2h_{i+2}`;
///   Ravenel, "Complex Cobordism", 2nd ed., Table A3.3): `h0·h0`, `h1·h1`, `h0·h2 ≠ 0`,
///   `h0·h1 = 0`, `h1·h1^2 = h0^2h2 ≠ 0`, and `h0·h1h3 = 0` although `Ext` at (8, 3) is not
///   (`c0`), while `h1·h1h3 = h1^2h3 ≠ 0`;
/// - p = 3 (Ravenel, op. cit., Theorem 4.4.3: a basis of `Ext^2` at odd p is `a_0^2`,
///   `a_1`, `a_0h_i` (i > 0), `b_i`, `g_i`, `k_i`, `h_ih_j` (j ≥ i + 2)): `a0·a0 ≠ 0`,
///   `a0·h1 ≠ 0`, `h1·a0 ≠ 0`, while `a0·h0 = 0`, `h0·h1 = 0` and `h0·h0 = 0` (graded
///   commutativity, §A1.2: `h0` has odd `s` and even `t`).
#[test]
fn products_of_low_classes_from_the_literature() {
    use Want::*;
    let cases: [(&str, &str, &[Fact]); 2] = [
        (
            "S_2",
            "16",
            &[
                ("h0", (0, 1, 0), Nonzero),
                ("h1", (1, 1, 0), Nonzero),
                ("h0", (3, 1, 0), Nonzero),
                ("h0", (1, 1, 0), Zero),
                ("h1", (2, 2, 0), Nonzero),
                ("h0", (8, 2, 0), Zero),
                ("h1", (8, 2, 0), Nonzero),
            ],
        ),
        (
            "S_3",
            "30",
            &[
                ("a0", (0, 1, 0), Nonzero),
                ("a0", (11, 1, 0), Nonzero),
                ("h1", (0, 1, 0), Nonzero),
                ("a0", (3, 1, 0), Zero),
                ("h0", (11, 1, 0), Zero),
                ("h0", (3, 1, 0), Zero),
            ],
        ),
    ];
    for (sphere, stem, facts) in cases {
        let p = prime_of(sphere);
        let dir = tempfile::tempdir().unwrap();
        let mut args = vec!["products", sphere, "--output", "o", "-q"];
        args.extend(["--max-stem", stem, "--max-s", "5"]);
        let mut by: Vec<&str> = facts.iter().map(|f| f.0).collect();
        by.dedup();
        by.sort();
        by.dedup();
        for b in &by {
            args.extend(["--by", b]);
        }
        run_ok(dir.path(), &args);
        let file = json(&dir.path().join("o/products.json"));
        for &(class, at, want) in facts {
            let row = from_products(&file, class)
                .remove(&at)
                .unwrap_or_else(|| panic!("{sphere}: {class} · {at:?} not computed"));
            let zero = indices(&row, p).is_empty();
            assert_eq!(
                zero,
                matches!(want, Zero),
                "{sphere}: {class} · {at:?} = {row}"
            );
        }
    }
}

/// Massey products from the literature, at each prime, with zero indeterminacy:
/// `⟨h0, h1, h0⟩ = h1^2` at p = 2 (it detects the Toda bracket `⟨2, η, 2⟩ = η²`: Toda,
/// "Composition methods in homotopy groups of spheres" (1962), with Moss's convergence
/// theorem, Math. Z. 115 (1970); the one class at (2, 2), S_2.csv) and `⟨h0, h0, h0⟩ = ±b0` at p = 3 (the p-fold Massey product of
/// `h_{1,0}` is `−b_{1,0}`: Kraines, "Massey higher products", Trans. AMS 124 (1966);
/// Ravenel, "Complex Cobordism", 2nd ed., §A1.4–A1.5; the one class at (10, 2),
/// S_3.csv); at odd p the line
/// states the prime and the sign convention.
#[test]
fn massey_products_from_the_literature() {
    for (sphere, (a, b, c), value, stem) in [
        ("S_2", ("h0", "h1", "h0"), "(2,2,0) at (stem 2, s 2)", "6"),
        (
            "S_3",
            ("h0", "h0", "h0"),
            "(10,2,0) at (stem 10, s 2)",
            "12",
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let out = run_ok(
            dir.path(),
            &[
                "massey",
                sphere,
                a,
                b,
                c,
                "--max-stem",
                stem,
                "--max-s",
                "3",
            ],
        );
        let line = out.trim();
        let (lhs, rhs) = line.split_once(" = ").expect("<…> = …");
        assert_eq!(lhs, format!("<{a}, {b}, {c}>"));
        let rhs = rhs.strip_prefix("2·").unwrap_or(rhs);
        assert!(
            rhs.starts_with(&format!("{value}; indeterminacy 0")),
            "{line}"
        );
        let p = prime_of(sphere);
        assert_eq!(line.contains(&format!("(p = {p}; sign")), p != 2, "{line}");
    }
}
