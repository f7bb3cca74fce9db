//! The classes a [`NameTable`] names on a resolution of the sphere `F_p` at any prime, and
//! the names of a chart's basis classes as monomials in them.
//!
//! **Evaluating a row.** `unique`: `dim Ext = 1` there, the class is its basis vector.
//! `<A, B, C>`: the Massey product (`resolution::chain_map::massey`), which must be
//! defined, nonzero, without indeterminacy. `indecomposable`: the decomposables `D` of the
//! bidegree (below) leave exactly one basis class outside. A product: the monomial's value.
//!
//! **Products.** `x · h_i` (and `x · a_0` at odd p) is read off the differentials
//! (`resolution::products`); `x · g` for another named `g` from the lift of `g` to a chain
//! map (`chain_map::yoneda`), made once per `g`. Only the `g` with `2·stem(g) ≤ max_stem`
//! and `2·s(g) ≤ max_s` are lifted: in a monomial with two or more factors other than
//! `h_i`, all but the one of largest stem are such a `g`, so building monomials from that
//! factor by `h_i` and lifted `g` reaches every monomial, with the same number of factors.
//! For the same reason the decomposables `D` of a bidegree are spanned by `h_i · Ext` and
//! `g · Ext` over those `g` (when the table's classes generate Ext below it).
//!
//! **Naming** ([`Namer::name_classes`]): a breadth-first search over monomials in the named
//! classes by number of factors (Ext of the sphere is commutative at p = 2, graded
//! commutative up to the sign `(−1)^{ss' + tt'}` at odd p: Ravenel, "Complex cobordism",
//! 2nd ed., §A1.2), keeping for each line `F_p^× · x` the first monomial that reaches it:
//! the fewest factors, then the table's order. A basis class gets the name of the element
//! on its line (a row's own name first): at odd p the name holds up to a unit, as the
//! field names classes (`⟨h0, h0, h0⟩ = ±b0`). A basis class that is no monomial — only
//! a sum of them, or none — gets no name: the basis is an artefact of the resolution, and
//! a sum is not a name. Where the literature writes a class as another monomial than the
//! shortest (`h1^2 d0`, Isaksen's name of `d2(e0)`, rather than `h3 Ph1`),
//! [`Namer::prefer`] names it so.

use std::collections::HashMap;

use fp::{Field, Prime, SubspaceOf, Vector};
use resolution::chain_map::massey::massey_product;
use resolution::chain_map::yoneda::{lift_class, multiply, ExtOf};
use resolution::chain_map::{ChainMap, ChainMapError, LiftModule, LiftTarget};
use resolution::products::{is_resolved, multiply_by, Primitive, ReadOff, MAX_HOPF_INDEX};
use resolution::{Bidegree, Resolution};
use steenrod::module::FiniteModule;
use steenrod::{Algebra, Module};

use chart::names::{Definition, Monomial, NameTable, NamesError, Preferred, Row};

/// A class named by a monomial: the basis class `(stem, s, index)` and its name.
pub type Named = HashMap<(i32, u32, usize), String>;

/// A module whose sphere's classes a table names: `M` resolved over an algebra whose
/// [`Primitive`] classes are read off (p = 2 and odd p).
pub trait NamedModule: LiftModule<Algebra: ReadOff> {}

impl<M: LiftModule<Algebra: ReadOff>> NamedModule for M {}

/// The subspaces of `Ext` of `M`'s field.
type SubspaceOver<M> = <<<M as Module>::Algebra as Algebra>::Field as Field>::Subspace;

/// An element up to a unit: its terms `(index, c)` scaled so that the first `c` is 1.
type Line = Vec<(usize, u32)>;

