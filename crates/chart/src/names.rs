//! Names of classes of `Ext_A(F_p, F_p)`: the table of named classes
//! (`h_i`, `c0`, `Ph1`, `d0`, `e0`, `f0`, `g`, … at p = 2; `a0`, `h_i`, `b0`, … at odd p)
//! with the definition that pins each down on a resolution (the `adams` library evaluates
//! them there and names a chart's basis classes by them, in its `naming.rs`).
//!
//! **The table** (`crates/chart/data/names-S_2.csv`, bundled as [`BUNDLED`] for p = 2; a
//! user's own by `--names FILE`, same format, at the module's prime): CSV with the header
//! `name,stem,s,definition,source`, `#` comment lines, a field in double quotes when it
//! holds a comma. Each row: the name (letters, digits, `^`, `_`; not of the form `h<i>`
//! unless it is that `h_i`, nor `a0` at odd p unless it is `a_0`), its bidegree
//! `(stem, s)`, its [`Definition`] and the source citing it (required, non-empty). The
//! `h_i` lie in `Ext^{1, |h_i|}` with `|h_i| = 2^i` at p = 2 (Adams 1960) and
//! `2(p − 1)p^i` at odd p, `a_0` in `Ext^{1,1}` (Milnor 1958, §6: duals of the primitives
//! `ξ_1^{p^i}` and `τ_0`; Liulevicius, "The factorization of cyclic reduced powers by
//! secondary cohomology operations", Mem. AMS 42 (1962): these span `Ext^1`).
//! A definition may use only names of the rows above it. The bundled names are sources'
//! (Adams 1960, May 1964, Tangora 1970, Isaksen, "Stable stems", Mem. AMS 262 (2019));
//! the file header lists the citations. There is no bundled table at odd p.
//!
//! Errors ([`NamesError`]) are one line naming the file, the line and the field.

use std::path::{Path, PathBuf};

/// The bundled table of names of the sphere's Ext at p = 2 (`data/names-S_2.csv`).
pub const BUNDLED: &str = include_str!("../data/names-S_2.csv");

/// What the error messages call the bundled table.
pub const BUNDLED_PATH: &str = "crates/chart/data/names-S_2.csv";

/// Largest names table read: 1 MiB (the bundled one is a few kilobytes).
pub const MAX_TABLE_BYTES: u64 = crate::input::MIB;

/// Longest name: 32 characters (the chart draws it next to a dot).
pub const MAX_NAME_CHARS: usize = 32;

/// How a row pins its class down (the `definition` column).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Definition {
    /// `unique`: the one nonzero class of a bidegree where `dim Ext = 1`.
    Unique,
    /// `indecomposable`: the one basis class of the bidegree outside the span of the
    /// products of the named classes above it (named modulo those products).
    Indecomposable,
    /// `<A, B, C>`: the Massey product of three monomials in names above, defined,
    /// nonzero and with zero indeterminacy.
    Massey([Monomial; 3]),
    /// A monomial in names above (`h1 c0`).
    Product(Monomial),
}

/// A product of named classes: `(name, power)` in the order written, powers `≥ 1`.
pub type Monomial = Vec<(String, u32)>;

/// One row of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The name.
    pub name: String,
    /// Stem `n = t − s`.
    pub stem: i32,
    /// Adams filtration.
    pub s: u32,
    /// How it is pinned down.
    pub definition: Definition,
    /// The citation.
    pub source: String,
    /// Its line in the file (1-based), for errors.
    pub line: usize,
}

/// A table of names: the rows in file order, the prime whose Ext it names, and where it
/// came from (for errors).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameTable {
    /// The file it was read from ([`BUNDLED_PATH`] for the bundled one).
    pub path: PathBuf,
    /// The prime p of `Ext_A(F_p, F_p)` it names classes of (where its `h_i` lie).
    pub prime: u32,
    /// The rows, in file order.
    pub rows: Vec<Row>,
}

