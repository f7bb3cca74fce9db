//! The batched multiply's host side (the kernel is
//! `crate::kernels::milnor_tiles`): check a batch, intern its left factors
//! in the master, split its rows into blocks by output bytes and tile count,
//! and per block zero the output on the device, launch once per master
//! segment, read back and XOR into the caller's matrix.

use std::collections::HashMap;

use cubecl::prelude::*;
use steenrod::PPart;

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

/// See [`crate::Gpu::multiply_rows`].
pub(crate) fn multiply_rows<R: Runtime>(
    dev: &Device<R>,
    batch: &ProductBatch,
    out: &mut fp::Matrix,
) -> Result<(), GpuError> {
    let (global, bits) = validate(dev, batch, out)?;
    let mut rs: Vec<PPart> = batch.rows.iter().map(|r| r.0).collect();
    rs.sort_unstable();
    rs.dedup();
    let resolved = dev.master.resolve(dev, &rs)?;
    let jobs: Vec<RowJob> = batch
        .rows
        .iter()
        .enumerate()
        .filter(|(_, &(_, start, end))| start < end)
        .map(|(row, &(left, start, end))| RowJob {
            row,
            left,
            entry: resolved[&left].0,
            term_start: start as usize,
            term_end: end as usize,
        })
        .collect();
    let row_bytes = (out.stride() * 8) as u64;
    let mut i = 0;
    while i < jobs.len() {
        let j = block_end(&jobs, i, row_bytes, dev.config.block_bytes as u64)?;
        let block = Block::pack(&jobs[i..j], &resolved, &global, &bits, out.stride())?;
        run_block(dev, &block, out)?;
        i = j;
    }
    Ok(())
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

/// Checks the batch against `out` and the algebra; returns each term's
/// global basis index and its bit offset within its row.
fn validate<R: Runtime>(
    dev: &Device<R>,
    batch: &ProductBatch,
    out: &fp::Matrix,
) -> Result<(Vec<u32>, Vec<u64>), GpuError> {
    if out.rows() != batch.rows.len() {
        return Err(InvalidRequest::RowCount {
            out_rows: out.rows(),
            batch_rows: batch.rows.len(),
        }
        .into());
    }
    let max = dev.alg.max_degree();
    let mut global = vec![0u32; batch.terms.len()];
    for (row, &(left, start, end)) in batch.rows.iter().enumerate() {
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
            let bits = dev.alg.dim(degree as u32) as u64;
            if offset
                .checked_add(bits)
                .is_none_or(|e| e > out.cols() as u64)
            {
                return Err(InvalidRequest::PastRow {
                    row,
                    term,
                    offset,
                    bits,
                    cols: out.cols(),
                }
                .into());
            }
            let g = dev.deg_start[right.degree() as usize] + dev.alg.index_of(&right) as u64;
            global[term] = narrow(g, "global basis index")?;
        }
    }
    Ok((global, batch.terms.iter().map(|t| t.1).collect()))
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
    out: &mut fp::Matrix,
) -> Result<(), GpuError> {
    let stride = out.stride();
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
    for r in 0..block.rows {
        for (dst, src) in out
            .row_mut(block.first_row + r)
            .iter_mut()
            .zip(it.by_ref().take(stride))
        {
            *dst ^= src;
        }
    }
    Ok(())
}
