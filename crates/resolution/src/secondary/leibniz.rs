//! The Leibniz rule for `d2` on products in the sphere's Adams spectral sequence:
//! `d2(x·y) = d2(x)·y + x·d2(y)` (at p = 2, no signs), for every class `x` of the range and
//! a given class `y`. `d2` is a derivation of the `E2` page because the Adams spectral
//! sequence of the sphere is a spectral sequence of algebras, its `E2` page the Yoneda
//! algebra `Ext_A(F_2, F_2)` (Adams, "On the structure and applications of the Steenrod
//! algebra", Comment. Math. Helv. 32 (1958); McCleary, "A User's Guide to Spectral
//! Sequences", 2nd ed., ch. 9, the products of the Adams spectral sequence).
//! The products come from the chain maps lifting `y` and `d2(y)`
//! ([`crate::chain_map::yoneda`]), independently of the secondary lift whose `d2` is checked.

use fp::{FpVector, Matrix};
use steenrod::module::FiniteModule;

use super::SecondaryLift;
use crate::chain_map::yoneda::{combine, lift_classes, ExtElement};
use crate::chain_map::LiftTarget;
use crate::Bidegree;

/// Why the Leibniz check of a class `y` could not run or failed.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum LeibnizError {
    /// The resolution is not the sphere's: products `x·y` with `x, y` in its Ext are the
    /// Yoneda products of `Ext(F_2)`, checked here for the sphere only.
    #[error("the Leibniz check of d2 is for the sphere S_2 only (module {module})")]
    NotSphere {
        /// The module's name.
        module: String,
    },
    /// `d2(y)` is not known: `y`'s target bidegree is beyond the lift's range.
    #[error("d2 of the class at {y} is outside the computed range")]
    OutOfRange {
        /// `y`'s bidegree.
        y: Bidegree,
    },
    /// Lifting `y` or `d2(y)` to a chain map failed (the class is outside the range).
    #[error("the product by the class at {y}: {why}")]
    Product {
        /// `y`'s bidegree.
        y: Bidegree,
        /// The chain map's error.
        why: String,
    },
    /// `d2(x·y) ≠ d2(x)·y + x·d2(y)` for a class `x` at `at`.
    #[error("d2 self-check failed: d2(x·y) ≠ d2(x)·y + x·d2(y) for y at {y} and x at {at}")]
    Fails {
        /// `y`'s bidegree.
        y: Bidegree,
        /// `x`'s bidegree.
        at: Bidegree,
    },
}

/// `x ↦ x·d2(y)`: `d2(y)` as a vector of `E2` at `y + (2, 1)`.
fn d2_of(lift: &SecondaryLift, y: &ExtElement) -> Result<FpVector, LeibnizError> {
    let d = lift
        .d2(y.bidegree)
        .ok_or(LeibnizError::OutOfRange { y: y.bidegree })?;
    Ok(combine::<FiniteModule>(
        lift.resolution().prime(),
        &d,
        &y.vector,
    ))
}

