//! The field's `"classifying space BCp"` at odd primes: `H^*(BZ/p; F_p) = E[x] ⊗ F_p[y]`
//! (`|x| = 1`, `|y| = 2`, `βx = y`; Hatcher, "Algebraic Topology", Example 3.41),
//! truncated to a top degree. The derived actions of elements that are not generators
//! (`P^2`, `P^4`, `Q_1`, `Q_2`) against the Cartan formula and Milnor's `Q_i`
//! (`Q_0 = β`, `Q_{i+1} = [P^{p^i}, Q_i]`, Milnor 1958: derivations with
//! `Q_i x = y^{p^i}`, `Q_i y = 0`), written here independently.

use fp::{FqVector, Prime, ValidPrime};
use steenrod::module::{FiniteModule, LoadOptions};
use steenrod::{MilnorAlgebra, MilnorQP, PPart};

fn bcp(p: u32, min: i32, top: i32) -> FiniteModule<MilnorAlgebra<ValidPrime>> {
    let text = format!(r#"{{"p": {p}, "type": "classifying space BCp", "min": {min}}}"#);
    let options = LoadOptions {
        shift: 0,
        top_degree: Some(top),
    };
    FiniteModule::<MilnorAlgebra<ValidPrime>>::from_text_with("BCp.json", &text, &options)
        .expect("BZ/p is a module")
}

/// `binom(k, n) mod p` by Pascal's rule (`k ≥ 0`).
fn binom(k: u32, n: u32, p: u32) -> u32 {
    let mut row = vec![1u32];
    for _ in 0..k {
        let mut next = vec![1u32; row.len() + 1];
        for j in 1..row.len() {
            next[j] = (row[j - 1] + row[j]) % p;
        }
        row = next;
    }
    row.get(n as usize).copied().unwrap_or(0)
}

/// The coefficient of `op` on the single cell of degree `d`, landing in degree
/// `d + |op|` (one cell there too).
fn act(m: &FiniteModule<MilnorAlgebra<ValidPrime>>, op: &MilnorQP, d: i32) -> u32 {
    let p = m.prime();
    let op_deg = op.degree(p.value());
    let top = d + op_deg as i32;
    if top > m.max_degree() {
        return 0;
    }
    let idx = m.algebra().index_of(op_deg, op);
    let mut out = FqVector::zero(p, 1);
    m.act_on_basis_at(op_deg, idx, d, 0, 1, &mut out, 0);
    out.entry(0)
}

#[test]
fn cells_and_actions_of_bzp() {
    for p in [3u32, 5] {
        let top = 60;
        let m = bcp(p, 1, top);
        assert_eq!((m.min_degree(), m.max_degree()), (1, top));
        assert!((1..=top).all(|d| m.dim(d) == 1));
        assert_eq!(m.basis_name(1, 0), "xy0");
        assert_eq!(m.basis_name(6, 0), "y3");
        let q = 2 * (p - 1) as i32;
        for d in 1..=top {
            let k = d.div_euclid(2) as u32;
            let odd = d % 2 == 1;
            // β(x y^k) = y^{k+1}, β y^k = 0.
            assert_eq!(act(&m, &MilnorQP::beta(), d), u32::from(odd && d < top));
            // P^n y^k = binom(k, n) y^{k+n(p−1)}, the same on x y^k (P^n for n a power
            // of p is listed; the others, P^2 at p = 3 among them, are derived).
            for n in 1..=4u32 {
                let expected = if d + n as i32 * q <= top {
                    binom(k, n, p)
                } else {
                    0
                };
                assert_eq!(
                    act(&m, &MilnorQP::p_power(n), d),
                    expected,
                    "P^{n} on degree {d}, p = {p}"
                );
            }
            // Q_1, Q_2 are derivations: Q_i(x y^k) = y^{k+p^i}, Q_i y^k = 0.
            for i in 1..=2u32 {
                let qi = MilnorQP {
                    e: 1 << i,
                    r: PPart::ONE,
                };
                let lands = d + qi.degree(p) as i32 <= top;
                assert_eq!(
                    act(&m, &qi, d),
                    u32::from(odd && lands),
                    "Q_{i} on degree {d}"
                );
            }
        }
    }
}

/// Negative `min` (Thom spectra of multiples of the bundle; `binom(k, n)` extended to
/// `k < 0`): loading checks every Adem relation, so these are modules; `P^1` on
/// `y^{−1}` is `binom(−1, 1) = −1`.
#[test]
fn negative_bottom_cells_give_modules() {
    for p in [3u32, 5, 7] {
        let m = bcp(p, -21, 30);
        assert_eq!(m.min_degree(), -21);
        assert_eq!(m.basis_name(-21, 0), "xy-11");
        let c = act(&m, &MilnorQP::p_power(1), -2);
        assert_eq!(c, p - 1, "P^1 y^-1 at p = {p}");
    }
}

#[test]
fn refusals_name_the_file_and_the_key() {
    let bcp = r#""p": 3, "type": "classifying space BCp""#;
    let cases = [
        (
            r#""min": 1"#,
            "BCp.json: max: missing: the space is infinite",
        ),
        ("", "BCp.json: min: missing"),
        (r#""min": 4, "max": 2"#, "BCp.json: max: 2 is below min = 4"),
        (
            r#""min": 1, "max": 9, "clear_bottom": false"#,
            "BCp.json: unknown key \"clear_bottom\"",
        ),
        (
            r#""min": 1, "max": 9, "profile": {"truncated": true, "q_part": 1}"#,
            "BCp.json: profile",
        ),
    ];
    for (keys, starts) in cases {
        let text = if keys.is_empty() {
            format!("{{{bcp}}}")
        } else {
            format!("{{{bcp}, {keys}}}")
        };
        let e = FiniteModule::<MilnorAlgebra<ValidPrime>>::from_text("BCp.json", &text)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with(starts), "{e:?} should start with {starts:?}");
    }
    let rp = r#"{"p": 3, "type": "real projective space", "min": 1, "max": 9}"#;
    let e = FiniteModule::<MilnorAlgebra<ValidPrime>>::from_text("RP.json", rp)
        .unwrap_err()
        .to_string();
    // Refused with the reason: H^*(RP^n; F_p) is that of at most two spheres.
    assert!(
        e.starts_with("RP.json: type \"real projective space\" is not supported")
            && e.contains("joined by 2, a unit mod p"),
        "{e}"
    );
    // A finite max loads without a range.
    let m = FiniteModule::<MilnorAlgebra<ValidPrime>>::from_text(
        "BCp.json",
        r#"{"p": 5, "type": "classifying space BCp", "min": 0, "max": 9}"#,
    )
    .unwrap();
    assert_eq!((m.min_degree(), m.max_degree()), (0, 9));
    assert_eq!(ValidPrime::new(5).unwrap(), m.prime());
}
