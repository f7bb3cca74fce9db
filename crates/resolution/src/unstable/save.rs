//! Save and resume of a resolution by free unstable modules: one JSON file per run,
//! `unstable.json` in the save directory, rewritten (atomically) as degrees finish.
//!
//! The file holds the module's name and hash ([`crate::save::module_hash`]: the prime, the
//! degrees and the action of the algebra's generators), the range of the run and the last
//! internal degree it finished, and every generator's differential as `[h, op, c]` terms
//! (`h` the generator below by index, `op` the index of the operation in the Milnor basis
//! of its degree, `c` the coefficient; at `s = 0`, `h` a basis element of the module and
//! `op` 0). A run resumed from it keeps those generators and resolves the rest.

use std::fmt;
use std::path::{Path, PathBuf};

use fp::Prime;
use serde::{Deserialize, Serialize};
use steenrod::module::{FiniteModule, ModuleAlgebra};
use steenrod::Algebra;

use super::excess::UnstableAlgebra;
use super::field::UnstableField;
use super::resolution::{Done, Generator, Term, UnstableResolution};
use crate::save::{module_hash, SaveAlgebra};

/// The save file's name in its directory.
pub const FILE: &str = "unstable.json";
const FORMAT: &str = "adams-unstable-resolution";
const VERSION: u32 = 1;
/// The largest save file read (bytes).
const MAX_BYTES: u64 = 1 << 32;

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveFile {
    format: String,
    version: u32,
    module: String,
    module_hash: String,
    p: u32,
    max_stem: i32,
    max_s: u32,
    through: i32,
    rows: Vec<Vec<SavedGenerator>>,
    /// BLAKE3 of the file written with this field empty: an edited file is refused.
    checksum: String,
}

impl SaveFile {
    /// The checksum of everything else.
    fn digest(&mut self) -> String {
        let kept = std::mem::take(&mut self.checksum);
        let text = serde_json::to_vec(&*self).expect("a save serializes");
        self.checksum = kept;
        blake3::hash(&text).to_hex().to_string()
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedGenerator {
    degree: i32,
    d: Vec<[u32; 3]>,
}

/// A save that cannot be used: the file, the field and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnstableSaveError {
    /// The file.
    pub path: PathBuf,
    /// The field (`module_hash`, `rows[3][7].d[0]`), or `file`.
    pub field: String,
    /// Why.
    pub reason: String,
}

impl fmt::Display for UnstableSaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {}: {}",
            self.path.display(),
            self.field,
            self.reason
        )
    }
}

impl std::error::Error for UnstableSaveError {}

/// Writes `res`, finished through internal degree `through`, to `dir/unstable.json`
/// (a temporary file renamed over it). Errors: the file system's.
pub fn write<A: ModuleAlgebra + UnstableAlgebra + SaveAlgebra>(
    res: &UnstableResolution<A>,
    through: i32,
    dir: &Path,
) -> std::io::Result<()> {
    let alg = res.algebra();
    let (max_stem, max_s) = res.range();
    let rows = (0..=max_s)
        .map(|s| {
            let row = res.generators(s);
            let below = s.checked_sub(1).map(|b| res.generators(b));
            row.iter()
                .map(|g| SavedGenerator {
                    degree: g.degree,
                    d: g.d
                        .iter()
                        .map(|x| {
                            let op_degree =
                                below.map_or(0, |b| g.degree - b[x.gen as usize].degree);
                            let op = Algebra::index_of(alg, op_degree as u32, &x.op) as u32;
                            [x.gen, op, x.coefficient]
                        })
                        .collect(),
                })
                .collect()
        })
        .collect();
    let mut file = SaveFile {
        format: FORMAT.into(),
        version: VERSION,
        module: res.module().name().into(),
        module_hash: module_hash(res.module()),
        p: Prime::value(res.module().prime()),
        max_stem,
        max_s,
        through,
        rows,
        checksum: String::new(),
    };
    file.checksum = file.digest();
    let text = serde_json::to_vec(&file).map_err(std::io::Error::other)?;
    let (path, partial) = (dir.join(FILE), dir.join(format!("{FILE}.partial")));
    std::fs::write(&partial, text)?;
    std::fs::rename(&partial, &path)
}

/// The resolution of `module` over the range `(max_stem, max_s)` and the saved one (the
/// larger of each bound), with the generators of `dir/unstable.json` when it exists (they
/// are final over the saved range through its last finished degree), ready to
/// [`UnstableResolution::run`]. Errors: a file that is not a save of this program (format,
/// version, JSON, a field), of another module (hash) or prime, or whose generators are
/// not a resolution's (a term naming a generator or operation that does not exist, a
/// degree out of order, a coefficient outside `1..p`).
pub fn resume<A>(
    module: FiniteModule<A>,
    max_stem: i32,
    max_s: u32,
    dir: &Path,
) -> Result<UnstableResolution<A>, UnstableSaveError>
where
    A: ModuleAlgebra + UnstableAlgebra + SaveAlgebra,
    A::Field: UnstableField,
{
    let path = dir.join(FILE);
    let bad = |field: &str, reason: String| UnstableSaveError {
        path: path.clone(),
        field: field.into(),
        reason,
    };
    if !path.exists() {
        return Ok(UnstableResolution::new(module, max_stem, max_s));
    }
    let file = read(&path).map_err(|reason| bad("file", reason))?;
    check_header(&file, &module).map_err(|(field, reason)| bad(field, reason))?;
    let (stem, s) = (max_stem.max(file.max_stem), max_s.max(file.max_s));
    let mut res = UnstableResolution::new(module, stem, s);
    let rows = generators(&res, &file).map_err(|(field, reason)| bad(&field, reason))?;
    let done = Done {
        max_stem: file.max_stem,
        max_s: file.max_s,
        through: file.through,
    };
    res.restore(rows, done);
    Ok(res)
}

