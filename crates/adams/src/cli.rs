//! The command line: what each subcommand and flag means, in the field's words.
//!
//! Parsing only; validation that needs more than a type (ranges, module lookup)
//! happens in `main.rs` so that its errors are one line and exit 2.

use std::path::PathBuf;

use chart::class_spec::ClassSpec;
use clap::{Args, Parser, Subcommand, ValueEnum};

#[derive(Debug, Parser)]
#[command(
    name = "adams",
    version,
    about = "Ext over the mod p Steenrod algebra (the E2 page of the Adams spectral sequence) by minimal resolutions",
    long_about = "Ext over the mod p Steenrod algebra A, the E2 page of the Adams spectral sequence, \
computed by building a minimal free resolution C_s -> ... -> C_0 -> M of an A-module M. The prime \
is the module file's \"p\": 2 (the default), or an odd prime (classical algorithm, CPU).\n\n\
Coordinates: Adams filtration (homological degree) s, internal degree t, stem n = t - s. \
dim Ext^{s,t}(M) is the number of generators of C_s in internal degree t.\n\n\
Exit status: 0 success; 1 `verify` found a disagreement or `certify` (`resolve --certify`) a bidegree that is not exact or not minimal; 2 bad input (module file, range, \
CSV table, command line); 3 a failure while computing or writing results."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Resolve a module, print its Adams chart and write ext.csv, chart.svg and chart.json.
    #[command(
        long_about = "Resolve a module through a range of bidegrees, print its Adams chart \
(stem n = t - s across, Adams filtration s up, one mark per bidegree giving dim Ext^{s,t}) \
and write the nonzero dimensions to DIR/ext.csv (columns stem,s,t,dim, sorted by stem then s). \
The first line of ext.csv, `# complete for stem <= N, s <= S; ...`, states the range in which \
every bidegree was computed, so that absent rows there are zeros.\n\n\
Also written: DIR/chart.svg, the chart with a dot per class (those of one bidegree side by \
side), lines for the products by h0 (vertical), h1 (diagonal) and h2 (lighter, dashed, three \
stems right) and the sphere's named classes labelled (--lines and --labels choose), and \
DIR/chart.json, every class (stem, s, t, index) with its name and its products by h0, h1, h2 \
and the further h_i (null where the product leaves the range; schema in \
docs/guide/05-charts.md). --format tikz,seqsee also writes DIR/chart.tex and \
DIR/chart.seqsee.json. At an odd prime p the products drawn and listed are a0 (vertical) and \
h0 (2p - 3 stems right), with their coefficients in F_p."
    )]
    Resolve(Box<ResolveArgs>),
    /// Compare two Ext tables (ext.csv files) bidegree by bidegree.
    #[command(
        long_about = "Compare two Ext tables (columns stem,s,t,dim; zeros omitted) over the \
range of bidegrees both cover, print each bidegree where the dimensions differ, and a summary. \
Exit 0 when they agree there, 1 on any disagreement, 2 when a table cannot be read or the \
common range holds no class (nothing to compare).\n\n\
Range of a table: a line `# complete for stem <= N, s <= S` (as adams writes) says the table is \
complete for stem n <= N and Adams filtration s <= S; `# complete for t <= T`, for every internal \
degree t <= T, all s. A table without such a line is taken to be \
complete for every internal degree t up to the largest t it contains, all s (as for a table \
computed by t). Other lines starting with `#` are comments. Rows whose dim is 0 are allowed and \
mean the same as an absent row."
    )]
    Verify(VerifyArgs),
    /// Draw an Adams chart (SVG) from a chart.json written by `adams resolve`.
    #[command(
        long_about = "Draw an Adams chart (SVG) from a chart.json written by `adams resolve` \
(or by any program following the schema in docs/guide/05-charts.md): a dot per class, h0 and h1 products \
as solid vertical and diagonal lines, h2 products lighter and dashed, d2 as arrows, further \
families as --lines asks; or, with --format, the same chart as a standalone TikZ document \
or as SeqSee's JSON. The chart.json is checked first (format, version, class order, product \
indices); a bad one is an error (exit 2)."
    )]
    Chart(ChartArgs),
    /// Time resolutions (each in its own process) and print median wall time, CPU time and peak memory.
    #[command(
        long_about = "Time resolutions of a module over several ranges. Each run is a separate \
`adams resolve --no-chart` process, so its peak resident memory is its own; the table gives, \
per range, the median over --runs runs of the wall time, the CPU time (user + system) and the \
peak resident set size. The default ranges are the sphere through stem 80 (s <= 43) and stem \
100 (s <= 53), Nassau's algorithm; build in release mode (cargo run --release -p adams -- bench)."
    )]
    Bench(BenchArgs),
    /// Multiply Ext by classes of the sphere (any class, from chain maps); write products.json, chart.json, chart.svg.
    #[command(
        long_about = "Resolve MODULE (and the sphere) through the range and multiply every class \
of Ext(MODULE) by each --by class of Ext(S_2), lifting classes to chain maps of minimal \
resolutions. A class is a monomial in the h_i (h3, h2^2, h0^4, h1h3) or a basis class \
(stem,s,index), e.g. (8,3,0) for c0, the index-th class of the bidegree in the order of ext.csv \
and chart.json. Writes DIR/products.json (for each --by class, per source bidegree (stem, s) \
whose target is in range, one row per class: the indices of the classes at \
(stem + stem(x), s + s(x)) whose sum is the product), DIR/chart.json (each class gains a key \
named as the --by class with its product) and DIR/chart.svg (those products drawn)."
    )]
    Products(ProductsArgs),
    /// Massey products <A, B, C> with their indeterminacy, or <A, B, -> over the range.
    #[command(
        long_about = "The Massey product <A, B, C> (A, B classes of Ext(S_2); C a class of \
Ext(MODULE), over a module other than S_2 written (stem,s,index)) with AB = 0 = BC, from a \
null-homotopy of the composite of chain maps; printed as one value and the indeterminacy \
A·Ext + Ext·C. With C = -, <A, B, x> for every class x of the sphere's range with Bx = 0, \
written to DIR/massey.json (at p = 2 and at odd p: docs/guide/06-products-and-massey.md)."
    )]
    Massey(MasseyArgs),
    /// The map on Ext induced by a map of modules given in a file; writes map.json.
    #[command(
        long_about = "Read a map of modules f: M -> N from FILE (crates/steenrod/MAP-FORMAT.md: \
source and target modules, a degree shift, the image of each basis element of M), check that it \
commutes with every Sq^(2^k), resolve M and N through the range, lift f to a chain map of the \
minimal resolutions and write DIR/map.json: for each bidegree (stem, s) of Ext(N), one row per \
class listing the indices of the classes of Ext(M) at (stem - shift, s) whose sum is its image \
under f*: Ext(N) -> Ext(M). For a map of spectra X -> Y, f is its map in cohomology \
H*(Y) -> H*(X) and f* the map Ext(X) -> Ext(Y) of Adams E2 pages."
    )]
    Map(MapArgs),
    /// Ext of a module file with the field's "cofiber" key, from the mapping cone; writes ext.csv.
    #[command(
        long_about = "FILE is a module file with the field's \"cofiber\": {\"s\", \"t\", \"idx\"} \
key (C4.json, Ceta2.json, C2v14.json): the cofiber of the idx-th class x of Ext^(s,t) of the module \
its gens and actions give, x read (as the field's resolver reads it) as the map from the \
resolution's s-th module onto the degree-0 cell. Resolves that module through the range (one \
filtration more), lifts x to a chain map and takes the cohomology of its mapping cone. Prints \
the Adams chart and writes DIR/ext.csv. adams resolve FILE does the same and writes the whole \
output folder (summary.json, chart.json and chart.svg with the classes only)."
    )]
    Cofiber(CofiberArgs),
    /// Check that a save directory's resolution is exact and minimal, so that its generators are Ext.
    #[command(
        long_about = "Certify the resolution in a save directory (written by `adams resolve --save-dir`): \
from its stored differentials alone, with the CPU's Milnor products and row reduction (never a \
device, never the resolution's own steps), check for every bidegree of the range that d∘d = 0, \
that the complex is exact (dim C_s = rank d_s + rank d_{s+1} in each degree, d_0 onto the module) \
and minimal (no differential has a coefficient on a generator). Then dim Ext^{s,t} is the number \
of generators of C_s in degree t throughout the range (crates/resolution/src/certify).\n\n\
Prints `certified N bidegrees (stem <= .., s <= ..)`, exit 0; or the first bidegree that fails \
and why, exit 1. A save directory that is missing, made for another module, or lacks a \
bidegree of the requested range: exit 2."
    )]
    Certify(CertifyArgs),
    /// Adams d2 of the sphere from the secondary Steenrod algebra; writes d2.csv, e3.csv and the chart with d2 arrows.
    #[command(
        long_about = "Resolve the sphere S_2 through the range (resumed from --save-dir when given), \
lift the minimal resolution to the secondary Steenrod algebra (Baues–Jibladze; Chua, \
arXiv:2105.07628; docs/design/d2.md) and read off d2: E2^{s,t} -> E2^{s+2,t+1} on every class \
of stem <= N, s <= S - 2. Writes DIR/d2.csv (one row per class with d2 != 0: stem,s,t,class,target, \
the target the space-separated indices of the classes of E2^{s+2,t+1} whose sum it is, in the \
basis of ext.csv and chart.json), DIR/e3.csv (dim E3 = dim ker d2 - rank d2 for stem <= N - 1, \
s <= S - 2, the form of ext.csv), DIR/ext.csv, DIR/chart.json (each class gains \"d2\": its \
target's indices, null outside the range), DIR/chart.svg (d2 arrows in their own colour), \
DIR/chart-e3.svg (the E3 page over the range of e3.csv, with the h0, h1, h2 products it \
inherits) and DIR/summary.json. Then checks d2∘d2 = 0 and d2(h_i x) = h_i d2(x) (i = 0, 1, 2) wherever both \
sides are in range: a failure exits 1 naming the bidegree. Only S_2 (p = 2, over A) is \
supported: any other module exits 2."
    )]
    D2(D2Args),
    /// Print the command line's reference in Markdown (docs/reference/cli.md).
    #[command(hide = true, name = "cli-reference")]
    CliReference,
}

