//! From a syntax-checked [`Spec`] to the action tables of a [`FiniteModule`], at every
//! prime: resolve names and degrees, tabulate every Milnor basis element through a
//! decomposition into the algebra's generators, check the Adem relations (the prime's:
//! [`FileAlgebra::check_adem`]) and every listed action.

use std::collections::HashMap;

use fp::{Field, FqVector, MatrixOf, Prime, Subspace, Vector};

use super::file_algebra::FileAlgebra;
use super::json::{ActionSpec, Spec};
use super::shape::{self, Kept};
use super::{FieldVector, FiniteModule, LoadOptions, ModuleError};
use crate::{Algebra, Profile};

mod sub;

/// The basis of M: names by degree, in the file's order within a degree, and its
/// vectors over the field `F`.
pub(super) struct Basis<F: Field> {
    pub field: F,
    pub min: i64,
    pub max: i64,
    /// `names[t − min]`: the basis of `M_t`.
    pub names: Vec<Vec<String>>,
    /// `name → (t, x)`.
    lookup: HashMap<String, (i64, usize)>,
}

impl<F: Field> Basis<F> {
    fn new(field: F, kept: &Kept) -> Basis<F> {
        let max = kept.min + kept.span as i64;
        let mut names = vec![Vec::new(); kept.span + 1];
        let mut lookup = HashMap::with_capacity(kept.gens.len());
        for (name, deg) in &kept.gens {
            let slot: &mut Vec<String> = &mut names[(i64::from(*deg) - kept.min) as usize];
            lookup.insert(name.clone(), (i64::from(*deg), slot.len()));
            slot.push(name.clone());
        }
        Basis {
            field,
            min: kept.min,
            max,
            names,
            lookup,
        }
    }

    /// `dim M_t` (0 outside the module).
    pub fn dim(&self, t: i64) -> usize {
        if t < self.min || t > self.max {
            0
        } else {
            self.names[(t - self.min) as usize].len()
        }
    }

    /// `(t, x)` of the generator `name`, if kept.
    fn find(&self, name: &str) -> Option<(i64, usize)> {
        self.lookup.get(name).copied()
    }

    /// The name of the `x`-th basis element of `M_t`.
    pub fn name(&self, t: i64, x: usize) -> &str {
        &self.names[(t - self.min) as usize][x]
    }

    /// `x2 + x3` (`2 x4 + x5` at odd p), or `0`, for a vector of `M_t`.
    pub fn format(&self, t: i64, v: &F::Vector) -> String {
        super::format_element(v, |j| self.name(t, j))
    }

    /// The `x`-th basis element of `M_t`.
    pub fn unit(&self, t: i64, x: usize) -> F::Vector {
        let mut v = self.zero(t);
        v.add_basis_element(x, 1);
        v
    }

    /// The zero vector of `M_t` (of length 0 outside the module).
    pub fn zero(&self, t: i64) -> F::Vector {
        self.field.zero_vector(self.dim(t))
    }
}

/// An action of the file with its names resolved.
struct Resolved<'a, F, V> {
    spec: &'a ActionSpec<F>,
    /// Degree and index of the generator acted on.
    t: i64,
    x: usize,
    /// The right side, a vector of `M_{t + |op|}` (length 0 beyond the top).
    rhs: V,
}

/// An operation of the algebra (a generator `Sq^(2^k)`, `β`, `P^(p^k)` as the file gives
/// it, or at p = 2 a square `Sq^i` derived from them) and its action on the module.
pub(super) struct Operation<A: Algebra> {
    pub degree: u32,
    pub element: A::Element,
    /// How errors name it (`Sq4`, `b`, `P3`).
    pub name: String,
    /// `action[t − min][x] = a·x ∈ M_{t+degree}` (a generator unlisted: zero); empty when
    /// `t + degree > max`.
    pub action: Vec<Vec<FieldVector<A>>>,
}

