//! The field's module types beyond "finite dimensional module": real
//! and complex projective spaces and finitely presented modules, truncated to a
//! top degree, built as finite modules.

use crate::common::projective;

use fp::FpVector;
use steenrod::module::{AnyModule, FiniteModule, LoadOptions, ModuleError};
use steenrod::{MilnorAlgebra, PPart};

use crate::common;

fn load(name: &str, text: &str, top: Option<i32>) -> Result<FiniteModule, ModuleError> {
    let options = LoadOptions {
        shift: 0,
        top_degree: top,
    };
    FiniteModule::from_json_str_with(name, text, &options)
}

/// `Sq(R)` on the `x`-th basis element of `M_t`.
fn act(m: &FiniteModule, r: &PPart, t: i32, x: usize) -> FpVector {
    let d = r.degree();
    let mut out = FpVector::new(m.dim(t + d as i32));
    let j = m.algebra().index_of(r);
    m.act_on_basis(d, j, t, x, &mut out);
    out
}

/// Every Milnor basis element acts on every basis element alike in `a` and `b`
/// (same basis names in each degree, same order).
fn assert_same_module(a: &FiniteModule, b: &FiniteModule) {
    assert_eq!(
        (a.min_degree(), a.max_degree()),
        (b.min_degree(), b.max_degree())
    );
    let (lo, hi) = (a.min_degree(), a.max_degree());
    for t in lo..=hi {
        assert_eq!(a.dim(t), b.dim(t), "dim in degree {t}");
        for x in 0..a.dim(t) {
            assert_eq!(a.basis_name(t, x), b.basis_name(t, x));
            for d in 0..=(hi - t) as u32 {
                for r in a.algebra().basis(d) {
                    assert_eq!(act(a, r, t, x), act(b, r, t, x), "{r} on degree {t}");
                }
            }
        }
    }
}

/// `binom(n, k) mod 2` from the exact binomial (`n ≤ 60`): independent of Lucas.
fn exact(n: u128, k: u128) -> bool {
    if k > n {
        return false;
    }
    let c = (0..k).fold(1u128, |acc, m| acc * (n - m) / (m + 1));
    c % 2 == 1
}

/// `binom(i, j)` mod 2 for any integer `i`: `(−1)^j binom(j − i − 1, j)` when `i < 0`.
fn binom(i: i32, j: i32) -> bool {
    if i >= 0 {
        exact(i as u128, j as u128)
    } else {
        exact((j - i - 1) as u128, j as u128)
    }
}

