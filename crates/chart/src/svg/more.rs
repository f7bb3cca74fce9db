//! The lines of the further products of a chart (`h3`, …, any `--by` class of
//! `adams products`; [`crate::chart_json::extra`]), each key in its own colour.

use std::fmt::Write as _;

use super::{escape, too_large, Layout, TooLarge, LEGEND_ENTRY_W, MAX_SVG_BYTES};
use crate::chart_json::extra::D2_KEY;
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

/// Colours of the further products' lines, in turn.
const MORE_COLOURS: [&str; 6] = [
    "#c0392b", "#2e86c1", "#27ae60", "#8e44ad", "#d35400", "#16a085",
];

/// The colour of key number `k` ([`keys`] order): `d2` (`adams d2`) always its own
/// ([`D2_COLOUR`]), the products in turn.
fn colour(k: usize, key: &str) -> &'static str {
    match key {
        D2_KEY => D2_COLOUR,
        _ => MORE_COLOURS[k % MORE_COLOURS.len()],
    }
}

/// The colour of the `d2` arrows: a magenta no product uses.
const D2_COLOUR: &str = "#d81b60";

/// The arrowhead of the `d2` arrows (an SVG marker), drawn before them.
const D2_MARKER: &str = r##"<defs><marker id="d2-head" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#d81b60"/></marker></defs>"##;

/// The further products' lines, each key in its colour (after `h0`, `h1`, `h2`); `d2`
/// as arrows from the source class to each target class.
pub(super) fn products(
    o: &mut String,
    chart: &Chart,
    l: &Layout,
    dim: &impl Fn(i32, u32) -> usize,
) -> Result<(), TooLarge> {
    for (k, key) in keys(chart).into_iter().enumerate() {
        let Ok((dn, ds)) = crate::chart_json::extra::shift(key) else {
            continue;
        };
        let colour = colour(k, key);
        let name = escape(key);
        let (group, head) = match key {
            D2_KEY => {
                let _ = writeln!(o, "{D2_MARKER}");
                ("differentials", r#" marker-end="url(#d2-head)""#)
            }
            _ => ("products-more", ""),
        };
        let _ = writeln!(
            o,
            r#"<g class="{group}" stroke="{colour}" stroke-width="1.0"{head}>"#
        );
        for c in &chart.classes {
            let Some(terms) = c.more.get(key).and_then(|p| p.terms()) else {
                continue;
            };
            let (x1, y1) = l.dot(c.stem, c.s, c.index, dim(c.stem, c.s));
            let (n, s) = (c.stem + dn, c.s + ds);
            for term in terms {
                let (x2, y2) = l.dot(n, s, term.index(), dim(n, s));
                let _ = writeln!(
                    o,
                    r#"<line class="{name}" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}"/>"#
                );
                if o.len() > MAX_SVG_BYTES {
                    return Err(too_large(chart));
                }
            }
        }
        let _ = writeln!(o, "</g>");
    }
    Ok(())
}

/// The legend entries of the further products, after `generators` entries; returns how
/// many it drew.
pub(super) fn legend(o: &mut String, chart: &Chart, generators: usize, ly: f64) -> usize {
    let more = keys(chart);
    for (k, key) in more.iter().enumerate() {
        let x0 = 16.0 + LEGEND_ENTRY_W * (generators + k) as f64;
        let colour = colour(k, key);
        let _ = writeln!(
            o,
            r#"<line class="legend" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{colour}" stroke-width="1.0"/>"#,
            x0 - 8.0,
            ly + 6.0,
            x0 + 22.0,
            ly - 8.0
        );
        let _ = writeln!(
            o,
            r#"<text class="legend" x="{:.1}" y="{:.1}">{}</text>"#,
            x0 + 26.0,
            ly + 4.0,
            escape(key)
        );
    }
    more.len()
}

/// Font size of the names written next to dots.
const NAME_FONT: f64 = 7.0;

/// Whether `name` is drawn next to its dot: a named class (one factor, no power) or a
/// product of two factors at least one of which is not an `h_i` (`h1 c0`, `h0 d0`, `d0^2`);
/// towers and products of the `h_i` alone are left to the lines.
pub(super) fn is_drawn(name: &str) -> bool {
    let mut factors = 0;
    let mut all_h = true;
    for part in name.split(' ') {
        let (base, power) = match part.rsplit_once('^') {
            Some((b, k)) if !b.is_empty() && k.chars().all(|c| c.is_ascii_digit()) => {
                (b, k.parse::<usize>().unwrap_or(usize::MAX))
            }
            _ => (part, 1),
        };
        factors += power;
        let is_h = base
            .strip_prefix('h')
            .is_some_and(|i| i.parse::<u32>().is_ok());
        all_h &= is_h;
    }
    factors == 1 || (factors == 2 && !all_h)
}

/// The names of the classes ([`is_drawn`]), in a small font above and right of each dot.
pub(super) fn names(
    o: &mut String,
    chart: &Chart,
    l: &Layout,
    dim: &impl Fn(i32, u32) -> usize,
) -> Result<(), TooLarge> {
    let drawn: Vec<_> = chart
        .classes
        .iter()
        .filter_map(|c| c.name.as_deref().filter(|n| is_drawn(n)).map(|n| (c, n)))
        .collect();
    if drawn.is_empty() {
        return Ok(());
    }
    let _ = writeln!(
        o,
        r##"<g class="names" fill="#333333" font-size="{NAME_FONT}">"##
    );
    for (c, name) in drawn {
        let (x, y) = l.dot(c.stem, c.s, c.index, dim(c.stem, c.s));
        let _ = writeln!(
            o,
            r#"<text class="name" x="{:.1}" y="{:.1}">{}</text>"#,
            x + super::DOT_R,
            y - super::DOT_R - 1.0,
            escape(name)
        );
        if o.len() > MAX_SVG_BYTES {
            return Err(too_large(chart));
        }
    }
    let _ = writeln!(o, "</g>");
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn drawn_names() {
        for name in ["c0", "h1", "Ph1", "P^2h1", "h1 c0", "h0 d0", "d0^2", "h2 g"] {
            assert!(super::is_drawn(name), "{name}");
        }
        for name in ["h0^2", "h1 h3", "h0^2 d0", "h1^2 c0", "h0 h1 c0"] {
            assert!(!super::is_drawn(name), "{name}");
        }
    }
}
