//! The smash product of two modules: the tensor product `M ⊗ N` over F_2 with
//! the diagonal action given by the Cartan formula
//! `Sq^n(x ⊗ y) = Σ_{i+j=n} Sq^i x ⊗ Sq^j y` (the cohomology of `X ∧ Y` by the
//! Künneth theorem; Steenrod–Epstein, "Cohomology operations", ch. I, §1, axiom 5).

use std::collections::BTreeSet;

use fp::FpVector;

use super::kinds::{build_derived, power_action};
use super::{FiniteModule, ModuleError};
use crate::PPart;

impl FiniteModule {
    /// The smash product `self ∧ other`, named `A_sm_B`, with the cells above
    /// `top_degree` dropped (as [`LoadOptions::top_degree`]). Basis: `x*y` in
    /// degree `|x| + |y|` (`x` of `self`, `y` of `other`, each in its file order),
    /// the `Sq^(2^k)` by the Cartan formula; then built and checked as a module
    /// file is (the Adem relations hold on a tensor product of modules).
    ///
    /// Errors ([`ModuleError`], naming `A_sm_B`): two products with the same
    /// name, a span over [`super::MAX_SPAN`] after the truncation, every cell
    /// above `top_degree`.
    pub fn smash(
        &self,
        other: &FiniteModule,
        top_degree: Option<i32>,
    ) -> Result<FiniteModule, ModuleError> {
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
        let cells = |m: &FiniteModule| -> Vec<(i32, usize)> {
            (m.min_degree..=m.max_degree)
                .flat_map(|t| (0..m.dim(t)).map(move |x| (t, x)))
                .collect()
        };
        let (left, right) = (cells(self), cells(other));
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
        let mut actions = Vec::new();
        for &a in &left {
            for &b in &right {
                let degree = i64::from(a.0) + i64::from(b.0);
                let mut n = 1u32;
                while degree + i64::from(n)
                    <= top.min(i64::from(self.max_degree + other.max_degree))
                {
                    let mut terms = BTreeSet::new();
                    for i in 0..=n {
                        let xs = self.sq_basis(i, a);
                        let ys = other.sq_basis(n - i, b);
                        for x in xs.iter_ones() {
                            for y in ys.iter_ones() {
                                let g = pair((a.0 + i as i32, x), (b.0 + (n - i) as i32, y));
                                if !terms.remove(&g) {
                                    terms.insert(g);
                                }
                            }
                        }
                    }
                    if !terms.is_empty() {
                        actions.push(power_action(n, &pair(a, b), terms.into_iter().collect()));
                    }
                    n *= 2;
                }
            }
        }
        build_derived(&name, gens, actions, top_degree)
    }

    /// Refuses a product whose action tables would be too large
    /// ([`super::shape::check_table_size`]) from the factors' cell counts alone, before a
    /// byte of it is built: `dim (M ∧ N)_n = Σ_{t+u=n} dim M_t · dim N_u` for `n ≤ top`.
    /// A product spanning more than [`super::MAX_SPAN`] degrees is left to the build,
    /// which refuses it naming its span.
    fn check_product_size(
        &self,
        other: &FiniteModule,
        top: i64,
        name: &str,
    ) -> Result<(), ModuleError> {
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
        let algebra = crate::MilnorAlgebra::new((highest - bottom) as u32);
        let note = format!(
            " (from the factors' {} and {} cells, before building the product)",
            self.total_dim(),
            other.total_dim()
        );
        super::shape::check_table_dims(name, &dims, |d| algebra.dim(d), 64, &note)
    }

    /// `Sq^i` of the `x`-th basis element of `M_t` (empty beyond the module).
    fn sq_basis(&self, i: u32, (t, x): (i32, usize)) -> FpVector {
        let target = i64::from(t) + i64::from(i);
        if target > i64::from(self.max_degree) {
            return FpVector::new(0);
        }
        let mut out = FpVector::new(self.dim(target as i32));
        let op = self.algebra.index_of(&PPart::from_slice(&[i]));
        self.act_on_basis(i, op, t, x, &mut out);
        out
    }
}
