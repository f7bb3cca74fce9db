//! The SVG of a chart at an odd prime: `a0` lines vertical, `h0` lines `2p − 3` stems right.

use super::*;
use crate::chart_json::{Class, Product, Term, FORMAT, VERSION};

/// A hand-made chart at `prime` through stem `2p − 3`, `s ≤ 2` (a test of the drawing, not
/// of Ext): one class at (0, 0), (0, 1), (2p − 3, 1), (2p − 3, 2); the unit's `a0` and
/// `h0` products are the classes at s = 1, and so on up; products leaving the range are
/// unknown.
fn small_odd_chart(prime: u32) -> Chart {
    let far = 2 * prime as i32 - 3;
    let with = |stem, s, a0: Option<Vec<(usize, u32)>>, h0: Option<Vec<(usize, u32)>>| Class {
        a0: Product::from_pairs(a0),
        h0: Product::from_pairs(h0),
        ..Class::new(stem, s, 0)
    };
    Chart {
        format: FORMAT.into(),
        version: VERSION,
        module: "S_3".into(),
        algorithm: "classical".into(),
        prime,
        algebra: None,
        unstable: false,
        min_stem: 0,
        max_stem: far,
        max_s: 2,
        classes: vec![
            with(0, 0, Some(vec![(0, 1)]), Some(vec![(0, 2)])),
            with(0, 1, Some(vec![]), Some(vec![(0, 1)])),
            with(far, 1, Some(vec![(0, 1)]), None),
            with(far, 2, None, None),
        ],
    }
}

/// The `(x1, y1, x2, y2)` of every `<line class="{key}"` in `svg`, as written.
fn lines(svg: &str, key: &str) -> Vec<[String; 4]> {
    let start = format!(r#"<line class="{key}" "#);
    svg.lines()
        .filter_map(|l| l.strip_prefix(&start))
        .map(|rest| {
            ["x1", "y1", "x2", "y2"].map(|a| {
                let from = rest.find(&format!("{a}=\"")).unwrap() + a.len() + 2;
                rest[from..from + rest[from..].find('"').unwrap()].to_string()
            })
        })
        .collect()
}

#[test]
fn a0_lines_are_vertical_and_h0_lines_reach_2p_minus_3_stems_right() {
    let c = small_odd_chart(3);
    assert_eq!(c.check(), Ok(()));
    let svg = render(&c).unwrap();
    // Layout: columns 24 px wide from left = 12 + 14 + 7.92 + 8 = 41.92, so stem 0 is at
    // x = 53.92 and stem 3 at 125.92; rows 24 px high from top = 62, so s = 2, 1, 0 are
    // at y = 74, 98, 122.
    let line = |a: &str, b: &str, c: &str, d: &str| [a, b, c, d].map(String::from);
    assert_eq!(
        lines(&svg, "a0"),
        [
            line("53.9", "122.0", "53.9", "98.0"),
            line("125.9", "98.0", "125.9", "74.0")
        ]
    );
    assert_eq!(
        lines(&svg, "h0"),
        [
            line("53.9", "122.0", "125.9", "98.0"),
            line("53.9", "98.0", "125.9", "74.0")
        ]
    );
    for absent in ["h1", "h2", "products-h1", "products-h2"] {
        assert!(!svg.contains(&format!("class=\"{absent}\"")), "{absent}");
    }
    assert!(svg.contains(
        "Ext of S_3 over the mod 3 Steenrod algebra (Adams E2): stem 0 to 3, s \u{2264} 2"
    ));
    // The legend names a0 and h0 (typeset a_0, h_0), a vertical and a long diagonal sample.
    assert!(svg.contains(r#"<text class="legend" x="42.0" y="48.0" font-size="12">a<tspan dy="3.00" font-size="8.4">0</tspan></text>"#));
    assert!(svg.contains(r#"<text class="legend" x="106.0" y="48.0" font-size="12">h<tspan dy="3.00" font-size="8.4">0</tspan></text>"#));
    assert!(svg.contains(r#"<line class="legend" x1="22.0" y1="50.0" x2="22.0" y2="36.0""#));
    assert!(svg.contains(r#"<line class="legend" x1="72.0" y1="50.0" x2="102.0" y2="36.0""#));
    assert_eq!(svg.matches("<circle class=\"class\"").count(), 4);
}

#[test]
fn one_line_per_term_whatever_its_coefficient_and_the_shift_follows_the_prime() {
    // p = 5: h0 lands 7 stems right.
    let mut c = small_odd_chart(5);
    assert_eq!(c.max_stem, 7);
    c.classes[0].h0 = Product::Known(vec![Term::Scaled(0, 4)]);
    assert_eq!(c.check(), Ok(()));
    let svg = render(&c).unwrap();
    let h0 = lines(&svg, "h0");
    let l = Layout::new(&c, &title(&c), 0.0);
    assert_eq!(h0.len(), 2);
    assert_eq!(h0[0][2], format!("{:.1}", l.x(7)));
    assert_eq!(h0[0][0], format!("{:.1}", l.x(0)));
    assert_eq!(lines(&svg, "a0").len(), 2);
    assert!(svg.contains("over the mod 5 Steenrod algebra"));
}
