//! `Ext(M ∧ DN) = Ext_A(M, N)` (Spanier–Whitehead duality): `adams resolve M --smash dual:N`
//! against an independent computation of `Ext_A(M, N)` as the cohomology of
//! `Hom_A(P_•, N)`, `P_•` the minimal resolution of `M` (its stored differentials), for
//! small finite `M`, `N`.
//!
//! `Hom_A(M ⊗ DN, F_2) = Hom_A(M, D(DN)) = Hom_A(M, N)` degree by degree, and `P ⊗ DN`
//! is a free resolution of `M ⊗ DN`, so `Ext^{s,t}(M ∧ DN) = Ext^{s,t}_A(M, N)`, `t` the
//! degree by which a homomorphism lowers degrees (Spanier–Whitehead duality; Adams,
//! "Stable homotopy and generalised homology", Part III, §13).

use crate::common;

use std::collections::BTreeMap;

use common::{differences, resolve, Table};
use resolution::{Algorithm, Bidegree, Resolution, ResolutionConfig};
use steenrod::module::FiniteModule;

const MAX_STEM: i32 = 16;
const MAX_S: u32 = 7;

/// The rank over F_2 of the rows `rows` (each a bit vector of equal length).
fn rank(mut rows: Vec<Vec<bool>>) -> usize {
    let mut rank = 0;
    let width = rows.first().map_or(0, Vec::len);
    for col in 0..width {
        let Some(pivot) = (rank..rows.len()).find(|&r| rows[r][col]) else {
            continue;
        };
        rows.swap(rank, pivot);
        let pivot_row = rows[rank].clone();
        for (r, row) in rows.iter_mut().enumerate() {
            if r != rank && row[col] {
                for (x, p) in row.iter_mut().zip(&pivot_row) {
                    *x ^= p;
                }
            }
        }
        rank += 1;
    }
    rank
}

/// `Hom^t_A(P_s, N) = ⊕_{generators g of P_s} N_{|g| − t}`: its basis as
/// `(generator index, basis index of N_{|g| − t})`.
fn hom_basis(res: &Resolution, n: &FiniteModule, s: u32, t: i32) -> Vec<(usize, usize)> {
    let c = res.free_module(s);
    let mut basis = Vec::new();
    let mut g = 0;
    for deg in c.min_degree()..=t + n.max_degree() {
        for _ in 0..c.gens_in_degree(deg) {
            basis.extend((0..n.dim(deg - t)).map(|y| (g, y)));
            g += 1;
        }
    }
    basis
}

/// The rank of `δ: Hom^t(P_{s−1}, N) → Hom^t(P_s, N)`, `(δf)(g) = f(d g) = Σ a·f(h)` over
/// the terms `a·h` of `d g` (`a = Sq(R)` acting on `N`).
fn coboundary_rank(res: &Resolution, n: &FiniteModule, s: u32, t: i32) -> usize {
    let source = hom_basis(res, n, s - 1, t);
    let target = hom_basis(res, n, s, t);
    let (c, below) = (res.free_module(s), res.free_module(s - 1));
    let degrees = below.gen_degrees(source.iter().map(|&(h, _)| h + 1).max().unwrap_or(0));
    // One row per basis element f = (h, y) of the source: δf on every target basis element.
    let rows = source
        .iter()
        .map(|&(h, y)| {
            target
                .iter()
                .map(|&(g, x)| {
                    let (deg, d) = c.differential(g);
                    let mut hit = false;
                    for term in d.terms.iter().filter(|term| term.gen as usize == h) {
                        let from = degrees[h] - t;
                        if term.op_degree() > n.algebra().max_degree() {
                            continue;
                        }
                        let op = n.algebra().index_of(&term.op());
                        let mut out = fp::FpVector::new(n.dim(deg - t));
                        n.act_on_basis(term.op_degree(), op, from, y, &mut out);
                        hit ^= out.get(x);
                    }
                    hit
                })
                .collect()
        })
        .collect();
    rank(rows)
}

/// `dim Ext^{s,t}_A(M, N)` for every stem `t − s` from the bottom of `M ∧ DN` through
/// `MAX_STEM`, `s ≤ MAX_S`: `dim Hom^t(P_s) − rank δ_{s+1} − rank δ_s`.
fn ext_m_n(m: &FiniteModule, n: &FiniteModule) -> Table {
    // Hom^t(P_{s+1}, N) needs the generators of P_{s+1} up to degree t + top(N).
    let reach = n.max_degree() - n.min_degree();
    let config = ResolutionConfig {
        max_stem: MAX_STEM + reach + 1,
        max_s: MAX_S + 1,
    };
    let mut res = Resolution::new(m.clone(), config).expect("range");
    res.resolve_with(Algorithm::Classical).expect("resolution");
    let mut dims = BTreeMap::new();
    let bottom = m.min_degree() - n.max_degree();
    for s in 0..=MAX_S {
        for stem in bottom..=MAX_STEM {
            let t = Bidegree::n_s(stem, s).t();
            let mut dim = hom_basis(&res, n, s, t).len() - coboundary_rank(&res, n, s + 1, t);
            if s > 0 {
                dim -= coboundary_rank(&res, n, s, t);
            }
            if dim > 0 {
                dims.insert((stem, s), dim);
            }
        }
    }
    Table {
        complete: Some((MAX_STEM, MAX_S)),
        dims,
    }
}

#[test]
fn ext_of_m_smash_dn_is_ext_of_m_into_n() {
    let names = ["S_2", "C2", "Ceta", "Cnu", "Joker"];
    let mut nonzero = 0;
    for m_name in names {
        for n_name in names {
            let m = FiniteModule::from_bundled(m_name).unwrap();
            let n = FiniteModule::from_bundled(n_name).unwrap();
            let hom = ext_m_n(&m, &n);
            let dir = tempfile::tempdir().unwrap();
            let dual = format!("dual:{n_name}");
            let (ours, _) = resolve(m_name, MAX_STEM, MAX_S, dir.path(), &["--smash", &dual]);
            let diff = differences(&ours, &hom, MAX_STEM, MAX_S);
            assert!(
                diff.is_empty(),
                "Ext({m_name} ∧ D{n_name}) against Ext({m_name}, {n_name}): \
                 (stem, s, adams, Hom complex): {diff:?}"
            );
            nonzero += hom.dims.len();
        }
    }
    assert!(nonzero > 25 * 30, "only {nonzero} nonzero bidegrees");
}

#[test]
fn a_dual_over_a_sub_hopf_algebra_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let o = common::adams_in(dir.path(), &["resolve", "dual:ko", "--max-stem", "5"]);
    common::assert_one_line_error(&o, 2, &["Dko", "sub-Hopf algebra"]);
}

#[test]
fn the_dual_of_c3_is_c3_desuspended() {
    // D(C3) at p = 3: Dx1 in degree −1, Dx0 in degree 0, β·Dx1 = Dx0 (the sign
    // (−1)^{|β||Dx1|} cancels χ(β) = −β): the Moore spectrum's dual is Σ^{−1} of it
    // (Spanier–Whitehead duality; Margolis, "Spectra and the Steenrod algebra", ch. 11).
    let dir = tempfile::tempdir().unwrap();
    let (dual, _) = resolve("dual:C3", 30, 10, dir.path(), &[]);
    let (desuspended, _) = resolve("C3[-1]", 30, 10, dir.path(), &[]);
    let diff = common::differences(&dual, &desuspended, 30, 10);
    assert!(diff.is_empty(), "(stem, s, DC3, C3[-1]): {diff:?}");
    assert!(dual.dims.len() > 20, "only {} bidegrees", dual.dims.len());
}
