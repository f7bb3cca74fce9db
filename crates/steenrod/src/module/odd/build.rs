//! From syntax-checked actions at an odd prime to the action tables of an
//! [`FiniteModule`] at an odd prime: resolve names and degrees, tabulate every Milnor basis element
//! through a decomposition into the generators `β`, `P^{p^k}`, check every Adem
//! relation (`adem.rs`) and every listed action.

use fp::{FqMatrix, FqVector, Prime, Subspace, ValidPrime};

use super::basis::OddBasis;

use super::super::shape;
use super::super::FiniteModule;
use super::super::{LoadOptions, ModuleError};
use super::adem;
use super::parse::{Generator, OddActionSpec};
use crate::{odd::MilnorQP, MilnorAlgebra};

/// A listed action with its names resolved.
struct Resolved<'a> {
    spec: &'a OddActionSpec,
    t: i64,
    x: usize,
    /// The right side, a vector of `M_{t + |op|}` (length 0 beyond the top).
    rhs: FqVector<ValidPrime>,
}

/// The action tables: `milnor[d][t − min][j · dim M_t + x] = Q(E_j)P(R_j)·x`
/// (the j-th Milnor basis element of degree `d`), empty when `t + d > max`.
pub(super) struct Tables<'a> {
    pub basis: &'a OddBasis,
    pub milnor: Vec<Vec<Vec<FqVector<ValidPrime>>>>,
}

impl Tables<'_> {
    /// `a·v`, `a` the `j`-th Milnor basis element of degree `d` (tabulated),
    /// `v ∈ M_t`; a vector of `M_{t+d}` (zero, of length 0, beyond the top).
    pub fn apply(
        &self,
        d: u64,
        j: usize,
        t: i64,
        v: &FqVector<ValidPrime>,
    ) -> FqVector<ValidPrime> {
        let target = t.saturating_add(i64::try_from(d).unwrap_or(i64::MAX));
        let mut out = self.basis.zero(target);
        if out.is_empty() || t < self.basis.min {
            return out;
        }
        let dim_t = self.basis.dim(t);
        let column = &self.milnor[d as usize][(t - self.basis.min) as usize];
        for (x, c) in v.iter_nonzero() {
            out.add_scaled(&column[j * dim_t + x], c);
        }
        out
    }
}

/// Build the module at the prime `p`: see [`FiniteModule`] at an odd prime for the semantics and
/// the checks, and [`LoadOptions`] for the shift and the cells dropped.
pub(super) fn build(
    file: &str,
    name: String,
    p: ValidPrime,
    gens: &[(String, i32)],
    actions: &[OddActionSpec],
    file_shift: i32,
    options: &LoadOptions,
) -> Result<FiniteModule<MilnorAlgebra<ValidPrime>>, ModuleError> {
    let kept = shape::kept_module(file, gens, actions, file_shift, options)?;
    let algebra = MilnorAlgebra::new_at(p.value(), kept.span as u32);
    shape::check_table_size(file, &kept, |d| algebra.dim(d), p.entries_per_limb() as u64)?;
    let basis = OddBasis::new(p, &kept);
    let resolved = resolve_actions(&basis, actions);
    let mut tables = Tables {
        basis: &basis,
        milnor: Vec::with_capacity(kept.span + 1),
    };
    fill_milnor(&mut tables, &algebra, &resolved, kept.span);
    adem::check_adem(file, &tables, &algebra)?;
    check_listed(file, &tables, &algebra, &resolved)?;
    let milnor = std::mem::take(&mut tables.milnor);
    Ok(FiniteModule {
        name,
        min_degree: basis.min as i32,
        max_degree: basis.max as i32,
        names: basis.names,
        algebra,
        milnor,
        dropped: kept.dropped,
        cancelled: Vec::new(),
    })
}

/// The actions on generators that were kept, as vectors of the kept module. An
/// action whose right side lies above the top kept degree is zero there.
fn resolve_actions<'a>(basis: &OddBasis, actions: &'a [OddActionSpec]) -> Vec<Resolved<'a>> {
    let mut out = Vec::with_capacity(actions.len());
    for a in actions {
        let Some((t, x)) = basis.find(&a.source) else {
            continue;
        };
        let target = i128::from(t) + i128::from(a.degree);
        let rhs = if target > i128::from(basis.max) {
            FqVector::zero(basis.p, 0)
        } else {
            let mut v = basis.zero(target as i64);
            for (name, c) in &a.targets {
                // check_actions made sure every target lies in this degree.
                let (_, y) = basis.find(name).expect("a target of a kept degree is kept");
                v.add_basis_element(y, *c);
            }
            v
        };
        out.push(Resolved { spec: a, t, x, rhs });
    }
    out
}