/// The classes of a table on one resolution of the sphere, with the lifts made for them.
pub struct Namer<'a, M: NamedModule = FiniteModule> {
    res: &'a Resolution<M>,
    tgt: LiftTarget<'a, M>,
    table: &'a NameTable,
    /// Per row: its element, `None` when outside the range (or using a row that is), or
    /// an `indecomposable` row no basis class represents.
    elements: Vec<Option<ExtOf<M>>>,
    /// Lifts of the rows that are multiplied by lifting ([`Namer::liftable`]).
    lifts: HashMap<usize, ChainMap<'a, M>>,
    /// Per `indecomposable` row evaluated where the decomposables are not 0: the basis
    /// class taken for it.
    taken: HashMap<usize, TakenModuloDecomposables>,
}

/// A basis class taken for a class named only modulo decomposables (an `indecomposable`
/// row) in a bidegree where the decomposables `D` are not 0: any class outside `D` has the
/// name, and the one basis class outside `D` is taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakenModuloDecomposables {
    /// The row's name (`f0`).
    pub name: String,
    /// Its bidegree.
    pub at: Bidegree,
    /// `dim Ext` there.
    pub dim: usize,
    /// `dim D` there (at least 1).
    pub decomposables: usize,
    /// The index of the basis class taken.
    pub index: usize,
}

impl<'a, M: NamedModule> Namer<'a, M> {
    /// Evaluates every row of `table` inside the range of `sphere` (a resolution of `F_p`
    /// over `A`, p the table's prime). Errors: a table of another prime (naming the file);
    /// a row whose definition does not hold there, named by line and field
    /// (`definition`), with the reason (`dim Ext is 2, not 1`, `indeterminacy …`).
    pub fn new(sphere: &'a Resolution<M>, table: &'a NameTable) -> Result<Self, NamesError> {
        let p = sphere.prime().value();
        if table.prime != p {
            return Err(NamesError::File {
                path: table.path.clone(),
                why: format!(
                    "its names are of classes at p = {}, the resolution is at p = {p}",
                    table.prime
                ),
            });
        }
        let mut namer = Namer {
            res: sphere,
            tgt: LiftTarget::new(sphere),
            table,
            elements: Vec::new(),
            lifts: HashMap::new(),
            taken: HashMap::new(),
        };
        for (k, row) in table.rows.iter().enumerate() {
            let at = Bidegree::n_s(row.stem, row.s);
            let value = match is_resolved(sphere, at) {
                true => namer
                    .evaluate(k, row, at)
                    .map_err(|why| NamesError::Field {
                        path: table.path.clone(),
                        line: row.line,
                        field: "definition",
                        why: format!("{}: {why}", row.name),
                    })?,
                false => None,
            };
            namer.elements.push(value);
        }
        Ok(namer)
    }

    /// The element named `name` (a row of the table), `None` outside the range.
    pub fn element(&self, name: &str) -> Option<&ExtOf<M>> {
        let k = self.table.rows.iter().position(|r| r.name == name)?;
        self.elements[k].as_ref()
    }

    /// The value of a monomial in the table's names. Errors (one line): a factor outside
    /// the range, or the product leaving it.
    pub fn monomial(&mut self, m: &Monomial) -> Result<ExtOf<M>, String> {
        let mut factors: Vec<usize> = Vec::new();
        for (name, k) in m {
            let row = self
                .index(name)
                .ok_or(format!("{name} is not in the table"))?;
            if self.elements[row].is_none() {
                let r = &self.table.rows[row];
                return Err(format!(
                    "{name} at (stem {}, s {}) lies outside the range (or its definition does)",
                    r.stem, r.s
                ));
            }
            factors.extend(std::iter::repeat_n(row, *k as usize));
        }
        // The factor of largest stem first; the others multiply it.
        factors.sort_by_key(|&k| std::cmp::Reverse(self.table.rows[k].stem));
        let mut x = self.elements[factors[0]].clone().expect("checked");
        for &g in &factors[1..] {
            x = self
                .times(&x, g, true)
                .map_err(|e| e.to_string())?
                .ok_or_else(|| format!("the product leaves the range (at {})", x.bidegree))?;
        }
        Ok(x)
    }

    fn index(&self, name: &str) -> Option<usize> {
        self.table.rows.iter().position(|r| r.name == name)
    }

