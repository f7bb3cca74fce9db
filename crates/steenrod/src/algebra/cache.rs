//! A lazily filled, thread-safe cache of tables of left factors ([`AdmissibleMatrices`]
//! for products modulo 2, [`IntegralMatrices`] modulo 4), one table per basis element
//! `R`, bounded by a byte budget.
//!
//! Each `R`'s table is built on its first use, with the bound
//! `|S| ≤ max_degree − |R|` (enough for every product the algebra can form), but never
//! before every `R` of lower degree has had its table: the budget goes to the smallest
//! `|R|` (the left factors used most) whatever order the products come in — a resolution
//! resumed at its top stems asks for large `R` first. Once the budget is spent, further
//! `R`s get no table and their products are computed without one instead; either way the
//! result is the same.

use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use super::{AdmissibleMatrices, IntegralMatrices};
use crate::milnor::PPart;

/// A table of one left factor `Sq(R)` for products by every `Sq(S)` with
/// `|S| ≤ max_s_degree`.
pub trait LeftTable: Send + Sync + Sized + 'static {
    /// The table of `r` for right factors of degree `≤ max_s_degree`.
    fn build(r: &PPart, max_s_degree: u32) -> Self;
    /// Heap and inline bytes held.
    fn bytes(&self) -> usize;
}

impl LeftTable for AdmissibleMatrices {
    fn build(r: &PPart, max_s_degree: u32) -> Self {
        AdmissibleMatrices::with_max_s_degree(r, max_s_degree)
    }
    fn bytes(&self) -> usize {
        AdmissibleMatrices::bytes(self)
    }
}

impl LeftTable for IntegralMatrices {
    fn build(r: &PPart, max_s_degree: u32) -> Self {
        IntegralMatrices::with_max_s_degree(r, max_s_degree)
    }
    fn bytes(&self) -> usize {
        IntegralMatrices::bytes(self)
    }
}

/// The budget of [`MilnorAlgebra::new`](super::MilnorAlgebra::new), and the base of
/// [`table_budget_for`]'s doubling above degree 155: 32 MiB. Chosen by measurement (docs/EXPERIMENTS.md, 2026-11-29): on
/// the sphere to stem 90 (`s ≤ 48`, one thread) CPU time was 54 s with no tables, 20 s
/// with 8 MiB, 16–17.5 s with 32 MiB (peak 68 MB), 16.6 s with 128 MiB (166 MB) and
/// 18.6 s with 512 MiB (200 MB): the tables built first (small `R`, used most) carry
/// nearly all of the gain. At `max_degree = 105` (the sphere to stem 70 with
/// `s ≤ 35`) every table together takes about 110 MB; at 140 about 0.9 GB and
/// at 200 about 15 GB (3.0e6, 2.4e7 and 4.4e8 matrices of 34 bytes, measured
/// with `AdmissibleMatrices::with_max_s_degree(R, D − |R|)` over all `R`; 18 bytes per
/// matrix since the tables are packed in one `u64`, 2026-12-01; 16 since the key sits above
/// the lanes, 2026-12-07).
pub const DEFAULT_TABLE_BUDGET: usize = 32 << 20;

/// The budget [`table_budget_for`] gives a resolution through degree 155 (the sphere to
/// stem 100 with `s ≤ 53` is degree 153): 14 MiB. Measured there (docs/EXPERIMENTS.md,
/// 2026-12-07, 16-byte matrices, 2 threads, medians of four, CPU / peak): 12 MiB 20.6 s /
/// 46 MB, 14 MiB 19.1 s / 48 MB, 16 MiB 19.8 s / 50.5 MB, 24 MiB 18.6 s / 58.5 MB, against
/// 19.6–19.7 s / 66.5 MB for the 32 MiB of 18-byte matrices before.
pub const SMALL_RANGE_TABLE_BUDGET: usize = 14 << 20;

/// The budget [`table_budget_for`] keeps from degree 210 through 240 (stems ~140 to ~160):
/// 384 MiB. At stem 150 (`s ≤ 78`) it kept the whole run under 1.5 GB (1.43 GB peak, 709 s
/// wall on 2 cores) where 512 MiB took 1.56 GB for 688 s (docs/EXPERIMENTS.md, 2026-12-01);
/// 829 MB with 16-byte matrices (2026-12-07).
pub const MID_RANGE_TABLE_BUDGET: usize = 384 << 20;

