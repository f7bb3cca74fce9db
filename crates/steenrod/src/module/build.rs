//! From a syntax-checked [`Spec`] to the action tables of a [`FiniteModule`]:
//! resolve names and degrees, derive `Sq^i` from the `Sq^(2^k)`, check every
//! Adem relation, then express each Milnor basis element through the `Sq^i`.

use std::collections::HashMap;

use fp::{FpVector, Matrix, Subspace};

use super::json::{ActionSpec, Factor, Spec};
use super::kinds::binom_odd;
use super::shape;
use super::{FiniteModule, LoadOptions, ModuleError};
use crate::{MilnorAlgebra, PPart, DEFAULT_TABLE_BUDGET};

mod sub;

/// The `c ≥ 0` with odd coefficient in the Adem relation
/// `Sq^a Sq^b = Σ_c binom(b−c−1, a−2c) Sq^{a+b−c} Sq^c` (`0 < a < 2b`).
fn adem_terms(a: u32, b: u32) -> Vec<u32> {
    (0..=a / 2)
        .filter(|&c| binom_odd(i64::from(b - c - 1), i64::from(a - 2 * c)))
        .collect()
}

/// `Sq5 + Sq4 Sq1` for the terms `[0, 1]` of total degree 5; `0` if none.
fn format_adem_sum(total: u32, terms: &[u32]) -> String {
    if terms.is_empty() {
        return "0".to_string();
    }
    let parts: Vec<String> = terms
        .iter()
        .map(|&c| {
            if c == 0 {
                format!("Sq{total}")
            } else {
                format!("Sq{} Sq{c}", total - c)
            }
        })
        .collect();
    parts.join(" + ")
}

/// The basis of M: names by degree, in the file's order within a degree.
pub(super) struct Basis {
    pub min: i64,
    pub max: i64,
    /// `names[t − min]`: the basis of `M_t`.
    pub names: Vec<Vec<String>>,
    lookup: HashMap<String, (i64, usize)>,
}

impl Basis {
    fn new(gens: &[(String, i32)]) -> Basis {
        let min = gens.iter().map(|g| i64::from(g.1)).min().unwrap_or(0);
        let max = gens.iter().map(|g| i64::from(g.1)).max().unwrap_or(0);
        let mut names = vec![Vec::new(); (max - min + 1) as usize];
        let mut lookup = HashMap::new();
        for (name, deg) in gens {
            let slot = &mut names[(i64::from(*deg) - min) as usize];
            lookup.insert(name.clone(), (i64::from(*deg), slot.len()));
            slot.push(name.clone());
        }
        Basis {
            min,
            max,
            names,
            lookup,
        }
    }

    pub fn dim(&self, t: i64) -> usize {
        if t < self.min || t > self.max {
            0
        } else {
            self.names[(t - self.min) as usize].len()
        }
    }

    /// `x2 + x3`, or `0`.
    pub fn format(&self, t: i64, v: &FpVector) -> String {
        let parts: Vec<&str> = v
            .iter_ones()
            .map(|j| self.names[(t - self.min) as usize][j].as_str())
            .collect();
        if parts.is_empty() {
            "0".to_string()
        } else {
            parts.join(" + ")
        }
    }

    fn unit(&self, t: i64, x: usize) -> FpVector {
        let mut v = FpVector::new(self.dim(t));
        v.set(x, true);
        v
    }
}

/// An action of the file with its names resolved.
struct Resolved<'a> {
    spec: &'a ActionSpec,
    /// Degree and index of the generator acted on.
    t: i64,
    x: usize,
    /// The right side, a vector of `M_{t + |op|}` (length 0 beyond the top).
    rhs: FpVector,
}

/// The tables being built: `ρ(Sq^i)` and `ρ(Sq(R))` on every basis element.
struct Tables<'a> {
    basis: &'a Basis,
    /// `sq[i][t − min][x] = Sq^i x ∈ M_{t+i}`; `sq[i][t − min]` is empty when
    /// `t + i > max`.
    sq: Vec<Vec<Vec<FpVector>>>,
    /// `milnor[d][t − min][j · dim M_t + x] = Sq(R_j) x`, `R_j` the j-th
    /// Milnor basis element of degree `d`; empty when `t + d > max`.
    milnor: Vec<Vec<Vec<FpVector>>>,
}