/// The generator a listed action defines, if it is a single `β` or `P^{p^k}`.
fn defined_generator(a: &Resolved, p: u32) -> Option<Generator> {
    match a.spec.op.as_slice() {
        [f] => f.generator(p),
        _ => None,
    }
}

/// `milnor[0]` = identity; the generators `β`, `P^{p^k}` from the file
/// (unlisted: zero); in every other degree `d` pick `dim A_d` independent
/// products `g·y` (`g` a generator, `y` a Milnor basis element of degree
/// `d − |g|`; they span `A_d`, since `β` and the `P^{p^k}` generate `A`
/// (Milnor 1958, §6; Steenrod–Epstein, Ch. VI)), generators times the unit
/// first, invert the matrix `P` of their Milnor coordinates (row reduce
/// `[P | I]` to `[I | P⁻¹]`), and let `Q(E_j)P(R_j) = Σ_k (P⁻¹)_{jk} g_k y_k` act
/// by `Σ_k (P⁻¹)_{jk} ρ(g_k) ρ(y_k)`. This is the action of `A` exactly when the
/// Adem relations hold on M (checked next).
fn fill_milnor(
    tables: &mut Tables,
    algebra: &MilnorAlgebra<ValidPrime>,
    actions: &[Resolved],
    span: usize,
) {
    let basis = tables.basis;
    let p = basis.p;
    let identity: Vec<Vec<FqVector<ValidPrime>>> = (basis.min..=basis.max)
        .map(|t| (0..basis.dim(t)).map(|x| basis.unit(t, x)).collect())
        .collect();
    tables.milnor.push(identity);
    let generators = generator_tables(basis, actions, span);
    for d in 1..=span as u32 {
        let n = algebra.dim(d);
        // Independent products g·y, as (g, index of y in degree d − |g|).
        let mut chosen: Vec<(&GeneratorTable, usize)> = Vec::with_capacity(n);
        let mut rows: Vec<FqVector<ValidPrime>> = Vec::with_capacity(n);
        let mut span_so_far = Subspace::zero(p, n);
        'search: for g in generators.iter().filter(|g| g.degree <= d) {
            for (y_idx, y) in algebra.basis(d - g.degree).iter().enumerate() {
                if chosen.len() == n {
                    break 'search;
                }
                let mut v = FqVector::zero(p, n);
                algebra.multiply_basis(&g.element, y, |k, c| v.add_basis_element(k, c));
                if span_so_far.add_vector(&v) {
                    chosen.push((g, y_idx));
                    rows.push(v);
                }
            }
        }
        assert_eq!(chosen.len(), n, "the products g·y must span A_{d}");
        let mut m = FqMatrix::new(p, n, 2 * n);
        for (k, v) in rows.iter().enumerate() {
            for (j, c) in v.iter_nonzero() {
                m.set_entry(k, j, c);
            }
            m.set_entry(k, n + k, 1);
        }
        let pivots = m.row_reduce();
        assert!(
            pivots.len() >= n && pivots[..n].iter().enumerate().all(|(j, &q)| q == j),
            "products must be independent"
        );
        let coeffs: Vec<FqVector<ValidPrime>> = (0..n).map(|j| m.row(j).slice(n, 2 * n)).collect();

        let mut column = Vec::with_capacity(basis.names.len());
        for t in basis.min..=basis.max {
            let (dim_t, dim_top) = (basis.dim(t), basis.dim(t + i64::from(d)));
            if t + i64::from(d) > basis.max {
                column.push(Vec::new());
                continue;
            }
            if dim_t == 0 || dim_top == 0 || n == 0 {
                column.push(vec![basis.zero(t + i64::from(d)); n * dim_t]);
                continue;
            }
            // w[x][k] = g_k (y_k x).
            let w: Vec<Vec<FqVector<ValidPrime>>> = (0..dim_t)
                .map(|x| {
                    chosen
                        .iter()
                        .map(|&(g, y_idx)| {
                            let inner = &tables.milnor[(d - g.degree) as usize]
                                [(t - basis.min) as usize][y_idx * dim_t + x];
                            g.apply(basis, t + i64::from(d - g.degree), inner)
                        })
                        .collect()
                })
                .collect();
            let mut block = Vec::with_capacity(n * dim_t);
            for coeff in &coeffs {
                for wx in &w {
                    let mut v = basis.zero(t + i64::from(d));
                    for (k, c) in coeff.iter_nonzero() {
                        v.add_scaled(&wx[k], c);
                    }
                    block.push(v);
                }
            }
            column.push(block);
        }
        tables.milnor.push(column);
    }
}

