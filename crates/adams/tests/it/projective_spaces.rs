//! `adams resolve` of RP_1^∞, RP_{-4}^∞ and CP^∞ (truncated to
//! the range) agrees with published low stems and with an independent resolver's tables
//! (`tests/data/ext/{RP_1_inf,RP_-4_inf,CP_1_inf}.csv`, provenance on their first lines:
//! sseq's `resolve_through_stem` on `tests/data/sseq-input/`).

use crate::common;

use std::fs;

use common::{differences, read_table, reference_ext, resolve, Table};

const RP_1_INF: &str = r#"{"p": 2, "type": "real projective space", "min": 1}"#;
const RP_MINUS_4_INF: &str = r#"{"p": 2, "type": "real projective space", "min": -4}"#;
const CP_1_INF: &str = r#"{"p": 2, "type": "complex projective space", "min": 1}"#;

/// The range of the independent tables: stem ≤ 40, s ≤ 20.
const MAX_STEM: i32 = 40;
const MAX_S: u32 = 20;

/// `adams resolve` of the module file `text` (written as `NAME.json`) through stem
/// `MAX_STEM`, `s ≤ MAX_S`.
fn resolved(name: &str, text: &str) -> Table {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(format!("{name}.json"));
    fs::write(&file, text).unwrap();
    let out = dir.path().join("out");
    fs::create_dir_all(&out).unwrap();
    resolve(
        file.to_str().unwrap(),
        MAX_STEM,
        MAX_S,
        &out,
        &["--no-chart"],
    )
    .0
}

fn dim(table: &Table, stem: i32, s: u32) -> usize {
    table.dims.get(&(stem, s)).copied().unwrap_or(0)
}

/// `Σ_s dim Ext^{s, stem + s}` over the whole range `s ≤ MAX_S`.
fn stem_total(table: &Table, stem: i32) -> usize {
    (0..=MAX_S).map(|s| dim(table, stem, s)).sum()
}

/// (b): agreement with the independent resolver's table `reference` on every bidegree.
fn assert_agrees_with_independent_table(what: &str, ours: &Table, reference: &str) {
    let theirs = read_table(&reference_ext(reference));
    assert_eq!(theirs.complete, Some((MAX_STEM, MAX_S)), "{reference}.csv");
    let diff = differences(ours, &theirs, MAX_STEM, MAX_S);
    assert!(diff.is_empty(), "{what}: (stem, s, ours, sseq): {diff:?}");
    assert!(theirs.dims.len() > 200, "{reference}.csv: too few rows");
}

/// High in the range only `h0`-towers are left: `dim Ext^{20, n + 20}` is the dimension
/// of the `Q_0 = Sq^1` Margolis homology `H(M; Q_0)` in degree `n`, for stems `n` from the
/// bottom cell `b` through `b + 24`. Above a line of slope 1/2 multiplication by `h0` is
/// an isomorphism (Adams, "A periodicity theorem in homological algebra", Proc. Cambridge
/// Philos. Soc. 62 (1966)), and `h0^{-1} Ext_A(M) = F_2[h0^{±1}] ⊗ H(M; Q_0)` (Margolis,
/// "Spectra and the Steenrod algebra", 1983). `s = 20` lies well above that line for
/// stems within 24 of the bottom cell: by the long exact sequences of the cells, a class
/// there comes from the sphere's classes with `s ≥ 19` and stem ≤ 25, and the sphere's
/// only classes with `s ≥ 14` and stem ≤ 25 are its `h0`-tower (tests/data/ext/S_2.csv).
fn assert_towers(what: &str, ours: &Table, bottom: i32, towers: &[i32]) {
    for stem in bottom..=bottom + 24 {
        let expected = usize::from(towers.contains(&stem));
        assert_eq!(dim(ours, stem, 20), expected, "{what}: (stem {stem}, s 20)");
    }
}

