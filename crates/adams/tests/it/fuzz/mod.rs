//! The inputs of the reader fuzz tests (`tests/fuzz_readers.rs`): the seed corpus
//! `tests/data/fuzz/`, its mutations (bit flips, inserted and deleted bytes, deleted,
//! duplicated and swapped lines, numbers replaced by extreme ones, truncation, odd Unicode,
//! CRLF, BOM, deep JSON nesting, duplicated or deleted keys, spliced seeds) and generated
//! inputs (random tables; random consistent charts), all from one seeded generator.

use std::path::Path;

use chart::chart_json::{Chart, Generator, Product, Term};

/// splitmix64: a small seeded generator, so that a failure replays from its seed.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }

    pub fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
}

/// Numbers at and around every bound the readers know (limits, type ranges, zero).
#[rustfmt::skip]
pub const EXTREME_NUMBERS: &[&str] = &[
    "0", "-0", "1", "-1", "2", "3", "7", "+1", "00", "510", "511", "512",
    "2097151", "2097152", "2097153", "-2097152", "-2097153",
    "2147483647", "2147483648", "-2147483648", "-2147483649", "4294967295", "4294967296",
    "9223372036854775807", "18446744073709551615", "18446744073709551616",
    "1000000000", "-1000000000", "1e9", "1.5", "NaN", "99999999999999999999999999999",
];

/// Odd text: BOM, bidi override, NUL, escape, emoji, a combining accent, line and
/// paragraph separators, a lone CR, non-UTF-8 bytes, and the readers' own punctuation.
#[rustfmt::skip]
pub const ODD_TEXT: &[&[u8]] = &[
    "\u{feff}".as_bytes(), "é".as_bytes(), "\u{202e}".as_bytes(), b"\0", b"\x1b[31m", "😀".as_bytes(),
    "e\u{301}".as_bytes(), "\u{2028}".as_bytes(), "\u{2029}".as_bytes(), b"\r", b"\xff\xfe", b"\xc3",
    b"\t", b"  ", b",", b"#", b"\"", b"<=", b"[", b"{", b"}", b"]", b":", b"null",
];

/// The seed of the generators: `ADAMS_FUZZ_SEED`, else a fixed one.
pub fn seed() -> u64 {
    std::env::var("ADAMS_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0x00ad_a115_f022)
}

/// The seed files whose names end with `suffix`, as (name, bytes).
pub fn corpus(suffix: &str) -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fuzz");
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_str().is_some_and(|s| s.ends_with(suffix)))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect();
    files.sort();
    assert!(
        files.len() >= 3,
        "too few {suffix} seeds in {}",
        dir.display()
    );
    files
}

/// Byte ranges of the lines of `bytes` (each with its newline).
fn lines(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (k, &b) in bytes.iter().enumerate() {
        if b == b'\n' {
            out.push((start, k + 1));
            start = k + 1;
        }
    }
    if start < bytes.len() {
        out.push((start, bytes.len()));
    }
    out
}

/// Byte ranges of the numbers (`-`? digits) in `bytes`.
fn numbers(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut k = 0;
    while k < bytes.len() {
        if bytes[k].is_ascii_digit() {
            let start = if k > 0 && bytes[k - 1] == b'-' {
                k - 1
            } else {
                k
            };
            while k < bytes.len() && bytes[k].is_ascii_digit() {
                k += 1;
            }
            out.push((start, k));
        } else {
            k += 1;
        }
    }
    out
}

/// One to three random edits of `bytes`; `others` are the other seeds (for splicing).
pub fn mutate(rng: &mut Rng, bytes: &[u8], others: &[(String, Vec<u8>)], json: bool) -> Vec<u8> {
    let mut b = bytes.to_vec();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(b.len() + 1);
        match rng.below(if json { 14 } else { 12 }) {
            0 if !b.is_empty() => {
                let k = rng.below(b.len());
                b[k] ^= 1 << rng.below(8);
            }
            1 => b.insert(at, rng.next() as u8),
            2 if !b.is_empty() => {
                let end = (at + 1 + rng.below(16)).min(b.len());
                b.drain(at.min(b.len() - 1)..end);
            }
            3..=5 => {
                let ls = lines(&b);
                if ls.is_empty() {
                    continue;
                }
                let (s, e) = *rng.pick(&ls);
                match rng.below(3) {
                    0 => drop(b.drain(s..e)),
                    1 => {
                        let line = b[s..e].to_vec();
                        b.splice(e..e, line);
                    }
                    _ => {
                        let (s2, e2) = *rng.pick(&ls);
                        let (first, second) = if s <= s2 {
                            ((s, e), (s2, e2))
                        } else {
                            ((s2, e2), (s, e))
                        };
                        if first.1 <= second.0 {
                            let (a, c) =
                                (b[first.0..first.1].to_vec(), b[second.0..second.1].to_vec());
                            b.splice(second.0..second.1, a);
                            b.splice(first.0..first.1, c);
                        }
                    }
                }
            }
            6 | 7 => {
                let ns = numbers(&b);
                if let Some(&(s, e)) = (!ns.is_empty()).then(|| rng.pick(&ns)) {
                    b.splice(s..e, rng.pick(EXTREME_NUMBERS).bytes());
                }
            }
            8 => b.truncate(at),
            9 => {
                let odd = rng.pick(ODD_TEXT);
                b.splice(at..at, odd.iter().copied());
            }
            10 => {
                if rng.chance(2) {
                    b = String::from_utf8_lossy(&b)
                        .replace('\n', "\r\n")
                        .into_bytes();
                } else {
                    b.splice(0..0, "\u{feff}".bytes());
                }
            }
            11 => {
                // Splice: the head of this input and the tail of another seed.
                let other = &rng.pick(others).1;
                let from = rng.below(other.len() + 1);
                b.truncate(at);
                b.extend_from_slice(&other[from..]);
            }
            12 => {
                // Deep nesting, beyond serde_json's recursion limit at times.
                let depth = 1 + rng.below(300);
                let open = if rng.chance(2) {
                    "[".repeat(depth)
                } else {
                    "{\"a\":".repeat(depth)
                };
                b.splice(at..at, open.bytes());
            }
            13 => {
                // Duplicate or delete a key.
                let text = String::from_utf8_lossy(&b).into_owned();
                let keys: Vec<usize> = text.match_indices("\":").map(|(k, _)| k).collect();
                if let Some(&k) = (!keys.is_empty()).then(|| rng.pick(&keys)) {
                    let start = text[..k].rfind('"').unwrap_or(0);
                    let end = text[k..].find([',', '}']).map_or(text.len(), |e| k + e + 1);
                    let pair = text[start..end].to_string();
                    b = if rng.chance(2) {
                        format!("{}{pair}{}", &text[..end], &text[end..])
                    } else {
                        format!("{}{}", &text[..start], &text[end..])
                    }
                    .into_bytes();
                }
            }
            _ => {}
        }
    }
    b
}

