//! `adams resolve` of the field's other module types: projective
//! spaces and finitely presented modules (at p = 2 and 3), truncated to the range, against
//! independent reference tables (`tests/data/ext/`) and James periodicity.

use crate::common;

use std::fs;
use std::path::Path;

use common::{
    adams_in, assert_one_line_error, differences, read_table, reference_ext, resolve, Table,
};

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

#[test]
fn ext_of_a_mod_e0_and_a_mod_a1_at_p3_is_ext_over_the_subalgebra() {
    // Change of rings at p = 3 (A is free over its sub-Hopf algebras: Milnor–Moore):
    // Ext_A(A//E(0)) = Ext_{E(0)}(F_3) = F_3[a_0], a_0 in (stem, s) = (0, 1) (Ravenel,
    // "Complex cobordism", Lemma 3.1.9), the a_0-tower in stem 0 and nothing else; and
    // Ext_A(A//A(1)) = Ext_{A(1)}(F_3), the independent resolver's table over A(1)
    // (tests/data/ext/A1_3.csv).
    let reference = read_table(&reference_ext("A1_3"));
    let (max_stem, max_s) = reference.complete.expect("range line");
    let e0 = r#"{"p": 3, "type": "finitely presented module", "gens": {"x0": 0},
        "adem_relations": ["b x0"]}"#;
    let ours = ext_of("A-mod-E0", e0, max_stem, max_s);
    for (&(stem, s), &dim) in &ours.dims {
        assert_eq!((stem, dim), (0, 1), "A//E(0) at (stem {stem}, s {s})");
    }
    assert_eq!(
        ours.dims.len(),
        max_s as usize + 1,
        "the tower s = 0 … {max_s}"
    );
    let a1 = r#"{"p": 3, "type": "finitely presented module", "gens": {"x0": 0},
        "adem_relations": ["b x0", "P1 x0"]}"#;
    let ours = ext_of("A-mod-A1-3", a1, max_stem, max_s);
    assert_agree("A//A(1) at p = 3", &ours, &reference, max_stem, max_s);
}

/// The sum of tables (Ext of a wedge is the sum of the Ext's).
fn sum(tables: &[Table]) -> Table {
    let mut dims = std::collections::BTreeMap::new();
    for t in tables {
        for (&k, &d) in &t.dims {
            *dims.entry(k).or_insert(0) += d;
        }
    }
    Table {
        complete: None,
        dims,
    }
}

/// `BZ/2^k` for k ≥ 2 (the file's `exponent`): `H^*(BZ/4; F_2) = E[x] ⊗ F_2[y]` with
/// `Sq^1 x = 0` and `Sq(y) = y + y^2`, so `x·F_2[y]` is a submodule and the reduced
/// cohomology is `H̃^*(CP^∞) ⊕ Σ H^*(CP^∞_+)`, i.e. of `CP_1^∞ ∨ S^1 ∨ Σ CP_1^∞`: its Ext
/// is the sum of the reference tables of `CP_1^∞` and the sphere, shifted as they are
/// (tests/data/ext, by an independent resolver). `exponent: 1` stays `RP^∞`.
#[test]
fn bz4_is_a_sum_of_shifted_complex_projective_spaces_and_bz2_stays_rp_infinity() {
    let (max_stem, max_s) = (30, 12);
    let sphere = read_table(&reference_ext("S_2"));
    let cp = read_table(&reference_ext("CP_1_inf"));
    let bz4 = ext_of(
        "BZ4",
        r#"{"p": 2, "type": "classifying space BCp", "min": 1, "exponent": 2}"#,
        max_stem,
        max_s,
    );
    let expected = sum(&[shifted(&sphere, 1), shifted(&cp, 0), shifted(&cp, 1)]);
    assert_agree("BZ/4", &bz4, &expected, max_stem, max_s);
    // Every k ≥ 2 gives the same module.
    let bz8 = ext_of(
        "BZ8",
        r#"{"p": 2, "type": "classifying space BCp", "min": 1, "exponent": 3}"#,
        max_stem,
        max_s,
    );
    assert_agree("BZ/8", &bz8, &expected, max_stem, max_s);
    let rp = read_table(&reference_ext("RP_1_inf"));
    let bz2 = ext_of(
        "BZ2",
        r#"{"p": 2, "type": "classifying space BCp", "min": 1, "exponent": 1}"#,
        max_stem,
        max_s,
    );
    assert_agree("BZ/2", &bz2, &rp, max_stem, max_s);
}

