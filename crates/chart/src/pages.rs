//! Pages of the Adams spectral sequence drawn from a chart that carries `d2`
//! (`adams d2`): the E3 page, `E3 = ker d2 / im d2` in every bidegree where both `d2`'s
//! are known, with the products by `h0`, `h1`, `h2` (and `h3`) it inherits.
//!
//! **Basis.** In each bidegree the E3 classes are represented by cycles: first the basis
//! classes of E2 with `d2 = 0` that are independent modulo the image of `d2` and the
//! classes chosen before them (they keep their index's name), then further cycles (sums
//! of basis classes, without a name) until `dim ker d2 − rank d2` are chosen. A class of
//! E3 is its representative's coset.
//!
//! **Products.** `h_i` for `i ≤ 3` are permanent cycles (they detect 2, η, ν, σ: Adams,
//! "On the non-existence of elements of Hopf invariant one", Ann. of Math. 72 (1960)), so
//! `d2(h_i x) = h_i d2(x)` and multiplication by them passes to E3: `h_i·[x] = [h_i x]`,
//! written in the E3 basis of the target. `h_i` for `i ≥ 4` supports `d2(h_i) = h0
//! h_{i−1}^2 ≠ 0` (ibid.) and other classes' survival is not known here: their products
//! are not carried to E3.
//!
//! Stems below the chart's `min_stem` (its bottom cell) hold no classes, so a `d2` into
//! them is zero.

use std::collections::HashMap;

use crate::chart_json::extra::D2_KEY;
use crate::chart_json::{Chart, Class, Generator, Product};

/// The further keys carried to E3 (see the module).
const PERMANENT: [&str; 1] = ["h3"];

/// Why the E3 page cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum E3Error {
    /// A `d2` into or out of a bidegree of the page is not known.
    #[error("d2 is not known at (stem {stem}, s {s})")]
    Unknown { stem: i32, s: u32 },
    /// The product of a `d2`-cycle at `(stem, s)` by `key` is no cycle: the chart's
    /// `d2` and products disagree (`d2(key·x) ≠ key·d2(x)`).
    #[error("the product by {key} of a d2-cycle at (stem {stem}, s {s}) is no d2-cycle")]
    NotCycle { key: String, stem: i32, s: u32 },
}

static UNKNOWN: Product = Product::Unknown;

/// A vector over F_2 of a bidegree (one entry per basis class).
type Vector = Vec<bool>;

/// Independent vectors of one bidegree in echelon form, each row with the combination of
/// the members (the vectors added, in order) it is the sum of.
struct Span {
    dim: usize,
    /// `(reduced vector, its pivot, combination over members)`.
    rows: Vec<(Vector, usize, Vector)>,
}

impl Span {
    fn new(dim: usize) -> Span {
        Span {
            dim,
            rows: Vec::new(),
        }
    }

    /// `v` reduced by the rows, and the combination of members subtracted.
    fn reduce(&self, v: &[bool]) -> (Vector, Vector) {
        let (mut v, mut c) = (v.to_vec(), vec![false; self.dim]);
        for (row, pivot, combo) in &self.rows {
            if v[*pivot] {
                xor(&mut v, row);
                xor(&mut c, combo);
            }
        }
        (v, c)
    }

    /// Adds `v` as the next member when it is independent of the span; whether it was.
    fn add(&mut self, v: &[bool]) -> bool {
        let (r, mut c) = self.reduce(v);
        let Some(pivot) = r.iter().position(|&b| b) else {
            return false;
        };
        c[self.rows.len()] ^= true;
        self.rows.push((r, pivot, c));
        true
    }
}

fn xor(a: &mut [bool], b: &[bool]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x ^= *y;
    }
}

/// E3 of one bidegree: the span of the image of `d2` and the representatives (members
/// `image..image + reps.len()`), and the representatives with the basis class each is,
/// if it is one.
struct Page3 {
    span: Span,
    image: usize,
    reps: Vec<(Vector, Option<usize>)>,
}

/// The classes of `chart` by bidegree, in index order.
fn by_bidegree(chart: &Chart) -> HashMap<(i32, u32), Vec<&Class>> {
    let mut out: HashMap<(i32, u32), Vec<&Class>> = HashMap::new();
    for c in &chart.classes {
        out.entry((c.stem, c.s)).or_default().push(c);
    }
    out
}

/// `d2` of `c` as a vector of its target bidegree (of `dim` classes): `None` unknown.
fn d2_of(chart: &Chart, c: &Class, dim: usize) -> Option<Vector> {
    if c.stem - 1 < chart.min_stem {
        return Some(vec![false; dim]);
    }
    let terms = c.more.get(D2_KEY)?.terms()?;
    let mut v = vec![false; dim];
    for t in terms {
        v[t.index()] ^= true;
    }
    Some(v)
}

