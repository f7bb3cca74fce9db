//! Elements of `ker(B_0 → A)` in Nassau's Milnor-basis model, and products `σ(a)σ(b)`
//! landing there.

use std::collections::BTreeMap;

use fp::FpVector;
use steenrod::{MilnorAlgebra, PPart, MAX_PPART_LEN};

/// The degree of the correction generator `Y_{k,l}`: `2^k + 2^l − 1`.
pub fn y_degree(k: u32, l: u32) -> u32 {
    (1 << k) + (1 << l) - 1
}

/// A sum `Σ_T c_T σ(Sq(T)) + Σ_{k<l} Y_{k,l}·y_{k,l}` of internal degree `degree` in
/// `B_0`, accumulated from products `σ(Sq(R))σ(Sq(S))` ([`KernelElement::add_sigma_product`]):
/// `z4` holds the `c_T ∈ Z/4` over `basis(degree)`, `ys[(k, l)]` the `y_{k,l} ∈ A` over
/// `basis(degree − |Y_{k,l}|)`. Once the underlying element of `A` is zero (every `c_T`
/// even), it lies in `ker(B_0 → A)`, on which `A` acts by [`super::act`].
#[derive(Clone, Debug)]
pub struct KernelElement {
    degree: u32,
    z4: Vec<u8>,
    ys: BTreeMap<(u32, u32), FpVector>,
}

impl KernelElement {
    /// Zero in degree `degree` (the algebra must hold that degree).
    pub fn zero(algebra: &MilnorAlgebra, degree: u32) -> Self {
        Self {
            degree,
            z4: vec![0; algebra.dim(degree)],
            ys: BTreeMap::new(),
        }
    }

    /// The internal degree.
    pub fn degree(&self) -> u32 {
        self.degree
    }

    /// `true` when every `c_T` is even: the element lies over `0 ∈ A`.
    pub fn is_in_kernel(&self) -> bool {
        self.z4.iter().all(|c| c & 1 == 0)
    }

    /// The multiples of 2: `x` with `Σ c_T σ(Sq(T)) = 2σ(x)`, over `basis(degree)`.
    /// Panics unless [`KernelElement::is_in_kernel`].
    pub fn twos(&self) -> FpVector {
        assert!(self.is_in_kernel(), "twos(): the element is not over 0 ∈ A");
        let ones: Vec<usize> = (0..self.z4.len()).filter(|&i| self.z4[i] == 2).collect();
        FpVector::from_ones(self.z4.len(), &ones)
    }

    /// The nonzero `y_{k,l}`, keyed by `(k, l)`, `k < l`.
    pub fn ys(&self) -> impl Iterator<Item = ((u32, u32), &FpVector)> {
        self.ys
            .iter()
            .filter(|(_, v)| !v.is_zero())
            .map(|(&kl, v)| (kl, v))
    }

    /// Adds `σ(Sq(R))·σ(Sq(S))` (`|R| + |S| = degree`):
    ///
    /// ```text
    /// σ(Sq R)σ(Sq S) = Σ_T c_T σ(Sq T)
    ///     + Σ_{k ≥ 0, s_{k+1} ≥ 1} Σ_{n ≥ 1} Σ_{0 ≤ m < n}
    ///           Y_{m+k, n+k} · Sq(R − 2^k e_n − 2^k e_m)·Sq(S − e_{k+1})
    /// ```
    ///
    /// (`e_0 := 0`; terms with a negative entry are absent), the first sum Milnor's
    /// formula modulo 4 ([`super::integral_product`]). This is the product of lifts in Nassau's
    /// model of the secondary Steenrod algebra as described by Chua, arXiv:2105.07628
    /// (the Milnor basis of the secondary Steenrod algebra; after C. Nassau, "On the
    /// secondary Steenrod algebra", New York J. Math. 18 (2012)).
    pub fn add_sigma_product(&mut self, algebra: &MilnorAlgebra, r: &PPart, s: &PPart) {
        self.add_sigma_products(algebra, r, std::slice::from_ref(s));
    }

    /// Adds `σ(Sq R)·σ(Sq S)` for every `S` of `ss` (all of degree `degree − |R|`): the
    /// same sum as [`KernelElement::add_sigma_product`] on each, with the admissible
    /// matrices of each left factor `Sq(R − 2^k e_n − 2^k e_m)` of a `Y` term looked up
    /// once for all of `ss`.
    pub fn add_sigma_products(&mut self, algebra: &MilnorAlgebra, r: &PPart, ss: &[PPart]) {
        for s in ss {
            assert_eq!(
                r.degree() + s.degree(),
                self.degree,
                "add_sigma_product: degree"
            );
            algebra.add_integral_product(r, s, &mut self.z4);
        }
        for k in 0..MAX_PPART_LEN {
            if ss.iter().all(|s| s.0[k] == 0) {
                continue;
            }
            let step = 1u32 << k;
            for n in 1..=MAX_PPART_LEN {
                if r.0[n - 1] < step {
                    continue;
                }
                let mut r1 = *r;
                r1.0[n - 1] -= step;
                for m in 0..n {
                    let mut r2 = r1;
                    if m > 0 {
                        if r2.0[m - 1] < step {
                            continue;
                        }
                        r2.0[m - 1] -= step;
                    }
                    let (yk, yl) = ((m + k) as u32, (n + k) as u32);
                    let out_deg = self.degree - y_degree(yk, yl);
                    let y = self
                        .ys
                        .entry((yk, yl))
                        .or_insert_with(|| FpVector::new(algebra.dim(out_deg)));
                    let table = algebra.admissible_matrices(&r2);
                    for s in ss.iter().filter(|s| s.0[k] > 0) {
                        let mut s1 = *s;
                        s1.0[k] -= 1;
                        match table {
                            Some(table) => {
                                algebra.multiply_admissible_into(table, &s1, y.limbs_mut(), 0)
                            }
                            None => algebra.multiply_basis_into(&r2, &s1, y.limbs_mut(), 0),
                        }
                    }
                }
            }
        }
    }
}