impl Tables<'_> {
    /// `Sq^i v` for `v ∈ M_t` (length `dim M_{t+i}`; zero beyond the top).
    fn apply_sq(&self, i: u64, t: i64, v: &FpVector) -> FpVector {
        let target = t.saturating_add(i64::try_from(i).unwrap_or(i64::MAX));
        let mut out = FpVector::new(self.basis.dim(target));
        if out.is_empty() || t < self.basis.min {
            return out;
        }
        let column = &self.sq[i as usize][(t - self.basis.min) as usize];
        for x in v.iter_ones() {
            out.add(&column[x]);
        }
        out
    }

    /// `Sq(R) v`, `R` the `j`-th Milnor basis element of degree `d`, already tabulated.
    fn apply_milnor(&self, d: u64, j: usize, t: i64, v: &FpVector) -> FpVector {
        let target = t.saturating_add(i64::try_from(d).unwrap_or(i64::MAX));
        let mut out = FpVector::new(self.basis.dim(target));
        if out.is_empty() || t < self.basis.min {
            return out;
        }
        let dim_t = self.basis.dim(t);
        let column = &self.milnor[d as usize][(t - self.basis.min) as usize];
        for x in v.iter_ones() {
            out.add(&column[j * dim_t + x]);
        }
        out
    }
}

/// Build the module: see [`FiniteModule`] for the semantics and the checks, and
/// [`LoadOptions`] for the shift and the cells dropped above a degree. Every
/// action is checked against the whole file (names, degrees, duplicates); the
/// span limit, the Adem relations and the listed actions are checked on the
/// module that is kept.
pub(super) fn build(
    file: &str,
    name: String,
    spec: &Spec,
    options: &LoadOptions,
) -> Result<FiniteModule, ModuleError> {
    if let Some(profile) = &spec.profile {
        let in_sub = |f: &Factor| {
            let r = match f {
                Factor::Sq(i) => PPart::try_from_slice(&[*i]),
                Factor::Milnor(r) => PPart::try_from_slice(r),
            };
            r.is_some_and(|r| profile.contains(&r))
        };
        let listed = spec
            .actions
            .iter()
            .map(|a| (a.field.as_str(), a.op.as_slice()));
        super::profile::check_factors_in(file, profile, listed, in_sub)?;
    }
    let kept = shape::kept_module(file, &spec.gens, &spec.actions, spec.shift, options)?;
    let span = kept.span;
    let algebra = MilnorAlgebra::new(span as u32);
    shape::check_table_size(file, &kept, |d| algebra.dim(d), 64)?;
    let dropped = kept.dropped;
    let basis = Basis::new(&kept.gens);
    let actions = resolve_actions(&basis, &spec.actions);

    let mut tables = Tables {
        basis: &basis,
        sq: Vec::with_capacity(span + 1),
        milnor: Vec::with_capacity(span + 1),
    };
    fill_sq(&mut tables, span, &actions);
    // Over a sub-Hopf algebra B (a profile) generated by its Sq^(2^k) (every A(n)) the
    // module is read as a B-module: B's Milnor basis only, B's relations checked
    // ([`sub`]). Otherwise it is read as an A-module and restricted to B.
    let over_b = match &spec.profile {
        Some(profile) => {
            let b = MilnorAlgebra::with_profile(span as u32, DEFAULT_TABLE_BUDGET, Some(profile));
            sub::fill_and_check(file, &mut tables, &b, span)?.then_some(b)
        }
        None => None,
    };
    let restrict = over_b.is_none() && spec.profile.is_some();
    let algebra = match over_b {
        Some(b) => b,
        None => {
            check_adem(file, &tables, span)?;
            fill_milnor(&mut tables, &algebra, span, |_| true)
                .expect("the products Sq(i)·Sq(R) span A_d");
            algebra
        }
    };
    check_listed(file, &tables, &algebra, &actions)?;

    let milnor = std::mem::take(&mut tables.milnor);
    let module = FiniteModule {
        name,
        min_degree: basis.min as i32,
        max_degree: basis.max as i32,
        names: basis.names,
        algebra,
        milnor,
        dropped,
        cancelled: spec.actions.iter().filter_map(cancelled_terms).collect(),
    };
    Ok(match &spec.profile {
        Some(profile) if restrict => module.restricted_to(profile),
        _ => module,
    })
}