#[derive(Debug, Args)]
pub struct D2Args {
    /// The module: only S_2 (the sphere) is supported.
    #[arg(value_name = "MODULE", default_value = "S_2")]
    pub module: String,
    /// The range, and `--threads` (the resolution's and the secondary lift's workers).
    #[command(flatten)]
    pub range: ExtRangeArgs,
    /// Resume the resolution from DIR and save it there (as `adams resolve --save-dir DIR
    /// --no-save-quasi-inverses`), and keep the secondary lift λ in DIR/secondary/ (one
    /// checksummed file per bidegree): a second run reads them and computes only what is
    /// missing. A damaged λ file, or one made over another resolution: exit 2 naming it.
    #[arg(long, value_name = "DIR")]
    pub save_dir: Option<PathBuf>,
    /// With --save-dir: when another adams process holds DIR (its pid is in DIR/lock), wait
    /// for it to end instead of exit 2.
    #[arg(long, requires = "save_dir")]
    pub wait: bool,
    /// Folder for the results. Default: output/S_2-d2 (beside, never over, adams resolve's output/S_2).
    #[arg(long, short = 'o', value_name = "DIR")]
    pub output: Option<PathBuf>,

    #[command(flatten)]
    pub draw: DrawArgs,

    #[command(flatten)]
    pub export: ExportArgs,
    /// No lines on stderr but errors.
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Debug, Args)]
pub struct CertifyArgs {
    /// The save directory (`adams resolve --save-dir DIR`).
    #[arg(value_name = "SAVE_DIR")]
    pub dir: PathBuf,

