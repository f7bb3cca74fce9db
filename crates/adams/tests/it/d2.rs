//! `adams d2` from the command line.
//!
//! - The sphere through stem 40, `s ≤ 20`: `d2(h4) = h0 h3^2`, `d2(h5) = h0 h4^2` (J. F.
//!   Adams, "On the non-existence of elements of Hopf invariant one", Ann. of Math. 72
//!   (1960)); `d2(e0) = h1^2 d0`, `d2(f0) = h0^2 e0`, `d2(c0) = 0` (D. C. Isaksen,
//!   "Stable stems", Mem. AMS 262 (2019), Table of Adams d2 differentials). Classes are
//!   found by their names in chart.json and the targets built with the chart's own `h_i`
//!   products; `d2.csv` and chart.json's `d2` agree; `e3.csv` is `E2` less twice the rank.
//! - `--save-dir`: a second run (and a larger range) reads the λ files and writes the
//!   same files as a fresh run (and as `--threads 1`); a damaged λ file is exit 2 naming it.
//! - A module at p = 3 (S_3), over A(1) (ko), or obstructed (the cone on h4), or a bad
//!   range: exit 2, one line; a one-cell
//!   file is the sphere under its own name; `-q` keeps the E3 chart on stdout; a λ file
//!   copied from another bidegree is named so.

use crate::common;

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use common::*;
use serde_json::Value;

pub(crate) type Class = (i64, i64, i64);

fn chart(dir: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(dir.join("chart.json")).unwrap()).unwrap()
}

/// `(stem, s, index)` of the class named `name` in a chart.json.
fn named(chart: &Value, name: &str) -> Class {
    let c = chart["classes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no class named {name}"));
    key(c)
}

fn key(c: &Value) -> Class {
    (
        c["stem"].as_i64().unwrap(),
        c["s"].as_i64().unwrap(),
        c["index"].as_i64().unwrap(),
    )
}

fn class(chart: &Value, at: Class) -> &Value {
    chart["classes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| key(c) == at)
        .unwrap_or_else(|| panic!("no class {at:?}"))
}

/// `h_i · x` for a basis class `x`: the chart's product (a single class here).
fn times(chart: &Value, i: u32, x: Class) -> Class {
    let shift = [0, 1, 3][i as usize];
    let p = &class(chart, x)[format!("h{i}")];
    let list = p.as_array().unwrap_or_else(|| panic!("h{i} {x:?}: {p}"));
    assert_eq!(list.len(), 1, "h{i} {x:?} = {p}");
    (x.0 + shift, x.1 + 1, list[0].as_i64().unwrap())
}

/// d2.csv: `(stem, s, class) → target indices`.
pub(crate) fn d2_csv(dir: &Path) -> BTreeMap<Class, Vec<i64>> {
    let text = fs::read_to_string(dir.join("d2.csv")).unwrap();
    let mut lines = text.lines().filter(|l| !l.starts_with('#'));
    assert_eq!(lines.next(), Some("stem,s,t,class,target"));
    lines
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            assert_eq!(f.len(), 5, "{l}");
            let n = |k: usize| f[k].parse::<i64>().unwrap();
            assert_eq!(n(2), n(0) + n(1), "t = stem + s in {l}");
            let target = f[4].split(' ').map(|x| x.parse().unwrap()).collect();
            ((n(0), n(1), n(3)), target)
        })
        .collect()
}

/// A csv of `stem,s,t,dim` rows: `(stem, s) → dim`.
pub(crate) fn dims(path: &Path) -> BTreeMap<(i64, i64), i64> {
    fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("stem"))
        .map(|l| {
            let f: Vec<i64> = l.split(',').map(|x| x.parse().unwrap()).collect();
            ((f[0], f[1]), f[3])
        })
        .collect()
}

fn single(target: Class) -> Vec<i64> {
    vec![target.2]
}