/// Checks `d2(x·y) = d2(x)·y + x·d2(y)` on every basis class `x` of every bidegree `b` of
/// the range where the five matrices it reads are known: `d2` at `b`, `b + y` and `y`, the
/// products by `y` out of `b` and `b + (2, 1)`, by `d2(y)` out of `b`. In the bases of
/// [`SecondaryLift::d2`] (rows the classes of the source): `P_y(b)·D(b + y) =
/// D(b)·P_y(b + (2,1)) + P_{d2 y}(b)`. Returns the number of bidegrees checked.
///
/// Errors: [`LeibnizError::NotSphere`] unless `lift` is of the sphere;
/// [`LeibnizError::OutOfRange`] when `d2(y)` is not computed; [`LeibnizError::Product`]
/// when `y` cannot be lifted; [`LeibnizError::Fails`] at the first failing bidegree (`s`,
/// then `t`).
pub fn check_leibniz(lift: &SecondaryLift, y: &ExtElement) -> Result<usize, LeibnizError> {
    let res = lift.resolution();
    let m = res.module();
    if m.min_degree() != 0 || m.total_dim() != 1 {
        return Err(LeibnizError::NotSphere {
            module: m.name().to_string(),
        });
    }
    let yb = y.bidegree;
    let z = ExtElement {
        bidegree: Bidegree::s_t(yb.s() + 2, yb.t() + 1),
        vector: d2_of(lift, y)?,
    };
    let config = res.config();
    let tgt = LiftTarget::new(res);
    let levels = config.max_s.saturating_sub(yb.s());
    let mut classes = vec![(y, levels)];
    if !z.is_zero() {
        classes.push((&z, levels.saturating_sub(2)));
    }
    let maps = lift_classes(res, &tgt, &classes).map_err(|e| LeibnizError::Product {
        y: yb,
        why: e.to_string(),
    })?;
    let by_y = |b: Bidegree| maps[0].read(b.s(), b.t() + yb.t());
    let by_z = |b: Bidegree| match maps.get(1) {
        Some(map) => map.read(b.s(), b.t() + z.bidegree.t()),
        None => Some(Matrix::new(res.number_of_gens(b), 0)),
    };
    let mut checked = 0;
    for s in 0..=config.max_s {
        for t in s as i32..=s as i32 + config.max_stem {
            let b = Bidegree::s_t(s, t);
            let up = Bidegree::s_t(s + 2, t + 1);
            let (Some(d), Some(py), Some(py_up), Some(pz)) =
                (lift.d2(b), by_y(b), by_y(up), by_z(b))
            else {
                continue;
            };
            let Some(d_xy) = lift.d2(Bidegree::s_t(s + yb.s(), t + yb.t())) else {
                continue;
            };
            let left = py.mul(&d_xy);
            let right = d.mul(&py_up);
            let zero_z = pz.cols() == 0;
            let holds = (0..left.rows()).all(|i| {
                (0..left.cols())
                    .all(|j| left.get(i, j) == (right.get(i, j) ^ (!zero_z && pz.get(i, j))))
            });
            if !holds {
                return Err(LeibnizError::Fails { y: yb, at: b });
            }
            checked += 1;
        }
    }
    Ok(checked)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Algorithm, Resolution, ResolutionConfig};
    use steenrod::module::FiniteModule;

    fn sphere(max_stem: i32, max_s: u32) -> Resolution {
        let config = ResolutionConfig { max_stem, max_s };
        let mut res = Resolution::new(FiniteModule::sphere(), config).unwrap();
        res.resolve_with(Algorithm::Nassau).unwrap();
        res
    }

    /// `h4` supports `d2(h4) = h0 h3^2` (Adams 1960), so its rule has the `x·d2(y)` term;
    /// `c0` and `h3` are `d2`-cycles. Each holds on a positive number of bidegrees.
    #[test]
    fn the_rule_holds_for_h3_h4_and_c0() {
        let res = sphere(36, 12);
        let lift = SecondaryLift::new(&res).unwrap();
        for (b, name) in [
            (Bidegree::s_t(1, 8), "h3"),
            (Bidegree::s_t(1, 16), "h4"),
            (Bidegree::n_s(8, 3), "c0"),
        ] {
            let y = ExtElement::basis(&res, b, 0).unwrap();
            let n = check_leibniz(&lift, &y).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(n > 20, "{name}: {n} bidegrees");
        }
        let h4 = ExtElement::basis(&res, Bidegree::s_t(1, 16), 0).unwrap();
        assert!(!d2_of(&lift, &h4).unwrap().is_zero(), "d2(h4) ≠ 0");
    }

    /// A wrong `λ` is caught: with `d2(h1) := h0^3` (as in the test of the other
    /// self-checks), `d2(h1·h0) = 0` but `d2(h1)·h0 + h1·d2(h0) = h0^4 ≠ 0`.
    #[test]
    fn a_wrong_lambda_fails_the_rule() {
        let res = sphere(12, 6);
        let mut lift = SecondaryLift::new(&res).unwrap();
        let h0 = ExtElement::basis(&res, Bidegree::s_t(1, 1), 0).unwrap();
        assert!(check_leibniz(&lift, &h0).is_ok());
        let g = res.free_module(3).gens_below(3);
        lift.lambda_mut(3)[g].as_mut().unwrap().flip(1);
        assert_eq!(
            check_leibniz(&lift, &h0),
            Err(LeibnizError::Fails {
                y: Bidegree::s_t(1, 1),
                at: Bidegree::s_t(1, 2)
            })
        );
    }

    /// Another module is refused by name.
    #[test]
    fn a_module_is_refused() {
        let c2 = FiniteModule::from_bundled("C2").expect("C2 is bundled");
        let mut res = Resolution::new(
            c2,
            ResolutionConfig {
                max_stem: 8,
                max_s: 4,
            },
        )
        .unwrap();
        res.resolve_with(Algorithm::Nassau).unwrap();
        let lift = SecondaryLift::new(&res).unwrap();
        let y = ExtElement::basis(&res, Bidegree::s_t(0, 0), 0).unwrap();
        assert!(matches!(
            check_leibniz(&lift, &y),
            Err(LeibnizError::NotSphere { .. })
        ));
    }
}