    /// The module, as for `adams resolve`; default: the `module` named in the directory's
    /// header. Its definition must hash to the header's `module-hash`.
    #[arg(long, value_name = "MODULE")]
    pub module: Option<String>,

    /// Folder of module files, as for `adams resolve`.
    #[arg(long, value_name = "DIR")]
    pub modules_dir: Option<PathBuf>,

    /// Smash --module with this module, as `adams resolve --smash` did (repeatable).
    #[arg(long, value_name = "OTHER", requires = "module")]
    pub smash: Vec<String>,

    /// Largest stem to certify. Default: the largest range stem <= N, s <= S all of
    /// whose bidegrees the directory holds.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub max_stem: Option<i64>,

    /// Largest Adams filtration to certify (default: as for --max-stem).
    #[arg(long = "max-s", value_name = "S", allow_negative_numbers = true)]
    pub max_s: Option<i64>,

    /// Worker threads (bidegrees are checked in parallel); 0 means one per core.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub threads: usize,
}

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// The module to resolve (as for `adams resolve`).
    #[arg(value_name = "MODULE", default_value = "S_2")]
    pub module: String,

    /// Ranges to time, each STEM:S (largest stem n, largest Adams filtration s).
    #[arg(
        long,
        value_name = "STEM:S",
        value_delimiter = ',',
        default_value = "80:43,100:53"
    )]
    pub ranges: Vec<crate::bench::BenchRange>,

    /// Worker-thread counts to time each range with (0 = one per core); the speedup
    /// column is relative to the first.
    #[arg(long, value_name = "N,...", value_delimiter = ',', default_value = "0")]
    pub threads: Vec<usize>,

    /// Runs per range; the table reports medians.
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub runs: usize,

    /// Algorithm that builds the minimal resolution. Default: nassau at p = 2, classical
    /// at odd primes (the only one there).
    #[arg(long, value_enum)]
    pub algorithm: Option<Algorithm>,

    /// Folder of module files, as for `adams resolve`.
    #[arg(long, value_name = "DIR")]
    pub modules_dir: Option<PathBuf>,

    /// Time resolutions over the sub-Hopf algebra A(n), as `adams resolve --algebra`
    /// (sseq is given the module file with that profile).
    #[arg(long, value_name = "A(n)", conflicts_with = "profile")]
    pub algebra: Option<String>,

    /// Time resolutions over the sub-Hopf algebra of this profile, as `adams resolve
    /// --profile`.
    #[arg(long, value_name = "H1,H2,...")]
    pub profile: Option<String>,

    /// Another adams executable (e.g. a build from before a change) to time in the same
    /// runs, interleaved run by run with this one; the table then gives both medians and
    /// their ratio (this one over the baseline) per range and thread count.
    #[arg(long, value_name = "EXE")]
    pub baseline: Option<PathBuf>,

    /// The established open-source resolver (sseq's `ext` example `resolve_through_stem`,
    /// a release build) to time on the same module file, range and thread count
    /// (`RAYON_NUM_THREADS`), interleaved run by run with this one; the table then gives
    /// both medians (wall, CPU and peak memory of each whole child process) and their
    /// ratio, this one over sseq. Not with --baseline.
    #[arg(long, value_name = "EXE", conflicts_with = "baseline")]
    pub sseq: Option<PathBuf>,

    /// Time `adams products MODULE --by CLASS` instead (each run in its own process): the
    /// medians of the resolution's wall time and of the products' (lift and read-off),
    /// and their ratio. Not with --baseline or --sseq.
    #[arg(long, value_name = "CLASS", conflicts_with_all = ["baseline", "sseq"])]
    pub products: Option<ClassSpec>,
}

