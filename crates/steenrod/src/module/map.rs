//! [`ModuleMap`]: an A-linear map `f : M → N` of finite modules of degree `shift`
//! (`f(M_t) ⊂ N_{t + shift}`), given by the image of each basis element of `M`
//! (`MAP-FORMAT.md`).

use std::collections::BTreeMap;

use fp::FpVector;

use super::{FiniteModule, ModuleError};
use crate::PPart;

/// A map of modules `f : M → N` raising degrees by `shift`, as matrices per degree:
/// `images[t][x]` is `f` of the `x`-th basis element of `M_t`, a vector of
/// `N_{t + shift}`.
#[derive(Clone, Debug)]
pub struct ModuleMap {
    shift: i32,
    images: BTreeMap<i32, Vec<FpVector>>,
}

impl ModuleMap {
    /// The map sending each basis element of `source` named in `images` (name → the
    /// names of the basis elements of `target` whose sum it maps to; unnamed ones map to
    /// 0), checked to commute with every `Sq^(2^k)` on every basis element of `source`:
    /// `f(Sq^(2^k) x) = Sq^(2^k) f(x)` (the `Sq^(2^k)` generate `A`, so `f` is then
    /// A-linear). Only the cells the two modules hold are seen (a module loaded
    /// truncated to a range is checked on that range).
    ///
    /// Errors ([`ModuleError::Field`], naming `file`): a name that is not a basis
    /// element of `source` (`images "y"`) or of `target`, an image in the wrong degree,
    /// a name listed twice, or `f` not commuting with some `Sq^(2^k)` (the field is the
    /// generator, the reason names the operation and both sides).
    pub fn new(
        file: &str,
        source: &FiniteModule,
        target: &FiniteModule,
        shift: i32,
        images: &[(String, Vec<String>)],
    ) -> Result<ModuleMap, ModuleError> {
        let field_error = |field: String, reason: String| ModuleError::Field {
            file: file.to_string(),
            field,
            reason,
        };
        let mut map = ModuleMap {
            shift,
            images: BTreeMap::new(),
        };
        for t in source.min_degree()..=source.max_degree() {
            let zero = FpVector::new(target.dim(t + shift));
            map.images.insert(t, vec![zero; source.dim(t)]);
        }
        let mut seen = Vec::new();
        for (name, values) in images {
            let field = || format!("images {name:?}");
            if seen.contains(&name) {
                return Err(field_error(field(), "listed twice".into()));
            }
            seen.push(name);
            let (t, x) = source.basis_element(name).ok_or_else(|| {
                field_error(
                    field(),
                    format!("no basis element {name:?} in the source {}", source.name()),
                )
            })?;
            let image = &mut map.images.get_mut(&t).expect("a degree of the source")[x];
            for value in values {
                let (u, y) = target.basis_element(value).ok_or_else(|| {
                    field_error(
                        field(),
                        format!("no basis element {value:?} in the target {}", target.name()),
                    )
                })?;
                if u != t + shift {
                    return Err(field_error(
                        field(),
                        format!(
                            "{value} has degree {u}, but {name} (degree {t}) maps to degree {} \
                             (shift {shift})",
                            t + shift
                        ),
                    ));
                }
                image.flip(y);
            }
        }
        map.check_linear(source, target)
            .map_err(|(field, reason)| field_error(field, reason))?;
        Ok(map)
    }

    /// The degree `f` raises: `f(M_t) ⊂ N_{t + shift}`.
    pub fn shift(&self) -> i32 {
        self.shift
    }

    /// `f(v)` for `v` a vector of `M_t`: a vector of `N_{t + shift}` of length `n_dim`
    /// (zero when `t` is outside the source). Panics if `v` is longer than `dim M_t`.
    pub fn apply(&self, t: i32, v: &FpVector, n_dim: usize) -> FpVector {
        let mut out = FpVector::new(n_dim);
        if let Some(images) = self.images.get(&t) {
            for x in v.iter_ones() {
                out.add(&images[x]);
            }
        }
        out
    }

    /// `Err((field, reason))` at the first basis element `x` and `k` with
    /// `f(Sq^(2^k) x) ≠ Sq^(2^k) f(x)`.
    fn check_linear(
        &self,
        source: &FiniteModule,
        target: &FiniteModule,
    ) -> Result<(), (String, String)> {
        let span = (source.max_degree() - source.min_degree())
            .max(target.max_degree() - target.min_degree());
        for (&t, images) in &self.images {
            for (x, fx) in images.iter().enumerate() {
                let mut k = 0;
                while (1i64 << k) <= i64::from(span) {
                    let d = 1u32 << k;
                    let u = t + d as i32;
                    let mut sq_x = FpVector::new(source.dim(u));
                    act_sq(source, d, t, x, &mut sq_x);
                    let left = self.apply(u, &sq_x, target.dim(u + self.shift));
                    let mut right = FpVector::new(target.dim(u + self.shift));
                    for y in fx.iter_ones() {
                        act_sq(target, d, t + self.shift, y, &mut right);
                    }
                    if left != right {
                        let name = source.basis_name(t, x);
                        let reason = format!(
                            "the map does not commute with Sq{d} on {name}: f(Sq{d} {name}) = {}, \
                             but Sq{d} f({name}) = {}",
                            target.element_to_string(u + self.shift, &left),
                            target.element_to_string(u + self.shift, &right)
                        );
                        return Err((format!("images {name:?}"), reason));
                    }
                    k += 1;
                }
            }
        }
        Ok(())
    }
}

/// XOR `Sq^d x` into `out` (`d` a power of two: `Sq(d)` in the Milnor basis), `x` the
/// `x`-th basis element of `M_t`; nothing when `d` exceeds the module's span or `Sq(d)`
/// is outside its algebra (the action is zero there).
fn act_sq(m: &FiniteModule, d: u32, t: i32, x: usize, out: &mut FpVector) {
    let op = PPart::from_slice(&[d]);
    let alg = m.algebra();
    if d <= alg.max_degree() && alg.contains(&op) {
        m.act_on_basis(d, alg.index_of(&op), t, x, out);
    }
}
