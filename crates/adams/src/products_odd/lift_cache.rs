//! Lifts kept in a save directory at an odd prime (`adams products --save-dir DIR`): one
//! checksummed file per class in `DIR/lifts/` (`resolution::odd::saved_lift`), so that a
//! second run by the same class reads the lift back instead of computing it — as at p = 2
//! (`crate::products::lift_cache`, whose [`cached`] reads and writes the files).

use std::path::PathBuf;

use resolution::chain_map::ChainMapError;
use resolution::odd::chain_map::{OddChainMap, OddLiftTarget};
use resolution::odd::massey::{lift as lift_class, OddExtElement};
use resolution::odd::saved_lift::{encode, load_class};

use crate::products::lift_cache::cached;
use resolution::Resolution;
use steenrod::module::OddModule;

/// The lifts kept in a save directory: `DIR/lifts/s<s>-t<t>-<k>x<c>_….lift`, for one
/// source and target module.
pub(super) struct OddLiftCache {
    dir: PathBuf,
    source_hash: String,
    target_hash: String,
}

impl OddLiftCache {
    pub(super) fn new(
        dir: &std::path::Path,
        source: &Resolution<OddModule>,
        target: &Resolution<OddModule>,
    ) -> Self {
        OddLiftCache {
            dir: dir.join("lifts"),
            source_hash: resolution::save::odd_module_hash(source.module()),
            target_hash: resolution::save::odd_module_hash(target.module()),
        }
    }

    fn path(&self, y: &OddExtElement) -> PathBuf {
        let terms: Vec<String> = y
            .vector
            .iter_nonzero()
            .map(|(k, c)| format!("{k}x{c}"))
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
/// (and written there); see [`cached`].
pub(super) fn lift<'a>(
    cache: Option<&OddLiftCache>,
    res: &'a Resolution<OddModule>,
    tgt: &OddLiftTarget<'a>,
    y: &OddExtElement,
    levels: u32,
) -> Result<OddChainMap<'a>, ChainMapError> {
    let Some(cache) = cache else {
        return lift_class(res, tgt, y, levels);
    };
    let hashes = (cache.source_hash.as_str(), cache.target_hash.as_str());
    cached(
        &cache.path(y),
        |bytes| load_class(res, tgt, y, levels, bytes, hashes),
        || lift_class(res, tgt, y, levels),
        |map| encode(map, y, hashes),
    )
}
