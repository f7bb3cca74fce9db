//! The Milnor basis: dimensions and indexing.

use steenrod::{MilnorAlgebra, PPart};

/// Coefficients of Π_{i≥1} 1/(1 − x^{2^i − 1}) up to x^n, by multiplying the
/// power series factor by factor (`Sq(R)` ↔ a partition of t into parts 2^i − 1,
/// Milnor 1958 §6).
fn series_dims(n: usize) -> Vec<u64> {
    let mut c = vec![0u64; n + 1];
    c[0] = 1;
    let mut part = 1usize;
    while part <= n {
        // Multiply by 1/(1 − x^part): c[d] += c[d − part], ascending d.
        for d in part..=n {
            c[d] += c[d - part];
        }
        part = 2 * part + 1;
    }
    c
}

#[test]
fn dim_99_is_1148() {
    // docs/design/system.md §1, the Milnor basis and its product: dim A_99 = 1148.
    let a = MilnorAlgebra::new(120);
    assert_eq!(a.dim(99), 1148);
}

#[test]
fn dims_match_generating_function() {
    let a = MilnorAlgebra::new(120);
    let c = series_dims(120);
    for t in 0..=120u32 {
        assert_eq!(a.dim(t) as u64, c[t as usize], "dim A_{t}");
    }
    assert_eq!(a.dim(121), 0);
    assert!(a.basis(121).is_empty());
}

#[test]
fn index_of_inverts_basis() {
    let a = MilnorAlgebra::new(120);
    for t in 0..=120u32 {
        for (i, p) in a.basis(t).iter().enumerate() {
            assert_eq!(p.degree(), t, "{p} listed in degree {t}");
            assert_eq!(a.index_of(p), i, "index_of({p}) in degree {t}");
        }
    }
}

#[test]
fn basis_order_is_reverse_lexicographic() {
    let a = MilnorAlgebra::new(60);
    for t in 0..=60u32 {
        let b = a.basis(t);
        assert_eq!(b[0], PPart::from_slice(&[t]), "Sq({t}) first");
        for w in b.windows(2) {
            let key = |p: &PPart| p.0.iter().rev().copied().collect::<Vec<u32>>();
            assert!(key(&w[0]) < key(&w[1]), "{} before {}", w[0], w[1]);
        }
    }
    let b3: Vec<String> = a.basis(3).iter().map(ToString::to_string).collect();
    assert_eq!(b3, ["Sq(3)", "Sq(0,1)"]);
}
