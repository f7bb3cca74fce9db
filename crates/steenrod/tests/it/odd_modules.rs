//! Module files at odd primes (`FiniteModule<MilnorAlgebra<ValidPrime>>`, `AnyModule`): the bundled files, the
//! field's odd-primary files in `../shared/reference/modules` (when that folder is
//! beside the checkout), the actions they define, and that they are actions of A_p
//! (the refusals and their errors: `odd_module_errors.rs`).
//!
//! Facts used, with their sources:
//! * `β = Q_0` has degree 1 and `P^n` degree `2n(p − 1)` (Milnor 1958, §6);
//! * the Adem relation `P^1 P^1 = 2 P^2` at p = 3 and `P^1 β P^1 = β P^2 + P^2 β`
//!   at p = 3 (Steenrod–Epstein, "Cohomology operations", Ch. VI, §1, with a = b = 1:
//!   `P^1 P^1 = −binom(1, 1) P^2`, `P^1 β P^1 = −binom(2, 1) β P^2 + binom(1, 0) P^2 β`);
//! * the mod 3 Moore spectrum has cells 0 and 1 joined by `β`; `Calpha` has cells 0
//!   and 4 joined by `P^1` (the issue; the field's `Calpha.json`).

use crate::common;
use crate::common::odd;

use fp::{FqVector, Prime, ValidPrime};
use odd::*;
use steenrod::module::{bundled, bundled_names, AnyModule, FiniteModule, LoadOptions};
use steenrod::MilnorAlgebra;
use steenrod::MilnorQP;

#[test]
fn the_bundled_odd_modules_load_with_their_dimensions() {
    assert_eq!(
        bundled_names(),
        [
            "S_2", "C2", "Ceta", "Cnu", "Csigma", "Joker", "ko", "tmf2", "S_3", "S_5", "C3",
            "Calpha"
        ]
    );
    // (name, p, [(degree, dim)]) as the files in modules/ say.
    type Dims = &'static [(i32, usize)];
    let expected: [(&str, u32, Dims); 4] = [
        ("S_3", 3, &[(0, 1)]),
        ("S_5", 5, &[(0, 1)]),
        ("C3", 3, &[(0, 1), (1, 1)]),
        ("Calpha", 3, &[(0, 1), (4, 1)]),
    ];
    for (name, p, dims) in expected {
        let m = FiniteModule::<MilnorAlgebra<ValidPrime>>::from_bundled_module(name).unwrap();
        assert_eq!((m.name(), m.prime().value()), (name, p));
        assert_eq!(m.min_degree(), dims[0].0);
        assert_eq!(m.max_degree(), dims[dims.len() - 1].0);
        let total: usize = (m.min_degree()..=m.max_degree()).map(|t| m.dim(t)).sum();
        assert_eq!(total, dims.len(), "{name}");
        for &(t, n) in dims {
            assert_eq!(m.dim(t), n, "{name} in degree {t}");
        }
        assert_eq!(m.dropped_generators(), 0);
        // The kinds: AnyModule reads it at its prime; the p = 2 reader has no such bundled module.
        let any = AnyModule::from_bundled(name).unwrap();
        assert_eq!((any.prime(), any.name()), (p, name));
        assert!(FiniteModule::from_bundled(name).is_none());
    }
    for name in ["S_2", "C2", "Joker"] {
        assert!(FiniteModule::<MilnorAlgebra<ValidPrime>>::from_bundled_module(name).is_none());
        assert!(matches!(
            AnyModule::from_bundled(name),
            Some(AnyModule::Two(_))
        ));
    }
    assert!(AnyModule::from_bundled("S_7").is_none());
    // The sphere: one cell x0 in degree 0, named S_<p>.
    let s = FiniteModule::<MilnorAlgebra<ValidPrime>>::sphere_at(ValidPrime::new(5).unwrap());
    assert_eq!((s.name(), s.dim(0), s.basis_name(0, 0)), ("S_5", 1, "x0"));
    assert_eq!((s.min_degree(), s.max_degree()), (0, 0));
}

#[test]
fn the_module_types_can_be_shared_between_threads() {
    fn shared<T: Send + Sync + Clone + std::fmt::Debug>() {}
    shared::<FiniteModule<MilnorAlgebra<ValidPrime>>>();
    shared::<AnyModule>();
}

