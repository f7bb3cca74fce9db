//! Resolutions over the sub-Hopf algebras `A(1)` and `A(2)`: Ext of `F_2` (the Adams E2
//! pages of ko and tmf) against the independent reference tables, the ko chart's known
//! shape, `d∘d = 0`, and the refusal of Nassau's algorithm there; save directories over
//! them (the header's `profile`): resumed and extended, and refused for another algebra.

use std::collections::BTreeMap;
use std::path::Path;

use fp::FpVector;
use resolution::products::h_matrix;
use resolution::save::{SaveDir, SaveOptions};
use resolution::{Algorithm, Bidegree, Resolution, ResolutionConfig, ResolutionError};
use steenrod::module::FiniteModule;
use steenrod::Profile;

/// An independent reference table carried with the project (tests/data/README.md).
fn reference(name: &str) -> BTreeMap<(i32, u32), usize> {
    let (first, table) = crate::reference::table(name);
    assert!(
        first.starts_with("# complete for stem <= 60, s <= 30"),
        "{name}: range line"
    );
    table
}

fn resolve(bundled: &str, max_stem: i32, max_s: u32) -> Resolution {
    let module = FiniteModule::from_bundled(bundled).expect("bundled");
    let mut res = Resolution::new(module, ResolutionConfig { max_stem, max_s }).expect("range");
    res.resolve_with(Algorithm::Classical).expect("resolution");
    res
}

fn agrees_with(res: &Resolution, table: &str) {
    let reference = reference(table);
    let ours: BTreeMap<(i32, u32), usize> = res
        .ext()
        .iter()
        .map(|e| ((e.stem(), e.s()), e.dim))
        .collect();
    let mut classes = 0;
    for stem in 0..=60 {
        for s in 0..=30 {
            let want = reference.get(&(stem, s)).copied().unwrap_or(0);
            let got = ours.get(&(stem, s)).copied().unwrap_or(0);
            assert_eq!(got, want, "{table}: Ext at stem {stem}, s {s}");
            classes += want;
        }
    }
    assert!(classes > 200, "{table}: only {classes} classes in range");
}

#[test]
fn ko_agrees_with_the_reference_through_stem_60() {
    let res = resolve("ko", 60, 30);
    assert_eq!(res.algebra().profile(), Some(&Profile::a(1)));
    agrees_with(&res, "ko.csv");
}

#[test]
fn tmf_agrees_with_the_reference_through_stem_60() {
    let res = resolve("tmf2", 60, 30);
    assert_eq!(res.algebra().profile(), Some(&Profile::a(2)));
    agrees_with(&res, "tmf2.csv");
}

/// `Ext_{A(1)}(F_2, F_2) = F_2[h0, h1, a, b] / (h0 h1, h1^3, h1 a, a^2 + h0^2 b)` with
/// `a` in (stem 4, s = 3) and the Bott class `b` in (8, 4) (J. F. Adams, "Stable homotopy
/// and generalised homology", Part III; the ko chart of every text on the Adams spectral
/// sequence): h0-towers in the stems ≡ 0 mod 4, `h1` and `h1^2` in stems 1 and 2 (and
/// their `b`-multiples), nothing in stems 3, 5, 6, 7 mod 8. `h_0`, `h_1` multiply; there
/// is no `h_2` over `A(1)` (its products are unknown, `None`, not zero).
#[test]
fn the_ko_chart() {
    let (max_stem, max_s) = (24, 14);
    let res = resolve("ko", max_stem, max_s);
    let dim = |n: i32, s: u32| res.number_of_gens(Bidegree::n_s(n, s));
    for n in 0..=max_stem {
        for s in 0..=max_s {
            let k = n / 8;
            let expect = match n % 8 {
                0 => (s >= 4 * k as u32) as usize,
                4 => (s >= 4 * k as u32 + 3) as usize,
                1 => (s == 4 * k as u32 + 1) as usize,
                2 => (s == 4 * k as u32 + 2) as usize,
                _ => 0,
            };
            assert_eq!(dim(n, s), expect, "ko: stem {n}, s {s}");
        }
    }
    let one = FpVector::from_ones(1, &[0]);
    let times = |i: u32, n: i32, s: u32| {
        h_matrix(&res, i, Bidegree::n_s(n, s)).map(|m| {
            let v = resolution::products::h_multiply(&res, i, Bidegree::n_s(n, s), &one).unwrap();
            assert_eq!(m.rows(), 1);
            !v.is_zero()
        })
    };
    // The h0-towers.
    for (n, s) in [(0, 0), (0, 5), (4, 3), (4, 6), (8, 4), (12, 7), (16, 8)] {
        assert_eq!(times(0, n, s), Some(true), "h0 on ({n}, {s})");
    }
    // h1, h1^2, and h1^3 = 0; h1 b, h1^2 b.
    assert_eq!(times(1, 0, 0), Some(true));
    assert_eq!(times(1, 1, 1), Some(true));
    assert_eq!(times(1, 8, 4), Some(true));
    assert_eq!(times(1, 9, 5), Some(true));
    assert_eq!(times(1, 4, 3), Some(false), "h1 a = 0");
    assert_eq!(times(0, 1, 1), Some(false), "h0 h1 = 0");
    // No h2 (Sq4 is not in A(1)).
    assert_eq!(times(2, 0, 0), None);
    assert!(h_matrix(&res, 2, Bidegree::n_s(8, 4)).is_none());
}

