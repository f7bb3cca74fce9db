//! `H(Λ(N))`, the unstable Adams E2 page of `S^N`, against facts with a source.

use lambda::{homology, Sphere};

use crate::dim_any_s;
use crate::stable::{reference, reference_with_range};

/// `Ext_U^{0,*}` of `S^N` is F_2 at the bottom class (absolute stem `N`) and zero
/// elsewhere: `Hom_U(F(t), H̃^*(S^N))` is `H̃^t(S^N)` (Massey–Peterson; Schwartz ch. 1). And
/// `Λ(1)` is spanned by the `λ_0^s` with `d = 0`: `H(Λ(1)) = F_2[h_0]`, the E2 page of
/// `S^1` (Ravenel §3.3).
#[test]
fn filtration_zero_and_the_circle() {
    for n in 1..=8 {
        let table = homology(Sphere::Unstable(n), 20, 3);
        for stem in n as i32..=n as i32 + 20 {
            let want = usize::from(stem == n as i32);
            assert_eq!(table.at_absolute(stem, 0), Some(want), "S^{n}, stem {stem}");
        }
    }
    let circle = homology(Sphere::Unstable(1), 20, 10);
    for (b, &dim) in &circle.dims {
        assert_eq!(dim, usize::from(b.n() == 0), "S^1 at {b}");
    }
}

/// `Ext_U^1` of `S^N`: `h_i` (the class of `λ_{2^i − 1}`) exists on `S^N` exactly when
/// `2^i − 1 < N`, i.e. `H^1(Λ(N))` in stem `n` is the stable `Ext^{1, n+1}` for `n < N` and
/// zero above (`Λ^1(N)` is spanned by the `λ_n`, `n < N`, and nothing bounds in `s = 1`).
#[test]
fn h_i_classes() {
    let ext = reference("S_2.csv");
    for n in 1..=8u32 {
        let table = homology(Sphere::Unstable(n), 24, 1);
        for stem in 0..=24 {
            let stable = ext.get(&(stem, 1)).copied().unwrap_or(0);
            let want = if stem < n as i32 { stable } else { 0 };
            let got = table.at_absolute(stem + n as i32, 1).unwrap();
            assert_eq!(got, want, "S^{n}, relative stem {stem}, s = 1");
        }
    }
}

/// Below the stable range `Λ(N)` and `Λ` agree (the admissibles with `i_1 ≥ N` have stem
/// `≥ N`), so `H(Λ(N))` is the stable Ext in relative stems `n ≤ N − 2`.
#[test]
fn stable_range() {
    let ext = reference("S_2.csv");
    for n in 2..=12u32 {
        let table = homology(Sphere::Unstable(n), n as i32 - 2, 8);
        for (b, &dim) in &table.dims {
            let want = ext.get(&(b.n(), b.s())).copied().unwrap_or(0);
            assert_eq!(dim, want, "S^{n} at relative {b}");
        }
    }
}

/// The algebraic EHP sequence `0 → Λ(N) → Λ(N+1) → σ^N Λ(2N+1) → 0`, `λ_N λ_J ↦ λ_J`
/// (Curtis 1971; the general case in `ehp::long_exact_sequence_for_n_1_to_7`): at `N = 1`, `H(Λ(1))` is zero in positive stems, so
/// `H^s(Λ(2))` in stem `n ≥ 2` is `H^{s−1}(Λ(3))` in stem `n − 1` (the Hopf map
/// `S^3 → S^2` on E2 pages).
#[test]
fn ehp_from_s2_to_s3() {
    let s2 = homology(Sphere::Unstable(2), 18, 7);
    let s3 = homology(Sphere::Unstable(3), 17, 6);
    let mut nonzero = 0;
    for (b, &dim) in s2.dims.iter().filter(|(b, _)| b.n() >= 2 && b.s() >= 1) {
        let below = resolution::Bidegree::n_s(b.n() - 1, b.s() - 1);
        assert_eq!(dim, s3.dims[&below], "S^2 at relative {b}, S^3 at {below}");
        nonzero += usize::from(dim > 0);
    }
    assert!(nonzero > 10, "{nonzero}");
}

/// `H(Λ(N))` against the independent resolver's unstable tables
/// (`tests/data/ext/unstable_S_2_N.csv`, N = 1 … 8: sseq's `resolve_unstable`, provenance
/// in tests/data/README.md) in every bidegree they are complete for, read from their first
/// line (absolute stem ≤ 40, `s ≤ 14`: relative stems ≤ 40 − N). This covers the guide's
/// `adams resolve S_2 --unstable 7 --max-stem 40 --max-s 14` (docs/guide/15-unstable.md).
#[test]
fn against_the_unstable_tables() {
    for n in 1..=8u32 {
        let (first, ext) = reference_with_range(&format!("unstable_S_2_{n}.csv"));
        let (max_stem, max_s) = complete_for(&first);
        assert!((max_stem, max_s) == (40, 14), "S^{n}: {first}");
        let mut nonzero = 0;
        for stem in n as i32..=max_stem {
            for s in 0..=max_s {
                let want = ext.get(&(stem, s)).copied().unwrap_or(0);
                let relative = stem - n as i32;
                let got = dim_any_s(Sphere::Unstable(n), relative, s).expect("inside");
                assert_eq!(
                    got, want,
                    "S^{n} at stem {stem}, s = {s}: Λ({n}) {got}, table {want}"
                );
                nonzero += usize::from(got > 0);
            }
        }
        assert!(nonzero > 10, "S^{n}: {nonzero} nonzero bidegrees");
        assert!(
            ext.keys().all(|&(stem, _)| stem >= n as i32),
            "S^{n}: below the bottom cell"
        );
    }
}

/// `(stem, s)` of a first line `# complete for stem <= N, s <= S; …`.
fn complete_for(first: &str) -> (i32, u32) {
    let range = first
        .strip_prefix("# complete for stem <= ")
        .and_then(|r| r.split(';').next())
        .unwrap_or_else(|| panic!("no range in {first}"));
    let (stem, s) = range.split_once(", s <= ").expect("stem and s");
    (stem.parse().expect("stem"), s.parse().expect("s"))
}
