//! The crate's typed errors: every failure of a device or of a request is a
//! [`GpuError`] with structured fields (which quantity, its value and its
//! limit; which row and term), never a bare message. Only text that comes
//! from outside, a runtime's own error or panic message, is kept as a string,
//! in a field named for what it is.

use steenrod::PPart;

use crate::Platform;

/// A failure of the device or of a request.
#[derive(Debug, thiserror::Error)]
pub enum GpuError {
    /// No usable device (driver missing, no adapter, feature not built).
    #[error("no GPU device: {0}")]
    NoDevice(NoDevice),
    /// A launch, transfer or synchronisation returned an error.
    #[error("device failure during {what}: {runtime_error}")]
    Device {
        /// The operation that failed.
        what: &'static str,
        /// The runtime's error, as it formats it (`Debug`).
        runtime_error: String,
    },
    /// A panic during a device call: on the calling thread inside the call
    /// (the runtime unwraps internally, e.g. an allocation above the device's
    /// largest buffer), or on the runtime's own device thread (recorded by the
    /// crate's panic hook and returned by the next call).
    #[error("the GPU runtime panicked during {what} (on thread {thread}{}): {panic_message}",
        location.as_ref().map(|l| format!(", at {l}")).unwrap_or_default())]
    RuntimePanic {
        /// The call during (or after) which the panic happened.
        what: &'static str,
        /// The panicking thread's name (`"unnamed"` when it has none).
        thread: String,
        /// `file:line` of the panic, when the hook saw it.
        location: Option<String>,
        /// The panic's message.
        panic_message: String,
    },
    /// The device reported something impossible (a result the kernels
    /// cannot produce on a correct device).
    #[error("device failure during {what}: the device reported {quantity} = {value}, above its bound {bound}")]
    Inconsistent {
        /// The operation that failed.
        what: &'static str,
        /// The quantity read back.
        quantity: &'static str,
        /// Its value.
        value: u64,
        /// The largest value it can take.
        bound: u64,
    },
    /// Another thread failed to upload the admissible matrices of a left
    /// factor this call needs (that thread got the device's error).
    #[error("device failure while interning {left:?}: another thread failed to upload its admissible matrices")]
    PeerUploadFailed {
        /// The left factor `Sq(R)`.
        left: PPart,
    },
    /// A length or index does not fit the field it must pass through.
    #[error("length overflow: {quantity} = {value} exceeds {limit}")]
    Overflow {
        /// What was counted.
        quantity: &'static str,
        /// Its value.
        value: u64,
        /// The largest value that fits.
        limit: u64,
    },
    /// A request of `bytes` cannot fit its byte budget even with nothing else
    /// in flight (`crate::budget`): the run cannot progress under it.
    #[error("{flag} {} is too small: {what} needs {bytes} bytes with {resident} bytes resident; \
             give a larger {flag} (or smaller --gpu-block-mb / --gpu-segment-mb)", size(*limit))]
    Budget {
        /// The flag that sets the budget (`--gpu-memory`, `--host-memory`).
        flag: &'static str,
        /// What asked.
        what: &'static str,
        /// Bytes asked.
        bytes: u64,
        /// Bytes held for good (resident tables) when it asked.
        resident: u64,
        /// The budget, bytes.
        limit: u64,
    },
    /// The request itself is inconsistent (bad ranges, degrees, shapes, knobs).
    #[error("invalid request: {0}")]
    Invalid(InvalidRequest),
}

/// Why no device could be opened.
#[derive(Debug, thiserror::Error)]
pub enum NoDevice {
    /// The backend's cargo feature was not built.
    #[error("Platform::{backend:?} requested but this build lacks the `{feature}` feature of crate `gpu`")]
    NotBuilt {
        /// The backend asked for.
        backend: Platform,
        /// The feature of crate `gpu` that builds it.
        feature: &'static str,
    },
    /// wgpu found no Vulkan adapter.
    #[error(
        "wgpu found no Vulkan adapter ({panic_message}); install a driver, e.g. \
             `apt-get install -y mesa-vulkan-drivers libvulkan1` for the software one"
    )]
    NoAdapter {
        /// The runtime's panic message while probing.
        panic_message: String,
    },
    /// The adapter refused another logical device (`crate::open`).
    #[error("logical device {index} on {adapter}: {reason}")]
    Logical {
        /// The logical device's index.
        index: usize,
        /// The adapter's name.
        adapter: String,
        /// Why (the runtime's panic message, or what was missing).
        reason: String,
    },
    /// The CUDA runtime could not open device `index`.
    #[error("CUDA device {index}: {panic_message}")]
    Cuda {
        /// The device index.
        index: usize,
        /// The runtime's panic message while opening it.
        panic_message: String,
    },
}

/// What is wrong with a request (see the variants' fields).
#[derive(Debug, thiserror::Error)]
pub enum InvalidRequest {
    /// A memory knob of [`crate::GpuConfig`] below its least value.
    #[error("GpuConfig::{knob} = {value} bytes is below the least {least} ({why})")]
    Knob {
        /// The knob's field name.
        knob: &'static str,
        /// Its value in bytes.
        value: usize,
        /// The least value accepted.
        least: usize,
        /// What the least value holds.
        why: &'static str,
    },
    /// The output matrix and the batch differ in their number of rows.
    #[error("output has {out_rows} rows for a batch of {batch_rows}")]
    RowCount {
        /// `out.rows()`.
        out_rows: usize,
        /// `batch.rows.len()`.
        batch_rows: usize,
    },
    /// A row's term range is reversed or passes the end of the term list.
    #[error("row {row}: term range [{start}, {end}) outside 0..{terms}")]
    TermRange {
        /// The row's index in the batch.
        row: usize,
        /// Start of its range.
        start: u32,
        /// End of its range.
        end: u32,
        /// Length of the batch's term list.
        terms: usize,
    },
    /// A product lies above the algebra's largest degree.
    #[error("row {row}: {left:?}·{right:?} has degree {degree} > max degree {max_degree}")]
    Degree {
        /// The row's index in the batch.
        row: usize,
        /// The left factor `Sq(R)`.
        left: PPart,
        /// The right factor `Sq(S)`.
        right: PPart,
        /// `|R| + |S|`.
        degree: u64,
        /// The algebra's largest degree.
        max_degree: u32,
    },
    /// A term's bits pass the end of its row.
    #[error(
        "row {row}: term {term} at bit {offset} with {bits} bits passes the row's {cols} columns"
    )]
    PastRow {
        /// The row's index in the batch.
        row: usize,
        /// The term's index in the batch's term list.
        term: usize,
        /// The term's bit offset.
        offset: u64,
        /// `dim A` in the product's degree.
        bits: u64,
        /// `out.cols()`.
        cols: usize,
    },
}

impl From<InvalidRequest> for GpuError {
    fn from(e: InvalidRequest) -> Self {
        GpuError::Invalid(e)
    }
}

impl From<NoDevice> for GpuError {
    fn from(e: NoDevice) -> Self {
        GpuError::NoDevice(e)
    }
}

/// `n` bytes as the flags give them: whole MiB when it is a multiple of one.
fn size(n: u64) -> String {
    if n > 0 && n.is_multiple_of(1 << 20) {
        format!("{} MiB", n >> 20)
    } else {
        format!("{n} bytes")
    }
}
