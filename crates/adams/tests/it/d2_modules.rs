//! `adams d2` beyond the sphere: the Moore spectrum `C2`, the cones `Ceta` and `Cnu`, and
//! `A//A(2)` (tmf by change of rings), through stem 40, `s ≤ 20`.
//!
//! - The rank of `d2` out of every bidegree of stem `≤ 40`, `s ≤ 18` equals that of the
//!   independent resolver (SpectralSequences/sseq's `secondary`; tables
//!   `tests/data/d2/*.csv`, made by `scripts/sseq-d2-compare.sh`, provenance in their first
//!   lines). The run's own self-checks (`d2∘d2 = 0`, `d2(h_i x) = h_i d2(x)`, `i ≤ 2`, as
//!   for the sphere) held at a positive number of bidegrees each, and `e3.csv` is `E2`
//!   less the ranks of `d2` out of and into each bidegree.
//! - `d2` is natural (a map of spectra induces a map of Adams spectral sequences): along
//!   the bottom cell `S → C2` and the pinch `C2 → S^1` (`maps/`, their `f*` from `adams
//!   map`), `f*(d2 x) = d2(f* x)` on every class through stem 30, `s ≤ 18`, the sphere's
//!   `d2` being the one checked against Adams (1960) and Isaksen (2019) in `d2.rs`.
//! - A shift moves `d2` by its stems: `C2[-3]` has the `d2` of `C2`, 3 stems lower; a
//!   shifted module resumes from its λ files (`--save-dir`) to the files of a fresh run.

use crate::common;
use crate::d2::{d2_csv, d2_ranks, dims, files, run_d2, Class};
use crate::module_maps::{matrices, Row};

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use common::*;
use serde_json::Value;

/// The independent resolver's table `tests/data/d2/NAME.csv`: its range and
/// `(stem, s) → rank`.
fn sseq_ranks(name: &str) -> ((i64, i64), BTreeMap<(i64, i64), i64>) {
    let path = repository_root().join(format!("tests/data/d2/{name}.csv"));
    let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let first = text.lines().next().unwrap();
    assert!(first.starts_with("# complete for stem <= "), "{first}");
    let range: Vec<i64> = first
        .split(|c: char| !c.is_ascii_digit())
        .filter(|x| !x.is_empty())
        .take(2)
        .map(|x| x.parse().unwrap())
        .collect();
    ((range[0], range[1]), dims(&path))
}

/// Runs `adams d2 MODULE --max-stem 40 --max-s 20` in `cwd`; its output folder.
fn d2_run(cwd: &Path, module: &str, out: &str, max_stem: i64) -> PathBuf {
    let stem = max_stem.to_string();
    let r = adams_in(
        cwd,
        &[
            "d2",
            module,
            "--max-stem",
            &stem,
            "--max-s",
            "20",
            "-o",
            out,
            "-q",
        ],
    );
    assert!(r.status.success(), "{module}: {}", stderr(&r));
    cwd.join(out)
}

