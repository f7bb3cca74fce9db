//! The certificate's own row builder, for every prime: the generators of each row read
//! from the resolution and their differentials decoded into terms `c·op·h` (`Sq(R)·h` at
//! p = 2), and the matrix `D_{s,t}` of one bidegree built, checked (`d∘d`) and ranked. What
//! depends on the algebra and its field is [`CertifyAlgebra`] (`field.rs`).

use fp::{Field, MatrixOf, Vector};
use steenrod::{Algebra, Module};

use super::field::{CertifyAlgebra, MatrixOver, Term};
use super::{Failure, Reason};
use crate::free_module::FieldVector;
use crate::{Bidegree, Resolution};

/// The generators of `C_s` of degree `≤ N + s`, in index order, with their differentials.
pub(super) struct Generators<'a, A: Algebra> {
    /// Degree of each generator (ascending).
    degrees: Vec<i32>,
    /// Its stored differential: a vector of `(C_{s−1})_{|g|}` on generators of degree
    /// `< |g|` (of `M_{|g|}` for `s = 0`).
    values: Vec<&'a FieldVector<A>>,
    /// The differential decoded: `(generator of C_{s−1}, op, c)` for each term `c·op·h`
    /// (empty for `s = 0`).
    terms: Vec<Vec<Term<A>>>,
    /// Structural failures (wrong lengths).
    pub(super) failures: Vec<Failure>,
}

impl<A: Algebra> Generators<'_, A> {
    /// Number of generators of degree `< t`.
    fn below(&self, t: i32) -> usize {
        self.degrees.partition_point(|&d| d < t)
    }

    /// Offsets of the blocks `A_{t−|g|}·g` of the first `count` generators in degree `t`,
    /// and the total as the last entry.
    fn offsets<M: Module<Algebra = A>>(
        &self,
        res: &Resolution<M>,
        t: i32,
        count: usize,
    ) -> Vec<usize> {
        let mut out = Vec::with_capacity(count + 1);
        let mut total = 0;
        out.push(0);
        for &d in &self.degrees[..count] {
            total += res.algebra.dim((t - d) as u32);
            out.push(total);
        }
        out
    }
}

/// Reads the generators of `C_0, …, C_top` in the range (stem `≤ n`), checks the length of
/// each differential and decodes it.
pub(super) fn read_generators<M: Module>(
    res: &Resolution<M>,
    n: i32,
    top: u32,
) -> Vec<Generators<'_, M::Algebra>> {
    let min = res.module.min_degree();
    let mut rows: Vec<Generators<'_, M::Algebra>> = (0..=top)
        .map(|s| {
            let module = &res.rows[s as usize];
            let (mut degrees, mut values) = (Vec::new(), Vec::new());
            for t in min + s as i32..=n + s as i32 {
                for d in module.gens(t) {
                    degrees.push(t);
                    values.push(&d.value);
                }
            }
            Generators {
                degrees,
                values,
                terms: Vec::new(),
                failures: Vec::new(),
            }
        })
        .collect();
    for s in 0..=top as usize {
        let (done, rest) = rows.split_at_mut(s);
        let row = &mut rest[0];
        let below = done.last();
        let mut first_of_degree = 0;
        for i in 0..row.degrees.len() {
            let t = row.degrees[i];
            if i == 0 || row.degrees[i - 1] != t {
                first_of_degree = i;
            }
            let value = row.values[i];
            let (expected, terms) = match below {
                None => (res.module.dim(t), Vec::new()),
                Some(b) => {
                    let off = b.offsets(res, t, b.below(t));
                    let expected = off[off.len() - 1];
                    let terms = if value.len() == expected {
                        decode(res, b, &off, t, value)
                    } else {
                        Vec::new()
                    };
                    (expected, terms)
                }
            };
            if value.len() != expected {
                let reason = Reason::WrongLength {
                    generator: i - first_of_degree,
                    len: value.len(),
                    expected,
                };
                row.failures
                    .push(Failure::new(Bidegree::s_t(s as u32, t), reason));
            }
            row.terms.push(terms);
        }
    }
    rows
}

/// The terms `c·op·h` of `value`, a vector of `(C_{s−1})_t` whose generators' blocks start
/// at `off` (generators of degree `< t`).
fn decode<M: Module>(
    res: &Resolution<M>,
    below: &Generators<'_, M::Algebra>,
    off: &[usize],
    t: i32,
    value: &FieldVector<M::Algebra>,
) -> Vec<Term<M::Algebra>> {
    let field = res.algebra.field();
    value
        .nonzero_entries()
        .map(|(k, c)| {
            // The block holding entry `k`: the last offset ≤ k.
            let h = off.partition_point(|&o| o <= k) - 1;
            let op_degree = (t - below.degrees[h]) as u32;
            let op = res.algebra.basis(op_degree)[k - off[h]];
            (h, op, field.coefficient(c))
        })
        .collect()
}