/// A table that cannot be read or does not hold: one line naming the file, line, field.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum NamesError {
    /// The file cannot be read, or a line is malformed.
    #[error("names table {}: {why}", .path.display())]
    File { path: PathBuf, why: String },
    /// A row's field is wrong.
    #[error("names table {} line {line}, field {field}: {why}", .path.display())]
    Field {
        path: PathBuf,
        line: usize,
        field: &'static str,
        why: String,
    },
}

impl NameTable {
    /// The bundled table, of p = 2, as an owned copy of [`NameTable::bundled_ref`].
    pub fn bundled() -> NameTable {
        NameTable::bundled_ref().clone()
    }

    /// The bundled table, of p = 2, parsed on first use and kept for the process (a chart's
    /// class specs read it once per spec).
    pub fn bundled_ref() -> &'static NameTable {
        static TABLE: std::sync::OnceLock<NameTable> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| {
            NameTable::parse(BUNDLED, Path::new(BUNDLED_PATH), 2)
                .expect("the bundled table is valid")
        })
    }

    /// Reads a table of names of `Ext` at the prime `p` from `path` (a regular UTF-8 file
    /// of at most [`MAX_TABLE_BYTES`]).
    pub fn read(path: &Path, p: u32) -> Result<NameTable, NamesError> {
        let text =
            crate::input::read_text(path, "a names table", MAX_TABLE_BYTES).map_err(|why| {
                NamesError::File {
                    path: path.to_path_buf(),
                    why,
                }
            })?;
        NameTable::parse(&text, path, p)
    }

    /// Parses the text of a table of names of `Ext` at the prime `p` (where its `h_i` and
    /// `a0` lie); `path` is named in errors.
    pub fn parse(text: &str, path: &Path, p: u32) -> Result<NameTable, NamesError> {
        let mut rows: Vec<Row> = Vec::new();
        let mut header = false;
        // A byte order mark, as spreadsheets save CSV files, is not part of the header.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        for (k, raw) in text.lines().enumerate() {
            let line = k + 1;
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let field_error = |field: &'static str, why: String| NamesError::Field {
                path: path.to_path_buf(),
                line,
                field,
                why,
            };
            let fields = split_csv(trimmed).map_err(|why| field_error("(line)", why))?;
            if !header {
                if fields != ["name", "stem", "s", "definition", "source"] {
                    return Err(field_error(
                        "(header)",
                        "the first line must be name,stem,s,definition,source".into(),
                    ));
                }
                header = true;
                continue;
            }
            let [name, stem, s, definition, source] = &fields[..] else {
                return Err(field_error(
                    "(line)",
                    format!(
                        "{} fields, expected 5 (name,stem,s,definition,source)",
                        fields.len()
                    ),
                ));
            };
            let row = parse_row([name, stem, s, definition, source], line, &rows, p)
                .map_err(|(field, why)| field_error(field, why))?;
            rows.push(row);
        }
        if !header {
            return Err(NamesError::File {
                path: path.to_path_buf(),
                why: "no header line name,stem,s,definition,source".into(),
            });
        }
        Ok(NameTable {
            path: path.to_path_buf(),
            prime: p,
            rows,
        })
    }

    /// The row named `name`.
    pub fn row(&self, name: &str) -> Option<&Row> {
        self.rows.iter().find(|r| r.name == name)
    }

    /// Parses a monomial in this table's names and the `h_i` (`h1 c0`, `h0^2d0`, `P^2h1`):
    /// `(name, power)` factors, and its bidegree.
    pub fn monomial(&self, text: &str) -> Result<(Monomial, (i32, u32)), String> {
        let m = parse_monomial(text, &self.rows, "")?;
        Ok((m.clone(), bidegree(&m, &self.rows)))
    }
}

/// A monomial as written: `NAME` or `NAME^k` (`(NAME)^k` when the name holds a `^`, as
/// `(P^2h1)^2`), separated by spaces.
pub fn write_monomial(factors: &[(String, u32)]) -> String {
    let parts: Vec<String> = factors
        .iter()
        .map(|(name, k)| match k {
            1 => name.clone(),
            _ if name.contains('^') => format!("({name})^{k}"),
            _ => format!("{name}^{k}"),
        })
        .collect();
    parts.join(" ")
}

