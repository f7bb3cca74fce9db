//! Ext of the cofiber of an Ext class (the field's `"cofiber"` key) as the cohomology of
//! the mapping cone of its Yoneda lift (`resolution::chain_map::cofiber`), checked
//!
//! - for the field's `C4.json`, `Ceta2.json`, `C2v14.json` (copies in
//!   `tests/data/sseq-input/cofiber_*.json`) against the tables
//!   `tests/data/ext/cofiber_*.csv` of the independent resolver (sseq, which resolves the
//!   cofiber as a chain complex; provenance on their first lines), through stem 40,
//!   `s ≤ 19`;
//! - for C4, the cofiber of `h0^2`, against its long exact sequence computed from the
//!   sphere's Ext and `h0` read off the differentials twice (`resolution::products`, no
//!   chain map): `dim Ext^{σ,τ}(C4) = dim coker(h0^2 into (σ, τ)) + dim ker(h0^2 on
//!   Ext^{σ−1, τ−2})` (J. F. Adams, "Stable homotopy and generalised homology" (1974),
//!   III.15).

use std::collections::BTreeMap;
use std::path::PathBuf;

use fp::Matrix;
use resolution::chain_map::cofiber::cofiber_ext;
use resolution::chain_map::yoneda::ExtElement;
use resolution::products::h_matrix;
use resolution::{Algorithm, Bidegree, Resolution, ResolutionConfig};
use serde_json::Value;
use steenrod::module::FiniteModule;

const MAX_STEM: i32 = 40;
const MAX_S: u32 = 20;

fn data() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/data")
}

fn resolve(module: FiniteModule) -> Resolution {
    let config = ResolutionConfig {
        max_stem: MAX_STEM,
        max_s: MAX_S,
    };
    let mut res = Resolution::new(module, config).expect("range");
    res.resolve_with(Algorithm::Nassau).expect("resolution");
    res
}

/// The base module of a cofiber file (its `gens` and `actions`) and the class `(s, t, idx)`.
fn cofiber_file(name: &str) -> (FiniteModule, Bidegree, usize) {
    let path = data().join(format!("sseq-input/cofiber_{name}.json"));
    let mut json: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let spec = json.as_object_mut().unwrap().remove("cofiber").unwrap();
    let field = |k: &str| spec[k].as_i64().unwrap();
    let module = FiniteModule::from_json_str(name, &json.to_string()).expect("base module");
    let at = Bidegree::s_t(field("s") as u32, field("t") as i32);
    (module, at, field("idx") as usize)
}

/// `(stem, s) → dim` of a reference table, for `s < MAX_S`.
fn table(name: &str) -> BTreeMap<(i32, u32), usize> {
    let text = std::fs::read_to_string(data().join(format!("ext/cofiber_{name}.csv"))).unwrap();
    assert!(text.starts_with("# complete for stem <= 40, s <= 20;"));
    text.lines()
        .skip(2)
        .map(|l| {
            let f: Vec<i64> = l.split(',').map(|x| x.parse().unwrap()).collect();
            ((f[0] as i32, f[1] as u32), f[3] as usize)
        })
        .filter(|&((_, s), _)| s < MAX_S)
        .collect()
}

fn ours(name: &str) -> BTreeMap<(i32, u32), usize> {
    let (module, at, idx) = cofiber_file(name);
    let res = resolve(module);
    let x = ExtElement::basis(&res, at, idx).expect("the class in range");
    let entries = cofiber_ext(&res, &x).expect("cofiber");
    entries.iter().map(|e| ((e.stem(), e.s()), e.dim)).collect()
}

#[test]
fn cofibers_agree_with_the_independent_resolver() {
    for name in ["C4", "Ceta2", "C2v14"] {
        let reference = table(name);
        assert!(
            reference.len() > 100,
            "{name}: a table of {}",
            reference.len()
        );
        assert_eq!(ours(name), reference, "Ext of the cofiber {name}");
    }
}

fn rank(m: &Matrix) -> usize {
    m.clone().row_reduce().len()
}

/// `h0^2` out of `Ext^{s,t}(F_2)`, from the read-off (`None`: out of range or zero source).
fn h0_squared(sphere: &Resolution, s: u32, t: i32) -> Option<Matrix> {
    let a = h_matrix(sphere, 0, Bidegree::s_t(s, t))?;
    let b = h_matrix(sphere, 0, Bidegree::s_t(s + 1, t + 1))?;
    Some(a.mul(&b))
}

#[test]
fn c4_from_the_long_exact_sequence_of_h0_squared() {
    let sphere = resolve(FiniteModule::sphere());
    let c4 = ours("C4");
    let mut checked = 0;
    for n in 0..MAX_STEM {
        for s in 0..MAX_S - 2 {
            let t = n + s as i32;
            let dim = sphere.number_of_gens(Bidegree::s_t(s, t));
            let incoming = match s {
                0 | 1 => 0,
                _ => h0_squared(&sphere, s - 2, t - 2).map_or(0, |m| rank(&m)),
            };
            let (top, top_rank) = if n >= 1 && s >= 1 {
                let b = Bidegree::s_t(s - 1, t - 2);
                let m = h0_squared(&sphere, s - 1, t - 2).expect("in range");
                (sphere.number_of_gens(b), rank(&m))
            } else {
                (0, 0)
            };
            let expected = dim - incoming + top - top_rank;
            let got = c4.get(&(n, s)).copied().unwrap_or(0);
            assert_eq!(got, expected, "Ext of C4 at (stem {n}, s {s})");
            checked += 1;
        }
    }
    assert_eq!(checked, 40 * 18);
}
