//! One device of one cubecl runtime: resident tables, device buffers with
//! byte accounting, launch geometry, and the batched multiply's host side.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use cubecl::prelude::*;
use cubecl::server::Handle;
use steenrod::{MilnorAlgebra, PPart, MAX_PPART_LEN};

use crate::master::{Entry, Master};
use crate::{kernels, GpuConfig, GpuError, ProductBatch};

/// Matrices per tile of the multiply kernel.
pub(crate) const TILE_M: u32 = 4;
/// Terms per tile of the multiply kernel.
pub(crate) const TILE_T: u32 = 2;
/// Units per cube of the 1-D kernels.
pub(crate) const CUBE: u32 = 64;
/// Most tiles (= units) of one multiply launch: under 2^32 with room for
/// rounding up to whole cubes (unit positions are 32-bit).
const MAX_TILES: u64 = 3_900_000_000;

/// What [`crate::Gpu`] needs from a device, independent of the runtime.
pub(crate) trait Engine: Send + Sync {
    fn device_name(&self) -> String;
    fn multiply_rows(&self, batch: &ProductBatch, out: &mut fp::Matrix) -> Result<(), GpuError>;
    fn row_reduce(&self, m: &mut fp::Matrix) -> Result<Vec<usize>, GpuError>;
    fn peak_device_bytes(&self) -> u64;
    fn segments(&self) -> usize;
}

/// Current and peak device bytes requested.
#[derive(Default)]
pub(crate) struct Mem {
    cur: AtomicU64,
    peak: AtomicU64,
}

impl Mem {
    fn add(&self, bytes: u64) {
        let now = self.cur.fetch_add(bytes, Ordering::Relaxed) + bytes;
        self.peak.fetch_max(now, Ordering::Relaxed);
    }
}

/// A device buffer of `len` elements; its bytes count in [`Mem`] until dropped.
pub(crate) struct Buf {
    pub handle: Handle,
    pub len: usize,
    bytes: u64,
    mem: Arc<Mem>,
}

impl Buf {
    /// The buffer as a kernel argument of its full length.
    pub fn arg<R: Runtime>(&self) -> ArrayArg<R> {
        // SAFETY: `len` elements of the argument's type fit the allocation
        // (every `Buf` is made with exactly `len` elements of that size).
        unsafe { ArrayArg::from_raw_parts(self.handle.clone(), self.len) }
    }
}

impl Drop for Buf {
    fn drop(&mut self) {
        self.mem.cur.fetch_sub(self.bytes, Ordering::Relaxed);
    }
}

/// Launch geometry for `units` units in cubes of `cube`: a 2-D grid (each
/// dimension ≤ 65535, the wgpu limit) whose unit count stays below 2^32.
pub(crate) fn grid(units: u64, cube: u32) -> Result<CubeCount, GpuError> {
    let cubes = units.div_ceil(cube as u64).max(1);
    let x = cubes.min(65535);
    let y = cubes.div_ceil(x);
    if y > 65535 || x * y * cube as u64 > 1 << 32 {
        return Err(GpuError::Overflow(format!(
            "{units} units do not fit one launch (unit positions are 32-bit)"
        )));
    }
    Ok(CubeCount::Static(x as u32, y as u32, 1))
}

/// `n` as `u32`, or an [`GpuError::Overflow`] naming `what`.
pub(crate) fn narrow(n: u64, what: &str) -> Result<u32, GpuError> {
    u32::try_from(n).map_err(|_| GpuError::Overflow(format!("{what} = {n} exceeds u32::MAX")))
}

/// The Milnor basis p-part packed as four `u32` of two 16-bit lanes
/// (lane `k` = `r_{k+1}`), the layout the multiply kernel reads.
pub(crate) fn pack_lanes(r: &[u32; MAX_PPART_LEN]) -> [u32; 4] {
    std::array::from_fn(|w| r[2 * w] | (r[2 * w + 1] << 16))
}

/// `counts[k * (max_degree + 1) + d]`: the number of sequences `(r_1..r_k)`
/// of degree `d = Σ r_i (2^i − 1)`, by `N_k(d) = N_{k−1}(d) + N_k(d − (2^k − 1))`
/// (the table behind `MilnorAlgebra`'s rank formula).
fn count_table(max_degree: u32) -> Vec<u32> {
    let stride = max_degree as usize + 1;
    let mut counts = vec![0u32; (MAX_PPART_LEN + 1) * stride];
    counts[0] = 1;
    for k in 1..=MAX_PPART_LEN {
        let w = (1usize << k) - 1;
        for d in 0..stride {
            let below = if d >= w {
                counts[k * stride + d - w]
            } else {
                0
            };
            counts[k * stride + d] = counts[(k - 1) * stride + d] + below;
        }
    }
    counts
}

