//! Ext tables as CSV: `stem,s,t,dim`, one row per nonzero `Ext^{s,t}`, sorted by
//! stem then s.
//!
//! Format (what `adams resolve` writes and `adams verify` reads):
//!
//! ```text
//! # complete for stem <= 40, s <= 20; Ext of S_2 over the mod 2 Steenrod algebra, computed by adams (classical)
//! stem,s,t,dim
//! 0,0,0,1
//! 0,1,1,1
//! ```
//!
//! - A line `# complete for stem <= N, s <= S` (anything after a `;` is free
//!   text) states the range in which every bidegree was computed: a bidegree
//!   there without a row has `dim = 0`. `# complete for t <= T` states a range
//!   by internal degree: every `t <= T`, all `s` (the reference table of the
//!   sphere, `tests/data/ext/S_2.csv`).
//! - A table without that line is taken to be complete for every internal
//!   degree `t` up to the largest `t` among its rows, all `s` (the reference
//!   tables computed "by t" look like that).
//! - Other lines starting with `#`, and blank lines, are ignored. The first other
//!   line must be the header `stem,s,t,dim`. Every row has `t = stem + s`,
//!   `s >= 0`, appears once, and lies inside the stated range.
//! - The prime: a first line naming `mod N` (`… over the mod 3 Steenrod algebra …`, as
//!   adams and the reference tables write it) gives the table's prime `N`, which must be a
//!   prime number; a table whose first line names none has no stated prime (the
//!   reference tables over `A(1)` or by `t`). `adams verify` refuses two tables of
//!   different primes.
//! - The algebra: the first line's `over the mod p Steenrod algebra` (the whole algebra),
//!   `over A(n)` or `over profile (…)` ([`algebra::stated_algebra`]); `adams verify`
//!   refuses two tables over different algebras (Ext over `A(1)` is not Ext over `A`).
//! - Limits (bad input beyond them): the file is a regular file of at most
//!   [`MAX_TABLE_BYTES`]; the stated bounds are `0 <= N`, `0 <= S` and every stem,
//!   `s`, `t` is within [`crate::MAX_ABS_DEGREE`] in absolute value.

use std::collections::BTreeMap;
use std::fmt;
use std::io::Write;
use std::path::Path;

use crate::input::excerpt;
use crate::Bidegree;

/// One bidegree of an Ext table: `dim Ext^{s,t} = dim`, with `stem = t - s`.
///
/// Ordered by bidegree (stem, then `s`), then `dim`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Row {
    /// Where: stem `n`, filtration `s`.
    pub bidegree: Bidegree,
    /// `dim Ext^{s,t}` over F_p.
    pub dim: usize,
}

/// The bidegrees in which a table is complete (an absent row there means zero).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coverage {
    /// `stem <= max_stem` and `s <= max_s` (from a `# complete for` line).
    StemS { max_stem: i32, max_s: u32 },
    /// `t <= max_t`, every `s` (a table without a `# complete for` line).
    UpToT { max_t: i32 },
}

impl Coverage {
    pub fn contains(&self, stem: i32, s: u32) -> bool {
        match *self {
            Coverage::StemS { max_stem, max_s } => stem <= max_stem && s <= max_s,
            Coverage::UpToT { max_t } => i64::from(stem) + i64::from(s) <= i64::from(max_t),
        }
    }
}

impl fmt::Display for Coverage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Coverage::StemS { max_stem, max_s } => write!(f, "stem <= {max_stem}, s <= {max_s}"),
            Coverage::UpToT { max_t } => write!(f, "t <= {max_t}"),
        }
    }
}

/// A parsed Ext table: its range, its prime and its rows keyed by `(stem, s)`.
#[derive(Debug, Clone)]
pub struct ExtTable {
    pub coverage: Coverage,
    /// The prime named by `mod N` on the first line; `None` if it names none.
    pub prime: Option<u32>,
    /// The algebra named on the first line ([`algebra::stated_algebra`]: `A`, `A(1)`,
    /// `profile (…)`); `None` if it names none.
    pub algebra: Option<String>,
    /// `(stem, s) -> dim`, zeros included only if the file listed them.
    pub dims: BTreeMap<(i32, u32), usize>,
}