/// A random table: sometimes a range line (small or extreme bounds), the header (sometimes
/// wrong), rows mostly with `t = stem + s`.
pub fn generated_table(rng: &mut Rng) -> Vec<u8> {
    let num = |rng: &mut Rng, small: usize, offset: i64| -> String {
        if rng.chance(8) {
            rng.pick(EXTREME_NUMBERS).to_string()
        } else {
            (rng.below(small) as i64 + offset).to_string()
        }
    };
    let mut out = String::new();
    if rng.chance(2) {
        let (stem, s) = (num(rng, 40, -2), num(rng, 20, -1));
        out.push_str(&format!(
            "# complete for stem <= {stem}, s <= {s}; generated\n"
        ));
    }
    out.push_str(if rng.chance(20) {
        "stem,t,s,dim\n"
    } else {
        "stem,s,t,dim\n"
    });
    for _ in 0..rng.below(30) {
        let (stem, s) = (rng.below(40) as i64 - 3, rng.below(20) as i64);
        let t = if rng.chance(10) {
            num(rng, 60, -3)
        } else {
            (stem + s).to_string()
        };
        let dim = num(rng, 12, 0);
        out.push_str(&format!("{stem},{s},{t},{dim}\n"));
    }
    out.into_bytes()
}

/// A random consistent chart at p = 2, 3 or 5 (classes in order, products inside the range
/// with distinct indices and nonzero coefficients), so that the drawing path runs; mutated
/// at times.
pub fn generated_chart(rng: &mut Rng, seeds: &[(String, Vec<u8>)]) -> Vec<u8> {
    let prime = [2, 2, 3, 5][rng.below(4)];
    let min_stem = -(rng.below(4) as i32);
    let max_stem = min_stem + rng.below(14) as i32;
    let max_s = rng.below(7) as u32;
    let mut dims = std::collections::HashMap::new();
    for n in min_stem..=max_stem {
        for s in 0..=max_s {
            dims.insert((n, s), if rng.chance(3) { rng.below(4) } else { 0 });
        }
    }
    let mut classes = Vec::new();
    for n in min_stem..=max_stem {
        for s in 0..=max_s {
            for index in 0..dims[&(n, s)] {
                let mut class = chart::chart_json::Class::new(n, s, index);
                for &g in Generator::at_prime(prime) {
                    let Some(&target) = dims.get(&(n + g.stem_shift(prime), s + 1)) else {
                        *class.product_mut(g) = Product::Unknown;
                        continue;
                    };
                    let mut terms = Vec::new();
                    for k in (0..target).filter(|_| rng.chance(2)).collect::<Vec<_>>() {
                        terms.push(match prime {
                            2 => Term::Index(k),
                            p => Term::Scaled(k, 1 + rng.below(p as usize - 1) as u32),
                        });
                    }
                    if rng.chance(2) {
                        terms.reverse(); // any order is allowed
                    }
                    *class.product_mut(g) = Product::Known(terms);
                }
                classes.push(class);
            }
        }
    }
    let chart = Chart {
        format: chart::chart_json::FORMAT.into(),
        version: chart::chart_json::VERSION,
        module: "G".into(),
        algorithm: "generated".into(),
        prime,
        algebra: None,
        unstable: false,
        min_stem,
        max_stem,
        max_s,
        classes,
    };
    let text = chart.to_json().into_bytes();
    if rng.chance(2) {
        mutate(rng, &text, seeds, true)
    } else {
        text
    }
}

/// Inputs for one reader: seeds first, then mutations and generated inputs in turn.
pub fn inputs(
    seeds: Vec<(String, Vec<u8>)>,
    json: bool,
    salt: u64,
) -> impl FnMut(usize) -> Vec<u8> + Send + 'static {
    let mut rng = Rng(seed() ^ salt);
    move |k| {
        if k < seeds.len() {
            return seeds[k].1.clone();
        }
        match (rng.below(4), json) {
            (0, false) => generated_table(&mut rng),
            (0, true) => generated_chart(&mut rng, &seeds),
            _ => {
                let base = rng.pick(&seeds).1.clone();
                mutate(&mut rng, &base, &seeds, json)
            }
        }
    }
}