    /// The class of `Ext^1` read off the differentials that row `k` is: `h_i` (`i ≤`
    /// [`MAX_HOPF_INDEX`]), or `a_0` at odd p.
    fn hopf(&self, k: usize) -> Option<Primitive> {
        let name = &self.table.rows[k].name;
        if name == "a0" && self.table.prime != 2 {
            return Some(Primitive::A0);
        }
        let i: u32 = name.strip_prefix('h')?.parse().ok()?;
        (i <= MAX_HOPF_INDEX).then_some(Primitive::H(i))
    }

    /// Whether products by row `k` (not an `h_i`) are made from its lift: `2·stem ≤
    /// max_stem`, `2·s ≤ max_s` (see the module).
    fn liftable(&self, k: usize) -> bool {
        let (row, config) = (&self.table.rows[k], self.res.config());
        self.hopf(k).is_none()
            && self.elements[k].is_some()
            && 2 * row.stem <= config.max_stem
            && 2 * row.s <= config.max_s
    }

    /// `x · (row g)`: `None` when the product lies outside the range. `any`: lift `g`
    /// even when it is not [`Namer::liftable`] (a product asked for by name).
    fn times(
        &mut self,
        x: &ExtOf<M>,
        g: usize,
        any: bool,
    ) -> Result<Option<ExtOf<M>>, ChainMapError> {
        let row = &self.table.rows[g];
        let target = Bidegree::n_s(x.bidegree.n() + row.stem, x.bidegree.s() + row.s);
        if !is_resolved(self.res, target) {
            return Ok(None);
        }
        if let Some(h) = self.hopf(g) {
            let v = multiply_by(self.res, h, x.bidegree, &x.vector);
            return Ok(v.map(|vector| ExtOf::<M> {
                bidegree: target,
                vector,
            }));
        }
        if !any && !self.liftable(g) {
            return Ok(None);
        }
        if !self.lifts.contains_key(&g) {
            let y = self.elements[g].clone().expect("an evaluated row");
            let levels = self.res.config().max_s + 1;
            let map = lift_class(self.res, &self.tgt, &y, levels)?;
            self.lifts.insert(g, map);
        }
        Ok(multiply(&self.lifts[&g], x))
    }

    /// The element of row `k` at `at` (resolved), or why its definition does not hold.
    fn evaluate(&mut self, k: usize, row: &Row, at: Bidegree) -> Result<Option<ExtOf<M>>, String> {
        let dim = self.res.number_of_gens(at);
        match &row.definition {
            Definition::Unique => match dim {
                1 => Ok(Some(basis(self.res, at, 0))),
                _ => Err(format!("dim Ext at {at} is {dim}, not 1 (unique)")),
            },
            Definition::Product(m) => {
                if !self.all_in_range(m) {
                    return Ok(None);
                }
                let x = self.monomial(m)?;
                match x.is_zero() {
                    true => Err(format!("the product is zero at {at}")),
                    false => Ok(Some(x)),
                }
            }
            Definition::Massey([a, b, c]) => {
                if ![a, b, c].iter().all(|m| self.all_in_range(m)) {
                    return Ok(None);
                }
                let (a, b, c) = (self.monomial(a)?, self.monomial(b)?, self.monomial(c)?);
                let m = match massey_product(self.res, &self.tgt, &a, &b, &c) {
                    // Its defining system or indeterminacy leaves the range: not evaluated.
                    Err(ChainMapError::OutOfRange { .. }) => return Ok(None),
                    other => other.map_err(|e| e.to_string())?,
                };
                if m.value.is_zero() {
                    return Err(format!("the Massey product is zero at {at}"));
                }
                if m.indeterminacy.dim() > 0 {
                    return Err(format!(
                        "the Massey product has indeterminacy of dimension {} at {at}",
                        m.indeterminacy.dim()
                    ));
                }
                Ok(Some(m.value))
            }
            Definition::Indecomposable => self.indecomposable(k, at, dim),
        }
    }