impl ExtTable {
    pub fn dim(&self, stem: i32, s: u32) -> usize {
        self.dims.get(&(stem, s)).copied().unwrap_or(0)
    }
}

/// Why a table could not be read: always names the file and, where there is
/// one, the line.
#[derive(Debug, thiserror::Error)]
pub enum CsvError {
    #[error("{file}: {reason}")]
    Read { file: String, reason: String },
    #[error("{file}, line {line}: {reason}")]
    Line {
        file: String,
        line: usize,
        reason: String,
    },
    #[error("{file}: {reason}")]
    Whole { file: String, reason: String },
}

pub const HEADER: &str = "stem,s,t,dim";
/// Largest ext.csv read: 16 MiB, about 800 000 rows. A table holds at most one row per
/// bidegree, and a range adams resolves (`t` at most 510 above the bottom cell) has
/// about 130 000 bidegrees; the field's largest published table (the sphere, `t <= 236`)
/// is 87 kB.
pub const MAX_TABLE_BYTES: u64 = 16 * crate::input::MIB;
const COMPLETE_PREFIX: &str = "# complete for ";

/// Read and parse the table at `path`.
pub fn read_table(path: &Path) -> Result<ExtTable, CsvError> {
    let file = path.display().to_string();
    let text =
        crate::input::read_text(path, "an Ext table", MAX_TABLE_BYTES).map_err(|reason| {
            CsvError::Read {
                file: file.clone(),
                reason,
            }
        })?;
    parse_table(&file, &text)
}

/// Parse a table; `file` is used in error messages only.
pub fn parse_table(file: &str, text: &str) -> Result<ExtTable, CsvError> {
    let line_err = |line: usize, reason: String| CsvError::Line {
        file: file.to_string(),
        line,
        reason,
    };
    let mut declared: Option<(Coverage, usize)> = None;
    // Rows read before the range line, checked against it once it comes.
    let mut unchecked: Vec<(usize, Row)> = Vec::new();
    let mut seen_header = false;
    let mut dims = BTreeMap::new();
    let mut max_t: Option<i32> = None;
    // A byte order mark (a table saved by a spreadsheet) is not part of the text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first = text.lines().next().unwrap_or("");
    let prime = stated_prime(first).map_err(|reason| line_err(1, reason))?;
    let algebra = algebra::stated_algebra(first);

    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = complete_line_rest(line) {
            let range = rest.split(';').next().unwrap_or("");
            let coverage = parse_complete_range(range)
                .map_err(|reason| line_err(line_no, format!("{reason} in `{}`", excerpt(line))))?;
            if declared.is_some() {
                return Err(line_err(
                    line_no,
                    "a second `# complete for` line".to_string(),
                ));
            }
            declared = Some((coverage, line_no));
            for (row_line, row) in unchecked.drain(..) {
                check_in_range(row, coverage, line_no).map_err(|r| line_err(row_line, r))?;
            }
            continue;
        }
        if line.starts_with('#') {
            continue;
        }
        if !seen_header {
            check_header(line).map_err(|reason| line_err(line_no, reason))?;
            seen_header = true;
            continue;
        }
        let row = parse_row(line).map_err(|reason| line_err(line_no, reason))?;
        match declared {
            Some((coverage, at)) => {
                check_in_range(row, coverage, at).map_err(|r| line_err(line_no, r))?
            }
            None => unchecked.push((line_no, row)),
        }
        let (stem, s, t) = (row.bidegree.n(), row.bidegree.s(), row.bidegree.t());
        if dims.insert((stem, s), row.dim).is_some() {
            return Err(line_err(
                line_no,
                format!("bidegree stem {stem}, s {s} appears twice"),
            ));
        }
        max_t = Some(max_t.map_or(t, |m| m.max(t)));
    }

    let whole = |reason: String| CsvError::Whole {
        file: file.to_string(),
        reason,
    };
    if !seen_header {
        return Err(whole(format!("no header line `{HEADER}`")));
    }
    let coverage = coverage(declared.map(|(c, _)| c), max_t).map_err(whole)?;
    Ok(ExtTable {
        coverage,
        prime,
        algebra,
        dims,
    })
}

