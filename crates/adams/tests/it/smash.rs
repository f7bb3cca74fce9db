//! `adams resolve MODULE --smash OTHER`: the smash product's Ext
//! against the product written out as a module file and resolved directly.

use crate::common;

use std::fs;

use common::{
    adams_in, assert_one_line_error, differences, read_table, reference_ext, resolve, resolve_in,
    Table,
};

fn ext(module: &str, extra: &[&str], max_stem: i32, max_s: u32) -> Table {
    let dir = tempfile::tempdir().unwrap();
    resolve(module, max_stem, max_s, dir.path(), extra).0
}

fn assert_agree(what: &str, ours: &Table, reference: &Table, max_stem: i32, max_s: u32) {
    let diff = differences(ours, reference, max_stem, max_s);
    assert!(
        diff.is_empty(),
        "{what}: (stem, s, ours, reference): {diff:?}"
    );
    assert!(
        ours.dims.len() > 20,
        "{what}: only {} nonzero bidegrees",
        ours.dims.len()
    );
}

#[test]
fn c2_smash_ceta_agrees_with_the_product_written_out() {
    // Our copy of the field's C2_sm_Ceta.json (the Cartan formula done by hand:
    // Sq2 (x1*x0) = Sq1 x1 * Sq1 x0 + x1 * Sq2 x0 = x1*x2).
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("C2_sm_Ceta.json");
    fs::write(
        &file,
        r#"{"p": 2, "type": "finite dimensional module",
            "gens": {"x0*x0": 0, "x1*x0": 1, "x0*x2": 2, "x1*x2": 3},
            "actions": ["Sq1 x0*x0 = x1*x0", "Sq2 x0*x0 = x0*x2", "Sq2 x1*x0 = x1*x2", "Sq1 x0*x2 = x1*x2"]}"#,
    )
    .unwrap();
    let direct = ext(file.to_str().unwrap(), &[], 30, 15);
    let smashed = ext("C2", &["--smash", "Ceta"], 30, 15);
    assert_agree("C2 --smash Ceta", &smashed, &direct, 30, 15);
    // Shifts that cancel, with a negative bottom cell: the factors are truncated
    // through what the product can see.
    let shifted = ext("C2[-5]", &["--smash", "Ceta[5]"], 30, 15);
    assert_agree("C2[-5] --smash Ceta[5]", &shifted, &direct, 30, 15);
}

#[test]
fn the_sphere_is_a_unit() {
    let ceta = read_table(&reference_ext("Ceta"));
    for (module, other) in [("Ceta", "S_2"), ("S_2", "Ceta")] {
        let ours = ext(module, &["--smash", other], 30, 15);
        assert_agree(&format!("{module} --smash {other}"), &ours, &ceta, 30, 15);
    }
    // Repeated: S_2 ∧ C2 ∧ S_2 is C2.
    let c2 = read_table(&reference_ext("C2"));
    let ours = ext("S_2", &["--smash", "C2", "--smash", "S_2"], 30, 15);
    assert_agree("S_2 --smash C2 --smash S_2", &ours, &c2, 30, 15);
}

#[test]
fn factors_at_two_primes_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    for (module, other) in [("C2", "C3"), ("C3", "C2"), ("C3", "S_5")] {
        let o = resolve_in(
            dir.path(),
            module,
            10,
            4,
            out.to_str().unwrap(),
            &["--smash", other],
        );
        assert_one_line_error(&o, 2, &[module, other, "one prime"]);
    }
}

#[test]
fn c3_smash_c3_is_c3_plus_its_suspension() {
    // By the Cartan formula with its sign (β(x0*x0) = x0*x1 + x1*x0, β(x0*x1) = x1*x1,
    // β(x1*x0) = −x1*x1), the A-module H^*(C3 ∧ C3) is the direct sum of the span of
    // x0*x0, x0*x1 + x1*x0 (a copy of C3: β(x0*x1 + x1*x0) = 0) and of x0*x1, x1*x1 (a
    // copy of ΣC3) — at p odd, unlike C2 ∧ C2 at p = 2 (Sq^2 joins its cells). Ext of a
    // direct sum is the sum: rank (stem, s) of C3 ∧ C3 is that of C3 at (stem, s) plus
    // that of C3 at (stem − 1, s). A wrong sign would give a cyclic module instead.
    let (max_stem, max_s) = (40, 12);
    let smashed = ext("C3", &["--smash", "C3"], max_stem, max_s);
    let c3 = ext("C3", &[], max_stem, max_s);
    let mut sum = Table {
        complete: None,
        dims: Default::default(),
    };
    for (&(stem, s), &d) in &c3.dims {
        *sum.dims.entry((stem, s)).or_insert(0) += d;
        *sum.dims.entry((stem + 1, s)).or_insert(0) += d;
    }
    assert_agree("C3 --smash C3", &smashed, &sum, max_stem, max_s);
    // The Cartan formula's sign written out by hand (β(x1*x0) = −x1*x1) gives the same.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("C3_sm_C3.json");
    fs::write(
        &file,
        r#"{"p": 3, "type": "finite dimensional module",
            "gens": {"x0*x0": 0, "x0*x1": 1, "x1*x0": 1, "x1*x1": 2},
            "actions": ["b x0*x0 = x0*x1 + x1*x0", "b x0*x1 = x1*x1", "b x1*x0 = 2 x1*x1"]}"#,
    )
    .unwrap();
    let direct = ext(file.to_str().unwrap(), &[], max_stem, max_s);
    assert_agree("C3_sm_C3.json", &smashed, &direct, max_stem, max_s);
}

#[test]
fn a_smash_product_saves_resumes_and_certifies() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("save");
    let save = save.to_str().unwrap();
    for stem in [12, 16] {
        let out = dir.path().join(format!("out{stem}"));
        let o = resolve_in(
            dir.path(),
            "C2",
            stem,
            6,
            out.to_str().unwrap(),
            &["--smash", "Ceta", "--save-dir", save],
        );
        assert_eq!(o.status.code(), Some(0), "{}", common::stderr(&o));
    }
    let o = common::adams_in(
        dir.path(),
        &["certify", save, "--module", "C2", "--smash", "Ceta"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", common::stderr(&o));
    assert!(
        common::stdout(&o).contains("of C2_sm_Ceta"),
        "{}",
        common::stdout(&o)
    );
    // Without the factor, the module is another one: refused.
    let o = common::adams_in(dir.path(), &["certify", save, "--module", "C2"]);
    assert_one_line_error(&o, 2, &["module-hash", "C2_sm_Ceta"]);
}

#[test]
fn a_factor_over_a_sub_hopf_algebra_is_refused_not_dropped() {
    // ko is the sphere over A(1): its product with C2 is not C2 over A (the profile
    // would be lost), so it is refused naming the profile.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let o = adams_in(
        dir.path(),
        &[
            "resolve",
            "ko",
            "--smash",
            "C2",
            "--max-stem",
            "10",
            "--max-s",
            "4",
            "--output",
            out.to_str().unwrap(),
        ],
    );
    assert_one_line_error(&o, 2, &["ko_sm_C2", "profile", "sub-Hopf algebra"]);
}