/// What one bidegree's matrix gave.
pub(crate) struct Outcome {
    /// Filtration.
    pub s: u32,
    /// `dim (C_s)_t` (rows of `D_{s,t}`).
    pub dim: usize,
    /// `rank D_{s,t}`.
    pub rank: usize,
    /// `(rows, columns)` of `D_{s,t}`.
    pub shape: (usize, usize),
    /// `d∘d` and top-row failures found here.
    pub failures: Vec<Failure>,
}

/// Everything the per-bidegree checks read.
pub(super) struct Context<'a, M: Module> {
    pub res: &'a Resolution<M>,
    pub gens: &'a [Generators<'a, M::Algebra>],
    pub top: u32,
}

impl<M: Module> Context<'_, M>
where
    M::Algebra: CertifyAlgebra,
{
    /// Builds `D_{s,t}`, checks `d∘d = 0` on the generators of `C_{s+1}` of degree `t`
    /// against it, and ranks it (in the top row, its old part and then the whole).
    pub(super) fn check(&self, at: Bidegree) -> Outcome {
        let (s, t) = (at.s(), at.t());
        let source = &self.gens[s as usize];
        let n_old = source.below(t);
        let n_all = source.below(t + 1);
        let row_off = source.offsets(self.res, t, n_all);
        let (dim, old_rows) = (row_off[n_all], row_off[n_old]);
        let m = self.build(s, t, &row_off, n_old, n_all);
        let mut failures = Vec::new();
        let shape = (m.rows(), m.cols());

        if s < self.top {
            // d∘d on each generator g of C_{s+1} of degree t: d(g)·D_{s,t} = 0. Its
            // length is old_rows (checked in `read_generators`).
            let up = &self.gens[s as usize + 1];
            let first = up.below(t);
            for (k, value) in up.values[first..up.below(t + 1)].iter().enumerate() {
                if !M::Algebra::kills(&m, value) {
                    failures.push(Failure::new(
                        Bidegree::s_t(s + 1, t),
                        Reason::DSquared { generator: k },
                    ));
                }
            }
            return Outcome {
                s,
                dim,
                rank: M::Algebra::rank(m),
                shape,
                failures,
            };
        }

        // Top row: the rank of the old part, then each generator of degree t must raise it.
        let (old_rank, added) = M::Algebra::old_rank_and_added(m, old_rows);
        let rank = old_rank + added;
        let generators = dim - old_rows;
        if added < generators {
            let reason = Reason::NotMinimal {
                generators,
                old_rank,
                rank,
            };
            failures.push(Failure::new(Bidegree::s_t(s, t), reason));
        }
        Outcome {
            s,
            dim,
            rank,
            shape,
            failures,
        }
    }

    /// `D_{s,t}`: rows `op·d(g)` for the generators `g` of `C_s` of degree `< t`
    /// (`n_old` of them), then the stored `d(g)` of those of degree `t`.
    fn build(
        &self,
        s: u32,
        t: i32,
        row_off: &[usize],
        n_old: usize,
        n_all: usize,
    ) -> MatrixOver<M::Algebra> {
        let res = self.res;
        let (alg, field) = (&res.algebra, res.algebra.field());
        let source = &self.gens[s as usize];
        let target_off = match s {
            0 => vec![0, res.module.dim(t)],
            _ => {
                let below = &self.gens[s as usize - 1];
                below.offsets(res, t, below.below(t))
            }
        };
        let cols = target_off[target_off.len() - 1];
        let mut m = field.zero_matrix(row_off[n_all], cols);
        let mut scratch = field.zero_vector(if s == 0 { cols } else { 0 });
        let old = source.degrees[..n_old]
            .iter()
            .zip(&source.values)
            .zip(&source.terms);
        for (((&g_deg, value), terms), &first_row) in old.zip(row_off) {
            let op_degree = (t - g_deg) as u32;
            for (k, op) in alg.basis(op_degree).iter().enumerate() {
                if s == 0 {
                    // op·d_0(g) in M_t, from the module's action on each cell of d_0(g).
                    scratch.clear();
                    for (x, c) in value.nonzero_entries() {
                        let module = &res.module;
                        module.act_on_basis_at(op_degree, k, g_deg, x, c, &mut scratch, 0);
                    }
                    M::Algebra::set_row(&mut m, first_row + k, &scratch);
                    continue;
                }
                // op·op'·h for each term c·op'·h of d(g).
                alg.add_products(&mut m, first_row + k, op, terms, &target_off);
            }
        }
        for (value, &first_row) in source.values[n_old..n_all].iter().zip(&row_off[n_old..]) {
            M::Algebra::set_row(&mut m, first_row, value);
        }
        m
    }
}
