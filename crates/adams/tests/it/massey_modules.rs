//! The range form `adams massey MODULE A B -` over a module: `⟨h3, h0^4, x⟩` for every
//! class `x` of `Ext(C2)`, `Ext(Cη)` and `Ext(S_2)` with `h0^4 x = 0`, compared with the
//! established resolver's benchmark outputs (`tests/data/massey/massey-*-P`, provenance in
//! their first lines: sseq's `massey` example, the same product over the same range).
//!
//! The two resolvers choose different bases of Ext, so the comparison is basis-free: at
//! each bidegree of `x`, the rank of the linear map `x ↦ ⟨h3, h0^4, x⟩` on the kernel of
//! `x ↦ h0^4 x`, modulo the indeterminacy. sseq lists the brackets of a kernel basis that do
//! not contain 0, each with indeterminacy `{}` (zero) in these files, so its rank is the
//! rank of the listed values; ours is that of the values modulo the span of the
//! indeterminacies at that bidegree.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::common::{adams_in, ok, repository_root};

/// Rank over F_2 of vectors given as bit masks.
fn rank(vectors: impl IntoIterator<Item = u128>) -> usize {
    let mut basis: Vec<u128> = Vec::new();
    for mut v in vectors {
        for b in &basis {
            v = v.min(v ^ b);
        }
        if v != 0 {
            basis.push(v);
            basis.sort_unstable_by(|x, y| y.cmp(x));
        }
    }
    basis.len()
}

/// `[1, 0, 1]` (sseq's coordinates) as a bit mask.
fn sseq_vector(text: &str) -> u128 {
    let inner = text.trim().trim_start_matches('[').trim_end_matches(']');
    inner
        .split(',')
        .map(|c| c.trim())
        .enumerate()
        .filter(|(_, c)| *c == "1")
        .fold(0, |m, (k, _)| m | 1 << k)
}

/// sseq's ranks per bidegree `(stem, s)` of `x`, from lines
/// `<a, b, x_(N, S, [..])> = [..] + {}`; asserts that every listed indeterminacy is zero.
fn sseq_ranks(name: &str) -> BTreeMap<(i64, i64), usize> {
    let path = repository_root().join(format!("tests/data/massey/massey-{name}-P"));
    let text = std::fs::read_to_string(&path).expect("the benchmark output");
    let mut values: BTreeMap<(i64, i64), Vec<u128>> = BTreeMap::new();
    for line in text.lines().filter(|l| l.starts_with("<a, b, x_(")) {
        let (x, rest) = line["<a, b, x_(".len()..].split_once(")> = ").unwrap();
        let mut parts = x.splitn(3, ',');
        let n: i64 = parts.next().unwrap().trim().parse().unwrap();
        let s: i64 = parts.next().unwrap().trim().parse().unwrap();
        let (value, ind) = rest.split_once(" + ").unwrap();
        assert_eq!(ind, "{}", "{line}");
        values.entry((n, s)).or_default().push(sseq_vector(value));
    }
    assert!(values.len() > 20, "{} bidegrees read", values.len());
    values.into_iter().map(|(k, v)| (k, rank(v))).collect()
}

/// A vector of `massey.json` at p = 2 (the indices of its basis classes) as a bit mask.
fn json_vector(v: &Value) -> u128 {
    v.as_array()
        .unwrap()
        .iter()
        .fold(0, |m, k| m | 1 << k.as_u64().unwrap())
}

/// Our ranks per bidegree of `x` from `massey.json`: `rank(values + I) − rank(I)`, `I` the
/// span of the indeterminacies there.
fn our_ranks(entries: &[Value]) -> BTreeMap<(i64, i64), usize> {
    let mut at: BTreeMap<(i64, i64), (Vec<u128>, Vec<u128>)> = BTreeMap::new();
    for e in entries {
        let key = (e["stem"].as_i64().unwrap(), e["s"].as_i64().unwrap());
        let (values, ind) = at.entry(key).or_default();
        values.push(json_vector(&e["value"]));
        ind.extend(
            e["indeterminacy"]
                .as_array()
                .unwrap()
                .iter()
                .map(json_vector),
        );
    }
    at.into_iter()
        .map(|(k, (values, ind))| {
            let both = rank(values.iter().chain(&ind).copied());
            (k, both - rank(ind))
        })
        .filter(|(_, r)| *r > 0)
        .collect()
}

