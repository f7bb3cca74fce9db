//! [`solve`] on the free coordinates ([`solve_on_free`]), also on the known pivot rows
//! only, against the whole reduction (an independent computation of the same preimages):
//! the same solutions, pivots and refusals, at every bidegree of the sphere's resolution
//! through stem 30.

use fp::FpVector;
use steenrod::module::FiniteModule;

use super::{dim, matrix, solve};
use crate::{Algorithm, Bidegree, Resolution, ResolutionConfig};

fn sphere() -> Resolution {
    let config = ResolutionConfig {
        max_stem: 30,
        max_s: 8,
    };
    let mut res = Resolution::new(FiniteModule::sphere(), config).expect("range");
    res.resolve_with(Algorithm::Nassau).expect("resolution");
    res
}

/// Right sides in the image of `d_i` at `b`: `d` of a few basis elements and of a sum,
/// as vectors of the whole of `(C_{i−1})_T`.
fn images(res: &Resolution, b: Bidegree) -> Vec<FpVector> {
    let whole = dim(res, b.below().unwrap(), true);
    let d = matrix(res, b);
    let pad = |rows: &[usize]| {
        let mut v = FpVector::new(whole);
        for &r in rows {
            for c in d.row_vector(r).iter_ones() {
                v.flip(c);
            }
        }
        v
    };
    let m = d.rows();
    vec![pad(&[0]), pad(&[m / 2, m - 1]), pad(&[m / 3, m / 2])]
}

#[test]
fn solving_on_the_free_coordinates_gives_the_whole_reductions_preimages() {
    let res = sphere();
    let mut shortcut = 0;
    for i in 2..=8u32 {
        for t in i as i32 + 2..=30 + i as i32 {
            let (b, under) = (Bidegree::s_t(i, t), Bidegree::s_t(i - 1, t));
            if dim(&res, b, true) == 0 || dim(&res, under.below().unwrap(), false) == 0 {
                continue;
            }
            let below = solve(&res, under, &images(&res, under), None, None)
                .expect("images lift")
                .pivots
                .expect("a reduction");
            let rhs = images(&res, b);
            let whole = solve(&res, b, &rhs, None, None).expect("images lift");
            let free = solve(&res, b, &rhs, Some(&below), None).expect("images lift");
            assert_eq!(free.preimages, whole.preimages, "preimages at {b}");
            assert_eq!(free.pivots, whole.pivots, "pivots at {b}");
            // With this degree's pivots known too: only those rows of M are built.
            let own = whole.pivots.as_deref();
            let rows = solve(&res, b, &rhs, Some(&below), own).expect("images lift");
            assert_eq!(
                rows.preimages, whole.preimages,
                "preimages on pivot rows at {b}"
            );
            shortcut += usize::from(rhs.iter().any(|v| !v.is_zero()));
            // A right side outside the image: refused by both, at the same index.
            let old = dim(&res, under, false);
            if let Some(c) = (0..old).find(|&c| {
                let e = FpVector::from_ones(rhs[0].len(), &[c]);
                solve(&res, b, &[e], None, None).is_err()
            }) {
                let mut bad = rhs.clone();
                bad.insert(1, FpVector::from_ones(rhs[0].len(), &[c]));
                assert_eq!(
                    solve(&res, b, &bad, Some(&below), None).err(),
                    Some(1),
                    "at {b}"
                );
                assert_eq!(solve(&res, b, &bad, None, None).err(), Some(1), "at {b}");
                let own = whole.pivots.as_deref();
                assert_eq!(
                    solve(&res, b, &bad, Some(&below), own).err(),
                    Some(1),
                    "at {b}"
                );
            }
        }
    }
    assert!(shortcut > 50, "only {shortcut} bidegrees compared");
}
