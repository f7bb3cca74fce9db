//! One reduction's passes (see the module docs of [`super`]): the state they share
//! ([`Reducer`]) and the three phases of a pass — pivot search on windows
//! ([`Reducer::find_pivots`]), groups and their tables ([`Reducer::build_tables`]),
//! and the sweep ([`Reducer::index_sweep`], [`Reducer::xor_sweep`]).
//!
//! Every function here is `#[inline(always)]`: the whole reduction is generic code
//! inlined into the AVX2 / AVX-512 wrappers of [`super`], so that the XOR loops are
//! vectorised for the instruction set chosen at run time. A call that is not inlined
//! would be compiled for the baseline target only.

use super::xor::{swap_rows, xor3, xor_into, xor_rows};
use super::{flip_bit, unpermute, Params};

mod sweep;
use crate::LIMB_BITS;

/// Scratch space reused by all passes of one reduction.
struct Scratch {
    /// Window (limb `l`) of each row, for the pivot search.
    win: Vec<u64>,
    /// Tables (after an alignment offset): group `g`, entry `e` starts at
    /// `(g << k | e) * es`, `es` = the entry stride (see [`entry_stride`]).
    tables: Vec<u64>,
    /// First limb (the window) of each table entry, indexed `g << k | e`.
    twin: Vec<u64>,
    /// Per group: window bits of the group (shifted down) → table entry.
    maps: Vec<[u8; 256]>,
    /// Rows to update in the sweep.
    targets: Vec<u32>,
    /// Target `t` adds the table entries at `offs[starts[t]..starts[t + 1]]`
    /// (offsets into `tables`).
    starts: Vec<u32>,
    offs: Vec<u32>,
}

/// The pivot-order identity part of an augmented reduction (phase 1).
struct Frame<'a> {
    /// Columns of `M`; the identity part starts at column `n`.
    n: usize,
    /// `perm[j]`: the source row that identity column `n + j` stands for.
    perm: &'a mut Vec<usize>,
}

/// Where one pass works: limb `l`, pivot candidates the bits of `mask` there, rows
/// `r..` (zero left of those columns) not pivots yet; row XORs over limbs `l..end`
/// (with a [`Frame`], `end` is computed from the pivots found).
#[derive(Clone, Copy)]
struct At {
    r: usize,
    l: usize,
    mask: u64,
    end: usize,
}

/// The pivots of one pass: their bit positions in the limb, in column order.
struct Pivots {
    bits: [u8; 64],
    found: usize,
}

impl Pivots {
    #[inline(always)]
    fn bits(&self) -> &[u8] {
        &self.bits[..self.found]
    }
}

/// The groups of one pass and where their tables lie in [`Scratch::tables`].
struct Tables {
    /// Number of groups, `ceil(64 / k)`.
    groups: usize,
    /// `start[g]`: the first pivot of group `g` (`start[groups]` = the pivots found).
    start: [usize; 65],
    /// Limbs of a row the pass XORs, `end - l`.
    width: usize,
    /// Entry stride, limbs (see [`entry_stride`]).
    es: usize,
    /// The tables are `Scratch::tables[align..align + len]`.
    align: usize,
    len: usize,
}

/// The state shared by the passes of one reduction: the `rows × stride` matrix in
/// `data`, the tuning, the scratch space and the pivot columns found so far.
pub(super) struct Reducer<'a> {
    data: &'a mut [u64],
    rows: usize,
    stride: usize,
    params: Params,
    sc: Scratch,
    /// Pivot columns found so far, ascending.
    pub(super) pivots: Vec<usize>,
}

impl<'a> Reducer<'a> {
    #[inline(always)]
    pub(super) fn new(data: &'a mut [u64], rows: usize, stride: usize, params: Params) -> Self {
        let groups = LIMB_BITS.div_ceil(params.k);
        let sc = Scratch {
            win: vec![0; rows],
            tables: Vec::new(),
            twin: vec![0; groups << params.k],
            maps: vec![[0u8; 256]; groups],
            targets: Vec::with_capacity(rows),
            starts: Vec::with_capacity(rows + 1),
            offs: Vec::with_capacity(rows * groups),
        };
        Reducer {
            data,
            rows,
            stride,
            params,
            sc,
            pivots: Vec::new(),
        }
    }

    /// RREF of a plain matrix: one pass per limb until every row is a pivot row.
    #[inline(always)]
    pub(super) fn reduce(&mut self) {
        let mut r = 0;
        for l in 0..self.stride {
            if r == self.rows {
                break;
            }
            let end = self.stride;
            r += self.pass(
                At {
                    r,
                    l,
                    mask: !0,
                    end,
                },
                None,
            );
        }
    }

