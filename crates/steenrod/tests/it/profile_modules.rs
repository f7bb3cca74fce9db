//! Modules over a sub-Hopf algebra: the file's `profile` key, its errors, and the
//! restriction of a module's Milnor action table to the sub-algebra's basis.

use crate::common;

use fp::FpVector;
use steenrod::module::FiniteModule;
use steenrod::{PPart, Profile};

fn load(name: &str, text: &str) -> Result<FiniteModule, String> {
    FiniteModule::from_json_str(name, text).map_err(|e| e.to_string())
}

fn with_profile(profile: &str, gens: &str, actions: &str) -> String {
    format!(
        r#"{{"p": 2, "algebra": ["milnor"], "profile": {profile},
            "type": "finite dimensional module", "gens": {gens}, "actions": {actions}}}"#
    )
}

#[test]
fn ko_and_tmf_are_the_sphere_over_a1_and_a2() {
    let ko = load(
        "ko.json",
        &with_profile(
            r#"{"truncated": true, "p_part": [2, 1]}"#,
            r#"{"x0": 0}"#,
            "[]",
        ),
    )
    .unwrap();
    assert_eq!(ko.profile(), Some(&Profile::a(1)));
    assert_eq!(ko.name(), "ko");
    assert!(FiniteModule::sphere().profile().is_none());
    if let Some(dir) = common::field_modules_dir("the field's ko.json and tmf2.json") {
        let ko = FiniteModule::load(&dir.join("ko.json")).unwrap();
        assert_eq!(ko.profile(), Some(&Profile::a(1)));
        let tmf = FiniteModule::load(&dir.join("tmf2.json")).unwrap();
        assert_eq!(tmf.profile(), Some(&Profile::a(2)));
    }
}

/// The restricted table acts as the whole algebra's on the elements of `B`: on the
/// module `tmf-mod-eta` shape (`Sq2 x0 = x2`) and on the Joker-like `C2 ∧ Ceta` cells.
#[test]
fn the_restricted_action_is_the_whole_algebras() {
    let gens = r#"{"x0": 0, "x1": 1, "x2": 2, "x3": 3}"#;
    let actions = r#"["Sq1 x0 = x1", "Sq2 x0 = x2", "Sq2 x1 = x3", "Sq1 x2 = x3"]"#;
    let whole = load(
        "C2_sm_Ceta.json",
        &format!(
            r#"{{"p": 2, "type": "finite dimensional module", "gens": {gens}, "actions": {actions}}}"#
        ),
    )
    .unwrap();
    let sub = load(
        "C2_sm_Ceta.json",
        &with_profile(r#"{"truncated": true, "p_part": [2, 1]}"#, gens, actions),
    )
    .unwrap();
    let a = whole.algebra();
    let b = sub.algebra();
    let mut checked = 0;
    for d in 0..=3u32 {
        for (j, r) in b.basis(d).iter().enumerate() {
            let i = a.index_of(r);
            for t in 0..=3 - d as i32 {
                for x in 0..whole.dim(t) {
                    let mut u = FpVector::new(whole.dim(t + d as i32));
                    let mut v = u.clone();
                    whole.act_on_basis(d, i, t, x, &mut u);
                    sub.act_on_basis(d, j, t, x, &mut v);
                    assert_eq!(u, v, "{r} on basis element {x} of degree {t}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 8);
    assert_eq!(
        b.basis(3),
        [PPart::from_slice(&[3]), PPart::from_slice(&[0, 1])]
    );
}

#[test]
fn profile_errors_name_the_field() {
    let gens = r#"{"x0": 0, "x4": 4}"#;
    let e = load(
        "M.json",
        &with_profile(
            r#"{"truncated": true, "p_part": [2, 1]}"#,
            gens,
            r#"["Sq4 x0 = x4"]"#,
        ),
    )
    .unwrap_err();
    assert_eq!(
        e,
        r#"M.json: actions[0] "Sq4 x0 = x4": Sq4 is not in the sub-Hopf algebra A(1) of the file's profile"#
    );
    let e = load(
        "M.json",
        &with_profile(r#"{"truncated": true, "p_part": [2]}"#, gens, "[]"),
    )
    .unwrap_err();
    assert!(
        e.starts_with("M.json: profile: not a sub-Hopf algebra: h(1) = 2 > 1 + h(2) = 1"),
        "{e}"
    );
    let e = load(
        "M.json",
        &with_profile(
            r#"{"truncated": true, "p_part": [1], "q_part": [1]}"#,
            gens,
            "[]",
        ),
    )
    .unwrap_err();
    assert_eq!(
        e,
        "M.json: profile: q_part (the exterior part) exists only at odd primes"
    );
    let e = load(
        "M.json",
        &with_profile(r#"{"p_part": [2, "x"]}"#, gens, "[]"),
    )
    .unwrap_err();
    assert!(
        e.starts_with("M.json: profile.p_part: expected a list of non-negative integers"),
        "{e}"
    );
    let e = load("M.json", &with_profile("[2, 1]", gens, "[]")).unwrap_err();
    assert_eq!(e, "M.json: profile: expected an object, found [2,1]");
}