/// A device of runtime `R` with the resident basis, counts and master.
pub(crate) struct Device<R: Runtime> {
    pub client: ComputeClient<R>,
    name: String,
    pub alg: Arc<MilnorAlgebra>,
    config: GpuConfig,
    pub mem: Arc<Mem>,
    /// `deg_start[t]`: global index of the first basis element of degree `t`.
    deg_start: Vec<u64>,
    basis: Buf,
    counts: Buf,
    master: Master,
}

impl<R: Runtime> Device<R> {
    pub fn new(
        client: ComputeClient<R>,
        name: String,
        alg: Arc<MilnorAlgebra>,
        config: GpuConfig,
    ) -> Result<Self, GpuError> {
        let max = alg.max_degree();
        let counts = count_table(max);
        let stride = max as usize + 1;
        let mut deg_start = Vec::with_capacity(stride + 1);
        let mut packed = Vec::new();
        for t in 0..=max {
            if counts[MAX_PPART_LEN * stride + t as usize] as usize != alg.dim(t) {
                return Err(GpuError::Invalid(format!(
                    "count table disagrees with the algebra's dimension in degree {t}"
                )));
            }
            deg_start.push((packed.len() / 4) as u64);
            for r in alg.basis(t) {
                packed.extend_from_slice(&pack_lanes(&r.0));
            }
        }
        deg_start.push((packed.len() / 4) as u64);
        narrow(packed.len() as u64, "resident basis length (u32 words)")?;
        let seg_words = (config.segment_bytes / 32) as u64 * 8;
        narrow(seg_words, "segment length (u32 words)")?;
        let mem = Arc::new(Mem::default());
        let dev = DeviceBufs {
            client: &client,
            mem: &mem,
        };
        let basis = dev.upload_u32(&packed)?;
        let counts = dev.upload_u32(&counts)?;
        Ok(Device {
            name,
            master: Master::new(config.segment_bytes as u64 / 32),
            client,
            alg,
            config,
            mem,
            deg_start,
            basis,
            counts,
        })
    }

    pub fn bufs(&self) -> DeviceBufs<'_, R> {
        DeviceBufs {
            client: &self.client,
            mem: &self.mem,
        }
    }

    /// Reads a whole buffer back, mapping a device error.
    pub fn read(&self, buf: &Buf, what: &'static str) -> Result<Vec<u8>, GpuError> {
        let bytes = self
            .client
            .read_one(buf.handle.clone())
            .map_err(|e| GpuError::Device {
                what,
                detail: format!("{e:?}"),
            })?;
        Ok(bytes.to_vec())
    }
}

/// Allocation helpers bound to one client and its byte accounting.
pub(crate) struct DeviceBufs<'a, R: Runtime> {
    pub client: &'a ComputeClient<R>,
    pub mem: &'a Arc<Mem>,
}

impl<R: Runtime> DeviceBufs<'_, R> {
    fn track(&self, handle: Handle, len: usize, elem: usize) -> Buf {
        let bytes = (len * elem) as u64;
        self.mem.add(bytes);
        Buf {
            handle,
            len,
            bytes,
            mem: self.mem.clone(),
        }
    }

    pub fn upload_u32(&self, data: &[u32]) -> Result<Buf, GpuError> {
        narrow(data.len() as u64, "upload length")?;
        let h = self.client.create_from_slice(u32::as_bytes(data));
        Ok(self.track(h, data.len(), 4))
    }

    pub fn upload_u64(&self, data: &[u64]) -> Result<Buf, GpuError> {
        narrow(data.len() as u64, "upload length")?;
        let h = self.client.create_from_slice(u64::as_bytes(data));
        Ok(self.track(h, data.len(), 8))
    }

    /// `len` uninitialized elements of `elem` bytes.
    pub fn empty(&self, len: usize, elem: usize) -> Result<Buf, GpuError> {
        narrow(len as u64, "buffer length")?;
        let h = self.client.empty((len * elem).max(elem));
        Ok(self.track(h, len, elem))
    }

    /// `len` zeroed `u64`s, zeroed on the device.
    pub fn zeroed_u64(&self, len: usize) -> Result<Buf, GpuError> {
        let buf = self.empty(len, 8)?;
        if len > 0 {
            // SAFETY: one unit per element, guarded by `ABSOLUTE_POS < len`.
            unsafe {
                kernels::zero_u64::launch_unchecked::<R>(
                    self.client,
                    grid(len as u64, CUBE)?,
                    CubeDim::new_1d(CUBE),
                    buf.arg(),
                );
            }
        }
        Ok(buf)
    }
}

