//! Sub-Hopf algebras of the mod p Steenrod algebra (p odd) by profile: the sub-Hopf
//! condition against closure under the Milnor product (an independent check: the span of
//! a profile is always closed under the coproduct, so it is a sub-Hopf algebra exactly
//! when it is closed under products), dimensions, basis, index and products against the
//! whole algebra's, names, and module files with a profile.

use fp::{FqVector, ValidPrime};
use steenrod::module::FiniteModule;
use steenrod::{MilnorAlgebra, MilnorQP, Profile, ProfileError};

/// Whether `Q(E)P(R)` is in the span named by `(h, Q)` (truncated: `h(i) = 0` beyond
/// the list): `E ⊆ Q`, `r_i < p^{h(i)}`. Written here from the definition, not through
/// [`Profile::contains_qp`], so that spans the condition refuses can be tested too.
fn member(p: u32, h: &[u32], q: u32, x: &MilnorQP) -> bool {
    x.e & !q == 0
        && x.r.0.iter().enumerate().all(|(i, &r)| {
            let hi = h.get(i).copied().unwrap_or(0);
            u64::from(r) < u64::from(p).pow(hi)
        })
}

/// Whether the span of `(h, Q)` is closed under the Milnor product of the whole algebra
/// (its elements lie in degrees `≤ top`, their products in degrees `≤ 2·top`).
fn closed_under_products(p: u32, h: &[u32], q: u32) -> bool {
    let qs: u32 = (0..3)
        .filter(|k| q >> k & 1 == 1)
        .map(|k| 2 * p.pow(k) - 1)
        .sum();
    let ps: u32 = h
        .iter()
        .enumerate()
        .map(|(i, &hi)| (p.pow(hi) - 1) * 2 * (p.pow(i as u32 + 1) - 1))
        .sum();
    let top = qs + ps;
    let full = MilnorAlgebra::new_at(p, 2 * top);
    let inside: Vec<(u32, MilnorQP)> = (0..=top)
        .flat_map(|t| full.basis(t).iter().map(move |x| (t, *x)))
        .filter(|(_, x)| member(p, h, q, x))
        .collect();
    for (a_deg, a) in &inside {
        for (b_deg, b) in &inside {
            let basis = full.basis(a_deg + b_deg);
            let mut leaves = false;
            full.multiply_basis(a, b, |k, _| leaves |= !member(p, h, q, &basis[k]));
            if leaves {
                return false;
            }
        }
    }
    true
}

/// Every truncated profile with `h(1) ≤ 2`, `h(2) ≤ 1` and `Q ⊆ {Q_0, Q_1, Q_2}` at
/// p = 3 (48 of them), and `h(1) ≤ 1`, `Q ⊆ {Q_0, Q_1}` at p = 5: `Profile::with_q_part`
/// accepts exactly those whose span is closed under products, and both kinds occur.
#[test]
fn the_sub_hopf_condition_is_closure_under_products() {
    let mut cases = Vec::new();
    for h1 in 0..=2u32 {
        for h2 in 0..=1u32 {
            for q in 0..8u32 {
                cases.push((3u32, vec![h1, h2], q));
            }
        }
    }
    for h1 in 0..=1u32 {
        for q in 0..4u32 {
            cases.push((5, vec![h1], q));
        }
    }
    let (mut valid, mut invalid) = (0, 0);
    for (p, h, q) in cases {
        let accepted = Profile::with_q_part(h.clone(), true, q);
        if accepted.is_ok() {
            valid += 1;
        } else {
            invalid += 1;
        }
        assert_eq!(
            accepted.is_ok(),
            closed_under_products(p, &h, q),
            "p = {p}, p_part {h:?}, q_part {q:#b}: {accepted:?}"
        );
        if let Ok(profile) = accepted {
            let full = MilnorAlgebra::new_at(p, 60);
            for t in 0..=60 {
                for x in full.basis(t) {
                    assert_eq!(profile.contains_qp(p, x), member(p, &h, q, x), "{x}");
                }
            }
        }
    }
    assert!(
        valid >= 10 && invalid >= 10,
        "{valid} valid, {invalid} invalid"
    );
}

