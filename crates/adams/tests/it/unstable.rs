//! `adams resolve MODULE --unstable N`: the unstable Adams E2 page of `S^N` at p = 2 and
//! p = 3 and of suspended module files against the independent resolver's tables
//! (`tests/data/ext/unstable_*.csv`, sseq's `resolve_unstable`, provenance in
//! tests/data/README.md) in every bidegree of their ranges; the chart's products by `h_i`
//! against the stable chart's in the stable range; the refusals (exit 2, one line).

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

use crate::common::{
    assert_one_line_error, differences, read_table, reference_ext, resolve, resolve_in,
};

/// `S^1 … S^8` through stem 40, `s ≤ 14`, every bidegree; the first line says what the
/// table holds.
#[test]
fn spheres_against_the_independent_resolver() {
    for n in 1..=8 {
        let dir = tempfile::tempdir().unwrap();
        let unstable = n.to_string();
        let (ours, _) = resolve(
            "S_2",
            40,
            14,
            dir.path(),
            &["--unstable", &unstable, "--no-chart"],
        );
        let reference = read_table(&reference_ext(&format!("unstable_S_2_{n}")));
        assert_eq!(reference.complete, Some((40, 14)));
        assert!(ours.dims.len() > 10, "S^{n}: {} classes", ours.dims.len());
        assert_eq!(differences(&ours, &reference, 40, 14), vec![], "S^{n}");
        let text = std::fs::read_to_string(dir.path().join("ext.csv")).unwrap();
        assert!(text
            .lines()
            .next()
            .unwrap()
            .contains(&format!("unstable, S^{n}")));
    }
}

/// The acceptance command of the guide (docs/guide/15-unstable.md): S^7 through stem 40,
/// `s ≤ 14`, the bottom class at stem 7 on the chart; with `--certify` the resolution is
/// checked exact and minimal (`resolution::unstable::certify`).
#[test]
fn acceptance_command() {
    let dir = tempfile::tempdir().unwrap();
    let (ours, chart) = resolve("S_2", 40, 14, dir.path(), &["--unstable", "7"]);
    assert_eq!(ours.dims.get(&(7, 0)), Some(&1), "the bottom class of S^7");
    assert!(ours.dims.keys().all(|&(stem, _)| stem >= 7));
    assert!(chart.contains("Ext_U^(s,t) of S^7"), "{chart}");
    let out = dir.path().to_str().unwrap();
    let extra = ["--unstable", "7", "--certify", "--no-chart"];
    let o = crate::common::ok(resolve_in(dir.path(), "S_2", 40, 14, out, &extra));
    let err = crate::common::stderr(&o);
    assert!(
        err.contains("certified: exact at 476 bidegrees (s < 14), minimal at 195 generators"),
        "{err}"
    );
}

/// Suspended module files at p = 2 (`C2[1]` = `H̃^*(RP^2)`, `Ceta[2]` = `H̃^*(CP^2)`, stem
/// ≤ 40, `s ≤ 14`) and the spheres `S^3`, `S^7` at p = 3 (stem ≤ 60, `s ≤ 16`), every
/// bidegree against the independent resolver's tables.
#[test]
fn modules_and_odd_primes_against_the_independent_resolver() {
    let cases = [
        ("C2", "1", 40, 14, "unstable_C2_1", "Σ^1 C2"),
        ("Ceta", "2", 40, 14, "unstable_Ceta_2", "Σ^2 Ceta"),
        ("S_3", "3", 60, 16, "unstable_S_3_3", "S^3"),
        ("S_3", "7", 60, 16, "unstable_S_3_7", "S^7"),
    ];
    for (module, n, max_stem, max_s, table, label) in cases {
        let dir = tempfile::tempdir().unwrap();
        let extra = ["--unstable", n, "--no-chart"];
        let (ours, _) = resolve(module, max_stem, max_s, dir.path(), &extra);
        let reference = read_table(&reference_ext(table));
        assert_eq!(reference.complete, Some((max_stem, max_s)), "{table}");
        assert!(
            ours.dims.len() > 100,
            "{table}: {} classes",
            ours.dims.len()
        );
        let diff = differences(&ours, &reference, max_stem, max_s);
        assert_eq!(diff, vec![], "{module} --unstable {n}");
        let text = std::fs::read_to_string(dir.path().join("ext.csv")).unwrap();
        let first = text.lines().next().unwrap().to_string();
        assert!(first.contains(&format!("unstable, {label}")), "{first}");
    }
}

