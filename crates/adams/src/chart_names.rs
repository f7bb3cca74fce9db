//! The names in the sphere's chart: `adams resolve` (and `adams
//! products`, through stem [`DEFAULT_MAX_STEM`]) writes each class's name
//! (`chart::names`) into chart.json (`"name"`) and chart.svg (next to the dot).
//!
//! Names are of `Ext_A(F_p, F_p)`: they are written for the sphere over `A` only. At
//! p = 2 they are computed by default when the range stops at stem [`DEFAULT_MAX_STEM`] or
//! below (the lifts of the named classes cost a few times the resolution there, more
//! beyond) from the bundled table; `--names FILE` (or `--names bundled`) names at any
//! range, `--no-names` never. At odd p there is no bundled table: `--names FILE` names
//! from the user's table of that prime.

use std::path::Path;

use adams::classes::ClassModule;
use adams::naming::Namer;
use chart::chart_json::Chart;
use chart::names::NameTable;
use fp::Prime;
use resolution::Resolution;
use steenrod::module::{FiniteModule, ModuleAlgebra};

use crate::error::Error;

/// The largest stem through which `adams resolve` names the sphere's classes unasked.
pub const DEFAULT_MAX_STEM: i32 = 60;

/// What `--names` says at the prime `p`: the bundled table (p = 2), or a file of names
/// at `p`. Errors: `bundled` at odd p, a table that cannot be read (exit 2).
pub(crate) fn table(names: Option<&Path>, p: u32) -> Result<NameTable, Error> {
    match names {
        Some(f) if f.as_os_str() != "bundled" => Ok(NameTable::read(f, p)?),
        _ if p == 2 => Ok(NameTable::bundled()),
        _ => Err(Error::Names(chart::names::NamesError::File {
            path: chart::names::BUNDLED_PATH.into(),
            why: format!("the bundled table names classes at p = 2, not at p = {p}; give a table of your own (--names FILE)"),
        })),
    }
}

/// Whether `module` is the sphere `F_p` over `A` (names are of its classes).
pub(crate) fn is_sphere<A: ModuleAlgebra>(module: &FiniteModule<A>) -> bool {
    module.min_degree() == 0 && module.total_dim() == 1 && module.profile().is_none()
}

/// Puts the names of `table` into `chart` (built from `res`): nothing when `res` is not
/// the sphere. With `strict` (a table the user gave), errors: a definition that does not
/// hold on this resolution (exit 2), a lift that fails (exit 3). Otherwise (the bundled
/// table, unasked) the names are an extra: such a failure is a `note:` line on stderr
/// and the chart is written without names.
pub(crate) fn add<A: ModuleAlgebra>(
    chart: &mut Chart,
    res: &Resolution<FiniteModule<A>>,
    table: &NameTable,
    strict: bool,
) -> Result<(), Error>
where
    FiniteModule<A>: ClassModule,
{
    if !is_sphere(res.module()) {
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
/// bundled one at p = 2; `off`: `--no-names`): `None` when the chart gets no names.
/// `over_a`: no sub-Hopf algebra was asked for. Errors: `--names` for a module other
/// than the sphere over `A`, a table that cannot be read or whose `h_i` do not lie where
/// they do at the module's prime (exit 2).
pub(crate) fn wanted<A: ModuleAlgebra>(
    file: Option<&Path>,
    off: bool,
    over_a: bool,
    module: &FiniteModule<A>,
    range: resolution::ResolutionConfig,
) -> Result<Option<(NameTable, bool)>, Error> {
    let sphere = is_sphere(module);
    let p = module.prime().value();
    match (file, off) {
        (_, true) => Ok(None),
        (Some(_), false) if !(sphere && over_a) => Err(Error::ProductsModule {
            name: module.name().to_string(),
            why: format!("--names names classes of the sphere S_{p} over A only"),
        }),
        (Some(f), false) => table(Some(f), p).map(|t| Some((t, true))),
        (None, false) if p == 2 && sphere && over_a && range.max_stem <= DEFAULT_MAX_STEM => {
            table(None, p).map(|t| Some((t, false)))
        }
        (None, false) => Ok(None),
    }
}
