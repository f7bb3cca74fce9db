//! The names written beside the dots: typeset as the literature writes them (`h_0^2 d_0`,
//! `P^2 h_1`: subscripts and superscripts as `<tspan>`s shifted by `dy`, never a caret),
//! and placed so that no two labels overlap and no label covers a dot.
//!
//! **Which names.** By default ([`Labels::Indecomposables`]) the named classes themselves
//! (`h1`, `c0`, `Ph1`, `d0`, `P^2h1`, …: a name of one factor, a row of the table of names),
//! as the charts of the field label their generators and leave products to the lines;
//! [`Labels::All`] every name, products too (`h1 c0`, `h0^2 d0`).
//!
//! **Boxes.** A label's box is computed from its text alone, with upper bounds of the
//! fonts' metrics ([`char_em`] per character, ascent [`ASCENT`], descent [`DESCENT`], at the
//! size of each run), so that a program reading the SVG can compute the same box
//! (`crates/adams/tests/it/chart_labels.rs` does).
//!
//! **Placement.** Labels are placed one by one, fewest factors first, then by stem, `s`,
//! index; each takes the first of [`SPOTS`] around its dot (right and above first, as the
//! charts of the field write them) whose box, widened by [`MARGIN`], meets no dot, no
//! label placed before it and stays inside the plot. A label with no free spot is left
//! out, and the legend says how many were.

use std::collections::HashMap;

use super::{escape, Layout, DOT_R};

/// Which class names the chart writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Labels {
    /// The named classes themselves (a name of one factor).
    #[default]
    Indecomposables,
    /// Every name, products of named classes too.
    All,
    /// No names.
    None,
}

/// Font size of the names (px).
pub const NAME_FONT: f64 = 8.0;
/// Font size of subscripts and superscripts, as a fraction of the name's.
pub const SCRIPT_SCALE: f64 = 0.7;
/// How far a superscript's baseline rises and a subscript's drops (fractions of the name's
/// font size).
pub const SUP_RISE: f64 = 0.4;
pub const SUB_DROP: f64 = 0.25;
/// Upper bounds of the fonts' metrics (em), as Chromium lays DejaVu Sans and Liberation
/// Sans out (measured with `getBBox`, 2026-12-02): the advance of a character
/// ([`char_em`]), the ascent and the descent of a line.
pub const ASCENT: f64 = 0.95;
pub const DESCENT: f64 = 0.25;
/// How far a glyph may reach left of the text's start (em; `j` in DejaVu Sans, 0.1).
pub const LEFT_BEARING: f64 = 0.15;

/// An upper bound of the advance of `c` (em): `m`, `M`, `W` 1.02 (DejaVu Sans: 0.974,
/// 0.863, 0.989), `w` and the other capitals 0.85 (at most 0.818, `Q` 0.787), every other
/// character 0.7 (lower case, digits, parentheses, space: at most 0.636).
pub fn char_em(c: char) -> f64 {
    match c {
        'm' | 'M' | 'W' => 1.02,
        'w' => 0.85,
        c if c.is_uppercase() => 0.85,
        _ => 0.7,
    }
}
/// Least free space around a label's box.
pub const MARGIN: f64 = 0.6;

/// Whether a name is written under `labels`: [`Labels::All`] every name, the default only
/// a name of one factor (no space, no power of a factor: `P^2h1` is one name, `h0^2` and
/// `(P^2h1)^2` are powers).
pub fn is_labelled(name: &str, labels: Labels) -> bool {
    match labels {
        Labels::All => true,
        Labels::None => false,
        Labels::Indecomposables => factors(name) == 1,
    }
}

/// The number of factors of a monomial as the names table writes it (`h0^2 d0`: 3).
pub fn factors(name: &str) -> usize {
    name.split(' ')
        .map(|part| match part.rsplit_once('^') {
            Some((b, k)) if !b.is_empty() && k.chars().all(|c| c.is_ascii_digit()) => {
                k.parse::<usize>().unwrap_or(usize::MAX)
            }
            _ => 1,
        })
        .fold(0usize, usize::saturating_add)
}

/// A run of a typeset name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Run {
    Normal(String),
    Sub(String),
    Sup(String),
}

/// Typesets a name: `^k` a superscript, the digits after a letter (or after `_`) a
/// subscript (`h0` is `h_0`, `P^2h1` is `P^2 h_1`, `(P^2h1)^2`, `d0^2` is `d_0^2`); spaces
/// stay.
pub fn typeset(name: &str) -> Vec<Run> {
    let mut runs: Vec<Run> = Vec::new();
    let mut chars = name.chars().peekable();
    let push = |runs: &mut Vec<Run>, run: Run| match (runs.last_mut(), run) {
        (Some(Run::Normal(a)), Run::Normal(b)) => a.push_str(&b),
        (_, run) => runs.push(run),
    };
    let mut after_letter = false;
    while let Some(c) = chars.next() {
        let take = |chars: &mut std::iter::Peekable<std::str::Chars>, alnum: bool| {
            let mut s = String::new();
            while let Some(&d) = chars.peek() {
                if d.is_ascii_digit() || (alnum && d.is_ascii_alphanumeric()) {
                    s.push(d);
                    chars.next();
                } else {
                    break;
                }
            }
            s
        };
        if c == '^' {
            let k = take(&mut chars, false);
            push(&mut runs, Run::Sup(k));
            after_letter = false;
        } else if c == '_' {
            let k = take(&mut chars, true);
            push(&mut runs, Run::Sub(k));
            after_letter = false;
        } else if c.is_ascii_digit() && after_letter {
            let mut k = c.to_string();
            k.push_str(&take(&mut chars, false));
            push(&mut runs, Run::Sub(k));
            after_letter = false;
        } else {
            push(&mut runs, Run::Normal(c.to_string()));
            after_letter = c.is_ascii_alphabetic();
        }
    }
    runs
}