#[test]
fn real_projective_space_is_the_stunted_projective_space_file() {
    for (lo, hi) in [(1, 15), (-4, 10), (-9, 0)] {
        let text =
            format!(r#"{{"p": 2, "type": "real projective space", "min": {lo}, "max": {hi}}}"#);
        let m = load("RP.json", &text, None).unwrap();
        let file = load("RP_file.json", &projective::projective(lo, hi), None).unwrap();
        assert_same_module(&m, &file);
    }
}

#[test]
fn infinite_real_projective_spaces_are_truncated_to_the_top_degree() {
    let rp = r#"{ "p": 2, "type": "real projective space", "min": 1 }"#;
    let m = load("RP_inf.json", rp, Some(20)).unwrap();
    assert_eq!((m.min_degree(), m.max_degree(), m.total_dim()), (1, 20, 20));
    assert_same_module(
        &m,
        &load("f.json", &projective::projective(1, 20), None).unwrap(),
    );
    let rp = r#"{ "p": 2, "type": "real projective space", "min": -4 }"#;
    let m = load("RP_-4_inf.json", rp, Some(12)).unwrap();
    assert_eq!((m.min_degree(), m.max_degree()), (-4, 12));
    // Sq^j x_i = binom(i, j) x_{i+j} for every j, with the extended binomial.
    for i in -4..=12 {
        for j in 0..=(12 - i) {
            let sq = act(&m, &PPart::from_slice(&[j as u32]), i, 0);
            assert_eq!(sq.get(0), binom(i, j), "Sq{j} x{i}");
        }
    }
    // A max below the top wins; a shift moves the truncation.
    let rp4 = r#"{ "p": 2, "type": "real projective space", "min": 1, "max": 4, "shift": 3 }"#;
    let m = load("RP4.json", rp4, Some(6)).unwrap();
    assert_eq!((m.min_degree(), m.max_degree(), m.total_dim()), (4, 6, 3));
}

#[test]
fn complex_projective_space_has_the_binomial_even_squares() {
    let cp = r#"{ "p": 2, "type": "complex projective space", "min": 1 }"#;
    let m = load("CP_inf.json", cp, Some(41)).unwrap();
    assert_eq!((m.min_degree(), m.max_degree(), m.total_dim()), (2, 40, 20));
    assert_eq!(m.dim(3), 0);
    for i in 1..=20 {
        for j in 0..=(40 - 2 * i) {
            let sq = act(&m, &PPart::from_slice(&[j as u32]), 2 * i, 0);
            let expected = j % 2 == 0 && binom(i, j / 2);
            assert_eq!(!sq.is_zero(), expected, "Sq{j} y{i}");
        }
    }
    // CP^2 is the cone on eta: Sq2 y1 = binom(1, 1) y2.
    let cp2 = r#"{ "p": 2, "type": "complex projective space", "min": 1, "max": 2 }"#;
    let m = load("CP2.json", cp2, None).unwrap();
    assert!(act(&m, &PPart::from_slice(&[2]), 2, 0).get(0));
}

#[test]
fn projective_spaces_refuse_what_they_cannot_build() {
    let rp = r#""p": 2, "type": "real projective space""#;
    for (keys, top, expected) in [
        (
            r#""min": 1"#,
            None,
            "RP.json: max: missing: the space is infinite",
        ),
        (
            "",
            Some(4),
            "RP.json: min: missing (the index of the bottom cell)",
        ),
        (
            r#""min": 3, "max": 1"#,
            None,
            "RP.json: max: 1 is below min = 3",
        ),
        (
            r#""min": -16, "max": -1, "clear_bottom": true"#,
            None,
            "RP.json: key \"clear_bottom\" is not supported",
        ),
        (
            r#""min": 1"#,
            Some(500),
            "RP.json: max: the cells kept run from degree 1 to 500, a span of 499; at most 128",
        ),
        (
            r#""min": 5"#,
            Some(4),
            "RP.json: gens: every generator lies above degree 4",
        ),
        (
            r#""min": 1, "gens": {}"#,
            None,
            "RP.json: unknown key \"gens\"",
        ),
    ] {
        let text = if keys.is_empty() {
            format!("{{{rp}}}")
        } else {
            format!("{{{rp}, {keys}}}")
        };
        let e = load("RP.json", &text, top).unwrap_err().to_string();
        assert!(e.starts_with(expected), "{text}: {e}");
    }
    let text = r#"{"p": 2, "type": "finite dimensional module", "gens": {"x": 0}, "min": 1}"#;
    let e = load("RP.json", text, None).unwrap_err().to_string();
    assert_eq!(e, "RP.json: unknown key \"min\"");
    let e = AnyModule::from_json_str(
        "RP3.json",
        r#"{"p": 3, "type": "real projective space", "min": 1}"#,
    )
    .unwrap_err()
    .to_string();
    assert_eq!(
        e,
        r#"RP3.json: type "real projective space" is not supported; at an odd prime the real projective space's cells are joined by 2, a unit mod p, so its mod p cohomology is that of at most two spheres: write those cells as a "finite dimensional module" (for BZ/p, the type "classifying space BCp")"#
    );
}

/// `dim` of `A//B = A ⊗_B F_2` in degrees `0..=top`, from the Poincaré series
/// `P(A)/P(B)` (A is free over its sub-Hopf algebra B: Milnor–Moore, "On the
/// structure of Hopf algebras", Ann. of Math. 81 (1965), Thm 4.4). `b` is `P(B)`.
fn quotient_dims(top: u32, b: &[i64]) -> Vec<i64> {
    let a = MilnorAlgebra::new(top);
    let mut q = vec![0i64; top as usize + 1];
    for t in 0..=top as usize {
        let mut v = a.dim(t as u32) as i64;
        for k in 1..b.len().min(t + 1) {
            v -= b[k] * q[t - k];
        }
        q[t] = v;
    }
    q
}

/// `Π (1 − t^(2^e_i · d_i)) / (1 − t^{d_i})`, `d_i = 2^i − 1`: the Poincaré
/// polynomial of the sub-Hopf algebra with profile `e` (its dual is
/// `F_2[ξ_i]/(ξ_i^{2^e_i})`, `|ξ_i| = 2^i − 1`).
fn profile_polynomial(e: &[u32]) -> Vec<i64> {
    let mut p = vec![1i64];
    for (i, &ei) in e.iter().enumerate() {
        let d = (1usize << (i + 1)) - 1;
        let mut next = vec![0i64; p.len() + d * ((1 << ei) - 1)];
        for (k, &c) in p.iter().enumerate() {
            for m in 0..(1usize << ei) {
                next[k + m * d] += c;
            }
        }
        p = next;
    }
    p
}

#[test]
fn a_mod_a1_and_a_mod_a2_have_the_dimensions_of_a_tensor_over_the_subalgebra() {
    let a1 = r#"{"p": 2, "type": "finitely presented module", "gens": {"x0": 0},
        "adem_relations": ["Sq1 x0", "Sq2 x0"], "milnor_relations": ["P(1) x0", "P(2) x0"]}"#;
    let a2 = r#"{"p": 2, "type": "finitely presented module", "gens": {"x0": 0},
        "adem_relations": ["Sq1 x0", "Sq2 x0", "Sq4 x0"], "milnor_relations": ["P(1) x0", "P(2) x0", "P(4) x0"]}"#;
    for (text, profile) in [(a1, vec![2, 1]), (a2, vec![3, 2, 1])] {
        let m = load("A-mod.json", text, Some(40)).unwrap();
        let expected = quotient_dims(40, &profile_polynomial(&profile));
        for t in 0..=40 {
            assert_eq!(m.dim(t) as i64, expected[t as usize], "degree {t}");
        }
        assert_eq!(m.basis_name(0, 0), "x0");
    }
    // Only one list is needed; relations above the top are dropped.
    let only = r#"{"p": 2, "type": "finitely presented module", "gens": {"x0": 0},
        "milnor_relations": ["P(1) x0", "P(2) x0", "P(0, 0, 0, 0, 1) x0"]}"#;
    let m = load("A-mod.json", only, Some(12)).unwrap();
    let expected = quotient_dims(12, &profile_polynomial(&[2, 1]));
    assert!((0..=12).all(|t| m.dim(t) as i64 == expected[t as usize]));
}

