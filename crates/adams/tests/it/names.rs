//! Names of the sphere's classes, against the literature.
//!
//! Sources: D. C. Isaksen, "Stable stems", Mem. Amer. Math. Soc. 262 (2019), no. 1269, the
//! chart of Ext (names and bidegrees of the classes, products by h0, h1, h2); M. C. Tangora,
//! "On the cohomology of the Steenrod algebra", Math. Z. 116 (1970), the generators of Ext
//! through t = 70; J. P. May's thesis (Princeton 1964), the relations h2 d0 = h0 e0 and
//! h2 e0 = h0 g.
//!
//! - Every named class through stem 40 is at its published bidegree; products of named
//!   classes land where the chart puts them (h1 c0, h0 d0, h1 d0, h2 g, d0^2, g^2).
//! - The published generators through stem 40 are exactly the indecomposables there: in
//!   every bidegree, Ext modulo the products of the named classes has the dimension the
//!   table says (1 at a named class, 0 elsewhere).
//! - chart.svg writes the names; `--names FILE` (and its errors); class arguments by name.
//! - At p = 3, a user's table names the sphere's classes (a0, h0, h1, b0 = ⟨h0, h0, h0⟩),
//!   and a bad one is refused as at p = 2.

use crate::common;

use std::collections::HashMap;
use std::fs;
use std::path::Path;

use adams::naming::Namer;
use chart::names::NameTable;
use common::*;
use resolution::{Bidegree, Resolution, ResolutionConfig};
use serde_json::Value;
use steenrod::module::FiniteModule;

/// Isaksen's chart (and Tangora's table for i, j, k, l, m, n, p, q, r, t, u, x, y):
/// name → (stem, s), through stem 40.
const PUBLISHED: [(&str, i32, u32); 42] = [
    ("h0", 0, 1),
    ("h1", 1, 1),
    ("h2", 3, 1),
    ("h3", 7, 1),
    ("c0", 8, 3),
    ("Ph1", 9, 5),
    ("Ph2", 11, 5),
    ("d0", 14, 4),
    ("h4", 15, 1),
    ("Pc0", 16, 7),
    ("e0", 17, 4),
    ("P^2h1", 17, 9),
    ("f0", 18, 4),
    ("c1", 19, 3),
    ("P^2h2", 19, 9),
    ("g", 20, 4),
    ("Pd0", 22, 8),
    ("i", 23, 7),
    ("P^2c0", 24, 11),
    ("Pe0", 25, 8),
    ("P^3h1", 25, 13),
    ("j", 26, 7),
    ("P^3h2", 27, 13),
    ("k", 29, 7),
    ("P^2d0", 30, 12),
    ("r", 30, 6),
    ("h5", 31, 1),
    ("n", 31, 5),
    ("d1", 32, 4),
    ("q", 32, 6),
    ("l", 32, 7),
    ("P^3c0", 32, 15),
    ("p", 33, 4),
    ("P^2e0", 33, 12),
    ("Pj", 34, 11),
    ("m", 35, 7),
    ("t", 36, 6),
    ("x", 37, 5),
    ("y", 38, 6),
    ("u", 39, 9),
    ("P^2i", 39, 15),
    ("f1", 40, 4),
];

fn sphere(max_stem: i32, max_s: u32) -> Resolution {
    let mut res = Resolution::new(FiniteModule::sphere(), ResolutionConfig { max_stem, max_s })
        .expect("range");
    res.resolve().expect("resolves");
    res
}

