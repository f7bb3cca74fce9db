//! Massey products `⟨a, b, c⟩` in Ext, from a null-homotopy of a composite of chain maps.
//!
//! **The formula.** Let `c ∈ Ext^{s_c,t_c}(M)`, `b, a ∈ Ext(F_2)` with `bc = 0` and
//! `ab = 0`. Lift `c` to `C : P(M)_{s_c+•} → P_•` and `b` to `B : P_{s_b+•} → P_•`
//! ([`super::yoneda::lift_class`], `P` the sphere's resolution). The composite
//! `φ_i = B_i ∘ C_{s_b+i} : P(M)_{k+i} → P_i` (`k = s_b + s_c`) lifts `b·c = 0` — in a
//! minimal resolution the cocycle `b ∘ C_{s_b}` itself vanishes — so it is null-homotopic:
//! `H_i : P(M)_{k+i} → P_{i+1}` with `d H_i = φ_i − H_{i−1} d` (`H_{−1} = 0`), lifted like
//! a chain map ([`super`]). Then `a ∘ H_{s_a−1}` is a cocycle (its coboundary is
//! `a ∘ B_{s_a} ∘ C = (ab)·c = 0` on the nose) representing `⟨a, b, c⟩` in
//! `Ext^{s_a+s_b+s_c−1, t_a+t_b+t_c}(M)`: the defining system of J. P. May, "Matric
//! Massey products", J. Algebra 12 (1969), §1–2, written with Yoneda composites of chain
//! maps (the construction of D. Kraines and of Ravenel, "Complex Cobordism", 2nd ed.,
//! A1.4.1). Another choice of `H` changes the value by `a · Ext^{k−1}(M)`, another lift
//! by `Ext^{s_a+s_b−1}(F_2) · c`: the indeterminacy `a·Ext + Ext·c`.
//!
//! One null-homotopy gives `⟨x, b, c⟩` for every `x` at once ([`NullHomotopy::read`]);
//! over the sphere `⟨a, b, c⟩ = ⟨c, b, a⟩` (May 1969, Prop. 2.4 at p = 2, where signs
//! vanish), so the periodicity operator `⟨a, b, −⟩` over the sphere's range is one
//! null-homotopy of `B ∘ A`; over another module one per class ([`massey_range_over`]).
//!
//! **Signs at odd p.** The same construction runs over F_p: `d H_i + H_{i−1} d = φ_i`
//! (the homotopy subtracts `H_{i−1}(d g)`), and the value returned is exactly
//! `a ∘ H_{s_a−1}`. The set `value + indeterminacy` is May's `⟨a, b, c⟩` up to a global
//! sign `±1` depending only on the degrees (May's `ā = (−1)^{1+deg a} a` twists), which
//! this code does not fix; and `⟨x, b, a⟩ = ±⟨a, b, x⟩` (Kraines, "Massey higher
//! products", Trans. AMS 124 (1966)) with such a sign, so the range form is `⟨a, b, x⟩`
//! up to it. The indeterminacy is a subspace, so the sign changes only the value
//! ([`MasseyProduct::contains_up_to_sign`]).

use fp::{Field, MatrixOf, SubspaceOf, Vector, P2};
use steenrod::{Module, VectorOf};

use super::yoneda::{combine, lift_class, lift_classes, multiply, ExtElement, ExtOf};
use super::{apply, ChainMap, ChainMapError, LiftModule, LiftTarget, Value};
use crate::{Bidegree, Resolution};

mod range;
pub use range::{massey_range, massey_range_over};

/// The field of a module's resolutions.
type FieldOf<M> = <<M as Module>::Algebra as steenrod::Algebra>::Field;

/// A null-homotopy `H` of `B ∘ C` (see the module), with the lifts it came from.
pub struct NullHomotopy<'a, M: LiftModule = steenrod::module::FiniteModule> {
    /// `H` as a map `P(M)_{k+i} → P_{i+1}` (`target_base = 1`).
    pub map: ChainMap<'a, M>,
    /// The lift of `c`.
    pub c: ChainMap<'a, M>,
    /// The lift of `b`.
    pub b: ChainMap<'a, M>,
}

