//! The command line: what each subcommand and flag means, in the field's words.
//!
//! Parsing only; validation that needs more than a type (ranges, module lookup)
//! happens in `main.rs` so that its errors are one line and exit 2. The flags of each
//! command are in the file of its name (`resolve.rs`: `adams resolve`); those several
//! commands share are where they are first used (`products.rs`: the range of every
//! command that lifts classes; `chart.rs`: the drawing flags).

mod algorithm;
mod bench;
mod certify;
mod chart;
mod d2;
mod env;
mod gpu;
mod maps;
mod products;
mod resolve;
mod suspension;

pub use algorithm::Algorithm;
pub use bench::BenchArgs;
pub use certify::CertifyArgs;
pub use chart::{
    ChartArgs, ChartFormat, DrawArgs, ExportArgs, ExportFormat, LabelsArg, VerifyArgs,
};
pub use d2::D2Args;
pub use env::env_source;
pub use gpu::{BackendChoice, GpuKnobs};
pub use maps::{CofiberArgs, MapArgs};
pub use products::{parse_gb, ExtRangeArgs, MasseyArgs, ProductsArgs};
pub use resolve::ResolveArgs;
pub use suspension::SuspensionArgs;

use clap::{Parser, Subcommand};

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
    /// Adams d2 of the sphere or a module from the secondary Steenrod algebra; writes d2.csv, e3.csv and the chart with d2 arrows.
    #[command(
        long_about = "Resolve MODULE (default S_2) through the range (resumed from --save-dir when given), \
lift the minimal resolution to the secondary Steenrod algebra (Baues–Jibladze; Chua, \
arXiv:2105.07628; docs/design/d2.md) and read off d2: E2^{s,t} -> E2^{s+2,t+1} on every class \
of stem <= N, s <= S - 2. Writes DIR/d2.csv (one row per class with d2 != 0: stem,s,t,class,target, \
the target the space-separated indices of the classes of E2^{s+2,t+1} whose sum it is, in the \
basis of ext.csv and chart.json), DIR/e3.csv (dim E3 = dim ker d2 - rank d2 for stem <= N - 1, \
s <= S - 2, the form of ext.csv), DIR/ext.csv, DIR/chart.json (each class gains \"d2\": its \
target's indices, null outside the range), DIR/chart.svg (d2 arrows in their own colour), \
DIR/chart-e3.svg (the E3 page over the range of e3.csv, with the h0, h1, h2 products it \
inherits) and DIR/summary.json. Then checks d2∘d2 = 0 and d2(h_i x) = h_i d2(x) (i = 0, 1, 2) wherever both \
sides are in range: a failure exits 1 naming the bidegree. Any module over A at p = 2 (finite, \
finitely presented, shifted) is lifted with the secondary structure lambda_2 = 0; where that \
structure does not exist (the lift at s = 3 is obstructed) it exits 2 naming the bidegree. \
Odd primes and sub-Hopf algebras (profiles) exit 2."
    )]
    D2(D2Args),
    /// The suspension E2(Σ^N M) → E2(Σ^K M) of unstable Ext, in every bidegree; write suspension.csv.
    #[command(
        long_about = "Resolve Σ^j M in the category of unstable modules (as `adams resolve \
MODULE --unstable j` does) for j = N … K, build the suspension σ: Ext_U^{s,t}(Σ^j M) → \
Ext_U^{s,t+1}(Σ^{j+1} M) of each step from a chain map between the minimal resolutions \
(degree −1, lifting the identity of the suspended module), and compose them. Writes \
DIR/suspension.csv: per bidegree (relative stem n = t − s − the bottom degree, filtration s) \
with a class on either side, the dimensions of the source and the target, the rank, and the \
matrix (the images of the source's classes in the target's basis of ext.csv, rows separated \
by ';'). In the stable range (n <= N − 2 for the sphere S^N) σ is an isomorphism; the guide \
(docs/guide/15-unstable.md) says what else it satisfies. Exit 2 when Σ^N M is not unstable."
    )]
    Suspension(SuspensionArgs),
    /// Print the command line's reference in Markdown (docs/reference/cli.md).
    #[command(hide = true, name = "cli-reference")]
    CliReference,
}
