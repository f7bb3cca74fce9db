//! `products.json` (the schema `adams-products`, the same at every prime) and the vector
//! encoding it shares with `massey.json` ([`Terms`]).

use std::path::Path;

use fp::Vector;
use serde::Serialize;

use crate::error::Error;

/// A vector of `Ext` as `products.json` and `massey.json` write it: at p = 2 the list of
/// the indices of the basis classes whose sum it is, at odd p the list of its nonzero
/// terms `[index, c]` (`c` in `1..p`); `[]` is zero.
#[derive(Serialize)]
#[serde(untagged)]
pub(crate) enum Terms {
    /// p = 2.
    Indices(Vec<usize>),
    /// Odd p.
    Scaled(Vec<(usize, u32)>),
}

impl Terms {
    /// The terms of `v` over F_p.
    pub(crate) fn of<V: Vector>(p: u32, v: &V) -> Terms {
        match p {
            2 => Terms::Indices(v.nonzero_entries().map(|(k, _)| k).collect()),
            _ => Terms::Scaled(v.nonzero_entries().collect()),
        }
    }

    /// Whether the vector is zero.
    pub(crate) fn is_zero(&self) -> bool {
        match self {
            Terms::Indices(v) => v.is_empty(),
            Terms::Scaled(v) => v.is_empty(),
        }
    }

    /// The terms `(index, c)`.
    pub(super) fn pairs(&self) -> Vec<(usize, u32)> {
        match self {
            Terms::Indices(v) => v.iter().map(|&k| (k, 1)).collect(),
            Terms::Scaled(v) => v.clone(),
        }
    }
}

/// The products of one `--by` class, by source bidegree.
#[derive(Serialize)]
pub(super) struct ByClass {
    pub(super) class: String,
    pub(super) stem: i32,
    pub(super) s: u32,
    /// Its coordinates ([`Terms`]).
    pub(super) element: Terms,
    pub(super) seconds: f64,
    /// CPU seconds (all threads) of the same work.
    pub(super) cpu_seconds: f64,
    pub(super) matrices: Vec<Matrix>,
}

/// `x · −` from `Ext` at `(stem, s)` to `(stem + n_x, s + s_x)`: row `k` is `x` times the
/// `k`-th class at `(stem, s)` ([`Terms`]).
#[derive(Serialize)]
pub(super) struct Matrix {
    pub(super) stem: i32,
    pub(super) s: u32,
    pub(super) rows: Vec<Terms>,
}

/// `products.json`, one line of JSON, the schema `adams-products` at every prime
/// (docs/guide/06-products-and-massey.md): `format`, `module`, `p` (odd p only),
/// `max_stem`, `max_s`, the resolutions' wall and CPU seconds, and per `--by` class
/// ([`ByClass`]) its bidegree, its coordinates, its wall and CPU seconds and its matrices
/// ([`Matrix`]); every vector as [`Terms`] (indices at p = 2, `[index, c]` at odd p).
#[derive(Serialize)]
pub(super) struct ProductsFile {
    pub(super) format: &'static str,
    pub(super) module: String,
    /// The prime, written at odd p only (absent: 2).
    #[serde(skip_serializing_if = "is_two")]
    pub(super) p: u32,
    pub(super) max_stem: i32,
    pub(super) max_s: u32,
    pub(super) resolution_seconds: f64,
    /// CPU seconds (all threads) of the resolutions.
    pub(super) resolution_cpu_seconds: f64,
    pub(super) by: Vec<ByClass>,
}

fn is_two(p: &u32) -> bool {
    *p == 2
}

/// Writes `value` as one line of JSON to `path`.
pub(crate) fn write_json(path: &Path, value: &impl Serialize) -> Result<(), Error> {
    let text = serde_json::to_string(value).map_err(Error::Summary)? + "\n";
    chart::output::write_atomic(path, text.as_bytes()).map_err(|source| Error::Write {
        path: path.to_path_buf(),
        source,
    })
}