impl<A: Algebra> Operation<A> {
    /// `a·v` for `v ∈ M_t`: a vector of `M_{t + |a|}` (of length 0 beyond the top).
    pub fn apply(&self, basis: &Basis<A::Field>, t: i64, v: &FieldVector<A>) -> FieldVector<A> {
        let mut out = basis.zero(t.saturating_add(i64::from(self.degree)));
        if out.is_empty() || t < basis.min {
            return out;
        }
        let column = &self.action[(t - basis.min) as usize];
        for (x, c) in v.nonzero_entries() {
            out.add_scaled_at(&column[x], c, 0);
        }
        out
    }
}

/// The tables of a module being built: the generators' actions (as the file gives
/// them), highest degree first, and `milnor[d][t − min][j · dim M_t + x] = a_j·x` (`a_j`
/// the `j`-th Milnor basis element of degree `d`), empty when `t + d > max`.
pub(super) struct Tables<'a, A: Algebra> {
    pub basis: &'a Basis<A::Field>,
    pub generators: Vec<Operation<A>>,
    pub milnor: Vec<Vec<Vec<FieldVector<A>>>>,
}

impl<A: Algebra> Tables<'_, A> {
    /// `a·v`, `a` the `j`-th Milnor basis element of degree `d` (tabulated), `v ∈ M_t`;
    /// a vector of `M_{t+d}` (of length 0 beyond the top).
    pub fn apply(&self, d: u64, j: usize, t: i64, v: &FieldVector<A>) -> FieldVector<A> {
        let target = t.saturating_add(i64::try_from(d).unwrap_or(i64::MAX));
        let mut out = self.basis.zero(target);
        if out.is_empty() || t < self.basis.min {
            return out;
        }
        let dim_t = self.basis.dim(t);
        let column = &self.milnor[d as usize][(t - self.basis.min) as usize];
        for (x, c) in v.nonzero_entries() {
            out.add_scaled_at(&column[j * dim_t + x], c, 0);
        }
        out
    }
}

/// Build the module: see [`FiniteModule`] for the semantics and the checks, and
/// [`LoadOptions`] for the shift and the cells dropped above a degree. Every action is
/// checked against the whole file (names, degrees, duplicates); the span limit, the Adem
/// relations and the listed actions are checked on the module that is kept. Over a
/// profile the module is read as a module over its sub-Hopf algebra `B` where `A` says
/// so and `B` is generated by its generators ([`FileAlgebra::READS_OVER_PROFILE`],
/// [`sub`]), else as an `A`-module and restricted to `B`.
pub(super) fn build<A: FileAlgebra>(
    file: &str,
    name: String,
    field: A::Field,
    spec: &Spec<A::Factor>,
    options: &LoadOptions,
) -> Result<FiniteModule<A>, ModuleError>
where
    A::Field: Field<Vector = FqVector<A::Field>>,
{
    if let Some(profile) = &spec.profile {
        check_factors_in::<A>(file, field, profile, &spec.actions)?;
    }
    let kept = shape::kept_module(file, &spec.gens, &spec.actions, spec.shift, options)?;
    let whole = A::whole(field, kept.span as u32);
    let per_limb = field.entries_per_limb() as u64;
    shape::check_table_size(file, &kept, |d| whole.dim(d), per_limb)?;
    let basis = Basis::new(field, &kept);
    let actions = resolve_actions(&basis, &spec.actions);
    let over_b = match &spec.profile {
        Some(profile) if A::READS_OVER_PROFILE => {
            sub::read_over(file, &basis, &actions, whole.restrict(profile))?
        }
        _ => None,
    };
    let restrict = over_b.is_none() && spec.profile.is_some();
    let (algebra, milnor) = match over_b {
        Some(read) => read,
        None => {
            let tables = Tables {
                basis: &basis,
                generators: generator_tables(&basis, &actions, &whole),
                milnor: Vec::new(),
            };
            let tables = A::tabulate_checked(file, tables, &whole)?;
            check_listed::<A>(file, &tables, &whole, &actions)?;
            (whole, tables.milnor)
        }
    };
    let module = FiniteModule {
        name,
        min_degree: basis.min as i32,
        max_degree: basis.max as i32,
        names: basis.names,
        algebra,
        milnor,
        dropped: kept.dropped,
        cancelled: spec.actions.iter().filter_map(A::cancelled_terms).collect(),
    };
    Ok(match &spec.profile {
        Some(profile) if restrict => module.restricted_to(profile),
        _ => module,
    })
}