/// A generator `β` or `P^{p^k}` and its action as the file lists it.
struct GeneratorTable {
    degree: u32,
    element: MilnorQP,
    /// `action[t − min][x] = g·x ∈ M_{t+degree}` (unlisted: zero); empty when
    /// `t + degree > max`.
    action: Vec<Vec<FqVector<ValidPrime>>>,
}

impl GeneratorTable {
    /// `g·v` for `v ∈ M_t`: a vector of `M_{t + degree}`.
    fn apply(&self, basis: &OddBasis, t: i64, v: &FqVector<ValidPrime>) -> FqVector<ValidPrime> {
        let mut out = basis.zero(t + i64::from(self.degree));
        if out.is_empty() {
            return out;
        }
        let column = &self.action[(t - basis.min) as usize];
        for (x, c) in v.iter_nonzero() {
            out.add_scaled(&column[x], c);
        }
        out
    }
}

/// The generators `β`, `P^{p^k}` of degree `≤ span`, highest degree first,
/// with the actions the file lists.
fn generator_tables(basis: &OddBasis, actions: &[Resolved], span: usize) -> Vec<GeneratorTable> {
    let p = basis.p.value();
    let mut generators = vec![(Generator::Beta, 1u64, MilnorQP::beta())];
    let (mut q, mut k) = (1u64, 0u32);
    while 2 * (u64::from(p) - 1) * q <= span as u64 {
        let element = MilnorQP::p_power(q as u32);
        generators.push((Generator::P(k), 2 * (u64::from(p) - 1) * q, element));
        q *= u64::from(p);
        k += 1;
    }
    generators.reverse();
    generators
        .into_iter()
        .map(|(g, degree, element)| {
            let mut action: Vec<Vec<FqVector<ValidPrime>>> = (basis.min..=basis.max)
                .map(|t| {
                    if t + degree as i64 > basis.max {
                        Vec::new()
                    } else {
                        vec![basis.zero(t + degree as i64); basis.dim(t)]
                    }
                })
                .collect();
            for a in actions {
                if defined_generator(a, p) == Some(g) && a.t + degree as i64 <= basis.max {
                    action[(a.t - basis.min) as usize][a.x] = a.rhs.clone();
                }
            }
            GeneratorTable {
                degree: degree as u32,
                element,
                action,
            }
        })
        .collect()
}

/// The listed actions that are not a single generator `β`, `P^{p^k}` must agree
/// with what the generators determine.
fn check_listed(
    file: &str,
    tables: &Tables,
    algebra: &MilnorAlgebra<ValidPrime>,
    actions: &[Resolved],
) -> Result<(), ModuleError> {
    let basis = tables.basis;
    let p = basis.p.value();
    for a in actions {
        if defined_generator(a, p).is_some() {
            continue;
        }
        let mut t = a.t;
        let mut v = basis.unit(a.t, a.x);
        for factor in a.spec.op.iter().rev() {
            let d = factor.degree(p);
            if i128::from(t) + i128::from(d) > i128::from(basis.max) {
                v = FqVector::zero(basis.p, 0);
                break;
            }
            // d ≤ span here, so the factor is a tabulated basis element.
            let j = factor
                .milnor_element()
                .and_then(|m| algebra.try_index_of(d as u32, &m))
                .expect("a factor of degree ≤ span is a Milnor basis element");
            v = tables.apply(d, j, t, &v);
            t += d as i64;
        }
        if v != a.rhs {
            let top = a.t + a.spec.degree as i64;
            return Err(ModuleError::field(
                file,
                &a.spec.field,
                format!(
                    "the actions of b and the P^(p^k) determine {} = {}, not {}",
                    a.spec.lhs,
                    basis.format(top, &v),
                    basis.format(top, &a.rhs)
                ),
            ));
        }
    }
    Ok(())
}
