//! The batched multiply's host side (the kernel is
//! `crate::kernels::milnor_tiles`): check a batch, intern its left factors
//! in the master, split its rows into blocks by output bytes and tile count,
//! and per block zero the output on the device, launch once per master
//! segment, read back and XOR into the caller's matrix.

use std::collections::HashMap;

use cubecl::prelude::*;
use steenrod::PPart;

use crate::budget::Budget;
use crate::buffers::limbs;
use crate::engine::Device;
use crate::error::InvalidRequest;
use crate::kernels;
use crate::launch::{grid, narrow, CUBE, MAX_TILES, TILE_M, TILE_T};
use crate::master::{Entry, SegRef};
use crate::{GpuError, ProductBatch};

/// One row of a batch, resolved against the master.
struct RowJob {
    row: usize,
    left: PPart,
    entry: Entry,
    term_start: usize,
    term_end: usize,
}

impl RowJob {
    /// Tiles of this row: matrices × terms in `TILE_M × TILE_T` tiles.
    fn tiles(&self) -> u64 {
        (self.entry.nmat as u64).div_ceil(TILE_M as u64)
            * ((self.term_end - self.term_start) as u64).div_ceil(TILE_T as u64)
    }
}

/// The left factors' master entries and segments.
type Resolved = HashMap<PPart, (Entry, SegRef)>;

/// The caller's output matrix, shared by the devices of a pool: each XORs
/// its read-back blocks into its rows under the lock.
pub(crate) type Rows<'a> = std::sync::Mutex<&'a mut fp::Matrix>;

/// See [`crate::Gpu::multiply_rows`]: the rows `pick` (increasing) of
/// `batch`, on this device. Host bytes admitted by `host` for the whole call:
/// the term indices and bits of the batch (12 bytes per term), the row jobs,
/// and the largest block's packing and readback (twice its output: the
/// runtime's bytes and their copy).
pub(crate) fn multiply_rows<R: Runtime>(
    dev: &Device<R>,
    batch: &ProductBatch,
    pick: &[usize],
    out: &Rows<'_>,
    host: &std::sync::Arc<Budget>,
) -> Result<(), GpuError> {
    let (stride, cols) = {
        let m = out.lock().unwrap_or_else(|e| e.into_inner());
        (m.stride(), m.cols())
    };
    let mut rs: Vec<PPart> = pick.iter().map(|&i| batch.rows[i].0).collect();
    rs.sort_unstable();
    rs.dedup();
    check_degrees(dev, batch, pick)?;
    let resolved = dev.master.resolve(dev, &rs)?;
    let jobs: Vec<RowJob> = pick
        .iter()
        .enumerate()
        .map(|(local, &row)| (local, batch.rows[row]))
        .filter(|(_, (_, start, end))| start < end)
        .map(|(row, (left, start, end))| RowJob {
            row,
            left,
            entry: resolved[&left].0,
            term_start: start as usize,
            term_end: end as usize,
        })
        .collect();
    let row_bytes = (stride * 8) as u64;
    let mut bounds = Vec::new();
    let mut widest = 0u64;
    let mut i = 0;
    while i < jobs.len() {
        let j = block_end(&jobs, i, row_bytes, dev.config.block_bytes as u64)?;
        widest = widest.max(block_host_bytes(&jobs[i..j], row_bytes));
        bounds.push((i, j));
        i = j;
    }
    let host_bytes = batch.terms.len() as u64 * 12
        + (jobs.len() * std::mem::size_of::<RowJob>()) as u64
        + widest;
    let _permit = host.admit(host_bytes, "the host buffers of a device build")?;
    let (global, bits) = validate(dev, batch, pick, cols)?;
    for (i, j) in bounds {
        let block = Block::pack(&jobs[i..j], &resolved, &global, &bits, stride)?;
        run_block(dev, &block, pick, out)?;
    }
    Ok(())
}

/// Host bytes of one block: its packing (12 bytes per term, 16 per job, 12
/// per tile) and its readback (twice its output).
fn block_host_bytes(jobs: &[RowJob], row_bytes: u64) -> u64 {
    let rows = (jobs[jobs.len() - 1].row - jobs[0].row + 1) as u64;
    let terms: u64 = jobs
        .iter()
        .map(|j| (j.term_end - j.term_start) as u64)
        .sum();
    let tiles: u64 = jobs.iter().map(RowJob::tiles).sum();
    2 * rows * row_bytes + 12 * terms + 16 * jobs.len() as u64 + 12 * tiles
}