#[test]
fn d2_of_the_sphere_through_stem_40() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("out");
    let o = out.to_str().unwrap();
    let run = adams_in(
        tmp.path(),
        &["d2", "S_2", "--max-stem", "40", "--max-s", "20", "-o", o],
    );
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(stderr.contains("checked: d2∘d2 = 0 at"), "{stderr}");
    let chart = chart(&out);
    let d2 = d2_csv(&out);

    let (h3, h4) = (named(&chart, "h3"), named(&chart, "h4"));
    let h0h3h3 = times(
        &chart,
        0,
        (14, 2, class(&chart, h3)["h3"][0].as_i64().unwrap()),
    );
    assert_eq!(named(&chart, "h0 h3^2"), h0h3h3);
    assert_eq!(d2.get(&h4), Some(&single(h0h3h3)), "d2(h4) = h0 h3^2");
    let h4h4 = (30, 2, class(&chart, h4)["h4"][0].as_i64().unwrap());
    let h5 = (31, 1, 0);
    assert_eq!(
        d2.get(&h5),
        Some(&single(times(&chart, 0, h4h4))),
        "d2(h5) = h0 h4^2"
    );
    let (d0, e0, f0) = (
        named(&chart, "d0"),
        named(&chart, "e0"),
        named(&chart, "f0"),
    );
    let h1h1d0 = times(&chart, 1, times(&chart, 1, d0));
    assert_eq!(d2.get(&e0), Some(&single(h1h1d0)), "d2(e0) = h1^2 d0");
    let h0h0e0 = times(&chart, 0, times(&chart, 0, e0));
    assert_eq!(d2.get(&f0), Some(&single(h0h0e0)), "d2(f0) = h0^2 e0");
    for name in ["c0", "h0", "h1", "h2", "h3", "d0", "h0^2 h2 h4"] {
        assert_eq!(d2.get(&named(&chart, name)), None, "d2({name}) = 0");
    }

    // chart.json's d2 is d2.csv (empty lists for zero, null outside the range).
    let mut known = 0;
    for c in chart["classes"].as_array().unwrap() {
        let v = &c["d2"];
        if c["s"].as_i64().unwrap() > 18 || c["stem"] == 0 {
            assert!(v.is_null(), "{c}");
            continue;
        }
        let list: Vec<i64> = v
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_i64().unwrap())
            .collect();
        assert_eq!(d2.get(&key(c)).cloned().unwrap_or_default(), list, "{c}");
        known += 1;
    }
    assert!(known > 200, "{known}");
    // The literature's names of the targets (Isaksen, "Stable stems", the table of Adams
    // d2; crates/chart/data/preferred-names-S_2.csv), each the class d2 hits.
    for (source, target) in [
        ("e0", "h1^2 d0"),
        ("f0", "h0^2 e0"),
        ("i", "h0 Pd0"),
        ("Pe0", "h1^2 Pd0"),
        ("j", "h0 Pe0"),
        ("k", "h0 d0^2"),
    ] {
        let x = named(&chart, source);
        assert_eq!(
            d2.get(&x),
            Some(&single(named(&chart, target))),
            "d2({source}) = {target}"
        );
    }
    let svg = fs::read_to_string(out.join("chart.svg")).unwrap();
    assert!(svg.contains(r#"class="differentials""#) && svg.contains(r#"<line class="d2" "#));
    // The E2 chart, the chart with d2 and the E3 page draw each family alike.
    let e3_svg = fs::read_to_string(out.join("chart-e3.svg")).unwrap();
    for key in ["h0", "h1", "h2"] {
        let group = |svg: &str| {
            let at = svg.find(&format!(r#"<g class="products-{key}""#)).unwrap();
            svg[at..].lines().next().unwrap().to_string()
        };
        assert_eq!(group(&svg), group(&e3_svg), "{key}");
    }

    // E3 = E2 − (rank of d2 out) − (rank of d2 in), over stem ≤ 39, s ≤ 18, the ranks
    // from d2.csv's rows (at (38, 6) two classes have the same d2: rank 1).
    let e2 = dims(&out.join("ext.csv"));
    let e3 = dims(&out.join("e3.csv"));
    let mut expected = e2.clone();
    expected.retain(|&(n, s), _| n <= 39 && s <= 18);
    for ((n, s), r) in d2_ranks(&d2) {
        for at in [(n, s), (n - 1, s + 2)] {
            if let Some(d) = expected.get_mut(&at) {
                *d -= r;
            }
        }
    }
    expected.retain(|_, d| *d > 0);
    assert_eq!(e3, expected);
    assert_eq!(e3.get(&(15, 1)), None, "h4 does not survive");
    assert_eq!(e3.get(&(14, 3)), None, "h0 h3^2 is hit");

    // The E3 page drawn (chart-e3.svg): a dot per class of e3.csv; h0 h3^2 is hit, so h0
    // times h3^2 is zero on E3, while on E2 it is not.
    let dots = e3_svg.matches(r#"<circle class="class""#).count() as i64;
    assert_eq!(dots, e3.values().sum::<i64>());
    let e2_chart = chart::chart_json::Chart::read(&out.join("chart.json")).unwrap();
    let page = chart::pages::e3(&e2_chart, 39, 18).unwrap();
    let at = |c: &chart::chart_json::Chart, n: i32, s: u32| {
        c.classes
            .iter()
            .find(|x| (x.stem, x.s) == (n, s))
            .cloned()
            .unwrap()
    };
    assert!(
        !at(&e2_chart, 14, 2).h0.terms().unwrap().is_empty(),
        "h0 h3^2 ≠ 0 on E2"
    );
    assert_eq!(
        at(&page, 14, 2).h0.terms(),
        Some(&[][..]),
        "h0 h3^2 = 0 on E3"
    );
    let mut page_dims = BTreeMap::new();
    for c in &page.classes {
        *page_dims.entry((c.stem as i64, c.s as i64)).or_insert(0i64) += 1;
    }
    assert_eq!(page_dims, e3, "the page's classes are e3.csv's");
    assert_eq!(at(&page, 14, 2).name.as_deref(), Some("h3^2"));
}

/// `adams d2 MODULE --max-stem STEM --max-s S -o OUT -q` in `cwd`, with `--save-dir save`
/// when `save`.
pub(crate) fn run_d2(
    cwd: &Path,
    module: &str,
    (stem, s): (&str, &str),
    out: &str,
    save: bool,
) -> std::process::Output {
    let mut args = vec![
        "d2",
        module,
        "--max-stem",
        stem,
        "--max-s",
        s,
        "-o",
        out,
        "-q",
    ];
    if save {
        args.extend(["--save-dir", "save"]);
    }
    adams_in(cwd, &args)
}

/// The files of a d2 run that a resumed run must write as a fresh one does.
pub(crate) fn files(dir: &Path) -> Vec<String> {
    ["d2.csv", "e3.csv", "ext.csv", "chart.json", "chart.svg"]
        .iter()
        .map(|f| fs::read_to_string(dir.join(f)).unwrap())
        .collect()
}

#[test]
fn resume_equals_a_fresh_run_and_a_damaged_lambda_file_is_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |stem: &str, s: &str, out: &str, save: bool| {
        run_d2(tmp.path(), "S_2", (stem, s), out, save)
    };
    for (stem, s, out) in [("24", "10", "a"), ("24", "10", "b"), ("32", "14", "c")] {
        let r = run(stem, s, out, true);
        assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    }
    assert!(run("24", "10", "fresh24", false).status.success());
    let one = [
        "d2",
        "--max-stem",
        "24",
        "--max-s",
        "10",
        "--threads",
        "1",
        "-o",
        "one",
        "-q",
    ];
    assert!(adams_in(tmp.path(), &one).status.success());
    assert_eq!(
        files(&tmp.path().join("one")),
        files(&tmp.path().join("fresh24"))
    );
    assert!(run("32", "14", "fresh32", false).status.success());
    let summary = fs::read_to_string(tmp.path().join("b/summary.json")).unwrap();
    assert!(!summary.contains("\"lambda_files_read\":0"), "{summary}");
    assert_eq!(
        files(&tmp.path().join("a")),
        files(&tmp.path().join("fresh24"))
    );
    assert_eq!(
        files(&tmp.path().join("b")),
        files(&tmp.path().join("fresh24"))
    );
    assert_eq!(
        files(&tmp.path().join("c")),
        files(&tmp.path().join("fresh32"))
    );

    let lambda = tmp.path().join("save/secondary/s005-t020.lambda");
    let mut bytes = fs::read(&lambda).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 4;
    fs::write(&lambda, &bytes).unwrap();
    let count = fs::read_dir(tmp.path().join("save/secondary"))
        .unwrap()
        .count();
    let r = run("32", "14", "d", true);
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert_eq!(r.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("s005-t020.lambda") && stderr.contains("checksum"),
        "{stderr}"
    );
    assert_eq!(
        fs::read(&lambda).unwrap(),
        bytes,
        "the damaged file is left as it is"
    );
    let after = fs::read_dir(tmp.path().join("save/secondary"))
        .unwrap()
        .count();
    assert_eq!(after, count, "nothing removed");
}

/// `d2` needs a module over the whole of `A` at p = 2 whose secondary structure exists:
/// `S_3` (p = 3) and `ko` (over `A(1)`) are refused, and so is the cone on `h4`, whose
/// lift is obstructed at `(s = 3, t = 17)`: `h4` supports `d2(h4) = h0 h3^2` (Adams 1960),
/// so no map `S^15 → S^0` is detected by `h4` and no spectrum has this cohomology. The
/// independent resolver's own test (sseq, `ext/src/secondary.rs`, `cofib_h4`) fails at the
/// same bidegree, `(n, s) = (14, 3)`. The bundled Joker (its `A`-module with `Sq4 = 0`) is
/// obstructed at `(s = 3, t = 5)`, where the independent resolver's `secondary` fails too
/// ("Failed to lift at (2, 3)"). Each: exit 2, one line.
#[test]
fn odd_primes_sub_algebras_obstructed_modules_and_bad_ranges_are_refused() {
    let tmp = tempfile::tempdir().unwrap();
    let ch4 = r#"{"type": "finite dimensional module", "p": 2, "gens": {"x0": 0, "x16": 16},
        "actions": ["Sq16 x0 = x16"]}"#;
    fs::write(tmp.path().join("Ch4.json"), ch4).unwrap();
    for (module, why) in [
        ("S_3", "d2 is computed at p = 2 only"),
        ("ko", "over a sub-Hopf algebra"),
        ("Ch4.json", "obstructed at (s = 3, t = 17, stem 14)"),
        ("Joker", "obstructed at (s = 3, t = 5, stem 2)"),
    ] {
        let r = adams_in(
            tmp.path(),
            &["d2", module, "--max-stem", "16", "--max-s", "4"],
        );
        assert_one_line_error(&r, 2, &[why]);
    }
    for range in [["--max-s", "-1"], ["--max-stem", "600"]] {
        let d2 = adams_in(tmp.path(), &["d2", range[0], range[1], "--output", "x"]);
        let resolve = adams_in(
            tmp.path(),
            &["resolve", range[0], range[1], "--output", "y"],
        );
        assert_eq!(d2.status.code(), Some(2));
        assert_eq!(d2.stderr, resolve.stderr, "the same message as resolve");
    }
}

/// `--quiet` silences stderr only (its help: "No lines on stderr but errors", as for
/// `adams resolve`): the E3 chart on stdout is the same with and without it.
#[test]
fn quiet_keeps_the_e3_chart_on_stdout() {
    let tmp = tempfile::tempdir().unwrap();
    let args = ["d2", "--max-stem", "20", "--max-s", "8", "-o", "out"];
    let loud = adams_in(tmp.path(), &args);
    let quiet = adams_in(tmp.path(), &[&args[..], &["-q"]].concat());
    assert!(loud.status.success() && quiet.status.success());
    assert!(stdout(&loud).starts_with("E3 of S_2"), "{}", stdout(&loud));
    assert_eq!(stdout(&quiet), stdout(&loud));
    assert_eq!(stderr(&quiet), "");
}

/// A one-cell module file in degree 0 is the sphere under its own name: `summary.json`
/// names it as `d2.csv` and the output folder do.
#[test]
fn a_one_cell_file_is_named_by_its_own_name() {
    let tmp = tempfile::tempdir().unwrap();
    let file = r#"{"type": "finite dimensional module", "name": "point", "p": 2,
        "gens": {"x0": 0}, "actions": []}"#;
    fs::write(tmp.path().join("point.json"), file).unwrap();
    let r = adams_in(
        tmp.path(),
        &["d2", "point.json", "--max-stem", "16", "--max-s", "5", "-q"],
    );
    assert!(r.status.success(), "{}", stderr(&r));
    let out = tmp.path().join("output/point-d2");
    let d2 = fs::read_to_string(out.join("d2.csv")).unwrap();
    assert!(d2.lines().next().unwrap().contains("of point,"), "{d2}");
    let summary: Value =
        serde_json::from_str(&fs::read_to_string(out.join("summary.json")).unwrap()).unwrap();
    assert_eq!(summary["module"], "point");
}

/// A λ file copied over another bidegree's is named as such (exit 2, one line), not as
/// "made for another resolution" (its fingerprint differs too, being another stem's); a
/// folder in its place is exit 2 as well.
#[test]
fn a_lambda_file_of_another_bidegree_is_named() {
    let tmp = tempfile::tempdir().unwrap();
    let args = [
        "d2",
        "--max-stem",
        "24",
        "--max-s",
        "10",
        "--save-dir",
        "save",
        "-o",
        "out",
        "-q",
    ];
    assert!(adams_in(tmp.path(), &args).status.success());
    let dir = tmp.path().join("save/secondary");
    fs::copy(dir.join("s005-t022.lambda"), dir.join("s005-t020.lambda")).unwrap();
    let r = adams_in(tmp.path(), &args);
    assert_one_line_error(
        &r,
        2,
        &[
            "s005-t020.lambda",
            "(s = 5, t = 22, stem 17)",
            "another bidegree",
        ],
    );
    assert!(!stderr(&r).contains("another resolution"), "{}", stderr(&r));
    // A folder in a λ file's place is bad input too (exit 2), not a failure while
    // computing.
    fs::remove_file(dir.join("s005-t020.lambda")).unwrap();
    fs::create_dir(dir.join("s005-t020.lambda")).unwrap();
    let r = adams_in(tmp.path(), &args);
    assert_one_line_error(&r, 2, &["s005-t020.lambda", "cannot be read"]);
}

/// The rank of `d2` out of each bidegree `(stem, s)` with `d2 ≠ 0`, from d2.csv's rows.
pub(crate) fn d2_ranks(d2: &BTreeMap<Class, Vec<i64>>) -> BTreeMap<(i64, i64), i64> {
    let mut by_source: BTreeMap<(i64, i64), Vec<u64>> = BTreeMap::new();
    for ((n, s, _), target) in d2 {
        let bits = target.iter().fold(0u64, |acc, &j| acc | 1 << j);
        by_source.entry((*n, *s)).or_default().push(bits);
    }
    by_source
        .into_iter()
        .map(|(k, rows)| (k, rank(rows)))
        .collect()
}

/// The rank over F_2 of rows given as bit masks.
fn rank(mut rows: Vec<u64>) -> i64 {
    let mut r = 0;
    for bit in 0..64 {
        let Some(p) = (r..rows.len()).find(|&i| rows[i] >> bit & 1 == 1) else {
            continue;
        };
        rows.swap(r, p);
        for i in 0..rows.len() {
            if i != r && rows[i] >> bit & 1 == 1 {
                rows[i] ^= rows[r];
            }
        }
        r += 1;
    }
    r as i64
}

/// `--leibniz`: `d2(x·y) = d2(x)·y + x·d2(y)` for `y = h4` (whose `d2(h4) = h0 h3^2`,
/// Adams 1960, gives the rule its `x·d2(y)` term) and `y = c0`, counted in summary.json and
/// printed; over another module it is exit 2 with one line, and a class beyond the range
/// likewise.
#[test]
fn leibniz_is_checked_for_named_classes_and_refused_over_a_module() {
    let tmp = tempfile::tempdir().unwrap();
    let r = adams_in(
        tmp.path(),
        &[
            "d2",
            "S_2",
            "--max-stem",
            "36",
            "--max-s",
            "14",
            "-o",
            "l",
            "--leibniz",
            "h4",
            "--leibniz",
            "c0",
        ],
    );
    assert!(r.status.success(), "{}", stderr(&r));
    let err = stderr(&r);
    assert!(
        err.contains("checked: d2(x·y) = d2(x)·y + x·d2(y) for y = h4 at "),
        "{err}"
    );
    let summary: Value =
        serde_json::from_str(&fs::read_to_string(tmp.path().join("l/summary.json")).unwrap())
            .unwrap();
    let checked = summary["checked_leibniz"].as_array().unwrap();
    assert_eq!(checked.len(), 2);
    for (entry, name) in checked.iter().zip(["h4", "c0"]) {
        assert_eq!(entry[0], name);
        assert!(entry[1].as_u64().unwrap() > 20, "{name}: {entry}");
    }

    let r = adams_in(
        tmp.path(),
        &[
            "d2",
            "C2",
            "--max-stem",
            "20",
            "--max-s",
            "8",
            "-o",
            "c",
            "--leibniz",
            "h1",
        ],
    );
    assert_eq!(r.status.code(), Some(2), "{}", stderr(&r));
    let err = stderr(&r);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("--leibniz h1") && err.contains("sphere S_2 only"),
        "{err}"
    );

    let r = adams_in(
        tmp.path(),
        &[
            "d2",
            "S_2",
            "--max-stem",
            "16",
            "--max-s",
            "6",
            "-o",
            "o",
            "--leibniz",
            "h5",
        ],
    );
    assert_eq!(r.status.code(), Some(2), "{}", stderr(&r));
    let err = stderr(&r);
    assert!(err.lines().count() == 1 && err.contains("h5"), "{err}");
}