/// The Poincaré series of the span of `(h, Q)`, truncated, from its definition (the
/// basis `Q(E)P(R)`, `E ⊆ Q`, `r_i < p^{h(i)}`, Milnor 1958 §6): `Π_{k∈Q} (1 + t^{2p^k−1})
/// · Π_i (1 + t^{w_i} + … + t^{(p^{h(i)}−1) w_i})`, `w_i = 2(p^i − 1)`; coefficients
/// through degree `top`.
fn poincare(p: u32, h: &[u32], q: &[u32], top: usize) -> Vec<usize> {
    let mut series = vec![0usize; top + 1];
    series[0] = 1;
    let mut times = |factor: Vec<usize>| {
        let mut next = vec![0usize; top + 1];
        for (a, &ca) in series.iter().enumerate() {
            for (b, &cb) in factor.iter().enumerate() {
                if a + b <= top {
                    next[a + b] += ca * cb;
                }
            }
        }
        series = next;
    };
    for &k in q {
        let d = (2 * p.pow(k) - 1) as usize;
        let mut f = vec![0usize; d + 1];
        f[0] = 1;
        f[d] = 1;
        times(f);
    }
    for (i, &hi) in h.iter().enumerate() {
        let w = (2 * (p.pow(i as u32 + 1) - 1)) as usize;
        let n = p.pow(hi) as usize;
        let mut f = vec![0usize; (n - 1) * w + 1];
        for j in 0..n {
            f[j * w] = 1;
        }
        times(f);
    }
    series
}

