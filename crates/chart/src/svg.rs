//! `chart.svg`: the Adams chart as people draw it — stem `n` across, filtration `s` up, a
//! dot per class (the classes of one bidegree side by side). At p = 2: `h0` products as
//! vertical lines, `h1` as diagonals (one stem right, one up), `h2` as lighter long
//! diagonals (three stems right, one up). At odd p: `a0` products as vertical lines, `h0`
//! as long diagonals (`2p − 3` stems right, one up).
//!
//! Elements a program can count: one `<circle class="class">` per class (with a `<title>`
//! tooltip `(stem, s) index`), one `<line class="h0|h1|h2">` (odd p: `a0|h0`) per nonzero
//! coefficient of a known product (`h_i·x = Σ c_k y_k` draws one line to each `y_k`,
//! whatever its coefficient `c_k ≠ 0`); grid, axes and legend
//! elements carry other classes (`grid`, `axis`, `label`, `legend`). Products whose
//! target lies outside the computed range are unknown and not drawn.
//!
//! Scale (all lengths in px of the SVG user space, which is also its width/height):
//! bidegrees sit on a grid of `cell_w × CELL_H`; `cell_w` grows with the largest
//! dimension of a bidegree so that its dots fit with room between neighbours; stem labels
//! are placed every 1, 2, 5, 10, … stems, the first spacing that leaves room for the widest
//! label, and filtration labels likewise. So a chart to stem 20 and one to stem 150 are
//! both readable at 100% zoom (the latter scrolls).

use std::fmt::Write as _;

use crate::chart_json::{Chart, Class, Generator};

pub use families::{families, Family, Lines, Options};
pub use labels::Labels;
use labels::{Placed, Wanted};

/// Radius of a class's dot.
pub const DOT_R: f64 = 3.0;
/// Distance between the centres of neighbouring dots of one bidegree.
pub const DOT_PITCH: f64 = 9.0;
/// Least free space between the dot rows of neighbouring stems.
const CELL_GAP: f64 = 10.0;
/// Least width of a stem column.
const MIN_CELL_W: f64 = 24.0;
/// Height of a filtration row.
pub const CELL_H: f64 = 24.0;
/// Font size of tick labels and axis titles.
pub const FONT: f64 = 12.0;
/// Font size of the title.
const TITLE_FONT: f64 = 14.0;
/// Upper bound of a character's advance as a fraction of the font size (digits of DejaVu
/// Sans and Liberation Sans are 0.64 and 0.56 em).
const CHAR_EM: f64 = 0.66;
/// Label spacings tried, in stems or filtrations.
const STEPS: [i32; 10] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];
/// Least free space between neighbouring tick labels.
const LABEL_GAP: f64 = 6.0;

/// Largest SVG drawn: 192 MiB. Real charts are far smaller: the sphere through stem 80,
/// `s <= 43` (1132 classes) draws to 222 kB, about 200 bytes a class with its product
/// lines, so a chart to the top degree 510 (a few hundred thousand classes) would be some
/// 60 MB. A chart.json of dense products (every class of a large bidegree times every class
/// of the next) could otherwise draw gigabytes from a 64 MiB file. (192, not 256: the
/// text's buffer doubles, so its capacity stays at 256 MiB.)
pub const MAX_SVG_BYTES: usize = 192 << 20;
/// Fewest bytes a class's `<circle>` and a product's `<line>` take (lower bounds), to refuse
/// a chart that cannot fit before drawing any of it.
const MIN_CLASS_BYTES: usize = 90;
const MIN_LINE_BYTES: usize = 50;

/// Horizontal room of one legend entry (a sample line and its name).
pub(crate) const LEGEND_ENTRY_W: f64 = 64.0;

/// Estimated width of `text` at font size `font`.
pub fn text_width(text: &str, font: f64) -> f64 {
    text.chars().count() as f64 * CHAR_EM * font
}

