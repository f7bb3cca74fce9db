//! `adams map FILE`: the map on Ext induced by a map of modules `f : M → N` given in a
//! file (`crates/steenrod/MAP-FORMAT.md`), from its lift to a chain map of minimal
//! resolutions (`adams::module_map`, the library's), at every prime; writes `map.json`.

use std::path::{Path, PathBuf};
use std::time::Instant;

use adams::module_map::{beside, induced_matrices, read_map_spec, MapSpec};
use fp::Prime;
use resolution::{Resolution, ResolutionConfig, RunOptions};
use serde::Serialize;
use steenrod::module::{AnyModule, FiniteModule, ModuleAlgebra, ModuleMap};

use crate::cli::MapArgs;
use crate::error::Error;
use crate::modules;
use crate::prime::PrimeModule;
use crate::products::Terms;
use crate::range::{check_memory, check_module_range, check_range};

/// `f* : Ext^{s}(N)` at `(stem, s)` → `Ext^{s}(M)` at `(stem − shift, s)`: row `k` is the
/// image of the `k`-th class of `N`, written as in `products.json` ([`Terms`]: at p = 2
/// the indices of the classes of `M` whose sum it is, at odd p its `[index, c]` pairs).
#[derive(Serialize)]
struct MapMatrix {
    stem: i32,
    s: u32,
    rows: Vec<Terms>,
}

#[derive(Serialize)]
struct MapFile {
    format: &'static str,
    map: String,
    source: String,
    target: String,
    shift: i32,
    max_stem: i32,
    max_s: u32,
    seconds: f64,
    matrices: Vec<MapMatrix>,
}

fn bad(file: &Path, reason: impl Into<String>) -> Error {
    Error::MapFile {
        message: format!("{}: {}", file.display(), reason.into()),
    }
}

/// A module named in a map file: a path relative to the file's folder when one exists
/// there, otherwise as `adams resolve` finds modules; cells above `top` dropped.
fn find(arg: &str, file: &Path, args: &MapArgs, top: i32) -> Result<AnyModule, Error> {
    let dir = args.range.modules_dir.as_deref();
    Ok(modules::find_module(&beside(arg, file), dir, Some(top))?)
}

/// The module `m` at the prime `p` of `A`: `pick` takes it to that prime's type, or gives
/// its name and prime (another prime).
fn at_prime<A: ModuleAlgebra>(
    m: AnyModule,
    pick: &dyn Fn(AnyModule) -> Result<FiniteModule<A>, (String, u32)>,
    file: &Path,
    p: u32,
) -> Result<FiniteModule<A>, Error> {
    pick(m).map_err(|(name, q)| {
        bad(
            file,
            format!(
                "the module {name} is a p = {q} module, but the source is a p = {p} module: \
                 a map of modules is at one prime"
            ),
        )
    })
}

/// `m`, refused when it is over a sub-Hopf algebra.
fn over_a<A: ModuleAlgebra>(m: FiniteModule<A>) -> Result<FiniteModule<A>, Error> {
    if m.profile().is_some() {
        return Err(Error::ProductsModule {
            name: m.name().to_string(),
            why: "maps over a sub-Hopf algebra are not built (resolve over A)".into(),
        });
    }
    Ok(m)
}

fn resolve<M: PrimeModule>(
    m: M,
    range: ResolutionConfig,
    max_memory: Option<f64>,
) -> Result<Resolution<M>, Error> {
    let name = m.name().to_string();
    check_module_range(&name, m.min_degree(), range)?;
    let p = m.field().value();
    check_memory(&name, p, m.min_degree(), m.over_a(), range, max_memory)?;
    let algorithm = m.algorithm();
    let mut res = Resolution::new(m, range).map_err(|source| Error::ModuleRange {
        name: name.clone(),
        source,
    })?;
    res.run(RunOptions {
        algorithm,
        ..RunOptions::default()
    })
    .map_err(|source| Error::Resolve { name, source })?;
    Ok(res)
}