    /// Whether every factor of `m` was evaluated (lies in range).
    fn all_in_range(&self, m: &Monomial) -> bool {
        m.iter()
            .all(|(name, _)| self.index(name).is_some_and(|k| self.elements[k].is_some()))
    }

    /// The one basis class at `at` outside the decomposables `D` of rows `0..k`: `None`
    /// when `D` is not spanned by basis classes (no basis class is singled out). Error:
    /// `Ext / D` is not 1-dimensional there.
    fn indecomposable(
        &mut self,
        k: usize,
        at: Bidegree,
        dim: usize,
    ) -> Result<Option<ExtOf<M>>, String> {
        let d = self.decomposables(k, at).map_err(|e| e.to_string())?;
        if dim - d.dim() != 1 {
            return Err(format!(
                "Ext at {at} modulo the products of the names above has dimension {}, not 1",
                dim - d.dim()
            ));
        }
        let outside: Vec<usize> = (0..dim)
            .filter(|&i| !d.contains(&basis(self.res, at, i).vector))
            .collect();
        // Every class outside D is the named one modulo D; a basis class is singled out
        // only when the others span D.
        Ok(match outside[..] {
            [i] => {
                if d.dim() > 0 {
                    let name = self.table.rows[k].name.clone();
                    let decomposables = d.dim();
                    let taken = TakenModuloDecomposables {
                        name,
                        at,
                        dim,
                        decomposables,
                        index: i,
                    };
                    self.taken.insert(k, taken);
                }
                Some(basis(self.res, at, i))
            }
            _ => None,
        })
    }

    /// The factors of `m` named only modulo decomposables that are not 0 at their
    /// bidegree, with the basis class taken for each (empty when `m` names one class
    /// exactly), in `m`'s order.
    pub fn taken_modulo_decomposables(&self, m: &Monomial) -> Vec<TakenModuloDecomposables> {
        m.iter()
            .filter_map(|(name, _)| self.taken.get(&self.index(name)?).cloned())
            .collect()
    }

    /// `dim Ext / D` at `at` (resolved), `D` the products of all the table's classes (see
    /// the module): the number of indecomposables there when the table's classes of lower
    /// degree generate Ext below `at`.
    pub fn indecomposables(&mut self, at: Bidegree) -> Result<usize, ChainMapError> {
        let d = self.decomposables(self.elements.len(), at)?;
        Ok(self.res.number_of_gens(at) - d.dim())
    }

    /// The span `D` at `at` of the products `g · y`, `g` among rows `0..k` (an `h_i` or
    /// [`Namer::liftable`]), `y` a basis class.
    fn decomposables(&mut self, k: usize, at: Bidegree) -> Result<SubspaceOver<M>, ChainMapError> {
        let dim = self.res.number_of_gens(at);
        let mut span = Vec::new();
        for g in 0..k {
            if self.elements[g].is_none() || (self.hopf(g).is_none() && !self.liftable(g)) {
                continue;
            }
            let row = &self.table.rows[g];
            let below = Bidegree::n_s(at.n() - row.stem, at.s().wrapping_sub(row.s));
            // `g · 1` is `g` itself, not a product.
            if row.s >= at.s() || !is_resolved(self.res, below) {
                continue;
            }
            for index in 0..self.res.number_of_gens(below) {
                let y = basis(self.res, below, index);
                span.extend(self.times(&y, g, false)?.map(|p| p.vector));
            }
        }
        Ok(self.res.prime().span(dim, span))
    }