/// The rank of the product by the generator `key` from each bidegree `(stem, s)` of a
/// chart.json, over F_p (indices, or `[index, coefficient]` pairs at odd p).
fn product_ranks(path: &Path, key: &str, p: u64) -> BTreeMap<(i64, i64), usize> {
    let v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut rows: BTreeMap<(i64, i64), Vec<Vec<u64>>> = BTreeMap::new();
    for c in v["classes"].as_array().unwrap() {
        let (stem, s) = (c["stem"].as_i64().unwrap(), c["s"].as_i64().unwrap());
        let Some(terms) = c[key].as_array() else {
            continue;
        };
        let mut row = vec![0u64; 64];
        for term in terms {
            match term {
                Value::Array(pair) => {
                    row[pair[0].as_u64().unwrap() as usize] = pair[1].as_u64().unwrap()
                }
                k => row[k.as_u64().unwrap() as usize] = 1,
            }
        }
        rows.entry((stem, s)).or_default().push(row);
    }
    rows.into_iter()
        .map(|(b, m)| (b, crate::common::rank_mod_p(m, p)))
        .collect()
}

/// In the stable range, relative stems `n ≤ N − 2`, `Ext_U(S^N)` is the stable Ext of the
/// sphere (the admissible `λ_I` outside `Λ(N)` have stem `≥ N`: BCKQRS, Topology 5, 1966;
/// Ravenel §3.3) and the unstable and stable minimal resolutions agree there, so the
/// products read off each must have the same rank from every bidegree: `h0`, `h1`, `h2`
/// of `S^20` at p = 2 against the stable chart of `S_2` through stem 17, and `a0`, `h0` of
/// `S^41` at p = 3 against `S_3` through stem 37.
#[test]
fn products_agree_with_the_stable_chart_in_the_stable_range() {
    let cases = [
        ("S_2", 20, 17, 2, &["h0", "h1", "h2"][..]),
        ("S_3", 41, 37, 3, &["a0", "h0"]),
    ];
    for (module, n, stable_stem, p, keys) in cases {
        let (stable, unstable) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        resolve(module, stable_stem, 8, stable.path(), &["--no-chart"]);
        let shift = n.to_string();
        let extra = ["--unstable", shift.as_str(), "--no-chart"];
        resolve(module, n + stable_stem, 8, unstable.path(), &extra);
        let mut nonzero = 0;
        for key in keys {
            let want = product_ranks(&stable.path().join("chart.json"), key, p);
            let got = product_ranks(&unstable.path().join("chart.json"), key, p);
            for (&(stem, s), &rank) in &want {
                let here = got.get(&(stem + i64::from(n), s)).copied().unwrap_or(0);
                assert_eq!(
                    here, rank,
                    "{key} from (stem {stem}, s {s}) of {module}, S^{n}"
                );
                nonzero += usize::from(rank > 0);
            }
        }
        assert!(nonzero > 20, "{module}: {nonzero} nonzero product maps");
        let text = std::fs::read_to_string(unstable.path().join("chart.json")).unwrap();
        assert!(
            text.contains("\"unstable\": true"),
            "chart.json says it is unstable"
        );
    }
}

