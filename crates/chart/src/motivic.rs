//! The C-motivic Adams E2 chart as plain data, and its files: `ext.csv` (the `F_2[τ]`-module
//! by generators), `generators.csv` (each generator with its `h_0`, `h_1`, `h_2`
//! products) and `chart.svg`.
//!
//! The drawing follows the field's C-motivic charts (Isaksen, "Stable stems", Mem. AMS 262
//! (2019), and the charts of Isaksen–Wang–Xu): one dot per generator of the `F_2[τ]`-module
//! at (stem, s), its `τ`-multiples understood; `τ`-free generators grey, `τ`-torsion ones
//! coloured by their order (`τ^1` red, `τ^2` blue, `τ^3` green, `τ^4` and more purple);
//! `h_0` vertical, `h_1` diagonal, `h_2` three stems across, a product onto a `τ`-multiple
//! of the target (`h_i x = τ^k y`, `k ≥ 1`) dashed magenta. The weight of every generator
//! is in its tooltip and in the files.

use std::collections::BTreeMap;
use std::fmt::Write;

/// A generator of `Ext^{s,t}` as an `F_2[τ]`-module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MotivicClass {
    /// Stem `t − s`.
    pub stem: i32,
    /// Adams filtration.
    pub s: u32,
    /// Weight (`τ` lowers it by one).
    pub weight: i32,
    /// `Some(k)` for `F_2[τ]/τ^k`, `None` for `F_2[τ]`.
    pub torsion: Option<u32>,
    /// `h_i·x` for `i = 0, 1, 2`: the generators (indices into the chart's classes) and the
    /// power of `τ` on each; `None` where the product's bidegree is outside the range.
    pub products: [Option<Vec<(usize, u32)>>; 3],
}

/// The C-motivic chart of a run.
#[derive(Clone, Debug)]
pub struct MotivicChart {
    /// Its title.
    pub title: String,
    /// The largest stem.
    pub max_stem: i32,
    /// The largest filtration.
    pub max_s: u32,
    /// Every generator, by stem, then `s`, then weight (highest first).
    pub classes: Vec<MotivicClass>,
}

fn torsion_field(k: Option<u32>) -> String {
    k.map_or("inf".to_string(), |k| k.to_string())
}

impl MotivicChart {
    /// `ext.csv`: the first line `head`, then `stem,s,t,w,tau_torsion,count` (the multiset
    /// of generators by weight and `τ`-torsion order, `inf` for `τ`-free: basis-free).
    pub fn ext_csv(&self, head: &str) -> String {
        let mut counts: BTreeMap<(i32, u32, i32, Option<u32>), usize> = BTreeMap::new();
        for c in &self.classes {
            *counts
                .entry((c.stem, c.s, c.weight, c.torsion))
                .or_insert(0) += 1;
        }
        let mut out = format!("{head}\nstem,s,t,w,tau_torsion,count\n");
        for ((n, s, w, k), count) in counts {
            let t = n + s as i32;
            let _ = writeln!(out, "{n},{s},{t},{w},{},{count}", torsion_field(k));
        }
        out
    }

    /// `generators.csv`: `id,stem,s,t,w,tau_torsion,h0,h1,h2`, each product a sum `t^k{id}`
    /// of generators (`t^k` the power of `τ`, left out for 1), empty for zero, `?` outside
    /// the range.
    pub fn generators_csv(&self, head: &str) -> String {
        let mut out = format!("{head}\nid,stem,s,t,w,tau_torsion,h0,h1,h2\n");
        for (id, c) in self.classes.iter().enumerate() {
            let products: Vec<String> = c
                .products
                .iter()
                .map(|p| match p {
                    None => "?".to_string(),
                    Some(terms) => terms
                        .iter()
                        .map(|&(y, k)| match k {
                            0 => format!("{{{y}}}"),
                            k => format!("t^{k}{{{y}}}"),
                        })
                        .collect::<Vec<_>>()
                        .join(" + "),
                })
                .collect();
            let t = c.stem + c.s as i32;
            let _ = writeln!(
                out,
                "{id},{},{},{t},{},{},{}",
                c.stem,
                c.s,
                c.weight,
                torsion_field(c.torsion),
                products.join(",")
            );
        }
        out
    }

    /// The chart as an SVG document: stem across, Adams filtration up.
    pub fn svg(&self) -> String {
        self.draw(Axis::Filtration)
    }

