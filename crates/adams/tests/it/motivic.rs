//! `adams resolve S_2 --motivic`: the files of a C-motivic run against Isaksen–Wang–Xu's
//! machine-generated table (`tests/data/motivic/S_2_iwx.csv`, provenance in
//! tests/data/README.md) in every (stem, s, weight, τ-torsion) of the range, and the
//! refusals (exit 2, one line).

use std::collections::BTreeMap;
use std::path::Path;

use crate::common::{adams_in, assert_one_line_error, ok, repository_root, resolve_in};

/// `(stem, s, w, tau_torsion) ↦ count`.
type Counts = BTreeMap<(i32, u32, i32, String), usize>;

/// `(stem, s, w, tau_torsion) ↦ count` of a motivic ext.csv, within `stem ≤ max_stem`,
/// `s ≤ max_s`; and its first line.
fn counts(path: &Path, max_stem: i32, max_s: u32) -> (String, Counts) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = BTreeMap::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("stem"))
    {
        let f: Vec<&str> = line.split(',').collect();
        let (n, s): (i32, u32) = (f[0].parse().unwrap(), f[1].parse().unwrap());
        assert_eq!(
            f[2].parse::<i32>().unwrap(),
            n + s as i32,
            "t = stem + s in {line}"
        );
        if n <= max_stem && s <= max_s {
            out.insert(
                (n, s, f[3].parse().unwrap(), f[4].to_string()),
                f[5].parse().unwrap(),
            );
        }
    }
    (text.lines().next().unwrap_or_default().to_string(), out)
}

#[test]
fn the_sphere_agrees_with_isaksen_wang_xu_through_stem_40() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("mot");
    ok(resolve_in(
        dir.path(),
        "S_2",
        40,
        20,
        out.to_str().unwrap(),
        &["--motivic", "--no-chart", "--quiet"],
    ));
    let (first, ours) = counts(&out.join("ext.csv"), 40, 20);
    assert!(
        first.starts_with("# complete for stem <= 40, s <= 20; C-motivic"),
        "{first}"
    );
    let reference = repository_root().join("tests/data/motivic/S_2_iwx.csv");
    let (_, iwx) = counts(&reference, 40, 20);
    assert_eq!(ours, iwx);
    // Every generator is listed once in generators.csv, each product naming generators.
    let gens = std::fs::read_to_string(out.join("generators.csv")).unwrap();
    let rows: Vec<&str> = gens
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("id"))
        .collect();
    assert_eq!(rows.len(), ours.values().sum::<usize>());
    for row in &rows {
        for product in row.split(',').skip(7) {
            for term in product.split(" + ").filter(|t| !t.is_empty() && *t != "?") {
                let id: usize = term
                    .rsplit('{')
                    .next()
                    .unwrap()
                    .trim_end_matches('}')
                    .parse()
                    .unwrap();
                assert!(id < rows.len(), "{row}");
            }
        }
    }
    for file in ["ctau.csv", "chart.svg"] {
        assert!(out.join(file).is_file(), "{file}");
    }
}

#[test]
fn refusals_are_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("o");
    let out = out.to_str().unwrap();
    let o = resolve_in(dir.path(), "C2", 20, 10, out, &["--motivic"]);
    assert_one_line_error(&o, 2, &["--motivic", "C2", "only the sphere S_2"]);
    let o = resolve_in(dir.path(), "S_2", 20, 10, out, &["--motivic", "--certify"]);
    assert_one_line_error(&o, 2, &["--certify is not available for C-motivic runs"]);
    let save = dir.path().join("save");
    let o = resolve_in(
        dir.path(),
        "S_2",
        20,
        10,
        out,
        &["--motivic", "--save-dir", save.to_str().unwrap()],
    );
    assert_one_line_error(&o, 2, &["--save-dir"]);
    let o = resolve_in(dir.path(), "S_2", 500, 20, out, &["--motivic"]);
    assert_one_line_error(&o, 2, &["--max-stem 500", "beyond its tables"]);
    let o = resolve_in(dir.path(), "S_2", -1, 3, out, &["--motivic"]);
    assert_one_line_error(&o, 2, &["--max-stem -1", "bottom class"]);
    for flag in [["--format", "tikz"], ["--lines", "h0"], ["--labels", "all"]] {
        let o = resolve_in(
            dir.path(),
            "S_2",
            10,
            5,
            out,
            &["--motivic", flag[0], flag[1]],
        );
        assert_one_line_error(&o, 2, &[flag[0], "not available for C-motivic runs"]);
    }
    // A module file named S_2 that is not the sphere (C2's cells) is refused, not replaced
    // by the bundled sphere.
    let fake = dir.path().join("fake");
    std::fs::create_dir(&fake).unwrap();
    std::fs::copy(crate::common::project_module("C2"), fake.join("S_2.json")).unwrap();
    let args = ["--motivic", "--modules-dir", fake.to_str().unwrap()];
    let o = resolve_in(dir.path(), "S_2", 10, 5, out, &args);
    assert_one_line_error(&o, 2, &["only the sphere"]);
    let o = adams_in(
        dir.path(),
        &["resolve", "S_2", "--motivic", "--algorithm", "nassau"],
    );
    assert_one_line_error(&o, 2, &["--algorithm nassau"]);
}
