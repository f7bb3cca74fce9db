//! The secondary lift split by `s` (steps 1–2 of every `s` at once, step 3 swept over
//! `t`) against the serial order through the per-`s` entry point: the same `λ` on every
//! generator; and `λ` kept in a save directory: a resumed lift equals a fresh one, a
//! damaged or foreign `λ` file is refused naming it.

use resolution::secondary::{
    check_identities, e3_dimensions, lift_saved, LambdaStore, LiftError, SavedLambdaError,
    SecondaryLift,
};
use resolution::{Algorithm, Bidegree, Resolution, ResolutionConfig};
use steenrod::module::FiniteModule;

fn resolve(max_stem: i32, max_s: u32, algorithm: Algorithm) -> Resolution {
    let config = ResolutionConfig { max_stem, max_s };
    let mut res = Resolution::new(FiniteModule::sphere(), config).expect("range");
    res.resolve_with(algorithm).expect("resolution");
    res
}

fn same_lambda(a: &SecondaryLift, b: &SecondaryLift, min: usize) {
    let max_s = a.resolution().config().max_s;
    let mut values = 0;
    for s in 0..=max_s {
        assert_eq!(a.lambda(s), b.lambda(s), "λ_{s}");
        values += a.lambda(s).iter().flatten().count();
    }
    assert!(values >= min, "too few values compared: {values}");
}

#[test]
fn split_by_s_equals_serial() {
    let res = resolve(36, 14, Algorithm::Nassau);
    let split = SecondaryLift::new(&res).expect("the sphere lifts");
    let serial = SecondaryLift::serial(&res).expect("the sphere lifts");
    same_lambda(&split, &serial, 140);
    let checked = check_identities(&split).expect("identities");
    assert!(checked.d2_squared > 100 && checked.h_linear.iter().all(|&k| k > 50));
}

#[test]
fn resumed_lift_equals_fresh() {
    let dir = tempfile::tempdir().expect("temp dir");
    let small = resolve(20, 8, Algorithm::Nassau);
    let store = LambdaStore::new(dir.path(), &small);
    let (_, read) = lift_saved(&small, &store).expect("lift");
    assert_eq!(read, 0);
    let written = std::fs::read_dir(dir.path().join("secondary"))
        .unwrap()
        .count();
    assert!(written > 20, "{written} λ files");

    // The same range again: every file read, nothing computed.
    let store = LambdaStore::new(dir.path(), &small);
    let (again, read) = lift_saved(&small, &store).expect("lift");
    assert_eq!(read, written);
    same_lambda(&again, &SecondaryLift::new(&small).unwrap(), 40);

    // A larger range extends: the old files read, the rest computed; equal to fresh.
    let large = resolve(30, 11, Algorithm::Nassau);
    let store = LambdaStore::new(dir.path(), &large);
    let (extended, read) = lift_saved(&large, &store).expect("lift");
    assert_eq!(read, written);
    let fresh = SecondaryLift::new(&large).unwrap();
    same_lambda(&extended, &fresh, 80);
    assert_eq!(e3_dimensions(&extended), e3_dimensions(&fresh));
}

#[test]
fn damaged_or_foreign_lambda_files_are_refused() {
    let dir = tempfile::tempdir().expect("temp dir");
    let res = resolve(20, 8, Algorithm::Nassau);
    let store = LambdaStore::new(dir.path(), &res);
    lift_saved(&res, &store).expect("lift");
    // λ_5 at t = 20 (stem 15): one generator.
    let at = Bidegree::s_t(5, 20);
    let path = store.path(at);
    let good = std::fs::read(&path).expect("written");

    let mut bad = good.clone();
    let last = bad.len() - 1;
    bad[last] ^= 1;
    std::fs::write(&path, &bad).unwrap();
    match lift_saved(&res, &store) {
        Err(LiftError::Saved(SavedLambdaError::Corrupt { path: p, why })) => {
            assert_eq!(p, path);
            assert!(why.contains("checksum"), "{why}");
        }
        other => panic!("expected a corrupt file, got {:?}", other.err()),
    }
    std::fs::write(&path, &good[..good.len() / 2]).unwrap();
    assert!(matches!(
        lift_saved(&res, &store),
        Err(LiftError::Saved(SavedLambdaError::Corrupt { .. }))
    ));
    std::fs::write(&path, &good).unwrap();
    assert!(lift_saved(&res, &store).is_ok());

    // The classical algorithm's minimal resolution has other differentials: the files
    // written over Nassau's are not read as its λ.
    let other = resolve(20, 8, Algorithm::Classical);
    let differs = (0..=8).any(|s| {
        let (a, b) = (res.free_module(s), other.free_module(s));
        (0..a.gens_below(20 + s as i32))
            .any(|g| a.differential(g).1.value != b.differential(g).1.value)
    });
    assert!(differs, "the two resolutions should differ somewhere");
    let store = LambdaStore::new(dir.path(), &other);
    match lift_saved(&other, &store) {
        Err(LiftError::Saved(SavedLambdaError::Stale { what, .. })) => {
            assert_eq!(what, "resolution")
        }
        other => panic!("expected a stale file, got {:?}", other.err()),
    }
}