#[test]
fn refusals() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let cases: [(&str, &[&str], &[&str]); 4] = [
        (
            "Ceta",
            &["--unstable", "1"],
            &["--unstable 1", "not unstable", "Sq(2)·x0", "|x0| = 1"],
        ),
        (
            "S_2",
            &["--unstable", "9"],
            &["--max-stem 5", "bottom class of S^9"],
        ),
        (
            "S_2",
            &["--unstable", "3", "--names", "x.csv"],
            &["--names"],
        ),
        ("S_2", &["--unstable", "3", "--smash", "C2"], &["--smash"]),
    ];
    for (module, extra, mentions) in cases {
        let o = resolve_in(dir.path(), module, 5, 3, out, extra);
        assert_one_line_error(&o, 2, mentions);
    }
    let o = resolve_in(dir.path(), "S_2", 5, 3, out, &["--unstable", "0"]);
    assert_one_line_error(&o, 2, &["--unstable"]);
    let o = resolve_in(dir.path(), "S_2", 5, 3, out, &["--unstable", "4000000000"]);
    assert_one_line_error(&o, 2, &["--unstable 4000000000", "above 2^20"]);
    // At odd p, H̃^*(S^{2m}) is not the free unstable algebra on its class (Massey–Peterson).
    let o = resolve_in(dir.path(), "S_3", 5, 3, out, &["--unstable", "2"]);
    assert_one_line_error(&o, 2, &["--unstable 2", "only for odd N", "2 is even"]);
}

/// suspension.csv's rows: `(relative stem, s) → (source dim, target dim, rank)`.
fn suspension_table(dir: &Path) -> BTreeMap<(i32, u32), (usize, usize, usize)> {
    let text = std::fs::read_to_string(dir.join("suspension.csv")).unwrap();
    let mut lines = text.lines();
    assert!(lines
        .next()
        .unwrap()
        .starts_with("# complete for relative stem n <= "));
    assert_eq!(lines.next(), Some("stem,s,source,target,rank,matrix"));
    lines
        .map(|line| {
            let f: Vec<&str> = line.split(',').collect();
            let num = |i: usize| f[i].parse::<usize>().unwrap();
            (
                (f[0].parse().unwrap(), f[1].parse().unwrap()),
                (num(2), num(3), num(4)),
            )
        })
        .collect()
}

/// `adams suspension S_2 --from 5 --to 6`: an isomorphism in relative stems `n ≤ 3 = N − 2`
/// and onto at `n = 4` (the stable range of `Λ(N) ⊂ Λ(N+1)`: BCKQRS 1966; Curtis, "Simplicial homotopy theory", Adv. Math. 6, 1971),
/// its dimensions those of the two unstable runs; `--from 2 --to 9` composes seven steps.
/// (Every rank against the independent resolver: `scripts/sseq-suspension-compare.py`.)
#[test]
fn suspension_is_an_isomorphism_in_the_stable_range() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let args = [
        "suspension",
        "S_2",
        "--from",
        "5",
        "--to",
        "6",
        "--max-stem",
        "12",
    ];
    let o = crate::common::ok(crate::common::adams_in(
        dir.path(),
        &[&args[..], &["--max-s", "6", "--output", out]].concat(),
    ));
    assert!(crate::common::stderr(&o).contains("σ^1: E2(S^5) -> E2(S^6)"));
    let table = suspension_table(dir.path());
    let (s5, s6) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (e5, _) = resolve("S_2", 17, 6, s5.path(), &["--unstable", "5", "--no-chart"]);
    let (e6, _) = resolve("S_2", 18, 6, s6.path(), &["--unstable", "6", "--no-chart"]);
    let mut iso = 0;
    for n in 0..=12 {
        for s in 0..=6u32 {
            let dim =
                |t: &crate::common::Table, stem: i32| t.dims.get(&(stem, s)).copied().unwrap_or(0);
            let (source, target) = (dim(&e5, n + 5), dim(&e6, n + 6));
            let (a, b, rank) = table.get(&(n, s)).copied().unwrap_or((0, 0, 0));
            assert_eq!(
                (a, b),
                (source, target),
                "dimensions at relative ({n}, {s})"
            );
            if n <= 4 {
                assert_eq!(rank, target, "onto at relative ({n}, {s})");
            }
            if n <= 3 {
                assert_eq!(rank, source, "one to one at relative ({n}, {s})");
                iso += usize::from(source > 0);
            }
        }
    }
    assert!(iso > 8, "{iso}");
    let o = crate::common::adams_in(
        dir.path(),
        &[
            "suspension",
            "S_2",
            "--from",
            "2",
            "--to",
            "9",
            "--max-stem",
            "6",
            "--output",
            out,
        ],
    );
    crate::common::ok(o);
    let table = suspension_table(dir.path());
    // The h_0-tower of stem 0 survives to S^9; η on S^2 (relative stem 1) does too.
    assert_eq!(table[&(0, 3)], (1, 1, 1));
    assert_eq!(table[&(1, 1)], (1, 1, 1));
}