#[test]
fn d_squared_is_zero_over_a2() {
    let (max_stem, max_s) = (30, 10);
    let res = resolve("tmf2", max_stem, max_s);
    let alg = res.algebra();
    let mut checked = 0;
    for s in 2..=max_s {
        let below = res.free_module(s - 2);
        let middle = res.free_module(s - 1);
        for t in s as i32..=max_stem + s as i32 {
            for dg in res.free_module(s).gens(t) {
                let n = below.gens_below(t - 1);
                let off = below.offsets(alg, t, n);
                let mut dd = FpVector::new(off[n]);
                for term in &dg.terms {
                    assert!(alg.contains(&term.op()), "{} is not in A(2)", term.op());
                    for inner in &middle.differential(term.gen as usize).1.terms {
                        alg.multiply_basis_into(
                            &term.op(),
                            &inner.op(),
                            dd.limbs_mut(),
                            off[inner.gen as usize],
                        );
                    }
                }
                assert!(
                    dd.is_zero(),
                    "d∘d ≠ 0 on a generator of C_{s} in degree {t}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 30, "only {checked} generators checked");
}

#[test]
fn nassau_is_refused_over_a_sub_algebra() {
    let module = FiniteModule::from_bundled("ko").unwrap();
    let mut res = Resolution::new(
        module,
        ResolutionConfig {
            max_stem: 10,
            max_s: 4,
        },
    )
    .unwrap();
    let e = res.resolve_with(Algorithm::Nassau).unwrap_err();
    assert!(matches!(e, ResolutionError::NassauOverSubalgebra { .. }));
    assert!(
        e.to_string()
            .starts_with("Nassau's algorithm is not available over the sub-Hopf algebra A(1)"),
        "{e}"
    );
}

/// Every generator's differential, by bidegree (`s`, `t`), as limbs.
fn differentials(res: &Resolution) -> Vec<(u32, i32, Vec<Vec<u64>>)> {
    let config = res.config();
    let min = res.module().min_degree();
    let mut out = Vec::new();
    for s in 0..=config.max_s {
        for t in min + s as i32..=config.max_stem + s as i32 {
            let gens = res.free_module(s).gens(t);
            out.push((
                s,
                t,
                gens.iter().map(|d| d.value.limbs().to_vec()).collect(),
            ));
        }
    }
    out
}

/// A classical resolution of `module` through (`max_stem`, `max_s`), resumed from `save`
/// first: the resolution and the bidegrees loaded.
fn run_saved(module: &FiniteModule, max_stem: i32, max_s: u32, save: &Path) -> (Resolution, usize) {
    let mut res =
        Resolution::new(module.clone(), ResolutionConfig { max_stem, max_s }).expect("range");
    let dir = SaveDir::open(save, module, Algorithm::Classical, SaveOptions::default())
        .expect("open the save directory");
    let report = res.resume(dir).expect("resume");
    assert!(report.corrupt.is_empty(), "{:?}", report.corrupt);
    res.resolve_with(Algorithm::Classical).expect("resolution");
    (res, report.loaded)
}

/// A save over `A(1)` (ko) or `A(2)` (the sphere restricted to it) extended to a larger
/// range holds the resolution of a run in one go, every saved bidegree loaded.
#[test]
fn a_save_over_a_sub_algebra_resumes_and_extends_as_a_fresh_run() {
    let ko = FiniteModule::from_bundled("ko").expect("ko");
    let tmf = FiniteModule::sphere().restricted_to(&Profile::a(2));
    for module in [ko, tmf] {
        let what = module.profile().expect("a profile").to_string();
        let mut fresh = Resolution::new(
            module.clone(),
            ResolutionConfig {
                max_stem: 30,
                max_s: 12,
            },
        )
        .expect("range");
        fresh
            .resolve_with(Algorithm::Classical)
            .expect("resolution");
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path().join("save");
        let (small, loaded) = run_saved(&module, 20, 8, &dir);
        assert_eq!(loaded, 0, "{what}");
        let header = std::fs::read_to_string(dir.join("header")).expect("header");
        assert!(header.contains("\nprofile = "), "{what}: {header}");
        let (extended, loaded) = run_saved(&module, 30, 12, &dir);
        assert_eq!(
            loaded,
            differentials(&small).len(),
            "{what}: all saved bidegrees load"
        );
        assert_eq!(differentials(&extended), differentials(&fresh), "{what}");
        assert_eq!(extended.ext(), fresh.ext(), "{what}");
    }
}

/// A save over one algebra is refused for a run over another (or over `A`), naming the
/// field and both algebras, before anything in it is touched.
#[test]
fn a_save_over_another_algebra_is_refused() {
    let ko = FiniteModule::from_bundled("ko").expect("ko");
    let sphere = FiniteModule::sphere();
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("save");
    run_saved(&ko, 6, 3, &dir);
    let before = std::fs::read_to_string(dir.join("header")).expect("header");
    for (module, algorithm, run) in [
        (
            sphere.clone().restricted_to(&Profile::a(2)),
            Algorithm::Classical,
            "A(2)",
        ),
        (
            sphere.clone(),
            Algorithm::Nassau,
            "A, the whole Steenrod algebra",
        ),
    ] {
        let err = SaveDir::open(&dir, &module, algorithm, SaveOptions::default())
            .err()
            .expect("refused");
        let text = err.to_string();
        assert!(
            text.starts_with(&format!(
                "save directory {}: field profile: ",
                dir.display()
            )),
            "{text}"
        );
        assert!(
            text.contains(&format!(
                "made for a resolution over A(1), this run resolves over {run}"
            )),
            "{text}"
        );
    }
    assert_eq!(std::fs::read_to_string(dir.join("header")).unwrap(), before);
}
