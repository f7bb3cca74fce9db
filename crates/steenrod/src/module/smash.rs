//! The smash product of two modules: the tensor product `M ⊗ N` over F_p with the
//! diagonal action through the coproduct of `A`, `a(x ⊗ y) = Σ (−1)^{|a''||x|} a'x ⊗ a''y`
//! for `ψ(a) = Σ a' ⊗ a''` (the cohomology of `X ∧ Y` by the Künneth theorem; the Cartan
//! formula `Sq^n(x ⊗ y) = Σ_{i+j=n} Sq^i x ⊗ Sq^j y`, `P^n(x ⊗ y) = Σ P^i x ⊗ P^j y`,
//! `β(x ⊗ y) = βx ⊗ y + (−1)^{|x|} x ⊗ βy`: Steenrod–Epstein, "Cohomology operations",
//! ch. I, §1, axiom 5, and ch. VI, §1).

use std::collections::{BTreeMap, BTreeSet};

use fp::{Prime, Vector};

use super::derived::DerivedAction;
use super::{FieldVector, FiniteModule, ModuleAlgebra, ModuleError};

impl<A: ModuleAlgebra> FiniteModule<A> {
    /// The smash product `self ∧ other`, named `A_sm_B`, with the cells above
    /// `top_degree` dropped (as [`super::LoadOptions::top_degree`]). Basis: `x*y` in
    /// degree `|x| + |y|` (`x` of `self`, `y` of `other`, each in its file order), the
    /// algebra's generators (`Sq^(2^k)`; `β`, `P^(p^k)`) acting by the Cartan formula;
    /// then built and checked as a module file is (the Adem relations hold on a tensor
    /// product of modules).
    ///
    /// Errors ([`ModuleError`], naming `A_sm_B`): a factor over a sub-Hopf algebra, two
    /// products with the same name, a span over [`super::MAX_SPAN`] after the
    /// truncation, every cell above `top_degree`.
    pub fn smash(&self, other: &Self, top_degree: Option<i32>) -> Result<Self, ModuleError> {
        let name = format!("{}_sm_{}", self.name, other.name);
        // The product is built over A; a factor over a sub-Hopf algebra would be resolved
        // over A without its profile: refused, never dropped.
        if let Some(m) = [self, other].into_iter().find(|m| m.profile().is_some()) {
            return Err(ModuleError::field(
                &name,
                "profile",
                format!(
                    "{} is a module over a sub-Hopf algebra (a profile); smash products over \
                     one are not built yet",
                    m.name
                ),
            ));
        }
        let top = top_degree.map_or(i64::MAX, i64::from);
        self.check_product_size(other, top, &name)?;
        let (left, right) = (self.cells(), other.cells());
        let pair = |(t, x): (i32, usize), (u, y): (i32, usize)| {
            format!("{}*{}", self.basis_name(t, x), other.basis_name(u, y))
        };
        let mut gens = Vec::new();
        let mut seen = BTreeSet::new();
        for &a in &left {
            for &b in &right {
                let g = pair(a, b);
                if !seen.insert(g.clone()) {
                    return Err(ModuleError::field(
                        &name,
                        "gens",
                        format!("two basis elements of the product are named {g:?}"),
                    ));
                }
                gens.push((g, a.0 + b.0));
            }
        }
        let highest = top.min(i64::from(self.max_degree) + i64::from(other.max_degree));
        let bottom = i64::from(self.min_degree) + i64::from(other.min_degree);
        let span = u32::try_from(highest - bottom).unwrap_or(0);
        let field = self.prime();
        let p = field.value();
        let generators = A::whole(field, span).generators(span);
        let mut actions = Vec::new();
        for &a in &left {
            for &b in &right {
                let degree = i64::from(a.0) + i64::from(b.0);
                for &(n, _, _) in generators.iter() {
                    if degree + i64::from(n) > highest {
                        break;
                    }
                    // Σ over ψ(g) = Σ g' ⊗ g'' of (−1)^{|g''||x|} g'x ⊗ g''y.
                    let mut terms: BTreeMap<String, u32> = BTreeMap::new();
                    for ((d1, g1), (d2, g2)) in A::generator_coproduct(field, n) {
                        let sign = if (u64::from(d2) * a.0.unsigned_abs() as u64) % 2 == 1 {
                            p - 1
                        } else {
                            1
                        };
                        let xs = self.act_element(d1, &g1, a);
                        let ys = other.act_element(d2, &g2, b);
                        for (x, cx) in xs.nonzero_entries() {
                            for (y, cy) in ys.nonzero_entries() {
                                let g = pair((a.0 + d1 as i32, x), (b.0 + d2 as i32, y));
                                let c = terms.entry(g).or_insert(0);
                                *c = (*c + sign * cx % p * cy) % p;
                            }
                        }
                    }
                    let targets: Vec<(String, u32)> =
                        terms.into_iter().filter(|&(_, c)| c != 0).collect();
                    if !targets.is_empty() {
                        actions.push(DerivedAction {
                            degree: n,
                            source: pair(a, b),
                            targets,
                        });
                    }
                }
            }
        }
        A::build_derived(&name, field, gens, actions, top_degree)
    }