/// The budget [`table_budget_for`] gives from degree 241 through 265 (stem ~160 on): 768
/// MiB. Measured at the top of the sphere's range (docs/EXPERIMENTS.md, 2026-12-07,
/// third session): the stem-171 column (`s ≤ 88`, degree 259) resumed from a stem-170 save
/// took 674 s CPU and 1.61 GB with 384 MiB, 483 s (0.72×) and 2.02 GB with 768 MiB — there
/// the products of left factors past the smaller budget were a third of the time.
pub const TOP_RANGE_TABLE_BUDGET: usize = 768 << 20;

/// The largest budget [`table_budget_for`] chooses by itself, above degree 265 (the sphere
/// to stem 180 with `s ≤ 93` is degree 273): 1536 MiB. Measured there (docs/EXPERIMENTS.md,
/// 2026-12-07, fourth session): the stem-181 column (`s ≤ 93`, degree 274) resumed from the
/// stem-180 save took 1 523 s CPU, 832 s wall and 2.66 GB with 768 MiB, 1 298 s (0.85×),
/// 717 s and 3.44 GB with 1536 MiB.
pub const MAX_AUTO_TABLE_BUDGET: usize = 1536 << 20;

/// The table budget for products up to degree `max_degree`, with `available` bytes of
/// memory free on the machine (`None`: unknown).
///
/// [`SMALL_RANGE_TABLE_BUDGET`] through degree 155 (the sphere to stem 100), then
/// [`DEFAULT_TABLE_BUDGET`] doubled once every 15 degrees above 150 up to
/// [`MID_RANGE_TABLE_BUDGET`] (reached at degree 210, stem ~140), [`TOP_RANGE_TABLE_BUDGET`]
/// above degree 240, [`MAX_AUTO_TABLE_BUDGET`] above degree 265,
/// and never above a quarter of `available` (nor below 8 MiB). Measured on the sphere
/// (docs/EXPERIMENTS.md, 2026-12-01): at stem 120 (degree 183) 32 MiB cost 97.7 s CPU,
/// 128 MiB 85.0 s, 256 MiB 84.4 s — the tables built first carry most of the gain, and
/// the whole set of tables grows far faster than the gain (several GB at degree 200).
pub fn table_budget_for(max_degree: u32, available: Option<usize>) -> usize {
    let doublings = max_degree.saturating_sub(150) / 15;
    let by_range = if max_degree <= 155 {
        SMALL_RANGE_TABLE_BUDGET
    } else if max_degree > 265 {
        MAX_AUTO_TABLE_BUDGET
    } else if max_degree > 240 {
        TOP_RANGE_TABLE_BUDGET
    } else {
        DEFAULT_TABLE_BUDGET
            .checked_shl(doublings)
            .unwrap_or(usize::MAX)
            .min(MID_RANGE_TABLE_BUDGET)
    };
    match available {
        Some(bytes) => by_range.min(bytes / 4).max(8 << 20),
        None => by_range,
    }
}

/// Memory available to this process: `MemAvailable` of `/proc/meminfo`, or less when the
/// process's memory cgroup (v2 `memory.max`, v1 `memory.limit_in_bytes`: a batch
/// scheduler's job, a container) leaves less room below its limit; `None` where neither
/// can be read.
pub fn available_memory() -> Option<usize> {
    let machine = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|info| {
            let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
            let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
            kib.checked_mul(1024)
        });
    match (machine, cgroup_room()) {
        (Some(m), Some(c)) => Some(m.min(c)),
        (m, c) => m.or(c),
    }
}

/// The room below the limit of this process's memory cgroup, bytes; `None` without a
/// limit or where it cannot be read.
fn cgroup_room() -> Option<usize> {
    let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
    let read = |dir: &std::path::Path, limit: &str, usage: &str| {
        let l = std::fs::read_to_string(dir.join(limit)).ok()?;
        let u = std::fs::read_to_string(dir.join(usage)).ok()?;
        room_below(&l, &u)
    };
    own.lines().find_map(|line| {
        let mut parts = line.splitn(3, ':');
        let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
        let (mount, limit, usage) = match controllers {
            "" => ("/sys/fs/cgroup", "memory.max", "memory.current"),
            c if c.split(',').any(|c| c == "memory") => (
                "/sys/fs/cgroup/memory",
                "memory.limit_in_bytes",
                "memory.usage_in_bytes",
            ),
            _ => return None,
        };
        // Inside a cgroup namespace the own cgroup is the mount itself.
        let mount = std::path::Path::new(mount);
        let nested = mount.join(path.trim_start_matches('/'));
        read(&nested, limit, usage).or_else(|| read(mount, limit, usage))
    })
}