/// The prime `N` of the first `mod N` on `line` (`mod` a word of its own, any case, then
/// digits): `None` without one, an error when `N` is not a prime.
fn stated_prime(line: &str) -> Result<Option<u32>, String> {
    let lower = line.to_ascii_lowercase();
    let mut from = 0;
    while let Some(at) = lower[from..].find("mod") {
        let start = from + at;
        from = start + "mod".len();
        let before = lower[..start].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &lower[from..];
        let digits = rest.trim_start_matches([' ', '\t']);
        let number: String = digits.chars().take_while(char::is_ascii_digit).collect();
        if number.is_empty() || digits.len() == rest.len() {
            continue;
        }
        return match number.parse::<u32>() {
            Ok(p) if crate::input::is_prime(p) => Ok(Some(p)),
            _ => Err(format!(
                "`mod {}` names no prime (the table's prime is read from `mod p` on its first line)",
                excerpt(&number)
            )),
        };
    }
    Ok(None)
}

/// The header line, `stem,s,t,dim` (spaces around the commas allowed).
fn check_header(line: &str) -> Result<(), String> {
    let header: String = line.split(',').map(str::trim).collect::<Vec<_>>().join(",");
    if header != HEADER {
        return Err(format!(
            "expected the header `{HEADER}`, found `{}`",
            excerpt(line)
        ));
    }
    Ok(())
}

/// The range a table covers: its `# complete for` line's, else every `t` up to the
/// largest it has.
fn coverage(declared: Option<Coverage>, max_t: Option<i32>) -> Result<Coverage, String> {
    match (declared, max_t) {
        (Some(c), _) => Ok(c),
        (None, Some(max_t)) => Ok(Coverage::UpToT { max_t }),
        (None, None) => Err(
            "no rows and no `# complete for stem <= N, s <= S` line, so it covers no bidegree"
                .to_string(),
        ),
    }
}

/// The text after `complete for` if `line` is a `# complete for` line. Spacing
/// after `#` and the case of `complete for` do not matter: a near miss such as
/// `#complete for stem <= 40, s <= 20` must not pass for a comment, or the table
/// would silently count as complete only up to its largest `t`.
fn complete_line_rest(line: &str) -> Option<&str> {
    let rest = line.strip_prefix('#')?.trim_start();
    let words = "complete for";
    let head = rest.get(..words.len())?;
    if !head.eq_ignore_ascii_case(words) {
        return None;
    }
    Some(&rest[words.len()..])
}

/// `stem <= N, s <= S`, or `t <= T` (spaces optional around the parts, any case), with
/// `|N|, S, |T| <= MAX_ABS_DEGREE`. The error says which bound is wrong and why.
fn parse_complete_range(text: &str) -> Result<Coverage, String> {
    let text = text.to_ascii_lowercase();
    if let Some(rest) = text.trim().strip_prefix('t') {
        let Some(max_t) = rest.trim_start().strip_prefix("<=") else {
            return Err(
                "expected `# complete for stem <= N, s <= S` or `# complete for t <= T`"
                    .to_string(),
            );
        };
        return Ok(Coverage::UpToT {
            max_t: range_bound("t", max_t.trim())?,
        });
    }
    let bound = |part: Option<&str>, name: &str| -> Option<String> {
        let rest = part?
            .trim()
            .strip_prefix(name)?
            .trim_start()
            .strip_prefix("<=")?;
        Some(rest.trim().to_string())
    };
    let mut parts = text.split(',');
    let (Some(stem), Some(s), None) = (
        bound(parts.next(), "stem"),
        bound(parts.next(), "s"),
        parts.next(),
    ) else {
        return Err(
            "expected `# complete for stem <= N, s <= S` or `# complete for t <= T`".to_string(),
        );
    };
    let max_stem = range_bound("stem", &stem)?;
    let max_s = range_bound("s", &s)?;
    Ok(Coverage::StemS {
        max_stem,
        max_s: max_s as u32,
    })
}