/// Where matrix builds and large row reductions run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BackendChoice {
    /// The CPU only (the reference path).
    Cpu,
    /// The GPU: CUDA if built with the `cuda` feature, else Vulkan through wgpu.
    Gpu,
    /// Vulkan (or Metal/DX12) through wgpu; needs the `gpu` feature.
    Wgpu,
    /// CUDA; needs the `cuda` feature and the CUDA toolkit (NVRTC) at run time.
    Cuda,
}

/// Thresholds and sizes of the GPU backend (each also read from an environment variable).
#[derive(Debug, Args, Clone)]
pub struct GpuKnobs {
    /// Offload a matrix build when it holds at least this many products Sq(R)·Sq(S)
    /// (rows × terms of d(g)); smaller builds run on the CPU.
    #[arg(
        long,
        value_name = "N",
        env = "ADAMS_GPU_MIN_WORK",
        default_value_t = 200_000
    )]
    pub gpu_min_work: usize,

    /// Row reduce on the device when min(rows, columns) is at least this (the matrix of
    /// a kernel computation is [M | I], so its columns include the identity part).
    #[arg(
        long,
        value_name = "N",
        env = "ADAMS_GPU_RREF_MIN",
        default_value_t = 2048
    )]
    pub gpu_rref_min: usize,

    /// Output bytes per product launch, in MiB: a build is split into row blocks of at
    /// most this size.
    #[arg(long, value_name = "MB", env = "ADAMS_GPU_BLOCK_MB", default_value_t = 128, value_parser = crate::offload::parse_block_mb)]
    pub gpu_block_mb: usize,

    /// Size in MiB of each segment of the device-resident master of admissible matrices
    /// (grown one segment at a time, never reallocated).
    #[arg(long, value_name = "MB", env = "ADAMS_GPU_SEGMENT_MB", default_value_t = 64, value_parser = crate::offload::parse_segment_mb)]
    pub gpu_segment_mb: usize,

    /// Devices to use (default: every visible one; on wgpu, N logical devices on its
    /// adapter): the admissible-matrix master is sharded across them by a hash of R.
    #[arg(long, value_name = "N", env = "ADAMS_GPUS", allow_negative_numbers = true, value_parser = crate::offload::parse_gpus)]
    pub gpus: Option<usize>,

    /// Most device memory per device, in MiB (resident tables, master, launches): work
    /// waits for room, and a run that cannot progress under it stops (exit 3).
    #[arg(long, value_name = "MB", env = "ADAMS_GPU_MEMORY", allow_negative_numbers = true, value_parser = crate::offload::parse_budget_mb)]
    pub gpu_memory: Option<usize>,

    /// Most host memory, in MiB, of the buffers that device builds marshal, all workers
    /// together: workers wait for room, and a run that cannot progress stops (exit 3).
    #[arg(long, value_name = "MB", env = "ADAMS_HOST_MEMORY", allow_negative_numbers = true, value_parser = crate::offload::parse_budget_mb)]
    pub host_memory: Option<usize>,
}