/// Device bytes of one block: output, term indices and bits, jobs and tiles.
fn block_device_bytes(block: &Block, stride: usize) -> u64 {
    let launches: u64 = block
        .launches
        .values()
        .map(|l| 4 * (l.jobs.len() + l.tiles.len()) as u64)
        .sum();
    block.rows as u64 * stride as u64 * 8 + 12 * block.terms.len() as u64 + launches
}

/// The end of the block of jobs starting at `i`: as many rows as fit
/// `block_bytes` of output (at least one) and [`MAX_TILES`] tiles.
///
/// Errors: [`GpuError::Overflow`] if one row alone needs more tiles.
fn block_end(
    jobs: &[RowJob],
    i: usize,
    row_bytes: u64,
    block_bytes: u64,
) -> Result<usize, GpuError> {
    let first_row = jobs[i].row;
    let mut tiles = 0u64;
    let mut j = i;
    while j < jobs.len() {
        let t = jobs[j].tiles();
        let rows = (jobs[j].row - first_row + 1) as u64;
        if j > i && (rows * row_bytes > block_bytes || tiles + t > MAX_TILES) {
            break;
        }
        if t > MAX_TILES {
            return Err(GpuError::Overflow {
                quantity: "tiles of one row's products",
                value: t,
                limit: MAX_TILES,
            });
        }
        tiles += t;
        j += 1;
    }
    Ok(j)
}

/// Checks that each picked row's left factor is within the algebra's degree
/// (the master interns only such `R`).
fn check_degrees<R: Runtime>(
    dev: &Device<R>,
    batch: &ProductBatch,
    pick: &[usize],
) -> Result<(), GpuError> {
    validate_rows(dev, batch, pick, None).map(|_| ())
}

/// Checks the picked rows against `cols` and the algebra; returns each
/// term's global basis index and its bit offset within its row.
fn validate<R: Runtime>(
    dev: &Device<R>,
    batch: &ProductBatch,
    pick: &[usize],
    cols: usize,
) -> Result<(Vec<u32>, Vec<u64>), GpuError> {
    let global = validate_rows(dev, batch, pick, Some(cols))?;
    Ok((global, batch.terms.iter().map(|t| t.1).collect()))
}

/// The checks of [`validate`]; with `cols` also the terms' bits and global
/// indices (empty without).
fn validate_rows<R: Runtime>(
    dev: &Device<R>,
    batch: &ProductBatch,
    pick: &[usize],
    cols: Option<usize>,
) -> Result<Vec<u32>, GpuError> {
    let max = dev.alg.max_degree();
    let mut global = vec![0u32; if cols.is_some() { batch.terms.len() } else { 0 }];
    for &row in pick {
        let (left, start, end) = batch.rows[row];
        if start > end || end as usize > batch.terms.len() {
            return Err(InvalidRequest::TermRange {
                row,
                start,
                end,
                terms: batch.terms.len(),
            }
            .into());
        }
        for (term, &(right, offset)) in batch
            .terms
            .iter()
            .enumerate()
            .take(end as usize)
            .skip(start as usize)
        {
            let degree = left.degree() as u64 + right.degree() as u64;
            if degree > max as u64 {
                return Err(InvalidRequest::Degree {
                    row,
                    left,
                    right,
                    degree,
                    max_degree: max,
                }
                .into());
            }
            let Some(cols) = cols else { continue };
            let bits = dev.alg.dim(degree as u32) as u64;
            if offset.checked_add(bits).is_none_or(|e| e > cols as u64) {
                return Err(InvalidRequest::PastRow {
                    row,
                    term,
                    offset,
                    bits,
                    cols,
                }
                .into());
            }
            let g = dev.deg_start[right.degree() as usize] + dev.alg.index_of(&right) as u64;
            global[term] = narrow(g, "global basis index")?;
        }
    }
    Ok(global)
}

/// One segment's launch of a block: its buffer, jobs (4 `u32` each:
/// first matrix, matrices, first term, terms) and tiles (3 `u32` each: job,
/// first matrix, first term); the layout `milnor_tiles` reads.
struct SegLaunch {
    seg: SegRef,
    jobs: Vec<u32>,
    tiles: Vec<u32>,
}