/// Little-endian bytes to `u64` limbs.
pub(crate) fn limbs(bytes: &[u8]) -> impl Iterator<Item = u64> + '_ {
    bytes
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
}

/// One row of a batch, resolved against the master.
struct RowJob {
    row: usize,
    entry: Entry,
    term_start: usize,
    term_end: usize,
}

impl<R: Runtime> Engine for Device<R> {
    fn device_name(&self) -> String {
        self.name.clone()
    }

    fn peak_device_bytes(&self) -> u64 {
        self.mem.peak.load(Ordering::Relaxed)
    }

    fn segments(&self) -> usize {
        self.master.segments()
    }

    fn row_reduce(&self, m: &mut fp::Matrix) -> Result<Vec<usize>, GpuError> {
        crate::rref::row_reduce(self, m)
    }

    fn multiply_rows(&self, batch: &ProductBatch, out: &mut fp::Matrix) -> Result<(), GpuError> {
        let (global, bits) = self.validate(batch, out)?;
        let mut rs: Vec<PPart> = batch.rows.iter().map(|r| r.0).collect();
        rs.sort_unstable();
        rs.dedup();
        let resolved = self.master.resolve(self, &rs)?;
        let stride = out.stride();
        let mut jobs = Vec::new();
        for (row, &(r, start, end)) in batch.rows.iter().enumerate() {
            if start < end {
                let entry = resolved[&r].0;
                jobs.push(RowJob {
                    row,
                    entry,
                    term_start: start as usize,
                    term_end: end as usize,
                });
            }
        }
        // Split into blocks by output bytes and tile count.
        let row_bytes = (stride * 8) as u64;
        let mut i = 0;
        while i < jobs.len() {
            let first_row = jobs[i].row;
            let mut tiles = 0u64;
            let mut j = i;
            while j < jobs.len() {
                let jb = &jobs[j];
                let t = (jb.entry.nmat as u64).div_ceil(TILE_M as u64)
                    * ((jb.term_end - jb.term_start) as u64).div_ceil(TILE_T as u64);
                let rows = (jb.row - first_row + 1) as u64;
                if j > i
                    && (rows * row_bytes > self.config.block_bytes as u64 || tiles + t > MAX_TILES)
                {
                    break;
                }
                if t > MAX_TILES {
                    return Err(GpuError::Overflow(format!(
                        "row {} needs {t} tiles, above one launch's {MAX_TILES}",
                        jb.row
                    )));
                }
                tiles += t;
                j += 1;
            }
            self.run_block(&jobs[i..j], &resolved, &global, &bits, out)?;
            i = j;
        }
        Ok(())
    }
}

impl<R: Runtime> Device<R> {
    /// Checks the batch against `out` and the algebra; returns each term's
    /// global basis index and its bit offset within its row.
    fn validate(
        &self,
        batch: &ProductBatch,
        out: &fp::Matrix,
    ) -> Result<(Vec<u32>, Vec<u64>), GpuError> {
        if out.rows() != batch.rows.len() {
            return Err(GpuError::Invalid(format!(
                "output has {} rows for a batch of {}",
                out.rows(),
                batch.rows.len()
            )));
        }
        let max = self.alg.max_degree();
        let mut global = vec![0u32; batch.terms.len()];
        for (i, &(r, start, end)) in batch.rows.iter().enumerate() {
            if start > end || end as usize > batch.terms.len() {
                return Err(GpuError::Invalid(format!(
                    "row {i}: term range [{start}, {end}) outside 0..{}",
                    batch.terms.len()
                )));
            }
            for (k, (s, offset)) in batch
                .terms
                .iter()
                .enumerate()
                .take(end as usize)
                .skip(start as usize)
            {
                let deg = r.degree() as u64 + s.degree() as u64;
                if deg > max as u64 {
                    return Err(GpuError::Invalid(format!(
                        "row {i}: {r:?}·{s:?} has degree {deg} > max degree {max}"
                    )));
                }
                let dim = self.alg.dim(deg as u32) as u64;
                if offset
                    .checked_add(dim)
                    .is_none_or(|e| e > out.cols() as u64)
                {
                    return Err(GpuError::Invalid(format!(
                        "row {i}: term {k} at bit {offset} with {dim} bits passes the row's {} columns",
                        out.cols()
                    )));
                }
                let g = self.deg_start[s.degree() as usize] + self.alg.index_of(s) as u64;
                global[k] = narrow(g, "global basis index")?;
            }
        }
        Ok((global, batch.terms.iter().map(|t| t.1).collect()))
    }

