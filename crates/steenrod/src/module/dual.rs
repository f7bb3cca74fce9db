//! The Spanier–Whitehead dual of a finite module: `DM = Hom_{F_2}(M, F_2)`, the
//! cohomology of the dual spectrum `DX` when `M = H^*(X)`. The dual basis element `x^*`
//! of `x ∈ M_t` lies in degree `−t`, and `a ∈ A` acts through the conjugation `χ`:
//! `(a·f)(y) = f(χ(a)·y)` (Spanier–Whitehead duality; e.g. Margolis, "Spectra and the
//! Steenrod algebra", 1983, ch. 11). `χ(Sq^n)` in the Milnor basis is the sum of every
//! `Sq(R)` of degree `n` (Milnor, "The Steenrod algebra and its dual", Ann. of Math. 67
//! (1958), §7, Corollary 6).

use super::kinds::{build_derived, power_action};
use super::{FiniteModule, ModuleError};

impl FiniteModule {
    /// The Spanier–Whitehead dual `DM`, named `D` + the module's name (`DCeta`), with the
    /// cells above `top_degree` dropped (as [`LoadOptions::top_degree`]). Basis: `Dx` in
    /// degree `−|x|` for each basis element `x` (file order within a degree, degrees
    /// negated); `Sq^(2^k) Dx = Σ_y c_y Dy` over the `y ∈ M_{|x|−2^k}` with
    /// `χ(Sq^(2^k))·y = c_y x + …`; then built and checked as a module file is (the Adem
    /// relations hold on a dual). `D(DM) = M` up to the names.
    ///
    /// Errors ([`ModuleError`], naming `DM`): a module over a sub-Hopf algebra (a
    /// profile; refused, never dropped), every cell above `top_degree`.
    pub fn dual(&self, top_degree: Option<i32>) -> Result<FiniteModule, ModuleError> {
        let name = format!("D{}", self.name);
        if self.profile().is_some() {
            return Err(ModuleError::field(
                &name,
                "profile",
                format!(
                    "{} is a module over a sub-Hopf algebra (a profile); its dual is not \
                     built yet",
                    self.name
                ),
            ));
        }
        let dual_name = |t: i32, x: usize| format!("D{}", self.basis_name(t, x));
        let mut gens = Vec::new();
        for t in (self.min_degree..=self.max_degree).rev() {
            gens.extend((0..self.dim(t)).map(|x| (dual_name(t, x), -t)));
        }
        let mut actions = Vec::new();
        for t in self.min_degree..=self.max_degree {
            for x in 0..self.dim(t) {
                let mut n = 1u32;
                while i64::from(t) - i64::from(n) >= i64::from(self.min_degree) {
                    let u = t - n as i32;
                    let targets: Vec<String> = (0..self.dim(u))
                        .filter(|&y| self.conjugate_sq_hits(n, u, y, x))
                        .map(|y| dual_name(u, y))
                        .collect();
                    if !targets.is_empty() {
                        actions.push(power_action(n, &dual_name(t, x), targets));
                    }
                    n *= 2;
                }
            }
        }
        build_derived(&name, gens, actions, top_degree)
    }

    /// Whether `χ(Sq^n)·y` (`y` the `y`-th basis element of `M_u`) has the `x`-th basis
    /// element of `M_{u+n}` in it: `χ(Sq^n) = Σ_{|R| = n} Sq(R)` (Milnor 1958, §7).
    fn conjugate_sq_hits(&self, n: u32, u: i32, y: usize, x: usize) -> bool {
        let mut out = fp::FpVector::new(self.dim(u + n as i32));
        for j in 0..self.algebra.dim(n) {
            self.act_on_basis(n, j, u, y, &mut out);
        }
        out.get(x)
    }
}
