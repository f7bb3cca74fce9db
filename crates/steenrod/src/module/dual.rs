//! The Spanier–Whitehead dual of a finite module: `DM = Hom_{F_p}(M, F_p)`, the
//! cohomology of the dual spectrum `DX` when `M = H^*(X)`. The dual basis element `x^*`
//! of `x ∈ M_t` lies in degree `−t`, and `a ∈ A` acts through the conjugation `χ`:
//! `(a·f)(y) = (−1)^{|a||f|} f(χ(a)·y)` (Spanier–Whitehead duality; e.g. Margolis,
//! "Spectra and the Steenrod algebra", 1983, ch. 11; the sign makes `DM` a left module,
//! as `χ(ab) = (−1)^{|a||b|} χ(b)χ(a)`). `χ(Sq^n)` in the Milnor basis is the sum of
//! every `Sq(R)` of degree `n` (Milnor, "The Steenrod algebra and its dual", Ann. of
//! Math. 67 (1958), §7, Corollary 6); at odd p, `χ(β) = −β` and
//! `χ(P^n) = −Σ_{i=1}^{n} P^i χ(P^{n−i})` (the antipode identity for
//! `ψ(P^n) = Σ P^i ⊗ P^{n−i}`, Milnor 1958, §7).

use fp::{Prime, Vector};

use super::derived::DerivedAction;
use super::{FiniteModule, ModuleAlgebra, ModuleError};

impl<A: ModuleAlgebra> FiniteModule<A> {
    /// The Spanier–Whitehead dual `DM`, named `D` + the module's name (`DCeta`), with the
    /// cells above `top_degree` dropped (as [`super::LoadOptions::top_degree`]). Basis:
    /// `Dx` in degree `−|x|` for each basis element `x` (file order within a degree,
    /// degrees negated); for each generator `g` of degree `n` (`Sq^(2^k)`; `β`,
    /// `P^(p^k)`), `g·Dx = Σ_y c_y Dy` over the `y ∈ M_{|x|−n}`, with
    /// `c_y = (−1)^{n|x|}` times the coefficient of `x` in `χ(g)·y`; then built and
    /// checked as a module file is (the Adem relations hold on a dual). `D(DM) = M` up to
    /// the names.
    ///
    /// Errors ([`ModuleError`], naming `DM`): a module over a sub-Hopf algebra (a
    /// profile; refused, never dropped), every cell above `top_degree`.
    pub fn dual(&self, top_degree: Option<i32>) -> Result<Self, ModuleError> {
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
        let span = (self.max_degree - self.min_degree) as u32;
        let generators = self.algebra.generators(span);
        let chi: Vec<_> = generators
            .iter()
            .map(|&(n, _, _)| self.algebra.conjugate_generator(n))
            .collect();
        let p = self.prime().value();
        let mut actions = Vec::new();
        for t in self.min_degree..=self.max_degree {
            for x in 0..self.dim(t) {
                for (&(n, _, _), chi) in generators.iter().zip(&chi) {
                    if i64::from(t) - i64::from(n) < i64::from(self.min_degree) {
                        break;
                    }
                    let u = t - n as i32;
                    let sign = if (u64::from(n) * u64::from(t.unsigned_abs())) % 2 == 1 {
                        p - 1
                    } else {
                        1
                    };
                    let targets: Vec<(String, u32)> = (0..self.dim(u))
                        .map(|y| (y, sign * self.conjugate_coefficient(n, chi, u, y, x) % p))
                        .filter(|&(_, c)| c != 0)
                        .map(|(y, c)| (dual_name(u, y), c))
                        .collect();
                    if !targets.is_empty() {
                        actions.push(DerivedAction {
                            degree: n,
                            source: dual_name(t, x),
                            targets,
                        });
                    }
                }
            }
        }
        A::build_derived(&name, self.prime(), gens, actions, top_degree)
    }

    /// The coefficient of the `x`-th basis element of `M_{u+n}` in `χ(g)·y` (`y` the
    /// `y`-th basis element of `M_u`, `chi` = `χ(g)` in the basis of `A_n`).
    fn conjugate_coefficient(
        &self,
        n: u32,
        chi: &super::FieldVector<A>,
        u: i32,
        y: usize,
        x: usize,
    ) -> u32 {
        let mut out = fp::Field::zero_vector(self.prime(), self.dim(u + n as i32));
        for (j, c) in chi.nonzero_entries() {
            self.act_on_basis_at(n, j, u, y, c, &mut out, 0);
        }
        out.entry(x)
    }
}
