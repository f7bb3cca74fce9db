//! The algebraic EHP sequence: the short exact sequence of complexes
//! `0 → Λ(N) → Λ(N+1) → σ^N Λ(2N+1) → 0`, `λ_N λ_J ↦ λ_J` (stated by Curtis, "Simplicial
//! homotopy theory", Adv. Math. 6 (1971), as Richter's "Lambda algebra unstable composition
//! products and the EHP sequence" recalls in its introduction, with Wang's proof that the
//! quotient map is a chain map; checked here by `algebra::ehp_quotient_is_a_chain_map`), and
//! its long exact sequence in homology.

use lambda::{Elimination, Lambda, Sphere};
use resolution::Bidegree;

use crate::curtis;

/// The largest relative stem and filtration of the exactness check.
const MAX_STEM: i32 = 18;
const MAX_S: u32 = 9;

/// The rank of `E: H^{s}_n(Λ(N)) → H^{s}_n(Λ(N+1))` computed from cycles: the Curtis
/// table's cycles for `H(Λ(N))` at `b`, checked to be cycles (`d z = 0` in `Λ`) and a
/// basis of `H(Λ(N))` (independent modulo the boundaries of `Λ(N)`, as many as its
/// dimension), then the rank of their span modulo the boundaries of `Λ(N+1)` — both by the
/// full-basis elimination, not by the table's pairing.
fn suspension_rank(
    n: u32,
    b: Bidegree,
    lambda: &mut Lambda,
    low: &mut Elimination,
    high: &mut Elimination,
) -> usize {
    let table = curtis();
    let cycles = table.cycles(Sphere::Unstable(n), b).expect("inside");
    for z in &cycles {
        let mut dz = std::collections::BTreeSet::new();
        for y in z.iter().flat_map(|m| lambda.differential(m).to_vec()) {
            if !dz.remove(&y) {
                dz.insert(y);
            }
        }
        assert!(dz.is_empty(), "Λ({n}) at {b}: a cycle with d ≠ 0");
    }
    assert_eq!(
        low.class_rank(b, &cycles),
        cycles.len(),
        "Λ({n}) at {b}: not a basis"
    );
    high.class_rank(b, &cycles)
}

/// With relative stems (`Λ(N)`'s stem is `Σ i_j` for every `N`; the quotient map lowers
/// the stem by `N` and `s` by 1; the connecting map, like `d`, raises `s` by 1 and lowers
/// the stem by 1) the long exact sequence reads
///
/// `H^{s}_n(Λ(N)) →E H^{s}_n(Λ(N+1)) →H H^{s−1}_{n−N}(Λ(2N+1)) →P H^{s+1}_{n−1}(Λ(N)) →E
/// H^{s+1}_{n−1}(Λ(N+1))`,
///
/// so exactness at the middle term is the identity `dim H^{s−1}_{n−N}(Λ(2N+1)) =
/// dim coker E_{(n,s)} + dim ker E_{(n−1,s+1)}`. Checked for `N = 1 … 7` in every
/// bidegree of relative stem `n ≤ 18` and `s ≤ 8` (the kernel at `s + 1 ≤ 9`), the ranks of
/// `E` from cycles by elimination ([`suspension_rank`]), the dimensions from the Curtis
/// table (compared with the references elsewhere); and the ranks agree with
/// [`lambda::CurtisTable::suspension_rank`], which reads them off the table's pairing.
#[test]
fn long_exact_sequence_for_n_1_to_7() {
    let table = curtis();
    let mut lambda = Lambda::new();
    let mut nonzero = 0;
    for n in 1..=7u32 {
        let mut low = Elimination::new(Sphere::Unstable(n));
        let mut high = Elimination::new(Sphere::Unstable(n + 1));
        let mut rank = std::collections::BTreeMap::new();
        for stem in 0..=MAX_STEM {
            for s in 0..=MAX_S {
                let b = Bidegree::n_s(stem, s);
                let r = suspension_rank(n, b, &mut lambda, &mut low, &mut high);
                assert_eq!(table.suspension_rank(n, b), Some(r), "E on Λ({n}) at {b}");
                rank.insert(b, r);
            }
        }
        let dim = |sphere, stem, s| match (stem, s) {
            (stem, s) if stem < 0 || s < 0 => 0,
            (stem, s) => table
                .dim(sphere, Bidegree::n_s(stem, s as u32))
                .expect("inside"),
        };
        for stem in 0..=MAX_STEM {
            for s in 0..MAX_S {
                let coker =
                    dim(Sphere::Unstable(n + 1), stem, s as i32) - rank[&Bidegree::n_s(stem, s)];
                let kernel = match stem {
                    0 => 0,
                    _ => {
                        dim(Sphere::Unstable(n), stem - 1, s as i32 + 1)
                            - rank[&Bidegree::n_s(stem - 1, s + 1)]
                    }
                };
                let quotient = dim(Sphere::Unstable(2 * n + 1), stem - n as i32, s as i32 - 1);
                assert_eq!(
                    quotient,
                    coker + kernel,
                    "N = {n}, relative stem {stem}, s = {s}: H(Λ({})) {quotient}, coker E {coker}, ker E {kernel}",
                    2 * n + 1
                );
                nonzero += usize::from(quotient > 0);
            }
        }
    }
    assert!(nonzero > 100, "{nonzero} nonzero terms of H(Λ(2N+1))");
}

/// [`lambda::suspension_ranks`] (a table of its own range) gives the shared table's ranks:
/// `N = 1 … 8`, relative stems ≤ 14, `s ≤ 8`, every bidegree present.
#[test]
fn suspension_ranks_of_a_smaller_table() {
    for n in 1..=8u32 {
        let ranks = lambda::suspension_ranks(n, 14, 8);
        assert_eq!(ranks.len(), 15 * 9, "N = {n}");
        for (b, &r) in &ranks {
            assert_eq!(curtis().suspension_rank(n, *b), Some(r), "N = {n} at {b}");
        }
        assert!(ranks.values().any(|&r| r > 0));
    }
}