    /// The name of every basis class that is a named class or a monomial in them (see the
    /// module), keyed by `(stem, s, index)`.
    pub fn name_classes(&mut self) -> Result<Named, ChainMapError> {
        let p = self.res.prime();
        let mut seen: HashMap<(Bidegree, Line), Vec<usize>> = HashMap::new();
        let mut frontier: Vec<(ExtOf<M>, Vec<usize>)> = Vec::new();
        for (k, e) in self.elements.iter().enumerate() {
            if let Some(e) = e.as_ref().filter(|e| !e.is_zero()) {
                let key = (e.bidegree, line(p, &e.vector));
                if let std::collections::hash_map::Entry::Vacant(v) = seen.entry(key) {
                    v.insert(vec![k]);
                    frontier.push((e.clone(), vec![k]));
                }
            }
        }
        let multipliers: Vec<usize> = (0..self.elements.len())
            .filter(|&k| self.elements[k].is_some() && (self.hopf(k).is_some() || self.liftable(k)))
            .collect();
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for (x, mono) in &frontier {
                for &g in &multipliers {
                    let Some(p) = self.times(x, g, false)? else {
                        continue;
                    };
                    if p.is_zero() {
                        continue;
                    }
                    let key = (p.bidegree, line(self.res.prime(), &p.vector));
                    if let std::collections::hash_map::Entry::Vacant(v) = seen.entry(key) {
                        let mut m = mono.clone();
                        m.push(g);
                        v.insert(m.clone());
                        next.push((p, m));
                    }
                }
            }
            frontier = next;
        }
        let mut named = Named::new();
        for ((b, terms), mono) in seen {
            if let [(index, _)] = terms[..] {
                named.insert((b.n(), b.s(), index), self.write(&mono));
            }
        }
        Ok(named)
    }

    /// Names by the literature's monomials ([`NameTable::preferred`], the bundled
    /// `data/preferred-names-S_2.csv`) the classes they equal, over the shortest monomial:
    /// each one whose factors and bidegree lie in range is evaluated, and when its value is
    /// one basis class it names that class (`h1^2 d0` at (16, 6), not `h3 Ph1`). A
    /// monomial that is zero or a sum of basis classes names none.
    pub fn prefer(&mut self, named: &mut Named, preferred: &[Preferred]) {
        for p in preferred {
            let at = Bidegree::n_s(p.stem, p.s);
            if !is_resolved(self.res, at) || !self.all_in_range(&p.monomial) {
                continue;
            }
            let Ok(x) = self.monomial(&p.monomial) else {
                continue;
            };
            if let [(index, _)] = line(self.res.prime(), &x.vector)[..] {
                named.insert((p.stem, p.s, index), p.text.clone());
            }
        }
    }

    /// A monomial of rows as written: `a0`, then the `h_i` by `i`, then the others in the
    /// table's order, powers as `^k` (`(P^2h1)^2` for a name with a `^`), factors separated
    /// by a space (`h0^2 d0`, `h1 c0`, `a0 h1`).
    fn write(&self, rows: &[usize]) -> String {
        let mut sorted = rows.to_vec();
        let order = |x: Primitive| match x {
            Primitive::A0 => (0, 0),
            Primitive::H(i) => (1, i),
        };
        sorted.sort_by_key(|&k| (self.hopf(k).is_none(), self.hopf(k).map(order), k));
        let mut factors: Vec<(String, u32)> = Vec::new();
        for k in sorted {
            let name = &self.table.rows[k].name;
            match factors.last_mut() {
                Some((last, power)) if last == name => *power += 1,
                _ => factors.push((name.clone(), 1)),
            }
        }
        chart::names::write_monomial(&factors)
    }
}

/// The `index`-th basis class of the resolved bidegree `at`.
fn basis<M: NamedModule>(res: &Resolution<M>, at: Bidegree, index: usize) -> ExtOf<M> {
    let mut vector = res.prime().zero_vector(res.number_of_gens(at));
    vector.add_basis_element(index, 1);
    ExtOf::<M> {
        bidegree: at,
        vector,
    }
}

/// The line `F_p^× · v` of a nonzero `v`, as its terms scaled so that the first
/// coefficient is 1 (at p = 2, `v`'s ones).
fn line<P: Prime>(p: P, v: &impl Vector) -> Line {
    let mut terms: Line = v.nonzero_entries().collect();
    if let Some(&(_, lead)) = terms.first() {
        let inverse = p.inverse(lead);
        let q = p.value() as u64;
        for (_, c) in &mut terms {
            *c = ((*c as u64 * inverse as u64) % q) as u32;
        }
    }
    terms
}
