//! The free unstable modules `F(k)` in the Milnor basis.

use steenrod::{MilnorAlgebra, PPart};

/// The excess of the Milnor basis element `Sq(R)`: `Σ r_i` (Kraines, "On excess in the
/// Milnor basis", 1971). `Sq(R) ι_k` is zero in `F(k)` exactly when it exceeds `k`.
pub fn excess(r: &PPart) -> u32 {
    r.as_slice().iter().sum()
}

/// The basis of `F(k)` in degree `k + d`: the `Sq(R)` of degree `d` and excess `≤ k`, in the
/// algebra's basis order. Empty for `d` above the algebra's range.
pub fn free_basis(algebra: &MilnorAlgebra, k: u32, d: u32) -> Vec<PPart> {
    if d > algebra.max_degree() {
        return Vec::new();
    }
    algebra
        .basis(d)
        .iter()
        .filter(|r| excess(r) <= k)
        .copied()
        .collect()
}