#[test]
fn rp_1_inf_agrees_with_liulevicius_and_the_independent_table() {
    let ours = resolved("RP_inf", RP_1_INF);
    // (a) Liulevicius, "A theorem in homological algebra and stable homotopy of
    // projective spaces", Trans. AMS 109 (1963): π_n^s(RP^∞) for n = 1 … 9 is
    // Z/2, Z/2, Z/8, Z/2, 0, Z/2, Z/16 ⊕ Z/2, (Z/2)^3, (Z/2)^4. RP^∞ is connective of
    // finite type with 2-torsion integral homology, so the Adams spectral sequence
    // converges to these finite 2-groups: Σ_s dim E_∞^{s, n+s} = log2 |π_n^s|. E_∞ is a
    // subquotient of E_2, so a stem's E_2 total is at least that, and equal exactly when
    // no differential enters or leaves the stem. None does in stems 1 … 9: the
    // independent resolver's E_2 (tests/data/ext/RP_1_inf.csv) has exactly these totals.
    let log2_orders = [1, 1, 3, 1, 0, 1, 5, 3, 4];
    for (n, &log2) in (1..).zip(log2_orders.iter()) {
        assert_eq!(stem_total(&ours, n), log2, "RP_1^∞, stem {n}");
    }
    // Ext^0 is the A-indecomposables of H^*(RP^∞): x_n with n + 1 a power of 2
    // (Sq^j x_{n−j} = binom(n−j, j) x_n; the one-variable case of the hit problem, e.g.
    // Wood, "Problems in the Steenrod algebra", Bull. LMS 30 (1998)).
    for stem in 1..=MAX_STEM {
        let indecomposable = (stem + 1).count_ones() == 1;
        assert_eq!(
            dim(&ours, stem, 0),
            usize::from(indecomposable),
            "stem {stem}"
        );
    }
    // Sq^1 x_{2k−1} = x_{2k}: H(RP_1^∞; Q_0) = 0, no towers.
    assert_towers("RP_1^∞", &ours, 1, &[]);
    assert_agrees_with_independent_table("RP_1^∞", &ours, "RP_1_inf");
}

#[test]
fn rp_minus_4_inf_agrees_with_the_independent_table() {
    let ours = resolved("RP_-4_inf", RP_MINUS_4_INF);
    // Sq^1 x_i = i x_{i+1}: H(RP_{-4}^∞; Q_0) is spanned by x_{-4} alone (x_{-4} is
    // hit by nothing and Sq^1 x_{-4} = 0): one h0-tower, in stem −4 (the Thom spectrum
    // of −4 times the canonical line bundle has one Z in its rational homology).
    assert_towers("RP_{-4}^∞", &ours, -4, &[-4]);
    // Ext^0: the indecomposables x_{-4}, x_{-3}, x_{-1}: x_{-2} = Sq^1 x_{-3},
    // x_0 = Sq^1 x_{-1}, and every x_i with i > 0 is Sq^j x_{i−j} for a j with
    // binom(i − j, j) odd (e.g. x_3 = Sq^4 x_{-1}, binom(−1, 4) = 1).
    for stem in -4..=MAX_STEM {
        let indecomposable = [-4, -3, -1].contains(&stem);
        assert_eq!(
            dim(&ours, stem, 0),
            usize::from(indecomposable),
            "stem {stem}"
        );
    }
    assert_agrees_with_independent_table("RP_{-4}^∞", &ours, "RP_-4_inf");
}

#[test]
fn cp_inf_agrees_with_the_independent_table() {
    let ours = resolved("CP_inf", CP_1_INF);
    // Ext^0 is the A-indecomposables of H^*(CP^∞): y_i (degree 2i) with i + 1 a power
    // of 2 (Sq^{2j} y_{i−j} = binom(i−j, j) y_i: the hit problem for RP^∞ with degrees
    // doubled): stems 2, 6, 14, 30.
    for stem in 1..=MAX_STEM {
        let expected = usize::from([2, 6, 14, 30].contains(&stem));
        assert_eq!(dim(&ours, stem, 0), expected, "CP^∞, (stem {stem}, s 0)");
    }
    // H_*(CP^∞; Z) is Z in each even degree and Sq^1 = 0: one h0-tower in every even
    // stem ≥ 2, none in odd stems.
    let even: Vec<i32> = (1..=13).map(|k| 2 * k).collect();
    assert_towers("CP^∞", &ours, 2, &even);
    assert_agrees_with_independent_table("CP^∞", &ours, "CP_1_inf");
}
