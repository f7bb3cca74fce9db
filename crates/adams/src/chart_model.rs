//! The chart crate's plain data built from a resolution: the rows of `ext.csv` from the
//! resolution's Ext table, and the chart of `chart.json` / `chart.svg` from its classes and
//! their products by the generators of `Ext^1` (read off the differentials, no lifting:
//! `resolution::products::chart_products`: `h0`, `h1`, `h2`, … at p = 2, `a0`, `h0` at odd p).
//! The chart crate never sees the engine; this file is where the two meet.

use chart::chart_json::{Chart, Class, Product, AT_ODD, AT_TWO};
use chart::csv::Row;
use chart::Bidegree;
use fp::Prime;
use fp::ValidPrime;
use resolution::products::{chart_products, Primitive, MAX_HOPF_INDEX};
use resolution::{ExtEntry, Resolution};
use steenrod::module::FiniteModule;
use steenrod::MilnorAlgebra;
use steenrod::PPart;

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

/// The chart of a resolved range at p = 2: every class with its `h0`, `h1`, `h2`
/// products, and those by every further `h_i` of the algebra whose products can land in
/// the range ([`further_hopf`]), keyed `h3`, `h4`, ….
pub fn two_chart(res: &Resolution, algorithm: &str, min_stem: i32) -> Chart {
    let config = res.config();
    let further = further_hopf(res, min_stem);
    let hs: Vec<Primitive> = [0, 1, 2]
        .into_iter()
        .chain(further.iter().copied())
        .map(Primitive::H)
        .collect();
    let indices = |terms: Option<Vec<(usize, u32)>>| {
        Product::from_indices(terms.map(|t| t.into_iter().map(|(k, _)| k).collect()))
    };
    let classes = chart_products(res, &hs).into_iter().map(|cp| {
        let mut class = Class::new(cp.class.stem, cp.class.s, cp.class.index);
        let mut products = cp.products.into_iter();
        for (g, product) in AT_TWO.into_iter().zip(products.by_ref()) {
            *class.product_mut(g) = indices(product);
        }
        for (i, product) in further.iter().zip(products) {
            class.more.insert(format!("h{i}"), indices(product));
        }
        class
    });
    let name = res.module().name();
    let mut chart = Chart::new(name, algorithm, 2, min_stem, config.max_stem, config.max_s);
    chart.algebra = res.algebra().profile().map(|p| p.to_string());
    chart.set_classes(classes);
    chart
}

/// The `i ≥ 3` whose `h_i` the algebra of `res` holds (`Sq(2^i)`) and whose products can
/// land in its range (`2^i − 1` stems at most the range's width, `max_s ≥ 1`).
pub fn further_hopf(res: &Resolution, min_stem: i32) -> Vec<u32> {
    let config = res.config();
    (3..=MAX_HOPF_INDEX)
        .filter(|&i| {
            config.max_s >= 1
                && (1i64 << i) - 1 <= i64::from(config.max_stem) - i64::from(min_stem)
                && res.algebra().contains(&PPart::from_slice(&[1u32 << i]))
        })
        .collect()
}

/// The chart of an odd-primary resolution: every class with its `a0`, `h0` products
/// (`[index, coefficient]` terms).
pub fn odd_chart(
    res: &Resolution<FiniteModule<MilnorAlgebra<ValidPrime>>>,
    algorithm: &str,
    min_stem: i32,
) -> Chart {
    let config = res.config();
    let classes = chart_products(res, &[Primitive::A0, Primitive::H(0)])
        .into_iter()
        .map(|cp| {
            let mut class = Class::new(cp.class.stem, cp.class.s, cp.class.index);
            for (g, product) in AT_ODD.into_iter().zip(cp.products) {
                *class.product_mut(g) = Product::from_pairs(product);
            }
            class
        });
    let (name, p) = (res.module().name(), res.prime().value());
    let mut chart = Chart::new(name, algorithm, p, min_stem, config.max_stem, config.max_s);
    chart.algebra = res.algebra().profile().map(|p| p.to_string());
    chart.set_classes(classes);
    chart
}