/// The bidegree of a monomial whose names are all in `rows`.
fn bidegree(m: &Monomial, rows: &[Row]) -> (i32, u32) {
    m.iter().fold((0, 0), |(n, s), (name, k)| {
        let r = rows.iter().find(|r| &r.name == name).expect("a known name");
        (n + *k as i32 * r.stem, s + k * r.s)
    })
}

/// One data row: `(field, why)` on error. `above`: the rows before it; `p`: the prime.
fn parse_row(
    [name, stem, s, definition, source]: [&String; 5],
    line: usize,
    above: &[Row],
    p: u32,
) -> Result<Row, (&'static str, String)> {
    check_name(name, above).map_err(|why| ("name", why))?;
    let limit = crate::MAX_ABS_DEGREE;
    let stem: i32 = stem
        .parse()
        .ok()
        .filter(|n: &i32| n.abs() <= limit)
        .ok_or_else(|| ("stem", format!("{stem:?} is not a number within ±{limit}")))?;
    let s: u32 = s
        .parse()
        .ok()
        .filter(|s: &u32| *s >= 1 && *s <= limit as u32)
        .ok_or_else(|| ("s", format!("{s:?} is not a number 1 to {limit}")))?;
    check_primitive(name, (stem, s), p).map_err(|why| ("name", why))?;
    let definition =
        parse_definition(definition, above, (stem, s)).map_err(|why| ("definition", why))?;
    if source.is_empty() {
        return Err(("source", "empty: every name needs its source".into()));
    }
    Ok(Row {
        name: name.clone(),
        stem,
        s,
        definition,
        source: source.clone(),
        line,
    })
}

/// That a row named `h<i>` (or `a0` at odd p) lies where that class of `Ext^1` does:
/// `(stem |h_i| − 1, s 1)`, `|h_i| = 2^i` at p = 2 and `2(p − 1)p^i` at odd p; `a_0` at
/// `(stem 0, s 1)` (the module docs).
fn check_primitive(name: &str, at: (i32, u32), p: u32) -> Result<(), String> {
    if p != 2 && name == "a0" {
        return match at {
            (0, 1) => Ok(()),
            _ => Err(format!(
                "at p = {p}, a0 is the name of a_0, at (stem 0, s 1)"
            )),
        };
    }
    let Some(i) = name.strip_prefix('h').and_then(|i| i.parse::<u32>().ok()) else {
        return Ok(());
    };
    let limit = i64::from(crate::MAX_ABS_DEGREE);
    let degree = match p {
        2 => 1i64.checked_shl(i).filter(|_| i <= 20),
        _ => i64::from(p)
            .checked_pow(i)
            .and_then(|q| q.checked_mul(2 * (i64::from(p) - 1))),
    };
    let stem = degree.map(|t| t - 1).filter(|&n| n <= limit);
    if stem.is_some() && stem == Some(i64::from(at.0)) && at.1 == 1 {
        return Ok(());
    }
    Err(match (p, stem) {
        (2, _) => format!("{name} is the name of h_{i}, at (stem 2^{i} - 1, s 1)"),
        (_, Some(n)) => format!(
            "at p = {p}, {name} is the name of h_{i}, at (stem 2(p - 1)p^{i} - 1 = {n}, s 1)"
        ),
        (_, None) => format!("at p = {p}, h_{i} lies beyond stem {limit}"),
    })
}

/// A name: `[A-Za-z][A-Za-z0-9^_]*`, at most [`MAX_NAME_CHARS`], new.
fn check_name(name: &str, above: &[Row]) -> Result<(), String> {
    let mut chars = name.chars();
    let first_ok = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
    if !first_ok || !chars.all(|c| c.is_ascii_alphanumeric() || c == '^' || c == '_') {
        return Err(format!(
            "{:?}: a name is a letter then letters, digits, ^ or _",
            crate::input::excerpt(name)
        ));
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(format!("longer than {MAX_NAME_CHARS} characters"));
    }
    if above.iter().any(|r| r.name == name) {
        return Err(format!("{name:?} is named twice"));
    }
    Ok(())
}

