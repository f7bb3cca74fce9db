//! The independent reference Ext tables carried with the project (`tests/data/ext`,
//! provenance in tests/data/README.md), read once for every test that compares with them.

use std::collections::BTreeMap;
use std::path::PathBuf;

/// A reference table `tests/data/ext/NAME`: its first line (the range it is complete for,
/// `# complete for stem <= N, s <= S`) and its nonzero dimensions by (stem, s).
pub fn table(name: &str) -> (String, BTreeMap<(i32, u32), usize>) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/ext")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut dims = BTreeMap::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("stem"))
    {
        let f: Vec<i64> = line
            .split(',')
            .map(|x| x.trim().parse().expect("number"))
            .collect();
        dims.insert((f[0] as i32, f[1] as u32), f[3] as usize);
    }
    let first = text.lines().next().unwrap_or_default().to_string();
    (first, dims)
}
