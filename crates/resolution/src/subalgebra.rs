//! Milnor sub-Hopf algebras given by a profile, and signatures (Nassau, arXiv:1910.04063, §2).
//!
//! The profile `(p_1, …, p_k)` names the sub-Hopf algebra `B ⊆ A` spanned by the `Sq(R)`
//! with `r_i < 2^{p_i}` (and `r_i = 0` for `i > k`); every profile of
//! [`MilnorSubalgebra::sequence`] satisfies the Adams–Margolis condition for a sub-Hopf
//! algebra (`A(n)` has profile `(n+1, n, …, 1)`). The **signature** of `Sq(R)` is the residue
//! vector `(r_i mod 2^{p_i})_i`. Elements of the free module `A ⊗ V` split by signature,
//! and Nassau's step finds new generators from the zero-signature part alone.

use steenrod::{PPart, MAX_PPART_LEN};

use crate::Bidegree;

/// A Milnor sub-Hopf algebra `B`, by its profile (entries at most 8).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MilnorSubalgebra {
    profile: Vec<u8>,
}

/// A signature `(σ_1, …, σ_k)`, `0 ≤ σ_i < 2^{p_i}`, packed one byte per entry
/// (entry `i` in bits `8i..8i+8`).
pub type Signature = u64;

impl MilnorSubalgebra {
    /// The trivial algebra `F_2` (empty profile): one signature, and Nassau's step is the
    /// classical one.
    pub fn trivial() -> Self {
        Self {
            profile: Vec::new(),
        }
    }

    /// The sub-Hopf algebra with this profile. Panics if an entry exceeds 8 or the profile is
    /// longer than [`MAX_PPART_LEN`].
    pub fn new(profile: Vec<u8>) -> Self {
        assert!(profile.len() <= MAX_PPART_LEN && profile.iter().all(|&p| p <= 8));
        Self { profile }
    }

    /// The profile.
    pub fn profile(&self) -> &[u8] {
        &self.profile
    }

    /// The degree of the top class of `B`: `Σ_i (2^{p_i} − 1)(2^i − 1)`.
    pub fn top_degree(&self) -> i32 {
        self.profile
            .iter()
            .enumerate()
            .map(|(i, &p)| ((1i32 << p) - 1) * ((1i32 << (i + 1)) - 1))
            .sum()
    }

    /// The increasing sequence `F_2, A(0), B(1,1), A(1), B(2,1,1), B(2,2,1), A(2), …` of
    /// sub-Hopf algebras Nassau's algorithm chooses from: from `A(n)` append a 1; otherwise
    /// raise the last entry (counting from the end, position `j` from 0) that equals `j`.
    pub fn sequence() -> impl Iterator<Item = MilnorSubalgebra> {
        let mut current: Vec<u8> = Vec::new();
        std::iter::from_fn(move || {
            let is_a_n = current.is_empty() || current[0] as usize == current.len();
            if is_a_n {
                if current.len() == MAX_PPART_LEN {
                    return None;
                }
                current.push(1);
            } else {
                let n = current.len();
                let j = (0..n).find(|&j| current[n - 1 - j] as usize == j)?;
                current[n - 1 - j] += 1;
            }
            Some(MilnorSubalgebra {
                profile: current.clone(),
            })
        })
    }

    /// The largest algebra of [`Self::sequence`] whose vanishing range contains the step's
    /// bidegree `at = (s, t)` of a module whose top cell is in degree `top_cell`: with
    /// `t' = t − top_cell`, `t' ≥ (2^k − 1)(s + 1) + top_degree` (`k` the profile length).
    /// Below every vanishing range this is [`Self::trivial`].
    pub fn optimal_for(at: Bidegree, top_cell: i32) -> Self {
        let (s, t) = (at.s(), at.t() - top_cell);
        let mut best = Self::trivial();
        for b in Self::sequence() {
            let coeff = (1i32 << b.profile.len()) - 1;
            if t >= coeff * (s as i32 + 1) + b.top_degree() {
                best = b;
            } else {
                break;
            }
        }
        best
    }

    /// The mask selecting, in a packed residue (see [`Self::packed_residue`]), the bits the
    /// signature depends on.
    pub fn signature_mask(&self) -> u64 {
        self.profile
            .iter()
            .enumerate()
            .map(|(i, &p)| (((1u64 << p) - 1) & 0xff) << (8 * i))
            .fold(0, |a, b| a | b)
    }

