//! Device buffers with byte accounting: [`Buf`] counts its bytes in a
//! [`Mem`] until dropped; [`DeviceBufs`] allocates and uploads through one
//! client; [`limbs`] and [`words`] decode read-back bytes (little-endian).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use cubecl::prelude::*;
use cubecl::server::Handle;

use crate::kernels;
use crate::launch::{grid, narrow, CUBE};
use crate::GpuError;

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

    /// High-water mark of the bytes requested, in bytes.
    pub fn peak(&self) -> u64 {
        self.peak.load(Ordering::Relaxed)
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

    /// Reads a whole buffer back, mapping a device error.
    pub fn read(&self, buf: &Buf, what: &'static str) -> Result<Vec<u8>, GpuError> {
        let bytes = self
            .client
            .read_one(buf.handle.clone())
            .map_err(|e| GpuError::Device {
                what,
                runtime_error: format!("{e:?}"),
            })?;
        Ok(bytes.to_vec())
    }
}

/// Little-endian bytes to `u64` limbs.
pub(crate) fn limbs(bytes: &[u8]) -> impl Iterator<Item = u64> + '_ {
    bytes
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
}

/// Little-endian bytes to `u32` words.
pub(crate) fn words(bytes: &[u8]) -> Vec<u32> {
    bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}
