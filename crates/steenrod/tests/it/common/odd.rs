//! Helpers of the odd-primary module tests (`odd_modules.rs`, `odd_module_errors.rs`).

#![allow(dead_code)]

use fp::{FqVector, Prime, ValidPrime};
use steenrod::module::{AnyModule, FiniteModule, ModuleError};
use steenrod::{odd::MilnorQP, MilnorAlgebra};

pub fn p3() -> ValidPrime {
    ValidPrime::new(3).unwrap()
}

pub fn fd(p: i32, gens: &str, actions: &str) -> String {
    format!(
        r#"{{"p": {p}, "type": "finite dimensional module", "gens": {gens}, "actions": {actions}}}"#
    )
}

pub fn load(text: &str) -> FiniteModule<MilnorAlgebra<ValidPrime>> {
    match AnyModule::from_json_str("m.json", text) {
        Ok(AnyModule::Odd(m)) => m,
        Ok(AnyModule::Two(m)) => panic!("read at p = 2: {m:?}"),
        Err(e) => panic!("{e}"),
    }
}

pub fn error(name: &str, text: &str) -> ModuleError {
    match AnyModule::from_json_str(name, text) {
        Ok(m) => panic!("loaded {m:?}"),
        Err(e) => e,
    }
}

pub fn message(name: &str, text: &str) -> String {
    let e = error(name, text).to_string();
    assert!(!e.contains('\n'), "{e}");
    assert!(e.starts_with(&format!("{name}: ")), "{e}");
    e
}

pub fn p_power(n: u32) -> MilnorQP {
    MilnorQP::p_power(n)
}

/// `op·x` for `op` a Milnor basis element, `x` the x-th basis element of `M_t`.
pub fn act(
    m: &FiniteModule<MilnorAlgebra<ValidPrime>>,
    op: &MilnorQP,
    t: i32,
    x: usize,
) -> Vec<u32> {
    let p = m.prime().value();
    let d = op.degree(p);
    let mut out = FqVector::zero(m.prime(), m.dim(t + d as i32));
    if d <= m.algebra().max_degree() {
        let j = m.algebra().index_of(d, op);
        m.act_on_basis_at(d, j, t, x, 1, &mut out, 0);
    }
    out.entries()
}

/// `(a·b)·x = a·(b·x)` for every pair of Milnor basis elements and basis element
/// `x` (the product from the algebra, independently of the module's tables): the
/// tables are an action of A_p.
pub fn assert_representation(m: &FiniteModule<MilnorAlgebra<ValidPrime>>) {
    let alg = m.algebra();
    let p = m.prime();
    for t in m.min_degree()..=m.max_degree() {
        for x in 0..m.dim(t) {
            for db in 0..=alg.max_degree() {
                for (jb, b) in alg.basis(db).iter().enumerate() {
                    let mut bx = FqVector::zero(p, m.dim(t + db as i32));
                    m.act_on_basis_at(db, jb, t, x, 1, &mut bx, 0);
                    for da in 0..=alg.max_degree() - db {
                        let top = t + (da + db) as i32;
                        for a in alg.basis(da) {
                            let ja = alg.index_of(da, a);
                            let mut lhs = FqVector::zero(p, m.dim(top));
                            for (y, c) in bx.iter_nonzero() {
                                m.act_on_basis_at(da, ja, t + db as i32, y, c, &mut lhs, 0);
                            }
                            let mut rhs = FqVector::zero(p, m.dim(top));
                            alg.multiply_basis(a, b, |k, c| {
                                m.act_on_basis_at(da + db, k, t, x, c, &mut rhs, 0)
                            });
                            assert_eq!(
                                lhs,
                                rhs,
                                "{}: ({a})({b}) on {}",
                                m.name(),
                                m.basis_name(t, x)
                            );
                        }
                    }
                }
            }
        }
    }
}