/// An axis-parallel box: left, top, right, bottom (px, y down).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x0: f64,
    pub y0: f64,
    pub x1: f64,
    pub y1: f64,
}

impl Rect {
    /// Whether the interiors meet.
    pub fn meets(&self, o: &Rect) -> bool {
        self.x0 < o.x1 && o.x0 < self.x1 && self.y0 < o.y1 && o.y0 < self.y1
    }

    fn grown(&self, m: f64) -> Rect {
        Rect {
            x0: self.x0 - m,
            y0: self.y0 - m,
            x1: self.x1 + m,
            y1: self.y1 + m,
        }
    }
}

/// The size of a typeset name: width (from [`LEFT_BEARING`] left of its start), and how
/// far its box reaches above and below the baseline.
pub fn extent(runs: &[Run]) -> (f64, f64, f64) {
    let small = NAME_FONT * SCRIPT_SCALE;
    let mut w = LEFT_BEARING * NAME_FONT;
    let (mut up, mut down) = (ASCENT * NAME_FONT, DESCENT * NAME_FONT);
    for run in runs {
        let (text, size, shift) = match run {
            Run::Normal(t) => (t, NAME_FONT, 0.0),
            Run::Sub(t) => (t, small, SUB_DROP * NAME_FONT),
            Run::Sup(t) => (t, small, -SUP_RISE * NAME_FONT),
        };
        w += text.chars().map(char_em).sum::<f64>() * size;
        up = f64::max(up, ASCENT * size - shift);
        down = f64::max(down, DESCENT * size + shift);
    }
    (w, up, down)
}

/// The SVG text of a typeset name at baseline `(x, y)`, at [`NAME_FONT`].
pub fn svg_text(runs: &[Run], x: f64, y: f64) -> String {
    text_at(runs, x, y, NAME_FONT, "name")
}

