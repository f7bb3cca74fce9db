//! `adams resolve` against the independent reference tables in `tests/data/ext/`,
//! compared bidegree by bidegree; the modules are the project's own files in `modules/`.

use crate::common;

use common::*;

#[test]
fn sphere_agrees_with_the_reference_through_stem_40() {
    let dir = tempfile::tempdir().unwrap();
    let (ours, chart) = resolve("S_2", 40, 20, dir.path(), &[]);
    let reference = read_table(&reference_ext("S_2"));
    let diff = differences(&ours, &reference, 40, 20);
    assert!(diff.is_empty(), "(stem, s, ours, reference): {diff:?}");
    // Landmarks, so that an empty or truncated table cannot pass: h0^20, h1, h2,
    // h3, c0 (stem 8, s 3), and h4 at stem 15.
    for (stem, s) in [(0, 20), (1, 1), (3, 1), (7, 1), (8, 3), (15, 1)] {
        assert_eq!(
            ours.dims.get(&(stem, s)),
            Some(&1),
            "Ext at stem {stem}, s {s}"
        );
    }
    assert!(
        ours.dims.len() > 100,
        "only {} nonzero bidegrees",
        ours.dims.len()
    );
    // The chart's bottom row (s = 0) is Hom_A(F_2, F_2): the unit at stem 0 only,
    // one mark per stem 0..=40.
    let bottom = chart
        .lines()
        .find(|l| l.trim_start().starts_with("0 |"))
        .expect("row s = 0");
    let marks: Vec<&str> = bottom
        .split_once('|')
        .unwrap()
        .1
        .split_whitespace()
        .collect();
    assert_eq!(marks.len(), 41, "{bottom:?}");
    assert!(
        marks[0] == "1" && marks[1..].iter().all(|m| *m == "."),
        "{bottom:?}"
    );

    // The binary's own verify agrees with the reference too.
    let csv = dir.path().join("ext.csv");
    let o = adams_in(
        dir.path(),
        &[
            "verify",
            csv.to_str().unwrap(),
            "--against",
            reference_ext("S_2").to_str().unwrap(),
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    assert!(stdout(&o).contains("agree"), "{}", stdout(&o));
}

/// Resolve the reference module `name` over the range stated in the first line
/// of its reference table and compare there.
fn agrees_with_reference_over_its_stated_range(name: &str, module_arg: &str, extra: &[&str]) {
    let reference = read_table(&reference_ext(name));
    let (max_stem, max_s) = reference
        .complete
        .unwrap_or_else(|| panic!("{name}.csv has no `# complete for` line"));
    let dir = tempfile::tempdir().unwrap();
    let (ours, _) = resolve(module_arg, max_stem, max_s, dir.path(), extra);
    let diff = differences(&ours, &reference, max_stem, max_s);
    assert!(
        diff.is_empty(),
        "{name}: (stem, s, ours, reference): {diff:?}"
    );
    assert!(
        ours.dims.len() > 50,
        "{name}: only {} nonzero bidegrees",
        ours.dims.len()
    );
}

#[test]
fn moore_spectrum_c2_agrees_with_the_reference() {
    // By path to the module file.
    let path = project_module("C2");
    agrees_with_reference_over_its_stated_range("C2", path.to_str().unwrap(), &[]);
}

#[test]
fn cone_on_eta_agrees_with_the_reference() {
    // By name, found in --modules-dir.
    let modules = project_modules_dir();
    agrees_with_reference_over_its_stated_range(
        "Ceta",
        "Ceta",
        &["--modules-dir", modules.to_str().unwrap()],
    );
}

#[test]
fn cnu_csigma_and_joker_resolve_through_stem_40() {
    for name in ["Cnu", "Csigma", "Joker"] {
        let dir = tempfile::tempdir().unwrap();
        let path = project_module(name);
        let (ours, chart) = resolve(path.to_str().unwrap(), 40, 20, dir.path(), &[]);
        // Each has one bottom cell, in degree 0: Ext^{0,0} = Hom_A(M, F_2)_0 = F_2.
        assert_eq!(ours.dims.get(&(0, 0)), Some(&1), "{name}: Ext^(0,0)");
        assert!(
            ours.dims.keys().all(|&(stem, s)| stem <= 40 && s <= 20),
            "{name}: out of range"
        );
        assert!(
            ours.dims.len() > 50,
            "{name}: only {} nonzero bidegrees",
            ours.dims.len()
        );
        assert!(
            chart.contains(&format!("of {name} over")),
            "{name}: chart title: {chart}"
        );
    }
}

#[test]
fn sphere_at_3_agrees_with_the_reference_through_stem_100() {
    // The README's command: `adams resolve S_3 --max-stem 100 --max-s 40` (the bundled
    // S_3; the table's stated range is stem ≤ 100, s ≤ 40).
    agrees_with_reference_over_its_stated_range("S_3", "S_3", &[]);
}

#[test]
fn sphere_at_5_agrees_with_the_reference_through_stem_100() {
    agrees_with_reference_over_its_stated_range("S_5", "S_5", &[]);
}

#[test]
fn calpha_agrees_with_the_reference_and_is_certified() {
    agrees_with_reference_over_its_stated_range("Calpha", "Calpha", &["--certify"]);
}
