//! `adams suspension MODULE --from N --to K`: the suspension `E2(Σ^N M) → E2(Σ^K M)` of
//! unstable Ext in every bidegree of a range (`resolution::unstable::suspension`), written
//! to suspension.csv.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use resolution::unstable::{
    suspension, Suspension, UnstableAlgebra, UnstableField, UnstableResolution,
};
use resolution::{Bidegree, ResolutionConfig};
use steenrod::module::{AnyModule, FiniteModule, ModuleAlgebra};

use crate::cli::SuspensionArgs;
use crate::error::Error;
use crate::resolve_unstable::{check_module, degree_limit, pool, suspended};

/// The modules `Σ^j M`, `j = N … K`, checked, with the labels of the first and last.
struct Modules {
    all: Vec<AnyModule>,
    first: String,
    last: String,
    name: String,
}

/// Runs the command. Errors (exit 2): the range, a module that cannot be found or whose
/// `Σ^N M` is not unstable; (exit 3) a chain map that does not lift, writing the file.
pub(crate) fn run(args: SuspensionArgs) -> Result<(), Error> {
    let (from, to) = (args.from, args.to);
    let modules = modules(&args)?;
    let (label, last) = (&modules.first, &modules.last);
    let bottom = modules.all[0].min_degree();
    let folder = format!("{}-suspension-{from}-{to}", modules.name);
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from("output").join(folder));
    crate::resolve::make_output(&output)?;
    let header = format!(
        "# complete for relative stem n <= {}, s <= {}; σ^{}: Ext_U^(s,t)({label}) -> \
         Ext_U^(s,t+{})({last}), n = t - s - {bottom} (the bottom degree of {label}), \
         computed by adams (chain maps of minimal resolutions by free unstable modules)",
        args.max_stem,
        args.max_s,
        to - from,
        to - from,
    );
    let (stem, max_s) = (args.max_stem, args.max_s);
    let all = &modules.all;
    let composite = pool(args.threads)?.install(|| match &all[0] {
        AnyModule::Two(_) => compose(all, |m| two(m).cloned(), stem, max_s),
        AnyModule::Odd(_) => compose(all, |m| odd(m).cloned(), stem, max_s),
    })?;
    let path = output.join("suspension.csv");
    let (text, isomorphic, bidegrees) = table(&header, &composite, bottom, stem);
    chart::output::write_atomic(&path, text.as_bytes()).map_err(|source| Error::Write {
        path: path.clone(),
        source,
    })?;
    if !args.quiet {
        eprintln!(
            "σ^{}: E2({label}) -> E2({last}) through relative stem {stem}, s <= {max_s}: \
             {bidegrees} bidegrees with classes, an isomorphism at {isomorphic}; wrote {}",
            to - from,
            display(&path)
        );
    }
    Ok(())
}

fn two(m: &AnyModule) -> Option<&FiniteModule> {
    match m {
        AnyModule::Two(m) => Some(m),
        AnyModule::Odd(_) => None,
    }
}

fn odd(m: &AnyModule) -> Option<&FiniteModule<steenrod::MilnorAlgebra<fp::ValidPrime>>> {
    match m {
        AnyModule::Odd(m) => Some(m),
        AnyModule::Two(_) => None,
    }
}

