//! Finding a key repeated in one JSON object (serde_json keeps the last one
//! silently; a module file with `gens` or an action listed twice is refused).

use std::collections::HashSet;
use std::fmt;

use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};

/// Deserializes any JSON value and records the first key that appears twice in
/// one object, as `(path of the object, key)`; the path of the top level is
/// empty, of the value of key `k` under it `k`, of an array entry `…[i]`.
pub(super) struct DuplicateScan(pub(super) Option<(String, String)>);

impl<'de> Deserialize<'de> for DuplicateScan {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ScanVisitor)
    }
}

struct ScanVisitor;

fn join_path(parent: &str, child: &str) -> String {
    if parent.is_empty() {
        child.to_string()
    } else if child.starts_with('[') {
        format!("{parent}{child}")
    } else {
        format!("{parent}.{child}")
    }
}

impl<'de> Visitor<'de> for ScanVisitor {
    type Value = DuplicateScan;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, _: bool) -> Result<DuplicateScan, E> {
        Ok(DuplicateScan(None))
    }
    fn visit_i64<E>(self, _: i64) -> Result<DuplicateScan, E> {
        Ok(DuplicateScan(None))
    }
    fn visit_u64<E>(self, _: u64) -> Result<DuplicateScan, E> {
        Ok(DuplicateScan(None))
    }
    fn visit_f64<E>(self, _: f64) -> Result<DuplicateScan, E> {
        Ok(DuplicateScan(None))
    }
    fn visit_str<E>(self, _: &str) -> Result<DuplicateScan, E> {
        Ok(DuplicateScan(None))
    }
    fn visit_unit<E>(self) -> Result<DuplicateScan, E> {
        Ok(DuplicateScan(None))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<DuplicateScan, A::Error> {
        let mut first = None;
        let mut i = 0usize;
        while let Some(DuplicateScan(inner)) = seq.next_element()? {
            if first.is_none() {
                first = inner.map(|(path, key)| {
                    let here = format!("[{i}]");
                    (
                        if path.is_empty() {
                            here
                        } else {
                            join_path(&here, &path)
                        },
                        key,
                    )
                });
            }
            i += 1;
        }
        Ok(DuplicateScan(first))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<DuplicateScan, A::Error> {
        let mut first = None;
        let mut seen = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            let DuplicateScan(inner) = map.next_value()?;
            if first.is_some() {
                continue;
            }
            if !seen.insert(key.clone()) {
                first = Some((String::new(), key));
            } else if let Some((path, k)) = inner {
                let path = if path.is_empty() {
                    key
                } else {
                    join_path(&key, &path)
                };
                first = Some((path, k));
            }
        }
        Ok(DuplicateScan(first))
    }
}