/// A Massey product: its value (one element of the set) and the indeterminacy.
#[derive(Clone, Debug)]
pub struct MasseyProduct<F: Field = P2> {
    /// One element of `⟨a, b, c⟩`.
    pub value: ExtElement<F::Vector>,
    /// `a · Ext + Ext · c` at the value's bidegree, as an RREF subspace of its coordinates.
    pub indeterminacy: F::Subspace,
}

impl<F: Field> PartialEq for MasseyProduct<F>
where
    F::Subspace: PartialEq,
{
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value && self.indeterminacy == other.indeterminacy
    }
}

impl<F: Field> Eq for MasseyProduct<F> where F::Subspace: Eq {}

impl<F: Field> MasseyProduct<F> {
    /// Whether `v` lies in the set `value + indeterminacy`.
    pub fn contains(&self, v: &F::Vector) -> bool {
        let mut d = v.clone();
        d.subtract(&self.value.vector);
        self.indeterminacy.contains(&d)
    }

    /// Whether `v` or `−v` lies in the set (a check up to the sign of the convention
    /// above; the same as [`MasseyProduct::contains`] at p = 2).
    pub fn contains_up_to_sign(&self, v: &F::Vector) -> bool {
        let mut minus = v.clone();
        minus.subtract(v);
        minus.subtract(v);
        self.contains(v) || self.contains(&minus)
    }
}

/// The Massey products of a module's Ext.
pub type MasseyOf<M> = MasseyProduct<FieldOf<M>>;

/// The range form: `(x, ⟨a, b, x⟩)` for each class `x` where it is defined.
pub type RangeForm<M> = Vec<(ExtOf<M>, MasseyOf<M>)>;

/// The null-homotopy of `B ∘ C` for `b ∈ Ext(F_2)` and `c ∈ Ext(M)` (`module` resolves
/// `M`; `tgt` the sphere), `levels` levels deep (or as far as the ranges allow).
///
/// Errors: [`ChainMapError::ProductNotZero`] when `b·c ≠ 0`; those of
/// [`lift_class`] and [`ChainMap`].
pub fn null_homotopy<'a, M: LiftModule>(
    module: &'a Resolution<M>,
    tgt: &LiftTarget<'a, M>,
    b: &ExtOf<M>,
    c: &ExtOf<M>,
    levels: u32,
) -> Result<NullHomotopy<'a, M>, ChainMapError> {
    Ok(null_homotopy_and_lifts(module, tgt, b, c, levels, &[])?.0)
}

/// [`null_homotopy`], and the lifts of `extra` classes of the module's Ext `(y, levels)`,
/// lifted together with those of `c` and `b` (one row reduction per target degree for
/// all of them: [`lift_classes`]).
type WithLifts<'a, M> = (NullHomotopy<'a, M>, Vec<ChainMap<'a, M>>);