/// `E(0)`, `E(1)`, `E(2)`, `A(1)` and `A(2)` at p = 3 and 5: dimensions degree by degree
/// (the Poincaré series above), total dimension `2^{|Q|} · p^{Σ h(i)}`, the top degree,
/// and the algebra held through `2·top` only.
#[test]
fn dimensions_of_e_n_and_a_n() {
    for p in [3u32, 5] {
        let cases: Vec<(Profile, Vec<u32>, Vec<u32>)> = vec![
            (Profile::e(0), vec![], vec![0]),
            (Profile::e(1), vec![], vec![0, 1]),
            (Profile::e(2), vec![], vec![0, 1, 2]),
            (Profile::a_odd(1), vec![1], vec![0, 1]),
            (Profile::a_odd(2), vec![2, 1], vec![0, 1, 2]),
        ];
        for (profile, h, q) in cases {
            let top = profile.top_degree(p).unwrap() as usize;
            let series = poincare(p, &h, &q, top + 3);
            assert_eq!(series[top], 1, "{profile}: one top element");
            assert_eq!(
                series[top + 1..],
                [0, 0, 0],
                "{profile}: nothing above the top"
            );
            let alg = MilnorAlgebra::with_profile_at(p, 4 * top as u32, Some(&profile));
            assert_eq!(
                alg.max_degree(),
                2 * top as u32,
                "{profile}: held through 2·top"
            );
            let dims: Vec<usize> = (0..=top as u32 + 3).map(|t| alg.dim(t)).collect();
            assert_eq!(dims, series, "{profile} at p = {p}");
            let total: usize = (0..=alg.max_degree()).map(|t| alg.dim(t)).sum();
            let h_sum: u32 = h.iter().sum();
            assert_eq!(total, (1 << q.len()) * p.pow(h_sum) as usize, "{profile}");
        }
    }
    // A(1) at p = 3: 1; β; P1; Q1, βP1; … through the top Q_0 Q_1 P^2 in degree 14.
    let a1 = MilnorAlgebra::with_profile_at(3, 100, Some(&Profile::a_odd(1)));
    assert_eq!(Profile::a_odd(1).top_degree(3), Some(14));
    let names: Vec<String> = a1.basis(5).iter().map(|x| x.to_string()).collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

/// The basis of `B_t` is `A_t`'s elements in `B`, in `A`'s order; `index_of` inverts it;
/// `try_index_of` refuses elements outside `B`; and products in `B` are the whole
/// algebra's products (every term lying in `B`).
#[test]
fn basis_index_and_products_agree_with_the_whole_algebra() {
    for (p, profile) in [
        (3u32, Profile::a_odd(1)),
        (3, Profile::a_odd(2)),
        (3, Profile::e(2)),
        (5, Profile::a_odd(1)),
        (
            3,
            Profile::with_q_part(vec![2, 1], false, Profile::ALL_Q).unwrap(),
        ),
    ] {
        let max = 70;
        let full = MilnorAlgebra::new_at(p, max);
        let sub = MilnorAlgebra::with_profile_at(p, max, Some(&profile));
        let held = sub.max_degree();
        for t in 0..=held {
            let expected: Vec<MilnorQP> = full
                .basis(t)
                .iter()
                .copied()
                .filter(|x| profile.contains_qp(p, x))
                .collect();
            assert_eq!(sub.basis(t), expected.as_slice(), "{profile}, degree {t}");
            for (i, x) in expected.iter().enumerate() {
                assert_eq!(sub.index_of(t, x), i);
            }
            for x in full.basis(t).iter().filter(|x| !profile.contains_qp(p, x)) {
                assert_eq!(sub.try_index_of(t, x), None, "{x} is not in {profile}");
            }
        }
        for a_deg in 0..=held.min(40) {
            for b_deg in 0..=(held.min(40) - a_deg) {
                for a in sub.basis(a_deg) {
                    for b in sub.basis(b_deg) {
                        let mut in_sub = Vec::new();
                        sub.multiply_basis(a, b, |k, c| in_sub.push((k, c)));
                        let mut in_full = Vec::new();
                        let basis = full.basis(a_deg + b_deg);
                        full.multiply_basis(a, b, |k, c| {
                            in_full.push((sub.index_of(a_deg + b_deg, &basis[k]), c))
                        });
                        assert_eq!(in_sub, in_full, "{a}·{b} in {profile}");
                    }
                }
            }
        }
    }
}

/// The names of the common profiles, and the conditions' errors naming what fails.
#[test]
fn names_and_refusals() {
    assert_eq!(Profile::e(0).to_string(), "E(0)");
    assert_eq!(Profile::a_odd(0).to_string(), "E(0)");
    assert_eq!(Profile::e(2).to_string(), "E(2)");
    assert_eq!(Profile::a_odd(1).to_string(), "A(1)");
    assert_eq!(Profile::a_odd(3).to_string(), "A(3)");
    let odd = Profile::with_q_part(vec![1], true, 0b10).unwrap();
    assert_eq!(odd.to_string(), "profile (1; Q_1)");
    let all = Profile::with_q_part(vec![2, 1], false, Profile::ALL_Q).unwrap();
    assert_eq!(all.to_string(), "profile (2,1,∞; all Q)");
    let no_beta = Profile::with_q_part(vec![], false, !1).unwrap();
    assert_eq!(no_beta.to_string(), "profile (∞; all Q but Q_0)");
    // β and P^1 without Q_1 = [P^1, β]: Q_1 out, Q_0 in, h(1) = 1 > 0.
    let e = Profile::with_q_part(vec![1], true, 0b01).unwrap_err();
    assert_eq!(e, ProfileError::QPart { k: 1, j: 0, h: 1 });
    assert!(
        e.to_string().contains("Q_1 is left out but Q_0 is in"),
        "{e}"
    );
    // The P part as at p = 2: h(1) = 2 needs h(2) ≥ 1 (P^3 P^1 has a P(0,1) term).
    let e = Profile::with_q_part(vec![2], true, 0).unwrap_err();
    assert!(
        matches!(e, ProfileError::NotSubHopf { i: 1, j: 1, .. }),
        "{e:?}"
    );
    assert!(e.to_string().contains("not a sub-Hopf algebra"), "{e}");
    // Not truncated with only Q_0: Q_1 out, Q_0 in, h(1) = ∞.
    assert!(Profile::with_q_part(vec![], false, 1).is_err());
}

fn sphere_file(profile: &str, actions: &str) -> String {
    format!(
        r#"{{"p": 3, "type": "finite dimensional module", "gens": {{"x0": 0, "x4": 4}},
            "actions": [{actions}], "profile": {profile}}}"#
    )
}

