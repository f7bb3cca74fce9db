//! What the mathematics says every `d2` satisfies, checked on a computed lift
//! (docs/design/d2.md §5, self-checks): `d2∘d2 = 0`, and `d2` is a derivation for the
//! products by `h0`, `h1`, `h2`, which are permanent cycles (they detect `2, η, ν`), so
//! `d2(h_i x) = h_i d2(x)` (Adams, "On the non-existence of elements of Hopf invariant
//! one", Ann. of Math. 72 (1960); the Leibniz rule of the Adams spectral sequence).
//! The products by `h_i` are the resolution's own read-off ([`crate::products::h_matrix`]).

use fp::Matrix;

use super::SecondaryLift;
use crate::products::h_matrix;
use crate::Bidegree;

/// How many instances of each identity were checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    /// Bidegrees where `d2∘d2 = 0` was checked (both `d2`'s in range).
    pub d2_squared: usize,
    /// Bidegrees where `d2(h_i x) = h_i d2(x)` was checked, for `i = 0, 1, 2`.
    pub h_linear: [usize; 3],
}

/// An identity that fails: what, and at which source bidegree.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum CheckFailure {
    /// `d2∘d2 ≠ 0` on `E2` at the bidegree.
    #[error("d2 self-check failed: d2∘d2 ≠ 0 at {0}")]
    Squared(Bidegree),
    /// `d2(h_i x) ≠ h_i d2(x)` for a class `x` at the bidegree.
    #[error("d2 self-check failed: d2(h{i} x) ≠ h{i} d2(x) at {at}")]
    NotLinear { i: u32, at: Bidegree },
}

fn same(a: &Matrix, b: &Matrix) -> bool {
    a.rows() == b.rows()
        && a.cols() == b.cols()
        && (0..a.rows()).all(|i| (0..a.cols()).all(|j| a.get(i, j) == b.get(i, j)))
}

/// Checks `d2∘d2 = 0` and `d2(h_i x) = h_i d2(x)` (`i = 0, 1, 2`) at every bidegree of the
/// range where both sides are known; the first failure, in order of `s` then `t`.
pub fn check_identities(lift: &SecondaryLift) -> Result<Checked, CheckFailure> {
    let res = lift.resolution();
    let config = res.config();
    let mut checked = Checked::default();
    let bottom = res.module().min_degree();
    for s in 0..=config.max_s {
        for t in bottom + s as i32..=s as i32 + config.max_stem {
            let b = Bidegree::s_t(s, t);
            let Some(d) = lift.d2(b) else { continue };
            let up = Bidegree::s_t(s + 2, t + 1);
            if let Some(dd) = lift.d2(up) {
                if !d.mul(&dd).is_zero() {
                    return Err(CheckFailure::Squared(b));
                }
                checked.d2_squared += 1;
            }
            for i in 0..=2 {
                let (Some(h), Some(hd), Some(dh)) = (
                    h_matrix(res, i, b),
                    h_matrix(res, i, up),
                    lift.d2(b.times_h(i)),
                ) else {
                    continue;
                };
                if !same(&h.mul(&dh), &d.mul(&hd)) {
                    return Err(CheckFailure::NotLinear { i, at: b });
                }
                checked.h_linear[i as usize] += 1;
            }
        }
    }
    Ok(checked)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Algorithm, Resolution, ResolutionConfig};
    use steenrod::module::FiniteModule;

    /// A wrong `λ` is caught: `d2(h1) := h0^3` (bit 1 of `λ_3` on the generator of
    /// `C_3` in degree 3 is the coefficient of `h1`) breaks `h0`-linearity at `h1`, since
    /// `h0 h1 = 0` but `h0^4 ≠ 0`.
    #[test]
    fn a_wrong_lambda_fails_the_checks() {
        let config = ResolutionConfig {
            max_stem: 12,
            max_s: 6,
        };
        let mut res = Resolution::new(FiniteModule::sphere(), config).unwrap();
        res.resolve_with(Algorithm::Nassau).unwrap();
        let mut lift = SecondaryLift::new(&res).unwrap();
        assert!(check_identities(&lift).is_ok());
        let g = res.free_module(3).gens_below(3);
        let lam = lift.lambda_mut(3)[g].as_mut().unwrap();
        lam.flip(1);
        let h1 = Bidegree::s_t(1, 2);
        assert_eq!(lift.d2(h1).map(|m| m.get(0, 0)), Some(true));
        assert_eq!(
            check_identities(&lift),
            Err(CheckFailure::NotLinear { i: 0, at: h1 })
        );
    }
}