/// `binom(n, m) mod p` by exact integer arithmetic (no Lucas digits).
fn binom_mod(n: u32, m: u32, p: u32) -> u32 {
    if m > n {
        return 0;
    }
    let mut c: u128 = 1;
    for i in 0..m {
        c = c * u128::from(n - i) / u128::from(i + 1);
    }
    (c % u128::from(p)) as u32
}

/// The module file of `F_3[y]^{>0}` through degree `top`, `|y| = 2`, with
/// `P^n y^k = binom(k, n) y^{k+2n}` (`P(y) = y + y^3` and Cartan) computed here from the
/// binomials, for `n = 1, 3, 9`.
fn polynomial_part_at_3(top: u32) -> String {
    let mut gens = Vec::new();
    let mut actions = Vec::new();
    for k in 1..=top / 2 {
        gens.push(format!(r#""y{k}": {}"#, 2 * k));
        for n in [1u32, 3, 9] {
            let c = binom_mod(k, n, 3);
            if c != 0 && k + 2 * n <= top / 2 {
                actions.push(format!(r#""P{n} y{k} = {c} y{}""#, k + 2 * n));
            }
        }
    }
    format!(
        r#"{{"p": 3, "type": "finite dimensional module", "gens": {{{}}}, "actions": [{}]}}"#,
        gens.join(", "),
        actions.join(", ")
    )
}

/// The field's `"complex projective space"` at p = 3: `H̃^*(CP^∞; F_3) = F_3[y]^{>0}`
/// (Steenrod–Epstein ch. VI: `P(y) = y + y^3`, no Bockstein), so `CP_1^∞` has the Ext of the
/// module file [`polynomial_part_at_3`] writes out; a real projective space at p = 3 is
/// refused with the reason (its cells are joined by 2, a unit mod 3).
#[test]
fn complex_projective_space_at_p3_is_its_polynomial_part() {
    let (max_stem, max_s) = (40, 10);
    let cp = ext_of(
        "CP3",
        r#"{"p": 3, "type": "complex projective space", "min": 1}"#,
        max_stem,
        max_s,
    );
    let py = ext_of("Py", &polynomial_part_at_3(52), max_stem, max_s);
    assert_agree("CP_1^inf at p = 3", &cp, &py, max_stem, max_s);
    let dir = tempfile::tempdir().unwrap();
    let rp = r#"{"p": 3, "type": "real projective space", "min": 1}"#;
    fs::write(dir.path().join("RP3.json"), rp).unwrap();
    let o = adams_in(dir.path(), &["resolve", "RP3.json", "--max-stem", "10"]);
    assert_one_line_error(&o, 2, &["RP3.json", "a unit mod p"]);
}

/// `BZ/9` (p = 3, `exponent` 2): the first Bockstein vanishes, so the reduced cohomology
/// is `Σ F_3 ⊕ F_3[y]^{>0} ⊕ x·F_3[y]^{>0}` with `P^n y^k = binom(k, n) y^{k+2n}` on both
/// (Cartan, `P(y) = y + y^3`): compared with the sum of the sphere's reference table and
/// the Ext of a module file of `F_3[y]^{>0}` whose actions this test computes from the
/// binomials directly.
#[test]
fn bz9_has_no_bockstein_and_splits_off_its_polynomial_part() {
    let (max_stem, max_s, top) = (40, 10, 52);
    let py = ext_of("Py", &polynomial_part_at_3(top), max_stem, max_s);
    let sphere = read_table(&reference_ext("S_3"));
    let bz9 = ext_of(
        "BZ9",
        r#"{"p": 3, "type": "classifying space BCp", "min": 1, "exponent": 2}"#,
        max_stem,
        max_s,
    );
    let expected = sum(&[shifted(&sphere, 1), shifted(&py, 0), shifted(&py, 1)]);
    assert_agree("BZ/9", &bz9, &expected, max_stem, max_s);
    // And BZ/3 (with β) is not that: its own reference table.
    let bz3 = ext_of(
        "BZ3",
        r#"{"p": 3, "type": "classifying space BCp", "min": 1}"#,
        max_stem,
        max_s,
    );
    assert_agree(
        "BZ/3",
        &bz3,
        &read_table(&reference_ext("BC3")),
        max_stem,
        max_s,
    );
    assert!(!differences(&bz3, &bz9, max_stem, max_s).is_empty());
}
