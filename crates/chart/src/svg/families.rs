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
    /// Parses `--lines`: `default`, `all`, or keys separated by commas (`h0,h1,h2,h3`,
    /// `d2`, any class as `adams products --by` writes it: `h2^2`, `(8,3,0)`). Error (one
    /// line): a key that is neither a class nor a differential.
    pub fn parse(text: &str) -> Result<Lines, String> {
        match text.trim() {
            "default" => return Ok(Lines::Default),
            "all" => return Ok(Lines::All),
            _ => {}
        }
        let mut keys = Vec::new();
        for key in text.split(',').map(str::trim) {
            if key.is_empty() {
                return Err("an empty key (keys are separated by single commas)".into());
            }
            let known = key == "a0"
                || super::style::is_differential(key)
                || key.parse::<ClassSpec>().is_ok();
            if !known {
                return Err(format!(
                    "{:?} is not a product key (h0, h1, h2, h3, a0, d2, a class such as h2^2 or (8,3,0)), default or all",
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
            Lines::Keys(keys) => keys.iter().any(|k| k == key),
            Lines::Default => generator || prime != 2 || !is_further_hopf(key),
        }
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
    }
}
