//! C-motivic Ext of the sphere (`resolution::motivic`) against its sources: the
//! machine-generated table of Isaksen, Wang and Xu (`tests/data/motivic/S_2_iwx.csv`,
//! provenance in tests/data/README.md) in every bidegree, classical Ext after inverting `τ`
//! (`tests/data/ext/S_2.csv`), the `h_1`-tower of Dugger–Isaksen, and the named products
//! of Isaksen's chart.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::OnceLock;

use resolution::motivic::{ctau, resolve_sphere, MotivicExt, MotivicResolution};
use resolution::Bidegree;

use crate::reference::table;

const STEM: i32 = 40;
const S: u32 = 20;

/// One resolution through stem 40, `s ≤ 20` for every test here.
fn computed() -> &'static (MotivicResolution, MotivicExt) {
    static RES: OnceLock<(MotivicResolution, MotivicExt)> = OnceLock::new();
    RES.get_or_init(|| resolve_sphere(STEM, S, |_, _| {}))
}

type Counts = BTreeMap<(i32, u32, i32, Option<u32>), usize>;

/// `tests/data/motivic/NAME`: `(stem, s, w, torsion) ↦ count`.
fn iwx(name: &str) -> Counts {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/motivic")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut out = BTreeMap::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("stem"))
    {
        let f: Vec<&str> = line.split(',').collect();
        let torsion = (f[4] != "inf").then(|| f[4].parse().expect("torsion"));
        let key = (
            f[0].parse().unwrap(),
            f[1].parse().unwrap(),
            f[3].parse().unwrap(),
            torsion,
        );
        out.insert(key, f[5].parse().expect("count"));
    }
    out
}

#[test]
fn every_bidegree_agrees_with_isaksen_wang_xu_through_stem_40() {
    let (_, ext) = computed();
    let reference: Counts = iwx("S_2_iwx.csv")
        .into_iter()
        .filter(|((n, s, _, _), _)| *n <= STEM && *s <= S)
        .collect();
    let ours = ext.counts();
    let mut bad = Vec::new();
    for key in reference.keys().chain(ours.keys()) {
        let (a, b) = (ours.get(key), reference.get(key));
        if a != b {
            bad.push(format!("{key:?}: ours {a:?}, IWX {b:?}"));
        }
    }
    assert_none(bad);
}

/// Fails listing the disagreements, if any.
fn assert_none(mut bad: Vec<String>) {
    bad.sort();
    bad.dedup();
    assert!(
        bad.is_empty(),
        "{} disagreements:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn inverting_tau_gives_classical_ext() {
    let (_, ext) = computed();
    let (_, classical) = table("S_2.csv");
    for s in 0..=S {
        for n in 0..=STEM {
            let free = ext
                .summands
                .iter()
                .filter(|x| x.bidegree == Bidegree::n_s(n, s) && x.torsion.is_none())
                .count();
            let dim = classical.get(&(n, s)).copied().unwrap_or(0);
            assert_eq!(free, dim, "free summands at stem {n}, s = {s}");
        }
    }
}

/// The generators of a C-motivic chart and its `h_i` products (`i ≤ 2`): `(stem, s, w,
/// torsion)` and `(generator, i) ↦ [(target, power of τ)]`.
#[derive(Default)]
struct Chart {
    gens: Vec<(i32, u32, i32, Option<u32>)>,
    products: BTreeMap<(usize, u32), Vec<(usize, u32)>>,
}

impl Chart {
    /// Whether `τ^m·x ≠ 0` for the generator `x` and the weight `v = w(x) − m`.
    fn alive(&self, x: usize, v: i32) -> bool {
        let (_, _, w, k) = self.gens[x];
        w >= v && k.is_none_or(|k| w - v < k as i32)
    }

    /// The F_2-rank of `h_i: Ext^{s,t}_v → Ext^{s+1,t+2^i}_{v+w(h_i)}` for every source
    /// bidegree and weight whose target is in range.
    fn ranks(&self) -> BTreeMap<(i32, u32, u32, i32), usize> {
        let mut out = BTreeMap::new();
        let mut by_bidegree: BTreeMap<(i32, u32), Vec<usize>> = BTreeMap::new();
        for (x, g) in self.gens.iter().enumerate() {
            by_bidegree.entry((g.0, g.1)).or_default().push(x);
        }
        for (&(n, s), xs) in &by_bidegree {
            for i in 0..=2u32 {
                let (tn, ts) = (n + (1 << i) - 1, s + 1);
                if tn > STEM || ts > S {
                    continue;
                }
                let shift = [0, 1, 2][i as usize];
                let targets = by_bidegree.get(&(tn, ts)).cloned().unwrap_or_default();
                let low = xs.iter().map(|&x| self.gens[x].2).min().unwrap() - 3;
                let high = xs.iter().map(|&x| self.gens[x].2).max().unwrap();
                for v in low..=high {
                    let u = v + shift;
                    let basis: Vec<usize> = targets
                        .iter()
                        .copied()
                        .filter(|&y| self.alive(y, u))
                        .collect();
                    let mut image = fp::Subspace::new(basis.len());
                    for &x in xs.iter().filter(|&&x| self.alive(x, v)) {
                        let mut vector = fp::FpVector::new(basis.len());
                        for &(y, power) in self.products.get(&(x, i)).into_iter().flatten() {
                            assert_eq!(
                                self.gens[y].2 - power as i32,
                                self.gens[x].2 + shift,
                                "weights of h{i}·{x}"
                            );
                            if let Some(j) = basis.iter().position(|&b| b == y) {
                                vector.flip(j);
                            }
                        }
                        image.add_vector(&vector);
                    }
                    if image.dim() > 0 {
                        out.insert((n, s, i, v), image.dim());
                    }
                }
            }
        }
        out
    }
}

/// `tests/data/motivic/S_2_iwx_products.csv` through stem 40, `s ≤ 20` (targets one stem
/// and filtration further).
fn iwx_chart() -> Chart {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/motivic/S_2_iwx_products.csv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("name"))
        .map(|l| l.split(',').collect())
        .filter(|f: &Vec<&str>| f[2].parse::<u32>().unwrap() <= S + 1)
        .collect();
    let index: BTreeMap<&str, usize> = rows.iter().enumerate().map(|(k, f)| (f[0], k)).collect();
    let mut chart = Chart::default();
    for f in &rows {
        let k: u32 = f[4].parse().unwrap();
        chart.gens.push((
            f[1].parse().unwrap(),
            f[2].parse().unwrap(),
            f[3].parse().unwrap(),
            (k > 0).then_some(k),
        ));
    }
    for (x, f) in rows.iter().enumerate() {
        for i in 0..3u32 {
            let cell = f[5 + i as usize].trim();
            let beyond = chart.gens[x].0 + (1 << i) - 1 > STEM || chart.gens[x].1 + 1 > S;
            if cell.is_empty() || beyond {
                continue;
            }
            let terms = cell.split(" + ").map(|term| {
                let (power, name) = match term.strip_prefix("t^") {
                    Some(rest) => {
                        let brace = rest.find('{').expect("a name");
                        (rest[..brace].parse().unwrap(), &rest[brace..])
                    }
                    None => (0, term),
                };
                (
                    *index
                        .get(name)
                        .unwrap_or_else(|| panic!("{name} not in the chart")),
                    power,
                )
            });
            chart.products.insert((x, i), terms.collect());
        }
    }
    chart
}

