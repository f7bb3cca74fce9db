//! `chart.tex`: the chart as a standalone LaTeX document drawn with TikZ, for papers
//! (`pdflatex chart.tex` gives a PDF of the chart alone; or copy the `tikzpicture` into a
//! paper that loads `tikz`).
//!
//! It is the SVG's drawing ([`crate::svg::Drawing`]: the same layout, line families and
//! styles, dots and placed labels) in TikZ, one SVG pixel a TikZ unit of 0.75 pt (y down,
//! as in the SVG): grid and axes, one `\draw` per term of a product (a differential with an
//! arrowhead), one `\fill … circle` per class, the names in math mode (`$h_{0}^{2} d_{0}$`).

use std::fmt::Write as _;

use crate::chart_json::Chart;
use crate::svg::labels::{typeset, Run};
use crate::svg::{Drawing, Options, TooLarge, FONT};

/// The Greek letters of the field's names (`τ` of the motivic charts, `η`, `ν`, `σ` of
/// the cones), as TeX's math commands.
const GREEK: [(char, &str); 24] = [
    ('α', "alpha"),
    ('β', "beta"),
    ('γ', "gamma"),
    ('δ', "delta"),
    ('ε', "epsilon"),
    ('ζ', "zeta"),
    ('η', "eta"),
    ('θ', "theta"),
    ('ι', "iota"),
    ('κ', "kappa"),
    ('λ', "lambda"),
    ('μ', "mu"),
    ('ν', "nu"),
    ('ξ', "xi"),
    ('π', "pi"),
    ('ρ', "rho"),
    ('σ', "sigma"),
    ('τ', "tau"),
    ('φ', "phi"),
    ('χ', "chi"),
    ('ψ', "psi"),
    ('ω', "omega"),
    ('Δ', "Delta"),
    ('Σ', "Sigma"),
];

/// A character outside ASCII in TeX math mode (`None`: in neither table): the Greek
/// letters, `≤`, `−`, `·`.
fn math_symbol(c: char) -> Option<String> {
    if let Some((_, name)) = GREEK.iter().find(|(g, _)| *g == c) {
        return Some(format!("\\{name}{{}}"));
    }
    match c {
        '\u{2264}' => Some("\\le{}".into()),
        '\u{2212}' => Some("-".into()),
        '\u{00b7}' => Some("\\cdot{}".into()),
        _ => None,
    }
}

/// Escapes text for LaTeX outside math (pdflatex, with `fontenc` T1 as
/// [`render`] loads it): the special characters; `~` as `\textasciitilde`; the Greek
/// letters, `≤`, `−`, `·` in math; the accented Latin letters (U+00C0 to U+017F) as they
/// are (LaTeX reads UTF-8); any other character as `[U+XXXX]`, its code point.
pub fn escape(text: &str) -> String {
    let mut o = String::new();
    for c in text.chars() {
        match c {
            '\\' => o.push_str("\\textbackslash{}"),
            '{' | '}' | '_' | '&' | '%' | '$' | '#' => {
                o.push('\\');
                o.push(c);
            }
            '^' => o.push_str("\\textasciicircum{}"),
            '~' => o.push_str("\\textasciitilde{}"),
            '<' => o.push_str("\\textless{}"),
            '>' => o.push_str("\\textgreater{}"),
            '|' => o.push_str("\\textbar{}"),
            c if c.is_ascii() => o.push(c),
            c => match math_symbol(c) {
                Some(m) => {
                    o.push('$');
                    o.push_str(&m);
                    o.push('$');
                }
                None => push_other(&mut o, c),
            },
        }
    }
    o
}

/// An accented Latin letter as it is, any other non-ASCII character as its code point.
fn push_other(o: &mut String, c: char) {
    if ('\u{00c0}'..='\u{017f}').contains(&c) && c != '\u{00d7}' && c != '\u{00f7}' {
        o.push(c);
    } else {
        let _ = write!(o, "[U+{:04X}]", c as u32);
    }
}

/// Escapes text inside TeX math mode: letters, digits and `()+-,./:;=[]` as they are,
/// the special characters as math symbols (`~` is `\sim`), the Greek letters as
/// commands, anything else in `\text{…}` escaped as [`escape`] does.
fn escape_math(text: &str) -> String {
    let mut o = String::new();
    for c in text.chars() {
        match c {
            c if c.is_ascii_alphanumeric() || "()+-,./:;=[]'!?*".contains(c) => o.push(c),
            ' ' => o.push_str("\\ "),
            '{' | '}' | '_' | '&' | '%' | '$' | '#' => {
                o.push('\\');
                o.push(c);
            }
            '\\' => o.push_str("\\backslash{}"),
            '~' => o.push_str("\\sim{}"),
            '^' => o.push_str("\\wedge{}"),
            '<' => o.push('<'),
            '>' => o.push('>'),
            '|' => o.push_str("\\vert{}"),
            c => match math_symbol(c) {
                Some(m) => o.push_str(&m),
                None => {
                    let _ = write!(o, "\\text{{{}}}", escape(&c.to_string()));
                }
            },
        }
    }
    o
}

