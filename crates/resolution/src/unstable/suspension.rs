//! The suspension `σ: Ext_U^{s,t}(M) → Ext_U^{s,t+1}(ΣM)` of unstable Ext, from a chain
//! map between the two minimal resolutions.

use std::collections::BTreeMap;

use fp::{Field, Prime};
use steenrod::module::ModuleAlgebra;

use super::excess::UnstableAlgebra;
use super::field::UnstableField;
use super::resolution::{Term, UnstableResolution};
use crate::Bidegree;

/// A matrix over F_p with its shape: row `i` the image of the `i`-th source class in the
/// target's basis (entries in `0..p`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    /// The dimension of the target.
    pub cols: usize,
    /// One row per class of the source.
    pub rows: Vec<Vec<u32>>,
}

/// The matrices of `σ^k: E2(M) → E2(Σ^k M)` by the source's bidegree `(s, t)`, into
/// `Ext_U^{s,t+k}(Σ^k M)`, for every bidegree inside both ranges where the source or the
/// target has a class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suspension {
    /// The prime.
    pub p: u32,
    /// `k`: how far `t` rises.
    pub degrees: i32,
    /// `σ` out of each bidegree of the source.
    pub maps: BTreeMap<Bidegree, Map>,
}

impl Suspension {
    /// The composite `other ∘ self` (`self` from `M` to `Σ^k M`, `other` from `Σ^k M` to
    /// `Σ^{k+l} M`), on the bidegrees both know.
    pub fn then(&self, other: &Suspension) -> Suspension {
        let p = self.p;
        let mut maps = BTreeMap::new();
        // No entry: that bidegree has no class on either side of the map.
        let empty = Map {
            cols: 0,
            rows: Vec::new(),
        };
        let sources = self.maps.keys().copied();
        let targets = other.maps.keys().map(|m| m.shift_t(-self.degrees));
        let all: std::collections::BTreeSet<Bidegree> = sources.chain(targets).collect();
        for b in all {
            let a = self.maps.get(&b).unwrap_or(&empty);
            let c = other.maps.get(&b.shift_t(self.degrees)).unwrap_or(&empty);
            if a.rows.is_empty() && c.cols == 0 {
                continue;
            }
            let rows = a
                .rows
                .iter()
                .map(|row| {
                    (0..c.cols)
                        .map(|j| {
                            let terms = row.iter().zip(&c.rows).map(|(x, r)| x * r[j] % p);
                            terms.sum::<u32>() % p
                        })
                        .collect()
                })
                .collect();
            maps.insert(b, Map { cols: c.cols, rows });
        }
        let degrees = self.degrees + other.degrees;
        Suspension { p, degrees, maps }
    }

    /// The rank of `σ` out of `b`: 0 where the source or the target has no class.
    pub fn rank(&self, b: Bidegree) -> usize {
        let Some(m) = self
            .maps
            .get(&b)
            .filter(|m| !m.rows.is_empty() && m.cols > 0)
        else {
            return 0;
        };
        let field = fp::ValidPrime::new(self.p).expect("a prime");
        let rows = m
            .rows
            .iter()
            .map(|row| {
                let mut v = field.zero_vector(row.len());
                for (j, &x) in row.iter().enumerate() {
                    v.add_basis_element(j, x);
                }
                v
            })
            .collect();
        let mut matrix = field.matrix_from_rows(m.cols, rows);
        matrix.row_reduce().len()
    }
}