/// A module file's `profile` at p = 3 in the field's form (`q_part` a bit set, absent:
/// every `Q_k`): the module is over that sub-algebra, its actions restricted to it; the
/// refusals name the file and the field.
#[test]
fn module_files_with_a_profile() {
    let p = ValidPrime::new(3).unwrap();
    let text = sphere_file(
        r#"{"truncated": true, "p_part": [1], "q_part": 3}"#,
        r#""P1 x0 = x4""#,
    );
    let m = FiniteModule::<MilnorAlgebra<ValidPrime>>::from_text("Calpha_A1.json", &text).unwrap();
    assert_eq!(m.profile(), Some(&Profile::a_odd(1)));
    assert_eq!(m.algebra().profile(), Some(&Profile::a_odd(1)));
    // P^1 acts over A(1): the basis of A(1) in degree 4 is P^1 alone.
    assert_eq!(m.algebra().basis(4).len(), 1);
    let mut out = FqVector::zero(p, 1);
    m.act_on_basis_at(4, 0, 0, 0, 1, &mut out, 0);
    assert_eq!(out.entry(0), 1);
    // The same file over A_3, restricted: the same action table.
    let whole = FiniteModule::<MilnorAlgebra<ValidPrime>>::from_text(
        "Calpha.json",
        &text.replace(
            r#", "profile": {"truncated": true, "p_part": [1], "q_part": 3}"#,
            "",
        ),
    )
    .unwrap();
    assert!(whole.profile().is_none());
    let restricted = whole.restricted_to(&Profile::a_odd(1));
    assert_eq!(restricted.profile(), Some(&Profile::a_odd(1)));
    let mut again = FqVector::zero(p, 1);
    restricted.act_on_basis_at(4, 0, 0, 0, 1, &mut again, 0);
    assert_eq!(again, out);

    // No q_part: every Q_k (the field's default).
    let text = sphere_file(r#"{"truncated": true, "p_part": [1]}"#, "");
    let m = FiniteModule::<MilnorAlgebra<ValidPrime>>::from_text("m.json", &text).unwrap();
    let every_q = Profile::with_q_part(vec![1], true, Profile::ALL_Q).unwrap();
    assert_eq!(m.profile(), Some(&every_q));
    assert_eq!(every_q.to_string(), "profile (1; all Q)");
    // No P part at all: said in words, not as an empty list.
    let no_p = Profile::with_q_part(vec![], true, Profile::ALL_Q).unwrap();
    assert_eq!(no_p.to_string(), "profile (no P; all Q)");

    let refused = |profile: &str, actions: &str, mentions: &[&str]| {
        let e = FiniteModule::<MilnorAlgebra<ValidPrime>>::from_text(
            "m.json",
            &sphere_file(profile, actions),
        )
        .unwrap_err()
        .to_string();
        assert!(!e.contains('\n'), "{e}");
        for m in mentions {
            assert!(e.contains(m), "{e:?} should mention {m:?}");
        }
    };
    // P^1 is not in E(1).
    refused(
        r#"{"truncated": true, "q_part": 3}"#,
        r#""P1 x0 = x4""#,
        &[
            "m.json",
            "actions[0]",
            "P1 is not in the sub-Hopf algebra E(1)",
        ],
    );
    refused(
        r#"{"truncated": true, "p_part": [1], "q_part": 1}"#,
        "",
        &["m.json", "profile", "Q_1 is left out but Q_0 is in"],
    );
    refused(
        r#"{"truncated": true, "q_part": -1}"#,
        "",
        &["m.json", "profile.q_part", "bit set"],
    );
    refused(
        r#"{"truncated": true, "r_part": 1}"#,
        "",
        &["m.json", "profile", "unknown key \"r_part\""],
    );
}