/// The environment variable a clap error's bad value came from, if it did: the error
/// names an argument that reads a variable (`env = …`) and `argv` does not give that flag,
/// so clap took the value from the variable. Clap's own message names only the flag.
pub fn env_source(e: &clap::Error, argv: &[std::ffi::OsString]) -> Option<String> {
    use clap::error::{ContextKind, ContextValue};
    let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) else {
        return None;
    };
    let long = arg.split_whitespace().next()?.strip_prefix("--")?;
    let command = <Cli as clap::CommandFactory>::command();
    let mut commands = vec![&command];
    while let Some(c) = commands.pop() {
        commands.extend(c.get_subcommands());
        let Some(env) = c
            .get_arguments()
            .find(|a| a.get_long() == Some(long))
            .and_then(|a| a.get_env())
        else {
            continue;
        };
        let flag = format!("--{long}");
        let given = argv
            .iter()
            .filter_map(|a| a.to_str())
            .any(|a| a == flag || a.starts_with(&format!("{flag}=")));
        return (!given).then(|| env.to_string_lossy().into_owned());
    }
    None
}

/// Algorithm that builds the minimal resolution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Algorithm {
    /// Row-reduce the full matrix of d_{s-1} in each bidegree (s, t); works for any module.
    Classical,
    /// Nassau's algorithm (arXiv:1910.04063): new generators from the zero-signature part
    /// of a Milnor sub-Hopf algebra's splitting, then a lift through the other
    /// signatures; rows s <= 1 are classical.
    Nassau,
}

impl BackendChoice {
    pub fn name(self) -> &'static str {
        match self {
            BackendChoice::Cpu => "cpu",
            BackendChoice::Gpu => "gpu",
            BackendChoice::Wgpu => "wgpu",
            BackendChoice::Cuda => "cuda",
        }
    }
}

impl Algorithm {
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Classical => "classical",
            Algorithm::Nassau => "nassau",
        }
    }

    pub fn to_resolution(self) -> resolution::Algorithm {
        match self {
            Algorithm::Classical => resolution::Algorithm::Classical,
            Algorithm::Nassau => resolution::Algorithm::Nassau,
        }
    }
}

#[derive(Debug, Args)]
pub struct ResolveArgs {
    /// The A-module M to resolve: a path to a module file (JSON, the field's
    /// `finite dimensional module` format), else the NAME of one: looked up as
    /// DIR/NAME.json in --modules-dir, then among the modules bundled with adams
    /// (S_2 is the sphere, F_2 in degree 0). NAME[k], e.g. C2[-5], shifts every
    /// degree by k. A file with the field's "cofiber" key is the cofiber of that class,
    /// from the mapping cone (docs/guide/07-maps-and-cofibers.md).
    #[arg(value_name = "MODULE", default_value = "S_2")]
    pub module: String,

