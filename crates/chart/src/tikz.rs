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
use crate::svg::labels::Run;
use crate::svg::{Drawing, Options, TooLarge, FONT};

/// Escapes text for LaTeX (outside math): the special characters, and the few non-ASCII
/// characters adams writes (`≤`, `−`).
pub fn escape(text: &str) -> String {
    let mut o = String::new();
    for c in text.chars() {
        match c {
            '\\' => o.push_str("\\textbackslash{}"),
            '{' | '}' | '_' | '&' | '%' | '$' | '#' => {
                o.push('\\');
                o.push(c);
            }
            '^' => o.push_str("\\^{}"),
            '~' => o.push_str("\\~{}"),
            '\u{2264}' => o.push_str("$\\le$"),
            '\u{2212}' => o.push('-'),
            c if c.is_ascii() => o.push(c),
            _ => o.push('?'),
        }
    }
    o
}

/// A typeset name in LaTeX math: subscripts `_{…}`, superscripts `^{…}`, factors
/// separated by `sep` (`\,` in TikZ, a space in SeqSee).
pub fn math(runs: &[Run], sep: &str) -> String {
    let mut o = String::new();
    for run in runs {
        match run {
            Run::Normal(t) => {
                for c in t.chars() {
                    match c {
                        ' ' => o.push_str(sep),
                        c if c.is_ascii_alphanumeric() || "()+-".contains(c) => o.push(c),
                        _ => o.push_str(&escape(&c.to_string())),
                    }
                }
            }
            Run::Sub(t) => {
                let _ = write!(o, "_{{{t}}}");
            }
            Run::Sup(t) => {
                let _ = write!(o, "^{{{t}}}");
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
    o.push_str("\\documentclass[border=4pt]{standalone}\n\\usepackage{tikz}\n");
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

/// One `\draw` per term of a known product or differential, each family in a scope of
/// its style.
fn lines(o: &mut String, chart: &Chart, d: &Drawing) {
    for (k, f) in d.families.iter().enumerate() {
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
    use crate::svg::labels::typeset;

    #[test]
    fn names_in_math_and_text_escaped() {
        assert_eq!(math(&typeset("h0^2 d0"), "\\,"), "h_{0}^{2}\\,d_{0}");
        assert_eq!(math(&typeset("(P^2h1)^2"), " "), "(P^{2}h_{1})^{2}");
        assert_eq!(
            escape("S_2, s \u{2264} 20 & 50%"),
            "S\\_2, s $\\le$ 20 \\& 50\\%"
        );
    }
}
