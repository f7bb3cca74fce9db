//! `λ` in a save directory (`adams d2 --save-dir DIR`): one checksummed file per
//! bidegree `(s, t)` of `C_s`'s generators, `DIR/secondary/s<s>-t<t>.lambda`, so that a
//! second run reads them back and computes only what is missing (a larger range extends).
//!
//! Format (version 1), in the style of the save directory's records
//! (`crates/resolution/SAVE-FORMAT.md`) and of `chain_map::saved`:
//!
//! ```text
//! adams-lambda 1
//! module <module hash>          (save::module_hash)
//! resolution <blake3 hex>       (fingerprint of the differentials λ_s at (s, t) reads)
//! bidegree <s> <t>
//! gens <k>                      (generators of C_s in degree t)
//! payload-blake3 <hex>
//!
//! payload: per generator in index order: the value's bit length (u32, little endian),
//! then its limbs (u64, little endian); a value is λ_s(g) in the whole of (C_{s−2})_{t−1}
//! ```
//!
//! The fingerprint covers every differential `λ_s` at `(s, t)` depends on: `d_{s'}` on the
//! generators of stem `≤ n + 1` for all `s' ≤ s` (`n = t − s`; the solve at
//! `(s − 2, t − 1)` reads stem `n + 1`, the composites and `λ_{s−1}` lower stems). It does
//! not change when the range grows, and a file made over another resolution (another
//! algorithm, another save directory) is [`SavedLambdaError::Stale`], never read.

use std::path::{Path, PathBuf};

use fp::FpVector;

use super::driver::{top_degree, Lambdas};
use super::lift::SecondaryError;
use crate::{Bidegree, Resolution};

const MAGIC: &str = "adams-lambda 1";

