//! Smash products of modules: the Cartan formula on `M ⊗ N`.

use fp::FpVector;
use steenrod::module::FiniteModule;
use steenrod::PPart;

fn bundled(name: &str) -> FiniteModule {
    FiniteModule::from_bundled(name).unwrap()
}

/// `Sq(R)` on the `x`-th basis element of `M_t`.
fn act(m: &FiniteModule, r: &PPart, t: i32, x: usize) -> FpVector {
    let d = r.degree();
    let mut out = FpVector::new(m.dim(t + d as i32));
    m.act_on_basis(d, m.algebra().index_of(r), t, x, &mut out);
    out
}

/// Every Milnor basis element acts alike on `a` and `b`, basis element by basis
/// element in the same order (names are compared when `names`).
fn assert_same_module(a: &FiniteModule, b: &FiniteModule, names: bool) {
    let (lo, hi) = (a.min_degree(), a.max_degree());
    assert_eq!((lo, hi), (b.min_degree(), b.max_degree()));
    for t in lo..=hi {
        assert_eq!(a.dim(t), b.dim(t), "dim in degree {t}");
        for x in 0..a.dim(t) {
            if names {
                assert_eq!(a.basis_name(t, x), b.basis_name(t, x));
            }
            for d in 0..=(hi - t) as u32 {
                for r in a.algebra().basis(d) {
                    assert_eq!(act(a, r, t, x), act(b, r, t, x), "{r} on degree {t}");
                }
            }
        }
    }
}

#[test]
fn c2_smash_ceta_is_the_fields_c2_sm_ceta() {
    // The field's C2_sm_Ceta.json, written out here (same generators and actions).
    let direct = r#"{"p": 2, "type": "finite dimensional module",
        "gens": {"x0*x0": 0, "x1*x0": 1, "x0*x2": 2, "x1*x2": 3},
        "actions": ["Sq1 x0*x0 = x1*x0", "Sq2 x0*x0 = x0*x2", "Sq2 x1*x0 = x1*x2", "Sq1 x0*x2 = x1*x2"]}"#;
    let direct = FiniteModule::from_json_str("C2_sm_Ceta.json", direct).unwrap();
    let product = bundled("C2").smash(&bundled("Ceta"), None).unwrap();
    assert_eq!(product.name(), "C2_sm_Ceta");
    assert_same_module(&product, &direct, true);
    // Sq3 (x0*x0) = Sq1 x0 * Sq2 x0 = x1*x2 (Cartan), also through the Milnor basis.
    assert!(act(&product, &PPart::from_slice(&[3]), 0, 0).get(0));
}

#[test]
fn the_sphere_is_a_unit_and_the_product_commutes_up_to_basis_order() {
    for name in ["C2", "Ceta", "Joker", "Csigma"] {
        let m = bundled(name);
        let s = FiniteModule::sphere();
        assert_same_module(&m.smash(&s, None).unwrap(), &m, false);
        assert_same_module(&s.smash(&m, None).unwrap(), &m, false);
    }
    // Joker ∧ C2 and C2 ∧ Joker have the same dimension in each degree.
    let (a, b) = (bundled("Joker"), bundled("C2"));
    let (ab, ba) = (a.smash(&b, None).unwrap(), b.smash(&a, None).unwrap());
    for t in ab.min_degree()..=ab.max_degree() {
        assert_eq!(ab.dim(t), ba.dim(t));
    }
    assert_eq!(ab.total_dim(), a.total_dim() * b.total_dim());
}

#[test]
fn a_top_degree_truncates_the_product() {
    let p = bundled("Joker").smash(&bundled("Ceta"), Some(4)).unwrap();
    assert_eq!(p.max_degree(), 4);
    let e = bundled("C2").smash(&bundled("Ceta"), Some(-1)).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("C2_sm_Ceta: gens: every generator lies above degree -1"),
        "{e}"
    );
}

mod at_p3 {
    //! At p = 3 the Cartan formula carries the Koszul sign of `β`:
    //! `β(x ⊗ y) = βx ⊗ y + (−1)^{|x|} x ⊗ βy`, `P^n(x ⊗ y) = Σ P^i x ⊗ P^{n−i} y`
    //! (Steenrod–Epstein, "Cohomology operations", ch. VI, §1).