/// Every factor of every listed action lies in the sub-Hopf algebra of `profile`. Errors
/// name the file and the action.
fn check_factors_in<A: FileAlgebra>(
    file: &str,
    field: A::Field,
    profile: &Profile,
    actions: &[ActionSpec<A::Factor>],
) -> Result<(), ModuleError> {
    // Membership depends on the prime alone, not on a range.
    let algebra = A::whole(field, 0);
    let in_sub =
        |f: &A::Factor| A::factor_element(f).is_some_and(|x| algebra.in_profile(profile, &x));
    let listed = actions.iter().map(|a| (a.field.as_str(), a.op.as_slice()));
    super::profile::check_factors_in(file, profile, listed, in_sub)
}

/// The actions on generators that were kept, as vectors of the kept module (checked by
/// [`shape::kept_module`] first). An action whose right side lies above the top kept
/// degree is zero there: the kept module is the quotient by the cells dropped.
fn resolve_actions<'a, F: Field, X>(
    basis: &Basis<F>,
    actions: &'a [ActionSpec<X>],
) -> Vec<Resolved<'a, X, F::Vector>> {
    let mut out = Vec::with_capacity(actions.len());
    for a in actions {
        let Some((t, x)) = basis.find(&a.source) else {
            continue;
        };
        let target = i128::from(t) + i128::from(a.degree);
        let rhs = if target > i128::from(basis.max) {
            basis.field.zero_vector(0)
        } else {
            let mut v = basis.zero(target as i64);
            for (name, c) in &a.targets {
                // kept_module made sure every target lies in this degree.
                let (_, y) = basis.find(name).expect("a target of a kept degree is kept");
                v.add_basis_element(y, *c);
            }
            v
        };
        out.push(Resolved { spec: a, t, x, rhs });
    }
    out
}

/// The degree of the generator a listed action defines, if it is a single generator.
fn defined_generator<A: FileAlgebra>(a: &ActionSpec<A::Factor>, p: u32) -> Option<u64> {
    match a.op.as_slice() {
        [f] => A::generator_degree(f, p),
        _ => None,
    }
}

/// The generators of `algebra` of degree `≤ span`, highest degree first, with the
/// actions the file lists.
fn generator_tables<A: FileAlgebra>(
    basis: &Basis<A::Field>,
    actions: &[Resolved<A::Factor, FieldVector<A>>],
    algebra: &A,
) -> Vec<Operation<A>> {
    let span = (basis.max - basis.min) as u32;
    let p = basis.field.value();
    let mut generators = algebra.generators(span);
    generators.reverse();
    generators
        .into_iter()
        .map(|(degree, index, name)| {
            let d = i64::from(degree);
            let mut action: Vec<Vec<FieldVector<A>>> = (basis.min..=basis.max)
                .map(|t| match t + d > basis.max {
                    true => Vec::new(),
                    false => vec![basis.zero(t + d); basis.dim(t)],
                })
                .collect();
            for a in actions {
                let defines = defined_generator::<A>(a.spec, p) == Some(u64::from(degree));
                if defines && a.t + d <= basis.max {
                    action[(a.t - basis.min) as usize][a.x] = a.rhs.clone();
                }
            }
            Operation {
                degree,
                element: algebra.basis(degree)[index],
                name,
                action,
            }
        })
        .collect()
}