    /// Largest stem n = t - s to resolve (at least the module's bottom cell). Every
    /// bidegree with stem <= N and Adams filtration <= S is computed; N + S, the largest
    /// internal degree t, may be at most 510 above the bottom cell, the top degree of the
    /// Milnor basis tables. Cells of the module above t = N + S are dropped.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 40,
        allow_negative_numbers = true
    )]
    pub max_stem: i64,

    /// Largest Adams filtration (homological degree) s to resolve, s >= 0: C_0, ..., C_S
    /// of the minimal resolution are built.
    #[arg(
        long = "max-s",
        value_name = "S",
        default_value_t = 20,
        allow_negative_numbers = true
    )]
    pub max_s: i64,

    /// Refuse (exit 2, before any work) a range whose projected peak memory — a lower
    /// bound from the Milnor basis sizes — is above GB gigabytes. Default: the memory
    /// available on this machine.
    #[arg(long, value_name = "GB")]
    pub max_memory: Option<f64>,

    /// Folder for the results: ext.csv (stem,s,t,dim of every nonzero Ext^{s,t}),
    /// chart.svg and chart.json (classes and their h0, h1, h2 products), summary.json.
    /// Created if missing. Default: output/<MODULE NAME>.
    #[arg(long, value_name = "DIR")]
    pub output: Option<PathBuf>,

    /// Folder of module files, looked up by NAME as DIR/NAME.json before the
    /// bundled modules (e.g. ../shared/reference/modules).
    #[arg(long, value_name = "DIR")]
    pub modules_dir: Option<PathBuf>,

    /// Smash MODULE with this module (found as MODULE is; repeatable): the tensor
    /// product with the Cartan formula, named MODULE_sm_OTHER. p = 2 only.
    #[arg(long, value_name = "OTHER")]
    pub smash: Vec<String>,

    /// Algorithm that builds the minimal resolution. Default: nassau at p = 2; at odd
    /// primes only classical exists (nassau there is refused, exit 2).
    #[arg(long, value_enum)]
    pub algorithm: Option<Algorithm>,

    /// Resolve over the sub-Hopf algebra A(n) of A (A(1): the Adams E2 page of ko;
    /// A(2): of tmf): classical algorithm, CPU. A module file's own
    /// `profile` must agree (otherwise exit 2). At odd p: E(n) (exterior on Q_0..Q_n) or
    /// A(n) (generated by β, P^1, ..., P^(p^(n-1))); no --save-dir there.
    #[arg(long, value_name = "A(n)", conflicts_with = "profile")]
    pub algebra: Option<String>,

    /// Resolve over the sub-Hopf algebra of this profile (truncated): Sq(R) with
    /// r_i < 2^(h_i), e.g. 3,2,1 = A(2). Checked to be a sub-Hopf algebra. At odd p
    /// H1,...:K1,...: r_i < p^(h_i) and the Q_k with k in K (1:0,1 = A(1)).
    #[arg(long, value_name = "H1,H2,...")]
    pub profile: Option<String>,

    /// Do not print the Adams chart (ext.csv is still written).
    #[arg(long)]
    pub no_chart: bool,

    /// The sphere's chart names its classes (chart.json "name", chart.svg) from this table
    /// of names (format: crates/chart/data/names-S_2.csv; `bundled` for that one), at any
    /// range. Default: the bundled table through stem 60. p = 2, the sphere over A only.
    #[arg(long, value_name = "FILE", conflicts_with = "no_names")]
    pub names: Option<PathBuf>,

    /// Do not name the sphere's classes in chart.json and chart.svg.
    #[arg(long)]
    pub no_names: bool,

    #[command(flatten)]
    pub draw: DrawArgs,

    #[command(flatten)]
    pub export: ExportArgs,

    /// Worker threads for the bidegree scheduler (bidegrees whose inputs are complete
    /// run concurrently; large matrix builds also split across threads). 0 means one per
    /// core. The result does not depend on it.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub threads: usize,

    /// No progress output and no summary (errors are still printed).
    #[arg(long, short)]
    pub quiet: bool,

    /// Where steps (Nassau's and classical) build their matrices of Milnor products and run
    /// their large row reductions: cpu (the reference), gpu (CUDA when adams was built with
    /// `--features cuda`, else Vulkan through wgpu with `--features gpu`), wgpu, cuda.
    /// Builds and reductions below the --gpu-* thresholds stay on the CPU. A device error
    /// stops the run (exit 3); there is no silent fallback to the CPU.
    #[arg(long, value_enum, default_value_t = BackendChoice::Cpu)]
    pub backend: BackendChoice,

    /// With --backend gpu: build every offloaded matrix and redo every offloaded row
    /// reduction on the CPU as well, and stop at the first difference, naming the bidegree,
    /// the signature and the row (exit 3). Slower; for checking a device or a build.
    #[arg(long)]
    pub verify: bool,

    /// Certify the result before writing it: check from the differentials alone, with the
    /// CPU's products and row reduction, that the resolution is exact and minimal in the
    /// whole range (as `adams certify` does). On failure: exit 1 naming the bidegree, and
    /// no ext.csv or charts are written.
    #[arg(long)]
    pub certify: bool,

    /// With --backend gpu: redo this fraction (0 to 1) of the offloaded matrix builds and
    /// row reductions on the CPU and compare, as --verify does for all of them; which
    /// ones is a seeded sample that depends only on the calls (the same in every run of
    /// the same range, whatever the thread count). 0 turns it off. Default: the
    /// environment variable ADAMS_VERIFY_SAMPLE, else 0.005 (a cost under 5% of a run).
    #[arg(
        long,
        value_name = "FRACTION",
        conflicts_with = "verify",
        allow_negative_numbers = true
    )]
    pub verify_sample: Option<String>,

    #[command(flatten)]
    pub gpu: GpuKnobs,

    /// Log level for structured logs on stderr (error, warn, info, debug, trace; or a
    /// RUST_LOG-style filter such as resolution=debug). `debug` logs one line per
    /// bidegree with its step time. Default: the RUST_LOG environment variable, else off.
    #[arg(long, value_name = "LEVEL")]
    pub log: Option<String>,

    /// Save every bidegree to DIR as it completes (its new generators and their
    /// differentials, and the quasi-inverses its step reduced), each record written
    /// atomically with a checksum. Running the same command again resumes: saved
    /// bidegrees are loaded, not recomputed; a larger range extends the saved run; the
    /// result is identical to an uninterrupted run. A corrupt record is reported and
    /// recomputed with everything depending on it. DIR must be empty, absent, or a save
    /// directory made for the same module, algorithm and format (otherwise exit 2, and
    /// nothing in it is changed). Format: crates/resolution/SAVE-FORMAT.md.
    #[arg(long, value_name = "DIR")]
    pub save_dir: Option<PathBuf>,

    /// With --save-dir: do not keep the quasi-inverses of the differentials. The save
    /// directory then holds only the differentials (the sphere through stem 100, s <= 53:
    /// 0.9 MB instead of 35 MB) and saving costs about 1% CPU time instead of 30-40%
    /// (Nassau's steps must reduce every signature to keep them). Resuming needs only the
    /// differentials; later lifting work (chain maps, products) must row reduce each
    /// differential it lifts through again.
    #[arg(long, requires = "save_dir")]
    pub no_save_quasi_inverses: bool,

    /// With --save-dir: when another adams process holds DIR (its pid is in DIR/lock), wait
    /// for it to end instead of exit 2.
    #[arg(long, requires = "save_dir")]
    pub wait: bool,

    /// Memory the Milnor product tables may take, in MB of 2^20 bytes (0: none, every product
    /// enumerated directly; p = 2 only). Default: chosen from the range and the memory free — 32 MB through stem
    /// ~100, doubling every 15 degrees of t up to 384 MB, at most a quarter of the free
    /// memory. The result does not depend on it; only the time does (docs/EXPERIMENTS.md).
    #[arg(long, value_name = "MB")]
    pub memory: Option<usize>,
}