/// Where everything goes: the grid, margins and label spacing for one chart.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Smallest stem drawn.
    pub min_stem: i32,
    /// Largest stem drawn.
    pub max_stem: i32,
    /// Largest filtration drawn.
    pub max_s: u32,
    /// Width of one stem column (px).
    pub cell_w: f64,
    /// Left edge of the plot area (px).
    pub left: f64,
    /// Top edge of the plot area (px).
    pub top: f64,
    /// Total width and height of the SVG (px).
    pub width: f64,
    /// Total height (px).
    pub height: f64,
    /// Stems between labelled ticks.
    pub stem_step: i32,
    /// Filtrations between labelled ticks.
    pub s_step: i32,
}

impl Layout {
    /// The layout of `chart`, whose largest bidegree holds `max_dim` classes.
    pub fn new(chart: &Chart, title: &str, legend_width: f64) -> Layout {
        let max_dim = chart.dims().values().copied().max().unwrap_or(1).max(1);
        let cell_w = MIN_CELL_W.max((max_dim - 1) as f64 * DOT_PITCH + 2.0 * DOT_R + CELL_GAP);
        let widest_stem = text_width(&chart.min_stem.to_string(), FONT)
            .max(text_width(&chart.max_stem.to_string(), FONT));
        let stem_step = STEPS
            .into_iter()
            .find(|&k| k as f64 * cell_w >= widest_stem + LABEL_GAP)
            .unwrap_or(STEPS[STEPS.len() - 1]);
        let s_step = STEPS
            .into_iter()
            .find(|&k| k as f64 * CELL_H >= FONT + 2.0)
            .unwrap_or(1);
        let s_label_w = text_width(&chart.max_s.to_string(), FONT);
        let left = FONT + 14.0 + s_label_w + 8.0;
        let top = 62.0;
        let plot_w = (chart.max_stem - chart.min_stem + 1) as f64 * cell_w;
        let plot_h = (chart.max_s + 1) as f64 * CELL_H;
        let width = (left + plot_w + 16.0)
            .max(16.0 + text_width(title, TITLE_FONT) + 16.0)
            .max(16.0 + legend_width + 16.0);
        let height = top + plot_h + 2.0 * FONT + 24.0;
        Layout {
            min_stem: chart.min_stem,
            max_stem: chart.max_stem,
            max_s: chart.max_s,
            cell_w,
            left,
            top,
            width: width.ceil(),
            height: height.ceil(),
            stem_step,
            s_step,
        }
    }

    /// x of the centre of stem `n`'s column.
    pub fn x(&self, n: i32) -> f64 {
        self.left + ((n - self.min_stem) as f64 + 0.5) * self.cell_w
    }

    /// y of the centre of filtration `s`'s row.
    pub fn y(&self, s: u32) -> f64 {
        self.top + ((self.max_s - s) as f64 + 0.5) * CELL_H
    }

    /// Bottom edge of the plot area.
    pub fn bottom(&self) -> f64 {
        self.top + (self.max_s + 1) as f64 * CELL_H
    }

    /// Right edge of the plot area.
    pub fn right(&self) -> f64 {
        self.left + (self.max_stem - self.min_stem + 1) as f64 * self.cell_w
    }

    /// Centre of the dot of class `index` of a bidegree `(n, s)` holding `dim` classes.
    pub fn dot(&self, n: i32, s: u32, index: usize, dim: usize) -> (f64, f64) {
        let offset = (index as f64 - (dim as f64 - 1.0) / 2.0) * DOT_PITCH;
        (self.x(n) + offset, self.y(s))
    }

    /// The labelled stems.
    pub fn stem_ticks(&self) -> impl Iterator<Item = i32> + '_ {
        (self.min_stem..=self.max_stem).filter(|n| n.rem_euclid(self.stem_step) == 0)
    }

    /// The labelled filtrations.
    pub fn s_ticks(&self) -> impl Iterator<Item = u32> + '_ {
        (0..=self.max_s).filter(|s| (*s as i32).rem_euclid(self.s_step) == 0)
    }
}

/// Escapes text for XML character data and attribute values.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The chart title: the module, the algebra, the page and the range.
pub fn title(chart: &Chart) -> String {
    title_of_page(chart, "Adams E2")
}

