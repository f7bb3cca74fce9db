//! The device-resident, append-only master of admissible matrices.
//!
//! Each distinct left factor `R` is interned once per [`crate::Gpu`]: its
//! [`steenrod::AdmissibleMatrices`] bounded by `|S| ≤ max_degree − |R|` are
//! packed as 8 `u32` per matrix (four words of column sums `c_1..c_8`, four of
//! anti-diagonal masks `m_1..m_8`, two 16-bit lanes per word, low lane first)
//! and appended to the open segment. Segments are fixed-size device buffers
//! (`segment_bytes`), never reallocated or copied: an `R` whose matrices do not
//! fit the open segment's rest opens a new one, and an `R` larger than a
//! segment gets a dedicated segment of its own size. An `R`'s matrices never
//! straddle two segments, so a launch binds one segment.
//!
//! Concurrency: one mutex guards the map and the segment list, held only to
//! look up, reserve or publish, never across a launch or a readback. A thread
//! that misses an `R` marks it pending, enumerates and uploads it outside the
//! lock (scratch upload plus an on-device copy at the reserved offset, then a
//! wait for completion), and publishes it; threads wanting a pending `R` wait
//! on a condition variable.

use std::collections::{HashMap, HashSet};
use std::sync::{Condvar, Mutex, MutexGuard};

use cubecl::prelude::*;
use cubecl::server::Handle;
use steenrod::{AdmissibleMatrices, PPart};

use crate::buffers::Buf;
use crate::engine::Device;
use crate::launch::{grid, narrow, pack_lanes, CUBE};
use crate::{kernels, GpuError};

/// Where an `R`'s matrices live: segment, first matrix, number of matrices.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub seg: u32,
    pub first: u32,
    pub nmat: u32,
}

/// A segment's device buffer and its length in `u32` words.
#[derive(Clone)]
pub(crate) struct SegRef {
    pub handle: Handle,
    pub words: usize,
}

struct Seg {
    buf: Buf,
    /// Capacity and use, in matrices.
    cap: u64,
    used: u64,
}

#[derive(Default)]
struct State {
    map: HashMap<PPart, Entry>,
    pending: HashSet<PPart>,
    segs: Vec<Seg>,
    /// The segment that takes appends (dedicated segments never do).
    open: Option<usize>,
}

pub(crate) struct Master {
    state: Mutex<State>,
    published: Condvar,
    /// Matrices per regular segment.
    seg_mats: u64,
}

/// The packed matrices of `r` that can match `|S| ≤ max_degree − |R|`.
fn pack(r: &PPart, max_degree: u32) -> Vec<u32> {
    let table = AdmissibleMatrices::with_max_s_degree(r, max_degree - r.degree());
    let mut out = Vec::with_capacity(table.len() * 8);
    for k in 0..table.len() {
        let (c, m) = table.matrix(k);
        out.extend_from_slice(&pack_lanes(&c));
        out.extend_from_slice(&pack_lanes(&m));
    }
    out
}

