//! Which line families a chart draws (`--lines`), and how a drawing is asked for
//! ([`Options`]).
//!
//! By default the field's chart: `h0`, `h1`, `h2` at p = 2 (`a0`, `h0` at odd p), the
//! differentials (`d2`) and the products of `adams products --by` classes; the further
//! `h_i` (`i ≥ 3`) that `adams resolve` writes into chart.json are drawn only when asked
//! (`--lines h0,h1,h2,h3`, or `--lines all`): their long lines from stem 0 across the
//! chart would cover the `h0`/`h1`/`h2` structure people read.

use super::labels::Labels;
use super::style::{style, LineStyle};
use crate::chart_json::{extra, Chart, Class, Generator, Term};
use crate::class_spec::ClassSpec;

/// The line families to draw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Lines {
    /// The field's chart (see the module).
    #[default]
    Default,
    /// Every product and differential the chart carries.
    All,
    /// Exactly these keys (those the chart carries).
    Keys(Vec<String>),
}

impl Lines {
    /// Parses `--lines`: `default`, `all`, `none`, or keys separated by commas (`h0,h1,h2,h3`,
    /// `d2`, any class as `adams products --by` writes it: `h2^2`, `(8,3,0)`; a comma inside
    /// parentheses belongs to the class). Error (one line): an empty key, a key that is
    /// neither a class nor a differential.
    pub fn parse(text: &str) -> Result<Lines, String> {
        match text.trim() {
            "default" => return Ok(Lines::Default),
            "all" => return Ok(Lines::All),
            "none" => return Ok(Lines::Keys(Vec::new())),
            _ => {}
        }
        let mut keys = Vec::new();
        for key in split_keys(text).into_iter().map(str::trim) {
            if key.is_empty() {
                return Err("an empty key (keys are separated by single commas)".into());
            }
            let known = key == "a0"
                || super::style::is_differential(key)
                || key.parse::<ClassSpec>().is_ok();
            if !known {
                return Err(format!(
                    "{:?} is not a product key (h0, h1, h2, h3, a0, d2, a class such as h2^2 or (8,3,0)), default, all or none",
                    crate::input::excerpt(key)
                ));
            }
            keys.push(key.to_string());
        }
        Ok(Lines::Keys(keys))
    }

    /// Whether a family with this key is drawn; `generator`: the key is one of the chart's
    /// generators of `Ext^1`.
    fn draws(&self, key: &str, generator: bool, prime: u32) -> bool {
        match self {
            Lines::All => true,
            Lines::Keys(keys) => {
                let key = canonical(key);
                keys.iter().any(|k| canonical(k) == key)
            }
            Lines::Default => generator || prime != 2 || !is_further_hopf(key),
        }
    }

    /// The keys asked for that name no family of `chart` (they draw nothing): `H0` is
    /// `h0`, `h2h2` is `h2^2`, but `(8,3,0)` is not the key `c0` (a class named by its
    /// index is another key than its name). Empty for `default`, `all`, `none`.
    pub fn missing(&self, chart: &Chart) -> Vec<String> {
        let Lines::Keys(keys) = self else {
            return Vec::new();
        };
        let carried: Vec<String> = families(chart, &Lines::All)
            .iter()
            .map(|f| canonical(&f.key))
            .collect();
        keys.iter()
            .filter(|k| !carried.contains(&canonical(k)))
            .cloned()
            .collect()
    }
}

/// The keys of `--lines`: split at the commas outside parentheses.
fn split_keys(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth <= 0 => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out
}

/// A key in one spelling: a class as its [`ClassSpec`] writes it, a monomial in the `h_i`
/// with its factors in order of `i` and repeats as powers (`H2h2` and `h2^2` are one key:
/// the drawn line of a product does not depend on the order of commuting factors, nor on
/// a sign at odd p); a differential or `a0` as it is.
fn canonical(key: &str) -> String {
    match key.parse::<ClassSpec>() {
        Ok(ClassSpec::Monomial(factors)) => {
            let mut merged: Vec<(u32, u32)> = Vec::new();
            for (i, k) in factors {
                match merged.iter_mut().find(|(j, _)| *j == i) {
                    Some((_, e)) => *e += k,
                    None => merged.push((i, k)),
                }
            }
            merged.sort_unstable();
            ClassSpec::Monomial(merged).to_string()
        }
        Ok(spec) if !super::style::is_differential(key) => spec.to_string(),
        _ => key.to_string(),
    }
}