/// The tables of the module over `algebra` (a sub-Hopf algebra): the generators in it
/// from the file ([`generator_tables`]) and every Milnor basis element through them
/// ([`fill_milnor`]), no relation checked. Error: the first degree in which the products
/// of its generators do not span `algebra`.
fn tabulate<'a, A: FileAlgebra>(
    basis: &'a Basis<A::Field>,
    actions: &[Resolved<A::Factor, FieldVector<A>>],
    algebra: &A,
) -> Result<Tables<'a, A>, u32>
where
    A::Field: Field<Vector = FqVector<A::Field>>,
{
    let generators = generator_tables(basis, actions, algebra);
    let milnor = fill_milnor(basis, &generators, algebra)?;
    Ok(Tables {
        basis,
        generators,
        milnor,
    })
}

/// `milnor[0]` = identity; in every degree `d ≥ 1` pick `dim A_d` independent products
/// `a·y` (`a` one of the operations `left`, highest degree first, `y` a Milnor basis
/// element of degree `d − |a|`; they span `A_d` when `left` generates the algebra:
/// `Sq^(2^k)` at p = 2, `β` and `P^(p^k)` at odd p, Milnor 1958, §6; Steenrod–Epstein,
/// Ch. VI), invert the matrix `P` of their Milnor coordinates (row reduce `[P | I]` to
/// `[I | P⁻¹]`), and let `a_j = Σ_k (P⁻¹)_{jk} a_k y_k` act by
/// `Σ_k (P⁻¹)_{jk} ρ(a_k) ρ(y_k)`. This is the action of the algebra exactly when its
/// relations hold on M (the Adem relations, checked before or after:
/// [`FileAlgebra::tabulate_checked`]). Error: the first degree in which the products do
/// not span.
pub(super) fn fill_milnor<A: Algebra>(
    basis: &Basis<A::Field>,
    left: &[Operation<A>],
    algebra: &A,
) -> Result<Vec<Vec<Vec<FieldVector<A>>>>, u32>
where
    A::Field: Field<Vector = FqVector<A::Field>>,
{
    let identity: Vec<Vec<FieldVector<A>>> = (basis.min..=basis.max)
        .map(|t| (0..basis.dim(t)).map(|x| basis.unit(t, x)).collect())
        .collect();
    let mut milnor = vec![identity];
    let span = (basis.max - basis.min) as u32;
    for d in 1..=span {
        let (chosen, coeffs) = decompose(left, algebra, d)?;
        let column = (basis.min..=basis.max)
            .map(|t| tabulate_degree(basis, left, &milnor, (&chosen, &coeffs), t, d))
            .collect();
        milnor.push(column);
    }
    Ok(milnor)
}

/// `dim A_d` independent products `g·y` as `(index of g, index of y in degree d − |g|)`,
/// and the rows of `P⁻¹` ([`fill_milnor`]). Error: `d`, when they do not span.
#[allow(clippy::type_complexity)]
fn decompose<A: Algebra>(
    left: &[Operation<A>],
    algebra: &A,
    d: u32,
) -> Result<(Vec<(usize, usize)>, Vec<FieldVector<A>>), u32>
where
    A::Field: Field<Vector = FqVector<A::Field>>,
{
    let field = algebra.field();
    let n = algebra.dim(d);
    let mut chosen = Vec::with_capacity(n);
    let mut rows = Vec::with_capacity(n);
    let mut span_so_far = Subspace::zero(field, n);
    'search: for (g_idx, g) in left.iter().enumerate() {
        if g.degree > d {
            continue;
        }
        for (y_idx, y) in algebra.basis(d - g.degree).iter().enumerate() {
            if chosen.len() == n {
                break 'search;
            }
            let mut v = field.zero_vector(n);
            algebra.multiply_basis(&g.element, y, |k, c| v.add_basis_element(k, c));
            if span_so_far.add_vector(&v) {
                chosen.push((g_idx, y_idx));
                rows.push(v);
            }
        }
    }
    if chosen.len() < n {
        return Err(d);
    }
    let mut m = field.zero_matrix(n, 2 * n);
    for (k, v) in rows.iter().enumerate() {
        for (j, c) in v.nonzero_entries() {
            m.set_entry(k, j, c);
        }
        m.set_entry(k, n + k, 1);
    }
    let pivots = m.row_reduce();
    assert!(
        pivots.len() >= n && pivots[..n].iter().enumerate().all(|(j, &q)| q == j),
        "products must be independent"
    );
    let coeffs = (0..n).map(|j| m.row_vector(j).slice(n, 2 * n)).collect();
    Ok((chosen, coeffs))
}