impl Master {
    pub fn new(seg_mats: u64) -> Master {
        Master {
            state: Mutex::new(State::default()),
            published: Condvar::new(),
            seg_mats: seg_mats.max(1),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A poisoned lock only means another thread panicked while holding
        // it; the state is updated atomically under it, so keep going.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn segments(&self) -> usize {
        self.lock().segs.len()
    }

    /// Each of `rs` (distinct) with its entry and segment, interning the ones
    /// not yet resident. `|R| ≤ max_degree` is the caller's check.
    pub fn resolve<R: Runtime>(
        &self,
        dev: &Device<R>,
        rs: &[PPart],
    ) -> Result<HashMap<PPart, (Entry, SegRef)>, GpuError> {
        let mut mine = Vec::new();
        {
            let mut st = self.lock();
            for r in rs {
                if !st.map.contains_key(r) && st.pending.insert(*r) {
                    mine.push(*r);
                }
            }
        }
        let result = self.intern(dev, &mine);
        let mut st = self.lock();
        for r in &mine {
            st.pending.remove(r);
        }
        self.published.notify_all();
        result?;
        let mut out = HashMap::with_capacity(rs.len());
        for r in rs {
            loop {
                if let Some(&e) = st.map.get(r) {
                    let s = &st.segs[e.seg as usize];
                    out.insert(
                        *r,
                        (
                            e,
                            SegRef {
                                handle: s.buf.handle.clone(),
                                words: s.buf.len,
                            },
                        ),
                    );
                    break;
                }
                if !st.pending.contains(r) {
                    return Err(GpuError::PeerUploadFailed { left: *r });
                }
                st = self.published.wait(st).unwrap_or_else(|e| e.into_inner());
            }
        }
        Ok(out)
    }

    /// Enumerates, reserves, uploads and publishes `mine` (marked pending).
    fn intern<R: Runtime>(&self, dev: &Device<R>, mine: &[PPart]) -> Result<(), GpuError> {
        if mine.is_empty() {
            return Ok(());
        }
        let max = dev.alg.max_degree();
        let packed: Vec<Vec<u32>> = mine.iter().map(|r| pack(r, max)).collect();
        // Reserve space (allocating new segments) under the lock.
        let mut placed = Vec::with_capacity(mine.len());
        {
            let mut st = self.lock();
            for data in &packed {
                let n = (data.len() / 8) as u64;
                let open = st.open.filter(|&o| st.segs[o].used + n <= st.segs[o].cap);
                let seg = match open {
                    Some(o) => o,
                    None => {
                        let cap = n.max(self.seg_mats);
                        let words = narrow(cap * 8, "master segment length (u32 words)")?;
                        dev.budget.hold(
                            u64::from(words) * 4,
                            "a segment of the admissible-matrix master",
                        )?;
                        let buf = dev.bufs().empty(words as usize, 4)?;
                        st.segs.push(Seg { buf, cap, used: 0 });
                        let s = st.segs.len() - 1;
                        if n <= self.seg_mats {
                            st.open = Some(s);
                        }
                        s
                    }
                };
                let first = st.segs[seg].used;
                st.segs[seg].used += n;
                let h = st.segs[seg].buf.handle.clone();
                placed.push((
                    Entry {
                        seg: seg as u32,
                        first: first as u32,
                        nmat: n as u32,
                    },
                    h,
                ));
            }
        }
        // Upload outside the lock: scratch + on-device copy at the offset.
        let scratch_bytes = packed.iter().map(|d| d.len() as u64 * 4).sum();
        let permit = dev
            .budget
            .admit(scratch_bytes, "uploading admissible matrices")?;
        let mut scratch = Vec::with_capacity(mine.len());
        for (data, (e, h)) in packed.iter().zip(&placed) {
            let src = dev.bufs().upload_u32(data)?;
            let words = (e.first as u64 + e.nmat as u64) * 8;
            // SAFETY: the destination holds `first + nmat` matrices at least
            // (reserved above), and one unit copies one word of `src`.
            unsafe {
                kernels::copy_u32::launch_unchecked::<R>(
                    &dev.client,
                    grid(data.len() as u64, CUBE)?,
                    CubeDim::new_1d(CUBE),
                    src.arg(),
                    ArrayArg::from_raw_parts(h.clone(), words as usize),
                    e.first * 8,
                );
            }
            scratch.push(src);
        }
        cubecl::future::block_on(dev.client.sync()).map_err(|e| GpuError::Device {
            what: "uploading admissible matrices",
            runtime_error: format!("{e:?}"),
        })?;
        drop(scratch);
        // Return the scratch bytes before taking the lock: a thread growing the
        // master waits for returned bytes while holding it.
        drop(permit);
        let mut st = self.lock();
        for (r, (e, _)) in mine.iter().zip(placed) {
            st.map.insert(*r, e);
        }
        Ok(())
    }
}
