//! Phase 3 of a pass, the sweep: which table entries each row adds
//! ([`Reducer::index_sweep`]) and the XORs that add them ([`Reducer::xor_sweep`]).
//! `#[inline(always)]` throughout, as in [`super`].

use super::super::xor::{xor4, xor8, xor_2src, xor_3src, xor_into};
use super::{At, Reducer, Tables};
use crate::LIMB_BITS;

impl Reducer<'_> {
    /// Phase 3a: the rows the sweep updates — every row outside the pass's pivot rows,
    /// plus each pivot row for the groups after its own — and the table entries of
    /// each, read first for all rows (independent dependency chains, which the CPU
    /// overlaps) into `targets`, `starts` and `offs`.
    #[inline(always)]
    pub(super) fn index_sweep(&mut self, at: At, pc: &[u8], tables: &Tables) {
        let (data, s, rows, k) = (&*self.data, self.stride, self.rows, self.params.k);
        let At { r, l, .. } = at;
        let found = pc.len();
        let Tables { groups, start, .. } = *tables;
        let sc = &mut self.sc;
        sc.targets.clear();
        sc.starts.clear();
        sc.starts.push(0);
        sc.offs.clear();
        // Groups with pivots: (shift, mask, table base index).
        let mut active = [(0u32, 0u64, 0usize); 64];
        let mut nactive = 0;
        let mut first_active_after = [0usize; 65]; // group g -> index in `active` of the first group > g
        for g in 0..groups {
            if start[g] != start[g + 1] {
                let lo = g * k;
                active[nactive] = (lo as u32, (1u64 << k.min(LIMB_BITS - lo)) - 1, g << k);
                nactive += 1;
            }
            first_active_after[g] = nactive;
        }
        let tabs = TableIndex {
            active: &active[..nactive],
            maps: &sc.maps,
            twin: &sc.twin,
            k,
            es: tables.es,
        };
        for range in [0..r, r + found..rows] {
            for i in range {
                if tabs.entries(data[i * s + l], 0, &mut sc.offs) {
                    sc.targets.push(i as u32);
                    sc.starts.push(sc.offs.len() as u32);
                }
            }
        }
        for (a, &b) in pc.iter().enumerate() {
            let from = first_active_after[b as usize / k];
            if tabs.entries(data[(r + a) * s + l], from, &mut sc.offs) {
                sc.targets.push((r + a) as u32);
                sc.starts.push(sc.offs.len() as u32);
            }
        }
    }

    /// Phase 3b: the XORs of the sweep, block of columns by block ([`Params::block`]):
    /// every target row gets its table entries, eight at a time where it has them.
    #[inline(always)]
    pub(super) fn xor_sweep(&mut self, at: At, tables: &Tables) {
        let (data, s) = (&mut *self.data, self.stride);
        let l = at.l;
        let width = tables.width;
        let sc = &self.sc;
        let tables = &sc.tables[tables.align..tables.align + tables.len];
        let block = self.params.block.max(1);
        let mut c0 = 0;
        while c0 < width {
            let c1 = (c0 + block).min(width);
            for (t, &i) in sc.targets.iter().enumerate() {
                let i = i as usize;
                let dst = &mut data[i * s + l + c0..i * s + l + c1];
                let q = &sc.offs[sc.starts[t] as usize..sc.starts[t + 1] as usize];
                xor_entries(dst, tables, q, c0, c1);
            }
            c0 = c1;
        }
    }
}

/// `dst ^=` limbs `c0..c1` of the table entries at offsets `q`: eight at a time, then
/// four, then the rest (fewer passes over `dst`).
#[inline(always)]
fn xor_entries(dst: &mut [u64], tables: &[u64], mut q: &[u32], c0: usize, c1: usize) {
    let entry = |o: u32| table_entry(tables, o, c0, c1);
    while q.len() >= 8 {
        xor8(
            dst,
            [
                entry(q[0]),
                entry(q[1]),
                entry(q[2]),
                entry(q[3]),
                entry(q[4]),
                entry(q[5]),
                entry(q[6]),
                entry(q[7]),
            ],
        );
        q = &q[8..];
    }
    if q.len() >= 4 {
        xor4(dst, entry(q[0]), entry(q[1]), entry(q[2]), entry(q[3]));
        q = &q[4..];
    }
    match q.len() {
        3 => xor_3src(dst, entry(q[0]), entry(q[1]), entry(q[2])),
        2 => xor_2src(dst, entry(q[0]), entry(q[1])),
        1 => xor_into(dst, entry(q[0])),
        _ => {}
    }
}

/// What the sweep needs to find a row's table entries.
struct TableIndex<'a> {
    /// Groups with pivots: (first bit, bit mask, `g << k`).
    active: &'a [(u32, u64, usize)],
    maps: &'a [[u8; 256]],
    twin: &'a [u64],
    k: usize,
    /// Entry stride.
    es: usize,
}

impl TableIndex<'_> {
    /// Append to `offs` the offsets of the table entries to add to a row
    /// whose window is `w`, for the active groups `from..`; whether there
    /// were any. Each group's bits are read from the window as updated by the
    /// earlier groups' entries.
    #[inline(always)]
    fn entries(&self, mut w: u64, from: usize, offs: &mut Vec<u32>) -> bool {
        let start = offs.len();
        for &(lo, m, base) in &self.active[from..] {
            let e = self.maps[base >> self.k][((w >> lo) & m) as usize] as usize;
            if e != 0 {
                offs.push(((base | e) * self.es) as u32);
                w ^= self.twin[base | e];
            }
        }
        offs.len() > start
    }
}

/// Limbs `c0..c1` of the table entry at offset `o`.
#[inline(always)]
fn table_entry(tables: &[u64], o: u32, c0: usize, c1: usize) -> &[u64] {
    &tables[o as usize + c0..o as usize + c1]
}
