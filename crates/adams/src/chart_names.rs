//! The names in the sphere's chart: `adams resolve` (and `adams
//! products`, through stem [`DEFAULT_MAX_STEM`]) writes each class's name
//! (`chart::names`) into chart.json (`"name"`) and chart.svg (next to the dot).
//!
//! Names are of `Ext_A(F_2, F_2)`: they are written for the sphere over `A` at p = 2 only.
//! By default they are computed when the range stops at stem [`DEFAULT_MAX_STEM`] or below
//! (the lifts of the named classes cost a few times the resolution there, more beyond);
//! `--names FILE` (or `--names bundled`) names at any range, `--no-names` never.

use std::path::Path;

use adams::naming::Namer;
use chart::chart_json::Chart;
use chart::names::NameTable;
use resolution::Resolution;

use crate::error::Error;

/// The largest stem through which `adams resolve` names the sphere's classes unasked.
pub const DEFAULT_MAX_STEM: i32 = 60;

/// What `--names` says: the bundled table, or a file.
pub(crate) fn table(names: Option<&Path>) -> Result<NameTable, Error> {
    match names {
        None => Ok(NameTable::bundled()),
        Some(p) if p.as_os_str() == "bundled" => Ok(NameTable::bundled()),
        Some(p) => Ok(NameTable::read(p)?),
    }
}

/// Whether `res` resolves the sphere `F_2` over `A` (names are of its classes).
pub(crate) fn is_sphere(res: &Resolution) -> bool {
    let m = res.module();
    m.min_degree() == 0 && m.total_dim() == 1 && res.algebra().profile().is_none()
}

/// Puts the names of `table` into `chart` (built from `res`): nothing when `res` is not
/// the sphere. With `strict` (a table the user gave), errors: a definition that does not
/// hold on this resolution (exit 2), a lift that fails (exit 3). Otherwise (the bundled
/// table, unasked) the names are an extra: such a failure is a `note:` line on stderr
/// and the chart is written without names.
pub(crate) fn add(
    chart: &mut Chart,
    res: &Resolution,
    table: &NameTable,
    strict: bool,
) -> Result<(), Error> {
    if !is_sphere(res) {
        return Ok(());
    }
    let named = Namer::new(res, table)
        .map_err(Error::from)
        .and_then(|mut namer| {
            let mut named = namer.name_classes().map_err(|source| Error::Lift {
                what: "naming the classes".into(),
                source,
            })?;
            namer.prefer(&mut named, &table.preferred_bundled());
            Ok(named)
        });
    let named = match named {
        Ok(named) => named,
        Err(e) if strict => return Err(e),
        Err(e) => {
            let why = crate::error::one_line(&e.to_string());
            eprintln!("note: the chart names no class: {why}");
            return Ok(());
        }
    };
    for c in &mut chart.classes {
        c.name = named.get(&(c.stem, c.s, c.index)).cloned();
    }
    Ok(())
}

/// The table to name the chart's classes with, read before resolving (so that a bad file
/// is refused at once), and whether the user gave it (`--names FILE`, `bundled` for the
/// bundled one; `off`: `--no-names`): `None` when the chart gets no names. `over_a`: no
/// sub-Hopf algebra was asked for. Errors: `--names` for a module other than the sphere
/// over `A`, a table that cannot be read (exit 2).
pub(crate) fn wanted(
    file: Option<&Path>,
    off: bool,
    over_a: bool,
    module: &steenrod::module::FiniteModule,
    range: resolution::ResolutionConfig,
) -> Result<Option<(NameTable, bool)>, Error> {
    let sphere = module.min_degree() == 0 && module.total_dim() == 1 && module.profile().is_none();
    match (file, off) {
        (_, true) => Ok(None),
        (Some(_), false) if !(sphere && over_a) => Err(Error::ProductsModule {
            name: module.name().to_string(),
            why: "--names names classes of the sphere S_2 over A only".into(),
        }),
        (Some(p), false) => table(Some(p)).map(|t| Some((t, true))),
        (None, false) if sphere && over_a && range.max_stem <= DEFAULT_MAX_STEM => {
            table(None).map(|t| Some((t, false)))
        }
        (None, false) => Ok(None),
    }
}