/// The line [`FiniteModule::cancelled_terms`] keeps for `action` when its right side
/// names a generator an even number of times (`x + x = 0` in a vector space over F_2),
/// else `None`.
fn cancelled_terms(action: &super::json::ActionSpec) -> Option<String> {
    // (name, count) in the order of first appearance; a right side may be long.
    let mut at: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for t in &action.targets {
        match at.get(t.as_str()) {
            Some(&i) => counts[i].1 += 1,
            None => {
                at.insert(t, counts.len());
                counts.push((t, 1));
            }
        }
    }
    if counts.len() == action.targets.len() {
        return None;
    }
    let even: Vec<String> = counts
        .iter()
        .filter(|&&(_, n)| n % 2 == 0)
        .map(|&(name, n)| format!("{name} written {n} times"))
        .collect();
    if even.is_empty() {
        return None;
    }
    let left: Vec<&str> = counts
        .iter()
        .filter(|&&(_, n)| n % 2 == 1)
        .map(|&(name, _)| name)
        .collect();
    let read = if left.is_empty() {
        "0".to_string()
    } else {
        left.join(" + ")
    };
    Some(format!(
        "{}: {} cancels mod 2 (read as {read})",
        action.field,
        even.join(", ")
    ))
}

/// The actions on generators that were kept, as vectors of the kept module
/// (checked by [`check_actions`] first). An action whose right side lies above
/// the top kept degree is zero there: the kept module is the quotient by the
/// cells dropped.
fn resolve_actions<'a>(basis: &Basis, actions: &'a [ActionSpec]) -> Vec<Resolved<'a>> {
    let mut out = Vec::with_capacity(actions.len());
    for a in actions {
        let Some(&(t, x)) = basis.lookup.get(&a.source) else {
            continue;
        };
        let target = i128::from(t) + i128::from(Factor::total_degree(&a.op));
        let rhs = if target > i128::from(basis.max) {
            FpVector::new(0)
        } else {
            let ones: Vec<usize> = a.targets.iter().map(|name| basis.lookup[name].1).collect();
            FpVector::from_ones(basis.dim(target as i64), &ones)
        };
        out.push(Resolved { spec: a, t, x, rhs });
    }
    out
}

/// The actions that define the module: a single `Sq^(2^k)`.
fn defining_power(a: &Resolved) -> Option<u32> {
    match a.spec.op.as_slice() {
        [Factor::Sq(i)] if i.is_power_of_two() => Some(*i),
        _ => None,
    }
}

/// `sq[0]` = identity; `sq[2^k]` from the file (unlisted: zero); `sq[i]`, `i`
/// not a power of two, from the Adem relation with `a = i − 2^k`, `b = 2^k`:
/// `Sq^i = Sq^a Sq^b + Σ_{c ≥ 1} binom(b−c−1, a−2c) Sq^{i−c} Sq^c` (the `c = 0`
/// coefficient `binom(2^k − 1, a)` is odd), all terms of smaller index.
fn fill_sq(tables: &mut Tables, span: usize, actions: &[Resolved]) {
    let basis = tables.basis;
    let blank = |i: i64| -> Vec<Vec<FpVector>> {
        (basis.min..=basis.max)
            .map(|t| {
                if t + i > basis.max {
                    Vec::new()
                } else {
                    vec![FpVector::new(basis.dim(t + i)); basis.dim(t)]
                }
            })
            .collect()
    };
    for i in 0..=span {
        let mut column = blank(i as i64);
        if i == 0 {
            for (t, slot) in (basis.min..=basis.max).zip(column.iter_mut()) {
                for (x, v) in slot.iter_mut().enumerate() {
                    *v = basis.unit(t, x);
                }
            }
        } else if i.is_power_of_two() {
            for a in actions {
                if defining_power(a) == Some(i as u32) && a.t + i as i64 <= basis.max {
                    column[(a.t - basis.min) as usize][a.x] = a.rhs.clone();
                }
            }
        } else {
            let b = 1u64 << (63 - (i as u64).leading_zeros());
            let a = i as u64 - b;
            for (t, slot) in (basis.min..=basis.max - i as i64).zip(column.iter_mut()) {
                for (x, out) in slot.iter_mut().enumerate() {
                    let e = basis.unit(t, x);
                    let mut v = tables.apply_sq(a, t + b as i64, &tables.apply_sq(b, t, &e));
                    for c in 1..=a / 2 {
                        if binom_odd((b - c - 1) as i64, (a - 2 * c) as i64) {
                            v.add(&tables.apply_sq(
                                i as u64 - c,
                                t + c as i64,
                                &tables.apply_sq(c, t, &e),
                            ));
                        }
                    }
                    *out = v;
                }
            }
        }
        tables.sq.push(column);
    }
}

