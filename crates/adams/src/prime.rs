//! What the one `adams resolve` path does differently at each prime, said by the module
//! type ([`PrimeModule`]): [`FiniteModule`] at p = 2 (Nassau's algorithm by default, a
//! device backend, the sphere's names, MPI ranks, product tables) and `FiniteModule<OddMilnorAlgebra>` at odd
//! p (the classical algorithm on the CPU, in one process). What a flag asks for that a
//! prime lacks is refused before any work by the plan (`crate::plan`).

use chart::chart_json::Chart;
use chart::names::NameTable;
use resolution::save::{SaveDir, SaveError, SaveOptions};
use resolution::{Resolution, Resolvable};
use steenrod::module::FiniteModule;
use steenrod::OddMilnorAlgebra;
use steenrod::{OddProfile, Profile};

use crate::cli::Algorithm;
use crate::error::Error;
use crate::subalgebra::SubProfile;

/// A module kind `adams resolve` resolves: one per prime.
pub(crate) trait PrimeModule: Resolvable {
    /// How its sub-Hopf algebras are given (`--algebra`, `--profile`, the file's profile).
    type Profile: SubProfile;

    /// The algorithm of a run over the whole algebra with no `--algorithm`.
    const DEFAULT_ALGORITHM: Algorithm;

    /// Whether its runs may offload builds and reductions to a device (`--backend`).
    const OFFLOADS: bool;

    /// The sub-Hopf algebra the module is over (its file's profile, or one it was
    /// restricted to), `None` for the whole Steenrod algebra.
    fn profile(&self) -> Option<&Self::Profile>;

    /// The module over the sub-Hopf algebra of `profile` (its restriction).
    fn restricted_to(self, profile: &Self::Profile) -> Self;

    /// The chart of a resolved range (`algorithm` as named in it; charts start at
    /// `min_stem`): every class with its products by the generators of `Ext^1` read off
    /// the differentials, named from `names` (`(table, strict)`, p = 2: the sphere's).
    ///
    /// Errors: the names of a table the user gave that do not hold (`strict`).
    fn chart(
        res: &Resolution<Self>,
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

    /// Under `mpirun`, on a follower: its whole run, following rank 0 (`true`: done,
    /// nothing to write); on rank 0 or in one process, `false` (odd p: always; the plan
    /// refuses a run across ranks there).
    #[cfg(feature = "mpi")]
    fn follow(res: &mut Resolution<Self>, algorithm: resolution::Algorithm, threads: usize)
        -> bool;

    /// The run, across the MPI ranks when there are several (rank 0).
    ///
    /// Errors: those of [`Resolution::run`] and of the cluster.
    #[cfg(feature = "mpi")]
    fn run_ranks(
        res: &mut Resolution<Self>,
        options: resolution::RunOptions<'_>,
        quiet: bool,
    ) -> Result<resolution::RunReport, resolution::ResolutionError>;
}

impl PrimeModule for FiniteModule {
    type Profile = Profile;
    const DEFAULT_ALGORITHM: Algorithm = Algorithm::Nassau;
    const OFFLOADS: bool = true;

    fn profile(&self) -> Option<&Profile> {
        FiniteModule::profile(self)
    }

    fn restricted_to(self, profile: &Profile) -> Self {
        self.restricted_to(profile)
    }

    /// Products by `h0`, `h1`, `h2` and the further `h_i`; the sphere's classes named.
    fn chart(
        res: &Resolution,
        algorithm: &str,
        min_stem: i32,
        names: Option<&(NameTable, bool)>,
    ) -> Result<Chart, Error> {
        let mut chart = crate::chart_model::two_chart(res, algorithm, min_stem);
        if let Some((table, strict)) = names {
            crate::chart_names::add(&mut chart, res, table, *strict)?;
        }
        Ok(chart)
    }

    fn open_save(
        dir: &std::path::Path,
        module: &Self,
        algorithm: resolution::Algorithm,
        options: SaveOptions,
    ) -> Result<SaveDir, SaveError> {
        SaveDir::open(dir, module, algorithm, options)
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

    #[cfg(feature = "mpi")]
    fn follow(res: &mut Resolution, algorithm: resolution::Algorithm, threads: usize) -> bool {
        crate::cluster::follow(res, algorithm, threads)
    }

    #[cfg(feature = "mpi")]
    fn run_ranks(
        res: &mut Resolution,
        options: resolution::RunOptions<'_>,
        quiet: bool,
    ) -> Result<resolution::RunReport, resolution::ResolutionError> {
        crate::cluster::run(res, options, quiet)
    }
}

impl PrimeModule for FiniteModule<OddMilnorAlgebra> {
    type Profile = OddProfile;
    const DEFAULT_ALGORITHM: Algorithm = Algorithm::Classical;
    const OFFLOADS: bool = false;

    fn profile(&self) -> Option<&OddProfile> {
        FiniteModule::profile(self)
    }

    fn restricted_to(self, profile: &OddProfile) -> Self {
        FiniteModule::<OddMilnorAlgebra>::restricted_to(self, profile)
    }

    /// Products by `a0` and `h0`, with their coefficients (no names: the table is the
    /// sphere's at p = 2).
    fn chart(
        res: &Resolution<FiniteModule<OddMilnorAlgebra>>,
        algorithm: &str,
        min_stem: i32,
        _names: Option<&(NameTable, bool)>,
    ) -> Result<Chart, Error> {
        Ok(crate::chart_model::odd_chart(res, algorithm, min_stem))
    }

    /// The classical algorithm only; no quasi-inverse records at odd primes.
    fn open_save(
        dir: &std::path::Path,
        module: &Self,
        _algorithm: resolution::Algorithm,
        options: SaveOptions,
    ) -> Result<SaveDir, SaveError> {
        SaveDir::open_odd_with(dir, module, options.wait_for_lock)
    }

    fn log_memory(_res: &Resolution<FiniteModule<OddMilnorAlgebra>>) {}

    #[cfg(feature = "mpi")]
    fn follow(
        _: &mut Resolution<FiniteModule<OddMilnorAlgebra>>,
        _: resolution::Algorithm,
        _: usize,
    ) -> bool {
        false
    }

    #[cfg(feature = "mpi")]
    fn run_ranks(
        res: &mut Resolution<FiniteModule<OddMilnorAlgebra>>,
        options: resolution::RunOptions<'_>,
        _quiet: bool,
    ) -> Result<resolution::RunReport, resolution::ResolutionError> {
        res.run(options)
    }
}