    /// RREF of `[M | I]`, `M` of `n` columns (see "Augmented matrices" in [`super`]).
    #[inline(always)]
    pub(super) fn reduce_augmented(&mut self, n: usize) {
        let (rows, stride) = (self.rows, self.stride);
        let mut r = 0;
        // Phase 1: the columns of M, identity part in pivot order.
        let mut perm: Vec<usize> = (0..rows).collect();
        let mut l = 0;
        while l * LIMB_BITS < n && r < rows {
            let lo = l * LIMB_BITS;
            let mask = if n - lo >= LIMB_BITS {
                !0
            } else {
                (1u64 << (n - lo)) - 1
            };
            let frame = Frame { n, perm: &mut perm };
            r += self.pass(At { r, l, mask, end: 0 }, Some(frame));
            l += 1;
        }
        unpermute(self.data, rows, stride, n, &perm);
        // Phase 2: the identity part (kernel rows `r..`, and the image rows
        // reduced at the kernel's pivot columns).
        let mut l = n / LIMB_BITS;
        while l < stride && r < rows {
            let lo = l * LIMB_BITS;
            let mut mask = !0u64;
            if lo < n {
                mask &= !((1u64 << (n - lo)) - 1);
            }
            r += self.pass(
                At {
                    r,
                    l,
                    mask,
                    end: stride,
                },
                None,
            );
            l += 1;
        }
    }

    /// One pass over limb `at.l` (see the module docs of [`super`]). Appends the pass's
    /// pivot columns to `pivots` and returns their number.
    #[inline(always)]
    fn pass(&mut self, at: At, mut frame: Option<Frame<'_>>) -> usize {
        let pivots = self.find_pivots(at, frame.as_mut());
        if pivots.found == 0 {
            return 0;
        }
        let end = match &frame {
            Some(f) => crate::limbs_for(f.n + at.r + pivots.found),
            None => at.end,
        };
        let at = At { end, ..at };
        let (l, pc) = (at.l, pivots.bits());
        self.pivots
            .extend(pc.iter().map(|&b| l * LIMB_BITS + b as usize));
        let tables = self.build_tables(at, pc);
        self.index_sweep(at, pc, &tables);
        self.xor_sweep(at, &tables);
        pivots.found
    }

    /// Phase 1: Gaussian elimination on the windows of rows `r..` finds the pass's
    /// pivot columns and swaps their rows up to `r, r + 1, …` (with a [`Frame`], the
    /// swapped rows' identity columns trade places).
    #[inline(always)]
    fn find_pivots(&mut self, at: At, mut frame: Option<&mut Frame<'_>>) -> Pivots {
        let (data, s, rows) = (&mut *self.data, self.stride, self.rows);
        let At { r, l, mask, .. } = at;
        let win = &mut self.sc.win;
        for i in r..rows {
            win[i] = data[i * s + l] & mask;
        }
        let mut pc = [0u8; 64];
        let mut found = 0;
        let mut cand = mask;
        while cand != 0 {
            let top = r + found;
            if top == rows {
                break;
            }
            let j = cand.trailing_zeros();
            cand &= cand - 1;
            let bit = 1u64 << j;
            let Some(p) = (top..rows).find(|&i| win[i] & bit != 0) else {
                continue;
            };
            if p != top {
                swap_rows(data, s, p, top);
                win.swap(p, top);
                if let Some(f) = frame.as_mut() {
                    // Identity columns n+p and n+top trade places; only these two
                    // rows use them (each its own).
                    for row in [p, top] {
                        flip_bit(data, s, row, f.n + p);
                        flip_bit(data, s, row, f.n + top);
                    }
                    f.perm.swap(p, top);
                }
            }
            let wp = win[top];
            for w in &mut win[top + 1..rows] {
                *w ^= wp & 0u64.wrapping_sub((*w >> j) & 1);
            }
            pc[found] = j as u8;
            found += 1;
        }
        Pivots { bits: pc, found }
    }

