//! The Spanier–Whitehead dual `DM` of a finite module: `Sq^n` acts on the dual
//! basis through the conjugate `χ(Sq^n)`, here computed independently by the recursion
//! `Σ_{i=0}^{n} Sq^i χ(Sq^{n−i}) = 0` (n > 0) that defines the antipode (Milnor, "The
//! Steenrod algebra and its dual", Ann. of Math. 67 (1958), §7), and `D(DM) = M`.

use fp::FpVector;
use steenrod::module::FiniteModule;
use steenrod::{MilnorAlgebra, PPart};

/// `χ(Sq^n)` for `n = 0 … top`, vectors over the Milnor basis, by the recursion
/// `χ(Sq^n) = Σ_{i=1}^{n} Sq^i χ(Sq^{n−i})` (mod 2).
fn conjugates(algebra: &MilnorAlgebra, top: u32) -> Vec<FpVector> {
    let mut chi = vec![FpVector::from_ones(1, &[0])];
    for n in 1..=top {
        let mut sum = FpVector::new(algebra.dim(n));
        for i in 1..=n {
            let sq_i = FpVector::from_ones(
                algebra.dim(i),
                &[algebra.index_of(&PPart::from_slice(&[i]))],
            );
            sum.add(&algebra.multiply(i, &sq_i, n - i, &chi[(n - i) as usize]));
        }
        chi.push(sum);
    }
    chi
}

/// `Sq(R)` (or `Sq^n = Sq(n)`) on the `x`-th basis element of `M_t`.
fn act(m: &FiniteModule, r: &PPart, t: i32, x: usize) -> FpVector {
    let d = r.degree();
    let mut out = FpVector::new(m.dim(t + d as i32));
    m.act_on_basis(d, m.algebra().index_of(r), t, x, &mut out);
    out
}

fn modules() -> Vec<FiniteModule> {
    let rp = r#"{"p": 2, "type": "real projective space", "min": 1, "max": 9}"#;
    let joker = FiniteModule::from_bundled("Joker").unwrap();
    let c2_ceta = FiniteModule::from_bundled("C2")
        .unwrap()
        .smash(&FiniteModule::from_bundled("Ceta").unwrap(), None)
        .unwrap();
    vec![
        FiniteModule::from_json_str("RP_1_9.json", rp).unwrap(),
        joker,
        c2_ceta,
    ]
}

#[test]
fn milnors_closed_form_is_the_recursive_conjugate() {
    // χ(Sq^n) = Σ_{|R| = n} Sq(R) (Milnor 1958, §7, Corollary 6), which `dual` uses.
    let algebra = MilnorAlgebra::new(40);
    for (n, chi) in (0u32..).zip(conjugates(&algebra, 40)) {
        assert_eq!(chi.count_ones(), algebra.dim(n), "χ(Sq^{n})");
    }
}

#[test]
fn sq_n_acts_on_the_dual_basis_through_the_conjugate() {
    let mut checked = 0;
    for m in modules() {
        let d = m.dual(None).unwrap();
        assert_eq!(d.name(), format!("D{}", m.name()));
        assert_eq!(
            (d.min_degree(), d.max_degree()),
            (-m.max_degree(), -m.min_degree())
        );
        let span = (m.max_degree() - m.min_degree()) as u32;
        let chi = conjugates(m.algebra(), span);
        for t in m.min_degree()..=m.max_degree() {
            for x in 0..m.dim(t) {
                assert_eq!(d.basis_name(-t, x), format!("D{}", m.basis_name(t, x)));
                for n in 1..=(t - m.min_degree()) as u32 {
                    // Sq^n Dx = Σ_y Dx(χ(Sq^n) y) Dy over the basis y of M_{t−n}.
                    let u = t - n as i32;
                    let expected: Vec<bool> = (0..m.dim(u))
                        .map(|y| {
                            let mut out = FpVector::new(m.dim(t));
                            m.act(
                                n,
                                &chi[n as usize],
                                u,
                                &FpVector::from_ones(m.dim(u), &[y]),
                                &mut out,
                            );
                            out.get(x)
                        })
                        .collect();
                    let got = act(&d, &PPart::from_slice(&[n]), -t, x);
                    assert_eq!(
                        got,
                        FpVector::from_bools(&expected),
                        "{}: Sq^{n} D{}",
                        m.name(),
                        m.basis_name(t, x)
                    );
                    checked += 1;
                }
            }
        }
        // D(DM) = M: every Sq(R) acts alike, basis element by basis element.
        let dd = d.dual(None).unwrap();
        for t in m.min_degree()..=m.max_degree() {
            for x in 0..m.dim(t) {
                for k in 0..=(m.max_degree() - t) as u32 {
                    for r in m.algebra().basis(k) {
                        assert_eq!(act(&dd, r, t, x), act(&m, r, t, x), "D(D{}): {r}", m.name());
                    }
                }
            }
        }
    }
    assert!(checked > 40, "{checked}");
}