/// `σ` from the resolution `from` of `M` to the resolution `to` of `ΣM`, through the
/// bidegrees `(s, t)` of `from` with `(s, t + 1)` in `to`'s range.
///
/// The loop functor `Ω` is left adjoint to `Σ` on unstable modules (Schwartz §1.7), and `Σ`
/// is exact, so `ΣP_•` is an exact complex over `ΣM` and the free resolution `Q_•` of `ΣM`
/// maps to it over the identity; as `ΣF(k)` is `F(k)` with degrees raised by one, that
/// map is an `A`-linear `f_s: Q_s → P_s` lowering degrees by one, with `d f_s = f_{s−1} d`.
/// It is built generator by generator (`f_s(q)` a preimage under `d_s` of `f_{s−1}(d q)`),
/// and `σ(g*)` is the coefficient of `g` in `f_s(q)` on each generator `q` of degree
/// `|g| + 1`.
///
/// Errors: `to`'s module is not `from`'s raised one degree (checked on the degrees and
/// dimensions), or a preimage does not exist (it always does when both are resolutions).
pub fn suspension<A>(
    from: &UnstableResolution<A>,
    to: &UnstableResolution<A>,
) -> Result<Suspension, String>
where
    A: ModuleAlgebra + UnstableAlgebra,
    A::Field: UnstableField,
{
    let (m, sm) = (from.module(), to.module());
    let shifted = sm.min_degree() == m.min_degree() + 1
        && (m.min_degree()..=m.max_degree()).all(|t| sm.dim(t + 1) == m.dim(t));
    if !shifted {
        return Err(format!(
            "{} is not {} raised one degree",
            sm.name(),
            m.name()
        ));
    }
    let ((stem_p, s_p), (stem_q, s_q)) = (from.range(), to.range());
    let (max_s, max_stem) = (s_p.min(s_q), stem_q.min(stem_p + 1));
    let mut f: Vec<Vec<Vec<Term<A>>>> = Vec::new();
    let mut maps = BTreeMap::new();
    for s in 0..=max_s {
        let row = to.generators(s);
        let mut fs = Vec::with_capacity(row.len());
        let bottom = sm.min_degree() + s as i32;
        for t in bottom..=max_stem + s as i32 {
            let images = match to.in_degree(s, t).is_empty() {
                true => Vec::new(),
                false => lift_degree(from, to, s, t, &f)?,
            };
            let new = from.in_degree(s, t - 1);
            if new.is_empty() && images.is_empty() {
                continue;
            }
            let coefficient = |y: &[Term<A>], g: usize| {
                y.iter()
                    .find(|x| x.gen as usize == g)
                    .map_or(0, |x| x.coefficient)
            };
            let rows = new
                .map(|g| images.iter().map(|y| coefficient(y, g)).collect())
                .collect();
            let cols = images.len();
            maps.insert(Bidegree::s_t(s, t - 1), Map { cols, rows });
            fs.extend(images);
        }
        f.push(fs);
    }
    let p = Prime::value(m.prime());
    Ok(Suspension {
        p,
        degrees: 1,
        maps,
    })
}

/// `f_s(q)` for the generators `q` of `Q_s` in degree `t`: preimages under `d_s` on
/// `(P_s)_{t−1}` (the generators of degree `< t − 1` and the new ones of degree `t − 1`)
/// of `f_{s−1}(d q)` (of `d q ∈ (ΣM)_t = M_{t−1}` at `s = 0`).
fn lift_degree<A>(
    from: &UnstableResolution<A>,
    to: &UnstableResolution<A>,
    s: u32,
    t: i32,
    f: &[Vec<Vec<Term<A>>>],
) -> Result<Vec<Vec<Term<A>>>, String>
where
    A: ModuleAlgebra + UnstableAlgebra,
    A::Field: UnstableField,
{
    let u = t - 1;
    let field = from.algebra().field();
    let below = s.checked_sub(1);
    let layout = below.map_or_else(Vec::new, |b| from.offsets(b, u));
    let (cols, mut rows) = from.old_rows(s, u);
    for g in from.in_degree(s, u) {
        let d = &from.generators(s)[g].d;
        rows.push(from.vector_of(below, u, &layout, d));
    }
    let qi = A::Field::quasi_inverse(&field.matrix_from_rows(cols, rows));
    let through = from.offsets_through(s, u);
    let mut images = Vec::new();
    for q in to.in_degree(s, t) {
        let dq = &to.generators(s)[q].d;
        let w = match below {
            None => from.vector_of(None, u, &[], dq),
            Some(b) => {
                let mut w = field.zero_vector(cols);
                for term in dq {
                    let y = &f[b as usize][term.gen as usize];
                    from.act_on_terms(b, u, (&term.op, term.coefficient), y, &layout, &mut w);
                }
                w
            }
        };
        let y = A::Field::preimage(&qi, &w).ok_or_else(|| {
            format!("f_{s}(d q) has no preimage at (s, t) = ({s}, {u}): not a chain map")
        })?;
        images.push(from.terms_of(Some(s), u, &through, &y));
    }
    Ok(images)
}
