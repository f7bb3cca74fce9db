//! The convention "the file gives Sq^(2^k); everything else is derived":
//! derived Sq^i, composites and Milnor elements against independent formulas.

use crate::common;

use fp::FpVector;
use steenrod::module::{bundled, bundled_names, FiniteModule};
use steenrod::PPart;

fn unit(m: &FiniteModule, t: i32, x: usize) -> FpVector {
    FpVector::from_ones(m.dim(t), &[x])
}

/// `Sq(R)` on `v ∈ M_t`.
fn milnor(m: &FiniteModule, r: &[u32], t: i32, v: &FpVector) -> FpVector {
    let p = PPart::from_slice(r);
    let d = p.degree();
    let mut out = FpVector::new(m.dim(t + d as i32));
    if t + d as i32 > m.max_degree() {
        return out;
    }
    let j = m.algebra().index_of(&p);
    for x in v.iter_ones() {
        m.act_on_basis(d, j, t, x, &mut out);
    }
    out
}

fn sq(m: &FiniteModule, i: u32, t: i32, v: &FpVector) -> FpVector {
    milnor(m, &[i], t, v)
}

/// `Sq^{i_1} … Sq^{i_k} x` (rightmost first).
fn composite(m: &FiniteModule, ops: &[u32], name: &str) -> (i32, FpVector) {
    let (mut t, x) = m.basis_element(name).unwrap();
    let mut v = unit(m, t, x);
    for &i in ops.iter().rev() {
        v = sq(m, i, t, &v);
        t += i as i32;
    }
    (t, v)
}

fn named(m: &FiniteModule, t: i32, names: &[&str]) -> FpVector {
    let mut v = FpVector::new(m.dim(t));
    for n in names {
        let (tt, i) = m.basis_element(n).unwrap();
        assert_eq!(tt, t);
        v.flip(i);
    }
    v
}

fn joker() -> FiniteModule {
    FiniteModule::from_json_str("Joker.json", bundled("Joker").unwrap()).unwrap()
}

#[test]
fn joker_composites() {
    let m = joker();
    // Sq2 Sq2 x0 = Sq2 x2 = x4; Sq3 Sq1 x0 = Sq3 x1 = Sq1 Sq2 x1 = Sq1 x3 = x4.
    assert_eq!(composite(&m, &[2, 2], "x0"), (4, named(&m, 4, &["x4"])));
    assert_eq!(composite(&m, &[3, 1], "x0"), (4, named(&m, 4, &["x4"])));
    // Sq3 = Sq1 Sq2 (Adem), so Sq3 x0 = Sq1 x2 = 0, and Sq3 x1 = x4.
    assert_eq!(composite(&m, &[3], "x0"), (3, named(&m, 3, &[])));
    assert_eq!(composite(&m, &[3], "x1"), (4, named(&m, 4, &["x4"])));
    // Sq4 is a generator not listed: zero.
    assert_eq!(composite(&m, &[4], "x0"), (4, named(&m, 4, &[])));
    // Q1 = Sq(0,1) = Sq3 + Sq2 Sq1: Q1 x0 = 0 + Sq2 x1 = x3; Q1 x1 = Sq3 x1 + 0 = x4.
    let (t0, x0) = m.basis_element("x0").unwrap();
    let q1_x0 = milnor(&m, &[0, 1], t0, &unit(&m, t0, x0));
    let mut adem = composite(&m, &[3], "x0").1;
    adem.add(&composite(&m, &[2, 1], "x0").1);
    assert_eq!(q1_x0, adem);
    assert_eq!(q1_x0, named(&m, 3, &["x3"]));
    let (t1, x1) = m.basis_element("x1").unwrap();
    assert_eq!(
        milnor(&m, &[0, 1], t1, &unit(&m, t1, x1)),
        named(&m, 4, &["x4"])
    );
    // Sq(1)·Sq(0,1) = Sq(1,1) (one Milnor matrix), so Sq(1,1) x0 = Sq1 (Q1 x0) = Sq1 x3 = x4.
    assert_eq!(
        milnor(&m, &[1, 1], t0, &unit(&m, t0, x0)),
        named(&m, 4, &["x4"])
    );
}

#[test]
fn act_on_basis_out_of_range_is_zero_and_leaves_out_alone() {
    let m = joker();
    let mut out = FpVector::new(0);
    m.act_on_basis(2, 0, 3, 0, &mut out); // Sq2 x3 would be in degree 5
    m.act_on_basis(1, 0, -1, 0, &mut out); // below the module
    assert_eq!(out.len(), 0);
    // Degree 0 is the identity.
    let mut out = FpVector::new(1);
    m.act_on_basis(0, 0, 2, 0, &mut out);
    assert_eq!(out, FpVector::from_ones(1, &[0]));
    m.act_on_basis(0, 0, 2, 0, &mut out);
    assert!(out.is_zero(), "act_on_basis adds into out");
}

