//! A check of a finished resolution by free unstable modules, independent of how its
//! generators were chosen: exactness by ranks in each degree, and minimality.

use fp::{Field, MatrixOf};
use steenrod::module::ModuleAlgebra;

use super::excess::UnstableAlgebra;
use super::field::UnstableField;
use super::resolution::UnstableResolution;
use crate::Bidegree;

/// What [`certify`] checked: the bidegrees `(s, t)` at which `C_{s+1} → C_s → C_{s−1}`
/// (`→ M` at `s = 0`) is exact, and the differentials found minimal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// The bidegrees checked exact.
    pub exact: usize,
    /// The generators whose differentials were checked minimal.
    pub minimal: usize,
}

/// Checks, from the stored differentials alone, that `res` is a minimal resolution by
/// free unstable modules through its range: at every `(s, t)` with `s < max_s` and stem
/// `t − s ≤ max_stem`, `dim (C_s)_t = rank d_s + rank d_{s+1}` in degree `t` (exactness at
/// `C_s`, the ranks of matrices rebuilt from the differentials: every generator of degree
/// `≤ t`), `rank d_0 = dim M_t` (onto `M`), and no differential has a term `Sq(0)·h`
/// (minimality: `d(C_s) ⊆ Ā·C_{s−1}`). `F(k)` is projective in `U` (it represents `M ↦
/// M_k`), so these make `C` a minimal projective resolution, whose generators count
/// `Ext_U` (the argument of the stable certificate, with `F(k)` for `A`).
///
/// Errors: the first bidegree or generator that fails, named.
pub fn certify<A>(res: &UnstableResolution<A>) -> Result<Certificate, String>
where
    A: ModuleAlgebra + UnstableAlgebra,
    A::Field: UnstableField,
{
    let (max_stem, max_s) = res.range();
    let bottom = res.module().min_degree();
    let mut minimal = 0;
    for s in 1..=max_s {
        for (k, g) in res.generators(s).iter().enumerate() {
            let below = res.generators(s - 1);
            if let Some(term) =
                g.d.iter()
                    .find(|x| below[x.gen as usize].degree >= g.degree)
            {
                let at = Bidegree::s_t(s, g.degree);
                return Err(format!(
                    "not minimal at {at}: generator {k} of C_{s} has the term {}·h{} of degree {}",
                    term.op, term.gen, below[term.gen as usize].degree
                ));
            }
            minimal += 1;
        }
    }
    let mut exact = 0;
    for s in 0..max_s {
        for t in bottom + s as i32..=max_stem + s as i32 {
            let dim = *res
                .offsets_through(s, t)
                .last()
                .expect("one entry at least");
            let (out, into) = (rank_of(res, s, t), rank_of(res, s + 1, t));
            let onto = s == 0 && out != res.module().dim(t);
            if onto || dim != out + into {
                let at = Bidegree::s_t(s, t);
                return Err(format!(
                    "not exact at {at}: dim C_{s} = {dim}, rank d_{s} = {out}, rank d_{} = {into}{}",
                    s + 1,
                    if onto { ", d_0 not onto M" } else { "" }
                ));
            }
            exact += 1;
        }
    }
    Ok(Certificate { exact, minimal })
}

/// The rank of `d_s` on `(C_s)_t`, every generator of degree `≤ t` (those of degree `t` by
/// their differentials).
fn rank_of<A>(res: &UnstableResolution<A>, s: u32, t: i32) -> usize
where
    A: ModuleAlgebra + UnstableAlgebra,
    A::Field: UnstableField,
{
    let below = s.checked_sub(1);
    let layout = below.map_or_else(Vec::new, |b| res.offsets(b, t));
    let (cols, mut rows) = res.old_rows(s, t);
    for g in res.in_degree(s, t) {
        rows.push(res.vector_of(below, t, &layout, &res.generators(s)[g].d));
    }
    let mut m = res.algebra().field().matrix_from_rows(cols, rows);
    m.row_reduce().len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::unstable::sphere_module;

    /// The resolution of `S^5` through stem 30 passes; with one term of one differential
    /// dropped it is no longer exact and fails at the bidegree; a term `Sq(0)·h` added is not
    /// minimal.
    #[test]
    fn a_damaged_resolution_fails() {
        let res = UnstableResolution::resolve(sphere_module(5), 30, 8);
        let c = certify(&res).expect("a minimal resolution");
        assert!(c.exact > 100 && c.minimal > 40, "{c:?}");
        let mut broken = UnstableResolution::resolve(sphere_module(5), 30, 8);
        let g = broken.rows_mut()[3]
            .iter_mut()
            .find(|g| g.d.len() > 1)
            .expect("a long d");
        g.d.pop();
        let why = certify(&broken).expect_err("a term dropped");
        assert!(why.starts_with("not exact at"), "{why}");
        let mut unminimal = UnstableResolution::resolve(sphere_module(5), 30, 8);
        let unit = unminimal.algebra().basis(0)[0];
        let rows = unminimal.rows_mut();
        let (h, degree) = rows[1]
            .iter()
            .enumerate()
            .find_map(|(h, gh)| {
                let twin = rows[2].iter().any(|g| g.degree == gh.degree);
                twin.then_some((h as u32, gh.degree))
            })
            .expect("generators of C_1 and C_2 in one degree");
        let g = rows[2]
            .iter_mut()
            .find(|g| g.degree == degree)
            .expect("found above");
        g.d.push(super::super::Term {
            gen: h,
            op: unit,
            coefficient: 1,
        });
        let why = certify(&unminimal).expect_err("a term Sq(0)·h");
        assert!(why.starts_with("not minimal at"), "{why}");
    }
}