    use fp::ValidPrime;
    use fp::{FqVector, Prime};
    use steenrod::module::FiniteModule;
    use steenrod::{MilnorAlgebra, MilnorQP};

    type Odd = FiniteModule<MilnorAlgebra<ValidPrime>>;

    fn bundled(name: &str) -> Odd {
        Odd::from_bundled_module(name).unwrap()
    }

    /// The `j`-th Milnor basis element of degree `d` on the `x`-th basis element of `M_t`,
    /// as its coefficients.
    fn act(m: &Odd, d: u32, j: usize, t: i32, x: usize) -> Vec<u32> {
        let mut out = FqVector::zero(m.prime(), m.dim(t + d as i32));
        m.act_on_basis_at(d, j, t, x, 1, &mut out, 0);
        (0..out.len()).map(|i| out.entry(i)).collect()
    }

    fn assert_same_module(a: &Odd, b: &Odd) {
        let (lo, hi) = (a.min_degree(), a.max_degree());
        assert_eq!((lo, hi), (b.min_degree(), b.max_degree()));
        for t in lo..=hi {
            assert_eq!(a.dim(t), b.dim(t), "dim in degree {t}");
            for x in 0..a.dim(t) {
                assert_eq!(a.basis_name(t, x), b.basis_name(t, x));
                for d in 0..=(hi - t) as u32 {
                    for (j, op) in a.algebra().basis(d).iter().enumerate() {
                        assert_eq!(act(a, d, j, t, x), act(b, d, j, t, x), "{op} on degree {t}");
                    }
                }
            }
        }
    }

    #[test]
    fn c3_smash_c3_by_the_cartan_formula_with_its_sign() {
        // By hand: β(x0*x0) = x1*x0 + x0*x1, β(x0*x1) = x1*x1, β(x1*x0) = −x1*x1.
        let direct = r#"{"p": 3, "type": "finite dimensional module",
            "gens": {"x0*x0": 0, "x0*x1": 1, "x1*x0": 1, "x1*x1": 2},
            "actions": ["b x0*x0 = x0*x1 + x1*x0", "b x0*x1 = x1*x1", "b x1*x0 = 2 x1*x1"]}"#;
        let direct = Odd::from_text("C3_sm_C3.json", direct).unwrap();
        let product = bundled("C3").smash(&bundled("C3"), None).unwrap();
        assert_eq!(product.name(), "C3_sm_C3");
        assert_same_module(&product, &direct);
    }

    #[test]
    fn calpha_smash_calpha_acts_by_p2_as_the_cartan_formula_says() {
        let product = bundled("Calpha").smash(&bundled("Calpha"), None).unwrap();
        let alg = product.algebra();
        // P^1(x0*x0) = x4*x0 + x0*x4 (basis order x0*x0 | x0*x4, x4*x0 | x4*x4).
        let p1 = alg.index_of(4, &MilnorQP::p_power(1));
        assert_eq!(act(&product, 4, p1, 0, 0), vec![1, 1]);
        // P^2 is no generator: P^2(x0*x0) = P^2 x0 * x0 + P^1 x0 * P^1 x0 + x0 * P^2 x0
        // = x4*x4, though the table derives it from P^1 P^1 = 2 P^2 (Adem, p = 3).
        let p2 = alg.index_of(8, &MilnorQP::p_power(2));
        assert_eq!(act(&product, 8, p2, 0, 0), vec![1]);
        assert_eq!(product.prime().value(), 3);
    }

    #[test]
    fn the_sphere_is_a_unit_at_p3() {
        let s = Odd::sphere_at(fp::ValidPrime::new(3).unwrap());
        for name in ["C3", "Calpha"] {
            let m = bundled(name);
            let ms = m.smash(&s, None).unwrap();
            for t in m.min_degree()..=m.max_degree() {
                assert_eq!(ms.dim(t), m.dim(t));
                for x in 0..m.dim(t) {
                    for d in 0..=(m.max_degree() - t) as u32 {
                        for j in 0..m.algebra().dim(d) {
                            assert_eq!(act(&ms, d, j, t, x), act(&m, d, j, t, x));
                        }
                    }
                }
            }
        }
    }
}