#[test]
#[should_panic(expected = "out of range")]
fn act_on_basis_rejects_a_bad_operation_index() {
    let m = joker();
    let mut out = FpVector::new(1);
    m.act_on_basis(2, 1, 0, 0, &mut out); // A_2 has one basis element
}

/// RP^{lo..hi}, classes a^n with `Sq^i a^n = binom(n, i) a^{n+i}`, written with
/// only the Sq^(2^k) listed. Then every Sq(R) must act by the multinomial
/// `Sq(R) a^n = (n; n − Σr, r_1, r_2, …) a^{n + |R|}` (Milnor's coaction
/// `a ↦ Σ a^{2^i} ⊗ ξ_i`), odd iff the parts have disjoint binary digits.
fn projective_space(lo: i32, hi: i32) -> String {
    let gens: Vec<String> = (lo..=hi).map(|n| format!("\"a{n}\": {n}")).collect();
    let mut actions = Vec::new();
    for n in lo..=hi {
        let mut i = 1;
        while n + i <= hi {
            // binom(n, i) mod 2 for n possibly negative: binom(n, i) = (−1)^i binom(i − n − 1, i).
            let odd = if n >= 0 {
                (i & !n) == 0
            } else {
                (i & !(i - n - 1)) == 0
            };
            if odd {
                actions.push(format!("\"Sq{i} a{n} = a{}\"", n + i));
            }
            i *= 2;
        }
    }
    format!(
        "{{\"p\": 2, \"type\": \"finite dimensional module\", \"gens\": {{{}}}, \"actions\": [{}]}}",
        gens.join(", "),
        actions.join(", ")
    )
}

#[test]
fn projective_space_milnor_actions_match_the_multinomial_formula() {
    let m = FiniteModule::from_json_str("RP1_15.json", &projective_space(1, 15)).unwrap();
    let a = m.algebra();
    let mut nonzero = 0;
    for n in 1..=15i32 {
        for d in 0..=(15 - n) as u32 {
            for (j, r) in a.basis(d).iter().enumerate() {
                let mut out = FpVector::new(m.dim(n + d as i32));
                m.act_on_basis(d, j, n, 0, &mut out);
                let sum: u32 = r.as_slice().iter().sum();
                let expected = sum <= n as u32 && {
                    let mut seen = n as u32 - sum;
                    r.as_slice().iter().all(|&x| {
                        let ok = seen & x == 0;
                        seen |= x;
                        ok
                    })
                };
                assert_eq!(out.get(0), expected, "{r} a{n}");
                nonzero += usize::from(expected);
            }
        }
    }
    assert!(nonzero > 50);
}

#[test]
fn stunted_projective_space_with_negative_degrees() {
    let m = FiniteModule::from_json_str("RP_-4_3.json", &projective_space(-4, 3)).unwrap();
    assert_eq!((m.min_degree(), m.max_degree()), (-4, 3));
    assert_eq!(m.dim(-5), 0);
    assert_eq!(m.dim(-4), 1);
    assert_eq!(m.basis_name(-3, 0), "a-3");
    // Sq^i a^{-4} = binom(-4, i) a^{i-4}: binom(-4, i) = (−1)^i binom(i + 3, i),
    // odd for i = 0, 4 only (i ≤ 7): Sq3 a-4 = 0, Sq4 a-4 = a0, Sq(0,1) a-4 = 0.
    let (t, x) = m.basis_element("a-4").unwrap();
    assert!(sq(&m, 3, t, &unit(&m, t, x)).is_zero());
    assert_eq!(sq(&m, 4, t, &unit(&m, t, x)), named(&m, 0, &["a0"]));
    // a-3: binom(-3, i) = (−1)^i binom(i + 2, i): odd for i = 0, 1, 4, 5.
    let (t, x) = m.basis_element("a-3").unwrap();
    for (i, odd) in [
        (1, true),
        (2, false),
        (3, false),
        (4, true),
        (5, true),
        (6, false),
    ] {
        assert_eq!(!sq(&m, i, t, &unit(&m, t, x)).is_zero(), odd, "Sq{i} a-3");
    }
}