/// `adams map`, at the prime of the map's source.
pub fn run_command(args: MapArgs) -> Result<(), Error> {
    let range = check_range(args.range.max_stem, args.range.max_s)?;
    args.output
        .as_deref()
        .map(crate::resolve::make_output)
        .transpose()?;
    let file = args.file.as_path();
    let spec = read_map_spec(file).map_err(|message| Error::MapFile { message })?;
    let top = range.max_stem + range.max_s as i32;
    match find(&spec.source, file, &args, top)? {
        AnyModule::Two(m) => map_at(&args, &spec, range, m, |m| match m {
            AnyModule::Two(m) => Ok(m),
            other => Err((other.name().to_string(), other.prime())),
        }),
        AnyModule::Odd(m) => {
            let p = m.prime().value();
            map_at(&args, &spec, range, m, move |n| match n {
                AnyModule::Odd(n) if n.prime().value() == p => Ok(n),
                other => Err((other.name().to_string(), other.prime())),
            })
        }
    }
}

/// `adams map` with the source `m` (found through the range's top) at the prime of `A`;
/// `pick` as [`at_prime`]'s.
fn map_at<A: ModuleAlgebra>(
    args: &MapArgs,
    spec: &MapSpec,
    range: ResolutionConfig,
    m: FiniteModule<A>,
    pick: impl Fn(AnyModule) -> Result<FiniteModule<A>, (String, u32)>,
) -> Result<(), Error>
where
    FiniteModule<A>: PrimeModule<StepAlgebra = A>,
{
    let file = args.file.as_path();
    let top = range.max_stem + range.max_s as i32;
    let p = m.prime().value();
    let m = over_a(m)?;
    // Checked on the cells the range sees, truncated alike (f(M_t) ⊂ N_{t+shift}).
    let found = |top: i32| {
        over_a(at_prime(
            find(&spec.target, file, args, top)?,
            &pick,
            file,
            p,
        )?)
    };
    let n_checked = found(top + spec.shift)?;
    let f = ModuleMap::new(
        &file.display().to_string(),
        &m,
        &n_checked,
        spec.shift,
        &spec.images,
    )
    .map_err(|e| Error::MapFile {
        message: e.to_string(),
    })?;
    let n = found(top)?;
    let started = Instant::now();
    let memory = args.range.max_memory;
    let (m_res, n_res) = (resolve(m, range, memory)?, resolve(n, range, memory)?);
    let (induced, rank) =
        induced_matrices(&m_res, &n_res, &f, range.max_s + 1).map_err(|source| Error::Lift {
            what: format!("the map {}", file.display()),
            source,
        })?;
    let matrices = induced
        .into_iter()
        .map(|m| MapMatrix {
            stem: m.stem,
            s: m.s,
            rows: m.rows.iter().map(|v| Terms::of(p, v)).collect(),
        })
        .collect();
    let lifted = (started.elapsed().as_secs_f64(), rank);
    write(
        args,
        file,
        spec,
        range,
        lifted,
        matrices,
        (m_res.module().name(), n_res.module().name()),
    )
}

fn write(
    args: &MapArgs,
    file: &Path,
    spec: &MapSpec,
    range: ResolutionConfig,
    (seconds, rank): (f64, usize),
    matrices: Vec<MapMatrix>,
    (source, target): (&str, &str),
) -> Result<(), Error> {
    let stem_name = file
        .file_stem()
        .map_or("map".into(), |s| s.to_string_lossy());
    let output = args
        .output
        .clone()
        .unwrap_or_else(|| PathBuf::from("output").join(format!("{stem_name}-map")));
    crate::resolve::make_output(&output)?;
    let count = matrices.len();
    let out = MapFile {
        format: "adams-map-1",
        map: file.display().to_string(),
        source: source.to_string(),
        target: target.to_string(),
        shift: spec.shift,
        max_stem: range.max_stem,
        max_s: range.max_s,
        seconds,
        matrices,
    };
    let path = output.join("map.json");
    crate::products::write_json(&path, &out)?;
    println!(
        "f*: Ext({}) -> Ext({}) (shift {}) through stem {}, s <= {}: {count} bidegrees of Ext({}), \
         total rank {rank}; wrote {}",
        out.target,
        out.source,
        out.shift,
        range.max_stem,
        range.max_s,
        out.target,
        path.display()
    );
    Ok(())
}