    /// Zeroes one block's output on the device, launches one multiply per
    /// master segment its rows use, reads back and XORs into `out`.
    fn run_block(
        &self,
        jobs: &[RowJob],
        resolved: &HashMap<PPart, (Entry, crate::master::SegRef)>,
        global: &[u32],
        bits: &[u64],
        out: &mut fp::Matrix,
    ) -> Result<(), GpuError> {
        let stride = out.stride();
        let first_row = jobs[0].row;
        let nrows = jobs[jobs.len() - 1].row - first_row + 1;
        let limbs_len = nrows as u64 * stride as u64;
        narrow(limbs_len, "output block limbs")?;
        let dev = self.bufs();
        let outbuf = dev.zeroed_u64(limbs_len as usize)?;
        // Block terms: global index and absolute bit within the block.
        let mut terms = Vec::new();
        let mut term_bits = Vec::new();
        let mut by_seg: HashMap<u32, (Vec<u32>, Vec<u32>)> = HashMap::new();
        for jb in jobs {
            let term_start = narrow(terms.len() as u64, "block term count")?;
            let row_bit = (jb.row - first_row) as u64 * stride as u64 * 64;
            for k in jb.term_start..jb.term_end {
                terms.push(global[k]);
                term_bits.push(row_bit + bits[k]);
            }
            let nterms = (jb.term_end - jb.term_start) as u32;
            let (seg_jobs, tiles) = by_seg.entry(jb.entry.seg).or_default();
            let job_id = narrow((seg_jobs.len() / 4) as u64, "job count")?;
            seg_jobs.extend_from_slice(&[jb.entry.first, jb.entry.nmat, term_start, nterms]);
            for m0 in (0..jb.entry.nmat).step_by(TILE_M as usize) {
                for k0 in (0..nterms).step_by(TILE_T as usize) {
                    tiles.extend_from_slice(&[job_id, m0, k0]);
                }
            }
        }
        narrow(terms.len() as u64, "block term count")?;
        let terms_buf = dev.upload_u32(&terms)?;
        let bits_buf = dev.upload_u64(&term_bits)?;
        let stride_counts = self.alg.max_degree() + 1;
        let mut keep = Vec::new();
        for (seg, (seg_jobs, tiles)) in by_seg {
            let segref = resolved
                .values()
                .find(|(e, _)| e.seg == seg)
                .map(|(_, s)| s.clone())
                .ok_or_else(|| GpuError::Invalid(format!("segment {seg} not resolved")))?;
            let n_tiles = (tiles.len() / 3) as u64;
            let jobs_buf = dev.upload_u32(&seg_jobs)?;
            let tiles_buf = dev.upload_u32(&tiles)?;
            // SAFETY: every index is in bounds by construction: tiles name
            // jobs of this launch, jobs name matrices of their R inside this
            // segment and terms of this block, terms name resident basis
            // elements, and a product's bit lies in its row (checked above).
            unsafe {
                kernels::milnor_tiles::launch_unchecked::<R>(
                    &self.client,
                    grid(n_tiles, CUBE)?,
                    CubeDim::new_1d(CUBE),
                    ArrayArg::from_raw_parts(segref.handle.clone(), segref.words),
                    self.basis.arg(),
                    self.counts.arg(),
                    jobs_buf.arg(),
                    tiles_buf.arg(),
                    terms_buf.arg(),
                    bits_buf.arg(),
                    outbuf.arg(),
                    narrow(n_tiles, "tile count")?,
                    stride_counts,
                    TILE_M,
                    TILE_T,
                );
            }
            keep.push((jobs_buf, tiles_buf));
        }
        let bytes = self.read(&outbuf, "reading back a product block")?;
        drop(keep);
        let mut it = limbs(&bytes);
        for r in 0..nrows {
            for (dst, src) in out
                .row_mut(first_row + r)
                .iter_mut()
                .zip(it.by_ref().take(stride))
            {
                *dst ^= src;
            }
        }
        Ok(())
    }
}