fn null_homotopy_and_lifts<'a, M: LiftModule>(
    module: &'a Resolution<M>,
    tgt: &LiftTarget<'a, M>,
    b: &ExtOf<M>,
    c: &ExtOf<M>,
    levels: u32,
    extra: &[(&ExtOf<M>, u32)],
) -> Result<WithLifts<'a, M>, ChainMapError> {
    let sphere = tgt.resolution();
    let sb = b.bidegree.s();
    let mut classes = vec![(c, levels + sb + 1)];
    classes.extend_from_slice(extra);
    let (c_map, b_map, extra_maps) = if std::ptr::eq(module, sphere) {
        classes.push((b, levels + 1));
        let mut maps = lift_classes(module, tgt, &classes)?;
        let b_map = maps.pop().expect("b's lift");
        let c_map = maps.remove(0);
        (c_map, b_map, maps)
    } else {
        let mut maps = lift_classes(module, tgt, &classes)?;
        let b_map = lift_class(sphere, tgt, b, levels + 1)?;
        let c_map = maps.remove(0);
        (c_map, b_map, maps)
    };
    let bc = multiply(&c_map, b).ok_or(ChainMapError::OutOfRange {
        what: "the product b·c".into(),
        at: sum(b.bidegree, c.bidegree, 0),
    })?;
    if !bc.is_zero() {
        return Err(ChainMapError::ProductNotZero { which: "b·c" });
    }
    let k = Bidegree::s_t(sb + c.bidegree.s(), b.bidegree.t() + c.bidegree.t());
    let phi = |i: u32, g: usize, at: Bidegree| -> VectorOf<M> {
        let below = Bidegree::s_t(at.s() - 1, at.t());
        let offsets = apply::full_offsets(sphere, below);
        let cg = c_map.value(sb + i, g).expect("C lifted this far");
        M::apply(sphere.algebra(), b_map.level(i), &cg.terms, &offsets)
    };
    let caps = |i: u32| {
        let by_c = c_map.max_degree(sb + i);
        let by_b = b_map.max_degree(i).map(|t| t + c.bidegree.t());
        match (by_c, by_b) {
            (Some(x), Some(y)) => Some(x.min(y)),
            _ => None,
        }
    };
    let map = ChainMap::homotopy(module, tgt, k, levels, &caps, &phi)?;
    let h = NullHomotopy {
        map,
        c: c_map,
        b: b_map,
    };
    Ok((h, extra_maps))
}

impl<M: LiftModule> NullHomotopy<'_, M> {
    /// `⟨x, b, c⟩` for `x ∈ Ext(F_p)`: `x ∘ H_{s_x−1}`, an element at `x + b + c − (1, 0)`;
    /// `None` when `s_x = 0` or outside what was lifted.
    pub fn read(&self, x: &ExtOf<M>) -> Option<ExtOf<M>> {
        let sx = x.bidegree.s().checked_sub(1)?;
        let shift = self.map.shift();
        let t = x.bidegree.t() + shift.t();
        let m = self.map.read(sx, t)?;
        if x.vector.len() != m.rows() {
            return None;
        }
        Some(ExtElement {
            bidegree: Bidegree::s_t(shift.s() + sx, t),
            vector: combine::<M>(self.map.target.prime(), &m, &x.vector),
        })
    }
}

/// Refuses two adjacent factors of `⟨a, b, c⟩` in `s = 0`: when both are nonzero, one is
/// a unit and their product the other, nonzero ([`ChainMapError::ProductNotZero`]); a
/// zero one is not handled ([`ChainMapError::OutOfRange`]).
fn two_units<V: Vector>(
    a: &ExtElement<V>,
    b: &ExtElement<V>,
    c: &ExtElement<V>,
) -> Result<(), ChainMapError> {
    let (sa, sb, sc) = (a.bidegree.s(), b.bidegree.s(), c.bidegree.s());
    let (which, x, y) = match (sa + sb, sb + sc) {
        (0, _) => ("a·b", a, b),
        (_, 0) => ("b·c", b, c),
        _ => return Ok(()),
    };
    Err(match x.is_zero() || y.is_zero() {
        false => ChainMapError::ProductNotZero { which },
        true => ChainMapError::OutOfRange {
            what: "a Massey product with two factors in s = 0".into(),
            at: Bidegree::s_t(0, 0),
        },
    })
}