/// The `definition` field; `at`: the row's bidegree, which a product or Massey product
/// must land in.
fn parse_definition(text: &str, above: &[Row], at: (i32, u32)) -> Result<Definition, String> {
    let land = |what: &str, b: (i32, u32)| match b == at {
        true => Ok(()),
        false => Err(format!(
            "{what} lies at (stem {}, s {}), not at the row's (stem {}, s {})",
            b.0, b.1, at.0, at.1
        )),
    };
    match text {
        "unique" => Ok(Definition::Unique),
        "indecomposable" => Ok(Definition::Indecomposable),
        _ if text.starts_with('<') => {
            let inner = text
                .strip_prefix('<')
                .and_then(|t| t.strip_suffix('>'))
                .ok_or("a Massey product is written <A, B, C>")?;
            let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
            let [a, b, c] = parts[..] else {
                return Err("a Massey product <A, B, C> has three entries".into());
            };
            let m = [a, b, c].map(|x| parse_monomial(x, above, ABOVE));
            let [a, b, c] = m;
            let (a, b, c) = (a?, b?, c?);
            let (na, sa) = bidegree(&a, above);
            let (nb, sb) = bidegree(&b, above);
            let (nc, sc) = bidegree(&c, above);
            land("the Massey product", (na + nb + nc + 1, sa + sb + sc - 1))?;
            Ok(Definition::Massey([a, b, c]))
        }
        _ => {
            let m = parse_monomial(text, above, ABOVE).map_err(|why| {
                format!("{why} (a definition is unique, indecomposable, <A, B, C> or a product of names)")
            })?;
            land("the product", bidegree(&m, above))?;
            Ok(Definition::Product(m))
        }
    }
}

/// Where a definition in the table may find its names (for [`parse_monomial`]'s errors).
const ABOVE: &str = " (above this row)";

/// A monomial in the names of `rows`: factors separated by spaces or `*` (or written
/// together, matched longest name first), each `NAME` or `NAME^k`. `scope` qualifies "the
/// table" in the error for an unknown name ([`ABOVE`] in a table's definitions).
fn parse_monomial(text: &str, rows: &[Row], scope: &str) -> Result<Monomial, String> {
    let mut names: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    let mut out: Monomial = Vec::new();
    let mut rest = text.trim();
    while !rest.is_empty() {
        // `(P^2h1)^2`: a name in parentheses.
        let open = rest.strip_prefix('(');
        let inner = open.unwrap_or(rest);
        let Some(name) = names.iter().find(|n| inner.starts_with(**n)) else {
            return Err(format!(
                "{:?}: no name of the table{scope} starts there",
                crate::input::excerpt(rest)
            ));
        };
        rest = &inner[name.len()..];
        if open.is_some() {
            rest = rest
                .strip_prefix(')')
                .ok_or_else(|| format!("({name} is not closed by )"))?;
        }
        let mut k = 1;
        if let Some(power) = rest.strip_prefix('^') {
            let digits = power.chars().take_while(char::is_ascii_digit).count();
            k = power[..digits]
                .parse()
                .ok()
                .filter(|k| (1..=510).contains(k))
                .ok_or_else(|| format!("{name}^ must be followed by a power 1 to 510"))?;
            rest = &power[digits..];
        }
        out.push((name.to_string(), k));
        rest = rest.trim_start_matches([' ', '*', '·']);
    }
    if out.is_empty() {
        return Err("no factor".into());
    }
    Ok(out)
}

