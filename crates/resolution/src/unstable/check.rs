//! Whether a module is unstable, and the class that says it is not.

use std::fmt;

use fp::{Field, Vector};
use steenrod::module::{FiniteModule, ModuleAlgebra};

use super::excess::UnstableAlgebra;

/// A class `x` with `θ·x ≠ 0` for an operation `θ` of the unstable condition whose excess
/// exceeds `|x|` (`Sq^i x` with `i > |x|`; at odd p `P^i x` with `2i > |x|` or `βP^i x`
/// with `2i + 1 > |x|`): the module is not unstable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotUnstable {
    /// The class's name in the module file.
    pub class: String,
    /// Its degree.
    pub degree: i32,
    /// The operation, in the Milnor basis (`Sq(3)`, `Q(0)P(2)`).
    pub operation: String,
    /// The operation's excess.
    pub excess: u32,
}

impl fmt::Display for NotUnstable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the module is not unstable: {}·{} ≠ 0 although {} has excess {} > |{}| = {}",
            self.operation, self.class, self.operation, self.excess, self.class, self.degree
        )
    }
}

/// Checks the unstable condition on every class of `module` (degrees as given, after any
/// shift): `Ok` when each operation `θ` of [`UnstableAlgebra::is_unstable_generator`] with
/// excess `> |x|` kills every basis element `x` (then so does every Milnor basis element
/// of excess `> |x|`, Kraines 1971). A class in negative degree fails at `θ = 1`.
///
/// Errors: the first class (lowest degree, then basis order) and operation that fail.
pub fn check_unstable<A: ModuleAlgebra + UnstableAlgebra>(
    module: &FiniteModule<A>,
) -> Result<(), NotUnstable> {
    let algebra = module.algebra();
    let field = module.prime();
    for t in module.min_degree()..=module.max_degree() {
        for x in 0..module.dim(t) {
            for d in 0..=(module.max_degree() - t) as u32 {
                for (i, op) in algebra.basis(d).iter().enumerate() {
                    let e = algebra.excess(op);
                    if !(algebra.is_unstable_generator(op) && i64::from(e) > i64::from(t)) {
                        continue;
                    }
                    let mut v = field.zero_vector(module.dim(t + d as i32));
                    module.act_on_basis_at(d, i, t, x, 1, &mut v, 0);
                    if !v.is_zero() {
                        return Err(NotUnstable {
                            class: module.basis_name(t, x).to_string(),
                            degree: t,
                            operation: op.to_string(),
                            excess: e,
                        });
                    }
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use steenrod::module::FiniteModule;

    /// `C2 = H̃^*(ΣRP^2)`-like: `x0`, `x1 = Sq^1 x0`; `C(η)`: `x0`, `x2 = Sq^2 x0`.
    fn module(text: &str, shift: i32) -> FiniteModule {
        FiniteModule::from_json_str("m.json", text)
            .expect("a module")
            .shifted(shift, "m")
            .expect("in range")
    }

    const C_ETA: &str = r#"{"type": "finite dimensional module", "p": 2, "gens": {"x0": 0, "x2": 2}, "actions": ["Sq2 x0 = x2"]}"#;

    /// `Sq^2 x = y` needs `|x| ≥ 2`: the cone on η suspended once is not unstable, twice it
    /// is (it is `H̃^*` of the complex `S^2 ∪_η e^4`).
    #[test]
    fn the_cone_on_eta_is_unstable_from_its_second_suspension() {
        let err = check_unstable(&module(C_ETA, 1)).expect_err("Sq^2 on a class of degree 1");
        assert_eq!((err.class.as_str(), err.degree, err.excess), ("x0", 1, 2));
        assert_eq!(err.operation, "Sq(2)");
        assert_eq!(check_unstable(&module(C_ETA, 2)), Ok(()));
    }

    /// A class in negative degree fails at the unit (`Sq^0 x = x`, excess 0 > |x|).
    #[test]
    fn negative_degrees_are_not_unstable() {
        let err = check_unstable(&module(C_ETA, -1)).expect_err("a class in degree -1");
        assert_eq!((err.degree, err.excess), (-1, 0));
    }
}