/// The chart title naming `page` (`Adams E2`, `Adams E3`, `Adams E2 with d2`).
pub fn title_of_page(chart: &Chart, page: &str) -> String {
    let (ext, over, page) = match chart.unstable {
        true => (
            "Ext_U",
            "in unstable modules over",
            format!("unstable {page}"),
        ),
        false => ("Ext", "over", page.to_string()),
    };
    format!(
        "{ext} of {} {over} {} ({page}): stem {} to {}, s \u{2264} {}",
        chart.module,
        crate::csv::algebra_name(chart.prime, chart.algebra.as_deref()),
        chart.min_stem,
        chart.max_stem,
        chart.max_s
    )
}

const LEGEND_NOTE: &str = "one dot per class; products leaving the computed range are not drawn";

/// Everything placed: the layout, the families drawn, each class's dot (in the chart's
/// class order) and the labels. The SVG and the TikZ export draw the same drawing.
pub struct Drawing {
    pub title: String,
    pub layout: Layout,
    pub families: Vec<Family>,
    pub dots: Vec<(f64, f64)>,
    pub labels: Vec<Placed>,
    /// Labels left out for want of room.
    pub left_out: usize,
    /// The legend's note.
    pub note: String,
}

impl Drawing {
    /// Lays `chart` out as `options` say.
    pub fn new(chart: &Chart, options: &Options) -> Drawing {
        let title = title_of_page(chart, &options.page(chart));
        let families = families(chart, &options.lines);
        let note_w =
            text_width(LEGEND_NOTE, FONT) + text_width("; 999 labels left out for room", FONT);
        let legend_w = families.len() as f64 * LEGEND_ENTRY_W + note_w;
        let layout = Layout::new(chart, &title, legend_w);
        let dims = chart.dims();
        let dots: Vec<(f64, f64)> = chart
            .classes
            .iter()
            .map(|c| layout.dot(c.stem, c.s, c.index, dims[&(c.stem, c.s)]))
            .collect();
        let mut wanted: Vec<(usize, &Class, Wanted)> = chart
            .classes
            .iter()
            .zip(&dots)
            .filter_map(|(c, &dot)| {
                let name = c.name.as_deref()?;
                labels::is_labelled(name, options.labels)
                    .then(|| (labels::factors(name), c, Wanted { dot, name }))
            })
            .collect();
        wanted.sort_by_key(|(k, c, _)| (*k, c.stem, c.s, c.index));
        let wanted: Vec<Wanted> = wanted.into_iter().map(|(_, _, w)| w).collect();
        let (labels, left_out) = labels::place(&layout, &dots, &wanted);
        let note = match left_out {
            0 => LEGEND_NOTE.to_string(),
            k => format!("{LEGEND_NOTE}; {k} labels left out for room"),
        };
        Drawing {
            title,
            layout,
            families,
            dots,
            labels,
            left_out,
            note,
        }
    }

    /// The centre of the dot of the class `(stem, s, index)`, found in `chart` (which this
    /// drawing was made of).
    pub fn dot_of(&self, chart: &Chart, stem: i32, s: u32, index: usize) -> Option<(f64, f64)> {
        let k = chart
            .classes
            .binary_search_by_key(&(stem, s, index), |c| (c.stem, c.s, c.index))
            .ok()?;
        Some(self.dots[k])
    }
}

/// Draws `chart` (assumed consistent: [`Chart::check`]) as a standalone SVG document, as
/// the default [`Options`] say.
pub fn render(chart: &Chart) -> Result<String, TooLarge> {
    render_with(chart, &Options::default())
}