    /// The Chow degree view: stem across, the Chow degree `stem + s − 2w` up (Isaksen,
    /// "Stable stems", §2.1; the Chow degree is never negative). `h_1` and `h_2` keep it, so
    /// their lines run across, `h_0` raises it by one, `τ` by two.
    pub fn svg_chow(&self) -> String {
        self.draw(Axis::Chow)
    }

    fn height(&self, axis: Axis) -> u32 {
        match axis {
            Axis::Filtration => self.max_s,
            Axis::Chow => self.classes.iter().map(|c| axis.of(c)).max().unwrap_or(0),
        }
    }

    fn draw(&self, axis: Axis) -> String {
        let height = self.height(axis);
        let (w, h) = (
            MARGIN * 2.0 + CELL * (self.max_stem + 1) as f64,
            MARGIN * 2.0 + 24.0 + CELL * (height + 1) as f64,
        );
        let top = h - MARGIN;
        let mut out = String::new();
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0}" height="{h:.0}" viewBox="0 0 {w:.0} {h:.0}" font-family="sans-serif" font-size="11">"#
        );
        let _ = writeln!(
            out,
            r##"<rect width="100%" height="100%" fill="#ffffff"/>"##
        );
        let title = match axis {
            Axis::Filtration => self.title.clone(),
            Axis::Chow => format!("{} (up: Chow degree stem + s − 2w)", self.title),
        };
        let _ = writeln!(
            out,
            r#"<text x="{MARGIN}" y="20" font-size="14">{}</text>"#,
            escape(&title)
        );
        legend(&mut out);
        self.axes(&mut out, top, height);
        let xy = self.positions(top, axis);
        self.lines(&mut out, &xy);
        self.dots(&mut out, &xy);
        out.push_str("</svg>\n");
        out
    }

    /// Where each class sits: spread across its cell.
    fn positions(&self, top: f64, axis: Axis) -> Vec<(f64, f64)> {
        let mut at: BTreeMap<(i32, u32), Vec<usize>> = BTreeMap::new();
        for (k, c) in self.classes.iter().enumerate() {
            at.entry((c.stem, axis.of(c))).or_default().push(k);
        }
        let mut xy = vec![(0.0, 0.0); self.classes.len()];
        for ((n, y), ks) in &at {
            let count = ks.len() as f64;
            for (j, &k) in ks.iter().enumerate() {
                let spread = (j as f64 - (count - 1.0) / 2.0) * (CELL * 0.8 / count).min(7.0);
                xy[k] = (
                    MARGIN + CELL * (*n as f64 + 0.5) + spread,
                    top - CELL * (*y as f64 + 0.5),
                );
            }
        }
        xy
    }

    /// The frame and the stem and vertical labels.
    fn axes(&self, out: &mut String, top: f64, height: u32) {
        for n in (0..=self.max_stem).step_by(2) {
            let x = MARGIN + CELL * (n as f64 + 0.5);
            let _ = writeln!(
                out,
                r##"<text x="{x:.1}" y="{:.1}" text-anchor="middle" fill="#444">{n}</text>"##,
                top + 14.0
            );
        }
        for s in (0..=height).step_by(2) {
            let y = top - CELL * (s as f64 + 0.5);
            let _ = writeln!(
                out,
                r##"<text x="{:.1}" y="{:.1}" text-anchor="end" fill="#444">{s}</text>"##,
                MARGIN - 6.0,
                y + 4.0
            );
        }
        let _ = writeln!(
            out,
            r##"<rect x="{MARGIN}" y="{:.1}" width="{:.1}" height="{:.1}" fill="none" stroke="#bbbbbb"/>"##,
            top - CELL * (height + 1) as f64,
            CELL * (self.max_stem + 1) as f64,
            CELL * (height + 1) as f64
        );
    }

    /// The products: `h_0`, `h_1` black, `h_2` grey, onto a `τ`-multiple dashed magenta.
    fn lines(&self, out: &mut String, xy: &[(f64, f64)]) {
        for (k, c) in self.classes.iter().enumerate() {
            for (i, product) in c.products.iter().enumerate() {
                for &(y, power) in product.iter().flatten() {
                    let ((x1, y1), (x2, y2)) = (xy[k], xy[y]);
                    let style = match (power, i) {
                        (0, 2) => r##"stroke="#888888""##,
                        (0, _) => r##"stroke="#000000""##,
                        _ => r##"stroke="#cc00cc" stroke-dasharray="3,2""##,
                    };
                    let _ = writeln!(
                        out,
                        r#"<line x1="{x1:.1}" y1="{y1:.1}" x2="{x2:.1}" y2="{y2:.1}" {style} stroke-width="1"/>"#
                    );
                }
            }
        }
    }

    /// One dot per generator, coloured by its `τ`-torsion, its bidegree and weight in the
    /// tooltip.
    fn dots(&self, out: &mut String, xy: &[(f64, f64)]) {
        for (c, &(x, y)) in self.classes.iter().zip(xy) {
            let what = c
                .torsion
                .map_or("τ-free".to_string(), |k| format!("τ^{k}-torsion"));
            let _ = writeln!(
                out,
                r#"<circle cx="{x:.1}" cy="{y:.1}" r="3" fill="{}"><title>stem {}, s = {}, weight {}, {what}</title></circle>"#,
                colour(c.torsion),
                c.stem,
                c.s,
                c.weight
            );
        }
    }
}

