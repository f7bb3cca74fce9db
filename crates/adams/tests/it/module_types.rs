//! `adams resolve` of the field's other module types: projective
//! spaces and finitely presented modules, truncated to the range, against
//! independent reference tables (`tests/data/ext/`) and James periodicity.

use crate::common;

use std::fs;
use std::path::Path;

use common::{differences, read_table, reference_ext, resolve, Table};

/// Write `text` as `dir/NAME.json` and return the path.
fn module_file(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(format!("{name}.json"));
    fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

/// `table` with every stem moved by `by` (a suspension moves Ext^{s,t} to t + by).
fn shifted(table: &Table, by: i32) -> Table {
    Table {
        complete: table.complete.map(|(n, s)| (n + by, s)),
        dims: table
            .dims
            .iter()
            .map(|(&(n, s), &d)| ((n + by, s), d))
            .collect(),
    }
}

/// Resolve `text` (a module file) through stem `max_stem`, `s ≤ max_s`.
fn ext_of(name: &str, text: &str, max_stem: i32, max_s: u32) -> Table {
    let dir = tempfile::tempdir().unwrap();
    let file = module_file(dir.path(), name, text);
    let out = dir.path().join("out");
    resolve(&file, max_stem, max_s, &out_dir(&out), &["--no-chart"]).0
}

fn out_dir(p: &Path) -> std::path::PathBuf {
    fs::create_dir_all(p).unwrap();
    p.to_path_buf()
}

fn assert_agree(what: &str, ours: &Table, reference: &Table, max_stem: i32, max_s: u32) {
    let diff = differences(ours, reference, max_stem, max_s);
    assert!(
        diff.is_empty(),
        "{what}: (stem, s, ours, reference): {diff:?}"
    );
    let nonzero = ours
        .dims
        .keys()
        .filter(|(n, s)| *n <= max_stem && *s <= max_s)
        .count();
    assert!(nonzero > 20, "{what}: only {nonzero} nonzero bidegrees");
}

#[test]
fn rp_1_2_and_rp_minus1_0_are_the_moore_spectrum_suspended() {
    // Sq1 x_1 = binom(1, 1) x_2 and Sq1 x_{-1} = binom(-1, 1) x_0 (binom(-1, 1) = -1):
    // both are C2 with its bottom cell moved to 1 and to -1.
    let c2 = read_table(&reference_ext("C2"));
    let rp12 = r#"{"p": 2, "type": "real projective space", "min": 1, "max": 2}"#;
    let ours = ext_of("RP_1_2", rp12, 31, 15);
    assert_agree("RP_1^2", &ours, &shifted(&c2, 1), 31, 15);
    let rp10 = r#"{"p": 2, "type": "real projective space", "min": -1, "max": 0}"#;
    let ours = ext_of("RP_-1_0", rp10, 29, 15);
    assert_agree("RP_-1^0", &ours, &shifted(&c2, -1), 29, 15);
}

#[test]
fn james_periodicity_of_stunted_projective_spaces() {
    // RP_{n+2^L}^{n+2^L+k} is the 2^L-fold suspension of RP_n^{n+k} when 2^L > k
    // (binom(i + 2^L, j) = binom(i, j) mod 2 for j < 2^L; James, "Spaces associated
    // with Stiefel manifolds", Proc. LMS 9 (1959)); through stem 20, s ≤ 8 only cells
    // up to degree 28 above the bottom can matter.
    for (n, name) in [(1, "RP_inf"), (-4, "RP_-4_inf")] {
        let low = format!(r#"{{"p": 2, "type": "real projective space", "min": {n}}}"#);
        let high = format!(
            r#"{{"p": 2, "type": "real projective space", "min": {}, "shift": -64}}"#,
            n + 64
        );
        let a = ext_of(name, &low, 20, 8);
        let b = ext_of("RP_high", &high, 20, 8);
        assert_agree(name, &a, &b, 20, 8);
        // And not a table of zeros: RP_1^∞ has h0-towers' worth of classes.
        assert!(a.dims.values().sum::<usize>() > 30);
    }
}

#[test]
fn ext_of_a_mod_a1_and_a_mod_a2_is_ext_over_the_subalgebra() {
    // Change of rings: Ext_A(A ⊗_B F_2) = Ext_B(F_2) for a sub-Hopf algebra B (A is
    // free over B: Milnor–Moore). B = A(1): the Adams E2 page of ko
    // (tests/data/ext/ko.csv); B = A(2): that of tmf (tmf2.csv), both from an
    // independent resolver over the sub-algebra.
    let a_mod_a1 = r#"{"p": 2, "type": "finitely presented module", "gens": {"x0": 0},
        "adem_relations": ["Sq1 x0", "Sq2 x0"], "milnor_relations": ["P(1) x0", "P(2) x0"]}"#;
    let a_mod_a2 = r#"{"p": 2, "type": "finitely presented module", "gens": {"x0": 0},
        "adem_relations": ["Sq1 x0", "Sq2 x0", "Sq4 x0"],
        "milnor_relations": ["P(1) x0", "P(2) x0", "P(4) x0"]}"#;
    for (name, text, reference) in [
        ("A-mod-Sq1-Sq2", a_mod_a1, "ko"),
        ("A-mod-Sq1-Sq2-Sq4", a_mod_a2, "tmf2"),
    ] {
        let ours = ext_of(name, text, 30, 15);
        assert_agree(name, &ours, &read_table(&reference_ext(reference)), 30, 15);
    }
}