    /// Every basis element `(t, x)`, by degree and then in file order.
    fn cells(&self) -> Vec<(i32, usize)> {
        (self.min_degree..=self.max_degree)
            .flat_map(|t| (0..self.dim(t)).map(move |x| (t, x)))
            .collect()
    }

    /// Refuses a product whose action tables would be too large
    /// ([`super::shape::check_table_size`]) from the factors' cell counts alone, before a
    /// byte of it is built: `dim (M ∧ N)_n = Σ_{t+u=n} dim M_t · dim N_u` for `n ≤ top`.
    /// A product spanning more than [`super::MAX_SPAN`] degrees is left to the build,
    /// which refuses it naming its span.
    fn check_product_size(&self, other: &Self, top: i64, name: &str) -> Result<(), ModuleError> {
        let bottom = i64::from(self.min_degree) + i64::from(other.min_degree);
        let highest = (i64::from(self.max_degree) + i64::from(other.max_degree)).min(top);
        if highest < bottom || highest - bottom > i64::from(super::MAX_SPAN) {
            return Ok(());
        }
        let mut dims = vec![0u64; (highest - bottom) as usize + 1];
        for t in self.min_degree..=self.max_degree {
            for u in other.min_degree..=other.max_degree {
                let n = i64::from(t) + i64::from(u);
                if n <= highest {
                    let cells = (self.dim(t) as u64).saturating_mul(other.dim(u) as u64);
                    dims[(n - bottom) as usize] += cells;
                }
            }
        }
        let field = self.prime();
        let algebra = A::whole(field, (highest - bottom) as u32);
        let note = format!(
            " (from the factors' {} and {} cells, before building the product)",
            self.total_dim(),
            other.total_dim()
        );
        let per_limb = field.entries_per_limb() as u64;
        super::shape::check_table_dims(name, &dims, |d| algebra.dim(d), per_limb, &note)
    }

    /// `a·x` for the basis element `a` of degree `d` and the `x`-th basis element of
    /// `M_t`: a vector of `M_{t+d}` (empty beyond the module).
    pub(super) fn act_element(
        &self,
        d: u32,
        a: &A::Element,
        (t, x): (i32, usize),
    ) -> FieldVector<A> {
        let target = i64::from(t) + i64::from(d);
        let field = self.prime();
        if target > i64::from(self.max_degree) {
            return fp::Field::zero_vector(field, 0);
        }
        let mut out = fp::Field::zero_vector(field, self.dim(target as i32));
        let op = self.algebra.index_of(d, a);
        self.act_on_basis_at(d, op, t, x, 1, &mut out, 0);
        out
    }
}