/// The SVG text of a typeset name at baseline `(x, y)`: font size `font`, XML class
/// `class`; scripts at [`SCRIPT_SCALE`] of it, shifted by `dy`.
pub fn text_at(runs: &[Run], x: f64, y: f64, font: f64, class: &str) -> String {
    let small = font * SCRIPT_SCALE;
    let mut o = format!(r#"<text class="{class}" x="{x:.1}" y="{y:.1}" font-size="{font}">"#);
    let mut shift = 0.0;
    for run in runs {
        let (text, size, to) = match run {
            Run::Normal(t) => (t, None, 0.0),
            Run::Sub(t) => (t, Some(small), SUB_DROP * font),
            Run::Sup(t) => (t, Some(small), -SUP_RISE * font),
        };
        let dy: f64 = to - shift;
        shift = to;
        match (size, dy.abs() < 1e-9) {
            (None, true) => o.push_str(&escape(text)),
            (None, false) => {
                o.push_str(&format!(r#"<tspan dy="{dy:.2}">{}</tspan>"#, escape(text)))
            }
            (Some(size), _) => o.push_str(&format!(
                r#"<tspan dy="{dy:.2}" font-size="{size:.1}">{}</tspan>"#,
                escape(text)
            )),
        }
    }
    o.push_str("</text>");
    o
}

/// Where a label may go around its dot, in order: the label's left (or right, or centre)
/// edge against the dot and its baseline above, level with or below it, at three
/// distances.
const SPOTS: usize = 3 * 8;

/// The box of spot `k` of a label of `extent` beside the dot at `(cx, cy)`, and the
/// baseline start of its text.
fn spot(k: usize, (w, up, down): (f64, f64, f64), cx: f64, cy: f64) -> (Rect, f64, f64) {
    let far = 1.0 + 3.0 * (k / 8) as f64;
    let gap = DOT_R + MARGIN + far;
    let h = up + down;
    // (left edge, top edge) of the box.
    let (x0, y0) = match k % 8 {
        0 => (cx + gap - 1.0, cy - DOT_R - h),
        1 => (cx + gap, cy - h / 2.0),
        2 => (cx + gap - 1.0, cy + DOT_R),
        3 => (cx - gap + 1.0 - w, cy - DOT_R - h),
        4 => (cx - gap - w, cy - h / 2.0),
        5 => (cx - gap + 1.0 - w, cy + DOT_R),
        6 => (cx - w / 2.0, cy - gap - h),
        _ => (cx - w / 2.0, cy + gap),
    };
    let r = Rect {
        x0,
        y0,
        x1: x0 + w,
        y1: y0 + h,
    };
    (r, x0 + LEFT_BEARING * NAME_FONT, y0 + up)
}

/// A grid of buckets of boxes, for finding the boxes near a box quickly.
struct Grid {
    boxes: Vec<Rect>,
    cells: HashMap<(i64, i64), Vec<usize>>,
}

const GRID: f64 = 24.0;

impl Grid {
    fn cells_of(r: &Rect) -> impl Iterator<Item = (i64, i64)> {
        let (i0, i1) = ((r.x0 / GRID).floor() as i64, (r.x1 / GRID).floor() as i64);
        let (j0, j1) = ((r.y0 / GRID).floor() as i64, (r.y1 / GRID).floor() as i64);
        (i0..=i1).flat_map(move |i| (j0..=j1).map(move |j| (i, j)))
    }

    fn add(&mut self, r: Rect) {
        let k = self.boxes.len();
        self.boxes.push(r);
        for c in Grid::cells_of(&r) {
            self.cells.entry(c).or_default().push(k);
        }
    }

    fn meets(&self, r: &Rect) -> bool {
        Grid::cells_of(r).any(|c| {
            self.cells
                .get(&c)
                .is_some_and(|ks| ks.iter().any(|&k| self.boxes[k].meets(r)))
        })
    }
}

/// A label to place: the dot's centre and the name.
pub struct Wanted<'a> {
    pub dot: (f64, f64),
    pub name: &'a str,
}

/// A placed label: the typeset name and the start of its baseline.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    pub runs: Vec<Run>,
    pub x: f64,
    pub y: f64,
}

/// Places the labels `wanted` (in the order given) among the `dots` (centres) inside the
/// plot of `l`; returns the placed labels and the number left out.
pub fn place(l: &Layout, dots: &[(f64, f64)], wanted: &[Wanted]) -> (Vec<Placed>, usize) {
    let mut grid = Grid {
        boxes: Vec::new(),
        cells: HashMap::new(),
    };
    for &(x, y) in dots {
        grid.add(Rect {
            x0: x - DOT_R,
            y0: y - DOT_R,
            x1: x + DOT_R,
            y1: y + DOT_R,
        });
    }
    let plot = Rect {
        x0: l.left,
        y0: l.top,
        x1: l.right(),
        y1: l.bottom(),
    };
    let inside = |r: &Rect| {
        r.x0 >= plot.x0 + MARGIN
            && r.x1 <= plot.x1 - MARGIN
            && r.y0 >= plot.y0 + MARGIN
            && r.y1 <= plot.y1 - MARGIN
    };
    let (mut placed, mut left_out) = (Vec::new(), 0);
    for w in wanted {
        let runs = typeset(w.name);
        let ext = extent(&runs);
        let found = (0..SPOTS)
            .map(|k| spot(k, ext, w.dot.0, w.dot.1))
            .find(|(r, _, _)| inside(r) && !grid.meets(&r.grown(MARGIN)));
        match found {
            Some((r, x, y)) => {
                grid.add(r);
                placed.push(Placed { runs, x, y });
            }
            None => left_out += 1,
        }
    }
    (placed, left_out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_typeset_without_carets() {
        use Run::*;
        let n = |s: &str| Normal(s.into());
        let sub = |s: &str| Sub(s.into());
        let sup = |s: &str| Sup(s.into());
        assert_eq!(typeset("h0"), vec![n("h"), sub("0")]);
        assert_eq!(typeset("P^2h1"), vec![n("P"), sup("2"), n("h"), sub("1")]);
        assert_eq!(
            typeset("h0^2 d0"),
            vec![n("h"), sub("0"), sup("2"), n(" d"), sub("0")]
        );
        assert_eq!(
            typeset("(P^2h1)^2"),
            vec![n("(P"), sup("2"), n("h"), sub("1"), n(")"), sup("2")]
        );
        assert_eq!(typeset("Pe0"), vec![n("Pe"), sub("0")]);
        assert_eq!(typeset("g2"), vec![n("g"), sub("2")]);
        assert_eq!(typeset("a_1x"), vec![n("a"), sub("1x")]);
        let text = svg_text(&typeset("h0^2"), 1.0, 2.0);
        assert!(!text.contains('^'), "{text}");
        assert_eq!(
            text,
            r#"<text class="name" x="1.0" y="2.0" font-size="8">h<tspan dy="2.00" font-size="5.6">0</tspan><tspan dy="-5.20" font-size="5.6">2</tspan></text>"#
        );
    }

    #[test]
    fn labelled_names() {
        for name in ["c0", "h1", "Ph1", "P^2h1", "d0", "g2"] {
            assert!(is_labelled(name, Labels::Indecomposables), "{name}");
        }
        for name in ["h0^2", "h1 h3", "h0^2 d0", "h1 c0", "d0^2", "(P^2h1)^2"] {
            assert!(!is_labelled(name, Labels::Indecomposables), "{name}");
            assert!(is_labelled(name, Labels::All), "{name}");
        }
        assert_eq!(factors("h0^2 d0"), 3);
    }
}
