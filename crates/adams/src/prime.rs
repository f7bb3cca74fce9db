//! What `adams resolve`, `adams products` and `adams massey` do differently at each
//! prime: [`PrimeModule`], one implementation for every `FiniteModule<A>`, and what
//! really differs said once by the algebra ([`PrimeAlgebra`]): at p = 2 Nassau's
//! algorithm by default, a device backend, the bundled names, every product line drawn;
//! at odd p the classical algorithm on the CPU. The chart's generators are
//! [`ChartAlgebra`]'s, the save format's [`SaveAlgebra`]'s; MPI ranks serve both. Its
//! profile and the classes its Ext has are [`ClassModule`]'s. What a flag asks for that a
//! prime lacks is refused before any work by the plan (`crate::plan`).

use adams::chart_model::ChartAlgebra;
use adams::classes::ClassModule;
use chart::chart_json::{Chart, AT_TWO};
use chart::class_spec::ClassSpec;
use chart::names::NameTable;
use resolution::save::{SaveAlgebra, SaveDir, SaveError, SaveOptions};
use resolution::{ModuleSteps, Resolution};
use steenrod::module::FiniteModule;
use steenrod::{MilnorAlgebra, Profile};

use crate::cli::Algorithm;
use crate::error::Error;
use crate::subalgebra::SubProfile;
use fp::ValidPrime;

/// A module kind the resolving commands resolve: `FiniteModule<A>`, one implementation for
/// every prime (what differs is its algebra's, [`PrimeAlgebra`]).
pub(crate) trait PrimeModule:
    ClassModule + SubProfile + ModuleSteps<StepAlgebra: PrimeAlgebra>
{
    /// The algorithm of a run over the whole algebra with no `--algorithm`.
    const DEFAULT_ALGORITHM: Algorithm;

    /// Whether its runs may offload builds and reductions to a device (`--backend`).
    const OFFLOADS: bool;

    /// Whether the `chart.svg` of `adams products` draws every product line (p = 2) or
    /// the default set.
    const EVERY_LINE: bool;

    /// The module over the sub-Hopf algebra of `profile` (its restriction).
    fn restricted_to(self, profile: &Profile) -> Self;

    /// `F_p` in degree 0 at the prime of `self`.
    fn sphere_like(&self) -> Self;

    /// The algorithm a run with no `--algorithm` takes: [`Self::DEFAULT_ALGORITHM`] over
    /// the whole algebra, the classical one over a sub-Hopf algebra (where Nassau's
    /// signature sub-algebras need not lie).
    fn algorithm(&self) -> resolution::Algorithm {
        match self.profile() {
            Some(_) => resolution::Algorithm::Classical,
            None => Self::DEFAULT_ALGORITHM.to_resolution(),
        }
    }
    /// The chart of a resolved range (`algorithm` as named in it; charts start at
    /// `min_stem`): every class with its products by the generators of `Ext^1` read off
    /// the differentials, named from `names` (`(table, strict)`: the sphere's).
    ///
    /// Rows a run within `--max-memory` spilled are read back from the save directory, one
    /// at a time for the products, all of them for the names.
    ///
    /// Errors: the names of a table the user gave that do not hold (`strict`); a spilled
    /// row whose records cannot be read back.
    fn chart(
        res: &mut Resolution<Self>,
        algorithm: &str,
        min_stem: i32,
        names: Option<&(NameTable, bool)>,
    ) -> Result<Chart, Error>;

    /// Opens the save directory `dir` for a run of `algorithm` on `module` (its header
    /// names the prime; quasi-inverses are kept at p = 2 only, `SAVE-FORMAT.md`).
    ///
    /// Errors: those of [`SaveDir::open`].
    fn open_save(
        dir: &std::path::Path,
        module: &Self,
        algorithm: resolution::Algorithm,
        options: SaveOptions,
    ) -> Result<SaveDir, SaveError>;

    /// The `memory:` line of `--log info` at the end of a run (p = 2: what the
    /// differentials and the Milnor product tables hold).
    fn log_memory(res: &Resolution<Self>);

    /// The chart `adams products` draws its products on (`chart.json`, `chart.svg`).
    fn base_chart(res: &Resolution<Self>) -> Result<Chart, Error>;
}

/// What the resolving commands do differently at each prime, said once by the module's
/// algebra (`MilnorAlgebra` at p = 2, `MilnorAlgebra<ValidPrime>` at odd p); [`PrimeModule`] is
/// one implementation over it.
pub(crate) trait PrimeAlgebra: SaveAlgebra + ChartAlgebra {
    /// [`PrimeModule::DEFAULT_ALGORITHM`]: Nassau's at p = 2, the classical one at odd p
    /// (the only one there).
    const DEFAULT_ALGORITHM: Algorithm;

    /// [`PrimeModule::OFFLOADS`]: at p = 2 only.
    const OFFLOADS: bool;

    /// [`PrimeModule::EVERY_LINE`]: at p = 2 only.
    const EVERY_LINE: bool;

    /// The bundled table of names of the sphere's classes (`crates/chart/data`): at
    /// p = 2; none at odd p (there the names come from `--names FILE`).
    fn bundled_names() -> Option<NameTable>;

