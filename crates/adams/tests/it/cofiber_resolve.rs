//! `adams resolve FILE` for the field's cofiber files (the `cofiber`
//! key resolved as the mapping cone).
//!
//! - C4, Ceta2, C2v14 (`tests/data/sseq-input/cofiber_*.json`): ext.csv agrees with the
//!   independent resolver's tables (`tests/data/ext/cofiber_*.csv`, provenance on their
//!   first lines); summary.json names the mapping cone and says the products are not
//!   computed; chart.json and chart.svg have one class per dimension and no product lines.
//! - `--save-dir`: a second, larger run resumes the base module's resolution and gives the
//!   ext.csv of a run without a save directory.
//! - Bad `cofiber` keys and options that do not apply: one line naming the file and the
//!   field or option, exit 2.

use crate::common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;

use common::*;
use serde_json::Value;

fn cofiber_file(name: &str) -> PathBuf {
    repository_root().join(format!("tests/data/sseq-input/cofiber_{name}.json"))
}

/// `adams resolve FILE --max-stem N --max-s S --output OUT -q --no-chart EXTRA` in `dir`.
fn resolve_file(dir: &Path, file: &Path, range: (i32, u32), out: &str, extra: &[&str]) -> Output {
    let (n, s) = (range.0.to_string(), range.1.to_string());
    let mut args = vec![
        "resolve",
        file.to_str().unwrap(),
        "--max-stem",
        &n,
        "--max-s",
        &s,
        "--output",
        out,
        "--no-chart",
    ];
    args.extend_from_slice(extra);
    adams_in(dir, &args)
}

fn assert_agrees(dir: &Path, table: &str, name: &str) {
    let reference = repository_root().join(format!("tests/data/ext/cofiber_{name}.csv"));
    let o = adams_in(
        dir,
        &["verify", table, "--against", reference.to_str().unwrap()],
    );
    assert!(o.status.success(), "{name}: {}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains("agree"), "{name}: {}", stdout(&o));
}

fn json(path: &Path) -> Value {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).expect("JSON")
}

/// `adams resolve FILE` of a cofiber file at p = 3: the cofiber of `h0` (dual to `P^1`) on
/// the sphere is `C(α_1)`, cells in 0 and 4 joined by `P^1` (Ravenel, "Complex cobordism",
/// 2nd ed., §1.5), whose Ext is the independent resolver's table `tests/data/ext/Calpha.csv`;
/// the cone's outputs say p = 3; a flag that exists only at p = 2 is refused.
#[test]
fn adams_resolve_of_a_cofiber_file_at_p3_is_ext_of_c_alpha1() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let file = dir.join("h0-cofiber.json");
    let text = r#"{"p": 3, "type": "finite dimensional module", "gens": {"x0": 0},
        "actions": [], "cofiber": {"s": 1, "t": 4, "idx": 0}}"#;
    fs::write(&file, text).unwrap();
    let o = resolve_file(dir, &file, (40, 12), "cone", &[]);
    assert!(o.status.success(), "adams resolve: {}", stderr(&o));
    let reference = reference_ext("Calpha");
    let o = adams_in(
        dir,
        &[
            "verify",
            "cone/ext.csv",
            "--against",
            reference.to_str().unwrap(),
        ],
    );
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains("agree"), "{}", stdout(&o));
    let summary = json(&dir.join("cone/summary.json"));
    assert_eq!(summary["algorithm"], "mapping cone", "{summary}");
    assert_eq!(
        summary["cofiber"]["base_algorithm"], "classical",
        "{summary}"
    );
    assert_eq!(json(&dir.join("cone/chart.json"))["prime"], 3);
    let o = resolve_file(dir, &file, (10, 4), "out", &["--algorithm", "nassau"]);
    assert_one_line_error(&o, 2, &["--algorithm nassau", "p = 3"]);
}