/// Draws `chart` (assumed consistent: [`Chart::check`]) as a standalone SVG document.
///
/// Error (one line): the drawing would exceed [`MAX_SVG_BYTES`] (refused before drawing
/// when its classes and lines alone exceed it, else given up as soon as it does).
pub fn render_with(chart: &Chart, options: &Options) -> Result<String, TooLarge> {
    check_size(chart)?;
    let d = Drawing::new(chart, options);
    let l = &d.layout;
    let mut o = String::new();
    let _ = writeln!(
        o,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="{FONT}">"#,
        w = l.width,
        h = l.height
    );
    let _ = writeln!(
        o,
        r##"<rect class="background" x="0" y="0" width="{}" height="{}" fill="#ffffff"/>"##,
        l.width, l.height
    );
    let _ = writeln!(
        o,
        r#"<text class="label" x="16" y="22" font-size="{TITLE_FONT}">{}</text>"#,
        escape(&d.title)
    );
    markers(&mut o, &d.families);
    legend(&mut o, chart, &d);
    grid(&mut o, l);
    axes(&mut o, l);
    products(&mut o, chart, &d)?;
    classes(&mut o, chart, &d)?;
    names(&mut o, &d);
    let _ = writeln!(o, "</svg>");
    Ok(o)
}

/// The number of product lines the chart draws.
fn product_lines(chart: &Chart) -> usize {
    chart
        .classes
        .iter()
        .flat_map(|c| {
            chart
                .generators()
                .iter()
                .filter_map(|&g| c.product(g).terms())
                .chain(c.more.values().filter_map(|p| p.terms()))
        })
        .map(<[_]>::len)
        .sum()
}

/// A chart whose drawing (SVG, TikZ or SeqSee) would be larger than [`MAX_SVG_BYTES`]:
/// its classes and product lines.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the drawing would be larger than {} MiB ({classes} classes, {lines} product lines); no chart adams writes comes near it", MAX_SVG_BYTES >> 20)]
pub struct TooLarge {
    pub classes: usize,
    pub lines: usize,
}

fn too_large(chart: &Chart) -> TooLarge {
    TooLarge {
        classes: chart.classes.len(),
        lines: product_lines(chart),
    }
}

/// Refuses, before drawing, a chart whose SVG would be larger than [`MAX_SVG_BYTES`]
/// however it is laid out.
pub(crate) fn check_size(chart: &Chart) -> Result<(), TooLarge> {
    let lines = product_lines(chart);
    if chart
        .classes
        .len()
        .saturating_mul(MIN_CLASS_BYTES)
        .saturating_add(lines.saturating_mul(MIN_LINE_BYTES))
        > MAX_SVG_BYTES
    {
        return Err(too_large(chart));
    }
    Ok(())
}

/// The arrowheads of the differentials drawn (SVG markers, one per colour).
fn markers(o: &mut String, families: &[Family]) {
    let arrows: Vec<&Family> = families.iter().filter(|f| f.is_differential()).collect();
    if arrows.is_empty() {
        return;
    }
    let _ = write!(o, "<defs>");
    for f in arrows {
        let _ = write!(
            o,
            r#"<marker id="head-{}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="{}"/></marker>"#,
            escape(&f.key),
            f.style.colour
        );
    }
    let _ = writeln!(o, "</defs>");
}