/// One bound of the range line: a whole number in `0..=MAX_ABS_DEGREE`.
fn range_bound(name: &str, text: &str) -> Result<i32, String> {
    let limit = crate::MAX_ABS_DEGREE;
    match text.parse::<i64>() {
        Err(_) => Err(format!("the bound `{name} <= {}` is not a whole number", excerpt(text))),
        Ok(n) if n < 0 && name == "s" => Err(format!(
            "the bound `s <= {n}` is negative: s >= 0 in every bidegree, so the stated range is empty"
        )),
        // A stem bound may be negative: a module with cells below 0 (`C2[-20]`) has its
        // classes there.
        Ok(n) if n.unsigned_abs() > limit.unsigned_abs().into() => Err(format!(
            "the bound `{name} <= {n}` is beyond the limit ±{limit} (2^21; no table comes near it)"
        )),
        Ok(n) => Ok(n as i32),
    }
}

/// A row must lie in the range its table states (on line `range_line`): outside it the
/// table claims nothing, so such a row is a mistake in the file.
fn check_in_range(row: Row, coverage: Coverage, range_line: usize) -> Result<(), String> {
    if coverage.contains(row.bidegree.n(), row.bidegree.s()) {
        return Ok(());
    }
    Err(format!(
        "stem {}, s {} lies outside the range `{coverage}` stated on line {range_line}",
        row.bidegree.n(),
        row.bidegree.s()
    ))
}

fn parse_row(line: &str) -> Result<Row, String> {
    let fields: Vec<&str> = line.split(',').map(str::trim).collect();
    if fields.len() != 4 {
        return Err(format!(
            "expected 4 fields stem,s,t,dim, found {} in `{}`",
            fields.len(),
            excerpt(line)
        ));
    }
    fn num<T: std::str::FromStr>(name: &str, text: &str) -> Result<T, String> {
        text.parse()
            .map_err(|_| format!("{name} `{}` is not a valid number here", excerpt(text)))
    }
    let stem: i32 = num("stem", fields[0])?;
    let s: u32 = num("s", fields[1])?;
    let t: i32 = num("t", fields[2])?;
    let dim: usize = num("dim", fields[3])?;
    let limit = crate::MAX_ABS_DEGREE;
    for (name, value) in [
        ("stem", i64::from(stem)),
        ("s", i64::from(s)),
        ("t", i64::from(t)),
    ] {
        if value.abs() > i64::from(limit) {
            return Err(format!(
                "{name} {value} is beyond the limit {limit} (2^21) in absolute value"
            ));
        }
    }
    if i64::from(t) != i64::from(stem) + i64::from(s) {
        return Err(format!(
            "t {t} is not stem + s = {}",
            i64::from(stem) + i64::from(s)
        ));
    }
    Ok(Row {
        bidegree: Bidegree::n_s(stem, s),
        dim,
    })
}

/// The first line of an ext.csv written by `adams resolve`, naming the prime `p` of the
/// Steenrod algebra (`… over the mod 3 Steenrod algebra …`).
pub fn complete_line(
    max_stem: i32,
    max_s: u32,
    module: &str,
    algorithm: &str,
    p: u32,
    sub: Option<&str>,
) -> String {
    format!(
        "{COMPLETE_PREFIX}stem <= {max_stem}, s <= {max_s}; Ext of {module} over {}, computed by \
         adams ({algorithm})",
        algebra_name(p, sub)
    )
}

