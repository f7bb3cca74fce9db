//! The index of a sub-Hopf algebra's Milnor basis inside the whole algebra's: used only
//! when a [`super::MilnorAlgebra`] holds a profile, so the rank formula of `A` stays as it
//! is and the sub-algebra's index is one table look-up after it.

use super::Profile;
use crate::milnor::PPart;

/// `B ⊆ A` by its profile, and for each degree `t` the map from `A_t`'s rank to the index
/// in `B_t`'s basis (`u32::MAX`: not in `B`).
#[derive(Clone, Debug)]
pub(crate) struct SubIndex {
    profile: Profile,
    index: Vec<Vec<u32>>,
}

impl SubIndex {
    /// The map for `profile`, from `A`'s basis (`full[t]` in `A`'s basis order), and `B`'s
    /// basis: the elements of `full[t]` in `B`, in the same order.
    pub(crate) fn new(profile: Profile, full: &[Vec<PPart>]) -> (SubIndex, Vec<Vec<PPart>>) {
        let mut index = Vec::with_capacity(full.len());
        let mut basis = Vec::with_capacity(full.len());
        for elements in full {
            let mut map = Vec::with_capacity(elements.len());
            let mut kept = Vec::new();
            for r in elements {
                if profile.contains(r) {
                    map.push(kept.len() as u32);
                    kept.push(*r);
                } else {
                    map.push(u32::MAX);
                }
            }
            index.push(map);
            basis.push(kept);
        }
        (SubIndex { profile, index }, basis)
    }

    pub(crate) fn profile(&self) -> &Profile {
        &self.profile
    }

    /// The index in `B_deg` of the element of rank `rank` in `A_deg`, `None` if not in `B`.
    #[inline]
    pub(crate) fn index(&self, deg: u32, rank: usize) -> Option<usize> {
        let i = self.index[deg as usize][rank];
        (i != u32::MAX).then_some(i as usize)
    }
}
