//! The map on Ext induced by a map of modules `f : M → N` given in a file
//! (`crates/steenrod/MAP-FORMAT.md`): the file's fields ([`read_map_spec`]) and the
//! matrices of `f* : Ext(N) → Ext(M)` from the lift of `f` to a chain map of minimal
//! resolutions ([`induced_matrices`], `resolution::chain_map::module_map`). `adams map`
//! and the Python bindings' `Resolution.map` are built on it.

use std::path::Path;

use fp::{Field, MatrixOf, SubspaceOf, Vector};
use resolution::chain_map::module_map::{induced, lift_module_map};
use resolution::chain_map::{ChainMapError, LiftModule, LiftTarget};
use resolution::{Bidegree, Resolution};
use serde_json::Value;
use steenrod::module::{FiniteModule, ModuleAlgebra, ModuleMap};
use steenrod::VectorOf;

/// The largest map file read.
const MAX_MAP_BYTES: u64 = 1 << 20;

/// A map file's fields (MAP-FORMAT.md), not yet checked against the modules.
pub struct MapSpec {
    /// The source module `M`, as the file names it.
    pub source: String,
    /// The target module `N`.
    pub target: String,
    /// The degree of the map: `f(M_t) ⊂ N_{t+shift}`.
    pub shift: i32,
    /// `x ↦ [(y, c), …]`: `f(x) = Σ c·y` (coefficients reduced mod p by [`ModuleMap::new`]).
    pub images: Vec<(String, Vec<(String, u32)>)>,
}

/// `f* : Ext^{s}(N)` at `(stem, s)` → `Ext^{s}(M)` at `(stem − shift, s)`: row `k` is the
/// image of the `k`-th class of `N`, a vector over the basis of `Ext(M)` there (`V`: the
/// field's vector type).
pub struct MapMatrix<V> {
    /// The stem of the classes of `N`.
    pub stem: i32,
    /// Their filtration.
    pub s: u32,
    /// Per class of `N`: its image.
    pub rows: Vec<V>,
}

/// Reads and checks the fields of the map file `file`. Errors: one line, `FILE: reason`
/// (unreadable, not JSON, an unknown key, a field missing or of the wrong type).
pub fn read_map_spec(file: &Path) -> Result<MapSpec, String> {
    let bad = |reason: String| format!("{}: {reason}", file.display());
    let text = chart::input::read_text(file, "a module map", MAX_MAP_BYTES).map_err(bad)?;
    let json: Value = serde_json::from_str(&text).map_err(|e| bad(format!("invalid JSON: {e}")))?;
    let obj = json
        .as_object()
        .ok_or_else(|| bad("not a JSON object".into()))?;
    for key in obj.keys() {
        if !["type", "source", "target", "shift", "images"].contains(&key.as_str()) {
            return Err(bad(format!("unknown key {key:?}")));
        }
    }
    if obj.get("type").and_then(Value::as_str) != Some("module map") {
        return Err(bad("type: must be \"module map\"".into()));
    }
    let name = |key: &str| {
        obj.get(key)
            .and_then(Value::as_str)
            .map(str::to_string)
            .ok_or_else(|| bad(format!("{key}: missing, or not a module name (a string)")))
    };
    let shift = match obj.get("shift") {
        None => 0,
        Some(v) => v
            .as_i64()
            .and_then(|k| i32::try_from(k).ok())
            .filter(|k| k.abs() <= 1 << 20)
            .ok_or_else(|| bad("shift: not an integer within ±2^20".into()))?,
    };
    let images = obj
        .get("images")
        .and_then(Value::as_object)
        .ok_or_else(|| bad("images: missing, or not an object".into()))?;
    let mut list = Vec::new();
    for (x, v) in images {
        let names = v
            .as_array()
            .and_then(|a| a.iter().map(|y| y.as_str().map(image_term)).collect())
            .ok_or_else(|| bad(format!("images {x:?}: not a list of basis element names")))?;
        list.push((x.clone(), names));
    }
    Ok(MapSpec {
        source: name("source")?,
        target: name("target")?,
        shift,
        images: list,
    })
}

/// A module named in the map file `file`, as a module lookup takes it
/// ([`crate::modules::find_module`]): a path relative to the file's folder when one exists
/// there, otherwise `arg` itself (a path, or a bundled module's name).
pub fn beside(arg: &str, file: &Path) -> String {
    match file.parent().map(|d| d.join(arg)) {
        Some(p) if p.is_file() => p.display().to_string(),
        _ => arg.to_string(),
    }
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

/// The matrices of `f* : Ext(N) → Ext(M)` in every bidegree of `Ext(N)` in `n_res`'s range
/// that the lift of `f` reaches (zero below `M`'s bottom cell), and their total rank:
/// `f` lifted through `levels` homological degrees (`max_s + 1` for every row), between
/// minimal resolutions `m_res` of `M` and `n_res` of `N` over the same range, at any prime.
///
/// Errors: [`ChainMapError`] from the lift (`f` is not a map into the module `n_res`
/// resolves).
#[allow(clippy::type_complexity)]
pub fn induced_matrices<A: ModuleAlgebra>(
    m_res: &Resolution<FiniteModule<A>>,
    n_res: &Resolution<FiniteModule<A>>,
    f: &ModuleMap<A>,
    levels: u32,
) -> Result<(Vec<MapMatrix<VectorOf<FiniteModule<A>>>>, usize), ChainMapError>
where
    FiniteModule<A>: LiftModule<Algebra = A>,
{
    let tgt = LiftTarget::new(n_res);
    let lift = lift_module_map(m_res, &tgt, f, levels)?;
    let max_stem = n_res.config().max_stem;
    let field = m_res.prime();
    let (mut matrices, mut rank) = (Vec::new(), 0);
    for entry in n_res.ext() {
        let b = entry.bidegree;
        let at_m = Bidegree::s_t(b.s(), b.t() - f.shift());
        let below_bottom = at_m.t() < m_res.free_module(at_m.s()).min_degree();
        let rows: Vec<VectorOf<FiniteModule<A>>> = match induced(&lift, at_m) {
            Some(mat) => (0..mat.rows()).map(|k| mat.row_vector(k)).collect(),
            // Ext(M) is zero below M's bottom cell: f* is zero there.
            None if below_bottom && at_m.n() <= max_stem => {
                (0..entry.dim).map(|_| field.zero_vector(0)).collect()
            }
            None => continue,
        };
        let cols = rows.first().map_or(0, Vector::len);
        rank += field.span(cols, rows.clone()).dim();
        matrices.push(MapMatrix {
            stem: b.n(),
            s: b.s(),
            rows,
        });
    }
    Ok((matrices, rank))
}
