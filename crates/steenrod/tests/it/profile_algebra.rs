//! Sub-Hopf algebras of `A` by profile: their Milnor basis, index and products against
//! the whole algebra's, their dimensions, and the Adams–Margolis check.

use steenrod::{MilnorAlgebra, PPart, Profile, ProfileError};

fn sub(p_part: &[u32], max: u32) -> MilnorAlgebra {
    let profile = Profile::new(p_part.to_vec(), true).expect("a sub-Hopf algebra");
    MilnorAlgebra::with_profile(max, steenrod::DEFAULT_TABLE_BUDGET, Some(&profile))
}

/// `dim A(n) = 2^{(n+1)(n+2)/2}`: 8 for `A(1)`, 64 for `A(2)`, 1024 for `A(3)` (its
/// Milnor basis is `Sq(R)` with `r_i < 2^{n+2−i}`; Adams–Margolis 1974, or Ravenel,
/// "Complex cobordism", 3.1), with top degrees `Σ_i (2^{n+2−i} − 1)(2^i − 1)`: 6, 23 and 72.
#[test]
fn dimensions_of_a_n() {
    for (n, dim, top) in [(0u32, 2usize, 1u32), (1, 8, 6), (2, 64, 23), (3, 1024, 72)] {
        let p = Profile::a(n);
        assert_eq!(p.log2_dim(), Some((n + 1) * (n + 2) / 2));
        let alg = MilnorAlgebra::with_profile(top + 5, 0, Some(&p));
        let total: usize = (0..=top + 5).map(|t| alg.dim(t)).sum();
        assert_eq!(total, dim, "dim A({n})");
        assert_eq!(alg.dim(top), 1, "top class of A({n})");
        assert_eq!((top + 1..=top + 5).map(|t| alg.dim(t)).sum::<usize>(), 0);
        assert_eq!(p.to_string(), format!("A({n})"));
        assert_eq!(p.top_degree(2), Some(top), "top degree of A({n})");
        // Held through 2·top only, whatever the range asks: nothing above is indexed.
        let far = MilnorAlgebra::with_profile(300, 0, Some(&p));
        assert_eq!(far.max_degree(), (2 * top).min(300));
        assert_eq!((0..=300).map(|t| far.dim(t)).sum::<usize>(), dim);
    }
    assert_eq!(Profile::new(vec![2, 1], false).unwrap().top_degree(2), None);
    // A(1) degree by degree: 1, Sq1, Sq2, Sq3 & Sq(0,1), Sq(1,1), Sq(2,1), Sq(3,1).
    let a1 = sub(&[2, 1], 10);
    let dims: Vec<usize> = (0..=7).map(|t| a1.dim(t)).collect();
    assert_eq!(dims, [1, 1, 1, 2, 1, 1, 1, 0]);
}

/// The basis of `B_t` is `A_t`'s elements in `B`, in `A`'s order, and `index_of`
/// inverts it.
#[test]
fn basis_and_index_follow_the_whole_algebra() {
    let full = MilnorAlgebra::new(70);
    for p_part in [
        &[3u32, 2, 1][..],
        &[4, 3, 2, 1],
        &[1],
        &[2, 1],
        &[3, 2, 2, 1],
    ] {
        let Ok(profile) = Profile::new(p_part.to_vec(), true) else {
            continue;
        };
        let b = MilnorAlgebra::with_profile(70, 0, Some(&profile));
        assert_eq!(b.profile(), Some(&profile));
        for t in 0..=70 {
            let expect: Vec<PPart> = full
                .basis(t)
                .iter()
                .copied()
                .filter(|r| profile.contains(r))
                .collect();
            assert_eq!(b.basis(t), expect.as_slice(), "{profile} degree {t}");
            for (i, r) in b.basis(t).iter().enumerate() {
                assert_eq!(b.index_of(r), i);
                assert!(b.contains(r));
            }
        }
    }
}

