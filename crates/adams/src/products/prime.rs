//! What `adams products` and `adams massey` do differently at p = 2 and at an odd prime
//! ([`ProductModule`]): which algorithm resolves, how a save directory is resumed, the
//! chart the products are drawn on and which `--by` classes get a key there (the classes
//! themselves: `adams::classes`). Everything else is written once over the module type
//! (`super`, `crate::massey`).

use std::path::Path;

use adams::classes::ClassModule;
use chart::chart_json::{Chart, AT_TWO};
use chart::class_spec::ClassSpec;
use chart::names::NameTable;
use resolution::{Algorithm, ModuleSteps, Resolution};
use steenrod::module::FiniteModule;
use steenrod::OddMilnorAlgebra;

use crate::error::Error;

/// A module whose Ext the product commands multiply: [`FiniteModule`] (p = 2) and
/// `FiniteModule<OddMilnorAlgebra>` (odd p).
pub(crate) trait ProductModule: ClassModule + ModuleSteps {
    /// `F_p` in degree 0 at the prime of `self`.
    fn sphere_like(&self) -> Self;

    /// The algorithm its resolutions run: Nassau's at p = 2 over `A` (classical steps over
    /// a sub-Hopf algebra, where Nassau's signatures need not lie), the classical one at
    /// odd p.
    fn algorithm(&self) -> Algorithm;

    /// Attaches the save directory `dir` to `res` and loads what it holds (as `adams
    /// resolve --save-dir`, without quasi-inverses), saying so on stderr unless `quiet`.
    fn resume(
        dir: &Path,
        res: &mut Resolution<Self>,
        algorithm: Algorithm,
        quiet: bool,
    ) -> Result<(), Error>;

    /// The chart the products are drawn on (`chart.json`, `chart.svg`).
    fn base_chart(res: &Resolution<Self>) -> Result<Chart, Error>;

    /// The `chart.json` key of the products by the `--by` class `spec` whose value is
    /// `element` (terms `(index, c)` at `(stem, s)`); `None`: in products.json only.
    fn chart_key(
        chart: &Chart,
        spec: &ClassSpec,
        at: (i32, u32),
        element: &[(usize, u32)],
    ) -> Option<String>;

    /// Whether `chart.svg` draws every product line (p = 2) or the default set.
    const EVERY_LINE: bool;
}

impl ProductModule for FiniteModule {
    fn sphere_like(&self) -> Self {
        FiniteModule::sphere()
    }

    fn algorithm(&self) -> Algorithm {
        match self.profile() {
            Some(_) => Algorithm::Classical,
            None => Algorithm::Nassau,
        }
    }

    fn resume(
        dir: &Path,
        res: &mut Resolution,
        algorithm: Algorithm,
        quiet: bool,
    ) -> Result<(), Error> {
        crate::save::resume(dir, res, algorithm, false, quiet).map(drop)
    }

    /// The classes with no product keys and, for the sphere through stem 60, their names
    /// (`crate::chart_names`); `h0`, `h1`, `h2` are put back by their `--by` classes.
    fn base_chart(res: &Resolution) -> Result<Chart, Error> {
        let mut chart = crate::chart_model::two_chart(res, "nassau", res.module().min_degree());
        for c in &mut chart.classes {
            c.more.clear();
        }
        if res.config().max_stem <= crate::chart_names::DEFAULT_MAX_STEM {
            crate::chart_names::add(&mut chart, res, &NameTable::bundled(), false)?;
        }
        Ok(chart)
    }

    /// The class as written; none for `h0`, `h1`, `h2`, drawn already (read off the
    /// differentials: the same products, tests/it/products.rs).
    fn chart_key(_: &Chart, spec: &ClassSpec, _: (i32, u32), _: &[(usize, u32)]) -> Option<String> {
        let key = spec.to_string();
        (!AT_TWO.iter().any(|g| g.key() == key)).then_some(key)
    }

    const EVERY_LINE: bool = true;
}

impl ProductModule for FiniteModule<OddMilnorAlgebra> {
    fn sphere_like(&self) -> Self {
        FiniteModule::<OddMilnorAlgebra>::sphere_at(self.prime())
    }

    fn algorithm(&self) -> Algorithm {
        Algorithm::Classical
    }

    fn resume(
        dir: &Path,
        res: &mut Resolution<Self>,
        algorithm: Algorithm,
        quiet: bool,
    ) -> Result<(), Error> {
        // No quasi-inverses are kept at odd primes.
        crate::save::resume(dir, res, algorithm, false, quiet).map(drop)
    }

    /// The `a0`, `h0` chart of `adams resolve`.
    fn base_chart(res: &Resolution<Self>) -> Result<Chart, Error> {
        Ok(crate::chart_model::odd_chart(
            res,
            "classical",
            res.module().min_degree(),
        ))
    }

    /// A key that says where the products land: `(stem,s,index)` for a `--by` class that
    /// is one basis class, `a0^k` for `k ≥ 2`; none for `a0`, `h0` (drawn already, read off
    /// the differentials: the same products, tests/it/odd_products.rs), the unit, or a
    /// key the chart has.
    fn chart_key(
        chart: &Chart,
        spec: &ClassSpec,
        (stem, s): (i32, u32),
        element: &[(usize, u32)],
    ) -> Option<String> {
        let key = match (spec, element) {
            (ClassSpec::A0(k), _) if *k >= 2 => spec.to_string(),
            (ClassSpec::A0(_), _) => return None,
            (_, [(index, 1)]) if (stem, s) != (0, 1) => format!("({stem},{s},{index})"),
            _ => return None,
        };
        let p = chart.prime as i32;
        let known = chart.classes.iter().any(|c| c.more.contains_key(&key));
        (!known && key != "(0,1,0)" && (stem, s) != (2 * p - 3, 1)).then_some(key)
    }

    const EVERY_LINE: bool = false;
}