#[test]
fn the_dual_is_truncated_and_refuses_a_profile() {
    // DRP_1^9 has cells in −9 … −1; through degree −5 it keeps −9 … −5.
    let rp = r#"{"p": 2, "type": "real projective space", "min": 1, "max": 9}"#;
    let m = FiniteModule::from_json_str("RP_1_9.json", rp).unwrap();
    let d = m.dual(Some(-5)).unwrap();
    assert_eq!((d.min_degree(), d.max_degree()), (-9, -5));
    assert_eq!(d.dropped_generators(), 4);
    let ko = FiniteModule::from_bundled("ko").unwrap();
    let e = ko.dual(None).unwrap_err().to_string();
    assert!(
        e.starts_with("Dko: profile: ko is a module over a sub-Hopf algebra"),
        "{e}"
    );
}

mod at_p3 {
    //! At p = 3: `(a·f)(y) = (−1)^{|a||f|} f(χ(a)·y)` with `χ(β) = −β`, `χ(P^1) = −P^1`
    //! (`Σ a' χ(a'') = 0` on `ψ(P^1) = P^1 ⊗ 1 + 1 ⊗ P^1`; Milnor 1958, §7).

    use fp::ValidPrime;
    use fp::{FqVector, Prime};
    use steenrod::module::FiniteModule;
    use steenrod::{MilnorAlgebra, MilnorQP};

    type Odd = FiniteModule<MilnorAlgebra<ValidPrime>>;

    fn bundled(name: &str) -> Odd {
        Odd::from_bundled_module(name).unwrap()
    }

    fn act(m: &Odd, d: u32, op: &steenrod::MilnorQP, t: i32, x: usize) -> Vec<u32> {
        let j = m.algebra().index_of(d, op);
        let mut out = FqVector::zero(m.prime(), m.dim(t + d as i32));
        m.act_on_basis_at(d, j, t, x, 1, &mut out, 0);
        (0..out.len()).map(|i| out.entry(i)).collect()
    }

    #[test]
    fn the_dual_of_c3_is_c3_desuspended() {
        // β·Dx1 = (−1)^{1·1} Dx1(χ(β) x0) Dx0 = −Dx1(−x1) Dx0 = Dx0.
        let d = bundled("C3").dual(None).unwrap();
        assert_eq!((d.name(), d.min_degree(), d.max_degree()), ("DC3", -1, 0));
        assert_eq!((d.basis_name(-1, 0), d.basis_name(0, 0)), ("Dx1", "Dx0"));
        assert_eq!(act(&d, 1, &MilnorQP::beta(), -1, 0), vec![1]);
        assert_eq!(d.prime().value(), 3);
    }

    #[test]
    fn the_dual_of_calpha_and_its_double_dual() {
        // P^1·Dx4 = (−1)^{4·4} Dx4(χ(P^1) x0) Dx0 = −Dx0 = 2 Dx0.
        let m = bundled("Calpha");
        let d = m.dual(None).unwrap();
        let p1 = MilnorQP::p_power(1);
        assert_eq!(act(&d, 4, &p1, -4, 0), vec![2]);
        // D(DM) = M for a module with cells in even degrees only (no sign on the
        // evaluation map x ↦ (f ↦ (−1)^{|x||f|} f(x))).
        let dd = d.dual(None).unwrap();
        assert_eq!(act(&dd, 4, &p1, 0, 0), act(&m, 4, &p1, 0, 0));
        assert_eq!(act(&dd, 4, &p1, 0, 0), vec![1]);
    }
}
