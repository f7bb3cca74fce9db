//! `d2` on `Ext^1` of the sphere from the secondary Steenrod algebra
//! (`resolution::secondary`), against J. F. Adams, "On the non-existence of elements of
//! Hopf invariant one", Ann. of Math. 72 (1960): `h0, h1, h2, h3` are permanent cycles
//! (they detect `2, η, ν, σ`) and `d2(h4) = h0 h3^2`, the only class of `Ext^{3,17}`
//! (stem 14).

use resolution::secondary::{d2_on_h, SecondaryError};
use resolution::{Algorithm, Bidegree, Resolution, ResolutionConfig};
use steenrod::module::FiniteModule;

fn resolve(module: FiniteModule, max_stem: i32, max_s: u32) -> Resolution {
    let mut res = Resolution::new(module, ResolutionConfig { max_stem, max_s }).expect("range");
    res.resolve_with(Algorithm::Nassau).expect("resolution");
    res
}

#[test]
fn d2_on_hopf_elements_of_the_sphere() {
    let res = resolve(FiniteModule::sphere(), 16, 3);
    for j in 0..=3 {
        let d2 = d2_on_h(&res, j).expect("in range");
        assert!(d2.iter().all(|&c| !c), "d2(h{j}) = {d2:?}, expected 0");
    }
    assert_eq!(
        res.number_of_gens(Bidegree::s_t(3, 17)),
        1,
        "Ext^(3,17) = {{h0 h3^2}}"
    );
    assert_eq!(d2_on_h(&res, 4), Ok(vec![true]), "d2(h4) = h0 h3^2");
}

#[test]
fn d2_refuses_other_modules_and_missing_range() {
    let c2 = FiniteModule::from_bundled("C2").expect("bundled C2");
    let res = resolve(c2, 8, 3);
    assert!(matches!(
        d2_on_h(&res, 2),
        Err(SecondaryError::NotSphere { .. })
    ));

    let res = resolve(FiniteModule::sphere(), 8, 3);
    assert_eq!(
        d2_on_h(&res, 4),
        Err(SecondaryError::OutOfRange {
            at: Bidegree::s_t(3, 17)
        })
    );
}
