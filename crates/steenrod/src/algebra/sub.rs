//! The index of a sub-Hopf algebra's Milnor basis inside the whole algebra's, at every
//! prime: used only when an algebra holds a profile, so the rank formula of `A` stays as
//! it is and the sub-algebra's index is one table look-up after it.

use super::Profile;

/// `B ⊆ A` by its profile, and for each degree `t` the map from `A_t`'s rank to the index
/// in `B_t`'s basis (`u32::MAX`: not in `B`).
#[derive(Clone, Debug)]
pub(crate) struct SubIndex {
    profile: Profile,
    index: Vec<Vec<u32>>,
}

impl SubIndex {
    /// The map for `profile`, from `A`'s basis (`full[t]` in `A`'s basis order, `in_sub`
    /// telling the elements of `B`), and `B`'s basis: the elements of `full[t]` in `B`, in
    /// the same order.
    pub(crate) fn new<E: Copy>(
        profile: Profile,
        full: &[Vec<E>],
        in_sub: impl Fn(&Profile, &E) -> bool,
    ) -> (SubIndex, Vec<Vec<E>>) {
        let mut index = Vec::with_capacity(full.len());
        let mut basis = Vec::with_capacity(full.len());
        for elements in full {
            let mut map = Vec::with_capacity(elements.len());
            let mut kept = Vec::new();
            for x in elements {
                if in_sub(&profile, x) {
                    map.push(kept.len() as u32);
                    kept.push(*x);
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
