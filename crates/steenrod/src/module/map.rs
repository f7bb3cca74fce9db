//! [`ModuleMap`]: an A-linear map `f : M → N` of finite modules of degree `shift`
//! (`f(M_t) ⊂ N_{t + shift}`), given by the image of each basis element of `M`
//! (`MAP-FORMAT.md`), at every prime.

use std::collections::BTreeMap;

use fp::{Field, Prime, Vector};

use super::{FieldVector, FiniteModule, ModuleAlgebra, ModuleError};
use crate::MilnorAlgebra;

/// A map of modules `f : M → N` raising degrees by `shift`, as matrices per degree:
/// `images[t][x]` is `f` of the `x`-th basis element of `M_t`, a vector of
/// `N_{t + shift}`.
#[derive(Clone, Debug)]
pub struct ModuleMap<A: ModuleAlgebra = MilnorAlgebra> {
    shift: i32,
    field: A::Field,
    images: BTreeMap<i32, Vec<FieldVector<A>>>,
}

impl<A: ModuleAlgebra> ModuleMap<A> {
    /// The map sending each basis element of `source` named in `images` (name → the
    /// basis elements of `target` with their coefficients, whose sum it maps to; a name
    /// listed twice adds; unnamed ones map to 0), checked to commute with every
    /// generator `g` of the algebra (`Sq^(2^k)` at p = 2; `β`, `P^(p^k)` at odd p) on
    /// every basis element of `source`: `f(g x) = g f(x)` (they generate `A`, so `f` is
    /// then A-linear; at odd p `f` has even degree or the sign rule of a graded map is
    /// not imposed: the check is `f(g x) = g f(x)` as written). Only the cells the two modules hold are seen (a module loaded
    /// truncated to a range is checked on that range).
    ///
    /// Errors ([`ModuleError::Field`], naming `file`): a name that is not a basis
    /// element of `source` (`images "y"`) or of `target`, an image in the wrong degree,
    /// a name listed twice, or `f` not commuting with some `Sq^(2^k)` (the field is the
    /// generator, the reason names the operation and both sides).
    pub fn new(
        file: &str,
        source: &FiniteModule<A>,
        target: &FiniteModule<A>,
        shift: i32,
        images: &[(String, Vec<(String, u32)>)],
    ) -> Result<Self, ModuleError> {
        let field_error = |field: String, reason: String| ModuleError::Field {
            file: file.to_string(),
            field,
            reason,
        };
        let mut map = ModuleMap {
            shift,
            field: source.prime(),
            images: BTreeMap::new(),
        };
        for t in source.min_degree()..=source.max_degree() {
            let zero = target.prime().zero_vector(target.dim(t + shift));
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
            let image: &mut FieldVector<A> =
                &mut map.images.get_mut(&t).expect("a degree of the source")[x];
            for (value, c) in values {
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
                image.add_basis_element(y, *c % target.prime().value());
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
    pub fn apply(&self, t: i32, v: &FieldVector<A>, n_dim: usize) -> FieldVector<A> {
        let mut out = self.field.zero_vector(n_dim);
        if let Some(images) = self.images.get(&t) {
            for (x, c) in v.nonzero_entries() {
                out.add_scaled_at(&images[x], c, 0);
            }
        }
        out
    }

    /// `Err((field, reason))` at the first basis element `x` and generator `g` with
    /// `f(g x) ≠ g f(x)`.
    fn check_linear(
        &self,
        source: &FiniteModule<A>,
        target: &FiniteModule<A>,
    ) -> Result<(), (String, String)> {
        let span = (source.max_degree() - source.min_degree())
            .max(target.max_degree() - target.min_degree());
        let span = u32::try_from(span).unwrap_or(0);
        let generators = A::whole(self.field, span).generators(span);
        let (in_source, in_target) = (
            source.algebra().generators(span),
            target.algebra().generators(span),
        );
        for (&t, images) in &self.images {
            for (x, fx) in images.iter().enumerate() {
                for (d, _, g) in &generators {
                    let u = t + *d as i32;
                    let mut g_x = self.field.zero_vector(source.dim(u));
                    act_generator(source, &in_source, *d, t, (x, 1), &mut g_x);
                    let left = self.apply(u, &g_x, target.dim(u + self.shift));
                    let mut right = self.field.zero_vector(target.dim(u + self.shift));
                    for (y, c) in fx.nonzero_entries() {
                        act_generator(target, &in_target, *d, t + self.shift, (y, c), &mut right);
                    }
                    if left != right {
                        let name = source.basis_name(t, x);
                        let reason = format!(
                            "the map does not commute with {g} on {name}: f({g} {name}) = {}, \
                             but {g} f({name}) = {}",
                            target.element_to_string(u + self.shift, &left),
                            target.element_to_string(u + self.shift, &right)
                        );
                        return Err((format!("images {name:?}"), reason));
                    }
                }
            }
        }
        Ok(())
    }
}

/// Adds `c·(g x)` into `out` for the generator `g` of degree `d` (`Sq^d`; `β`, `P^(p^k)`)
/// and `x` the `x`-th basis element of `M_t`; nothing when `g` is not among `m`'s
/// algebra's `generators` (beyond the module's span, or outside its sub-algebra: the
/// action is zero there).
fn act_generator<A: ModuleAlgebra>(
    m: &FiniteModule<A>,
    generators: &[(u32, usize, String)],
    d: u32,
    t: i32,
    (x, c): (usize, u32),
    out: &mut FieldVector<A>,
) {
    if let Some(&(_, index, _)) = generators.iter().find(|g| g.0 == d) {
        m.act_on_basis_at(d, index, t, x, c, out, 0);
    }
}