    /// The low byte of each exponent of `R`, packed one byte per entry; `R` has signature
    /// `σ` iff `packed_residue(R) & signature_mask() == σ`.
    pub fn packed_residue(r: &PPart) -> u64 {
        r.0.iter()
            .enumerate()
            .map(|(i, &x)| ((x & 0xff) as u64) << (8 * i))
            .fold(0, |a, b| a | b)
    }

    /// The signature of `Sq(R)`.
    pub fn signature(&self, r: &PPart) -> Signature {
        Self::packed_residue(r) & self.signature_mask()
    }

    /// Degree of the smallest element of a signature: `Σ σ_i (2^i − 1)`.
    pub fn signature_degree(sig: Signature) -> i32 {
        (0..MAX_PPART_LEN)
            .map(|i| (((sig >> (8 * i)) & 0xff) as i32) * ((1i32 << (i + 1)) - 1))
            .sum()
    }

    /// Every nonzero signature of degree `≤ max_degree`, in the order of Nassau's Lemma 2.4
    /// used for the lift: reverse lexicographic in `(σ_k, …, σ_1)` ascending (an odometer
    /// with `σ_1` turning fastest).
    pub fn nonzero_signatures(&self, max_degree: i32) -> Vec<Signature> {
        let k = self.profile.len();
        let mut out = Vec::new();
        let mut cur = vec![0u32; k];
        let mut degree = 0i32;
        'odometer: loop {
            let mut i = 0;
            loop {
                if i == k {
                    break 'odometer;
                }
                let w = (1i32 << (i + 1)) - 1;
                cur[i] += 1;
                degree += w;
                if degree > max_degree || cur[i] == 1 << self.profile[i] {
                    degree -= w * cur[i] as i32;
                    cur[i] = 0;
                    i += 1;
                } else {
                    break;
                }
            }
            out.push(
                cur.iter()
                    .enumerate()
                    .map(|(i, &x)| (x as u64) << (8 * i))
                    .fold(0, |a, b| a | b),
            );
        }
        out
    }

    /// A short name: `F_2`, `A(n)`, or `B(p_1,…,p_k)`.
    pub fn name(&self) -> String {
        if self.profile.is_empty() {
            "F_2".into()
        } else if self.profile[0] as usize == self.profile.len() {
            format!("A({})", self.profile.len() - 1)
        } else {
            let p: Vec<String> = self.profile.iter().map(|x| x.to_string()).collect();
            format!("B({})", p.join(","))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequence_passes_through_a_n() {
        let names: Vec<String> = MilnorSubalgebra::sequence()
            .take(10)
            .map(|b| b.name())
            .collect();
        assert_eq!(
            names,
            [
                "A(0)",
                "B(1,1)",
                "A(1)",
                "B(2,1,1)",
                "B(2,2,1)",
                "A(2)",
                "B(3,2,1,1)",
                "B(3,2,2,1)",
                "B(3,3,2,1)",
                "A(3)"
            ]
        );
    }

    #[test]
    fn top_degree_of_a_n_is_known() {
        // dim A(n) = 2^{(n+1)(n+2)/2}; the top class of A(1) is Sq(3,1) in degree 6, of A(2)
        // Sq(7,3,1) in degree 23.
        assert_eq!(MilnorSubalgebra::new(vec![2, 1]).top_degree(), 6);
        assert_eq!(MilnorSubalgebra::new(vec![3, 2, 1]).top_degree(), 23);
    }

    #[test]
    fn signatures_are_all_residues_once() {
        let b = MilnorSubalgebra::new(vec![2, 1]);
        let sigs = b.nonzero_signatures(1000);
        assert_eq!(sigs.len(), 4 * 2 - 1);
        let mut sorted = sigs.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), sigs.len());
        // Degree bound: only σ with Σ σ_i (2^i − 1) ≤ 2.
        let low = b.nonzero_signatures(2);
        assert!(low
            .iter()
            .all(|&s| MilnorSubalgebra::signature_degree(s) <= 2));
        assert_eq!(low.len(), 2); // (1,0) and (2,0)
    }
}
