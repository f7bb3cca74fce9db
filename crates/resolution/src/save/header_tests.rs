//! Tests of the save header (`header.rs`): parsing, compatibility, the profile and the
//! module hash.

use super::*;
use fp::ValidPrime;
use steenrod::Profile;

#[test]
fn header_round_trips_and_detects_edits() {
    let h = Header::for_run(&FiniteModule::sphere(), Algorithm::Nassau);
    let text = h.to_text();
    assert_eq!(Header::parse(&text).unwrap(), h);
    let edited = text.replace("algorithm = nassau", "algorithm = classical");
    let checksum = HeaderError {
        field: "checksum",
        reason: HeaderReason::Checksum,
    };
    assert_eq!(Header::parse(&edited).unwrap_err(), checksum);
    let future = text.replace("format-version = 1", "format-version = 99");
    let format_version = HeaderError {
        field: "format-version",
        reason: HeaderReason::FormatVersion {
            found: 99,
            supported: 1,
        },
    };
    assert_eq!(Header::parse(&future).unwrap_err(), format_version);
    assert_eq!(Header::parse("hello\n").unwrap_err().field, "first line");
    // A value that is not a number, under a checksum that matches it.
    let body = text.split("checksum = ").next().expect("body");
    let body = body.replace("prime = 2", "prime = two");
    let sum = blake3::hash(body.as_bytes()).to_hex();
    let prime = format!("{body}checksum = {sum}\n");
    assert_eq!(
        Header::parse(&prime).unwrap_err().to_string(),
        "field prime: \"two\" is not a number"
    );
}

#[test]
fn another_prime_algorithm_or_module_is_incompatible() {
    let sphere = FiniteModule::sphere();
    let h = Header::for_run(&sphere, Algorithm::Nassau);
    assert!(h.check_compatible(&h).is_ok());
    let p3 = Header {
        prime: 3,
        ..h.clone()
    };
    assert_eq!(p3.check_compatible(&h).unwrap_err().field(), "prime");
    let classical = Header::for_run(&sphere, Algorithm::Classical);
    assert_eq!(
        classical.check_compatible(&h).unwrap_err().field(),
        "algorithm"
    );
    let c2 = FiniteModule::from_bundled("C2").expect("bundled C2");
    let other = Header::for_run(&c2, Algorithm::Nassau);
    assert_eq!(
        other.check_compatible(&h).unwrap_err().field(),
        "module-hash"
    );
    assert_ne!(h.identity(), other.identity());
}

/// The p = 2 hash is part of format version 1: directories saved by earlier builds
/// must still open. These are the headers' `module-hash` written by the build before
/// odd primes (`adams resolve S_2|C2 … --save-dir` with the p = 2-only build).
#[test]
fn the_p2_module_hash_is_unchanged() {
    let c2 = FiniteModule::from_bundled("C2").expect("bundled C2");
    assert_eq!(
        module_hash(&FiniteModule::sphere()),
        "f72a4c2eba1c68ab98db58862863c5826f42abf8c94dae12ac7ef1095ca48556"
    );
    assert_eq!(
        module_hash(&c2),
        "272dcbb4d577474a77c237c083be5857935a0206e9bbeff4ac01891ba6fa80db"
    );
}

/// A header over a sub-Hopf algebra records its profile; one without a `profile` line
/// (every header written before profiles) is over `A` and keeps its identity.
#[test]
fn the_profile_round_trips_and_only_a_sub_algebra_writes_one() {
    let ko = FiniteModule::from_bundled("ko").expect("bundled ko");
    let h = Header::for_run(&ko, Algorithm::Classical);
    assert_eq!(h.profile, Some(Profile::a(1)));
    let text = h.to_text();
    assert!(text.contains("\nprofile = 2,1\n"), "{text}");
    assert_eq!(Header::parse(&text).unwrap(), h);
    let not_truncated = Header {
        profile: Some(Profile::new(vec![3, 2], false).unwrap()),
        ..h.clone()
    };
    let text = not_truncated.to_text();
    assert!(text.contains("\nprofile = 3,2,inf\n"), "{text}");
    assert_eq!(Header::parse(&text).unwrap(), not_truncated);
    assert_ne!(h.identity(), not_truncated.identity());

    let sphere = Header::for_run(&FiniteModule::sphere(), Algorithm::Nassau);
    assert_eq!(sphere.profile, None);
    assert!(!sphere.to_text().contains("profile"));
    // The identity over A is BLAKE3 of the four fields as before profiles.
    let old = format!("1\n2\nnassau\n{}", sphere.module_hash);
    assert_eq!(
        sphere.identity(),
        blake3::hash(old.as_bytes()).as_bytes()[..16]
    );
}

