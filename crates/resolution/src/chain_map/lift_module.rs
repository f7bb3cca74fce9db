//! The half of lifting a chain map that depends on the prime ([`LiftModule`]): applying a
//! map given on generators, and solving `d x = v` in one target degree. The lifting
//! itself (`super`, `super::joint`) is written once against it.
//!
//! - At p = 2 ([`FiniteModule`]) the products go through the admissible-matrix tables of
//!   the Milnor product, and preimages come from one row reduction of `[Mᵀ | v_1 … v_k]`
//!   per target degree, restricted to the free coordinates of the level below
//!   ([`super::target::solve`]); what a later lift reuses is the reduction's pivots.
//! - At an odd prime (`FiniteModule<MilnorAlgebra<ValidPrime>>`) the products come from
//!   [`Algebra::multiply_basis`] with coefficients, and preimages from the quasi-inverse
//!   of the matrix of `d` on the whole of `(Q_j)_T` ([`fp::fq_kernel_image`]); what a
//!   later lift reuses is that quasi-inverse.

use fp::{fq_kernel_image, FpVector, FqMatrix, FqVector, Matrix, QuasiInverse, ValidPrime, Vector};
use steenrod::module::FiniteModule;
use steenrod::{Algebra, MilnorAlgebra, Module, VectorOf};

use super::target::{self, LiftTarget, Solved};
use super::{apply, MatrixOver};
use crate::free_module::{Differential, Term};
use crate::{Bidegree, Resolution};

/// A module whose resolutions chain maps are lifted between (and into).
pub trait LiftModule: Module + super::saved::LiftCodec {
    /// What a reduction at one target degree `(j, T)` leaves for later lifts into it.
    type Known: Send + Sync + 'static;

    /// `Σ op·values[h]` over the terms `c·op·h` of an element (`values[h]` an element of
    /// the target given by its terms), in the target basis whose block of generator `k`
    /// starts at `offsets[k]` (the last entry is the length).
    ///
    /// Panics if a term's generator has no value (a caller's range bug).
    fn apply(
        alg: &Self::Algebra,
        values: &[Differential<Self::Algebra>],
        terms: &[Term<Self::Algebra>],
        offsets: &[usize],
    ) -> VectorOf<Self>;

    /// Preimages under `d_j` at `b = (j, T)` of each of `rhs` (vectors of the whole of
    /// `(Q_{j−1})_T`), each a vector of the whole of `(Q_j)_T`; `below`: what the
    /// reduction at `(j − 1, T)` of the same lift left (p = 2's pivots). `Err(k)`: `rhs[k]`
    /// is not in the image.
    fn solve(
        tgt: &LiftTarget<'_, Self>,
        b: Bidegree,
        rhs: &[VectorOf<Self>],
        below: Option<&[u32]>,
    ) -> Result<Solved<VectorOf<Self>>, usize>;

    /// Solutions `x` of `x·m = v` for each `v` of `rhs` (`m`: rows the source basis,
    /// columns the target's; each `x` of length `m.rows()`), as the reductions of
    /// [`LiftModule::solve`] find them. `Err(k)`: `rhs[k]` is not in the row space of `m`.
    fn solve_rows(
        m: &MatrixOver<Self>,
        rhs: &[VectorOf<Self>],
    ) -> Result<Vec<VectorOf<Self>>, usize>;
}

impl LiftModule for FiniteModule {
    /// The pivots of the reduction ([`Solved::pivots`]): a later map into the same degree
    /// builds only those rows of `M`.
    type Known = Vec<u32>;

    fn apply(
        alg: &steenrod::MilnorAlgebra,
        values: &[Differential],
        terms: &[Term],
        offsets: &[usize],
    ) -> FpVector {
        apply::apply(alg, values, terms, offsets)
    }

    fn solve(
        tgt: &LiftTarget<'_, Self>,
        b: Bidegree,
        rhs: &[FpVector],
        below: Option<&[u32]>,
    ) -> Result<Solved<FpVector>, usize> {
        let res = tgt.resolution();
        let cached = below
            .is_none()
            .then(|| tgt.known_at(Bidegree::s_t(b.s() - 1, b.t())))
            .flatten();
        let under = below.or(cached.as_deref().map(Vec::as_slice));
        let own = tgt.known_at(b);
        let found = target::solve(res, b, rhs, under, own.as_deref().map(Vec::as_slice))?;
        if let (None, Some(p)) = (&own, &found.pivots) {
            tgt.keep(b, p.clone());
        }
        Ok(found)
    }

    fn solve_rows(m: &Matrix, rhs: &[FpVector]) -> Result<Vec<FpVector>, usize> {
        target::solve_against(m, m.cols(), m.rows(), rhs)
    }
}