#[test]
fn a_cyclic_presentation_of_a_finite_module_gives_that_module() {
    // F_2 = A/A·(Sq1, Sq2, Sq4, …): the left ideal is all of positive degree.
    let text = r#"{"p": 2, "type": "finitely presented module", "gens": {"x0": 0},
        "adem_relations": ["Sq1 x0", "Sq2 x0", "Sq4 x0", "Sq8 x0", "Sq16 x0"]}"#;
    let m = load("F2.json", text, Some(31)).unwrap();
    assert_eq!(m.total_dim(), 1);
    // C2 = A/A·(Sq^(2^k), Sq^(2^k) Sq1 : k ≥ 1): every monomial in the Sq^(2^j) of
    // degree ≥ 2 ends in one of these (Sq1 Sq1 = 0), so the ideal is A_{≥2}.
    let text = r#"{"p": 2, "type": "finitely presented module", "gens": {"x0": 0},
        "adem_relations": ["Sq2 x0", "Sq4 x0", "Sq8 x0", "Sq16 x0",
                           "Sq2 Sq1 x0", "Sq4 Sq1 x0", "Sq8 Sq1 x0", "Sq16 Sq1 x0"]}"#;
    let m = load("C2.json", text, Some(31)).unwrap();
    assert_eq!(m.total_dim(), 2);
    assert_eq!(m.basis_name(1, 0), "Sq(1)x0");
    assert!(act(&m, &PPart::from_slice(&[1]), 0, 0).get(0));
}

#[test]
fn finitely_presented_modules_refuse_bad_relations() {
    let message = |text: &str, top| load("fp.json", text, top).unwrap_err().to_string();
    let text = r#"{"p": 2, "type": "finitely presented module", "gens": {"x0": 0}, "adem_relations": ["Sq1 x0"]}"#;
    let e = message(text, None);
    assert!(
        e.starts_with("fp.json: type: a finitely presented module is infinite"),
        "{e}"
    );
    let text = r#"{"p": 2, "type": "finitely presented module", "gens": {"x0": 0}, "adem_relations": ["Sq1 y0"]}"#;
    assert_eq!(
        message(text, Some(10)),
        r#"fp.json: adem_relations[0] "Sq1 y0": unknown generator "y0""#
    );
    let text = r#"{"p": 2, "type": "finitely presented module", "gens": {"x0": 0, "x1": 1}, "adem_relations": ["Sq2 x0 + Sq2 x1"]}"#;
    assert!(message(text, Some(10)).contains("its terms lie in different degrees (2 and 3)"));
    let text = r#"{"p": 2, "type": "finitely presented module", "gens": {"x0": 0},
        "adem_relations": ["Sq1 x0"], "milnor_relations": ["P(2) x0"]}"#;
    assert_eq!(
        message(text, Some(10)),
        "fp.json: milnor_relations: spans another submodule than adem_relations in degree 1 (the two lists must present the same module)"
    );
    let text = r#"{"p": 2, "type": "finitely presented module", "gens": {"x0": 0}, "adem_relations": ["x0"]}"#;
    assert_eq!(
        message(text, Some(10)),
        "fp.json: gens: the relations kill every element of degree at most 10"
    );
}

#[test]
fn the_fields_files_of_these_types_load_truncated() {
    let Some(dir) = common::field_modules_dir("the field's files of other types") else {
        return;
    };
    // (file, top degree, dimension kept: RP_min^30 has 31 − min cells).
    for (name, dim) in [
        ("RP_inf", Some(30)),
        ("RP_-4_inf", Some(35)),
        ("A-mod-Sq1-Sq2", None),
        ("A-mod-Sq1-Sq2-Sq4", None),
        ("j", None),
    ] {
        let options = LoadOptions {
            shift: 0,
            top_degree: Some(30),
        };
        let m = FiniteModule::load_with(&dir.join(format!("{name}.json")), &options)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(m.max_degree() <= 30 && m.total_dim() > 3, "{name}");
        if let Some(dim) = dim {
            assert_eq!(m.total_dim(), dim, "{name}");
        }
    }
}