#[test]
fn a_profile_that_is_not_one_is_a_header_error() {
    let ko = FiniteModule::from_bundled("ko").expect("bundled ko");
    let text = Header::for_run(&ko, Algorithm::Classical).to_text();
    let body = text.split("checksum = ").next().expect("body");
    for (value, why) in [
        ("2,x", "expected entries"),
        ("1,2", "not a sub-Hopf algebra"),
    ] {
        let body = body.replace("profile = 2,1", &format!("profile = {value}"));
        let sum = blake3::hash(body.as_bytes()).to_hex();
        let err = Header::parse(&format!("{body}checksum = {sum}\n")).unwrap_err();
        assert_eq!(err.field, "profile");
        let message = err.to_string();
        assert!(
            message.starts_with(&format!("field profile: \"{value}\" is not a profile: ")),
            "{message}"
        );
        assert!(message.contains(why), "{message}");
    }
}

#[test]
fn another_profile_is_incompatible_and_named_before_the_algorithm() {
    let ko = FiniteModule::from_bundled("ko").expect("bundled ko");
    let sphere = FiniteModule::sphere();
    let tmf = sphere.clone().restricted_to(&Profile::a(2));
    let saved = Header::for_run(&ko, Algorithm::Classical);
    let whole = Header::for_run(&sphere, Algorithm::Nassau);
    let over_a2 = Header::for_run(&tmf, Algorithm::Classical);
    assert!(saved.check_compatible(&saved).is_ok());
    let err = saved.check_compatible(&over_a2).unwrap_err();
    assert_eq!(err.field(), "profile");
    assert_eq!(
        err.to_string(),
        "field profile: the directory was made for a resolution over A(1), this run resolves over A(2)"
    );
    let err = saved.check_compatible(&whole).unwrap_err();
    assert_eq!(
        err.to_string(),
        "field profile: the directory was made for a resolution over A(1), this run resolves over A, the whole Steenrod algebra"
    );
    assert_eq!(
        whole.check_compatible(&saved).unwrap_err().field(),
        "profile"
    );
}