/// `milnor[d][t − min]`: `a_j·x = Σ_k (P⁻¹)_{jk} a_k (y_k x)` for every Milnor basis
/// element `a_j` of degree `d` and basis element `x` of `M_t` ([`fill_milnor`]; `milnor`
/// the tables below `d`, `chosen` the products `a_k·y_k`, `coeffs` the rows of `P⁻¹`).
#[allow(clippy::type_complexity)]
fn tabulate_degree<A: Algebra>(
    basis: &Basis<A::Field>,
    left: &[Operation<A>],
    milnor: &[Vec<Vec<FieldVector<A>>>],
    (chosen, coeffs): (&[(usize, usize)], &[FieldVector<A>]),
    t: i64,
    d: u32,
) -> Vec<FieldVector<A>> {
    let top = t + i64::from(d);
    let (dim_t, dim_top, n) = (basis.dim(t), basis.dim(top), coeffs.len());
    if top > basis.max {
        return Vec::new();
    }
    if dim_t == 0 || dim_top == 0 || n == 0 {
        return vec![basis.zero(top); n * dim_t];
    }
    // w[x][k] = a_k (y_k x); t + (d − |a_k|) ≤ t + d ≤ max, so every entry exists.
    let w: Vec<Vec<FieldVector<A>>> = (0..dim_t)
        .map(|x| {
            chosen
                .iter()
                .map(|&(a_idx, y_idx)| {
                    let a = &left[a_idx];
                    let below = (d - a.degree) as usize;
                    let inner = &milnor[below][(t - basis.min) as usize][y_idx * dim_t + x];
                    a.apply(basis, t + i64::from(d - a.degree), inner)
                })
                .collect()
        })
        .collect();
    let mut block = Vec::with_capacity(n * dim_t);
    for coeff in coeffs {
        for wx in &w {
            let mut v = basis.zero(top);
            for (k, c) in coeff.nonzero_entries() {
                v.add_scaled_at(&wx[k], c, 0);
            }
            block.push(v);
        }
    }
    block
}

/// The listed actions that are not a single generator must agree with what the
/// generators determine (through the tables over `algebra`).
fn check_listed<A: FileAlgebra>(
    file: &str,
    tables: &Tables<A>,
    algebra: &A,
    actions: &[Resolved<A::Factor, FieldVector<A>>],
) -> Result<(), ModuleError> {
    let basis = tables.basis;
    let p = basis.field.value();
    for a in actions {
        if defined_generator::<A>(a.spec, p).is_some() {
            continue;
        }
        let mut t = a.t;
        let mut v = basis.unit(a.t, a.x);
        for factor in a.spec.op.iter().rev() {
            let d = A::factor_degree(factor, p);
            if i128::from(t) + i128::from(d) > i128::from(basis.max) {
                v = basis.field.zero_vector(0);
                break;
            }
            // d ≤ span ≤ 510 here, so the factor is a tabulated basis element.
            let x = A::factor_element(factor)
                .expect("a factor of degree ≤ span is a Milnor basis element");
            v = tables.apply(d, algebra.index_of(d as u32, &x), t, &v);
            t += d as i64;
        }
        if v != a.rhs {
            let top = a.t + a.spec.degree as i64;
            return Err(ModuleError::field(
                file,
                &a.spec.field,
                format!(
                    "the actions of {} determine {} = {}, not {}",
                    A::GENERATORS,
                    a.spec.lhs,
                    basis.format(top, &v),
                    basis.format(top, &a.rhs)
                ),
            ));
        }
    }
    Ok(())
}