/// Checks the flags and finds `Σ^j M` for `j = N … K` (exit 2: `--to` not above `--from`,
/// a negative stem, a module not found, `Σ^N M` not unstable over the range).
fn modules(args: &SuspensionArgs) -> Result<Modules, Error> {
    let (from, to) = (args.from, args.to);
    let refuse = |why: String| Error::Unstable {
        flag: format!("--from {from}"),
        why,
    };
    if to <= from {
        return Err(refuse(format!("--to {to} must be above --from {from}")));
    }
    // One resolution per suspension; past relative stem n + 2 each step is an isomorphism.
    if to - from > 512 {
        let why = format!("--to {to} is more than 512 suspensions above --from {from}");
        return Err(refuse(why));
    }
    if args.max_stem < 0 {
        let why = format!("--max-stem {} is below the bottom class", args.max_stem);
        return Err(refuse(why));
    }
    let found = crate::modules::find_module(&args.module, args.modules_dir.as_deref(), None)?;
    // Every Σ^j M is resolved through relative stem n with s ≤ S: n + S degrees above its
    // bottom class, within the Milnor basis at the module's prime.
    let limit = degree_limit(&found);
    if i64::from(args.max_stem) + i64::from(args.max_s) > i64::from(limit) {
        let why = format!(
            "--max-stem {} --max-s {} needs the Steenrod algebra beyond degree {limit}",
            args.max_stem, args.max_s
        );
        return Err(refuse(why));
    }
    let (first, label) = suspended(found.clone(), from).map_err(refuse)?;
    let (_, last) = suspended(found.clone(), to).map_err(refuse)?;
    let range = ResolutionConfig {
        max_stem: first.min_degree() + args.max_stem,
        max_s: args.max_s,
    };
    check_module(&first, &label, range).map_err(refuse)?;
    let all = (from..=to)
        .map(|j| suspended(found.clone(), j).map(|(m, _)| m).map_err(refuse))
        .collect::<Result<Vec<AnyModule>, Error>>()?;
    Ok(Modules {
        all,
        first: label,
        last,
        name: found.name().to_string(),
    })
}

fn display(path: &Path) -> String {
    path.display().to_string()
}

/// The composite of the suspensions between consecutive modules of `all` (each resolved
/// through the relative stem `stem` above its own bottom class, `s ≤ max_s`).
fn compose<A>(
    all: &[AnyModule],
    pick: impl Fn(&AnyModule) -> Option<FiniteModule<A>>,
    stem: i32,
    max_s: u32,
) -> Result<Suspension, Error>
where
    A: ModuleAlgebra + UnstableAlgebra,
    A::Field: UnstableField,
{
    let resolve = |m: &AnyModule| {
        let m = pick(m).expect("one prime");
        let top = m.min_degree() + stem;
        UnstableResolution::resolve(m, top, max_s)
    };
    let mut below = resolve(&all[0]);
    let mut composite: Option<Suspension> = None;
    for m in &all[1..] {
        let above = resolve(m);
        let sigma = suspension(&below, &above).map_err(|what| Error::Suspension { what })?;
        composite = Some(match composite {
            None => sigma,
            Some(c) => c.then(&sigma),
        });
        below = above;
    }
    Ok(composite.expect("two modules at least"))
}

/// suspension.csv's text (columns `stem,s,source,target,rank,matrix`, relative stems) and
/// how many of its bidegrees are isomorphisms, of how many.
fn table(header: &str, sigma: &Suspension, bottom: i32, max_stem: i32) -> (String, usize, usize) {
    let mut text = format!("{header}\nstem,s,source,target,rank,matrix\n");
    let (mut isomorphic, mut rows) = (0, 0);
    let mut keys: Vec<Bidegree> = sigma.maps.keys().copied().collect();
    keys.sort_by_key(|b| (b.n(), b.s()));
    for b in keys {
        let n = b.n() - bottom;
        if n > max_stem {
            continue;
        }
        let m = &sigma.maps[&b];
        let (source, target) = (m.rows.len(), m.cols);
        let rank = sigma.rank(b);
        let matrix: Vec<String> = m
            .rows
            .iter()
            .map(|row| row.iter().map(u32::to_string).collect::<Vec<_>>().join(" "))
            .collect();
        let _ = writeln!(
            text,
            "{n},{},{source},{target},{rank},{}",
            b.s(),
            matrix.join(";")
        );
        rows += 1;
        isomorphic += usize::from(rank == source && rank == target);
    }
    (text, isomorphic, rows)
}