/// E3 at `(n, s)`; error: a `d2` unknown there.
fn page3(
    chart: &Chart,
    at: &HashMap<(i32, u32), Vec<&Class>>,
    (n, s): (i32, u32),
) -> Result<Page3, E3Error> {
    let here = at.get(&(n, s)).map_or(&[][..], Vec::as_slice);
    let dim = here.len();
    let unknown = |(stem, s): (i32, u32)| E3Error::Unknown { stem, s };
    let mut span = Span::new(dim);
    if s >= 2 {
        let from = (n + 1, s - 2);
        for c in at.get(&from).map_or(&[][..], Vec::as_slice) {
            span.add(&d2_of(chart, c, dim).ok_or_else(|| unknown(from))?);
        }
    }
    let image = span.rows.len();
    let target_dim = at.get(&(n - 1, s + 2)).map_or(0, Vec::len);
    let mut cycles = Vec::new();
    for c in here {
        let d = d2_of(chart, c, target_dim).ok_or_else(|| unknown((n, s)))?;
        cycles.push(d);
    }
    // The kernel of d2: basis classes with d2 = 0 first, then a basis of the rest.
    let mut reps = Vec::new();
    for (j, d) in cycles.iter().enumerate() {
        let e: Vector = (0..dim).map(|k| k == j).collect();
        if !d.contains(&true) && span.add(&e) {
            reps.push((e, Some(j)));
        }
    }
    for v in kernel(&cycles, dim) {
        if span.add(&v) {
            reps.push((v, None));
        }
    }
    Ok(Page3 { span, image, reps })
}

/// A basis of the kernel of the map sending basis vector `j` (of `dim`) to `images[j]`.
fn kernel(images: &[Vector], dim: usize) -> Vec<Vector> {
    let mut out = Vec::new();
    let mut pivots: Vec<(Vector, usize, Vector)> = Vec::new();
    for (j, im) in images.iter().enumerate() {
        let (mut v, mut c) = (im.clone(), vec![false; dim]);
        c[j] = true;
        for (row, p, combo) in &pivots {
            if v[*p] {
                xor(&mut v, row);
                xor(&mut c, combo);
            }
        }
        match v.iter().position(|&b| b) {
            None => out.push(c),
            Some(p) => pivots.push((v, p, c)),
        }
    }
    out
}

/// The E3 page of `chart` (which carries `d2`) over stems `min_stem..=max_stem`, `s ≤
/// max_s`, where every `d2` into and out of each bidegree must be known. Error (one line):
/// a `d2` that is not, or a product of a cycle that is not a cycle (the `d2`'s and the
/// products do not agree: `d2(h_i x) ≠ h_i d2(x)`).
pub fn e3(chart: &Chart, max_stem: i32, max_s: u32) -> Result<Chart, E3Error> {
    let at = by_bidegree(chart);
    let mut pages: HashMap<(i32, u32), Page3> = HashMap::new();
    for n in chart.min_stem..=max_stem {
        for s in 0..=max_s {
            pages.insert((n, s), page3(chart, &at, (n, s))?);
        }
    }
    let mut out = Chart::new(
        &chart.module,
        &chart.algorithm,
        chart.prime,
        chart.min_stem,
        max_stem,
        max_s,
    );
    out.algebra = chart.algebra.clone();
    let mut classes = Vec::new();
    for n in chart.min_stem..=max_stem {
        for s in 0..=max_s {
            let here = at.get(&(n, s)).map_or(&[][..], Vec::as_slice);
            for (k, (rep, basis)) in pages[&(n, s)].reps.iter().enumerate() {
                let mut c = Class::new(n, s, k);
                c.name = basis.and_then(|j| here[j].name.clone());
                for g in [Generator::H0, Generator::H1, Generator::H2] {
                    let shift = (g.stem_shift(2), 1);
                    *c.product_mut(g) =
                        product(&at, &pages, here, rep, (n, s), shift, |x| x.product(g))
                            .map_err(|()| not_cycle(g.key(), (n, s)))?;
                }
                for key in PERMANENT {
                    if here.iter().any(|x| x.more.contains_key(key)) {
                        let shift = crate::chart_json::extra::shift(key).expect("h3 is a class");
                        let p = product(&at, &pages, here, rep, (n, s), shift, |x| {
                            x.more.get(key).unwrap_or(&UNKNOWN)
                        })
                        .map_err(|()| not_cycle(key, (n, s)))?;
                        c.more.insert(key.to_string(), p);
                    }
                }
                classes.push(c);
            }
        }
    }
    out.set_classes(classes);
    Ok(out)
}

fn not_cycle(key: &str, (stem, s): (i32, u32)) -> E3Error {
    E3Error::NotCycle {
        key: key.to_string(),
        stem,
        s,
    }
}

/// The product of the E3 class represented by `rep` (at `from`, whose E2 classes are
/// `here`) by a generator landing `shift` away, `of` reading a class's product in E2:
/// unknown when the target is outside the page or a term is unknown.
fn product<'c>(
    at: &HashMap<(i32, u32), Vec<&Class>>,
    pages: &HashMap<(i32, u32), Page3>,
    here: &[&'c Class],
    rep: &[bool],
    from: (i32, u32),
    shift: (i32, u32),
    of: impl Fn(&'c Class) -> &'c Product,
) -> Result<Product, ()> {
    let to = (from.0 + shift.0, from.1 + shift.1);
    let Some(page) = pages.get(&to) else {
        return Ok(Product::Unknown);
    };
    let dim = at.get(&to).map_or(0, Vec::len);
    let mut w = vec![false; dim];
    for (j, _) in rep.iter().enumerate().filter(|(_, &b)| b) {
        let Some(terms) = of(here[j]).terms() else {
            return Ok(Product::Unknown);
        };
        for t in terms {
            w[t.index()] ^= true;
        }
    }
    let (rest, combo) = page.span.reduce(&w);
    if rest.contains(&true) {
        return Err(());
    }
    let indices: Vec<usize> = (0..page.reps.len())
        .filter(|&k| combo[page.image + k])
        .collect();
    Ok(Product::from_indices(Some(indices)))
}