fn compare(name: &str) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("m");
    let o = ok(adams_in(
        dir.path(),
        &[
            "massey",
            name,
            "h3",
            "h0^4",
            "-",
            "--max-stem",
            "26",
            "--max-s",
            "12",
            "--output",
            out.to_str().unwrap(),
        ],
    ));
    drop(o);
    let text = std::fs::read_to_string(out.join("massey.json")).unwrap();
    let entries: Vec<Value> = serde_json::from_str(&text).unwrap();
    let ours = our_ranks(&entries);
    let theirs = sseq_ranks(name);
    assert_eq!(
        ours, theirs,
        "{name}: rank of <h3, h0^4, x> per (stem, s) of x"
    );
}

#[test]
fn range_form_over_c2_agrees_with_the_independent_resolver() {
    compare("C2");
}

#[test]
fn range_form_over_ceta_agrees_with_the_independent_resolver() {
    compare("Ceta");
}

#[test]
fn range_form_over_the_sphere_agrees_with_the_independent_resolver() {
    compare("S_2");
}

/// A vector over F_p as its nonzero terms `index → c`.
type Sparse = BTreeMap<u64, u64>;

/// A vector of `massey.json` or `map.json` at odd p: `[[index, c], …]`.
fn sparse(v: &Value) -> Sparse {
    v.as_array()
        .unwrap()
        .iter()
        .map(|t| (t[0].as_u64().unwrap(), t[1].as_u64().unwrap()))
        .collect()
}

/// `x + c·y` mod `p`.
fn axpy(x: &Sparse, c: u64, y: &Sparse, p: u64) -> Sparse {
    let mut out = x.clone();
    for (&k, &v) in y {
        let e = out.entry(k).or_insert(0);
        *e = (*e + c * v) % p;
    }
    out.retain(|_, c| *c != 0);
    out
}

/// Whether `v` lies in the span of `basis` over F_p (Gaussian elimination on the terms).
fn in_span(v: &Sparse, basis: &[Sparse], p: u64) -> bool {
    let inverse = |c: u64| (1..p).find(|d| c * d % p == 1).unwrap();
    let mut echelon: Vec<Sparse> = Vec::new();
    for b in basis.iter().chain(std::iter::once(v)) {
        let mut r = b.clone();
        for e in &echelon {
            let (&k, &c) = e.iter().next().unwrap();
            if let Some(&rk) = r.get(&k) {
                r = axpy(&r, (p - rk) * inverse(c) % p, e, p);
            }
        }
        if r.is_empty() {
            if std::ptr::eq(b, v) {
                return true;
            }
            continue;
        }
        echelon.push(r);
    }
    false
}

/// Runs `adams ARGS` in `dir` and reads the JSON file `file` it wrote.
fn run_json(dir: &std::path::Path, args: &[&str], file: &str) -> Value {
    ok(adams_in(dir, args));
    serde_json::from_str(&std::fs::read_to_string(dir.join(file)).unwrap()).unwrap()
}

