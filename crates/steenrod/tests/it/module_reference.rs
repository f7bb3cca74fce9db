//! Every module file of the project (`modules/`, bundled) and every p = 2 "finite
//! dimensional module" file of the field in `../shared/reference/modules/` (no
//! profile; when that folder is beside the checkout) loads, acts as the file says,
//! and the tabulated Milnor actions form a representation of A.

use crate::common;

use std::path::PathBuf;

use fp::FpVector;
use serde_json::Value;
use steenrod::module::{bundled, bundled_names, FiniteModule};

/// The field's files that should load: p = 2, finite dimensional, no profile, no
/// cofiber (refused: tests/module_errors.rs); none when the folder is not there.
fn loadable_reference_files() -> Vec<(PathBuf, Value)> {
    let mut out = Vec::new();
    let Some(dir) = common::field_modules_dir("the field's module files") else {
        return out;
    };
    let entries = std::fs::read_dir(dir).expect("read the field's module folder");
    for entry in entries {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        let json: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        if json["p"] == 2
            && json["type"] == "finite dimensional module"
            && json.get("profile").is_none()
            && json.get("cofiber").is_none()
        {
            out.push((path, json));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// The modules to check, with their JSON: the project's bundled files, then the
/// field's loadable ones.
fn modules_to_check() -> Vec<(FiniteModule, Value)> {
    let mut out: Vec<(FiniteModule, Value)> = bundled_names()
        .iter()
        .filter(|&&name| FiniteModule::from_bundled(name).is_some())
        .map(|&name| {
            let text = bundled(name).unwrap();
            (
                FiniteModule::from_json_str(name, text).unwrap(),
                serde_json::from_str(text).unwrap(),
            )
        })
        .collect();
    for (path, json) in loadable_reference_files() {
        let m = FiniteModule::load(&path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(m.name(), path.file_stem().unwrap().to_str().unwrap());
        out.push((m, json));
    }
    out
}

fn unit(m: &FiniteModule, t: i32, x: usize) -> FpVector {
    FpVector::from_ones(m.dim(t), &[x])
}

/// `Sq^i` on a vector of `M_t`, through the Milnor basis (`Sq(i)` has index 0).
fn sq(m: &FiniteModule, i: u32, t: i32, v: &FpVector) -> FpVector {
    let mut out = FpVector::new(m.dim(t + i as i32));
    for x in v.iter_ones() {
        m.act_on_basis(i, 0, t, x, &mut out);
    }
    out
}

#[test]
fn the_expected_reference_files_are_found() {
    if common::field_modules_dir("which of the field's files load").is_none() {
        return;
    }
    let names: Vec<String> = loadable_reference_files()
        .iter()
        .map(|(p, _)| p.file_stem().unwrap().to_str().unwrap().to_string())
        .collect();
    for expected in [
        "C2", "Ceta", "Cnu", "Csigma", "DA1", "Joker", "RP4", "S_2", "Z",
    ] {
        assert!(
            names.iter().any(|n| n == expected),
            "{expected} missing from {names:?}"
        );
    }
}

#[test]
fn every_module_file_loads_and_matches_its_listed_actions() {
    for (m, json) in modules_to_check() {
        let gens = json["gens"].as_object().unwrap();
        assert_eq!(m.total_dim(), gens.len(), "{}", m.name());
        for (name, deg) in gens {
            let (t, i) = m.basis_element(name).unwrap();
            assert_eq!(i64::from(t), deg.as_i64().unwrap());
            assert_eq!(m.basis_name(t, i), name);
        }
        let mut checked = 0;
        for action in json["actions"].as_array().unwrap() {
            // Independent reading of "SqN g = a + b + ...".
            let text = action.as_str().unwrap();
            let (lhs, rhs) = text.split_once('=').unwrap();
            let words: Vec<&str> = lhs.split_whitespace().collect();
            let [op, g] = words[..] else { continue };
            let Some(i) = op.strip_prefix("Sq").and_then(|d| d.parse::<u32>().ok()) else {
                continue;
            };
            let (t, x) = m.basis_element(g).unwrap();
            let mut expected = FpVector::new(m.dim(t + i as i32));
            for term in rhs.split('+').map(str::trim).filter(|s| *s != "0") {
                let (tt, y) = m.basis_element(term).unwrap();
                assert_eq!(tt, t + i as i32);
                expected.flip(y);
            }
            assert_eq!(
                sq(&m, i, t, &unit(&m, t, x)),
                expected,
                "{}: {text}",
                m.name()
            );
            checked += 1;
        }
        assert_eq!(
            checked,
            json["actions"].as_array().unwrap().len(),
            "{}: all actions are single Sq^i",
            m.name()
        );
    }
}

#[test]
fn unlisted_generator_actions_are_zero() {
    // Z.json lists Sq1 x2 but not Sq1 x3, and no Sq8 x0 (degree 8 holds x15, x16).
    let Some(dir) = common::field_modules_dir("the field's Z.json") else {
        return;
    };
    let m = FiniteModule::load(&dir.join("Z.json")).unwrap();
    let (t, x) = m.basis_element("x3").unwrap();
    assert!(sq(&m, 1, t, &unit(&m, t, x)).is_zero());
    let (t, x) = m.basis_element("x0").unwrap();
    assert!(m.dim(8) > 0);
    assert!(sq(&m, 8, t, &unit(&m, t, x)).is_zero());
}

/// ρ(Sq(R))·ρ(Sq(S)) = ρ(Sq(R)·Sq(S)) on every basis element, with the
/// product from the Milnor product formula — independent of how the module
/// derived its tables from the Sq^i.
#[test]
fn milnor_actions_are_a_representation() {
    for (m, _) in modules_to_check() {
        let a = m.algebra();
        let span = (m.max_degree() - m.min_degree()) as u32;
        for t in m.min_degree()..=m.max_degree() {
            for x in 0..m.dim(t) {
                for d2 in 0..=span {
                    for d1 in 0..=span - d2 {
                        let top = t + (d1 + d2) as i32;
                        if top > m.max_degree() {
                            continue;
                        }
                        for j2 in 0..a.dim(d2) {
                            let mut mid = FpVector::new(m.dim(t + d2 as i32));
                            m.act_on_basis(d2, j2, t, x, &mut mid);
                            for j1 in 0..a.dim(d1) {
                                let mut lhs = FpVector::new(m.dim(top));
                                m.act(
                                    d1,
                                    &FpVector::from_ones(a.dim(d1), &[j1]),
                                    t + d2 as i32,
                                    &mid,
                                    &mut lhs,
                                );
                                let prod = a.multiply(
                                    d1,
                                    &FpVector::from_ones(a.dim(d1), &[j1]),
                                    d2,
                                    &FpVector::from_ones(a.dim(d2), &[j2]),
                                );
                                let mut rhs = FpVector::new(m.dim(top));
                                m.act(d1 + d2, &prod, t, &unit(&m, t, x), &mut rhs);
                                assert_eq!(
                                    lhs,
                                    rhs,
                                    "{}: {}·{} on {}",
                                    m.name(),
                                    a.basis(d1)[j1],
                                    a.basis(d2)[j2],
                                    m.basis_name(t, x)
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
