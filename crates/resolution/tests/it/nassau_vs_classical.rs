//! Nassau's algorithm against the classical one: two independent ways to the same Ext.
//! For each module, both algorithms resolve through stem 40 and must give the same
//! dimension in every bidegree; C2 and Ceta are also checked against the independent
//! reference tables (`tests/data/ext/`). The modules are the project's own (`modules/`).

use std::path::PathBuf;

use resolution::{Algorithm, ExtEntry, Resolution, ResolutionConfig};
use steenrod::module::FiniteModule;

/// The project's own module definition (`modules/NAME.json`, bundled with adams).
fn load(name: &str) -> FiniteModule {
    if name == "S_2" {
        return FiniteModule::sphere();
    }
    FiniteModule::from_bundled(name).unwrap_or_else(|| panic!("{name} is not a bundled module"))
}

fn ext(name: &str, algorithm: Algorithm, max_stem: i32, max_s: u32) -> Vec<ExtEntry> {
    let mut res = Resolution::new(load(name), ResolutionConfig { max_stem, max_s }).expect("range");
    res.resolve_with(algorithm)
        .unwrap_or_else(|e| panic!("{name} ({algorithm:?}): {e}"));
    res.ext()
}

fn same_in_both(name: &str) {
    let (max_stem, max_s) = (40, 20);
    let classical = ext(name, Algorithm::Classical, max_stem, max_s);
    let nassau = ext(name, Algorithm::Nassau, max_stem, max_s);
    assert!(
        classical.len() > 40,
        "{name}: too few classes ({}) for a meaningful comparison",
        classical.len()
    );
    assert_eq!(classical, nassau, "{name}: Nassau and classical disagree");
}

#[test]
fn sphere() {
    same_in_both("S_2");
}

#[test]
fn c2() {
    same_in_both("C2");
}

#[test]
fn ceta() {
    same_in_both("Ceta");
}

#[test]
fn cnu() {
    same_in_both("Cnu");
}

#[test]
fn csigma() {
    same_in_both("Csigma");
}

#[test]
fn joker() {
    same_in_both("Joker");
}

/// The reference tables for C2 and Ceta state their complete range on the first line.
fn reference_agrees(name: &str) {
    // The independent reference tables carried with the project (tests/data/README.md).
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/ext")
        .join(format!("{name}.csv"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let first = text.lines().next().unwrap_or_default();
    let nums: Vec<i32> = first
        .split(|c: char| !c.is_ascii_digit())
        .filter(|x| !x.is_empty())
        .take(2)
        .map(|x| x.parse().expect("number"))
        .collect();
    assert!(
        first.starts_with("# complete for stem <="),
        "{name}: unexpected first line {first:?}"
    );
    let (max_stem, max_s) = (nums[0].min(40), (nums[1] as u32).min(20));
    let mut want: Vec<(i32, u32, usize)> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("stem"))
        .map(|l| {
            let f: Vec<i64> = l
                .split(',')
                .map(|x| x.trim().parse().expect("number"))
                .collect();
            (f[0] as i32, f[1] as u32, f[3] as usize)
        })
        .filter(|&(n, s, _)| n <= max_stem && s <= max_s)
        .collect();
    want.sort();
    assert!(
        want.len() > 40,
        "{name}: the reference holds only {} classes in range",
        want.len()
    );
    for algorithm in [Algorithm::Nassau, Algorithm::Classical] {
        let got: Vec<(i32, u32, usize)> = ext(name, algorithm, max_stem, max_s)
            .iter()
            .map(|e| (e.stem(), e.s(), e.dim))
            .collect();
        assert_eq!(
            got,
            want,
            "{name} ({algorithm:?}) against {}",
            path.display()
        );
    }
}

#[test]
fn c2_matches_reference() {
    reference_agrees("C2");
}

#[test]
fn ceta_matches_reference() {
    reference_agrees("Ceta");
}
