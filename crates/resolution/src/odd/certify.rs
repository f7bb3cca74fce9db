//! The exactness certificate ([`crate::certify`], whose module doc states the checks and
//! what they prove) for an odd-primary resolution: the same four checks over F_p, with
//! its own row builder (the odd Milnor product and the module's action; nothing of the
//! step's code).

use fp::{FqMatrix, FqSubspace, FqVector, Prime, ValidPrime};
use steenrod::MilnorQP;

use crate::certify::matrix::Outcome;
use crate::certify::{Complex, Failure, Reason};
use crate::Resolution;
use crate::{Bidegree, ResolutionConfig};
use steenrod::module::OddModule;

/// One term `c·op·h` of a decoded differential: generator `h` of `C_{s−1}`.
type Term = (usize, MilnorQP, u32);

/// The generators of `C_s` of degree `≤ N + s` with their differentials, decoded.
struct Generators<'a> {
    degrees: Vec<i32>,
    values: Vec<&'a FqVector<ValidPrime>>,
    terms: Vec<Vec<Term>>,
}

impl Generators<'_> {
    fn below(&self, t: i32) -> usize {
        self.degrees.partition_point(|&d| d < t)
    }

    fn offsets(&self, res: &Resolution<OddModule>, t: i32, count: usize) -> Vec<usize> {
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

/// Reads and decodes the generators of `C_0, …, C_top` (stem `≤ n`); the wrong-length
/// failures (check 1).
fn read_generators(
    res: &Resolution<OddModule>,
    n: i32,
    top: u32,
) -> (Vec<Generators<'_>>, Vec<Failure>) {
    let min = res.module.min_degree();
    let mut rows: Vec<Generators<'_>> = Vec::new();
    let mut failures = Vec::new();
    for s in 0..=top {
        let module = &res.rows[s as usize];
        let mut row = Generators {
            degrees: Vec::new(),
            values: Vec::new(),
            terms: Vec::new(),
        };
        for t in min + s as i32..=n + s as i32 {
            for (k, d) in module.gens(t).iter().enumerate() {
                let (expected, terms) = match rows.last() {
                    None => (res.module.dim(t), Vec::new()),
                    Some(below) => {
                        let off = below.offsets(res, t, below.below(t));
                        let terms = decode(res, below, &off, t, &d.value);
                        (off[off.len() - 1], terms)
                    }
                };
                if d.value.len() != expected {
                    let reason = Reason::WrongLength {
                        generator: k,
                        len: d.value.len(),
                        expected,
                    };
                    failures.push(Failure::new(s, t, reason));
                }
                row.degrees.push(t);
                row.values.push(&d.value);
                row.terms.push(terms);
            }
        }
        rows.push(row);
    }
    (rows, failures)
}

/// The terms `c·op·h` of `value` (blocks of the generators below at `off`; entries past
/// the basis are ignored: the length check reports them).
fn decode(
    res: &Resolution<OddModule>,
    below: &Generators<'_>,
    off: &[usize],
    t: i32,
    value: &FqVector<ValidPrime>,
) -> Vec<Term> {
    let total = off[off.len() - 1];
    value
        .iter_nonzero()
        .filter(|&(k, _)| k < total)
        .map(|(k, c)| {
            let h = off.partition_point(|&o| o <= k) - 1;
            let op_degree = (t - below.degrees[h]) as u32;
            (h, res.algebra.basis(op_degree)[k - off[h]], c)
        })
        .collect()
}

/// `D_{s,t}`: rows `op·d(g)` for the generators of degree `< t`, then the stored `d(g)` of
/// those of degree `t`.
fn build(
    res: &Resolution<OddModule>,
    gens: &[Generators<'_>],
    s: u32,
    t: i32,
) -> FqMatrix<ValidPrime> {
    let p = res.prime();
    let source = &gens[s as usize];
    let (n_old, n_all) = (source.below(t), source.below(t + 1));
    let target_off = match s {
        0 => vec![0, res.module.dim(t)],
        _ => {
            let below = &gens[s as usize - 1];
            below.offsets(res, t, below.below(t))
        }
    };
    let cols = target_off[target_off.len() - 1];
    let mut rows = Vec::new();
    for g in 0..n_old {
        let (g_deg, value) = (source.degrees[g], source.values[g]);
        let op_degree = (t - g_deg) as u32;
        for (k, op) in res.algebra.basis(op_degree).iter().enumerate() {
            let mut row = FqVector::new(p, cols);
            if s == 0 {
                for (x, c) in value.iter_nonzero() {
                    res.module
                        .act_on_basis(op_degree, k, g_deg, x, c, &mut row, 0);
                }
            } else {
                for &(h, ref term, c) in &source.terms[g] {
                    let at = target_off[h];
                    res.algebra.multiply_basis(op, term, |j, d| {
                        row.add_basis_element(at + j, d * c % p.value());
                    });
                }
            }
            rows.push(row);
        }
    }
    for value in &source.values[n_old..n_all] {
        let mut row = FqVector::new(p, cols);
        if value.len() == cols {
            row.add(value, 1);
        }
        rows.push(row);
    }
    FqMatrix::from_rows(p, cols, rows)
}

/// Checks 2 and 4 and the rank of `D_{s,t}`.
fn check(
    res: &Resolution<OddModule>,
    gens: &[Generators<'_>],
    top: u32,
    s: u32,
    t: i32,
) -> Outcome {
    let source = &gens[s as usize];
    let n_old = source.below(t);
    let mut m = build(res, gens, s, t);
    let (dim, shape) = (m.rows(), (m.rows(), m.cols()));
    let old_rows = source.offsets(res, t, n_old)[n_old];
    let mut failures = Vec::new();
    if s < top {
        let up = &gens[s as usize + 1];
        for (k, value) in up.values[up.below(t)..up.below(t + 1)].iter().enumerate() {
            let mut dd = FqVector::new(res.prime(), m.cols());
            for (row, c) in value.iter_nonzero() {
                if row < m.rows() {
                    dd.add(m.row(row), c);
                }
            }
            if !dd.is_zero() {
                failures.push(Failure::new(s + 1, t, Reason::DSquared { generator: k }));
            }
        }
        let rank = m.row_reduce().len();
        return Outcome {
            s,
            dim,
            rank,
            shape,
            failures,
        };
    }
    let mut rows = m.into_rows();
    let new_rows = rows.split_off(old_rows);
    let mut span = FqSubspace::from_matrix(FqMatrix::from_rows(res.prime(), shape.1, rows));
    let old_rank = span.dim();
    let added = new_rows.iter().filter(|v| span.add_vector(v)).count();
    let rank = old_rank + added;
    if added < new_rows.len() {
        failures.push(Failure::new(
            s,
            t,
            Reason::NotMinimal {
                generators: new_rows.len(),
                old_rank,
                rank,
            },
        ));
    }
    Outcome {
        s,
        dim,
        rank,
        shape,
        failures,
    }
}

impl Complex for Resolution<OddModule> {
    fn bottom(&self) -> i32 {
        self.module.min_degree()
    }

    fn resolved(&self) -> ResolutionConfig {
        self.config
    }

    fn is_complete(&self, b: Bidegree) -> bool {
        self.rows
            .get(b.s() as usize)
            .is_some_and(|c| c.is_complete(b.t()))
    }

    fn module_dim(&self, t: i32) -> usize {
        self.module.dim(t)
    }

    fn dim(&self, s: u32, t: i32) -> usize {
        let c = &self.rows[s as usize];
        (c.min_degree()..=t)
            .map(|d| c.gens_in_degree(d) * self.algebra.dim((t - d) as u32))
            .sum()
    }

    fn checker(
        &self,
        n: i32,
        top: u32,
    ) -> Result<Box<dyn Fn(u32, i32) -> Outcome + Sync + '_>, Vec<Failure>> {
        let (gens, failures) = read_generators(self, n, top);
        if !failures.is_empty() {
            return Err(failures);
        }
        Ok(Box::new(move |s, t| check(self, &gens, top, s, t)))
    }
}
