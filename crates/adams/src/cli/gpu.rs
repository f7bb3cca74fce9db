//! `--backend` and the GPU backend's knobs (`adams resolve`).

use clap::{Args, ValueEnum};

/// Where matrix builds and large row reductions run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum BackendChoice {
    /// The CPU only (the reference path).
    Cpu,
    /// The GPU: CUDA if built with the `cuda` feature, else Vulkan through wgpu.
    Gpu,
    /// Vulkan (or Metal/DX12) through wgpu; needs the `gpu` feature.
    Wgpu,
    /// CUDA; needs the `cuda` feature and the CUDA toolkit (NVRTC) at run time.
    Cuda,
}

impl BackendChoice {
    pub fn name(self) -> &'static str {
        match self {
            BackendChoice::Cpu => "cpu",
            BackendChoice::Gpu => "gpu",
            BackendChoice::Wgpu => "wgpu",
            BackendChoice::Cuda => "cuda",
        }
    }
}

/// Thresholds and sizes of the GPU backend (each also read from an environment variable).
#[derive(Debug, Args, Clone)]
pub struct GpuKnobs {
    /// Offload a matrix build when it holds at least this many products Sq(R)·Sq(S)
    /// (rows × terms of d(g)); smaller builds run on the CPU.
    #[arg(
        long,
        value_name = "N",
        env = "ADAMS_GPU_MIN_WORK",
        default_value_t = 200_000
    )]
    pub gpu_min_work: usize,

    /// Row reduce on the device when min(rows, columns) is at least this (the matrix of
    /// a kernel computation is [M | I], so its columns include the identity part).
    #[arg(
        long,
        value_name = "N",
        env = "ADAMS_GPU_RREF_MIN",
        default_value_t = 2048
    )]
    pub gpu_rref_min: usize,

    /// Output bytes per product launch, in MiB: a build is split into row blocks of at
    /// most this size.
    #[arg(long, value_name = "MB", env = "ADAMS_GPU_BLOCK_MB", default_value_t = 128, value_parser = parse_block_mb)]
    pub gpu_block_mb: usize,

    /// Size in MiB of each segment of the device-resident master of admissible matrices
    /// (grown one segment at a time, never reallocated).
    #[arg(long, value_name = "MB", env = "ADAMS_GPU_SEGMENT_MB", default_value_t = 64, value_parser = parse_segment_mb)]
    pub gpu_segment_mb: usize,

    /// Devices to use (default: every visible one; on wgpu, N logical devices on its
    /// adapter): the admissible-matrix master is sharded across them by a hash of R.
    #[arg(long, value_name = "N", env = "ADAMS_GPUS", allow_negative_numbers = true, value_parser = parse_gpus)]
    pub gpus: Option<usize>,

    /// Most device memory per device, in MiB (resident tables, master, launches): work
    /// waits for room, and a run that cannot progress under it stops (exit 3).
    #[arg(long, value_name = "MB", env = "ADAMS_GPU_MEMORY", allow_negative_numbers = true, value_parser = parse_budget_mb)]
    pub gpu_memory: Option<usize>,

    /// Most host memory, in MiB, of the buffers that device builds marshal, all workers
    /// together: workers wait for room, and a run that cannot progress stops (exit 3).
    #[arg(long, value_name = "MB", env = "ADAMS_HOST_MEMORY", allow_negative_numbers = true, value_parser = parse_budget_mb)]
    pub host_memory: Option<usize>,
}

/// Largest `--gpu-segment-mb`: a segment is addressed in 32-bit words (< 16 GiB).
const MAX_SEGMENT_MB: usize = 16 * 1024 - 1;
/// Largest `--gpu-block-mb` (far above any device's memory).
const MAX_BLOCK_MB: usize = 1 << 20;

/// Most `--gpus`.
const MAX_GPUS: usize = 64;

/// `--gpus` / `ADAMS_GPUS`: a whole number of devices in `1..=MAX_GPUS`.
pub fn parse_gpus(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(value) if (1..=MAX_GPUS).contains(&value) => Ok(value),
        _ => Err(format!(
            "expected a whole number of devices between 1 and {MAX_GPUS}"
        )),
    }
}

/// `--gpu-memory` / `--host-memory` (and their variables): a whole number of MiB in
/// `1..=MAX_BLOCK_MB`.
pub fn parse_budget_mb(text: &str) -> Result<usize, String> {
    parse_mib(text, MAX_BLOCK_MB)
}

/// `--gpu-block-mb` / `ADAMS_GPU_BLOCK_MB`: a whole number of MiB in `1..=MAX_BLOCK_MB`.
pub fn parse_block_mb(text: &str) -> Result<usize, String> {
    parse_mib(text, MAX_BLOCK_MB)
}

/// `--gpu-segment-mb` / `ADAMS_GPU_SEGMENT_MB`: a whole number of MiB in `1..=MAX_SEGMENT_MB`.
pub fn parse_segment_mb(text: &str) -> Result<usize, String> {
    parse_mib(text, MAX_SEGMENT_MB)
}

/// A size in MiB between 1 and `max`. Checked when the command line (or the environment)
/// is parsed, whatever the backend, so a bad value is one clear error naming its source.
fn parse_mib(text: &str, max: usize) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(value) if (1..=max).contains(&value) => Ok(value),
        _ => Err(format!(
            "expected a whole number of MiB between 1 and {max}"
        )),
    }
}