/// `limit − usage` from a cgroup's files (`max` or a value of 2^60 or more: no limit).
fn room_below(limit: &str, usage: &str) -> Option<usize> {
    let limit: u64 = limit.trim().parse().ok().filter(|&l| l < 1 << 60)?;
    let usage: u64 = usage.trim().parse().ok()?;
    usize::try_from(limit.saturating_sub(usage)).ok()
}

type Slot<T> = OnceLock<Option<Box<T>>>;

/// The tables of left factors at p = 2, filled on demand within a byte budget (see
/// [`super::MilnorAlgebra`]).
pub struct TableCache<T: LeftTable = AdmissibleMatrices> {
    /// The budget this cache started with.
    budget: usize,
    /// Bytes still available for new tables.
    left: AtomicUsize,
    /// `slots[t][i]`: the table of `basis(t)[i]`, allocated per degree on
    /// first use; `None` once built means "over budget".
    slots: Vec<OnceLock<Box<[Slot<T>]>>>,
    /// Every degree below this one has had each of its tables tried (built or refused).
    filled: AtomicU32,
    /// Held by the one thread filling the lower degrees.
    filling: Mutex<()>,
}

impl<T: LeftTable> TableCache<T> {
    pub(crate) fn new(max_degree: u32, budget: usize) -> TableCache<T> {
        TableCache {
            budget,
            left: AtomicUsize::new(budget),
            slots: (0..=max_degree).map(|_| OnceLock::new()).collect(),
            filled: AtomicU32::new(0),
            filling: Mutex::new(()),
        }
    }

    /// The table of `r` (`r = basis(deg)[idx]`, `dim = dim A_deg = basis(deg).len()`),
    /// building it if the budget allows; `None` when it does not. The tables of every
    /// lower degree are tried first (`basis` gives their left factors): by this thread, or,
    /// while another thread fills them, `None` for now (the product is computed directly
    /// and a later call gets the table).
    #[inline]
    pub(crate) fn get<'b>(
        &self,
        r: &PPart,
        deg: u32,
        idx: usize,
        dim: usize,
        max_degree: u32,
        basis: impl Fn(u32) -> &'b [PPart],
    ) -> Option<&T> {
        let slot = &self.slots_of(deg, dim)[idx];
        if let Some(table) = slot.get() {
            return table.as_deref();
        }
        if deg > self.filled.load(Ordering::Acquire) {
            let Ok(_filling) = self.filling.try_lock() else {
                return None;
            };
            self.fill_below(deg, max_degree, &basis);
        }
        self.build(slot, r, deg, max_degree)
    }

    /// The slots of degree `deg`, allocated on first use.
    fn slots_of(&self, deg: u32, dim: usize) -> &[Slot<T>] {
        self.slots[deg as usize].get_or_init(|| (0..dim).map(|_| OnceLock::new()).collect())
    }

    /// Tries every table of degree `filled..deg` in basis order (the caller holds
    /// `filling`), until the first one the budget refuses: the filling stops there for
    /// good, so no table is built only to be thrown away for a left factor never used.
    fn fill_below<'b>(&self, deg: u32, max_degree: u32, basis: &impl Fn(u32) -> &'b [PPart]) {
        for d in self.filled.load(Ordering::Acquire)..deg {
            let rs = basis(d);
            for (slot, r) in self.slots_of(d, rs.len()).iter().zip(rs) {
                if self.build(slot, r, d, max_degree).is_none() {
                    self.filled.store(u32::MAX, Ordering::Release);
                    return;
                }
            }
            self.filled.store(d + 1, Ordering::Release);
        }
    }

    /// The table in `slot` (of `r`, degree `deg`): built now if not yet and the budget
    /// allows.
    fn build<'a>(
        &'a self,
        slot: &'a Slot<T>,
        r: &PPart,
        deg: u32,
        max_degree: u32,
    ) -> Option<&'a T> {
        slot.get_or_init(|| {
            if self.left.load(Ordering::Relaxed) == 0 {
                return None;
            }
            let table = T::build(r, max_degree - deg);
            let bytes = table.bytes();
            self.left
                .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |left| {
                    left.checked_sub(bytes)
                })
                .ok()
                .map(|_| Box::new(table))
        })
        .as_deref()
    }

    /// The budget this cache started with.
    pub(crate) fn budget(&self) -> usize {
        self.budget
    }

    /// Bytes of budget left.
    pub(crate) fn left(&self) -> usize {
        self.left.load(Ordering::Relaxed)
    }
}

