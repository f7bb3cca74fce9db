//! `chart.html`: the chart as one self-contained page for a browser — the chart.json
//! text, a script and a stylesheet inlined (`assets/chart/*.js`, `assets/chart.css`), nothing
//! loaded from the network, so it opens from `file://`.
//!
//! The page draws on a canvas (stem `n` across, filtration `s` up, the classes of one
//! bidegree side by side; only what is in view is drawn): pan and zoom (wheel, drag, arrow
//! keys, `+`/`-`/`0`, buttons); hovering a class shows its bidegree, name and index;
//! clicking it opens a panel with its products by every key the chart carries (`h0`, `h1`,
//! `h2`, `h3`, …, the `--by` classes of `adams products`), its `h_i`-towers, the products
//! it is a term of, its `d2` in and out (when the chart has `d2`); one toggle per line
//! family; a page switch E2 / E3 (when the chart has `d2`: `E3 = ker d2 / im d2` in each
//! bidegree, over F_2, with the products by the classes that are `d2`-cycles); a search
//! box (a name such as `c0`, or `8,3` / `(8,3,0)`) that centres the view on the class;
//! Massey products `⟨A, B, x⟩` from the `massey.json` files of `adams massey S_2 A B -`
//! that the user loads into the page (chart.json carries none). Names are set with sub-
//! and superscripts (`h₀²`, `P²h₁`).
//!
//! Besides the chart, the page carries a second JSON object, `chart-meta`
//! ([`PageMeta`]): the line families (key, where a product lands, colour, whether drawn at
//! first) computed here from the chart's keys, so that the script needs no parser of class
//! names.

use serde::Serialize;

use crate::chart_json::extra::{self, D2_KEY};
use crate::chart_json::{Chart, Generator};
use crate::class_spec::ClassSpec;

/// The page's script, inlined: the four parts of `assets/chart/` in one function scope.
const SCRIPT: &str = concat!(
    "\"use strict\";\n(function () {\n",
    include_str!("../assets/chart/model.js"),
    include_str!("../assets/chart/e3.js"),
    include_str!("../assets/chart/view.js"),
    include_str!("../assets/chart/panel.js"),
    "})();\n"
);
/// The page's stylesheet, inlined.
const STYLE: &str = include_str!("../assets/chart.css");

/// What the script needs besides the chart: the line families and what the panel shows.
#[derive(Debug, Serialize)]
pub struct PageMeta {
    /// One family per product key of the chart, generators first (`h0`, `h1`, `h2`; odd p
    /// `a0`, `h0`), then `h3`, `h4`, …, then the other keys, then `d2`.
    pub families: Vec<Family>,
    /// Whether the chart carries the Adams `d2` (then the page offers E3).
    pub d2: bool,
}

/// The lines of one product key.
#[derive(Debug, Serialize)]
pub struct Family {
    /// The key in chart.json.
    pub key: String,
    /// Where its product lands from `(stem, s)`: `(stem + shift.0, s + shift.1)`.
    pub shift: (i32, u32),
    /// Line colour (CSS), fixed per key so that every chart draws a product alike.
    pub colour: &'static str,
    /// Line width in px.
    pub width: f64,
    /// Dash pattern in px (empty: solid).
    pub dash: Vec<f64>,
    /// Drawn when the page opens (`h0`, `h1`, `h2`, `a0` and `d2`; the others on request).
    pub on: bool,
    /// A generator of `Ext^1` the panel follows as a tower (`h0`, `h1`, `h2`, `a0`).
    pub tower: bool,
    /// Its products pass to E3 whatever the chart says: `h0`, `h1`, `h2` (and `a0`, odd p)
    /// are permanent cycles.
    pub permanent: bool,
    /// The class of the key, `(stem, s, index)`, when the chart has it (the page then
    /// reads its `d2` to tell whether its products pass to E3).
    pub class: Option<(i32, u32, usize)>,
}

/// Colours of `h3` … `h8` (index `i − 3`) and of any other key in turn.
const HI_COLOURS: [&str; 6] = [
    "#c0392b", "#2e86c1", "#27ae60", "#8e44ad", "#d35400", "#16a085",
];
/// Colours of keys that are not a single `h_i`, in turn.
const OTHER_COLOURS: [&str; 5] = ["#b7950b", "#1abc9c", "#7d3c98", "#a04000", "#2874a6"];
/// The colour of `d2`: a magenta no product uses.
const D2_COLOUR: &str = "#d81b60";

/// The `i` of a key that is a single `h_i` (`h3`), else `None`.
fn single_h(key: &str) -> Option<u32> {
    match key.parse::<ClassSpec>() {
        Ok(ClassSpec::Monomial(factors)) if factors.len() == 1 && factors[0].1 == 1 => {
            Some(factors[0].0)
        }
        _ => None,
    }
}

/// The class a key names in `chart`: the class of that name, else the indexed class, else
/// the only class of `h_i`'s bidegree.
fn key_class(chart: &Chart, key: &str) -> Option<(i32, u32, usize)> {
    let found = |stem: i32, s: u32, index: usize| {
        chart
            .classes
            .iter()
            .any(|c| (c.stem, c.s, c.index) == (stem, s, index))
            .then_some((stem, s, index))
    };
    if let Some(c) = chart
        .classes
        .iter()
        .find(|c| c.name.as_deref() == Some(key))
    {
        return Some((c.stem, c.s, c.index));
    }
    match key.parse::<ClassSpec>() {
        Ok(ClassSpec::Indexed { stem, s, index }) => found(stem, s, index),
        Ok(spec @ ClassSpec::Monomial(_)) => {
            let (stem, s) = spec.stem_s();
            let dim = chart.dims().get(&(stem, s)).copied().unwrap_or(0);
            (dim == 1).then(|| found(stem, s, 0)).flatten()
        }
        _ => None,
    }
}