/// A typeset name in LaTeX math: subscripts `_{…}`, superscripts `^{…}`, factors
/// separated by `sep` (`\,` in TikZ, a space in SeqSee); every character escaped for
/// math mode, so that any name of a chart.json compiles.
pub fn math(runs: &[Run], sep: &str) -> String {
    let mut o = String::new();
    for run in runs {
        match run {
            Run::Normal(t) => {
                for (k, part) in t.split(' ').enumerate() {
                    if k > 0 {
                        o.push_str(sep);
                    }
                    o.push_str(&escape_math(part));
                }
            }
            Run::Sub(t) => {
                let _ = write!(o, "_{{{}}}", escape_math(t));
            }
            Run::Sup(t) => {
                let _ = write!(o, "^{{{}}}", escape_math(t));
            }
        }
    }
    o
}

/// The standalone `.tex` of `chart` drawn as `options` say. Error: as [`crate::svg::render`]
/// (the TikZ text is of the SVG's size).
pub fn render(chart: &Chart, options: &Options) -> Result<String, TooLarge> {
    crate::svg::check_size(chart)?;
    let d = Drawing::new(chart, options);
    let l = &d.layout;
    let mut o = String::new();
    let _ = writeln!(
        o,
        "% {}\n% Written by adams; compile with pdflatex (the standalone class crops the page to the chart).",
        escape(&d.title)
    );
    o.push_str(
        "\\documentclass[border=4pt]{standalone}\n\\usepackage[T1]{fontenc}\n\\usepackage{amsmath}\n\\usepackage{tikz}\n",
    );
    for (k, f) in d.families.iter().enumerate() {
        let _ = writeln!(
            o,
            "\\definecolor{{line{k}}}{{HTML}}{{{}}}",
            f.style.colour.trim_start_matches('#').to_uppercase()
        );
    }
    o.push_str("\\begin{document}\n\\begin{tikzpicture}[x=0.75pt,y=-0.75pt,font=\\sffamily]\n");
    let _ = writeln!(
        o,
        "\\node[anchor=base west,inner sep=0] at (16,22) {{\\small {}}};",
        escape(&d.title)
    );
    grid(&mut o, l);
    lines(&mut o, chart, &d);
    legend(&mut o, &d);
    let _ = writeln!(o, "\\begin{{scope}}[fill=black]");
    for &(x, y) in &d.dots {
        let _ = writeln!(o, "\\fill ({x:.1},{y:.1}) circle[radius=2.25pt];");
    }
    let _ = writeln!(o, "\\end{{scope}}");
    for p in &d.labels {
        let _ = writeln!(
            o,
            "\\node[anchor=base west,inner sep=0,font=\\tiny] at ({:.1},{:.1}) {{${}$}};",
            p.x,
            p.y,
            math(&p.runs, "\\,")
        );
    }
    o.push_str("\\end{tikzpicture}\n\\end{document}\n");
    Ok(o)
}

/// Grid, axes, tick labels and axis titles.
fn grid(o: &mut String, l: &crate::svg::Layout) {
    let _ = writeln!(o, "\\begin{{scope}}[draw=black!8,line width=0.4pt]");
    for n in l.min_stem..=l.max_stem {
        let _ = writeln!(
            o,
            "\\draw ({x:.1},{:.1}) -- ({x:.1},{:.1});",
            l.top,
            l.bottom(),
            x = l.x(n)
        );
    }
    for s in 0..=l.max_s {
        let _ = writeln!(
            o,
            "\\draw ({:.1},{y:.1}) -- ({:.1},{y:.1});",
            l.left,
            l.right(),
            y = l.y(s)
        );
    }
    let _ = writeln!(o, "\\end{{scope}}");
    let _ = writeln!(
        o,
        "\\draw[black!75] ({:.1},{b:.1}) -- ({:.1},{b:.1});\n\\draw[black!75] ({x:.1},{:.1}) -- ({x:.1},{:.1});",
        l.left,
        l.right(),
        l.top,
        l.bottom(),
        b = l.bottom(),
        x = l.left
    );
    for n in l.stem_ticks() {
        let _ = writeln!(
            o,
            "\\node[anchor=base,inner sep=0] at ({:.1},{:.1}) {{\\footnotesize {n}}};",
            l.x(n),
            l.bottom() + FONT + 4.0
        );
    }
    for s in l.s_ticks() {
        let _ = writeln!(
            o,
            "\\node[anchor=base east,inner sep=0] at ({:.1},{:.1}) {{\\footnotesize {s}}};",
            l.left - 6.0,
            l.y(s) + FONT * 0.35
        );
    }
    let _ = writeln!(
        o,
        "\\node[anchor=base] at ({:.1},{:.1}) {{\\footnotesize stem $n = t - s$}};\n\\node[anchor=base,rotate=90] at ({:.1},{:.1}) {{\\footnotesize filtration $s$}};",
        (l.left + l.right()) / 2.0,
        l.bottom() + 2.0 * FONT + 12.0,
        FONT + 4.0,
        (l.top + l.bottom()) / 2.0
    );
}