/// Products of `B`'s basis elements computed over `B` (with tables and without) equal
/// the whole algebra's product, which lies in `B` (a sub-algebra is closed).
#[test]
fn products_agree_with_the_whole_algebra() {
    const MAX: u32 = 40;
    let full = MilnorAlgebra::new(MAX);
    for p_part in [&[3u32, 2, 1][..], &[2, 1], &[4, 3, 2, 1]] {
        for budget in [0, steenrod::DEFAULT_TABLE_BUDGET] {
            let profile = Profile::new(p_part.to_vec(), true).unwrap();
            let b = MilnorAlgebra::with_profile(MAX, budget, Some(&profile));
            for d1 in 0..=MAX {
                for d2 in 0..=MAX - d1 {
                    for r in b.basis(d1) {
                        for s in b.basis(d2) {
                            let mut whole = Vec::new();
                            full.multiply_basis(r, s, |i| whole.push(full.basis(d1 + d2)[i]));
                            assert!(whole.iter().all(|x| profile.contains(x)), "{r}·{s}");
                            let mut got = Vec::new();
                            b.multiply_basis(r, s, |i| got.push(b.basis(d1 + d2)[i]));
                            assert_eq!(got, whole, "{r}·{s} over {profile}");
                            let mut bits = vec![0u64; b.dim(d1 + d2).div_ceil(64) + 1];
                            b.multiply_basis_into(r, s, &mut bits, 3);
                            let into: Vec<PPart> = (0..b.dim(d1 + d2))
                                .filter(|&i| bits[(i + 3) / 64] >> ((i + 3) % 64) & 1 == 1)
                                .map(|i| b.basis(d1 + d2)[i])
                                .collect();
                            assert_eq!(into, whole, "{r}·{s} into, over {profile}");
                        }
                    }
                }
            }
        }
    }
}

/// The Adams–Margolis condition: `A(n)`, `A` itself (empty, not truncated) and the
/// exterior algebra on `Q_0, Q_1` (`(1, 1)`) pass; `(1, 2)` and `(2)` fail, naming the
/// entries (`Sq(2)Sq(2) = Sq(1,1)` leaves `(2)`).
#[test]
fn the_sub_hopf_condition() {
    for n in 0..6 {
        assert!(Profile::new(Profile::a(n).p_part().to_vec(), true).is_ok());
    }
    assert!(Profile::new(vec![], false).is_ok());
    assert!(Profile::new(vec![1, 1], true).is_ok());
    assert!(Profile::new(vec![2, 1], false).is_ok());
    let e = Profile::new(vec![2], true).unwrap_err();
    assert_eq!(
        e,
        ProfileError::NotSubHopf {
            i: 1,
            j: 1,
            hi: 2,
            hj: 2,
            hij: 0
        }
    );
    assert!(e
        .to_string()
        .starts_with("not a sub-Hopf algebra: h(1) = 2 > 1 + h(2) = 1"));
    let e = Profile::new(vec![1, 2], true).unwrap_err();
    assert!(
        matches!(e, ProfileError::NotSubHopf { i: 2, j: 1, .. }),
        "{e}"
    );
    let e = Profile::new(vec![3, 40], true).unwrap_err();
    assert_eq!(
        e.to_string(),
        "p_part[1] = 40: entries above 24 are not supported"
    );
}

/// A truncated profile's trailing zeros name the same algebra (`h(i) = 0` beyond the list
/// either way), so `(2, 1, 0)` is `A(1)` — equal, printed and compared as `A(1)` — and
/// `(0)` is `F_2`; a list longer than [`Profile::MAX_LEN`] is refused before the
/// quadratic check (100000 entries of a module file took 16 s).
#[test]
fn trailing_zeros_and_length() {
    let with_zero = Profile::new(vec![2, 1, 0, 0], true).unwrap();
    assert_eq!(with_zero, Profile::a(1));
    assert_eq!(with_zero.to_string(), "A(1)");
    assert_eq!(with_zero.p_part(), &[2, 1]);
    let f2 = Profile::new(vec![0], true).unwrap();
    assert_eq!(f2, Profile::new(vec![], true).unwrap());
    assert_eq!(f2.to_string(), "profile (0)");
    // At odd p the P part is the same profile: `1,0:0,1` is `A(1)`.
    let odd = Profile::with_q_part(vec![1, 0], true, 0b11).unwrap();
    assert_eq!(odd, Profile::a_odd(1));
    // The same P part at p = 2 (no τ_k) and at odd p with Q empty are different algebras.
    assert_ne!(f2, Profile::with_q_part(vec![], true, 0).unwrap());
    assert_eq!(
        Profile::with_q_part(vec![], true, 0).unwrap().to_string(),
        "profile (no P; no Q)"
    );
    assert_eq!(odd.to_string(), "A(1)");
    // Not truncated, a 0 is a condition (h beyond the list is ∞): kept.
    assert_eq!(
        Profile::new(vec![1, 0], false).map(|p| p.p_part().to_vec()),
        Profile::new(vec![1, 0], false).map(|_| vec![1, 0])
    );
    assert!(Profile::new(vec![0; 100_000], true).is_ok());
    let e = Profile::new(vec![24; 100_000], false).unwrap_err();
    assert_eq!(e, ProfileError::TooLong { len: 100_000 });
    assert!(e
        .to_string()
        .starts_with("p_part has 100000 entries: at most 32"));
}
