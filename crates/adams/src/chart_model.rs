//! The chart crate's plain data built from a resolution: the rows of `ext.csv` from the
//! resolution's Ext table, and the chart of `chart.json` / `chart.svg` from its classes and
//! their products by the generators of `Ext^1` (read off the differentials, no lifting:
//! `resolution::products::chart_products`: `h0`, `h1`, `h2`, … at p = 2, `a0`, `h0` at odd p).
//! The chart crate never sees the engine; this file is where the two meet.

use chart::chart_json::{Chart, Class, Generator, Product, AT_ODD, AT_TWO};
use chart::csv::Row;
use chart::Bidegree;
use fp::Prime;
use fp::ValidPrime;
use resolution::products::{chart_products, Primitive, ReadOff, MAX_HOPF_INDEX};
use resolution::{ExtEntry, Resolution, ResolutionConfig};
use steenrod::module::ModuleAlgebra;
use steenrod::{MilnorAlgebra, Module, PPart};

// A chart spans at most the Milnor basis tables' top degree; the chart crate states the
// number without depending on the engine.
const _: () = assert!(chart::MAX_ALGEBRA_DEGREE == resolution::MAX_ALGEBRA_DEGREE);

/// The row of `ext.csv` of one entry of the resolution's Ext table.
pub fn row(entry: ExtEntry) -> Row {
    Row {
        bidegree: Bidegree::n_s(entry.stem(), entry.s()),
        dim: entry.dim,
    }
}

/// What a chart carries at each prime, said once by the algebra: the generators of
/// `Ext^1` whose products every class carries, under their `chart.json` keys, and how a
/// product is written. Everything else about the chart is [`chart`], for every prime.
pub trait ChartAlgebra: ReadOff + ModuleAlgebra {
    /// The generators of `Ext^1` every class carries the products by, with the key of
    /// each (`chart::chart_json::Generator`), in the order of the keys: `h0`, `h1`, `h2`
    /// at p = 2 ([`AT_TWO`]); `a0`, `h0` at odd p ([`AT_ODD`]; Ravenel's names).
    const PRIMITIVES: &'static [(Generator, Primitive)];

    /// A product as the chart writes it from its terms `(index, coefficient)` (`None`:
    /// not known): the indices at p = 2, where every coefficient is 1; the pairs at odd p.
    fn product(terms: Option<Vec<(usize, u32)>>) -> Product;

    /// The further `h_i` (beyond [`Self::PRIMITIVES`]) whose products the classes carry
    /// under the key `h{i}` in a range over `config` from `min_stem`: none at odd p.
    fn further_hopf(&self, _config: ResolutionConfig, _min_stem: i32) -> Vec<u32> {
        Vec::new()
    }
}

impl ChartAlgebra for MilnorAlgebra {
    const PRIMITIVES: &'static [(Generator, Primitive)] = &[
        (AT_TWO[0], Primitive::H(0)),
        (AT_TWO[1], Primitive::H(1)),
        (AT_TWO[2], Primitive::H(2)),
    ];

    fn product(terms: Option<Vec<(usize, u32)>>) -> Product {
        Product::from_indices(terms.map(|t| t.into_iter().map(|(k, _)| k).collect()))
    }

    /// The `i ≥ 3` whose `h_i` the algebra holds (`Sq(2^i)`) and whose products can land
    /// in the range (`2^i − 1` stems at most the range's width, `max_s ≥ 1`).
    fn further_hopf(&self, config: ResolutionConfig, min_stem: i32) -> Vec<u32> {
        (3..=MAX_HOPF_INDEX)
            .filter(|&i| {
                config.max_s >= 1
                    && (1i64 << i) - 1 <= i64::from(config.max_stem) - i64::from(min_stem)
                    && self.contains(&PPart::from_slice(&[1u32 << i]))
            })
            .collect()
    }
}

impl ChartAlgebra for MilnorAlgebra<ValidPrime> {
    const PRIMITIVES: &'static [(Generator, Primitive)] =
        &[(AT_ODD[0], Primitive::A0), (AT_ODD[1], Primitive::H(0))];

    fn product(terms: Option<Vec<(usize, u32)>>) -> Product {
        Product::from_pairs(terms)
    }
}

/// The chart of a resolved range at any prime (`algorithm` as named in it; the chart
/// starts at `min_stem`): every class with its products by the generators of
/// [`ChartAlgebra::PRIMITIVES`] and, under the keys `h3`, `h4`, …, by the further `h_i`
/// of [`ChartAlgebra::further_hopf`], read off the differentials.
pub fn chart<M: Module<Algebra: ChartAlgebra>>(
    res: &Resolution<M>,
    algorithm: &str,
    min_stem: i32,
) -> Chart {
    let products = chart_products(res, &carried(res, min_stem));
    chart_of(res, algorithm, min_stem, products)
}

/// [`chart`] of a resolution whose rows may be spilled to its save directory (a run within
/// `--max-memory`): each row is read back for its products and spilled again
/// (`resolution::chart_products_loading`). Errors: a row whose records cannot be read.
pub fn chart_loading<M: resolution::Resolvable<Algebra: ChartAlgebra>>(
    res: &mut Resolution<M>,
    algorithm: &str,
    min_stem: i32,
) -> Result<Chart, resolution::SaveError> {
    let xs = carried(res, min_stem);
    let products = resolution::chart_products_loading(res, &xs)?;
    Ok(chart_of(res, algorithm, min_stem, products))
}

/// The classes whose products every class carries: [`ChartAlgebra::PRIMITIVES`], then
/// the further `h_i` of [`ChartAlgebra::further_hopf`].
fn carried<M: Module<Algebra: ChartAlgebra>>(res: &Resolution<M>, min_stem: i32) -> Vec<Primitive> {
    let further = res.algebra().further_hopf(res.config(), min_stem);
    M::Algebra::PRIMITIVES
        .iter()
        .map(|&(_, x)| x)
        .chain(further.iter().map(|&i| Primitive::H(i)))
        .collect()
}

/// The chart of `res` with the classes' `products` (by [`carried`], in its order).
fn chart_of<M: Module<Algebra: ChartAlgebra>>(
    res: &Resolution<M>,
    algorithm: &str,
    min_stem: i32,
    products: Vec<resolution::products::ClassProducts>,
) -> Chart {
    let config = res.config();
    let further = res.algebra().further_hopf(config, min_stem);
    let primitives = M::Algebra::PRIMITIVES;
    let classes = products.into_iter().map(|cp| {
        let mut class = Class::new(cp.class.stem, cp.class.s, cp.class.index);
        let mut products = cp.products.into_iter();
        for (&(g, _), product) in primitives.iter().zip(products.by_ref()) {
            *class.product_mut(g) = M::Algebra::product(product);
        }
        for (&i, product) in further.iter().zip(products) {
            class
                .more
                .insert(Primitive::H(i).name(), M::Algebra::product(product));
        }
        class
    });
    let (name, p) = (res.module().name(), res.prime().value());
    let mut chart = Chart::new(name, algorithm, p, min_stem, config.max_stem, config.max_s);
    chart.algebra = res.algebra().sub_profile().map(|p| p.to_string());
    chart.set_classes(classes);
    chart
}
