//! Lifts kept in a save directory (`adams products --save-dir DIR`): one checksummed file
//! per class in `DIR/lifts/` (`resolution::chain_map::saved`), so that a second run by
//! the same class reads the lift back instead of computing it.

use std::path::PathBuf;

use fp::{Prime, Vector};
use resolution::chain_map::saved::{encode, Expected, LiftCodec, Mismatch, Saved};
use resolution::chain_map::yoneda::{lift_class, load_class, ExtOf};
use resolution::chain_map::{ChainMap, ChainMapError, LiftModule, LiftTarget};
use resolution::Resolution;

/// The lifts kept in a save directory, for one source and target module:
/// `DIR/lifts/s<s>-t<t>-<k>_….lift` at p = 2 (`k` the basis indices of the class),
/// `…-<k>x<c>_….lift` at odd p (its nonzero coordinates `c` at `k`).
pub(crate) struct LiftCache {
    dir: PathBuf,
    source_hash: String,
    target_hash: String,
}

impl LiftCache {
    pub(crate) fn new<M: LiftModule>(
        dir: &std::path::Path,
        source: &Resolution<M>,
        target: &Resolution<M>,
    ) -> Self {
        LiftCache {
            dir: dir.join("lifts"),
            source_hash: LiftCodec::lift_hash(source.module()),
            target_hash: LiftCodec::lift_hash(target.module()),
        }
    }

    fn path<M: LiftModule>(&self, p: u32, y: &ExtOf<M>) -> PathBuf {
        let terms: Vec<String> = y
            .vector
            .nonzero_entries()
            .map(|(k, c)| match p {
                2 => k.to_string(),
                _ => format!("{k}x{c}"),
            })
            .collect();
        let name = format!(
            "s{:03}-t{:03}-{}.lift",
            y.bidegree.s(),
            y.bidegree.t(),
            terms.join("_")
        );
        self.dir.join(name)
    }
}

/// The lift of `y`, `levels` deep: read from the cache when it holds it, else computed
/// (and written there). A damaged file is reported on stderr and recomputed; a file that
/// cannot be written is reported and skipped (the lift is still used).
pub(crate) fn lift<'a, M: LiftModule>(
    cache: Option<&LiftCache>,
    res: &'a Resolution<M>,
    tgt: &LiftTarget<'a, M>,
    y: &ExtOf<M>,
    levels: u32,
) -> Result<ChainMap<'a, M>, ChainMapError> {
    let Some(cache) = cache else {
        return lift_class(res, tgt, y, levels);
    };
    let path = cache.path::<M>(res.prime().value(), y);
    let hashes = (cache.source_hash.as_str(), cache.target_hash.as_str());
    let expected = Expected {
        source: hashes.0,
        target: hashes.1,
        element: &y.vector,
    };
    cached(
        &path,
        |bytes| load_class(res, tgt, y, levels, bytes, hashes),
        || lift_class(res, tgt, y, levels),
        |map| encode(map, &expected),
    )
}

/// The largest lift file read (far above any lift of the tables' range).
const MAX_LIFT_BYTES: u64 = 1 << 40;

/// The value kept in the file `path`: read back by `load` when the file holds a usable
/// one, else made by `compute` and written there (`encode`, through a temporary file
/// renamed into place). A damaged file ([`Saved::Corrupt`]) is reported on stderr and
/// recomputed, and so is a path that is not a regular file (a FIFO, a link to a device:
/// never opened for a blocking read) and a file of another class or module (one put in
/// this one's place: [`Mismatch::Class`], [`Mismatch::Module`]); a lift of the same class
/// through another range ([`Mismatch::Range`]: the run was extended) is recomputed
/// silently; a file that cannot be written is reported and skipped (the value is still used).
pub(crate) fn cached<M, E>(
    path: &std::path::Path,
    load: impl FnOnce(&[u8]) -> Result<M, Saved>,
    compute: impl FnOnce() -> Result<M, E>,
    encode: impl FnOnce(&M) -> Vec<u8>,
) -> Result<M, E> {
    // Only a regular file is read: a FIFO would block and /dev/zero never end.
    let read = match path.try_exists() {
        Ok(true) => Some(chart::input::read_bytes(
            path,
            "a lift file",
            MAX_LIFT_BYTES,
        )),
        _ => None,
    };
    let unusable = match read.map(|r| r.map(|bytes| load(&bytes))) {
        None | Some(Ok(Err(Saved::Stale(Mismatch::Range)))) => None,
        Some(Ok(Ok(map))) => return Ok(map),
        Some(Ok(Err(Saved::Stale(Mismatch::Class)))) => {
            Some("holds the lift of another class (a file put in this one's place)".into())
        }
        Some(Ok(Err(Saved::Stale(Mismatch::Module)))) => {
            Some("was made for another module or prime (a file from another save directory)".into())
        }
        Some(Ok(Err(Saved::Corrupt(why)))) | Some(Err(why)) => Some(format!("is damaged ({why})")),
    };
    if let Some(why) = unusable {
        eprintln!("warning: lift file {} {why}: recomputed", path.display())
    }
    let map = compute()?;
    let tmp = resolution::save::temporary_path(path);
    let written = path
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::write(&tmp, encode(&map)))
        .and_then(|()| std::fs::rename(&tmp, path));
    if let Err(e) = written {
        eprintln!("warning: cannot keep the lift in {}: {e}", path.display());
    }
    Ok(map)
}