#[test]
fn the_h0_h1_h2_products_agree_with_isaksen_wang_xu_rank_by_rank() {
    let (_, ext) = computed();
    let mut ours = Chart::default();
    for x in &ext.summands {
        ours.gens
            .push((x.bidegree.n(), x.bidegree.s(), x.weight, x.torsion));
    }
    for p in &ext.products {
        ours.products.insert((p.from, p.h), p.to.clone());
    }
    let (a, b) = (ours.ranks(), iwx_chart().ranks());
    let mut bad = Vec::new();
    for key in a.keys().chain(b.keys()) {
        if a.get(key) != b.get(key) {
            bad.push(format!(
                "stem {}, s {}, h{}, weight {}: ours {:?}, IWX {:?}",
                key.0,
                key.1,
                key.2,
                key.3,
                a.get(key),
                b.get(key)
            ));
        }
    }
    assert_none(bad);
    assert!(a.len() > 500, "only {} nonzero ranks compared", a.len());
}

#[test]
fn h1_is_not_nilpotent_but_tau_h1_to_the_fourth_is_zero() {
    // Dugger–Isaksen 2010 (the h_1-tower): h_1^k ≠ 0 for every k, τ·h_1^4 = 0 — here
    // Ext^{k,2k} has a summand of weight k, τ-free for k ≤ 3 and F_2[τ]/τ from k = 4 on.
    let (_, ext) = computed();
    for k in 1..=S {
        let b = Bidegree::s_t(k, 2 * k as i32);
        let at: Vec<_> = ext
            .summands
            .iter()
            .filter(|x| x.bidegree == b && x.weight == k as i32)
            .collect();
        assert_eq!(at.len(), 1, "h1^{k}");
        let expected = if k <= 3 { None } else { Some(1) };
        assert_eq!(at[0].torsion, expected, "τ-torsion of h1^{k}");
    }
    // h1·h1^k = h1^{k+1}: the product chain of the tower.
    let index = |k: u32| {
        ext.summands
            .iter()
            .position(|x| x.bidegree == Bidegree::s_t(k, 2 * k as i32) && x.weight == k as i32)
            .unwrap()
    };
    for k in 1..S {
        let p = ext
            .products
            .iter()
            .find(|p| p.h == 1 && p.from == index(k))
            .expect("h1 on h1^k");
        assert_eq!(p.to, vec![(index(k + 1), 0)], "h1·h1^{k}");
    }
}

#[test]
fn ctau_is_the_cokernel_and_kernel_of_tau() {
    // The long exact sequence of 0 → Σ^{0,1} M_2 →τ M_2 → M_2/τ → 0 in Ext: a summand
    // F_2[τ] at (s, t, w) gives one class of Cτ there; F_2[τ]/τ^k at (s, t, w) gives one
    // there and one at (s − 1, t, w − k) (the top cell).
    let (res, ext) = computed();
    let got = ctau(res, STEM, S - 1);
    let mut expected: BTreeMap<(i32, u32, u32), usize> = BTreeMap::new();
    for x in &ext.summands {
        let (n, s, w) = (x.bidegree.n(), x.bidegree.s(), x.weight);
        if s < S {
            *expected.entry((n, s, w as u32)).or_insert(0) += 1;
        }
        if let Some(k) = x.torsion {
            if n < STEM && s >= 1 {
                *expected
                    .entry((n + 1, s - 1, (w - k as i32) as u32))
                    .or_insert(0) += 1;
            }
        }
    }
    assert_eq!(got, expected);
}
