//! The binary with the outputs of odd primes: `adams verify` refuses
//! tables of different primes, and `adams chart` draws (or refuses, naming the file, the
//! class and the key) a chart.json at p = 3.

use crate::common;

use std::fs;

use common::*;

/// The first line of the reference table of the sphere at p = 3
/// (`../shared/reference/ext/S_3.csv`), cut to stem 0, with its first rows: `Ext^{0,0} = F_3`
/// and the `a0`-tower in stem 0 (the issue's known facts at odd p).
const S_3_HEAD: &str = "# complete for stem <= 0, s <= 3; Ext over the mod 3 Steenrod algebra of F_3 (the sphere at p = 3), computed by an independent open-source Rust resolver (sseq, classical algorithm); zeros omitted
stem,s,t,dim
0,0,0,1
0,1,1,1
0,2,2,1
0,3,3,1
";

#[test]
fn verify_refuses_tables_of_different_primes() {
    let dir = tempfile::tempdir().unwrap();
    let three = dir.path().join("S_3.csv");
    fs::write(&three, S_3_HEAD).unwrap();
    let two = reference_ext("S_2");
    let (three, two) = (three.to_str().unwrap(), two.to_str().unwrap());
    let o = adams_in(dir.path(), &["verify", three, "--against", two]);
    assert_one_line_error(&o, 2, &[three, two, "different primes (mod 3 and mod 2)"]);
    assert!(stdout(&o).is_empty());
    let o = adams_in(dir.path(), &["verify", two, "--against", three]);
    assert_one_line_error(&o, 2, &[two, three, "(mod 2 and mod 3)"]);
    // The same prime compares.
    let o = adams_in(dir.path(), &["verify", three, "--against", three]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("agree: 4 nonzero bidegrees"),
        "{}",
        stdout(&o)
    );
}

/// A chart.json at p = 3 through stem 3, `s ≤ 1`, written by hand (a test of the format,
/// not of Ext): the unit, `a0` at (0, 1) and `h0` at (3, 1) with the unit's products.
const ODD_CHART: &str = r#"{
  "format": "adams-chart", "version": 1,
  "module": "S_3", "algorithm": "classical", "prime": 3,
  "min_stem": 0, "max_stem": 3, "max_s": 1,
  "classes": [
    {"stem":0,"s":0,"t":0,"index":0,"a0":[[0,1]],"h0":[[0,1]]},
    {"stem":0,"s":1,"t":1,"index":0,"a0":null,"h0":null},
    {"stem":3,"s":1,"t":4,"index":0,"a0":null,"h0":null}
  ]
}
"#;

#[test]
fn adams_chart_draws_a_chart_at_p_3_and_refuses_a_key_of_p_2() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("odd.json");
    fs::write(&json, ODD_CHART).unwrap();
    let o = adams_in(dir.path(), &["chart", json.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let svg = fs::read_to_string(dir.path().join("odd.svg")).unwrap();
    assert_eq!(svg.matches(r#"<line class="a0""#).count(), 1);
    assert_eq!(svg.matches(r#"<line class="h0""#).count(), 1);
    assert!(svg.contains("Ext of S_3 over the mod 3 Steenrod algebra"));

    let bad = dir.path().join("bad.json");
    fs::write(
        &bad,
        ODD_CHART.replace(r#""h0":[[0,1]]}"#, r#""h0":[[0,1]],"h1":[]}"#),
    )
    .unwrap();
    let o = adams_in(dir.path(), &["chart", bad.to_str().unwrap()]);
    assert_one_line_error(
        &o,
        2,
        &[
            bad.to_str().unwrap(),
            "class (stem 0, s 0, index 0)",
            "\"h1\" is not a product of a chart at p = 3",
        ],
    );
    let bad_coefficient = ODD_CHART.replace(r#""a0":[[0,1]]"#, r#""a0":[[0,3]]"#);
    fs::write(&bad, bad_coefficient).unwrap();
    let o = adams_in(dir.path(), &["chart", bad.to_str().unwrap()]);
    assert_one_line_error(&o, 2, &["a0 gives class 0 the coefficient 3"]);
}
