//! The field's module types beyond "finite dimensional module": real
//! and complex projective spaces and finitely presented modules (at p = 2 and p = 3),
//! truncated to a top degree, built as finite modules.

use crate::common::projective;

use fp::{FpVector, FqVector};
use steenrod::module::{AnyModule, FiniteModule, LoadOptions, ModuleError};
use steenrod::{MilnorAlgebra, PPart};

use crate::common;
use fp::ValidPrime;

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

/// A module file read at p = 3, truncated to `top`.
fn load3(
    text: &str,
    top: Option<i32>,
) -> Result<FiniteModule<MilnorAlgebra<ValidPrime>>, ModuleError> {
    let options = LoadOptions {
        shift: 0,
        top_degree: top,
    };
    FiniteModule::<MilnorAlgebra<ValidPrime>>::from_text_with("fp3.json", text, &options)
}

/// `Σ dim V_t x^t` through `top` for `V = F_p[y_d : d ∈ polynomial] ⊗ E[z_d : d ∈ exterior]`
/// (a generator of degree `d` for each entry).
fn poincare_series(polynomial: &[usize], exterior: &[usize], top: usize) -> Vec<i64> {
    let mut c = vec![0i64; top + 1];
    c[0] = 1;
    for &d in polynomial {
        for t in d..=top {
            c[t] += c[t - d];
        }
    }
    for &d in exterior {
        for t in (d..=top).rev() {
            c[t] += c[t - d];
        }
    }
    c
}

#[test]
fn a_mod_e0_and_a_mod_a1_at_p3_have_the_dimensions_of_their_duals() {
    // The dual of A//B = A ⊗_B F_p is the subalgebra A_* □_{B_*} F_p of Milnor's
    // A_* = P(ξ_1, ξ_2, …) ⊗ E(τ_0, τ_1, …), |ξ_i| = 2(p^i − 1), |τ_i| = 2p^i − 1
    // (Milnor 1958, Theorem 3; Milnor–Moore). At p = 3: for B = E(0) = ⟨β⟩ it is
    // P(ξ_1, ξ_2, ξ_3) ⊗ E(τ_1, τ_2, τ_3) through degree 60; for B = A(1) = ⟨β, P^1⟩
    // (B_* = E(τ_0, τ_1) ⊗ P(ξ_1)/(ξ_1^3)), P(ξ_1^3, ξ_2, ξ_3) ⊗ E(τ_2, τ_3).
    let top = 60;
    let e0 = r#"{"p": 3, "type": "finitely presented module", "gens": {"x0": 0},
        "adem_relations": ["b x0"], "milnor_relations": ["Q_0 x0"]}"#;
    let a1 = r#"{"p": 3, "type": "finitely presented module", "gens": {"x0": 0},
        "adem_relations": ["b x0", "P1 x0"]}"#;
    for (text, polynomial, exterior) in [
        (e0, &[4, 16, 52][..], &[5, 17, 53][..]),
        (a1, &[12, 16, 52][..], &[17, 53][..]),
    ] {
        let m = load3(text, Some(top)).unwrap();
        let expected = poincare_series(polynomial, exterior, top as usize);
        for t in 0..=top {
            assert_eq!(m.dim(t) as i64, expected[t as usize], "{text}: degree {t}");
        }
        assert!(m.total_dim() > 20, "not a small module: {}", m.total_dim());
    }
    // The basis is named by the Milnor basis element on the generator.
    let m = load3(e0, Some(top)).unwrap();
    assert_eq!(m.basis_name(0, 0), "x0");
    assert_eq!(m.basis_name(4, 0), "P(1)x0");
    assert_eq!(m.basis_name(5, 0), "Q(1)x0");
}

/// `a·x` in `m` for the Milnor basis element `a` of `A_d` and the `x`-th basis element
/// of `M_t`.
fn act3(
    m: &FiniteModule<MilnorAlgebra<ValidPrime>>,
    d: u32,
    a: usize,
    t: i32,
    x: usize,
) -> Vec<u32> {
    let mut out = FqVector::zero(m.prime(), m.dim(t + d as i32));
    m.act_on_basis_at(d, a, t, x, 1, &mut out, 0);
    (0..out.len()).map(|i| out.entry(i)).collect()
}