#[test]
fn c3_is_joined_by_beta() {
    let m = FiniteModule::<MilnorAlgebra<ValidPrime>>::from_bundled_module("C3").unwrap();
    assert_eq!(act(&m, &MilnorQP::beta(), 0, 0), [1]);
    // c·(β x0) into a longer vector at an offset.
    let j = m.algebra().index_of(1, &MilnorQP::beta());
    let mut out = FqVector::zero(p3(), 3);
    m.act_on_basis_at(1, j, 0, 0, 2, &mut out, 1);
    m.act_on_basis_at(1, j, 0, 0, 2, &mut out, 1);
    assert_eq!(out.entries(), [0, 1, 0]);
    // Outside the module: untouched.
    m.act_on_basis_at(1, j, 1, 0, 1, &mut out, 0);
    assert_eq!(out.entries(), [0, 1, 0]);
    assert_eq!(m.algebra().max_degree(), 1);
}

#[test]
fn calpha_is_joined_by_p1_and_p2_acts_as_zero() {
    let m = FiniteModule::<MilnorAlgebra<ValidPrime>>::from_bundled_module("Calpha").unwrap();
    assert_eq!(m.algebra().max_degree(), 4);
    assert_eq!(act(&m, &p_power(1), 0, 0), [1]);
    // β x0 lies in degree 1 and P^2 x0 in degree 8: no cells there.
    assert_eq!(m.dim(1), 0);
    assert!(act(&m, &MilnorQP::beta(), 0, 0).is_empty());
    assert!(act(&m, &p_power(2), 0, 0).is_empty());
    let mut out = FqVector::zero(p3(), 1);
    m.act_on_basis_at(8, 0, 0, 0, 1, &mut out, 0);
    assert!(out.is_zero());
    // The field's notation P^1 and P(1) mean the same generator.
    for op in ["P^1", "P(1)", "P1"] {
        let m = load(&fd(
            3,
            r#"{"x0": 0, "x4": 4}"#,
            &format!(r#"["{op} x0 = x4"]"#),
        ));
        assert_eq!(act(&m, &p_power(1), 0, 0), [1], "{op}");
    }
}

#[test]
fn p2_is_determined_by_p1_through_the_adem_relation() {
    // P^1 P^1 = 2 P^2 at p = 3, so P^2 x0 = 2 x8 when P^1 P^1 x0 = x8.
    let gens = r#"{"x0": 0, "x4": 4, "x8": 8}"#;
    let m = load(&fd(3, gens, r#"["P1 x0 = x4", "P1 x4 = x8"]"#));
    assert_eq!(act(&m, &p_power(2), 0, 0), [2]);
    // Listing the determined value is accepted, in any spelling of the coefficient.
    for rhs in ["2 x8", "-1 x8", "5 x8", "x8 + x8"] {
        let text = fd(
            3,
            gens,
            &format!(r#"["P1 x0 = x4", "P1 x4 = x8", "P2 x0 = {rhs}"]"#),
        );
        assert_eq!(act(&load(&text), &p_power(2), 0, 0), [2], "{rhs}");
    }
    // A disagreeing P2 is refused, naming it.
    let text = fd(3, gens, r#"["P1 x0 = x4", "P1 x4 = x8", "P2 x0 = x8"]"#);
    assert_eq!(
        message("bad.json", &text),
        r#"bad.json: actions[2] "P2 x0 = x8": the actions of b and the P^(p^k) determine P2 x0 = 2 x8, not x8"#
    );
    // So is a composite that disagrees.
    let text = fd(3, gens, r#"["P1 x0 = x4", "P1 x4 = x8", "P1 P1 x0 = 0"]"#);
    assert_eq!(
        message("bad.json", &text),
        r#"bad.json: actions[2] "P1 P1 x0 = 0": the actions of b and the P^(p^k) determine P1 P1 x0 = x8, not 0"#
    );
}

#[test]
fn shift_and_top_degree_at_odd_primes() {
    let text = bundled("Calpha").unwrap();
    let options = LoadOptions {
        shift: 3,
        top_degree: None,
    };
    let m =
        FiniteModule::<MilnorAlgebra<ValidPrime>>::from_text_with("Calpha.json", text, &options)
            .unwrap();
    assert_eq!((m.min_degree(), m.max_degree(), m.dim(7)), (3, 7, 1));
    assert_eq!(act(&m, &p_power(1), 3, 0), [1]);
    let options = LoadOptions {
        shift: 0,
        top_degree: Some(3),
    };
    let m =
        FiniteModule::<MilnorAlgebra<ValidPrime>>::from_text_with("Calpha.json", text, &options)
            .unwrap();
    assert_eq!(
        (m.max_degree(), m.dropped_generators(), m.dim(4)),
        (0, 1, 0)
    );
    let options = LoadOptions {
        shift: 0,
        top_degree: Some(-1),
    };
    let e =
        FiniteModule::<MilnorAlgebra<ValidPrime>>::from_text_with("Calpha.json", text, &options)
            .unwrap_err();
    assert_eq!(
        e.to_string(),
        "Calpha.json: gens: every generator lies above degree -1, the highest that can affect \
         the range asked for (the lowest is in degree 0)"
    );
}

#[test]
fn the_tables_are_an_action_of_the_algebra() {
    for name in ["S_3", "S_5", "C3", "Calpha"] {
        assert_representation(
            &FiniteModule::<MilnorAlgebra<ValidPrime>>::from_bundled_module(name).unwrap(),
        );
    }
    let gens = r#"{"x0": 0, "x1": 1, "x4": 4, "x5": 5, "x8": 8, "x9": 9}"#;
    // C3 ⊗ X3 (the field's X3: P^1 x0 = x4, P^1 x4 = x8, here with x8 rescaled by 2),
    // by the Cartan formula: β and P^1 act on the two factors.
    let actions = r#"["b x0 = x1", "P1 x0 = x4", "P1 x1 = x5", "b x4 = x5", "P1 x4 = 2 x8", "P1 x5 = 2 x9", "b x8 = x9"]"#;
    let m = load(&fd(3, gens, actions));
    assert_representation(&m);
}

/// `binom(n, k) mod p` (Lucas), for the test's own module below.
fn binom_mod(n: u64, k: u64, p: u64) -> u64 {
    let (mut n, mut k, mut out) = (n, k, 1u64);
    while k > 0 || n > 0 {
        let (a, b) = (n % p, k % p);
        if b > a {
            return 0;
        }
        let c = (0..b).fold(1u64, |c, i| c * (a - i) / (i + 1));
        out = out * (c % p) % p;
        n /= p;
        k /= p;
    }
    out
}

/// The reduced cohomology of `BZ/3` through degree `top` (a quotient module:
/// the cells above are a submodule): `H^*(BZ/p) = E(x) ⊗ F_p[y]`, `|x| = 1`,
/// `β x = y`, `P^i y^k = binom(k, i) y^{k+i(p−1)}` and `P^i (x y^k) = x P^i y^k`
/// (the Cartan formula with `P^1 y = y^p`, `P^i x = 0`; Steenrod–Epstein, Ch. VI).
/// `wrong` lists `β (x y) = 2 y^2` instead of `y^2`.
fn bz3(top: i64, wrong: bool) -> String {
    let mut gens = Vec::new();
    let mut actions = Vec::new();
    for d in 1..=top {
        let (name, k) = if d % 2 == 0 {
            ("y", d / 2)
        } else {
            ("xy", d / 2)
        };
        gens.push(format!(r#""{name}{k}": {d}"#));
    }
    for k in 0..=top / 2 {
        if 2 * k + 2 <= top {
            let c = if wrong && k == 1 { "2 " } else { "" };
            actions.push(format!(r#""b xy{k} = {c}y{}""#, k + 1));
        }
        let mut q = 1i64;
        while 4 * q + 2 * k <= top {
            let c = binom_mod(k as u64, q as u64, 3);
            if c != 0 && k >= 1 {
                actions.push(format!(r#""P{q} y{k} = {c} y{}""#, k + 2 * q));
            }
            if c != 0 && 2 * k + 1 + 4 * q <= top {
                actions.push(format!(r#""P{q} xy{k} = {c} xy{}""#, k + 2 * q));
            }
            q *= 3;
        }
    }
    fd(
        3,
        &format!("{{{}}}", gens.join(", ")),
        &format!("[{}]", actions.join(", ")),
    )
}

#[test]
fn the_cohomology_of_bz3_is_a_module_and_a_wrong_coefficient_is_refused() {
    let m = load(&bz3(128, false));
    assert_eq!((m.min_degree(), m.max_degree()), (1, 128));
    // P^1 y = y^3, P^3 y^3 = y^9 (binom(3, 3) = 1), P^2 y^2 = y^6 (binom(2, 2) = 1; P^2 is
    // not in the file: it comes from P^1 through the decomposition).
    for (name, n, want) in [
        ("y1", 1, [1]),
        ("y3", 3, [1]),
        ("y2", 2, [1]),
        ("y4", 2, [0]),
    ] {
        let (t, i) = m.basis_element(name).unwrap();
        // binom(4, 2) = 6 ≡ 0 mod 3.
        assert_eq!(act(&m, &p_power(n), t, i), want, "P{n} {name}");
    }
    assert_representation(&load(&bz3(30, false)));
    // With β(x y) = 2 y^2: P^1 β P^1 (x y) = P^1 β (x y^3) = P^1 y^4 = y^6, while
    // (β P^2 + P^2 β)(x y) = 0 + 2 P^2 y^2 = 2 y^6.
    assert_eq!(
        message("bad.json", &bz3(30, true)),
        "bad.json: not an A-module: the Adem relation P1 b P1 = b P2 + P2 b fails on generator xy1 \
         (P1 b P1 xy1 = y6 but (b P2 + P2 b) xy1 = 2 y6)"
    );
}

/// The field's files at odd primes: each loads, or is refused for a named reason.
#[test]
fn the_fields_odd_primary_files_load_or_say_why() {
    let Some(dir) = common::field_modules_dir("the field's odd-primary module files") else {
        return;
    };
    let loads: [(&str, u32, usize); 12] = [
        ("C3.json", 3, 1),
        ("y1_3.json", 3, 1),
        ("y2_3.json", 3, 1),
        ("l.json", 5, 1),
        ("t1.json", 5, 1),
        ("C3v1.json", 3, 4),
        ("C5v1.json", 5, 4),
        ("Calpha.json", 3, 2),
        ("S_3.json", 3, 1),
        ("S_5.json", 5, 1),
        ("S_7.json", 7, 1),
        ("X3.json", 3, 3),
    ];
    for (file, p, cells) in loads {
        let m = match AnyModule::load_with(&dir.join(file), &LoadOptions::default()) {
            Ok(AnyModule::Odd(m)) => m,
            other => panic!("{file}: {other:?}"),
        };
        assert_eq!(m.prime().value(), p, "{file}");
        let total: usize = (m.min_degree()..=m.max_degree()).map(|t| m.dim(t)).sum();
        assert_eq!(total, cells, "{file}");
        assert_representation(&m);
    }
    let refused = [
        ("C3v1b1.json", "key \"cofiber\""),
        ("C9.json", "key \"cofiber\""),
    ];
    for (file, reason) in refused {
        let e = AnyModule::load_with(&dir.join(file), &LoadOptions::default()).unwrap_err();
        assert!(e.to_string().contains(reason), "{file}: {e}");
    }
    // Our Calpha, S_3 and S_5 are the field's.
    for name in ["Calpha", "S_3", "S_5"] {
        let ours = FiniteModule::<MilnorAlgebra<ValidPrime>>::from_bundled_module(name).unwrap();
        let theirs = FiniteModule::<MilnorAlgebra<ValidPrime>>::load_file_with(
            &dir.join(format!("{name}.json")),
            &LoadOptions::default(),
        )
        .unwrap();
        assert_eq!(
            (ours.min_degree(), ours.max_degree()),
            (theirs.min_degree(), theirs.max_degree())
        );
        for t in ours.min_degree()..=ours.max_degree() {
            assert_eq!(ours.dim(t), theirs.dim(t));
            for x in 0..ours.dim(t) {
                assert_eq!(ours.basis_name(t, x), theirs.basis_name(t, x));
                for d in 0..=ours.algebra().max_degree() {
                    for j in 0..ours.algebra().dim(d) {
                        let mut u = FqVector::zero(ours.prime(), ours.dim(t + d as i32));
                        let mut v = u.clone();
                        ours.act_on_basis_at(d, j, t, x, 1, &mut u, 0);
                        theirs.act_on_basis_at(d, j, t, x, 1, &mut v, 0);
                        assert_eq!(u, v, "{name}");
                    }
                }
            }
        }
    }
    // X3: P^1 x0 = x4, P^1 x4 = x8, so P^2 x0 = 2 x8 (P^1 P^1 = 2 P^2).
    let x3 = FiniteModule::<MilnorAlgebra<ValidPrime>>::load_file_with(
        &dir.join("X3.json"),
        &LoadOptions::default(),
    )
    .unwrap();
    assert_eq!(act(&x3, &p_power(2), 0, 0), [2]);
}