#[test]
fn d2_of_c2_ceta_cnu_and_a_mod_a2_agrees_with_the_independent_resolver() {
    let tmp = tempfile::tempdir().unwrap();
    let a_mod_a2 = repository_root().join("tests/data/d2/A-mod-A2.json");
    for (name, module) in [
        ("C2", "C2"),
        ("Ceta", "Ceta"),
        ("Cnu", "Cnu"),
        ("A-mod-A2", a_mod_a2.to_str().unwrap()),
    ] {
        let ((max_stem, max_s), want) = sseq_ranks(name);
        assert_eq!((max_stem, max_s), (40, 18), "{name}: the table's range");
        let out = d2_run(tmp.path(), module, name, 40);
        for file in [
            "d2.csv",
            "e3.csv",
            "ext.csv",
            "chart.json",
            "chart.svg",
            "chart-e3.svg",
        ] {
            assert!(out.join(file).is_file(), "{name}: {file} written");
        }
        let ranks = d2_ranks(&d2_csv(&out));
        let got: BTreeMap<_, _> = ranks
            .iter()
            .filter(|((n, s), _)| *n <= max_stem && *s <= max_s)
            .map(|(&k, &r)| (k, r))
            .collect();
        assert_eq!(got, want, "{name}: rank of d2 by bidegree");
        assert!(!want.is_empty(), "{name}: some d2 is not zero");

        let summary: Value =
            serde_json::from_str(&fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
        assert!(
            summary["checked_d2_squared"].as_u64().unwrap() > 0,
            "{name}"
        );
        for i in 0..3 {
            assert!(
                summary["checked_h_linear"][i].as_u64().unwrap() > 0,
                "{name} h{i}"
            );
        }

        // E3 = E2 − rank out − rank in over the E3 range (stem ≤ 39, s ≤ 18).
        let mut expected = dims(&out.join("ext.csv"));
        expected.retain(|&(n, s), _| n <= 39 && s <= 18);
        for (&(n, s), &r) in &ranks {
            for at in [(n, s), (n - 1, s + 2)] {
                if let Some(d) = expected.get_mut(&at) {
                    *d -= r;
                }
            }
        }
        expected.retain(|_, d| *d > 0);
        assert_eq!(dims(&out.join("e3.csv")), expected, "{name}: e3.csv");
    }
}

#[test]
fn a_shift_moves_d2_by_its_stems() {
    let tmp = tempfile::tempdir().unwrap();
    let c2 = d2_csv(&d2_run(tmp.path(), "C2", "c2", 30));
    let shifted = d2_csv(&d2_run(tmp.path(), "C2[-3]", "c2-3", 27));
    let moved: BTreeMap<_, _> = shifted
        .into_iter()
        .map(|((n, s, k), t)| ((n + 3, s, k), t))
        .collect();
    assert!(!c2.is_empty());
    assert_eq!(moved, c2);
}

/// The classes of `chart.json` at `(stem, s)`, by index: each one's `key` list (the
/// indices of its product by `h_i`, or of its `d2`).
fn chart_lists(chart: &Value, stem: i64, s: i64, key: &str) -> Vec<BTreeSet<i64>> {
    let mut found: Vec<(i64, BTreeSet<i64>)> = chart["classes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["stem"] == stem && c["s"] == s)
        .map(|c| {
            let list = c[key]
                .as_array()
                .unwrap_or_else(|| panic!("({stem}, {s}) {key}"));
            let set = list.iter().map(|k| k.as_i64().unwrap()).collect();
            (c["index"].as_i64().unwrap(), set)
        })
        .collect();
    found.sort_by_key(|(k, _)| *k);
    found.into_iter().map(|(_, set)| set).collect()
}

/// The `d2`'s of the Adams spectral sequence of tmf (as `Ext` of `A//A(2)` over `A`, by
/// change of rings Ext over `A(2)`) that Bruner and Rognes name: `d2(α) = h2 w1` and
/// `d2(β) = h0 d0` (R. Bruner, J. Rognes, "The Adams spectral sequence for topological
/// modular forms", Math. Surveys Monogr. 253, AMS 2021, §5.2, the d2-differentials for
/// tmf), with `α ∈ E2^{3,15}` (stem 12), `β ∈ E2^{3,18}` (stem 15), `w1 ∈ E2^{4,12}`,
/// `d0 ∈ E2^{4,18}`, each the only class of its bidegree. The products are the run's own
/// `h0`, `h2` lines of chart.json.
#[test]
fn tmf_d2_of_alpha_is_h2_w1_and_of_beta_is_h0_d0() {
    let tmp = tempfile::tempdir().unwrap();
    let a_mod_a2 = repository_root().join("tests/data/d2/A-mod-A2.json");
    let out = d2_run(tmp.path(), a_mod_a2.to_str().unwrap(), "tmf", 20);
    let chart: Value =
        serde_json::from_str(&fs::read_to_string(out.join("chart.json")).unwrap()).unwrap();
    for (stem, s, name) in [(12, 3, "α"), (15, 3, "β"), (8, 4, "w1"), (14, 4, "d0")] {
        assert_eq!(
            chart_lists(&chart, stem, s, "d2").len(),
            1,
            "{name}: dim E2 at ({stem}, {s})"
        );
    }
    let h2_w1 = &chart_lists(&chart, 8, 4, "h2")[0];
    let h0_d0 = &chart_lists(&chart, 14, 4, "h0")[0];
    assert!(!h2_w1.is_empty() && !h0_d0.is_empty(), "h2 w1, h0 d0 ≠ 0");
    assert_eq!(&chart_lists(&chart, 12, 3, "d2")[0], h2_w1, "d2(α)");
    assert_eq!(&chart_lists(&chart, 15, 3, "d2")[0], h0_d0, "d2(β)");
    // d2.csv says the same.
    let d2 = d2_csv(&out);
    assert_eq!(d2.get(&(12, 3, 0)), Some(&vec![0]), "d2.csv: d2(α)");
    assert_eq!(d2.get(&(15, 3, 0)), Some(&vec![0]), "d2.csv: d2(β)");
}

/// `--save-dir` for a module below degree 0 (`Cnu[-3]`: generators in negative `t`): a
/// larger second run reads the first run's λ files and writes what a fresh run writes.
#[test]
fn a_shifted_module_resumes_from_its_lambda_files() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |stem: &str, s: &str, out: &str, save: bool| {
        let r = run_d2(tmp.path(), "Cnu[-3]", (stem, s), out, save);
        assert!(r.status.success(), "{}", stderr(&r));
        tmp.path().join(out)
    };
    run("20", "8", "first", true);
    let resumed = run("25", "10", "resumed", true);
    let fresh = run("25", "10", "fresh", false);
    let summary: Value =
        serde_json::from_str(&fs::read_to_string(resumed.join("summary.json")).unwrap()).unwrap();
    assert!(
        summary["lambda_files_read"].as_u64().unwrap() > 0,
        "{summary}"
    );
    assert_eq!(files(&resumed), files(&fresh));
}

/// `x` (a set of class indices at `at`, a sum over F_2) under `d2`: the sum of the
/// classes' targets.
fn apply_d2(d2: &BTreeMap<Class, Vec<i64>>, at: (i64, i64), x: &BTreeSet<i64>) -> BTreeSet<i64> {
    let mut out = BTreeSet::new();
    for &k in x {
        for &j in d2.get(&(at.0, at.1, k)).into_iter().flatten() {
            if !out.insert(j) {
                out.remove(&j);
            }
        }
    }
    out
}

/// `x` at `at` of `Ext(N)` under `f*` (the rows of map.json there; none: `f* = 0`).
fn apply_map(
    f: &BTreeMap<(i64, i64), Vec<Row>>,
    at: (i64, i64),
    x: &BTreeSet<i64>,
) -> BTreeSet<i64> {
    let mut out = BTreeSet::new();
    for &k in x {
        for &(j, _) in f.get(&at).map_or(&[][..], |rows| &rows[k as usize][..]) {
            if !out.insert(j as i64) {
                out.remove(&(j as i64));
            }
        }
    }
    out
}

/// Checks `f*(d2_N x) = d2_M(f* x)` on every basis class `x` of `Ext(N)` with stem `≤ 30`,
/// `s ≤ 18` (`f*` lowers the stem by `shift`); the number of classes where a side is not
/// zero.
fn natural(
    f: &BTreeMap<(i64, i64), Vec<Row>>,
    shift: i64,
    d2_n: &BTreeMap<Class, Vec<i64>>,
    d2_m: &BTreeMap<Class, Vec<i64>>,
) -> usize {
    let mut nonzero = 0;
    for (&(n, s), rows) in f.iter().filter(|((n, s), _)| *n <= 30 && *s <= 18) {
        for k in 0..rows.len() as i64 {
            let x = BTreeSet::from([k]);
            let lhs = apply_map(f, (n - 1, s + 2), &apply_d2(d2_n, (n, s), &x));
            let rhs = apply_d2(d2_m, (n - shift, s), &apply_map(f, (n, s), &x));
            assert_eq!(
                lhs, rhs,
                "f*(d2 x) = d2(f* x) at class {k} of (stem {n}, s {s})"
            );
            nonzero += usize::from(!lhs.is_empty());
        }
    }
    nonzero
}

#[test]
fn d2_of_c2_is_natural_along_the_bottom_cell_and_the_pinch() {
    let tmp = tempfile::tempdir().unwrap();
    let sphere = d2_csv(&d2_run(tmp.path(), "S_2", "s", 30));
    let c2 = d2_csv(&d2_run(tmp.path(), "C2", "c2", 30));
    // The bottom cell: f*: Ext(S) → Ext(C2), same stem.
    let bottom = matrices(tmp.path(), "C2-bottom-cell.json", ("30", "20"));
    let through_bottom = natural(&bottom, 0, &sphere, &c2);
    // The pinch: f*: Ext(C2) → Ext(S^1), one stem lower (Ext(S^1) is Ext(S) moved by a
    // stem, its basis in the same order).
    let pinch = matrices(tmp.path(), "C2-pinch.json", ("30", "20"));
    let through_pinch = natural(&pinch, 1, &c2, &sphere);
    assert!(
        through_bottom > 0 && through_pinch > 0,
        "{through_bottom}, {through_pinch}"
    );
}