/// Every Adem relation `Sq^a Sq^b = Σ_c binom(b−c−1, a−2c) Sq^{a+b−c} Sq^c`,
/// `0 < a < 2b`, `a + b ≤ span`, on every basis element.
fn check_adem(file: &str, tables: &Tables, span: usize) -> Result<(), ModuleError> {
    let basis = tables.basis;
    for total in 2..=span as u32 {
        for b in 1..total {
            let a = total - b;
            if a >= 2 * b {
                continue;
            }
            let terms = adem_terms(a, b);
            for t in basis.min..=basis.max - i64::from(total) {
                for x in 0..basis.dim(t) {
                    let e = basis.unit(t, x);
                    let lhs = tables.apply_sq(
                        a.into(),
                        t + i64::from(b),
                        &tables.apply_sq(b.into(), t, &e),
                    );
                    let mut rhs = FpVector::new(lhs.len());
                    for &c in &terms {
                        let inner = tables.apply_sq(c.into(), t, &e);
                        rhs.add(&tables.apply_sq((total - c).into(), t + i64::from(c), &inner));
                    }
                    if lhs != rhs {
                        let top = t + i64::from(total);
                        let name = &basis.names[(t - basis.min) as usize][x];
                        let sum = format_adem_sum(total, &terms);
                        let detail = if terms.is_empty() {
                            format!("Sq{a} Sq{b} {name} = {}", basis.format(top, &lhs))
                        } else {
                            let applied = if terms.len() == 1 {
                                format!("{sum} {name}")
                            } else {
                                format!("({sum}) {name}")
                            };
                            format!(
                                "Sq{a} Sq{b} {name} = {} but {applied} = {}",
                                basis.format(top, &lhs),
                                basis.format(top, &rhs)
                            )
                        };
                        return Err(ModuleError::NotAModule {
                            file: file.to_string(),
                            relation: format!("Sq{a} Sq{b} = {sum}"),
                            generator: name.clone(),
                            detail,
                        });
                    }
                }
            }
        }
    }
    Ok(())
}