#[test]
fn cyclic_presentations_at_p3_give_f3_and_the_moore_spectrum() {
    // F_3 = A/A·(β, P^1, P^3, P^9): β and the P^(3^k) generate A (Milnor 1958, §6), so
    // the left ideal they generate is all of positive degree.
    let f3 = r#"{"p": 3, "type": "finitely presented module", "gens": {"x0": 0},
        "adem_relations": ["b x0", "P1 x0", "P3 x0", "P9 x0"]}"#;
    assert_eq!(load3(f3, Some(40)).unwrap().total_dim(), 1);
    // C3 = A/A·(P^(3^k), P^(3^k) β : k ≥ 0): a monomial in the generators of degree ≥ 2
    // ends in P^(3^k), in P^(3^k) β, or in β β = 0, so the ideal is A_{≥2}; this is the
    // bundled C3 (cells x0, x1 = β x0).
    let c3 = r#"{"p": 3, "type": "finitely presented module", "gens": {"x0": 0},
        "adem_relations": ["P1 x0", "P3 x0", "P9 x0", "P1 b x0", "P3 b x0", "P9 b x0"]}"#;
    let ours = load3(c3, Some(40)).unwrap();
    let bundled = FiniteModule::<MilnorAlgebra<ValidPrime>>::from_bundled_module("C3").unwrap();
    assert_eq!((ours.min_degree(), ours.max_degree()), (0, 1));
    assert_eq!((ours.dim(0), ours.dim(1)), (1, 1));
    assert_eq!(ours.basis_name(1, 0), "Q(0)x0");
    assert_eq!(act3(&ours, 1, 0, 0, 0), act3(&bundled, 1, 0, 0, 0));
    assert_eq!(act3(&ours, 1, 0, 0, 0), [1]);
    // Coefficients: β x0 + y1 = 0 says β x0 = −y1 = 2 y1; every other positive-degree
    // element is killed (A_{>0} y1 by its relations, A_{>0} β x0 = −A_{>0} y1).
    let two = r#"{"p": 3, "type": "finitely presented module", "gens": {"x0": 0, "y1": 1},
        "adem_relations": ["b x0 + y1", "P1 x0", "P3 x0", "b y1", "P1 y1", "P3 y1"]}"#;
    let m = load3(two, Some(30)).unwrap();
    assert_eq!(m.total_dim(), 2);
    assert_eq!(m.basis_name(1, 0), "y1");
    assert_eq!(act3(&m, 1, 0, 0, 0), [2]);
    // The same with the coefficient written: 2 β x0 + 2 y1 spans the same relation.
    let written = two.replace("\"b x0 + y1\"", "\"2 b x0 + 2 y1\"");
    assert_eq!(act3(&load3(&written, Some(30)).unwrap(), 1, 0, 0, 0), [2]);
}

#[test]
fn finitely_presented_modules_at_p3_refuse_bad_relations() {
    let message = |relation: &str, top| {
        let text = format!(
            r#"{{"p": 3, "type": "finitely presented module", "gens": {{"x0": 0}}, "adem_relations": ["{relation}"]}}"#
        );
        match load3(&text, top) {
            Ok(_) => panic!("{relation} is refused"),
            Err(e) => e.to_string(),
        }
    };
    assert!(message("b x0", None)
        .starts_with("fp3.json: type: a finitely presented module is infinite"),);
    assert_eq!(
        message("b y0", Some(10)),
        r#"fp3.json: adem_relations[0] "b y0": unknown generator "y0""#
    );
    assert_eq!(
        message("b x0 + P1 x0", Some(10)),
        r#"fp3.json: adem_relations[0] "b x0 + P1 x0": its terms lie in different degrees (1 and 4)"#
    );
    assert_eq!(
        message("3 b x0", Some(10)),
        r#"fp3.json: adem_relations[0] "3 b x0": the coefficient "3" is not an integer from 0 to 2 (coefficients are written reduced mod p = 3)"#
    );
    assert!(message("-1 b x0", Some(10)).contains(r#"the coefficient "-1" is not an integer"#));
    assert!(message("Sq1 x0", Some(10))
        .contains(r#"unknown operation "Sq1" (Sq^i is the notation at p = 2)"#));
    assert_eq!(
        message("x0", Some(10)),
        "fp3.json: gens: the relations kill every element of degree at most 10"
    );
}
