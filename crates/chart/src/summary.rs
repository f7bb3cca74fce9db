//! `DIR/summary.json`: the figures of one `adams resolve` run (what `adams bench` reads
//! back from each child, the `bench` crate).

use serde::{Deserialize, Serialize};

/// What `adams resolve` records in `DIR/summary.json`.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RunSummary {
    /// Module name.
    pub module: String,
    /// The sub-Hopf algebra resolved over (`A(1)`, `profile (…)`), as `chart.json`'s
    /// `algebra`; absent over the whole Steenrod algebra.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub algebra: Option<String>,
    /// `classical` or `nassau`.
    pub algorithm: String,
    /// Largest stem.
    pub max_stem: i32,
    /// Largest Adams filtration.
    pub max_s: u32,
    /// Wall time of the resolution, seconds.
    pub wall_s: f64,
    /// CPU time of the whole process (user + system), seconds.
    pub cpu_s: f64,
    /// Peak resident set size of the whole process, bytes.
    pub peak_rss_bytes: u64,
    /// Number of nonzero bidegrees.
    pub nonzero_bidegrees: usize,
    /// Total dimension of Ext in range.
    pub total_dim: usize,
    /// Worker threads.
    pub threads: usize,
    /// Mean number of bidegrees in flight.
    pub mean_in_flight: f64,
    /// With `--save-dir`: bytes of the save directory after the run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub save_dir_bytes: Option<u64>,
    /// With `--save-dir`: bidegrees loaded from it instead of computed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loaded_bidegrees: Option<usize>,
    /// With `--max-memory`: the budget, bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_memory_bytes: Option<u64>,
    /// With `--max-memory`: rows whose differentials were spilled to the save directory
    /// (read back one at a time for the chart's products).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spilled_rows: Option<u32>,
    /// With `--max-memory`: the most bytes the differentials kept in memory took.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peak_row_bytes: Option<u64>,
    /// `--backend` (cpu, gpu, wgpu, cuda) and, for a device, its name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub backend: Option<String>,
    /// With a device backend: its peak memory allocated by the run, bytes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peak_device_bytes: Option<u64>,
    /// With a device backend: each device's peak memory, bytes (`--gpus`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peak_device_bytes_each: Option<Vec<u64>>,
    /// With a device backend: peak host bytes of device builds' buffers (`--host-memory`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub peak_host_bytes: Option<u64>,
    /// With a device backend: matrix builds it took.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offloaded_builds: Option<usize>,
    /// With a device backend: row reductions it took.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offloaded_reductions: Option<usize>,
    /// `true` when `--certify` certified the run; `null` when it was not asked for.
    #[serde(default)]
    pub certified: Option<bool>,
    /// `--verify`: every offloaded build and reduction was redone on the CPU.
    #[serde(default)]
    pub verify: bool,
    /// With a device backend: the fraction of offloaded calls redone on the CPU
    /// (`--verify-sample`; 1 with `--verify`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verify_sample: Option<f64>,
    /// With a device backend: offloaded builds redone on the CPU (all matched).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sampled_builds: Option<usize>,
    /// With a device backend: offloaded row reductions redone on the CPU (all matched).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sampled_reductions: Option<usize>,
    /// With a device backend: CPU seconds spent redoing and comparing them (all workers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sampled_cpu_s: Option<f64>,
    /// A module file with the field's `cofiber` key: the class, the base module's run and
    /// the cone's (`adams resolve` of a cofiber file); absent for any other module.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cofiber: Option<CofiberSummary>,
}

/// What summary.json says of a cofiber run (its `cofiber` key).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CofiberSummary {
    /// The module the file's `gens` and `actions` give.
    pub base_module: String,
    /// The class `x ∈ Ext^{s,t}` of the base module whose cofiber is resolved: `s`.
    pub s: u32,
    /// Its internal degree `t`.
    pub t: i32,
    /// Its stem `t − s`.
    pub stem: i32,
    /// Its index in the basis of `Ext^{s,t}`.
    pub idx: usize,
    /// The algorithm that resolved the base module (`nassau`, `classical`).
    pub base_algorithm: String,
    /// The base module's range: `max_s` one above the cofiber's.
    pub base_max_s: u32,
    /// Wall time of the base module's resolution (resume included), seconds.
    pub base_wall_s: f64,
    /// Wall time of the class's lift and the cone's ranks, seconds.
    pub cone_wall_s: f64,
    /// How the products are drawn: not computed
    /// (`adams resolve` of a cofiber file says why).
    pub products: String,
}