#[derive(Debug, Args)]
pub struct ProductsArgs {
    /// The module (as for `adams resolve`; p = 2, or an odd prime: docs/guide/06-products-and-massey.md).
    #[arg(value_name = "MODULE", default_value = "S_2")]
    pub module: String,
    /// A class of Ext(S_2) to multiply by: h3, h2^2, h1h3, or (stem,s,index); at odd p also a0 (repeatable).
    #[arg(long, value_name = "CLASS", required = true)]
    pub by: Vec<ClassSpec>,
    #[command(flatten)]
    pub range: ExtRangeArgs,
    /// Folder for products.json, chart.json and chart.svg. Default: output/<MODULE>-products.
    #[arg(long, value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// Resume the module's resolution from DIR and save it there (as `adams resolve
    /// --save-dir DIR --no-save-quasi-inverses`), and keep each lift in DIR/lifts/ (a
    /// checksummed file per class): a second run by the same class reads it back. A
    /// damaged lift file is reported and recomputed.
    #[arg(long, value_name = "DIR")]
    pub save_dir: Option<PathBuf>,
    /// With --save-dir: when another adams process holds DIR (its pid is in DIR/lock), wait
    /// for it to end instead of exit 2.
    #[arg(long, requires = "save_dir")]
    pub wait: bool,
    /// No lines on stderr but errors.
    #[arg(long, short)]
    pub quiet: bool,
}

/// The range and module folder of `adams products` and `adams massey`.
#[derive(Debug, Args)]
pub struct ExtRangeArgs {
    /// Largest stem (as for `adams resolve`).
    #[arg(
        long,
        value_name = "N",
        default_value_t = 40,
        allow_negative_numbers = true
    )]
    pub max_stem: i64,
    /// Largest Adams filtration (as for `adams resolve`).
    #[arg(
        long = "max-s",
        value_name = "S",
        default_value_t = 20,
        allow_negative_numbers = true
    )]
    pub max_s: i64,
    /// Folder of module files, as for `adams resolve`.
    #[arg(long, value_name = "DIR")]
    pub modules_dir: Option<PathBuf>,
    /// Refuse (exit 2, before any work) a range whose projected peak memory — a lower
    /// bound from the Milnor basis sizes — is above GB gigabytes. Default: the memory
    /// available on this machine.
    #[arg(long, value_name = "GB")]
    pub max_memory: Option<f64>,
    /// Worker threads for the resolutions and the lifts of chain maps; 0 means one per
    /// core. The result does not depend on it.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub threads: usize,
    /// Log level for structured logs on stderr (as for `adams resolve`). Default: the
    /// RUST_LOG environment variable, else off.
    #[arg(long, value_name = "LEVEL")]
    pub log: Option<String>,
}