#[test]
fn the_published_generators_are_the_indecomposables_through_stem_40() {
    let res = sphere(40, 20);
    let table = NameTable::bundled();
    let mut namer = Namer::new(&res, &table).expect("the table's definitions hold");
    let mut rows: HashMap<(i32, u32), usize> = HashMap::new();
    for (_, n, s) in PUBLISHED {
        *rows.entry((n, s)).or_default() += 1;
    }
    // P^4h1 (33, 17), P^4h2 (35, 17), P^3d0 (38, 16), P^4c0 (40, 19) and e1 (38, 4).
    for (n, s) in [(33, 17), (35, 17), (38, 16), (40, 19), (38, 4)] {
        *rows.entry((n, s)).or_default() += 1;
    }
    let mut wrong = Vec::new();
    for n in 0..=40 {
        for s in 1..=20 {
            let b = Bidegree::n_s(n, s);
            let q = namer.indecomposables(b).unwrap();
            let expected = rows.get(&(n, s)).copied().unwrap_or(0);
            if q != expected {
                wrong.push(format!(
                    "(stem {n}, s {s}): {q} indecomposables, expected {expected}"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("; "));
}

fn json(path: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
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

/// `name → [(stem, s, index)]` of a chart.json.
fn names(chart: &Value) -> HashMap<String, Vec<(i64, i64, i64)>> {
    let mut out: HashMap<String, Vec<_>> = HashMap::new();
    for c in chart["classes"].as_array().unwrap() {
        if let Some(name) = c.get("name").and_then(Value::as_str) {
            let at = (
                c["stem"].as_i64().unwrap(),
                c["s"].as_i64().unwrap(),
                c["index"].as_i64().unwrap(),
            );
            out.entry(name.to_string()).or_default().push(at);
        }
    }
    out
}

/// That `chart` (with names) is `plain` (without) but for the names: every other key and
/// value as without them.
fn only_the_names_are_new(chart: &Value, plain: &Value) {
    let mut stripped = chart.clone();
    for c in stripped["classes"].as_array_mut().unwrap() {
        c.as_object_mut().unwrap().remove("name");
    }
    assert_eq!(&stripped, plain);
    assert!(names(plain).is_empty());
}

/// That `adams ARGS` in `dir` exits 2 with one line on stderr holding `expected`.
fn refused(dir: &Path, args: &[&str], expected: &str) {
    let out = adams_in(dir, args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert!(
        err.contains(expected) && err.lines().count() == 1,
        "{args:?}: {err}"
    );
}

/// The class at `at` of a chart.json.
fn class(chart: &Value, at: (i64, i64, i64)) -> &Value {
    chart["classes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| {
            (c["stem"].as_i64(), c["s"].as_i64(), c["index"].as_i64())
                == (Some(at.0), Some(at.1), Some(at.2))
        })
        .unwrap()
}

#[test]
fn the_sphere_s_chart_names_its_classes_where_the_literature_puts_them() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let range = ["--max-stem", "40", "--max-s", "20", "-q", "--no-chart"];
    run_ok(dir, &[&["resolve", "--output", "r"][..], &range].concat());
    run_ok(
        dir,
        &[&["resolve", "--output", "plain", "--no-names"][..], &range].concat(),
    );
    let chart = json(&dir.join("r/chart.json"));
    let named = names(&chart);
    let table = NameTable::bundled();
    for (name, n, s) in PUBLISHED {
        let at = named.get(name).cloned().unwrap_or_default();
        assert!(
            at.iter().all(|&(a, b, _)| (a, b) == (n as i64, s as i64)),
            "{name}: {at:?}"
        );
        // A class named modulo products (`indecomposable`) may have no basis class.
        let modulo =
            table.row(name).unwrap().definition == chart::names::Definition::Indecomposable;
        assert!(at.len() == 1 || (modulo && at.is_empty()), "{name}: {at:?}");
    }
    // Products of named classes, nonzero where Isaksen's chart draws them.
    for (name, n, s) in [
        ("h1 c0", 9, 4),
        ("h0 d0", 14, 5),
        ("h1 d0", 15, 5),
        ("h0 g", 20, 5),
        ("h2 g", 23, 5),
        ("d0^2", 28, 8),
        ("g^2", 40, 8),
    ] {
        let at = &named[name];
        assert_eq!(at.len(), 1, "{name}");
        assert_eq!((at[0].0, at[0].1), (n, s), "{name}");
    }
    // May's relations h2 d0 = h0 e0 and h2 e0 = h0 g, read off chart.json's h2 products.
    for (x, product) in [("d0", "h0 e0"), ("e0", "h0 g")] {
        let at = named[x][0];
        let h2 = class(&chart, at)["h2"].as_array().unwrap().clone();
        let target = named[product][0];
        assert_eq!(h2, vec![Value::from(target.2)], "h2 {x} = {product}");
    }
    only_the_names_are_new(&chart, &json(&dir.join("plain/chart.json")));
    // chart.svg writes the named classes, typeset (the index a subscript), not their
    // products (`--labels all` writes those too).
    let svg = fs::read_to_string(dir.join("r/chart.svg")).unwrap();
    let sub = |i: u32| format!(r#"<tspan dy="2.00" font-size="5.6">{i}</tspan></text>"#);
    for label in [
        format!(">c{}", sub(0)),
        format!(">Ph{}", sub(1)),
        format!(">d{}", sub(0)),
        ">g</text>".into(),
    ] {
        assert!(svg.contains(&label), "{label}");
    }
    assert!(
        !svg.contains(r#"<tspan dy="-2.00"> c</tspan>"#),
        "no label h1 c0"
    );
    assert!(!svg.contains('^'));
    run_ok(
        dir,
        &[
            &["resolve", "--output", "all", "--labels", "all"][..],
            &range,
        ]
        .concat(),
    );
    let all = fs::read_to_string(dir.join("all/chart.svg")).unwrap();
    assert!(
        all.contains(r#"<tspan dy="-2.00"> c</tspan>"#),
        "h1 c0 with --labels all"
    );
}

#[test]
fn a_user_table_names_the_classes() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let head = "name,stem,s,definition,source\nh0,0,1,unique,a\nh1,1,1,unique,a\nh2,3,1,unique,a\n";
    fs::write(
        dir.join("mine.csv"),
        format!("{head}C,8,3,\"<h1, h0, h2^2>\",mine\n"),
    )
    .unwrap();
    let range = ["--max-stem", "20", "--max-s", "8", "-q", "--no-chart"];
    run_ok(
        dir,
        &[
            &["resolve", "--output", "r", "--names", "mine.csv"][..],
            &range,
        ]
        .concat(),
    );
    let named = names(&json(&dir.join("r/chart.json")));
    assert_eq!(named["C"], vec![(8, 3, 0)]);
    assert_eq!(named["h1 C"], vec![(9, 4, 0)]);
    assert!(!named.contains_key("c0") && !named.contains_key("d0"));
    // Bad tables and misuse: one line naming the file, line and field; exit 2.
    let cases: [(&str, &[&str], &str); 5] = [
        (
            "bad.csv",
            &["--names", "bad.csv"],
            "names table bad.csv line 3, field stem",
        ),
        (
            "f0.csv",
            &["--names", "f0.csv"],
            "line 5, field definition: f0: dim Ext at (s = 4, t = 22, stem 18) is 2, not 1",
        ),
        (
            "mine.csv",
            &["C2", "--names", "mine.csv"],
            "--names names classes of the sphere",
        ),
        (
            "none.csv",
            &["--names", "none.csv"],
            "names table none.csv: cannot open",
        ),
        (
            "mine.csv",
            &["S_3", "--names", "mine.csv"],
            "names table mine.csv line 2, field name: at p = 3, h0 is the name of h_0, at (stem 2(p - 1)p^0 - 1 = 3, s 1)",
        ),
    ];
    fs::write(
        dir.join("bad.csv"),
        "name,stem,s,definition,source\nh0,0,1,unique,a\nh1,x,1,unique,a\n",
    )
    .unwrap();
    fs::write(dir.join("f0.csv"), format!("{head}f0,18,4,unique,a\n")).unwrap();
    for (_, args, expected) in cases {
        refused(dir, &[&["resolve"][..], args, &range].concat(), expected);
    }
}

#[test]
fn products_and_massey_products_take_names() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let range = ["--max-stem", "20", "--max-s", "10"];
    // P^2h1 = <h3, h0^4, Ph1> (the periodicity operator; Isaksen's chart: (17, 9)).
    let out = run_ok(
        dir,
        &[&["massey", "S_2", "h3", "h0^4", "Ph1"][..], &range].concat(),
    );
    assert!(
        out.contains("= (17,9,0) at (stem 17, s 9); indeterminacy 0"),
        "{out}"
    );
    run_ok(
        dir,
        &[
            &["products", "S_2", "--by", "c0", "--output", "p", "-q"][..],
            &range,
        ]
        .concat(),
    );
    let chart = json(&dir.join("p/chart.json"));
    // h1 c0 ≠ 0 (Isaksen's chart): the class h1 at (1, 1) times c0, the class named so.
    assert_eq!(class(&chart, (1, 1, 0))["c0"], serde_json::json!([0]));
    assert_eq!(names(&chart)["h1 c0"], vec![(9, 4, 0)]);
    let out = adams_in(
        dir,
        &[&["products", "S_2", "--by", "zz"][..], &range].concat(),
    );
    assert_eq!(out.status.code(), Some(2));
}

/// A table of names at p = 3, every row from a cited fact: `Ext^1` of the sphere is spanned
/// by `a_0 ∈ Ext^{1,1}` and the `h_i ∈ Ext^{1, 4·3^i}` (Liulevicius, "The factorization of
/// cyclic reduced powers by secondary cohomology operations", Mem. AMS 42 (1962)), one
/// class in each of those bidegrees (tests/data/ext/S_3.csv); `b0 = ⟨h0, h0, h0⟩` up to
/// sign spans `Ext^{2,12}` (Kraines, "Massey higher products", Trans. AMS 124 (1966);
/// Ravenel, "Complex cobordism", 2nd ed., §A1.4–A1.5; zero indeterminacy as `Ext^{1,8} =
/// 0`).
const TABLE_AT_3: &str = "name,stem,s,definition,source\n\
    a0,0,1,unique,Liulevicius 1962\n\
    h0,3,1,unique,Liulevicius 1962\n\
    b0,10,2,\"<h0, h0, h0>\",Kraines 1966\n\
    h1,11,1,unique,Liulevicius 1962\n";

/// The range of the p = 3 runs.
const RANGE_AT_3: [&str; 7] = [
    "S_3",
    "--max-stem",
    "20",
    "--max-s",
    "6",
    "-q",
    "--no-chart",
];

/// At p = 3 a user's table names the sphere's classes: each row's class where the table
/// puts it, `a0^s` up the 0-stem (`Ext^{s,s} = F_3·a0^s`, Liulevicius 1962; S_3.csv), no
/// name at (7, 2) (`a1`: no two classes of `Ext^1` have stems adding to 7, so no
/// monomial lands there), every name a monomial of the table at its own bidegree; the
/// names only are new in chart.json, and chart.svg writes them.
#[test]
fn a_user_table_names_the_classes_at_p_3() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    fs::write(dir.join("t3.csv"), TABLE_AT_3).unwrap();
    let resolve = |args: &[&str]| run_ok(dir, &[&["resolve"][..], args, &RANGE_AT_3].concat());
    resolve(&["--output", "r", "--names", "t3.csv"]);
    resolve(&["--output", "plain"]);
    let chart = json(&dir.join("r/chart.json"));
    let named = names(&chart);
    for (name, at) in [
        ("a0", (0, 1, 0)),
        ("h0", (3, 1, 0)),
        ("b0", (10, 2, 0)),
        ("h1", (11, 1, 0)),
        ("a0^2", (0, 2, 0)),
        ("a0^6", (0, 6, 0)),
    ] {
        assert_eq!(named.get(name), Some(&vec![at]), "{name}: {named:?}");
    }
    assert!(class(&chart, (7, 2, 0)).get("name").is_none());
    let table = NameTable::parse(TABLE_AT_3, Path::new("t3.csv"), 3).unwrap();
    for (name, at) in &named {
        let (_, (n, s)) = table.monomial(name).unwrap();
        assert!(
            at.iter().all(|&(a, b, _)| (a, b) == (n as i64, s as i64)),
            "{name}: {at:?}"
        );
    }
    only_the_names_are_new(&chart, &json(&dir.join("plain/chart.json")));
    let svg = fs::read_to_string(dir.join("r/chart.svg")).unwrap();
    let label = r#">b<tspan dy="2.00" font-size="5.6">0</tspan></text>"#;
    assert!(svg.contains(label), "{label}");
}

/// At p = 3 a bad table is refused as at p = 2: one line naming the file, line, field and
/// reason, exit 2 — a class not in the table, an `h_i` off its bidegree at p = 3, a
/// Massey product off the row's bidegree, a product that is zero (`h0^2 = 0`: Ext is
/// graded commutative, `xy = (−1)^{ss'+tt'} yx`, Ravenel, "Complex cobordism", 2nd ed.,
/// §A1.2, and `h0` has `s = 1`, `t = 4`), and the p = 2 bundled table.
#[test]
fn a_bad_table_at_p_3_is_refused_naming_line_and_reason() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let cases: [(&str, &str, &str); 5] = [
        (
            "unknown.csv",
            "x,13,3,h0 c0,a\n",
            "names table unknown.csv line 6, field definition: \"c0\": no name of the table (above this row) starts there",
        ),
        (
            "h1.csv",
            "h2,1,1,unique,a\n",
            "names table h1.csv line 6, field name: at p = 3, h2 is the name of h_2, at (stem 2(p - 1)p^2 - 1 = 35, s 1)",
        ),
        (
            "massey.csv",
            "y,10,3,\"<h0, h0, h0>\",a\n",
            "names table massey.csv line 6, field definition: the Massey product lies at (stem 10, s 2), not at the row's (stem 10, s 3)",
        ),
        (
            "zero.csv",
            "z,6,2,h0^2,a\n",
            "names table zero.csv line 6, field definition: z: the product is zero at (s = 2, t = 8, stem 6)",
        ),
        (
            "bundled",
            "",
            "names table crates/chart/data/names-S_2.csv: the bundled table names classes at p = 2, not at p = 3",
        ),
    ];
    for (file, row, expected) in cases {
        if !row.is_empty() {
            fs::write(dir.join(file), format!("{TABLE_AT_3}{row}")).unwrap();
        }
        let args = [&["resolve", "--names", file][..], &RANGE_AT_3].concat();
        refused(dir, &args, expected);
    }
}

/// A table read at p = 3 names no class of a resolution at p = 2 (its `h_i` lie
/// elsewhere): refused naming the file and both primes.
#[test]
fn a_table_of_another_prime_is_refused() {
    let res = sphere(4, 2);
    let table = NameTable::parse(TABLE_AT_3, Path::new("t3.csv"), 3).unwrap();
    let Err(err) = Namer::new(&res, &table) else {
        panic!("a p = 3 table evaluated at p = 2");
    };
    assert_eq!(
        err.to_string(),
        "names table t3.csv: its names are of classes at p = 3, the resolution is at p = 2"
    );
}