    /// Phase 2: the pivots cut into groups of `k` columns; group by group, Gauss–Jordan
    /// among its pivot rows, its table of all sums of them (Gray-code order), and the
    /// forward reduction of the later groups' pivot rows by that table.
    #[inline(always)]
    fn build_tables(&mut self, at: At, pc: &[u8]) -> Tables {
        let (data, s) = (&mut *self.data, self.stride);
        let At { r, l, end, .. } = at;
        let found = pc.len();
        let width = end - l;
        let k = self.params.k;
        let groups = LIMB_BITS.div_ceil(k);
        let entries = 1usize << k;
        let es = entry_stride(width);
        let need = groups * entries * es;
        assert!(
            need <= u32::MAX as usize,
            "M4RI: tables of {need} limbs exceed the u32 offsets"
        );
        let sc = &mut self.sc;
        if sc.tables.len() < need + 8 {
            sc.tables.resize(need + 8, 0);
        }
        // Start the tables on a 64-byte boundary (entries are whole cache lines).
        let align = sc.tables.as_ptr().align_offset(64).min(7);
        let tab = &mut sc.tables[align..align + need];
        let start = group_starts(pc, groups, k);
        for g in 0..groups {
            let (a0, a1) = (start[g], start[g + 1]);
            let lo = g * k;
            let map = &mut sc.maps[g];
            if a0 == a1 {
                continue;
            }
            // Gauss–Jordan among the group's pivot rows (already zero in the
            // earlier groups' pivot columns).
            for (a, &pa) in pc.iter().enumerate().take(a1).skip(a0) {
                let bit = 1u64 << pa;
                for b in a0..a1 {
                    if b != a && data[(r + b) * s + l] & bit != 0 {
                        xor_rows(data, s, r + a, r + b, l, end);
                    }
                }
            }
            let gbits = k.min(LIMB_BITS - lo);
            fill_map(map, &pc[a0..a1], lo, gbits);
            let cnt = a1 - a0;
            let base = (g << k) * es;
            gray_table(
                &mut tab[base..base + (1 << cnt) * es],
                &mut sc.twin[g << k..(g << k) + (1 << cnt)],
                &data[(r + a0) * s + l..],
                s,
                cnt,
                es,
                width,
            );
            // forward-reduce the later groups' pivot rows by this table
            for a in a1..found {
                let i = r + a;
                let w = data[i * s + l];
                let e = map[((w >> lo) as usize) & ((1 << gbits) - 1)] as usize;
                if e != 0 {
                    let t = &tab[base + e * es..base + e * es + width];
                    xor_into(&mut data[i * s + l..i * s + end], t);
                }
            }
        }
        Tables {
            groups,
            start,
            width,
            es,
            align,
            len: need,
        }
    }
}

/// A group's table by Gray code: entry `gray(i)` = entry `gray(i - 1)` + pivot row
/// `tz(i)`, each entry `width` limbs at stride `es` in `tg`, its first limb in `twin`.
/// `rows` starts at the group's first pivot row (at the pass's limb); rows are `s` limbs
/// apart.
#[inline(always)]
fn gray_table(
    tg: &mut [u64],
    twin: &mut [u64],
    rows: &[u64],
    s: usize,
    cnt: usize,
    es: usize,
    width: usize,
) {
    tg[..width].fill(0);
    twin[0] = 0;
    for i in 1usize..(1 << cnt) {
        let b = i.trailing_zeros() as usize;
        let cur = i ^ (i >> 1);
        let prev = cur ^ (1 << b);
        let prow = &rows[b * s..b * s + width];
        let (dst, src) = if cur > prev {
            let (x, y) = tg.split_at_mut(cur * es);
            (&mut y[..width], &x[prev * es..prev * es + width])
        } else {
            let (x, y) = tg.split_at_mut(prev * es);
            (&mut x[cur * es..cur * es + width], &y[..width])
        };
        xor3(dst, src, prow);
        twin[cur] = twin[prev] ^ prow[0];
    }
}

/// The first pivot of each group of `k` columns (`start[groups]` = the pivots found).
#[inline(always)]
fn group_starts(pc: &[u8], groups: usize, k: usize) -> [usize; 65] {
    let found = pc.len();
    let mut start = [0usize; 65];
    let mut a = 0;
    for (g, gs) in start.iter_mut().enumerate().take(groups + 1) {
        while a < found && (pc[a] as usize) < g * k {
            a += 1;
        }
        *gs = a;
    }
    start[groups] = found;
    start
}

/// A group's map from its `gbits` window bits (from bit `lo`) to its table entry: bit
/// `t` of the entry is the group's pivot `pc[t]`.
#[inline(always)]
fn fill_map(map: &mut [u8; 256], pc: &[u8], lo: usize, gbits: usize) {
    for (w, slot) in map.iter_mut().enumerate().take(1 << gbits) {
        let mut e = 0u8;
        for (t, &b) in pc.iter().enumerate() {
            e |= (((w >> (b as usize - lo)) & 1) as u8) << t;
        }
        *slot = e;
    }
}

/// Limbs from one table entry to the next for entries of `width` limbs: a
/// whole number of 64-byte lines, and an odd one, so that the same column of
/// different entries falls in different cache sets (a power-of-two stride would
/// put them all in a few sets).
#[inline(always)]
fn entry_stride(width: usize) -> usize {
    let lines = width.div_ceil(8);
    8 * (lines | 1)
}