/// What the vertical axis shows.
#[derive(Clone, Copy)]
enum Axis {
    /// The Adams filtration `s`.
    Filtration,
    /// The Chow degree `stem + s − 2w`.
    Chow,
}

impl Axis {
    fn of(self, c: &MotivicClass) -> u32 {
        match self {
            Axis::Filtration => c.s,
            Axis::Chow => (c.stem + c.s as i32 - 2 * c.weight).max(0) as u32,
        }
    }
}

/// The side of a cell, px.
const CELL: f64 = 28.0;
/// The margin around the grid, px.
const MARGIN: f64 = 40.0;

/// A generator's colour by its `τ`-torsion order.
fn colour(torsion: Option<u32>) -> &'static str {
    match torsion {
        None => "#555555",
        Some(1) => "#ff0000",
        Some(2) => "#0000ff",
        Some(3) => "#00b300",
        Some(_) => "#800080",
    }
}

/// The key to the colours and the dashed lines.
fn legend(out: &mut String) {
    let keys = [
        (None, "τ-free"),
        (Some(1), "τ-torsion 1"),
        (Some(2), "τ^2"),
        (Some(3), "τ^3"),
        (Some(4), "τ^4 or more"),
    ];
    for (i, (torsion, what)) in keys.iter().enumerate() {
        let x = MARGIN + 110.0 * i as f64;
        let _ = writeln!(
            out,
            r#"<circle cx="{:.1}" cy="36" r="3.5" fill="{}"/><text x="{:.1}" y="40">{what}</text>"#,
            x + 4.0,
            colour(*torsion),
            x + 12.0
        );
    }
    let _ = writeln!(
        out,
        r##"<line x1="{:.1}" y1="36" x2="{:.1}" y2="36" stroke="#cc00cc" stroke-dasharray="3,2"/><text x="{:.1}" y="40">h_i x = τ^k y</text>"##,
        MARGIN + 560.0,
        MARGIN + 580.0,
        MARGIN + 584.0
    );
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chart() -> MotivicChart {
        let class = |stem, s, weight, torsion, h1| MotivicClass {
            stem,
            s,
            weight,
            torsion,
            products: [Some(Vec::new()), h1, None],
        };
        MotivicChart {
            title: "t".into(),
            max_stem: 5,
            max_s: 5,
            classes: vec![
                class(3, 3, 3, None, Some(vec![(1, 0)])),
                class(4, 4, 4, Some(1), None),
            ],
        }
    }

    #[test]
    fn the_files_list_generators_by_weight_and_torsion() {
        let c = chart();
        assert_eq!(
            c.ext_csv("# head"),
            "# head\nstem,s,t,w,tau_torsion,count\n3,3,6,3,inf,1\n4,4,8,4,1,1\n"
        );
        let g = c.generators_csv("# head");
        assert!(g.contains("0,3,3,6,3,inf,,{1},?\n"), "{g}");
        assert!(g.contains("1,4,4,8,4,1,,?,?\n"), "{g}");
        let svg = c.svg();
        assert!(
            svg.contains("#ff0000") && svg.contains("weight 4, τ^1-torsion"),
            "{svg}"
        );
        // Chow degrees 3 + 3 − 6 = 0 and 4 + 4 − 8 = 0: one row, the h1 line across.
        let chow = c.svg_chow();
        assert!(chow.contains("Chow degree"), "{chow}");
        assert_eq!(chow.matches(r#"r="3" fill"#).count(), 2);
    }
}
