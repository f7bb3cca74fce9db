//! `adams map FILE`: the map on Ext induced by a map of modules `f : M → N` given in a
//! file (`crates/steenrod/MAP-FORMAT.md`), from its lift to a chain map of minimal
//! resolutions (`resolution::chain_map::module_map`), at every prime; writes `map.json`.

use std::path::{Path, PathBuf};
use std::time::Instant;

use fp::{Field, MatrixOf, Prime, SubspaceOf, Vector};
use resolution::chain_map::module_map::{induced, lift_module_map};
use resolution::chain_map::{ChainMap, LiftModule, LiftTarget};
use resolution::{Bidegree, Resolution, ResolutionConfig, RunOptions};
use serde::Serialize;
use serde_json::Value;
use steenrod::module::{AnyModule, FiniteModule, ModuleAlgebra, ModuleMap};
use steenrod::VectorOf;

use crate::cli::MapArgs;
use crate::error::Error;
use crate::modules;
use crate::prime::PrimeModule;
use crate::products::Terms;
use crate::range::{check_memory, check_module_range, check_range};

/// The largest map file read.
const MAX_MAP_BYTES: u64 = 1 << 20;

/// A map file's fields (MAP-FORMAT.md).
struct MapSpec {
    source: String,
    target: String,
    shift: i32,
    /// `x ↦ [(y, c), …]`: `f(x) = Σ c·y`.
    images: Vec<(String, Vec<(String, u32)>)>,
}

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

/// Reads and checks the fields of a map file (not yet the map against the modules).
fn read_spec(file: &Path) -> Result<MapSpec, Error> {
    let text =
        chart::input::read_text(file, "a module map", MAX_MAP_BYTES).map_err(|r| bad(file, r))?;
    let json: Value =
        serde_json::from_str(&text).map_err(|e| bad(file, format!("invalid JSON: {e}")))?;
    let obj = json
        .as_object()
        .ok_or_else(|| bad(file, "not a JSON object"))?;
    for key in obj.keys() {
        if !["type", "source", "target", "shift", "images"].contains(&key.as_str()) {
            return Err(bad(file, format!("unknown key {key:?}")));
        }
    }
    if obj.get("type").and_then(Value::as_str) != Some("module map") {
        return Err(bad(file, "type: must be \"module map\""));
    }
    let name = |key: &str| {
        obj.get(key)
            .and_then(Value::as_str)
            .map(str::to_string)
            .ok_or_else(|| {
                bad(
                    file,
                    format!("{key}: missing, or not a module name (a string)"),
                )
            })
    };
    let shift = match obj.get("shift") {
        None => 0,
        Some(v) => v
            .as_i64()
            .and_then(|k| i32::try_from(k).ok())
            .filter(|k| k.abs() <= 1 << 20)
            .ok_or_else(|| bad(file, "shift: not an integer within ±2^20"))?,
    };
    let images = obj
        .get("images")
        .and_then(Value::as_object)
        .ok_or_else(|| bad(file, "images: missing, or not an object"))?;
    let mut list = Vec::new();
    for (x, v) in images {
        let names = v
            .as_array()
            .and_then(|a| a.iter().map(|y| y.as_str().map(image_term)).collect())
            .ok_or_else(|| {
                bad(
                    file,
                    format!("images {x:?}: not a list of basis element names"),
                )
            })?;
        list.push((x.clone(), names));
    }
    Ok(MapSpec {
        source: name("source")?,
        target: name("target")?,
        shift,
        images: list,
    })
}

/// An entry of an image: `"x1"` (coefficient 1) or `"2 x1"` (a coefficient, reduced
/// mod p by the map).
fn image_term(entry: &str) -> (String, u32) {
    match entry.split_once(' ') {
        Some((c, name)) if c.parse::<u32>().is_ok() => {
            (name.trim().to_string(), c.parse().expect("checked"))
        }
        _ => (entry.to_string(), 1),
    }
}

/// A module named in a map file: a path relative to the file's folder when one exists
/// there, otherwise as `adams resolve` finds modules; cells above `top` dropped.
fn find(arg: &str, file: &Path, args: &MapArgs, top: i32) -> Result<AnyModule, Error> {
    let beside = file.parent().map(|d| d.join(arg));
    let arg = match beside {
        Some(p) if p.is_file() => p.display().to_string(),
        _ => arg.to_string(),
    };
    let dir = args.range.modules_dir.as_deref();
    Ok(modules::find_module(&arg, dir, Some(top))?)
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
    let spec = read_spec(file)?;
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
    let tgt = LiftTarget::new(&n_res);
    let lift =
        lift_module_map(&m_res, &tgt, &f, range.max_s + 1).map_err(|source| Error::Lift {
            what: format!("the map {}", file.display()),
            source,
        })?;
    let (matrices, rank) = read_off(&lift, (&m_res, &n_res), spec.shift, range, p);
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

/// The matrices of `f*` at every bidegree of `Ext(N)` the lift reaches, with their total
/// rank.
fn read_off<M: LiftModule>(
    lift: &ChainMap<'_, M>,
    (m_res, n_res): (&Resolution<M>, &Resolution<M>),
    shift: i32,
    range: ResolutionConfig,
    p: u32,
) -> (Vec<MapMatrix>, usize) {
    let (mut matrices, mut rank) = (Vec::new(), 0);
    for entry in n_res.ext() {
        let b = entry.bidegree;
        let at_m = Bidegree::s_t(b.s(), b.t() - shift);
        let below_bottom = at_m.t() < m_res.free_module(at_m.s()).min_degree();
        let rows: Vec<VectorOf<M>> = match induced(lift, at_m) {
            Some(mat) => (0..mat.rows()).map(|k| mat.row_vector(k)).collect(),
            // Ext(M) is zero below M's bottom cell: f* is zero there.
            None if below_bottom && at_m.n() <= range.max_stem => (0..entry.dim)
                .map(|_| m_res.prime().zero_vector(0))
                .collect(),
            None => continue,
        };
        let cols = rows.first().map_or(0, Vector::len);
        rank += m_res.prime().span(cols, rows.clone()).dim();
        matrices.push(MapMatrix {
            stem: b.n(),
            s: b.s(),
            rows: rows.iter().map(|v| Terms::of(p, v)).collect(),
        });
    }
    (matrices, rank)
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
