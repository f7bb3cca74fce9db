//! Module files at odd primes that are refused, each with its one-line error
//! (`FiniteModule<MilnorAlgebra<ValidPrime>>`, `AnyModule`), and the notations and coefficients accepted.
//!
//! Facts used, with their sources: `|β| = 1`, `|P^n| = 2n(p − 1)`, `|Q_i| = 2p^i − 1`,
//! `Q_1 = P^1 β − β P^1` (Milnor 1958, §6); the Adem relation
//! `P^1 β P^1 = β P^2 + P^2 β` at p = 3, 5, 7 and `β β = 0` (Steenrod–Epstein,
//! "Cohomology operations", Ch. VI, §1).

use crate::common::odd;

use fp::ValidPrime;
use odd::*;
use steenrod::module::{bundled, FiniteModule, ModuleError};
use steenrod::PPart;
use steenrod::{odd::MilnorQP, MilnorAlgebra};

#[test]
fn a_module_violating_an_adem_relation_is_refused_naming_it() {
    // P^1 β P^1 = β P^2 + P^2 β at p = 3, 5, 7 (the relation with a = b = 1: the
    // coefficients −binom(p − 1, 1) ≡ 1 and binom(p − 2, 0) = 1): here P^1 β P^1 x0 ≠ 0
    // while β x0 = 0 and P^2 x0 = 2^{-1} P^1 P^1 x0 = 0 (no cell in degree 2q).
    for p in [3, 5, 7] {
        let q = 2 * (p - 1);
        let (a, b, c) = (q, q + 1, 2 * q + 1);
        let gens = format!(r#"{{"x0": 0, "x{a}": {a}, "x{b}": {b}, "x{c}": {c}}}"#);
        let actions = format!(r#"["P1 x0 = x{a}", "b x{a} = x{b}", "P1 x{b} = x{c}"]"#);
        let e = error("bad.json", &fd(p, &gens, &actions));
        assert!(matches!(e, ModuleError::NotAModule { .. }), "{e:?}");
        assert_eq!(
            e.to_string(),
            format!(
                "bad.json: not an A-module: the Adem relation P1 b P1 = b P2 + P2 b fails on \
                 generator x0 (P1 b P1 x0 = x{c} but (b P2 + P2 b) x0 = 0)"
            )
        );
    }
    // β β = 0.
    let text = fd(
        3,
        r#"{"x0": 0, "x1": 1, "x2": 2}"#,
        r#"["b x0 = x1", "b x1 = x2"]"#,
    );
    assert_eq!(
        message("bad.json", &text),
        "bad.json: not an A-module: the Adem relation b b = 0 fails on generator x0 (b b x0 = x2)"
    );
}

#[test]
fn coefficients_are_integers_mod_p() {
    let gens = r#"{"x0": 0, "x1": 1, "y1": 1}"#;
    for (rhs, want) in [
        ("x1", [1, 0]),
        ("2 x1 + y1", [2, 1]),
        ("-1 x1", [2, 0]),
        ("4 x1 + 3 y1", [1, 0]),
        ("x1 + x1 + x1", [0, 0]),
        ("0", [0, 0]),
        ("0 x1", [0, 0]),
        ("100000000000000000000000000000001 y1", [0, 2]),
    ] {
        let m = load(&fd(3, gens, &format!(r#"["b x0 = {rhs}"]"#)));
        assert_eq!(act(&m, &MilnorQP::beta(), 0, 0), want, "{rhs}");
    }
    for (rhs, reason) in [
        (
            "1.5 x1",
            r#""1.5" is not an integer coefficient (write the coefficient, a space, then the generator: 2 x4)"#,
        ),
        (
            "two x1",
            r#""two" is not an integer coefficient (write the coefficient, a space, then the generator: 2 x4)"#,
        ),
        (
            "2 x1 y1",
            r#""2 x1 y1" on the right side is not a term (a generator name, or an integer coefficient, a space and a generator name; terms are joined by '+')"#,
        ),
        ("2x1", r#"unknown generator "2x1""#),
        ("x1 +", "an empty term on the right side"),
        ("", "the right side is empty (write 0 for zero)"),
    ] {
        let text = fd(3, gens, &format!(r#"["b x0 = {rhs}"]"#));
        assert_eq!(
            message("bad.json", &text),
            format!(r#"bad.json: actions[0] "b x0 = {rhs}": {reason}"#)
        );
    }
}

#[test]
fn operators_in_every_notation() {
    // At p = 3: |Q_1| = 5, |P(0,1)| = 16, |Q_0 P(1)| = 5.
    let gens = r#"{"x0": 0, "x1": 1, "x4": 4, "x5": 5}"#;
    let base = r#""b x0 = x1", "P1 x0 = x4", "P1 x1 = x5", "b x4 = 2 x5""#;
    let m = load(&fd(3, gens, &format!("[{base}]")));
    // Q_1 = P^1 β − β P^1 (Milnor 1958, §6), so Q_1 x0 = x5 − 2 x5 = 2 x5.
    let q1 = MilnorQP {
        e: 0b10,
        r: PPart::ONE,
    };
    assert_eq!(act(&m, &q1, 0, 0), [2]);
    for (op, rhs) in [
        ("Q_1", "2 x5"),
        ("Q1", "2 x5"),
        ("Q(1)", "2 x5"),
        ("P1 b", "x5"),
        ("b P1", "2 x5"),
        ("P^1 β", "x5"),
        ("Q(0)P(1)", "2 x5"),
        ("Q(0) P(1)", "2 x5"),
        ("P(1) Q(0)", "x5"),
    ] {
        let actions = format!(r#"[{base}, "{op} x0 = {rhs}"]"#);
        load(&fd(3, gens, &actions));
        let wrong = format!(r#"[{base}, "{op} x0 = 0"]"#);
        let e = message("bad.json", &fd(3, gens, &wrong));
        assert!(
            e.contains(&format!("determine {op} x0 = {rhs}, not 0")),
            "{e}"
        );
    }
    for (op, reason) in [
        (
            "Sq1",
            r#"unknown operation "Sq1" (Sq^i is the notation at p = 2); expected b (or β), P<n> (e.g. P1), P^<n>, Q_<i>, a Milnor element P(r1,r2,...), Q(i,j,...) or Q(i,...)P(r,...), or a product of these"#,
        ),
        (
            "Q(1,0)",
            r#""Q(1,0)": the indices of Q(...) must increase (Q(E) is Q_i for i in E in increasing order)"#,
        ),
        (
            "P99999999999",
            r#""P99999999999": the exponent is too large"#,
        ),
    ] {
        let text = fd(3, gens, &format!(r#"["{op} x0 = 0"]"#));
        assert_eq!(
            message("bad.json", &text),
            format!(r#"bad.json: actions[0] "{op} x0 = 0": {reason}"#)
        );
    }
    for op in ["P", "Q", "bb", "P(1", "Q()", "P(a)", "Q_", "P^", "c"] {
        let text = fd(3, gens, &format!(r#"["{op} x1 = 0"]"#));
        let e = message("bad.json", &text);
        assert!(
            e.contains("unknown operation") || e.contains("unbalanced"),
            "{op}: {e}"
        );
    }
    // The same generator in two spellings is a repeated action.
    let text = fd(3, gens, r#"["P1 x0 = x4", "P(1) x0 = x4"]"#);
    assert_eq!(
        message("bad.json", &text),
        r#"bad.json: actions[1] "P(1) x0 = x4": a second action of P(1) on x0 (the first is actions[0])"#
    );
    // Degrees are those of p: P1 raises the degree by 4 at p = 3, by 8 at p = 5.
    let text = fd(5, gens, r#"["P1 x0 = x4"]"#);
    assert_eq!(
        message("bad.json", &text),
        r#"bad.json: actions[0] "P1 x0 = x4": x4 has degree 4 but P1 x0 lies in degree 8"#
    );
}

#[test]
fn the_prime_decides_the_reader() {
    let text = fd(4, r#"{"x0": 0}"#, "[]");
    assert_eq!(
        message("bad.json", &text),
        "bad.json: p: p = 4 is not a prime"
    );
    let text = fd(257, r#"{"x0": 0}"#, "[]");
    assert_eq!(
        message("bad.json", &text),
        "bad.json: p: p = 257 is too large (p < 256)"
    );
    let text = fd(-3, r#"{"x0": 0}"#, "[]");
    assert_eq!(
        message("bad.json", &text),
        "bad.json: p: p = -3 is not a prime"
    );
    // p = 2 with the odd notation: the mod 2 reader refuses it as before.
    let text = fd(2, r#"{"x0": 0, "x1": 1}"#, r#"["b x0 = x1"]"#);
    let e = message("C2.json", &text);
    assert!(
        e.starts_with(r#"C2.json: actions[0] "b x0 = x1": unknown operation "b""#),
        "{e}"
    );
    // Each reader on its own names the other.
    assert_eq!(
        FiniteModule::from_json_str("S_3.json", bundled("S_3").unwrap())
            .unwrap_err()
            .to_string(),
        "S_3.json: p = 3 is an odd prime, which the mod 2 reader does not read: load the file as \
         an odd-primary module (steenrod::module::AnyModule or FiniteModule<MilnorAlgebra<ValidPrime>>)"
    );
    assert_eq!(
        FiniteModule::<MilnorAlgebra<ValidPrime>>::from_text("C2.json", bundled("C2").unwrap())
            .unwrap_err()
            .to_string(),
        "C2.json: p = 2 is not an odd prime: load the file as a mod 2 module \
         (steenrod::module::AnyModule or FiniteModule)"
    );
    // p missing: the mod 2 reader's message.
    let text = r#"{"type": "finite dimensional module", "gens": {"x0": 0}}"#;
    assert_eq!(
        message("m.json", text),
        "m.json: p: missing (the prime: 2, or an odd prime below 256)"
    );
}

#[test]
fn keys_at_odd_primes() {
    let base = r#""p": 3, "type": "finite dimensional module", "gens": {"x0": 0}, "actions": []"#;
    for extra in [
        r#""generic": true"#,
        r#""algebra": ["milnor"]"#,
        r#""name": "S_3", "self_maps": []"#,
        r#""cofiber": null"#,
        r#""profile": {"p_part": [0]}"#,
    ] {
        load(&format!("{{{base}, {extra}}}"));
    }
    for (extra, reason) in [
        (
            r#""generic": false"#,
            r#"key "generic" is not supported: false asks for the non-generic Steenrod algebra (the Sq^i), which exists only at p = 2; at an odd prime set "generic": true or drop the key"#,
        ),
        (
            r#""profile": {"p_part": [1], "truncated": true, "q_part": 1}"#,
            "profile: not a sub-Hopf algebra: Q_1 is left out but Q_0 is in and h(1) = 1 > 0 \
             (for Q_k left out and Q_j in, j < k, h(k − j) ≤ j is needed: Δτ_1 has the term \
             ξ_1^(p^0) ⊗ τ_0; Adams–Margolis)",
        ),
        (
            r#""cofiber": {"s": 2, "t": 12, "idx": 0}"#,
            r#"key "cofiber" is not supported: the module is the cofiber of an Ext class of the one given by gens and actions (reading gens and actions alone would give another module's Ext); adams resolve FILE and adams cofiber FILE build it as a mapping cone, other commands do not"#,
        ),
        (r#""colour": 1"#, r#"unknown key "colour""#),
    ] {
        assert_eq!(
            message("m.json", &format!("{{{base}, {extra}}}")),
            format!("m.json: {reason}")
        );
    }
}