/// A `λ` file that cannot be used, or a failure to read or write one.
#[derive(Debug, thiserror::Error)]
pub enum SavedLambdaError {
    /// Damaged: the reason, one line.
    #[error("d2: λ file {}: {why}", .path.display())]
    Corrupt { path: PathBuf, why: String },
    /// Made for another module or another resolution.
    #[error("d2: λ file {} was made for another {what} (remove DIR/secondary to recompute)", .path.display())]
    Stale { path: PathBuf, what: &'static str },
    /// Present but cannot be read (a folder in its place, no permission): bad input.
    #[error("d2: λ file {} cannot be read: {source}", .path.display())]
    Unreadable {
        path: PathBuf,
        source: std::io::Error,
    },
    /// Cannot be written.
    #[error("d2: λ file {}: {source}", .path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// Why a saved secondary lift stopped: the lift itself, or its files.
#[derive(Debug, thiserror::Error)]
pub enum LiftError {
    #[error(transparent)]
    Secondary(#[from] SecondaryError),
    #[error(transparent)]
    Saved(#[from] SavedLambdaError),
}

/// `fingerprint[s][n + 1 − b]`: the hash of `d_{s'}` on the generators of stem `≤ n + 1`,
/// every `s' ≤ s` (`b` the module's bottom degree; index 0: stem ≤ b − 1).
struct Fingerprints {
    bottom: i32,
    rows: Vec<Vec<[u8; 32]>>,
}

impl Fingerprints {
    fn new(res: &Resolution) -> Self {
        let config = res.config();
        let bottom = res.module().min_degree();
        let stems = (config.max_stem + 2 - bottom).max(1) as usize;
        let mut out: Vec<Vec<[u8; 32]>> = Vec::new();
        for s in 0..=config.max_s {
            let c = res.free_module(s);
            let mut row_prefix = blake3::Hasher::new();
            let mut row = Vec::with_capacity(stems);
            for k in 0..stems {
                // Generators of stem m = bottom + k − 1, degree m + s.
                let t = bottom + k as i32 - 1 + s as i32;
                row_prefix.update(&(t as i64).to_le_bytes());
                if c.is_complete(t) {
                    for d in c.gens(t) {
                        row_prefix.update(&(d.value.len() as u64).to_le_bytes());
                        for limb in d.value.limbs() {
                            row_prefix.update(&limb.to_le_bytes());
                        }
                    }
                }
                let mut both = blake3::Hasher::new();
                if let Some(prev) = out.last() {
                    both.update(&prev[k]);
                }
                both.update(row_prefix.clone().finalize().as_bytes());
                row.push(*both.finalize().as_bytes());
            }
            out.push(row);
        }
        Fingerprints { bottom, rows: out }
    }

    fn at(&self, b: Bidegree) -> String {
        let k = (b.n() + 2 - self.bottom) as usize;
        blake3::Hash::from(self.rows[b.s() as usize][k])
            .to_hex()
            .to_string()
    }
}

/// The `λ` files of one save directory for one resolution.
pub struct LambdaStore {
    dir: PathBuf,
    module: String,
    prints: Fingerprints,
}

impl LambdaStore {
    /// The store under `save_dir/secondary/` for `res` (the directory is created on the
    /// first write).
    pub fn new(save_dir: &Path, res: &Resolution) -> Self {
        LambdaStore {
            dir: save_dir.join("secondary"),
            module: crate::save::module_hash(res.module()),
            prints: Fingerprints::new(res),
        }
    }

    /// The file of `(s, t)`.
    pub fn path(&self, at: Bidegree) -> PathBuf {
        self.dir
            .join(format!("s{:03}-t{:03}.lambda", at.s(), at.t()))
    }

    fn header(&self, at: Bidegree, gens: usize) -> String {
        format!(
            "{MAGIC}\nmodule {}\nresolution {}\nbidegree {} {}\ngens {gens}\n",
            self.module,
            self.prints.at(at),
            at.s(),
            at.t()
        )
    }

    /// Writes the values of `λ_s` on the generators of `C_s` in degree `t` (atomically:
    /// a temporary file, then a rename).
    pub fn write(&self, at: Bidegree, values: &[FpVector]) -> Result<(), SavedLambdaError> {
        let mut payload = Vec::new();
        for v in values {
            payload.extend_from_slice(&(v.len() as u32).to_le_bytes());
            for limb in v.limbs() {
                payload.extend_from_slice(&limb.to_le_bytes());
            }
        }
        let mut bytes = self.header(at, values.len()).into_bytes();
        let sum = blake3::hash(&payload).to_hex();
        bytes.extend_from_slice(format!("payload-blake3 {sum}\n\n").as_bytes());
        bytes.extend_from_slice(&payload);
        let path = self.path(at);
        let tmp = crate::save::temporary_path(&path);
        std::fs::create_dir_all(&self.dir)
            .and_then(|()| std::fs::write(&tmp, bytes))
            .and_then(|()| std::fs::rename(&tmp, &path))
            .map_err(|source| SavedLambdaError::Io { path, source })
    }

    /// Every `λ` file of the range of `res` that is present, by `s` and generator
    /// (`None` where absent), and how many files were read.
    ///
    /// Errors: a damaged file ([`SavedLambdaError::Corrupt`]), one made for another
    /// resolution ([`SavedLambdaError::Stale`]) or one that cannot be read
    /// ([`SavedLambdaError::Unreadable`]), naming it; nothing is removed.
    pub fn load(&self, res: &Resolution) -> Result<(Vec<Lambdas>, usize), SavedLambdaError> {
        let mut out = vec![Vec::new(); 3.min(res.config().max_s as usize + 1)];
        let mut files = 0;
        for s in 3..=res.config().max_s {
            let c = res.free_module(s);
            let top = top_degree(res, s);
            let mut row: Lambdas = vec![None; c.gens_below(top)];
            for t in c.min_degree()..top {
                let gens = c.gens_in_degree(t);
                let at = Bidegree::s_t(s, t);
                let path = self.path(at);
                let bytes = match std::fs::read(&path) {
                    Ok(b) => b,
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                    Err(source) => return Err(SavedLambdaError::Unreadable { path, source }),
                };
                let below = res.free_module(s - 2);
                let len = *below
                    .offsets(res.algebra(), t - 1, below.gens_below(t))
                    .last()
                    .expect("offsets end with the total");
                let values = self.decode(at, gens, len, &bytes).map_err(|e| e.at(path))?;
                let first = c.gens_below(t);
                for (k, v) in values.into_iter().enumerate() {
                    row[first + k] = Some(v);
                }
                files += 1;
            }
            out.push(row);
        }
        Ok((out, files))
    }

    fn decode(
        &self,
        at: Bidegree,
        gens: usize,
        len: usize,
        bytes: &[u8],
    ) -> Result<Vec<FpVector>, Bad> {
        let head = self.header(at, gens);
        let Some(rest) = bytes.strip_prefix(head.as_bytes()) else {
            return Err(self.why_header(at, bytes));
        };
        let line_end = rest
            .iter()
            .position(|&b| b == b'\n')
            .ok_or(Bad::Corrupt("no checksum line"))?;
        let line = std::str::from_utf8(&rest[..line_end])
            .map_err(|_| Bad::Corrupt("the checksum line is not text"))?;
        let sum = line
            .strip_prefix("payload-blake3 ")
            .ok_or(Bad::Corrupt("no checksum line"))?;
        let payload = rest[line_end + 1..]
            .strip_prefix(b"\n")
            .ok_or(Bad::Corrupt("no blank line after the header"))?;
        if blake3::hash(payload).to_hex().as_str() != sum {
            return Err(Bad::Corrupt("the payload does not match its checksum"));
        }
        let mut at_bytes = payload;
        let values = (0..gens)
            .map(|_| read_vector(&mut at_bytes, len))
            .collect::<Result<Vec<_>, _>>()?;
        if !at_bytes.is_empty() {
            return Err(Bad::Corrupt("bytes after the last value"));
        }
        Ok(values)
    }

    /// Why a file's header is not the expected one: another module or resolution
    /// (stale), or not a `λ` file at all (corrupt).
    fn why_header(&self, at: Bidegree, bytes: &[u8]) -> Bad {
        let text = String::from_utf8_lossy(&bytes[..bytes.len().min(400)]);
        let lines: Vec<&str> = text.split('\n').collect();
        if lines.first() != Some(&MAGIC) {
            return Bad::Corrupt("does not start with \"adams-lambda 1\"");
        }
        // A whole header (through `payload-blake3`) whose module or resolution line is
        // another well-formed one: made for something else.
        let whole = lines.len() > 6 && lines[5].starts_with("payload-blake3 ");
        let module = format!("module {}", self.module);
        let resolution = format!("resolution {}", self.prints.at(at));
        let well_formed = |line: &str, want: &str| {
            line.len() == want.len()
                && line.split_once(' ').map(|p| p.0) == want.split_once(' ').map(|p| p.0)
        };
        let bidegree = format!("bidegree {} {}", at.s(), at.t());
        match () {
            _ if !whole => Bad::Corrupt("its header ends early"),
            _ if lines[1] != module && well_formed(lines[1], &module) => Bad::Stale("module"),
            // Moved or copied from another bidegree's file (its fingerprint differs too:
            // say where it belongs, not "another resolution").
            _ if lines[3] != bidegree => match named_bidegree(lines[3]) {
                Some(other) => Bad::Misplaced(other),
                None => Bad::Corrupt("its header does not name a bidegree"),
            },
            _ if lines[1] == module
                && lines[2] != resolution
                && well_formed(lines[2], &resolution) =>
            {
                Bad::Stale("resolution")
            }
            _ => Bad::Corrupt("its header does not name this bidegree and its generators"),
        }
    }
}

/// The bidegree a header line `bidegree <s> <t>` names.
fn named_bidegree(line: &str) -> Option<Bidegree> {
    let (s, t) = line.strip_prefix("bidegree ")?.split_once(' ')?;
    let (s, t) = (s.parse::<i32>().ok()?, t.parse::<i32>().ok()?);
    // t < s for a module shifted below degree 0.
    (0 <= s).then(|| Bidegree::s_t(s as u32, t))
}

/// What [`LambdaStore::decode`] found wrong, before the path is attached.
enum Bad {
    Corrupt(&'static str),
    Stale(&'static str),
    /// A well-formed file of another bidegree (the one its header names).
    Misplaced(Bidegree),
}

impl Bad {
    fn at(self, path: PathBuf) -> SavedLambdaError {
        match self {
            Bad::Corrupt(why) => SavedLambdaError::Corrupt {
                path,
                why: why.to_string(),
            },
            Bad::Stale(what) => SavedLambdaError::Stale { path, what },
            Bad::Misplaced(other) => SavedLambdaError::Corrupt {
                path,
                why: format!(
                    "its header is λ at {other}, another bidegree's (moved or copied \
                     between files)"
                ),
            },
        }
    }
}

/// One value of `len` bits from the front of `at`.
fn read_vector(at: &mut &[u8], len: usize) -> Result<FpVector, Bad> {
    let (head, rest) = at
        .split_at_checked(4)
        .ok_or(Bad::Corrupt("the payload ends early"))?;
    let n = u32::from_le_bytes(head.try_into().expect("4 bytes")) as usize;
    if n != len {
        return Err(Bad::Corrupt("a value's length is not the resolution's"));
    }
    let limbs = len.div_ceil(64);
    let (body, rest) = rest
        .split_at_checked(8 * limbs)
        .ok_or(Bad::Corrupt("the payload ends early"))?;
    let limbs: Vec<u64> = body
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
        .collect();
    if !len.is_multiple_of(64) && limbs.last().is_some_and(|l| l >> (len % 64) != 0) {
        return Err(Bad::Corrupt("bits set past a value's length"));
    }
    *at = rest;
    Ok(FpVector::from_limbs(len, limbs))
}

/// The secondary lift of `res` with its `λ` kept in `store`: the files present are read
/// (only the rest is computed), each `(s, t)` computed is written as it completes.
/// Returns the lift and the number of files read.
///
/// Errors: those of [`super::SecondaryLift::new`], and a `λ` file that is damaged,
/// stale or cannot be written ([`SavedLambdaError`], naming the file).
pub fn lift_saved<'a>(
    res: &'a Resolution,
    store: &LambdaStore,
) -> Result<(super::SecondaryLift<'a>, usize), LiftError> {
    super::homotopy::check_over_a(res)?;
    let (known, files) = store.load(res)?;
    let lift = super::SecondaryLift::resumed(res, known, |at, values| {
        store.write(at, values).map_err(LiftError::from)
    })?;
    Ok((lift, files))
}