    /// [`PrimeModule::log_memory`].
    fn log_memory(res: &Resolution<FiniteModule<Self>>);

    /// The `chart.json` key of the products by the `--by` class `spec` whose value is
    /// `element` (terms `(index, c)` at `(stem, s)`); `None`: in products.json only.
    fn chart_key(
        chart: &Chart,
        spec: &ClassSpec,
        at: (i32, u32),
        element: &[(usize, u32)],
    ) -> Option<String>;
}

impl<A: PrimeAlgebra> PrimeModule for FiniteModule<A>
where
    FiniteModule<A>: ClassModule + SubProfile + ModuleSteps<StepAlgebra = A>,
{
    const DEFAULT_ALGORITHM: Algorithm = A::DEFAULT_ALGORITHM;
    const OFFLOADS: bool = A::OFFLOADS;
    const EVERY_LINE: bool = A::EVERY_LINE;

    fn restricted_to(self, profile: &Profile) -> Self {
        FiniteModule::restricted_to(self, profile)
    }

    fn sphere_like(&self) -> Self {
        FiniteModule::sphere_at(self.prime())
    }

    /// Products by the generators of `Ext^1` of [`ChartAlgebra::PRIMITIVES`] (`h0`, `h1`,
    /// `h2` and the further `h_i` at p = 2; `a0`, `h0` with their coefficients at odd p);
    /// the sphere's classes named by `names` (the bundled table at p = 2, `--names FILE`).
    fn chart(
        res: &mut Resolution<Self>,
        algorithm: &str,
        min_stem: i32,
        names: Option<&(NameTable, bool)>,
    ) -> Result<Chart, Error> {
        let mut chart = crate::chart_model::chart_loading(res, algorithm, min_stem)?;
        if let Some((table, strict)) = names {
            for s in res.spilled_rows() {
                res.load_row(s)?;
            }
            crate::chart_names::add(&mut chart, res, table, *strict)?;
        }
        Ok(chart)
    }

    /// Quasi-inverse records as `options` say at p = 2, none at odd p
    /// ([`SaveAlgebra::QUASI_INVERSE_RECORDS`]).
    fn open_save(
        dir: &std::path::Path,
        module: &Self,
        algorithm: resolution::Algorithm,
        options: SaveOptions,
    ) -> Result<SaveDir, SaveError> {
        SaveDir::open(dir, module, algorithm, options)
    }

    fn log_memory(res: &Resolution<Self>) {
        A::log_memory(res)
    }

    /// The chart of the default algorithm with no further product keys and, for the
    /// sphere through stem 60, the names of the bundled table (p = 2; `crate::chart_names`);
    /// the generators' products are put back by their `--by` classes.
    fn base_chart(res: &Resolution<Self>) -> Result<Chart, Error> {
        let algorithm = A::DEFAULT_ALGORITHM.name();
        let mut chart = crate::chart_model::chart(res, algorithm, res.module().min_degree());
        for c in &mut chart.classes {
            c.more.clear();
        }
        if let Some(table) = A::bundled_names() {
            if res.config().max_stem <= crate::chart_names::DEFAULT_MAX_STEM {
                crate::chart_names::add(&mut chart, res, &table, false)?;
            }
        }
        Ok(chart)
    }
}

impl PrimeAlgebra for MilnorAlgebra {
    const DEFAULT_ALGORITHM: Algorithm = Algorithm::Nassau;
    const OFFLOADS: bool = true;
    const EVERY_LINE: bool = true;

    fn bundled_names() -> Option<NameTable> {
        Some(NameTable::bundled())
    }

    /// MB = 2^20 bytes (docs/EXPERIMENTS.md, 2026-12-01, for the breakdown at stems 100
    /// and 130).
    fn log_memory(res: &Resolution) {
        let mem = res.memory();
        let mb = |bytes: usize| bytes as f64 / (1u64 << 20) as f64;
        // Logged as from `adams::resolve`, where the line has always come from.
        tracing::info!(
            target: "adams::resolve",
            "memory: differentials {:.1} MB as vectors, {:.1} MB as {} terms; Milnor bases \
             {:.1} MB; product tables {:.1} MB of a budget of {:.1} MB",
            mb(mem.differential_values),
            mb(mem.differential_terms),
            mem.terms,
            mb(mem.algebra_basis),
            mb(mem.product_tables),
            mb(res.algebra().table_budget())
        );
    }

    /// The class as written; none for `h0`, `h1`, `h2`, drawn already (read off the
    /// differentials: the same products, tests/it/products.rs).
    fn chart_key(_: &Chart, spec: &ClassSpec, _: (i32, u32), _: &[(usize, u32)]) -> Option<String> {
        let key = spec.to_string();
        (!AT_TWO.iter().any(|g| g.key() == key)).then_some(key)
    }
}

impl PrimeAlgebra for MilnorAlgebra<ValidPrime> {
    const DEFAULT_ALGORITHM: Algorithm = Algorithm::Classical;
    const OFFLOADS: bool = false;
    const EVERY_LINE: bool = false;

    fn bundled_names() -> Option<NameTable> {
        None
    }

    fn log_memory(_res: &Resolution<FiniteModule<MilnorAlgebra<ValidPrime>>>) {}

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
}