/// Naturality of Massey products at p = 3 (J. P. May, "Matric Massey products", J. Algebra
/// 12 (1969): a map of modules carries a defining system to one): for the bottom cell
/// `j : S → C3` and `j* : Ext(S_3) → Ext(C3)` (`maps/C3-bottom-cell.json`, `adams map`),
/// `j*⟨h0, h0, x⟩ ⊂ ⟨h0, h0, j* x⟩`. The sphere's range form (one null-homotopy of `B∘A`)
/// and C3's (one null-homotopy per class) are built differently; each value is the product
/// up to a sign of the degrees, and the bracket is linear in `x` modulo the indeterminacy
/// at its bidegree, so `j*(v) ∓ Σ c_i w_i` lies in C3's indeterminacy there plus
/// `j*` of the sphere's (`j* x = Σ c_i x_i` in C3's kernel basis `x_i`, values `w_i`).
#[test]
fn range_form_over_c3_is_natural_for_the_bottom_cell_at_p3() {
    let p = 3;
    let dir = tempfile::tempdir().unwrap();
    let range = ["--max-stem", "30", "--max-s", "8"];
    let massey = |module: &str, out: &str| {
        let mut args = vec!["massey", module, "h0", "h0", "-", "--output", out];
        args.extend(range);
        run_json(dir.path(), &args, &format!("{out}/massey.json"))
    };
    let sphere = massey("S_3", "s");
    let c3 = massey("C3", "c");
    let file = repository_root().join("maps/C3-bottom-cell.json");
    let mut args = vec!["map", file.to_str().unwrap(), "--output", "j"];
    args.extend(range);
    let map = run_json(dir.path(), &args, "j/map.json");
    let key = |v: &Value, stem: &str, s: &str| (v[stem].as_i64().unwrap(), v[s].as_i64().unwrap());
    let j: BTreeMap<(i64, i64), Vec<Sparse>> = map["matrices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                key(m, "stem", "s"),
                m["rows"].as_array().unwrap().iter().map(sparse).collect(),
            )
        })
        .collect();
    let apply = |at: (i64, i64), v: &Sparse| {
        v.iter().fold(Sparse::new(), |acc, (&k, &c)| {
            axpy(&acc, c, &j[&at][k as usize], p)
        })
    };
    let mut nonzero = 0;
    for e in sphere.as_array().unwrap() {
        let (at, value_at) = (key(e, "stem", "s"), key(e, "value_stem", "value_s"));
        let y = apply(at, &Sparse::from([(e["index"].as_u64().unwrap(), 1)]));
        if y.is_empty() {
            // ⟨h0, h0, 0⟩ is its indeterminacy alone, which the range form lists with no
            // class: nothing to compare.
            continue;
        }
        let here: Vec<&Value> = c3
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| key(c, "stem", "s") == at)
            .collect();
        // j*x in C3's kernel basis (reduced echelon: the coefficient of x_i is y at its pivot).
        let (mut rest, mut w) = (y.clone(), Sparse::new());
        for c in &here {
            let x_i = match c.get("class") {
                Some(v) => sparse(v),
                None => Sparse::from([(c["index"].as_u64().unwrap(), 1)]),
            };
            let coefficient = y.get(&c["index"].as_u64().unwrap()).copied().unwrap_or(0);
            rest = axpy(&rest, p - coefficient, &x_i, p);
            w = axpy(&w, coefficient, &sparse(&c["value"]), p);
        }
        assert!(
            rest.is_empty(),
            "j*x at {at:?} is not in C3's kernel of h0: {rest:?}"
        );
        let mut ind: Vec<Sparse> = here
            .iter()
            .flat_map(|c| c["indeterminacy"].as_array().unwrap().iter().map(sparse))
            .collect();
        ind.extend(
            e["indeterminacy"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| apply(value_at, &sparse(v))),
        );
        let jv = apply(value_at, &sparse(&e["value"]));
        let ok = [1, p - 1]
            .iter()
            .any(|&sign| in_span(&axpy(&jv, p - sign, &w, p), &ind, p));
        assert!(
            ok,
            "x at {at:?}: j*<h0,h0,x> = {jv:?} not ±{w:?} modulo {ind:?}"
        );
        nonzero += usize::from(!jv.is_empty());
    }
    assert!(nonzero >= 5, "{nonzero} nonzero images compared");
}