/// Splits one CSV line: fields separated by commas, a field in double quotes may hold
/// commas (no quote inside a quoted field). Fields are trimmed.
fn split_csv(line: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut rest = line;
    loop {
        let t = rest.trim_start();
        if let Some(quoted) = t.strip_prefix('"') {
            let end = quoted
                .find('"')
                .ok_or("a field opens a double quote and does not close it")?;
            out.push(quoted[..end].trim().to_string());
            let after = quoted[end + 1..].trim_start();
            match after.strip_prefix(',') {
                Some(next) => rest = next,
                None if after.is_empty() => return Ok(out),
                None => return Err("text after a quoted field (expected a comma)".into()),
            }
        } else {
            match t.split_once(',') {
                Some((field, next)) => {
                    out.push(field.trim().to_string());
                    rest = next;
                }
                None => {
                    out.push(t.trim().to_string());
                    return Ok(out);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;

/// The bundled table of preferred names (`data/preferred-names-S_2.csv`): monomials in
/// the bundled names as the literature writes them (Isaksen, "Stable stems").
pub const PREFERRED_BUNDLED: &str = include_str!("../data/preferred-names-S_2.csv");

/// What the error messages call the bundled table of preferred names.
pub const PREFERRED_PATH: &str = "crates/chart/data/preferred-names-S_2.csv";

/// A monomial the literature writes for a class, preferred to the shortest one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Preferred {
    /// The monomial as written in the file (`h1^2 d0`).
    pub text: String,
    /// Its factors.
    pub monomial: Monomial,
    /// Its bidegree.
    pub stem: i32,
    pub s: u32,
    /// The citation.
    pub source: String,
}

impl NameTable {
    /// The preferred names of `text` (the format of `data/preferred-names-S_2.csv`: header
    /// `name,stem,s,source`, `#` comments), monomials in this table's names. Errors name
    /// `path`, the line and the field: a monomial in names not in this table, a bidegree
    /// that is not the monomial's, an empty source.
    pub fn preferred(&self, text: &str, path: &Path) -> Result<Vec<Preferred>, NamesError> {
        let mut out = Vec::new();
        let mut header = false;
        for (k, raw) in text.lines().enumerate() {
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let bad = |field: &'static str, why: String| NamesError::Field {
                path: path.to_path_buf(),
                line: k + 1,
                field,
                why,
            };
            let fields = split_csv(trimmed).map_err(|why| bad("(line)", why))?;
            if !header {
                if fields != ["name", "stem", "s", "source"] {
                    return Err(bad(
                        "(header)",
                        "the first line must be name,stem,s,source".into(),
                    ));
                }
                header = true;
                continue;
            }
            let [name, stem, s, source] = &fields[..] else {
                return Err(bad(
                    "(line)",
                    format!("{} fields, expected 4", fields.len()),
                ));
            };
            let (monomial, at) = self.monomial(name).map_err(|why| bad("name", why))?;
            let written = (stem.parse::<i32>().ok(), s.parse::<u32>().ok());
            if written != (Some(at.0), Some(at.1)) {
                return Err(bad(
                    "stem",
                    format!(
                        "{name} lies at (stem {}, s {}), not ({stem}, {s})",
                        at.0, at.1
                    ),
                ));
            }
            if source.is_empty() {
                return Err(bad("source", "empty: every name needs its source".into()));
            }
            out.push(Preferred {
                text: write_monomial(&monomial),
                monomial,
                stem: at.0,
                s: at.1,
                source: source.clone(),
            });
        }
        Ok(out)
    }

    /// The bundled preferred names, as far as they are monomials in this table's names
    /// (each factor a row of this table at the bundled row's bidegree: a user's table
    /// without `d0` has no `h1^2 d0`); none at odd p (they are names of p = 2 classes).
    pub fn preferred_bundled(&self) -> Vec<Preferred> {
        if self.prime != 2 {
            return Vec::new();
        }
        let bundled = NameTable::bundled_ref();
        let same = |name: &str| {
            let (mine, theirs) = (self.row(name), bundled.row(name));
            mine.zip(theirs)
                .is_some_and(|(m, t)| (m.stem, m.s) == (t.stem, t.s))
        };
        bundled
            .preferred(PREFERRED_BUNDLED, Path::new(PREFERRED_PATH))
            .expect("the bundled preferred names are valid")
            .into_iter()
            .filter(|p| p.monomial.iter().all(|(name, _)| same(name)))
            .collect()
    }
}