/// The stroke attributes of a family: colour, width, dashes, arrowhead.
fn stroke(f: &Family) -> String {
    let mut a = format!(
        r#"stroke="{}" stroke-width="{}""#,
        f.style.colour,
        f.style.width()
    );
    if let Some(dash) = f.style.dash {
        let _ = write!(a, r#" stroke-dasharray="{dash}""#);
    }
    if f.is_differential() {
        let _ = write!(a, r#" marker-end="url(#head-{})""#, escape(&f.key));
    }
    a
}

/// The baseline region of the legend: its samples are centred about this height.
pub(crate) const LEGEND_Y: f64 = 44.0;

/// The sample line `(x1, y1, x2, y2)` of the `i`-th family in the legend: vertical for a
/// product in the same stem, short diagonal for one stem right, long diagonal for more, an
/// arrow up and left for a differential. Its name starts at `16 + LEGEND_ENTRY_W·i + 26`.
pub(crate) fn legend_sample(f: &Family, i: usize) -> (f64, f64, f64, f64) {
    let (x0, ly) = (16.0 + LEGEND_ENTRY_W * i as f64, LEGEND_Y);
    match f.shift.0 {
        _ if f.is_differential() => (x0 + 14.0, ly + 6.0, x0, ly - 8.0),
        0 => (x0 + 6.0, ly + 6.0, x0 + 6.0, ly - 8.0),
        1 => (x0, ly + 6.0, x0 + 14.0, ly - 8.0),
        _ => (x0 - 8.0, ly + 6.0, x0 + 22.0, ly - 8.0),
    }
}

/// Where the legend's note starts, after the samples.
pub(crate) fn legend_note_x(d: &Drawing) -> f64 {
    16.0 + d.families.len() as f64 * LEGEND_ENTRY_W
}

/// Legend: a short sample of each family's style — vertical for a product in the same
/// stem, short diagonal for one stem right, long diagonal for more, an arrow up and left
/// for a differential — and its name typeset.
fn legend(o: &mut String, chart: &Chart, d: &Drawing) {
    let ly = LEGEND_Y;
    let _ = writeln!(o, r#"<g class="legend">"#);
    for (i, f) in d.families.iter().enumerate() {
        let x0 = 16.0 + LEGEND_ENTRY_W * i as f64;
        let (x1, y1, x2, y2) = legend_sample(f, i);
        let _ = writeln!(
            o,
            r#"<line class="legend" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" {}/>"#,
            stroke(f)
        );
        let name = labels::typeset(&f.key);
        let _ = writeln!(
            o,
            "{}",
            labels::text_at(&name, x0 + 26.0, ly + 4.0, FONT, "legend")
        );
    }
    let _ = chart;
    let _ = writeln!(
        o,
        r##"<text class="legend" x="{:.1}" y="{:.1}" fill="#555555">{}</text>"##,
        legend_note_x(d),
        ly + 4.0,
        escape(&d.note)
    );
    let _ = writeln!(o, "</g>");
}

/// Grid through every bidegree, darker at labelled ticks.
fn grid(o: &mut String, l: &Layout) {
    let _ = writeln!(o, r#"<g class="grid" stroke-width="1">"#);
    for n in l.min_stem..=l.max_stem {
        let colour = if n.rem_euclid(l.stem_step) == 0 {
            "#d8d8d8"
        } else {
            "#f0f0f0"
        };
        let _ = writeln!(
            o,
            r#"<line class="grid" x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{:.1}" stroke="{colour}"/>"#,
            l.top,
            l.bottom(),
            x = l.x(n)
        );
    }
    for s in 0..=l.max_s {
        let colour = if (s as i32).rem_euclid(l.s_step) == 0 {
            "#d8d8d8"
        } else {
            "#f0f0f0"
        };
        let _ = writeln!(
            o,
            r#"<line class="grid" x1="{:.1}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="{colour}"/>"#,
            l.left,
            l.right(),
            y = l.y(s)
        );
    }
    let _ = writeln!(o, "</g>");
}

/// Axes, tick labels, axis titles.
fn axes(o: &mut String, l: &Layout) {
    let _ = writeln!(o, r##"<g class="axis" stroke="#444444" stroke-width="1">"##);
    let _ = writeln!(
        o,
        r#"<line class="axis" x1="{:.1}" y1="{b:.1}" x2="{:.1}" y2="{b:.1}"/>"#,
        l.left,
        l.right(),
        b = l.bottom()
    );
    let _ = writeln!(
        o,
        r#"<line class="axis" x1="{x:.1}" y1="{:.1}" x2="{x:.1}" y2="{:.1}"/>"#,
        l.top,
        l.bottom(),
        x = l.left
    );
    let _ = writeln!(o, "</g>");
    let _ = writeln!(o, r##"<g class="ticks" fill="#222222">"##);
    for n in l.stem_ticks() {
        let _ = writeln!(
            o,
            r#"<text class="label stem" x="{:.1}" y="{:.1}" text-anchor="middle">{n}</text>"#,
            l.x(n),
            l.bottom() + FONT + 4.0
        );
    }
    for s in l.s_ticks() {
        let _ = writeln!(
            o,
            r#"<text class="label s" x="{:.1}" y="{:.1}" text-anchor="end">{s}</text>"#,
            l.left - 6.0,
            l.y(s) + FONT * 0.35
        );
    }
    let _ = writeln!(
        o,
        r#"<text class="label" x="{:.1}" y="{:.1}" text-anchor="middle">stem n = t − s</text>"#,
        (l.left + l.right()) / 2.0,
        l.bottom() + 2.0 * FONT + 12.0
    );
    let _ = writeln!(
        o,
        r#"<text class="label" transform="translate({:.1} {:.1}) rotate(-90)" text-anchor="middle">filtration s</text>"#,
        FONT + 4.0,
        (l.top + l.bottom()) / 2.0
    );
    let _ = writeln!(o, "</g>");
}

/// The order families are drawn in: the lighter lines first (`h2`, the further
/// products), then `h1`, `h0` (`a0`), the differentials on top.
fn drawing_order(f: &Family) -> u8 {
    match (f.generator, f.is_differential()) {
        (_, true) => 3,
        (Some(Generator::H2), _) => 0,
        (None, false) => 1,
        (Some(_), false) => 2,
    }
}

/// The lines of every family drawn: one `<line class="KEY">` per term of a known product
/// (or differential), each family in a `<g>` with its style.
fn products(o: &mut String, chart: &Chart, d: &Drawing) -> Result<(), TooLarge> {
    let mut order: Vec<(usize, &Family)> = d.families.iter().enumerate().collect();
    order.sort_by_key(|&(k, f)| (drawing_order(f), std::cmp::Reverse(k)));
    for (_, f) in order {
        let key = escape(&f.key);
        let group = match (f.generator, f.is_differential()) {
            (Some(_), _) => format!("products-{key}"),
            (None, true) => "differentials".to_string(),
            (None, false) => "products-more".to_string(),
        };
        let _ = writeln!(o, r#"<g class="{group}" {}>"#, stroke(f));
        for (c, &(x1, y1)) in chart.classes.iter().zip(&d.dots) {
            let Some(terms) = f.terms(c) else {
                continue;
            };
            let (n, s) = (c.stem + f.shift.0, c.s + f.shift.1);
            for term in terms {
                let Some((x2, y2)) = d.dot_of(chart, n, s, term.index()) else {
                    continue;
                };
                let _ = writeln!(
                    o,
                    r#"<line class="{key}" x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}"/>"#
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

/// Classes on top.
fn classes(o: &mut String, chart: &Chart, d: &Drawing) -> Result<(), TooLarge> {
    let _ = writeln!(o, r##"<g class="classes" fill="#000000">"##);
    for (c, &(x, y)) in chart.classes.iter().zip(&d.dots) {
        let _ = writeln!(
            o,
            r#"<circle class="class" cx="{x:.1}" cy="{y:.1}" r="{DOT_R}"><title>(stem {}, s {}) index {}, t = {}</title></circle>"#,
            c.stem, c.s, c.index, c.t
        );
        if o.len() > MAX_SVG_BYTES {
            return Err(too_large(chart));
        }
    }
    let _ = writeln!(o, "</g>");
    Ok(())
}

/// The placed names, above every line and dot.
fn names(o: &mut String, d: &Drawing) {
    if d.labels.is_empty() {
        return;
    }
    let _ = writeln!(o, r##"<g class="names" fill="#222222">"##);
    for p in &d.labels {
        let _ = writeln!(o, "{}", labels::svg_text(&p.runs, p.x, p.y));
    }
    let _ = writeln!(o, "</g>");
}

pub mod families;
pub mod labels;
mod more;
pub mod style;

#[cfg(test)]
mod odd_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chart_json::{Class, Product, FORMAT, VERSION};

    /// A chart with `dim(n, s)` classes at each bidegree and no products.
    fn chart(max_stem: i32, max_s: u32, dim: impl Fn(i32, u32) -> usize) -> Chart {
        let mut classes = Vec::new();
        for stem in 0..=max_stem {
            for s in 0..=max_s {
                for index in 0..dim(stem, s) {
                    classes.push(Class::new(stem, s, index));
                }
            }
        }
        Chart {
            format: FORMAT.into(),
            version: VERSION,
            module: "M".into(),
            algorithm: String::new(),
            prime: 2,
            algebra: None,
            unstable: false,
            min_stem: 0,
            max_stem,
            max_s,
            classes,
        }
    }

    /// Neighbouring stem labels and filtration labels leave room between them, and the dots
    /// of neighbouring bidegrees do not touch, for small and large charts.
    #[test]
    fn labels_and_dots_do_not_overlap() {
        for (max_stem, max_s, most) in [
            (20, 10, 2),
            (40, 20, 2),
            (120, 60, 8),
            (150, 80, 8),
            (500, 10, 1),
        ] {
            let c = chart(max_stem, max_s, |n, s| {
                if (n + s as i32) % 7 == 0 {
                    most
                } else {
                    1
                }
            });
            let l = Layout::new(&c, &title(&c), 300.0);
            let ticks: Vec<i32> = l.stem_ticks().collect();
            for w in ticks.windows(2) {
                let room = l.x(w[1]) - l.x(w[0]);
                let need = (text_width(&w[0].to_string(), FONT)
                    + text_width(&w[1].to_string(), FONT))
                    / 2.0;
                assert!(
                    room >= need + LABEL_GAP,
                    "stem labels {} and {} overlap at stem {max_stem}",
                    w[0],
                    w[1]
                );
            }
            let s_ticks: Vec<u32> = l.s_ticks().collect();
            for w in s_ticks.windows(2) {
                assert!(
                    l.y(w[0]) - l.y(w[1]) >= FONT,
                    "s labels {} and {} overlap",
                    w[0],
                    w[1]
                );
            }
            // The last dot of the fullest bidegree and the first dot of the next stem.
            let (last, _) = l.dot(3, 4, most - 1, most);
            let (first, _) = l.dot(4, 4, 0, most);
            assert!(
                first - last >= 2.0 * DOT_R + CELL_GAP - 1e-9,
                "dots of stems 3 and 4 are {} px apart",
                first - last
            );
            // Dots within a bidegree.
            let (a, _) = l.dot(3, 4, 0, most);
            let (b, _) = l.dot(3, 4, 1, most);
            assert!(most < 2 || b - a >= 2.0 * DOT_R + 1.0);
            // Everything inside the picture.
            assert!(l.right() <= l.width && l.bottom() + 2.0 * FONT + 12.0 <= l.height);
            assert!(
                ticks.contains(&0) && ticks.len() >= 2,
                "stem labels at {max_stem}: {ticks:?}"
            );
        }
    }

    #[test]
    fn label_spacing_follows_the_column_width() {
        let narrow = chart(40, 20, |_, _| 1);
        let l = Layout::new(&narrow, "", 0.0);
        assert_eq!((l.cell_w, l.stem_step, l.s_step), (MIN_CELL_W, 1, 1));
        let wide = chart(150, 20, |_, _| 1);
        let l = Layout::new(&wide, "", 0.0);
        assert_eq!(l.stem_step, 2, "three-digit labels need two 24 px columns");
    }

    #[test]
    fn a_chart_too_dense_to_draw_is_refused_before_drawing() {
        // Every class at (0, 0) times h0 is the sum of all classes at (0, 1): 4.84 million
        // lines, at least 242 MB of SVG.
        let n = 2200;
        let mut c = chart(0, 1, |_, _| n);
        for class in c.classes.iter_mut().filter(|c| c.s == 0) {
            class.h0 = Product::from_indices(Some((0..n).collect()));
        }
        assert_eq!(c.check(), Ok(()));
        let err = render(&c).unwrap_err();
        assert_eq!(err.to_string(), "the drawing would be larger than 192 MiB (4400 classes, 4840000 product lines); no chart adams writes comes near it");
        // The exports are refused by the same bound, before anything is built.
        assert_eq!(
            crate::seqsee::render(&c, &Options::default()),
            Err(err.clone())
        );
        assert_eq!(crate::tikz::render(&c, &Options::default()), Err(err));
    }

    #[test]
    fn names_are_escaped() {
        let mut c = chart(2, 2, |_, _| 1);
        c.module = "A<&>\"B".into();
        let svg = render(&c).unwrap();
        assert!(svg.contains("A&lt;&amp;&gt;&quot;B"));
        assert!(!svg.contains("A<&"));
    }
}
