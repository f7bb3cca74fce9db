//! `adams resolve` of the field's `"classifying space BCp"`: `BZ/3` against the
//! independent resolver's table (tests/data/README.md), the stable splitting of `BZ/p`
//! into `p − 1` summands (Holzsager), and `BZ/2 = RP^∞`.

use crate::common;

use std::collections::BTreeMap;

use common::*;

fn write(dir: &std::path::Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn bz3_agrees_with_the_independent_resolver() {
    let reference = read_table(&reference_ext("BC3"));
    let (max_stem, max_s) = reference.complete.expect("range line");
    let dir = tempfile::tempdir().unwrap();
    let file = write(
        dir.path(),
        "BC3.json",
        r#"{"p": 3, "type": "classifying space BCp", "min": 1}"#,
    );
    let (ours, _) = resolve(&file, max_stem, max_s, dir.path(), &[]);
    let diff = differences(&ours, &reference, max_stem, max_s);
    assert!(diff.is_empty(), "(stem, s, ours, reference): {diff:?}");
    assert!(ours.dims.len() > 200, "{} bidegrees", ours.dims.len());
}

/// The reduced cohomology of `BZ/p` split by degree: the cells in degrees `≡ 2i − 1, 2i`
/// mod `2(p − 1)`, as a finite module file in the field's format (cells `lo ..= top`),
/// written here from the formulas (`β(x y^k) = y^{k+1}`, `P^n y^k = binom(k, n)
/// y^{k+n(p−1)}`, the same on `x y^k`; binomials by Pascal's rule).
fn summand(p: u32, i: u32, top: u32) -> String {
    let q = 2 * (p - 1);
    let keep = |d: u32| d >= 1 && (d % q == (2 * i - 1) % q || d % q == (2 * i) % q);
    let name = |d: u32| format!("c{d}");
    let mut pascal = vec![vec![1u32]];
    for k in 1..=top {
        let prev = &pascal[k as usize - 1];
        let mut row = vec![1u32; k as usize + 1];
        for j in 1..k as usize {
            row[j] = (prev[j - 1] + prev[j]) % p;
        }
        pascal.push(row);
    }
    let binom = |k: u32, n: u32| pascal[k as usize].get(n as usize).copied().unwrap_or(0);
    let cells: Vec<u32> = (1..=top).filter(|&d| keep(d)).collect();
    let gens: Vec<String> = cells
        .iter()
        .map(|&d| format!("\"{}\": {d}", name(d)))
        .collect();
    let mut actions = Vec::new();
    for &d in &cells {
        if d % 2 == 1 && d < top {
            actions.push(format!("\"b {} = {}\"", name(d), name(d + 1)));
        }
        let mut n = 1;
        while d + n * q <= top {
            let c = binom(d / 2, n);
            if c != 0 {
                actions.push(format!("\"P{n} {} = {c} {}\"", name(d), name(d + n * q)));
            }
            n *= p;
        }
    }
    format!(
        r#"{{"p": {p}, "type": "finite dimensional module", "gens": {{{}}}, "actions": [{}]}}"#,
        gens.join(", "),
        actions.join(", ")
    )
}

/// Holzsager, "Stable splitting of K(G,1)", Proc. AMS 31 (1972): `Σ^∞ BZ/p` splits into
/// `p − 1` summands, the `i`-th with cohomology in degrees `≡ 2i − 1, 2i` mod `2(p − 1)`.
/// So Ext of `BZ/p` is the sum of the summands' Ext, each resolved alone here (and each
/// summand is not zero: the chart really splits).
#[test]
fn bzp_splits_into_p_minus_1_summands() {
    for (p, max_stem, max_s) in [(3u32, 40, 10u32), (5, 50, 8)] {
        let dir = tempfile::tempdir().unwrap();
        let top = (max_stem + max_s as i32) as u32;
        let whole = write(
            dir.path(),
            "BC.json",
            &format!(r#"{{"p": {p}, "type": "classifying space BCp", "min": 1}}"#),
        );
        let (ours, _) = resolve(&whole, max_stem, max_s, dir.path(), &[]);
        let mut sum: BTreeMap<(i32, u32), usize> = BTreeMap::new();
        for i in 1..p {
            let out = dir.path().join(format!("out{i}"));
            std::fs::create_dir(&out).unwrap();
            let file = write(dir.path(), &format!("X{i}.json"), &summand(p, i, top));
            let (part, _) = resolve(&file, max_stem, max_s, &out, &[]);
            assert!(part.dims.len() > 5, "summand {i} at p = {p} is not zero");
            for (k, v) in part.dims {
                *sum.entry(k).or_insert(0) += v;
            }
        }
        assert_eq!(
            ours.dims, sum,
            "p = {p}: Ext of BZ/p and the sum of its summands"
        );
    }
}

/// At p = 2 the type is `BZ/2 = RP^∞`: the same table as `"real projective space"`.
#[test]
fn bz2_is_rp_infinity() {
    let dir = tempfile::tempdir().unwrap();
    let bc2 = write(
        dir.path(),
        "BC2.json",
        r#"{"p": 2, "type": "classifying space BCp", "min": 1}"#,
    );
    let rp = write(
        dir.path(),
        "RP.json",
        r#"{"p": 2, "type": "real projective space", "min": 1}"#,
    );
    let (a, _) = resolve(&bc2, 30, 10, dir.path(), &[]);
    let out = dir.path().join("rp");
    std::fs::create_dir(&out).unwrap();
    let (b, _) = resolve(&rp, 30, 10, &out, &[]);
    assert_eq!(a.dims, b.dims);
    assert!(a.dims.len() > 50);
}