#[test]
fn listed_composites_and_milnor_elements_are_checked() {
    let good = r#"{"p": 2, "type": "finite dimensional module",
        "gens": {"x0": 0, "x1": 1, "x2": 2, "x3": 3, "x4": 4},
        "actions": ["Sq1 x0 = x1", "Sq2 x0 = x2", "Sq2 x1 = x3", "Sq2 x2 = x4", "Sq1 x3 = x4",
                    "Sq2 Sq1 x0 = x3", "Sq(0,1) x0 = x3", "Sq(0, 1) x1 = x4", "Sq3 x1 = x4", "Sq(1) x2 = 0"]}"#;
    let m = FiniteModule::from_json_str("good.json", good).unwrap();
    assert_eq!(m.total_dim(), 5);
    let bad = good.replace("\"Sq(0,1) x0 = x3\"", "\"Sq(0,1) x0 = 0\"");
    let err = FiniteModule::from_json_str("bad.json", &bad)
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        "bad.json: actions[6] \"Sq(0,1) x0 = 0\": the actions of the Sq^(2^k) determine Sq(0,1) x0 = x3, not 0"
    );
    let bad = good.replace("\"Sq3 x1 = x4\"", "\"Sq3 x1 = 0\"");
    let err = FiniteModule::from_json_str("bad.json", &bad)
        .unwrap_err()
        .to_string();
    assert_eq!(err, "bad.json: actions[8] \"Sq3 x1 = 0\": the actions of the Sq^(2^k) determine Sq3 x1 = x4, not 0");
}

#[test]
fn bundled_modules_load_and_agree_with_the_reference_files() {
    // The bundled modules at p = 2 (the odd-primary ones: tests/odd_modules.rs).
    let p2: Vec<&str> = bundled_names()
        .iter()
        .copied()
        .filter(|&n| FiniteModule::from_bundled(n).is_some())
        .collect();
    assert_eq!(
        p2,
        ["S_2", "C2", "Ceta", "Cnu", "Csigma", "Joker", "ko", "tmf2"]
    );
    assert!(bundled("RP4").is_none());
    let Some(reference) =
        common::field_modules_dir("the bundled modules against the field's files")
    else {
        return;
    };
    for name in p2 {
        let ours = FiniteModule::from_bundled(name).unwrap();
        assert_eq!(ours.name(), name);
        let theirs = FiniteModule::load(&reference.join(format!("{name}.json"))).unwrap();
        assert_eq!(ours.profile(), theirs.profile(), "{name}");
        assert_eq!(
            (ours.min_degree(), ours.max_degree()),
            (theirs.min_degree(), theirs.max_degree())
        );
        let a = ours.algebra();
        for t in ours.min_degree()..=ours.max_degree() {
            assert_eq!(ours.dim(t), theirs.dim(t));
            for x in 0..ours.dim(t) {
                assert_eq!(ours.basis_name(t, x), theirs.basis_name(t, x));
                for d in 0..=a.max_degree() {
                    for j in 0..a.dim(d) {
                        let mut u = FpVector::new(ours.dim(t + d as i32));
                        let mut v = u.clone();
                        ours.act_on_basis(d, j, t, x, &mut u);
                        theirs.act_on_basis(d, j, t, x, &mut v);
                        assert_eq!(
                            u,
                            v,
                            "{name}: {} on {}",
                            a.basis(d)[j],
                            ours.basis_name(t, x)
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn sphere() {
    let s = FiniteModule::sphere();
    assert_eq!(s.name(), "S_2");
    assert_eq!((s.min_degree(), s.max_degree()), (0, 0));
    assert_eq!((s.dim(0), s.dim(1), s.dim(-1)), (1, 0, 0));
    assert_eq!(s.basis_name(0, 0), "x0");
    let mut out = FpVector::new(1);
    s.act_on_basis(0, 0, 0, 0, &mut out);
    assert_eq!(out, FpVector::from_ones(1, &[0]));
    let mut out = FpVector::new(0);
    s.act_on_basis(1, 0, 0, 0, &mut out);
    assert_eq!(out.len(), 0);
}

/// A right side that names a generator twice: `x + x = 0` over F_2, so
/// `Sq1 x0 = x1 + x1` is the zero action and `Sq2 x0 = x2 + x2 + x2` is `x2`; the first
/// is reported by `cancelled_terms`, the second is not (an odd count leaves the term).
#[test]
fn repeated_terms_cancel_mod_2_and_are_reported() {
    let text = r#"{"type": "finite dimensional module", "p": 2,
        "gens": {"x0": 0, "x1": 1, "x2": 2, "x3": 3},
        "actions": ["Sq1 x0 = x1 + x1", "Sq2 x0 = x2 + x2 + x2", "Sq2 x1 = x3 + x3 + x3 + x3"]}"#;
    let m = FiniteModule::from_json_str("twice.json", text).unwrap();
    assert_eq!(sq(&m, 1, 0, &unit(&m, 0, 0)), FpVector::new(1));
    assert_eq!(sq(&m, 2, 0, &unit(&m, 0, 0)), unit(&m, 2, 0));
    assert_eq!(
        m.cancelled_terms(),
        [
            r#"actions[0] "Sq1 x0 = x1 + x1": x1 written 2 times cancels mod 2 (read as 0)"#,
            r#"actions[2] "Sq2 x1 = x3 + x3 + x3 + x3": x3 written 4 times cancels mod 2 (read as 0)"#,
        ]
    );
    let sphere = FiniteModule::sphere();
    assert!(sphere.cancelled_terms().is_empty());
}