/// The legend, as in the SVG: a sample of each family's line in its style with its name,
/// then the note (what the dots are; labels left out for room).
fn legend(o: &mut String, d: &Drawing) {
    let _ = writeln!(o, "% legend");
    for (k, f) in d.families.iter().enumerate() {
        let (x1, y1, x2, y2) = crate::svg::legend_sample(f, k);
        let _ = writeln!(
            o,
            "\\draw[{}] ({x1:.1},{y1:.1}) -- ({x2:.1},{y2:.1});",
            style_of(k, f)
        );
        let _ = writeln!(
            o,
            "\\node[anchor=base west,inner sep=0,font=\\footnotesize] at ({:.1},{:.1}) {{${}$}};",
            16.0 + crate::svg::LEGEND_ENTRY_W * k as f64 + 26.0,
            crate::svg::LEGEND_Y + 4.0,
            math(&typeset(&f.key), "\\,")
        );
    }
    let _ = writeln!(
        o,
        "\\node[anchor=base west,inner sep=0,font=\\footnotesize,text=black!67] at ({:.1},{:.1}) {{{}}};",
        crate::svg::legend_note_x(d),
        crate::svg::LEGEND_Y + 4.0,
        escape(&d.note)
    );
}

/// The TikZ style of the `k`-th family: its colour, width, dash and (a differential) arrow.
fn style_of(k: usize, f: &crate::svg::Family) -> String {
    let mut style = format!("draw=line{k},line width={:.2}pt", f.style.width() * 0.75);
    if let Some(dash) = f.style.dash {
        let parts: Vec<&str> = dash.split(' ').collect();
        let _ = write!(
            style,
            ",dash pattern=on {}pt off {}pt",
            parts[0],
            parts.get(1).unwrap_or(&parts[0])
        );
    }
    if f.is_differential() {
        style.push_str(",->");
    }
    style
}

/// One `\draw` per term of a known product or differential, each family in a scope of
/// its style.
fn lines(o: &mut String, chart: &Chart, d: &Drawing) {
    for (k, f) in d.families.iter().enumerate() {
        let style = style_of(k, f);
        let _ = writeln!(o, "% {}\n\\begin{{scope}}[{style}]", escape(&f.key));
        for (c, &(x1, y1)) in chart.classes.iter().zip(&d.dots) {
            let Some(terms) = f.terms(c) else { continue };
            for t in terms {
                let (n, s) = (c.stem + f.shift.0, c.s + f.shift.1);
                if let Some((x2, y2)) = d.dot_of(chart, n, s, t.index()) {
                    let _ = writeln!(o, "\\draw ({x1:.1},{y1:.1}) -- ({x2:.1},{y2:.1});");
                }
            }
        }
        let _ = writeln!(o, "\\end{{scope}}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_math_and_text_escaped() {
        assert_eq!(math(&typeset("h0^2 d0"), "\\,"), "h_{0}^{2}\\,d_{0}");
        assert_eq!(math(&typeset("(P^2h1)^2"), " "), "(P^{2}h_{1})^{2}");
        assert_eq!(
            escape("S_2, s \u{2264} 20 & 50%"),
            "S\\_2, s $\\le{}$ 20 \\& 50\\%"
        );
        assert_eq!(
            escape("Cη~x é 中"),
            "C$\\eta{}$\\textasciitilde{}x é [U+4E2D]"
        );
        assert_eq!(math(&typeset("τ h0~x"), "\\,"), "\\tau{}\\,h_{0}\\sim{}x");
        assert_eq!(math(&typeset("a&b_{c}"), " "), "a\\&b_{}\\{c\\}");
    }
}