/// Whether `key` is `h_i` with `i ≥ 3`.
fn is_further_hopf(key: &str) -> bool {
    key.strip_prefix('h')
        .and_then(|i| i.parse::<u32>().ok())
        .is_some_and(|i| i >= 3)
}

/// How a chart is drawn (SVG, TikZ, SeqSee).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The line families.
    pub lines: Lines,
    /// Which names are written.
    pub labels: Labels,
    /// The page named in the title (`None`: `Adams E2`, or `Adams E2 with d2` when the
    /// chart carries `d2`).
    pub page: Option<String>,
}

impl Options {
    /// Every family the chart carries, as `adams products` draws its `--by` classes (an
    /// `h_i` among them too, which `adams resolve` draws only when asked).
    pub fn every_line() -> Options {
        Options {
            lines: Lines::All,
            ..Options::default()
        }
    }

    /// The page named in the title.
    pub fn page(&self, chart: &Chart) -> String {
        if let Some(p) = &self.page {
            return p.clone();
        }
        let has_d2 = chart
            .classes
            .iter()
            .any(|c| c.more.contains_key(extra::D2_KEY));
        match has_d2 {
            true => "Adams E2 with d2".into(),
            false => "Adams E2".into(),
        }
    }
}

/// A family of lines: a product or a differential, where it lands and how it is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct Family {
    /// Its key in chart.json (and its class in the SVG).
    pub key: String,
    /// The generator of `Ext^1`, for `h0`, `h1`, `h2`, `a0`.
    pub generator: Option<Generator>,
    /// From `(stem, s)` to `(stem + shift.0, s + shift.1)`.
    pub shift: (i32, u32),
    /// Its style ([`super::style::TABLE`]).
    pub style: LineStyle,
}

impl Family {
    /// The terms of `c`'s product (or differential), `None` when unknown or absent.
    pub fn terms<'c>(&self, c: &'c Class) -> Option<&'c [Term]> {
        match self.generator {
            Some(g) => c.product(g).terms(),
            None => c.more.get(&self.key).and_then(|p| p.terms()),
        }
    }

    /// Whether it is a differential (drawn as arrows).
    pub fn is_differential(&self) -> bool {
        self.style.arrow
    }
}

/// The families `lines` draws of `chart`: its generators of `Ext^1` in their order, then
/// its further keys in key order.
pub fn families(chart: &Chart, lines: &Lines) -> Vec<Family> {
    let mut out: Vec<Family> = chart
        .drawn_generators()
        .into_iter()
        .filter(|g| lines.draws(g.key(), true, chart.prime))
        .map(|g| Family {
            key: g.key().to_string(),
            generator: Some(g),
            shift: (g.stem_shift(chart.prime), 1),
            style: style(g.key()),
        })
        .collect();
    for key in super::more::keys(chart) {
        if !lines.draws(key, false, chart.prime) {
            continue;
        }
        let Ok(shift) = extra::shift(key) else {
            continue;
        };
        out.push(Family {
            key: key.to_string(),
            generator: None,
            shift,
            style: style(key),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_parse_and_select() {
        assert_eq!(Lines::parse("all"), Ok(Lines::All));
        assert_eq!(
            Lines::parse("h0,h1,h2,h3"),
            Ok(Lines::Keys(vec![
                "h0".into(),
                "h1".into(),
                "h2".into(),
                "h3".into()
            ]))
        );
        assert!(Lines::parse("h0,,h1").is_err());
        assert!(Lines::parse("h0,foo").unwrap_err().contains("\"foo\""));
        assert!(Lines::Default.draws("h2", true, 2));
        assert!(!Lines::Default.draws("h3", false, 2));
        assert!(Lines::Default.draws("d2", false, 2));
        assert!(Lines::Default.draws("h2^2", false, 2));
        assert!(Lines::parse("h3").unwrap().draws("h3", false, 2));
        // A class by its index keeps its commas; `none` draws nothing.
        assert_eq!(
            Lines::parse("h0,(8,3,0), h2^2"),
            Ok(Lines::Keys(vec![
                "h0".into(),
                "(8,3,0)".into(),
                "h2^2".into()
            ]))
        );
        assert_eq!(Lines::parse("none"), Ok(Lines::Keys(Vec::new())));
        assert!(!Lines::parse("none").unwrap().draws("h0", true, 2));
        // One key however it is spelled.
        let keys = Lines::parse("H0,h2h2,h3h1").unwrap();
        assert!(keys.draws("h0", true, 2));
        assert!(keys.draws("h2^2", false, 2));
        assert!(keys.draws("h1h3", false, 2));
        assert!(!keys.draws("h1", true, 2));
    }
}