#[test]
fn module_hash_ignores_names_and_formatting() {
    let a = FiniteModule::from_json_str("a.json", r#"{"p": 2, "type": "finite dimensional module", "gens": {"x0": 0, "x1": 1}, "actions": ["Sq1 x0 = x1"]}"#).unwrap();
    let b = FiniteModule::from_json_str(
        "b.json",
        "{\n  \"type\": \"finite dimensional module\",\n  \"p\": 2,\n  \"gens\": {\"y0\": 0, \"y1\": 1},\n  \"actions\": [\"Sq1 y0 = y1\"]\n}",
    )
    .unwrap();
    let c = FiniteModule::from_json_str("c.json", r#"{"p": 2, "type": "finite dimensional module", "gens": {"x0": 0, "x1": 1}, "actions": []}"#).unwrap();
    assert_eq!(module_hash(&a), module_hash(&b));
    assert_ne!(module_hash(&a), module_hash(&c));
}

/// At an odd prime the header records the odd profile, P part and Q part (`1:0,1` for
/// `A(1)`, `:0,1` for `E(1)`, `inf:1,…` for every `P(R)` and every `Q_k` but `Q_0`), and
/// reads it back; over `A_p` it writes no `profile` line and the module keeps its hash.
#[test]
fn an_odd_profile_round_trips_and_changes_the_hash() {
    use steenrod::module::FiniteModule;
    use steenrod::MilnorAlgebra;
    let p3 = fp::ValidPrime::new(3).expect("3");
    let sphere = FiniteModule::<MilnorAlgebra<ValidPrime>>::sphere_at(p3);
    let whole = Header::for_run(&sphere, Algorithm::Classical);
    assert_eq!(whole.profile, None);
    assert!(!whole.to_text().contains("profile"));
    let no_beta = Profile::with_q_part(Vec::new(), false, Profile::ALL_Q & !1).unwrap();
    let cases = [
        (Profile::a_odd(1), "1:0,1"),
        (Profile::e(1), ":0,1"),
        (
            Profile::with_q_part(Vec::new(), false, Profile::ALL_Q).unwrap(),
            "inf:all",
        ),
        (
            no_beta,
            &*format!(
                "inf:{}",
                (1..32)
                    .map(|k: u32| k.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            ),
        ),
    ];
    let mut identities = vec![whole.identity()];
    for (profile, value) in cases {
        let h = Header::for_run(
            &sphere.clone().restricted_to(&profile),
            Algorithm::Classical,
        );
        assert_eq!(h.profile, Some(profile.clone()));
        let text = h.to_text();
        assert!(text.contains(&format!("\nprofile = {value}\n")), "{text}");
        assert_eq!(Header::parse(&text).unwrap(), h);
        assert_ne!(h.module_hash, whole.module_hash, "{profile}");
        identities.push(h.identity());
    }
    identities.sort();
    identities.dedup();
    assert_eq!(identities.len(), 5, "every algebra its own identity");
}

/// A `profile` value of the other prime's form, or an odd Q part that names no sub-Hopf
/// algebra, is a header error naming the field.
#[test]
fn an_odd_profile_of_the_wrong_form_is_a_header_error() {
    for (prime, value, why) in [
        (3, "2,1", "at p = 3 expected the P part, a colon"),
        (2, "1:0,1", "at p = 2 expected entries"),
        (3, "1:x", "indices k < 32"),
        (3, "1:0,32", "indices k < 32"),
        (3, "1:0", "Q_1 is left out but Q_0 is in"),
    ] {
        let err = crate::save::profile::parse_profile(value, prime).unwrap_err();
        assert_eq!(err.field, "profile");
        let message = err.to_string();
        assert!(message.contains(why), "{value}: {message}");
    }
}

#[test]
fn the_cut_degree_round_trips_and_leaves_the_identity_alone() {
    let h = Header::for_run(&FiniteModule::sphere(), Algorithm::Nassau);
    assert_eq!(h.cut_above, None, "the sphere drops no cell");
    assert!(!h.to_text().contains("cut-above"));
    let cut = Header {
        cut_above: Some(5),
        ..h.clone()
    };
    let text = cut.to_text();
    assert!(text.contains("\ncut-above = 5\nchecksum = "), "{text}");
    assert_eq!(Header::parse(&text).unwrap(), cut);
    assert_eq!(cut.identity(), h.identity());
    assert!(cut.check_compatible(&h).is_ok());
    let bad = text.replace("cut-above = 5", "cut-above = five");
    let bad = {
        // A valid checksum over the altered lines: the value itself is refused.
        let body = &bad[..bad.rfind("checksum = ").unwrap()];
        format!(
            "{body}checksum = {}\n",
            blake3::hash(body.as_bytes()).to_hex()
        )
    };
    assert_eq!(Header::parse(&bad).unwrap_err().field, "cut-above");
}

/// The hash of a module over a sub-Hopf algebra is part of format version 1 too: the
/// profile enters it as text ([`super::hashed_profile`]). These are the `module-hash` lines
/// written by the build before one profile type served every prime (`adams resolve S_2
/// --algebra A(1)`, `S_2 --profile 3,2,1`, `S_3 --algebra A(1)`, `S_3 --algebra E(1)`, each
/// with `--save-dir`).
#[test]
fn the_module_hash_over_a_sub_algebra_is_unchanged() {
    use steenrod::MilnorAlgebra;
    let sphere = FiniteModule::sphere();
    let s3 =
        FiniteModule::<MilnorAlgebra<ValidPrime>>::sphere_at(fp::ValidPrime::new(3).expect("3"));
    let cases = [
        (
            module_hash(&sphere.clone().restricted_to(&Profile::a(1))),
            "fc0f7d627464053c33b01f8902b3f9c35f60f97150562b61df1214bfaf8c0918",
        ),
        (
            module_hash(&sphere.restricted_to(&Profile::a(2))),
            "7aec1f34fb8ad438a7f5808b3d795b3e49b5e413923b31dd80f3279145d7b219",
        ),
        (
            module_hash(&s3.clone().restricted_to(&Profile::a_odd(1))),
            "263d3cbd298ce6eb6c004ab3377b4bdac58551603dd2b1d300c36bfeeb22fc60",
        ),
        (
            module_hash(&s3.restricted_to(&Profile::e(1))),
            "5037f5e17c061c6db6e55847863c02254f8a4c86e678d7f0fefdad72491c9022",
        ),
    ];
    for (hash, written) in cases {
        assert_eq!(hash, written);
    }
}

/// The `module-hash` lines written by the build before one hash served every prime
/// (`adams resolve M --save-dir DIR`, `M --algebra A(1)`, `M --algebra E(1)`): modules
/// with actions at p = 2 (Joker: `Sq1`, `Sq2`), at p = 3 (`C3`: `β`; `Calpha`: `P^1`),
/// and over sub-Hopf algebras (at p = 3 every basis element of the sub-algebra is hashed).
/// Save directories written by that build must resume, so these stay as they are.
#[test]
fn the_module_hash_of_modules_with_actions_is_unchanged() {
    use steenrod::module::{AnyModule, ModuleAlgebra};
    /// `module` over the algebra `algebra` names (`""`: the whole Steenrod algebra).
    fn over<A: ModuleAlgebra>(module: FiniteModule<A>, algebra: &str, p: u32) -> FiniteModule<A> {
        match (algebra, p) {
            ("", _) => module,
            ("A(1)", 2) => module.restricted_to(&Profile::a(1)),
            ("A(1)", _) => module.restricted_to(&Profile::a_odd(1)),
            ("E(1)", _) => module.restricted_to(&Profile::e(1)),
            _ => panic!("no algebra {algebra}"),
        }
    }
    // `NAME[ over ALGEBRA]: module-hash`.
    let cases = [
        "Joker: 92a0f5fd58a1ef6ae1674fc5065d5ca55b3cd2013073d1a91016a390099642a9",
        "Joker over A(1): 3b329a20eea85c0d652d1a961df326030a90b6c77ce5295cc10af34604851ddf",
        "C2 over A(1): 90f41b9e275bd8ccc798549812b9d5f0075692dc6d36ea5aa4bfc3f9e89298fd",
        "C3: 3f22c129a94ade71d3324e80896dd61b0b4e17e3adcbcf34d16e2423ca081450",
        "Calpha: 5c4289fe0d5fa10a86caa61c0901d48fccf3eeae07e7d6916c9317c4c53a72a2",
        "C3 over E(1): 22a28df9880aeb5dab0ae67a2068e3d76bc416bc15f7bf51c96c504cba6341e4",
        "Calpha over A(1): 9c5a062b54daf28da8ae2eb751ddc3b2aef05d3046e58f923052c8fc15056cf7",
    ];
    for case in cases {
        let (module, written) = case.split_once(": ").expect("NAME: hash");
        let (name, algebra) = module.split_once(" over ").unwrap_or((module, ""));
        let module = AnyModule::from_bundled(name).expect(name);
        let p = module.prime();
        let hash = match module {
            AnyModule::Two(m) => module_hash(&over(m, algebra, p)),
            AnyModule::Odd(m) => module_hash(&over(m, algebra, p)),
        };
        assert_eq!(hash, written, "{name} over {algebra:?} at p = {p}");
    }
    // The cases are at both primes.
    assert_eq!(AnyModule::from_bundled("C3").map(|m| m.prime()), Some(3));
}