/// `ρ(Sq(R))` for every Milnor basis element of degree `d ≤ span`. In degree
/// `d ≥ 1` the products `Sq(i)·Sq(R')` (`i ≥ 1`, `|R'| = d − i`) span `A_d`;
/// pick `dim A_d` independent ones `P_k`, invert the matrix `P` of their Milnor
/// coordinates (row reduce `[P | I]` to `[I | P⁻¹]`), and then
/// `Sq(R_j) = Σ_k (P⁻¹)_{jk} P_k` acts by `Σ_k (P⁻¹)_{jk} ρ(Sq^{i_k}) ρ(Sq(R'_k))`.
/// This is well defined because the Adem relations (a presentation of `A` on
/// the `Sq^i`) hold in M.
///
/// Only the `Sq(i)` with `uses(i)` are tried (all of them over `A`; over a sub-Hopf
/// algebra `B`, whose basis `algebra` then is, the `Sq^(2^k)` in `B`: [`sub`]). Error:
/// the first degree in which those products do not span.
fn fill_milnor(
    tables: &mut Tables,
    algebra: &MilnorAlgebra,
    span: usize,
    uses: impl Fn(u32) -> bool,
) -> Result<(), u32> {
    let basis = tables.basis;
    let identity: Vec<Vec<FpVector>> = (basis.min..=basis.max)
        .map(|t| (0..basis.dim(t)).map(|x| basis.unit(t, x)).collect())
        .collect();
    tables.milnor.push(identity);
    for d in 1..=span as u32 {
        let n = algebra.dim(d);
        // Independent products Sq(i)·Sq(R'_k), as (i, index of R' in degree d − i).
        let mut chosen: Vec<(u32, usize, FpVector)> = Vec::with_capacity(n);
        let mut span_so_far = Subspace::new(n);
        'search: for i in (1..=d).rev().filter(|&i| uses(i)) {
            let sq_i = algebra.basis(i)[0];
            for (r_idx, r) in algebra.basis(d - i).iter().enumerate() {
                let mut v = FpVector::new(n);
                algebra.multiply_basis(&sq_i, r, |idx| v.flip(idx));
                if span_so_far.add_vector(&v) {
                    chosen.push((i, r_idx, v));
                    if chosen.len() == n {
                        break 'search;
                    }
                }
            }
        }
        if chosen.len() < n {
            return Err(d);
        }
        let mut m = Matrix::new(n, 2 * n);
        for (k, (_, _, v)) in chosen.iter().enumerate() {
            for j in v.iter_ones() {
                m.set(k, j, true);
            }
            m.set(k, n + k, true);
        }
        let pivots = m.row_reduce();
        assert!(
            pivots.len() >= n && pivots[..n].iter().enumerate().all(|(j, &p)| p == j),
            "products must be independent"
        );
        let coeffs: Vec<FpVector> = (0..n).map(|j| m.row_vector(j).slice(n, 2 * n)).collect();

        let mut column = Vec::with_capacity(basis.names.len());
        for t in basis.min..=basis.max {
            let (dim_t, dim_top) = (basis.dim(t), basis.dim(t + i64::from(d)));
            if t + i64::from(d) > basis.max {
                column.push(Vec::new());
                continue;
            }
            if dim_t == 0 || dim_top == 0 {
                column.push(vec![FpVector::new(dim_top); n * dim_t]);
                continue;
            }
            // w[x][k] = Sq^{i_k} Sq(R'_k) x.
            let w: Vec<Vec<FpVector>> = (0..dim_t)
                .map(|x| {
                    chosen
                        .iter()
                        .map(|&(i, r_idx, _)| {
                            // t + (d − i) ≤ t + d ≤ max, so the entry exists.
                            let inner = &tables.milnor[(d - i) as usize][(t - basis.min) as usize]
                                [r_idx * dim_t + x];
                            tables.apply_sq(i.into(), t + i64::from(d - i), inner)
                        })
                        .collect()
                })
                .collect();
            let mut block = Vec::with_capacity(n * dim_t);
            for coeff in &coeffs {
                for wx in &w {
                    let mut v = FpVector::new(dim_top);
                    for k in coeff.iter_ones() {
                        v.add(&wx[k]);
                    }
                    block.push(v);
                }
            }
            column.push(block);
        }
        tables.milnor.push(column);
    }
    Ok(())
}

/// The listed actions that are not a single `Sq^(2^k)` must agree with what
/// the `Sq^(2^k)` determine.
fn check_listed(
    file: &str,
    tables: &Tables,
    algebra: &MilnorAlgebra,
    actions: &[Resolved],
) -> Result<(), ModuleError> {
    let basis = tables.basis;
    for a in actions {
        if defining_power(a).is_some() {
            continue;
        }
        let mut t = a.t;
        let mut v = basis.unit(a.t, a.x);
        for factor in a.spec.op.iter().rev() {
            let d = factor.degree();
            if i128::from(t) + i128::from(d) > i128::from(basis.max) {
                v = FpVector::new(0);
                break;
            }
            v = match factor {
                Factor::Sq(i) => tables.apply_sq((*i).into(), t, &v),
                Factor::Milnor(r) => {
                    // |R| ≤ span ≤ 510 here, so R has at most MAX_PPART_LEN entries.
                    let j = algebra.index_of(&PPart::from_slice(r));
                    tables.apply_milnor(d, j, t, &v)
                }
            };
            t += d as i64;
        }
        if v != a.rhs {
            let top = a.t + (Factor::total_degree(&a.spec.op) as i64);
            return Err(ModuleError::field(
                file,
                &a.spec.field,
                format!(
                    "the actions of the Sq^(2^k) determine {} = {}, not {}",
                    a.spec.lhs,
                    basis.format(top, &v),
                    basis.format(top, &a.rhs)
                ),
            ));
        }
    }
    Ok(())
}
