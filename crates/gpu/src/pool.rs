//! Several devices behind one [`crate::Gpu`]: each left factor `Sq(R)` is
//! owned by one device, [`shard`]`(R, n)`, a fixed hash of `R`'s entries (not
//! the process's randomized one), so each device's master holds only its
//! share of the admissible matrices (as the port shards its resident master,
//! `shared/seeds/pr18`). A batch's rows are split by the owner of their `R`
//! ([`split`]) and each device computes whole rows, so the output is the same
//! bits whatever the device count.

use steenrod::PPart;

use crate::ProductBatch;

/// The device (`0..n`) owning `Sq(R)`: FNV-1a over `R`'s entries, mod `n`.
pub fn shard(r: &PPart, n: usize) -> usize {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &x in r.0.iter() {
        for b in x.to_le_bytes() {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    (h % n.max(1) as u64) as usize
}

/// Rows of `batch` per device (`n` lists of increasing row indices).
pub(crate) fn split(batch: &ProductBatch, n: usize) -> Vec<Vec<usize>> {
    let mut picks = vec![Vec::new(); n];
    for (i, (r, _, _)) in batch.rows.iter().enumerate() {
        picks[shard(r, n)].push(i);
    }
    picks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_goes_to_one_device_and_the_owner_is_fixed() {
        let rs: Vec<PPart> = (0..40u32)
            .map(|k| {
                let mut r = PPart::ONE;
                r.0[0] = k;
                r.0[1] = k % 3;
                r
            })
            .collect();
        let batch = ProductBatch {
            rows: rs.iter().map(|r| (*r, 0, 0)).collect(),
            terms: Vec::new(),
        };
        for n in 1..4 {
            let picks = split(&batch, n);
            let mut all: Vec<usize> = picks.concat();
            all.sort_unstable();
            assert_eq!(all, (0..rs.len()).collect::<Vec<_>>());
            for (d, p) in picks.iter().enumerate() {
                assert!(p.windows(2).all(|w| w[0] < w[1]));
                assert!(p.iter().all(|&i| shard(&rs[i], n) == d));
            }
        }
        // Two devices both get some of these forty left factors.
        assert!(split(&batch, 2).iter().all(|p| !p.is_empty()));
    }
}
