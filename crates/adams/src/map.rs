//! `adams map FILE`: the map on Ext induced by a map of modules `f : M → N` given in a
//! file (`crates/steenrod/MAP-FORMAT.md`), from its lift to a chain map of minimal
//! resolutions (`adams::module_map`, the library's); writes `map.json`.

use std::path::{Path, PathBuf};
use std::time::Instant;

use adams::module_map::{beside, induced_matrices, read_map_spec, MapMatrix, MapSpec};
use resolution::{Resolution, ResolutionConfig};
use serde::Serialize;
use steenrod::module::{FiniteModule, ModuleMap};

use crate::cli::MapArgs;
use crate::error::Error;
use crate::modules;
use crate::range::{check_memory, check_module_range, check_range};

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

/// A module named in a map file: a path relative to the file's folder when one exists
/// there, otherwise as `adams resolve` finds modules; cells above `top` dropped.
fn find(arg: &str, file: &Path, args: &MapArgs, top: i32) -> Result<FiniteModule, Error> {
    let arg = beside(arg, file);
    let dir = args.range.modules_dir.as_deref();
    let m = modules::find_module_p2(&arg, dir, Some(top), "adams map")?;
    if m.profile().is_some() {
        return Err(Error::ProductsModule {
            name: m.name().to_string(),
            why: "maps over a sub-Hopf algebra are not built (resolve over A)".into(),
        });
    }
    Ok(m)
}

fn resolve(
    m: FiniteModule,
    range: ResolutionConfig,
    max_memory: Option<f64>,
) -> Result<Resolution, Error> {
    let name = m.name().to_string();
    check_module_range(&name, m.min_degree(), range)?;
    let over_a = m.profile().is_none();
    check_memory(&name, 2, m.min_degree(), over_a, range, max_memory)?;
    let mut res = Resolution::new(m, range).map_err(|source| Error::ModuleRange {
        name: name.clone(),
        source,
    })?;
    res.resolve()
        .map_err(|source| Error::Resolve { name, source })?;
    Ok(res)
}

/// `adams map`.
pub fn run_command(args: MapArgs) -> Result<(), Error> {
    let range = check_range(args.range.max_stem, args.range.max_s)?;
    args.output
        .as_deref()
        .map(crate::resolve::make_output)
        .transpose()?;
    let file = args.file.as_path();
    let spec = read_map_spec(file).map_err(|message| Error::MapFile { message })?;
    let top = range.max_stem + range.max_s as i32;
    // Checked on the cells the range sees, truncated alike (f(M_t) ⊂ N_{t+shift}).
    let m = find(&spec.source, file, &args, top)?;
    let n_checked = find(&spec.target, file, &args, top + spec.shift)?;
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
    let n = find(&spec.target, file, &args, top)?;
    let started = Instant::now();
    let memory = args.range.max_memory;
    let (m_res, n_res) = (resolve(m, range, memory)?, resolve(n, range, memory)?);
    let (matrices, rank) =
        induced_matrices(&m_res, &n_res, &f, range.max_s + 1).map_err(|source| Error::Lift {
            what: format!("the map {}", file.display()),
            source,
        })?;
    let lifted = (started.elapsed().as_secs_f64(), rank);
    write(
        &args,
        file,
        &spec,
        range,
        lifted,
        matrices,
        (&m_res, &n_res),
    )
}

fn write(
    args: &MapArgs,
    file: &Path,
    spec: &MapSpec,
    range: ResolutionConfig,
    (seconds, rank): (f64, usize),
    matrices: Vec<MapMatrix>,
    (m_res, n_res): (&Resolution, &Resolution),
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
        source: m_res.module().name().to_string(),
        target: n_res.module().name().to_string(),
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