/// The line families of `chart`: its generators (those `chart.svg` draws), then its
/// further keys (`h_i` by `i`, the others by name), then `d2`.
pub fn families(chart: &Chart) -> Vec<Family> {
    let mut out: Vec<Family> = chart
        .drawn_generators()
        .into_iter()
        .map(|g| Family {
            key: g.key().to_string(),
            shift: (g.stem_shift(chart.prime), 1),
            colour: if g == Generator::H2 {
                "#8c8c8c"
            } else {
                "#000000"
            },
            width: if g == Generator::H2 { 1.0 } else { 1.2 },
            dash: if g == Generator::H2 {
                vec![4.0, 2.0]
            } else {
                Vec::new()
            },
            on: true,
            tower: true,
            permanent: true,
            class: None,
        })
        .collect();
    let mut keys: Vec<&str> = chart
        .classes
        .iter()
        .flat_map(|c| c.more.keys().map(String::as_str))
        .collect();
    keys.sort_unstable_by_key(|k| (*k == D2_KEY, single_h(k).is_none(), single_h(k), *k));
    keys.dedup();
    let mut others = 0;
    for key in keys {
        let Ok(shift) = extra::shift(key) else {
            continue;
        };
        let colour = match (key, single_h(key)) {
            (D2_KEY, _) => D2_COLOUR,
            (_, Some(i)) if i >= 3 => HI_COLOURS[(i as usize - 3) % HI_COLOURS.len()],
            _ => {
                others += 1;
                OTHER_COLOURS[(others - 1) % OTHER_COLOURS.len()]
            }
        };
        out.push(Family {
            key: key.to_string(),
            shift,
            colour,
            width: 1.0,
            dash: Vec::new(),
            on: key == D2_KEY,
            tower: false,
            permanent: false,
            class: key_class(chart, key),
        });
    }
    out
}

/// Text for HTML element content and attribute values.
fn html_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(ch),
        }
    }
    out
}

/// JSON text safe inside a `<script>` element: every `<` written `\u003c` (it appears only
/// inside JSON strings, where the escape means the same), so no `</script>` can end it.
fn script_json(json: &str) -> String {
    json.replace('<', "\\u003c")
}

/// The page of `chart` (which must pass [`Chart::check`]): one HTML document with the
/// chart, its [`PageMeta`], the script and the stylesheet inlined.
pub fn render(chart: &Chart) -> String {
    let meta = PageMeta {
        families: families(chart),
        d2: chart.classes.iter().any(|c| c.more.contains_key(D2_KEY)),
    };
    let meta = serde_json::to_string(&meta).expect("the page's meta serializes");
    let title = html_text(&format!("{} · adams", crate::svg::title(chart)));
    let json = chart.to_json();
    let mut page = String::with_capacity(json.len() + SCRIPT.len() + STYLE.len() + 4096);
    page.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    page.push_str(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
         script-src 'unsafe-inline'; style-src 'unsafe-inline'\">\n",
    );
    page.push_str(&format!(
        "<title>{title}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n"
    ));
    page.push_str(&toolbar(&html_text(&crate::svg::title(chart))));
    page.push_str(
        "<canvas id=\"chart\" tabindex=\"0\" aria-label=\"Adams chart\"></canvas>\n\
         <div id=\"tip\" hidden></div>\n<aside id=\"panel\" hidden></aside>\n",
    );
    page.push_str("<script type=\"application/json\" id=\"chart-data\">\n");
    page.push_str(&script_json(&json));
    page.push_str("</script>\n<script type=\"application/json\" id=\"chart-meta\">");
    page.push_str(&script_json(&meta));
    page.push_str(&format!(
        "</script>\n<script>\n{SCRIPT}</script>\n</body>\n</html>\n"
    ));
    page
}

/// The bar above the chart: title, zoom buttons, page switch, search, line toggles.
fn toolbar(title: &str) -> String {
    format!(
        "<header id=\"bar\">\n<h1 title=\"{title}\">{title}</h1>\n\
         <button id=\"zoom-in\" title=\"zoom in (+)\">+</button>\
         <button id=\"zoom-out\" title=\"zoom out (-)\">\u{2212}</button>\
         <button id=\"fit\" title=\"whole chart (0)\">fit</button>\n\
         <select id=\"page\" title=\"page of the spectral sequence\">\
         <option value=\"E2\">E2</option><option value=\"E3\">E3</option></select>\n\
         <input id=\"search\" type=\"search\" placeholder=\"find: c0, 8,3\" \
         title=\"a class by name, or stem,s[,index] (/)\"><span id=\"found\"></span>\n\
         <label class=\"file\" title=\"load massey.json files of adams massey A B -\">\
         <input id=\"massey-file\" type=\"file\" accept=\".json\" multiple hidden>\
         Massey\u{2026}</label>\n\
         <span class=\"sep\">|</span> lines: <span id=\"toggles\"></span>\n</header>\n"
    )
}

#[cfg(test)]
mod tests;