#[derive(Debug, Args)]
pub struct MasseyArgs {
    /// The module (as for `adams resolve`; p = 2, or an odd prime: docs/guide/06-products-and-massey.md).
    #[arg(value_name = "MODULE")]
    pub module: String,
    /// A: a class of Ext(S_2) (h3, h2^2, (stem,s,index)).
    #[arg(value_name = "A")]
    pub a: ClassSpec,
    /// B: a class of Ext(S_2).
    #[arg(value_name = "B")]
    pub b: ClassSpec,
    /// C: a class of Ext(MODULE), or - for every class of the sphere's range.
    #[arg(value_name = "C", allow_hyphen_values = true)]
    pub c: String,
    #[command(flatten)]
    pub range: ExtRangeArgs,
    /// Folder for massey.json (with C = -). Default: output/S_2-massey.
    #[arg(long, value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// No lines on stderr but errors (the product itself is printed on stdout).
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Debug, Args)]
pub struct CofiberArgs {
    /// The module file with a "cofiber" key.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    #[command(flatten)]
    pub range: ExtRangeArgs,
    /// Folder for ext.csv. Default: output/<FILE's name>.
    #[arg(long, value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// No lines on stderr but errors.
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Debug, Args)]
pub struct MapArgs {
    /// The map file (crates/steenrod/MAP-FORMAT.md).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    #[command(flatten)]
    pub range: ExtRangeArgs,
    /// Folder for map.json. Default: output/<FILE's name>-map.
    #[arg(long, value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// No lines on stderr but errors, as for the other commands (map writes none: its
    /// summary goes to stdout).
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Debug, Args)]
pub struct ChartArgs {
    /// The chart.json to draw.
    #[arg(value_name = "CHART.json")]
    pub chart: PathBuf,

    /// Where to write the drawing (with --format svg also the page FILE.html beside it, as
    /// chart.html). Default: CHART.json with the extension of the format (.svg, .tex,
    /// .seqsee.json).
    #[arg(long, value_name = "FILE")]
    pub output: Option<PathBuf>,

    /// What to write: svg (the chart), tikz (a standalone LaTeX document drawing the same
    /// chart with TikZ), seqsee (the SeqSee viewer's JSON input).
    #[arg(long, value_enum, default_value_t = ChartFormat::Svg)]
    pub format: ChartFormat,

    #[command(flatten)]
    pub draw: DrawArgs,
}

/// How charts are drawn: `--lines`, `--labels` (chart.svg and the exports; chart.json
/// keeps every product and name either way).
#[derive(Debug, Clone, Args)]
pub struct DrawArgs {
    /// Line families to draw, keys separated by commas: h0,h1,h2,h3,… (a0 at odd p), d2,
    /// any class as `adams products --by` writes it (h2^2, (8,3,0)); `all` for every family
    /// chart.json carries. Default: h0 (vertical), h1 (diagonal), h2 (lighter, dashed),
    /// the d2 arrows and the --by products; not the h3, h4, … that chart.json carries.
    #[arg(long, value_name = "KEYS", default_value = "default", value_parser = parse_lines)]
    pub lines: chart::svg::Lines,

    /// Which class names to write beside the dots: indecomposables (the named classes: h1,
    /// c0, Ph1, d0, …), all (products too: h1 c0, h0^2 d0), none. Labels never overlap a
    /// dot or each other; one without room is left out (the legend says how many).
    #[arg(long, value_enum, default_value_t = LabelsArg::Indecomposables)]
    pub labels: LabelsArg,
}

impl DrawArgs {
    /// The drawing options of these flags.
    pub fn options(&self) -> chart::svg::Options {
        chart::svg::Options {
            lines: self.lines.clone(),
            labels: match self.labels {
                LabelsArg::Indecomposables => chart::svg::Labels::Indecomposables,
                LabelsArg::All => chart::svg::Labels::All,
                LabelsArg::None => chart::svg::Labels::None,
            },
            page: None,
        }
    }
}

fn parse_lines(text: &str) -> Result<chart::svg::Lines, String> {
    chart::svg::Lines::parse(text)
}

/// `--labels`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LabelsArg {
    Indecomposables,
    All,
    None,
}

/// The exports written beside chart.svg: `--format`.
#[derive(Debug, Clone, Args)]
pub struct ExportArgs {
    /// Also write the chart in these formats (separated by commas): tikz (DIR/chart.tex, a
    /// standalone LaTeX document: pdflatex chart.tex), seqsee (DIR/chart.seqsee.json, the
    /// input of the SeqSee viewer, github.com/JoeyBF/SeqSee). Drawn as --lines and
    /// --labels say.
    #[arg(long, value_enum, value_delimiter = ',', value_name = "FORMAT")]
    pub format: Vec<ExportFormat>,
}

/// A format of `--format` beside chart.svg.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    Tikz,
    Seqsee,
}

/// The format of `adams chart --format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ChartFormat {
    Svg,
    Tikz,
    Seqsee,
}

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Our table: an ext.csv written by `adams resolve` (or any stem,s,t,dim table).
    #[arg(value_name = "CSV")]
    pub csv: PathBuf,

    /// The reference table to compare against, e.g. tests/data/ext/S_2.csv.
    #[arg(long, value_name = "REF.csv")]
    pub against: PathBuf,

    /// Compare tables whose first lines name different algebras (refused otherwise), for a
    /// change of rings: Ext over A of A//A(1) is Ext over A(1) of F_2.
    #[arg(long)]
    pub any_algebra: bool,
}