impl LiftModule for FiniteModule<MilnorAlgebra<ValidPrime>> {
    /// The quasi-inverse of `d : (Q_j)_T → (Q_{j−1})_T` on the whole of both.
    type Known = QuasiInverse<ValidPrime>;

    fn apply(
        alg: &MilnorAlgebra<ValidPrime>,
        values: &[Differential<MilnorAlgebra<ValidPrime>>],
        terms: &[Term<MilnorAlgebra<ValidPrime>>],
        offsets: &[usize],
    ) -> FqVector<ValidPrime> {
        apply_with_coefficients(alg, values, terms, offsets)
    }

    fn solve(
        tgt: &LiftTarget<'_, Self>,
        b: Bidegree,
        rhs: &[FqVector<ValidPrime>],
        _below: Option<&[u32]>,
    ) -> Result<Solved<FqVector<ValidPrime>>, usize> {
        let q = match tgt.known_at(b) {
            Some(q) => q,
            None => {
                let q = fq_kernel_image(&d_matrix(tgt.resolution(), b)).quasi_inverse;
                tgt.keep(b, q);
                tgt.known_at(b).expect("just kept")
            }
        };
        let len = apply::full_offsets(tgt.resolution(), b)
            .last()
            .copied()
            .expect("offsets end with the length");
        let preimages = through_quasi_inverse(&q, len, rhs)?;
        Ok(Solved {
            preimages,
            pivots: None,
        })
    }

    fn solve_rows(
        m: &FqMatrix<ValidPrime>,
        rhs: &[FqVector<ValidPrime>],
    ) -> Result<Vec<FqVector<ValidPrime>>, usize> {
        through_quasi_inverse(&fq_kernel_image(m).quasi_inverse, m.rows(), rhs)
    }
}

/// `u` with `u·M = v` for each `v` of `rhs` from the quasi-inverse `q` of `M`, each
/// padded with zeros to `len` entries. `Err(k)`: `rhs[k]` is not in the image of `M`.
fn through_quasi_inverse(
    q: &QuasiInverse<ValidPrime>,
    len: usize,
    rhs: &[FqVector<ValidPrime>],
) -> Result<Vec<FqVector<ValidPrime>>, usize> {
    rhs.iter()
        .enumerate()
        .map(|(k, r)| {
            let mut x = q.apply(r).ok_or(k)?;
            if x.len() < len {
                let mut full = FqVector::zero(r.prime(), len);
                full.add_scaled_at(&x, 1, 0);
                x = full;
            }
            Ok(x)
        })
        .collect()
}

/// [`LiftModule::apply`] from the product of basis elements with coefficients (any prime).
fn apply_with_coefficients<A: Algebra>(
    alg: &A,
    values: &[Differential<A>],
    terms: &[Term<A>],
    offsets: &[usize],
) -> crate::free_module::FieldVector<A> {
    let p = fp::Prime::value(alg.field());
    let len = *offsets.last().unwrap_or(&0);
    let mut v = <A::Field as fp::Field>::zero_vector(alg.field(), len);
    for term in terms {
        for inner in &values[term.gen as usize].terms {
            let off = offsets[inner.gen as usize];
            let c = term.coefficient() * inner.coefficient() % p;
            alg.multiply_basis(&term.op(), &inner.op(), |k, x| {
                v.add_basis_element(off + k, c * x % p)
            });
        }
    }
    v
}

/// The matrix of `d : (Q_j)_T → (Q_{j−1})_T` on the whole of both (rows: `op·h` for the
/// generators `h` of degree `≤ T` in index order, `op` over the basis of the algebra).
fn d_matrix(
    res: &Resolution<FiniteModule<MilnorAlgebra<ValidPrime>>>,
    b: Bidegree,
) -> FqMatrix<ValidPrime> {
    let (j, t) = (b.s(), b.t());
    let row = res.free_module(j);
    let offsets = apply::full_offsets(res, Bidegree::s_t(j - 1, t));
    let cols = *offsets.last().expect("length");
    let n = if t < row.min_degree() {
        0
    } else {
        row.gens_below(t + 1)
    };
    let degrees = row.gen_degrees(n);
    let mut rows = Vec::new();
    for (h, &deg) in degrees.iter().enumerate() {
        let dh = row.differential(h).1;
        let op_degree = (t - deg) as u32;
        for op in res.algebra().basis(op_degree) {
            let term = Term::<MilnorAlgebra<ValidPrime>>::new(0, op_degree, op, 1);
            rows.push(apply_with_coefficients(
                res.algebra(),
                std::slice::from_ref(dh),
                &[term],
                &offsets,
            ));
        }
    }
    FqMatrix::from_rows(res.prime(), cols, rows)
}