/// A block of consecutive rows packed for the device.
struct Block {
    first_row: usize,
    rows: usize,
    /// Global basis index of each term of the block.
    terms: Vec<u32>,
    /// Absolute bit of each term within the block's output.
    term_bits: Vec<u64>,
    launches: HashMap<u32, SegLaunch>,
}

impl Block {
    fn pack(
        jobs: &[RowJob],
        resolved: &Resolved,
        global: &[u32],
        bits: &[u64],
        stride: usize,
    ) -> Result<Block, GpuError> {
        let first_row = jobs[0].row;
        let mut block = Block {
            first_row,
            rows: jobs[jobs.len() - 1].row - first_row + 1,
            terms: Vec::new(),
            term_bits: Vec::new(),
            launches: HashMap::new(),
        };
        for jb in jobs {
            let term_start = narrow(block.terms.len() as u64, "block term count")?;
            let row_bit = (jb.row - first_row) as u64 * stride as u64 * 64;
            block
                .terms
                .extend_from_slice(&global[jb.term_start..jb.term_end]);
            block
                .term_bits
                .extend(bits[jb.term_start..jb.term_end].iter().map(|b| row_bit + b));
            let nterms = (jb.term_end - jb.term_start) as u32;
            let launch = block
                .launches
                .entry(jb.entry.seg)
                .or_insert_with(|| SegLaunch {
                    seg: resolved[&jb.left].1.clone(),
                    jobs: Vec::new(),
                    tiles: Vec::new(),
                });
            let job_id = narrow((launch.jobs.len() / 4) as u64, "job count")?;
            launch
                .jobs
                .extend_from_slice(&[jb.entry.first, jb.entry.nmat, term_start, nterms]);
            for m0 in (0..jb.entry.nmat).step_by(TILE_M as usize) {
                for k0 in (0..nterms).step_by(TILE_T as usize) {
                    launch.tiles.extend_from_slice(&[job_id, m0, k0]);
                }
            }
        }
        narrow(block.terms.len() as u64, "block term count")?;
        Ok(block)
    }
}

/// Zeroes the block's output on the device, launches one multiply per
/// master segment its rows use, reads back and XORs into `out`.
fn run_block<R: Runtime>(
    dev: &Device<R>,
    block: &Block,
    pick: &[usize],
    out: &Rows<'_>,
) -> Result<(), GpuError> {
    let stride = out.lock().unwrap_or_else(|e| e.into_inner()).stride();
    let _permit = dev
        .budget
        .admit(block_device_bytes(block, stride), "a product block")?;
    let limbs_len = block.rows as u64 * stride as u64;
    narrow(limbs_len, "output block limbs")?;
    let bufs = dev.bufs();
    let outbuf = bufs.zeroed_u64(limbs_len as usize)?;
    let terms_buf = bufs.upload_u32(&block.terms)?;
    let bits_buf = bufs.upload_u64(&block.term_bits)?;
    let stride_counts = dev.alg.max_degree() + 1;
    let mut keep = Vec::new();
    for launch in block.launches.values() {
        let n_tiles = (launch.tiles.len() / 3) as u64;
        let jobs_buf = bufs.upload_u32(&launch.jobs)?;
        let tiles_buf = bufs.upload_u32(&launch.tiles)?;
        // SAFETY: every index is in bounds by construction: tiles name
        // jobs of this launch, jobs name matrices of their R inside this
        // segment and terms of this block, terms name resident basis
        // elements, and a product's bit lies in its row (checked above).
        unsafe {
            kernels::milnor_tiles::launch_unchecked::<R>(
                &dev.client,
                grid(n_tiles, CUBE)?,
                CubeDim::new_1d(CUBE),
                ArrayArg::from_raw_parts(launch.seg.handle.clone(), launch.seg.words),
                dev.basis.arg(),
                dev.counts.arg(),
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
    let bytes = bufs.read(&outbuf, "reading back a product block")?;
    drop(keep);
    let mut it = limbs(&bytes);
    let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
    for r in 0..block.rows {
        for (dst, src) in out
            .row_mut(pick[block.first_row + r])
            .iter_mut()
            .zip(it.by_ref().take(stride))
        {
            *dst ^= src;
        }
    }
    Ok(())
}
