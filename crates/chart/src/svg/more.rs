//! The further keys of a chart (`h3`, …, any `--by` class of `adams products`, the
//! differential `d2`; [`crate::chart_json::extra`]).

use crate::chart_json::Chart;

/// The keys of the further products ([`crate::chart_json::extra`]) the chart carries, in
/// key order.
pub(super) fn keys(chart: &Chart) -> Vec<&str> {
    let mut keys: Vec<&str> = chart
        .classes
        .iter()
        .flat_map(|c| c.more.keys().map(String::as_str))
        .collect();
    keys.sort_unstable();
    keys.dedup();
    keys
}