#[test]
fn suspension_refusals() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let o = crate::common::adams_in(
        dir.path(),
        &[
            "suspension",
            "Ceta",
            "--from",
            "1",
            "--to",
            "3",
            "--output",
            out,
        ],
    );
    assert_one_line_error(&o, 2, &["--from 1", "not unstable", "Sq(2)·x0"]);
    let o = crate::common::adams_in(
        dir.path(),
        &[
            "suspension",
            "S_2",
            "--from",
            "4",
            "--to",
            "4",
            "--output",
            out,
        ],
    );
    assert_one_line_error(&o, 2, &["--to 4 must be above --from 4"]);
}

/// `--save-dir`: a run resumed from a smaller one's save writes the same files as a run
/// from scratch; a save of another module, an edited one (its checksum), a truncated one and
/// a folder holding other files are refused (exit 2) naming the file and the field.
#[test]
fn save_and_resume() {
    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("saved");
    let save = save.to_str().unwrap();
    let run = |stem: i32, s: u32, out: &str, extra: &[&str]| {
        let out = dir.path().join(out);
        let args = [&["--unstable", "5", "--no-chart"][..], extra].concat();
        let o = resolve_in(dir.path(), "S_2", stem, s, out.to_str().unwrap(), &args);
        (o, out)
    };
    crate::common::ok(run(30, 8, "first", &["--save-dir", save]).0);
    let (o, resumed) = run(45, 12, "resumed", &["--save-dir", save]);
    let o = crate::common::ok(o);
    assert!(crate::common::stderr(&o).contains("(72 of them resumed from it)"));
    let (o, fresh) = run(45, 12, "fresh", &[]);
    crate::common::ok(o);
    for file in ["ext.csv", "chart.json"] {
        let (a, b) = (resumed.join(file), fresh.join(file));
        assert_eq!(
            std::fs::read(a).unwrap(),
            std::fs::read(b).unwrap(),
            "{file}"
        );
    }
    let o = crate::common::adams_in(
        dir.path(),
        &[
            "resolve",
            "S_2",
            "--unstable",
            "6",
            "--max-stem",
            "20",
            "--save-dir",
            save,
        ],
    );
    assert_one_line_error(&o, 2, &["unstable.json", "module_hash", "S_2[5]"]);
    let path = dir.path().join("saved/unstable.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut json: Value = serde_json::from_str(&text).unwrap();
    json["rows"][2][0]["d"][0][1] = Value::from(999);
    std::fs::write(&path, json.to_string()).unwrap();
    let (o, _) = run(45, 12, "bad", &["--save-dir", save]);
    assert_one_line_error(&o, 2, &["unstable.json", "file", "checksum does not match"]);
    let other = dir.path().join("other");
    std::fs::create_dir(&other).unwrap();
    std::fs::write(other.join("notes.txt"), "mine").unwrap();
    let (o, _) = run(45, 12, "other", &["--save-dir", other.to_str().unwrap()]);
    assert_one_line_error(
        &o,
        2,
        &["--save-dir", "not empty and holds no unstable.json"],
    );
    std::fs::write(&path, &text[..text.len() / 2]).unwrap();
    let (o, _) = run(45, 12, "bad", &["--save-dir", save]);
    assert_one_line_error(
        &o,
        2,
        &[
            "unstable.json",
            "file",
            "not a save of adams resolve --unstable",
        ],
    );
}