fn read(path: &Path) -> Result<SaveFile, String> {
    let meta = std::fs::metadata(path).map_err(|e| e.to_string())?;
    if !meta.is_file() {
        return Err("not a regular file".into());
    }
    if meta.len() > MAX_BYTES {
        return Err(format!(
            "{} bytes, more than the {MAX_BYTES} read",
            meta.len()
        ));
    }
    let text = std::fs::read(path).map_err(|e| e.to_string())?;
    let mut file: SaveFile = serde_json::from_slice(&text)
        .map_err(|e| format!("not a save of adams resolve --unstable: {e}"))?;
    if file.digest() != file.checksum {
        return Err("the checksum does not match: the file was changed or damaged".into());
    }
    Ok(file)
}

fn check_header<A: ModuleAlgebra + UnstableAlgebra + SaveAlgebra>(
    file: &SaveFile,
    module: &FiniteModule<A>,
) -> Result<(), (&'static str, String)> {
    if file.format != FORMAT {
        return Err(("format", format!("{:?}, not {FORMAT:?}", file.format)));
    }
    if file.version != VERSION {
        return Err(("version", format!("{}, not {VERSION}", file.version)));
    }
    let p = Prime::value(module.prime());
    if file.p != p {
        return Err((
            "p",
            format!("the save is at p = {}, the module at p = {p}", file.p),
        ));
    }
    let hash = module_hash(module);
    if file.module_hash != hash {
        let why = format!(
            "the save is of {} ({}), not of {} ({hash})",
            file.module,
            file.module_hash,
            module.name()
        );
        return Err(("module_hash", why));
    }
    let limit = module.algebra().degree_limit();
    let span = i64::from(file.max_stem) + i64::from(file.max_s) - i64::from(module.min_degree());
    if span > i64::from(limit) || file.max_stem < module.min_degree() {
        let why = format!(
            "{} with max_s = {} is outside the algebra's range",
            file.max_stem, file.max_s
        );
        return Err(("max_stem", why));
    }
    if i64::from(file.through) > i64::from(file.max_stem) + i64::from(file.max_s) {
        return Err((
            "through",
            format!("{} is past the saved range", file.through),
        ));
    }
    if file.rows.len() != file.max_s as usize + 1 {
        let why = format!("{} rows for max_s = {}", file.rows.len(), file.max_s);
        return Err(("rows", why));
    }
    Ok(())
}

/// The saved generators, checked to name only generators, operations and coefficients that
/// exist, in degree order inside the saved range.
fn generators<A>(
    res: &UnstableResolution<A>,
    file: &SaveFile,
) -> Result<Vec<Vec<Generator<A>>>, (String, String)>
where
    A: ModuleAlgebra + UnstableAlgebra,
    A::Field: UnstableField,
{
    let (alg, module) = (res.algebra(), res.module());
    let p = Prime::value(module.prime());
    let mut rows: Vec<Vec<Generator<A>>> = Vec::new();
    for (s, row) in file.rows.iter().enumerate() {
        let mut out: Vec<Generator<A>> = Vec::new();
        for (k, g) in row.iter().enumerate() {
            let field = |j: Option<usize>| match j {
                None => format!("rows[{s}][{k}].degree"),
                Some(j) => format!("rows[{s}][{k}].d[{j}]"),
            };
            let lowest = module.min_degree() + s as i32;
            let highest = file.max_stem + s as i32;
            let last = out.last().map_or(lowest, |h| h.degree);
            if g.degree < last || g.degree > highest.min(file.through) {
                let why = format!(
                    "{} outside {last}..={}",
                    g.degree,
                    highest.min(file.through)
                );
                return Err((field(None), why));
            }
            let mut d = Vec::new();
            for (j, &[h, op, c]) in g.d.iter().enumerate() {
                let term = term(alg, module, rows.last(), g.degree, [h, op, c], p);
                d.push(term.map_err(|why| (field(Some(j)), why))?);
            }
            out.push(Generator {
                degree: g.degree,
                d,
            });
        }
        rows.push(out);
    }
    Ok(rows)
}

/// One saved term `[h, op, c]` of a generator of degree `degree`, checked.
fn term<A: ModuleAlgebra + UnstableAlgebra>(
    alg: &A,
    module: &FiniteModule<A>,
    below: Option<&Vec<Generator<A>>>,
    degree: i32,
    [h, op, c]: [u32; 3],
    p: u32,
) -> Result<Term<A>, String> {
    if c == 0 || c >= p {
        return Err(format!("coefficient {c} is not in 1..{p}"));
    }
    let d = match below {
        None if (h as usize) < module.dim(degree) => 0,
        None => {
            return Err(format!(
                "the module has no basis element {h} in degree {degree}"
            ))
        }
        Some(row) => match row.get(h as usize) {
            Some(under) if under.degree < degree => (degree - under.degree) as u32,
            Some(under) => {
                return Err(format!(
                    "generator {h} below has degree {} ≥ {degree}",
                    under.degree
                ))
            }
            None => return Err(format!("no generator {h} in the row below")),
        },
    };
    match alg.basis(d).get(op as usize) {
        Some(&x) => Ok(Term {
            gen: h,
            op: x,
            coefficient: c,
        }),
        None => Err(format!("no operation {op} in degree {d}")),
    }
}