/// A fresh, empty cache with the same budget (tables are rebuilt on demand).
impl<T: LeftTable> Clone for TableCache<T> {
    fn clone(&self) -> TableCache<T> {
        TableCache::new(self.slots.len() as u32 - 1, self.budget)
    }
}

impl<T: LeftTable> std::fmt::Debug for TableCache<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TableCache")
            .field("bytes_left", &self.left())
            .finish()
    }
}

/// The tables of p = 2: one cache per coefficient ring, each with the algebra's budget
/// (the modulo-4 one is filled only by products modulo 4, i.e. by `d2`).
#[derive(Clone, Debug)]
pub struct P2Tables {
    pub(crate) mod2: TableCache<AdmissibleMatrices>,
    pub(crate) mod4: TableCache<IntegralMatrices>,
}

impl P2Tables {
    pub(crate) fn new(max_degree: u32, budget: usize) -> P2Tables {
        P2Tables {
            mod2: TableCache::new(max_degree, budget),
            mod4: TableCache::new(max_degree, budget),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cgroup_limit_leaves_the_room_below_it_and_max_is_none() {
        // cgroup v2 writes "max" for no limit; v1 a value near 2^63.
        assert_eq!(room_below("max\n", "4096\n"), None);
        assert_eq!(room_below("9223372036854771712\n", "3796910080\n"), None);
        assert_eq!(
            room_below("8000000000\n", "3000000000\n"),
            Some(5_000_000_000)
        );
        assert_eq!(room_below("1000\n", "2000\n"), Some(0));
        assert_eq!(room_below("junk", "1"), None);
    }

    #[test]
    fn the_budget_grows_with_the_range_up_to_its_cap() {
        assert_eq!(table_budget_for(100, None), SMALL_RANGE_TABLE_BUDGET);
        assert_eq!(table_budget_for(155, None), SMALL_RANGE_TABLE_BUDGET);
        assert_eq!(table_budget_for(156, None), DEFAULT_TABLE_BUDGET);
        assert_eq!(table_budget_for(165, None), 2 * DEFAULT_TABLE_BUDGET);
        assert_eq!(table_budget_for(183, None), 4 * DEFAULT_TABLE_BUDGET);
        assert_eq!(table_budget_for(228, None), MID_RANGE_TABLE_BUDGET);
        assert_eq!(table_budget_for(240, None), MID_RANGE_TABLE_BUDGET);
        assert_eq!(table_budget_for(241, None), TOP_RANGE_TABLE_BUDGET);
        assert_eq!(table_budget_for(265, None), TOP_RANGE_TABLE_BUDGET);
        assert_eq!(table_budget_for(266, None), MAX_AUTO_TABLE_BUDGET);
        assert_eq!(table_budget_for(510, None), MAX_AUTO_TABLE_BUDGET);
        let mut last = 0;
        for d in 0..=510 {
            let b = table_budget_for(d, None);
            assert!(b >= last);
            last = b;
        }
    }

    #[test]
    fn the_budget_keeps_to_a_quarter_of_the_free_memory() {
        assert_eq!(table_budget_for(200, None), 256 << 20);
        assert_eq!(table_budget_for(228, Some(1 << 30)), 256 << 20);
        assert_eq!(
            table_budget_for(228, Some(16 << 30)),
            MID_RANGE_TABLE_BUDGET
        );
        assert_eq!(
            table_budget_for(259, Some(16 << 30)),
            TOP_RANGE_TABLE_BUDGET
        );
        assert_eq!(table_budget_for(273, Some(16 << 30)), MAX_AUTO_TABLE_BUDGET);
        assert_eq!(table_budget_for(259, Some(2 << 30)), 512 << 20);
        // Never below 8 MiB: a machine that short of memory gets a slow run, not none.
        assert_eq!(table_budget_for(228, Some(1 << 20)), 8 << 20);
    }
}