#[test]
fn adams_resolve_of_a_cofiber_file_agrees_with_the_independent_resolver() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    for name in ["C4", "Ceta2", "C2v14"] {
        let o = resolve_file(dir, &cofiber_file(name), (30, 12), name, &[]);
        assert!(o.status.success(), "adams resolve {name}: {}", stderr(&o));
        let err = stderr(&o);
        assert!(err.contains("classes only; products not computed"), "{err}");
        assert!(err.contains("mapping cone"), "{err}");
        assert_agrees(dir, &format!("{name}/ext.csv"), name);
        // summary.json: the cone, the class, the base run, no products.
        let summary = json(&dir.join(name).join("summary.json"));
        assert_eq!(summary["algorithm"], "mapping cone", "{summary}");
        let cofiber = &summary["cofiber"];
        assert_eq!(cofiber["base_max_s"], 13, "{summary}");
        assert!(cofiber["products"]
            .as_str()
            .unwrap()
            .starts_with("not computed"));
        let file = json(&cofiber_file(name));
        for key in ["s", "t", "idx"] {
            assert_eq!(cofiber[key], file["cofiber"][key], "{name}: {key}");
        }
        // chart.json: one class per dimension of ext.csv, no product keys.
        let table = read_table(&dir.join(name).join("ext.csv"));
        let chart = json(&dir.join(name).join("chart.json"));
        let classes = chart["classes"].as_array().unwrap();
        assert_eq!(classes.len(), table.dims.values().sum::<usize>(), "{name}");
        assert_eq!(summary["total_dim"], classes.len(), "{name}");
        for c in classes {
            for g in ["h0", "h1", "h2"] {
                assert!(c.get(g).is_none(), "{name}: a product key in {c}");
            }
        }
        // chart.svg: the dots, no product lines and no legend of them.
        let svg = fs::read_to_string(dir.join(name).join("chart.svg")).unwrap();
        assert_eq!(
            svg.matches(r#"<circle class="class""#).count(),
            classes.len()
        );
        for g in ["h0", "h1", "h2"] {
            assert!(!svg.contains(&format!(r#"<line class="{g}""#)), "{name}");
        }
        assert!(!svg.contains(r#"<line class="legend""#), "{name}");
    }
}

#[test]
fn a_cofiber_run_resumes_the_base_module_from_its_save_directory() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let file = cofiber_file("C2v14");
    let o = resolve_file(dir, &file, (16, 6), "small", &["--save-dir", "save"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // Larger: what the first run saved is loaded, the rest computed.
    let o = resolve_file(dir, &file, (24, 8), "resumed", &["--save-dir", "save"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let (loaded, bidegrees) = loaded(&o);
    assert!(loaded > 0 && loaded < bidegrees, "{loaded} of {bidegrees}");
    let summary = json(&dir.join("resumed/summary.json"));
    assert_eq!(summary["loaded_bidegrees"], loaded);
    let o = resolve_file(dir, &file, (24, 8), "fresh", &["-q"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let read = |d: &str| fs::read(dir.join(d).join("ext.csv")).unwrap();
    assert_eq!(read("resumed"), read("fresh"));
    assert_agrees(dir, "resumed/ext.csv", "C2v14");
    // A save directory of another base module (Ceta2's is the sphere) is refused.
    let o = resolve_file(
        dir,
        &cofiber_file("Ceta2"),
        (24, 8),
        "x",
        &["--save-dir", "save"],
    );
    assert_one_line_error(&o, 2, &["save directory", "module-hash"]);
    // adams certify DIR --module FILE certifies the base module's resolution (README:
    // --certify does not apply to a cofiber file, this does).
    let o = adams_in(
        dir,
        &["certify", "save", "--module", file.to_str().unwrap()],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("certified "), "{}", stdout(&o));
}

#[test]
fn bad_cofiber_keys_name_the_file_and_the_field() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let module = |cofiber: &str| {
        format!(
            r#"{{"p": 2, "type": "finite dimensional module", "gens": {{"x0": 0}}, "actions": [], "cofiber": {cofiber}}}"#
        )
    };
    let cases = [
        // Ext^{2,2}(F_2) is spanned by h0^2: idx 1 is out of range.
        (r#"{"s": 2, "t": 2, "idx": 1}"#, "cofiber.idx: 1"),
        // Ext^{2,3}(F_2) = 0 (h0 h1 = 0).
        (r#"{"s": 2, "t": 3, "idx": 0}"#, "cofiber.s, cofiber.t"),
        (
            r#"{"s": 2, "t": 2.5, "idx": 0}"#,
            "cofiber.t: not an integer",
        ),
        (
            r#"{"s": "2", "t": 2, "idx": 0}"#,
            "cofiber.s: not an integer",
        ),
        (r#"{"s": 2, "t": 2}"#, "cofiber.idx: not an integer"),
        (r#"{"s": 2, "t": 90, "idx": 0}"#, "outside the range"),
        // A misspelt key is refused, not ignored; the key must be an object.
        (
            r#"{"s": 2, "t": 2, "idx": 0, "index": 1}"#,
            "cofiber.index: unknown key",
        ),
        ("[2, 2, 0]", "cofiber: [2,2,0] is not an object"),
    ];
    for (cofiber, mention) in cases {
        fs::write(dir.join("Bad.json"), module(cofiber)).unwrap();
        // -q: the class is checked against Ext once the base module is resolved, after
        // the progress line.
        let o = resolve_file(dir, Path::new("Bad.json"), (20, 6), "out", &["-q"]);
        assert_one_line_error(&o, 2, &["Bad.json", mention]);
    }
    let c4 = cofiber_file("C4");
    for (flag, mention) in [
        (&["--certify"][..], "--certify"),
        (&["--algebra", "A(1)"][..], "--algebra"),
        (&["--names", "bundled"][..], "--names"),
        (
            &["--smash", "C2"][..],
            "--smash: a cofiber file is resolved on its own",
        ),
    ] {
        let o = resolve_file(dir, &c4, (10, 4), "out", flag);
        assert_one_line_error(&o, 2, &["cofiber_C4.json", mention]);
    }
    // Shifted, dualized, or as the other factor of --smash: said so.
    let shifted = format!("{}[2]", c4.display());
    let dual = format!("dual:{}", c4.display());
    let other = ["--smash", c4.to_str().unwrap()];
    for (module, extra) in [
        (&shifted, &[][..]),
        (&dual, &[]),
        (&"C2".to_string(), &other),
    ] {
        let o = resolve_file(dir, Path::new(module), (10, 4), "out", extra);
        assert_one_line_error(&o, 2, &["cofiber_C4.json", "not shifted (FILE[k])"]);
    }
}

/// The class is read as a map onto the one cell in degree 0 (the field's reading): a
/// module with no cell there (`S^1`: `h0^2` at `(s, t) = (2, 3)`) or two cells there is
/// refused naming the file and `gens`, not with a message about the range.
#[test]
fn a_cofiber_file_needs_one_cell_in_degree_zero() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    for (gens, t, cells) in [
        (r#"{"x0": 1}"#, 3, "0 cells"),
        (r#"{"x0": 0, "x1": 0}"#, 2, "2 cells"),
    ] {
        let text = format!(
            r#"{{"p": 2, "type": "finite dimensional module", "gens": {gens}, "actions": [], "cofiber": {{"s": 2, "t": {t}, "idx": 0}}}}"#
        );
        fs::write(dir.join("Cells.json"), text).unwrap();
        let o = resolve_file(dir, Path::new("Cells.json"), (20, 6), "out", &["-q"]);
        assert_one_line_error(&o, 2, &["Cells.json: gens", cells, "degree 0"]);
    }
}