/// The algebra a table is over: `the mod p Steenrod algebra`, or a sub-Hopf algebra of it
/// (`sub`: its name, e.g. `A(1)`) — "A(1), a sub-Hopf algebra of the mod 2 Steenrod algebra".
pub fn algebra_name(p: u32, sub: Option<&str>) -> String {
    match sub {
        None => format!("the mod {p} Steenrod algebra"),
        Some(b) => format!("{b}, a sub-Hopf algebra of the mod {p} Steenrod algebra"),
    }
}

/// Write an ext.csv: its first line `first` (the `# complete for` line of
/// [`complete_line`]), the header, then the nonzero rows sorted by stem then s.
pub fn write_table(out: &mut impl Write, first: &str, rows: &[Row]) -> std::io::Result<()> {
    let mut sorted: Vec<Row> = rows.iter().copied().filter(|r| r.dim > 0).collect();
    sorted.sort_by_key(|r| r.bidegree);
    writeln!(out, "{first}")?;
    writeln!(out, "{HEADER}")?;
    for r in &sorted {
        writeln!(
            out,
            "{},{},{},{}",
            r.bidegree.n(),
            r.bidegree.s(),
            r.bidegree.t(),
            r.dim
        )?;
    }
    Ok(())
}

pub mod algebra;

#[cfg(test)]
mod prime_tests;

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A row at (stem, s) with `t = stem + s` (shared by the chart tests).
    pub(crate) fn row(stem: i32, s: u32, dim: usize) -> Row {
        Row {
            bidegree: Bidegree::n_s(stem, s),
            dim,
        }
    }

    #[test]
    fn write_then_parse_round_trips() {
        let rows = [
            row(3, 1, 1),
            row(0, 0, 1),
            row(0, 1, 1),
            row(1, 1, 1),
            row(2, 2, 0),
        ];
        let mut out = Vec::new();
        write_table(
            &mut out,
            &complete_line(5, 3, "S_2", "classical", 2, None),
            &rows,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines,
            [
                "# complete for stem <= 5, s <= 3; Ext of S_2 over the mod 2 Steenrod algebra, computed by adams (classical)",
                "stem,s,t,dim",
                "0,0,0,1",
                "0,1,1,1",
                "1,1,2,1",
                "3,1,4,1",
            ]
        );
        let table = parse_table("x.csv", &text).unwrap();
        assert_eq!(
            table.coverage,
            Coverage::StemS {
                max_stem: 5,
                max_s: 3
            }
        );
        assert_eq!(table.dims.len(), 4);
        assert_eq!(table.dim(3, 1), 1);
        assert_eq!(table.dim(2, 2), 0);
    }

    #[test]
    fn table_without_complete_line_covers_up_to_its_largest_t() {
        let table = parse_table("r.csv", "stem,s,t,dim\n0,0,0,1\n7,1,8,1\n3,2,5,1\n").unwrap();
        assert_eq!(table.coverage, Coverage::UpToT { max_t: 8 });
        assert!(table.coverage.contains(6, 2));
        assert!(!table.coverage.contains(7, 2));
    }

    #[test]
    fn reference_style_first_line_is_read() {
        let text = "# complete for stem <= 50, s <= 25; Ext over the mod 2 Steenrod algebra of C2; zeros omitted\nstem,s,t,dim\n0,0,0,1\n";
        let table = parse_table("C2.csv", text).unwrap();
        assert_eq!(
            table.coverage,
            Coverage::StemS {
                max_stem: 50,
                max_s: 25
            }
        );
    }

    #[test]
    fn a_range_by_internal_degree_is_read() {
        let text = "# complete for t <= 236; the sphere, all s\nstem,s,t,dim\n0,0,0,1\n";
        let table = parse_table("S_2.csv", text).unwrap();
        assert_eq!(table.coverage, Coverage::UpToT { max_t: 236 });
        assert!(table.coverage.contains(200, 36) && !table.coverage.contains(200, 37));
        for bad in [
            "# complete for t <= x",
            "# complete for t < 5",
            "# complete for t <= 5, s <= 3",
        ] {
            let err = parse_table("f.csv", &format!("{bad}\nstem,s,t,dim\n")).unwrap_err();
            let err = err.to_string();
            assert!(err.starts_with("f.csv, line 1: "), "{bad}: {err}");
            assert!(
                err.contains("expected `# complete for") || err.contains("is not a whole number"),
                "{bad}: {err}"
            );
        }
    }

    #[test]
    fn complete_line_near_misses_are_read_not_taken_for_comments() {
        for first in [
            "#complete for stem <= 5, s <= 3",
            "#   complete for stem <= 5, s <= 3; free text",
            "# Complete For Stem <= 5, S <= 3",
            "\u{feff}# complete for stem <= 5, s <= 3",
        ] {
            let table = parse_table("x.csv", &format!("{first}\nstem,s,t,dim\n0,0,0,1\n")).unwrap();
            assert_eq!(
                table.coverage,
                Coverage::StemS {
                    max_stem: 5,
                    max_s: 3
                },
                "{first:?}"
            );
        }
        // A malformed one is an error, not a comment.
        let err = parse_table("x.csv", "#complete for everything\nstem,s,t,dim\n").unwrap_err();
        assert!(
            err.to_string()
                .starts_with("x.csv, line 1: expected `# complete for"),
            "{err}"
        );
        // Other comments stay comments.
        let table =
            parse_table("x.csv", "# completed by hand\n#\nstem,s,t,dim\n0,0,0,1\n").unwrap();
        assert_eq!(table.coverage, Coverage::UpToT { max_t: 0 });
    }

    #[test]
    fn a_byte_order_mark_before_the_header_is_ignored() {
        let table = parse_table("x.csv", "\u{feff}stem,s,t,dim\n0,0,0,1\n").unwrap();
        assert_eq!(table.dim(0, 0), 1);
    }

    #[test]
    fn malformed_tables_name_file_line_and_reason() {
        let cases = [
            (
                "stem,s,t,dim\n0,0,0,1\n1,1,3,1\n",
                "f.csv, line 3: t 3 is not stem + s = 2",
            ),
            ("stem,s,t,dim\n0,0,0\n", "f.csv, line 2: expected 4 fields"),
            (
                "stem,s,t,dim\n0,x,0,1\n",
                "f.csv, line 2: s `x` is not a valid number",
            ),
            ("stem,s,t,dim\n0,-1,-1,1\n", "f.csv, line 2: s `-1`"),
            (
                "stem,s,t,dim\n0,0,0,1\n0,0,0,1\n",
                "f.csv, line 3: bidegree stem 0, s 0 appears twice",
            ),
            ("s,stem,t,dim\n", "f.csv, line 1: expected the header"),
            (
                "# complete for stem <= x, s <= 3\nstem,s,t,dim\n",
                "f.csv, line 1: the bound `stem <= x` is not a whole number",
            ),
            // i64::MIN: its abs() overflowed, and the bound read as stem <= 0.
            (
                "# complete for stem <= -9223372036854775808, s <= 3\nstem,s,t,dim\n0,0,0,1\n",
                "f.csv, line 1: the bound `stem <= -9223372036854775808` is beyond the limit",
            ),
            ("# hello\n", "f.csv: no header line"),
            ("stem,s,t,dim\n", "f.csv: no rows and no `# complete for"),
        ];
        for (text, expected) in cases {
            let err = parse_table("f.csv", text).unwrap_err().to_string();
            assert!(
                err.starts_with(expected),
                "{err:?} should start with {expected:?}"
            );
            assert!(!err.contains('\n'), "{err:?} is not one line");
        }
    }
}