/// `⟨a, b, c⟩` with its indeterminacy `a · Ext^{k−1}(M) + Ext^{s_a+s_b−1}(F_2) · c`
/// (`k = s_b + s_c`); `a, b` in `Ext(F_2)` (resolved by `tgt`), `c` in `Ext(M)`.
///
/// Errors: [`ChainMapError::ProductNotZero`] when `ab ≠ 0` or `bc ≠ 0`;
/// [`ChainMapError::OutOfRange`] when the product's bidegree is outside either range.
pub fn massey_product<'a, M: LiftModule>(
    module: &'a Resolution<M>,
    tgt: &LiftTarget<'a, M>,
    a: &ExtOf<M>,
    b: &ExtOf<M>,
    c: &ExtOf<M>,
) -> Result<MasseyOf<M>, ChainMapError> {
    let sphere = tgt.resolution();
    let (sa, sb) = (a.bidegree.s(), b.bidegree.s());
    two_units(a, b, c)?;
    let out_of_range = |at| ChainMapError::OutOfRange {
        what: "the Massey product".into(),
        at,
    };
    let h = null_homotopy(module, tgt, b, c, sa)?;
    let ab = multiply(&h.b, a).ok_or(ChainMapError::OutOfRange {
        what: "the product a·b".into(),
        at: sum(a.bidegree, b.bidegree, 0),
    })?;
    if !ab.is_zero() {
        return Err(ChainMapError::ProductNotZero { which: "a·b" });
    }
    let value_at = sum(sum(a.bidegree, b.bidegree, 0), c.bidegree, 1);
    let value = match sa {
        // ⟨1, b, c⟩ (ab = 0: b = 0): a ∘ H_{−1} = 0, and 1·Ext is the whole group.
        0 => ExtElement {
            bidegree: value_at,
            vector: module.prime().zero_vector(super::yoneda::checked_dim(
                module,
                value_at,
                "the Massey product",
            )?),
        },
        _ => h.read(a).ok_or(out_of_range(value_at))?,
    };
    let at = value.bidegree;
    let mut span: Vec<VectorOf<M>> = Vec::new();
    // Ext^{s_a+s_b−1}(F_p) · c: the lift of c read at that bidegree.
    let left = Bidegree::s_t(sa + sb - 1, a.bidegree.t() + b.bidegree.t());
    if let Some(m) = h.c.read(left.s(), left.t() + c.bidegree.t()) {
        span.extend((0..m.rows()).map(|k| m.row_vector(k)));
    } else if sphere_dim(sphere, left) > 0 {
        return Err(out_of_range(left));
    }
    // a · Ext^{k−1}(M): one lift per basis class y there (lifted together).
    let right = Bidegree::s_t(sb + c.bidegree.s() - 1, b.bidegree.t() + c.bidegree.t());
    if crate::products::is_resolved(module, right) {
        let ys: Vec<ExtOf<M>> = (0..module.number_of_gens(right))
            .map(|index| ExtElement::basis(module, right, index))
            .collect::<Result<_, _>>()?;
        let classes: Vec<(&ExtOf<M>, u32)> = ys.iter().map(|y| (y, sa + 1)).collect();
        for y_map in lift_classes(module, tgt, &classes)? {
            span.push(multiply(&y_map, a).ok_or(out_of_range(right))?.vector);
        }
    }
    let dim = value.vector.len();
    let indeterminacy = module.prime().span(dim, span);
    debug_assert_eq!(at.s(), sa + sb + c.bidegree.s() - 1);
    Ok(MasseyProduct {
        value,
        indeterminacy,
    })
}

/// The bidegree of a product of classes at `x` and `y`, less `minus` in `s` (1 for a
/// Massey product's `s_a + s_b + s_c − 1`).
fn sum(x: Bidegree, y: Bidegree, minus: u32) -> Bidegree {
    Bidegree::s_t((x.s() + y.s()).saturating_sub(minus), x.t() + y.t())
}

fn sphere_dim<M: Module>(sphere: &Resolution<M>, b: Bidegree) -> usize {
    sphere.number_of_gens(b)
}

impl<'a, M: LiftModule> ChainMap<'a, M> {
    /// The values of level `i` (on the generators of `P_{source_base+i}` in index order).
    pub(crate) fn level(&self, i: u32) -> &[Value<M>] {
        &self.levels[i as usize]
    }

    /// The largest source degree level `i` reached, if lifted.
    pub(crate) fn max_degree(&self, i: u32) -> Option<i32> {
        self.max_t.get(i as usize).copied()
    }
}
