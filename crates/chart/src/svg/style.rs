//! One style per product and per differential, the same in every chart: the E2 chart of
//! `adams resolve`, the chart with `d2` arrows and the E3 page of `adams d2`, the charts of
//! `adams products`, and the TikZ and SeqSee exports all read this table. The field's
//! conventions (Isaksen, "Stable stems", Mem. AMS 262 (2019), its charts; Bruner's and
//! Hatcher's charts): `h0` vertical and `h1` diagonal in solid black, `h2` lighter; the
//! further `h_i` and the differentials each in a colour of their own.

/// How a family of lines is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineStyle {
    /// Stroke colour, `#rrggbb`.
    pub colour: &'static str,
    /// Stroke width in px (tenths, so that the style is `Eq`): 12 is 1.2 px.
    pub width_tenths: u32,
    /// SVG `stroke-dasharray` (`None`: solid).
    pub dash: Option<&'static str>,
    /// Whether the line ends in an arrowhead (the differentials).
    pub arrow: bool,
}

impl LineStyle {
    /// The stroke width in px.
    pub fn width(&self) -> f64 {
        f64::from(self.width_tenths) / 10.0
    }
}

const fn solid(colour: &'static str, width_tenths: u32) -> LineStyle {
    LineStyle {
        colour,
        width_tenths,
        dash: None,
        arrow: false,
    }
}

const fn arrow(colour: &'static str, dash: Option<&'static str>) -> LineStyle {
    LineStyle {
        colour,
        width_tenths: 11,
        dash,
        arrow: true,
    }
}

/// The fixed table: key and style. A key not listed here (a class of `adams products
/// --by`, such as `h2^2` or `(8,3,0)`) gets one of [`OTHER`] chosen by a hash of the key,
/// so that it too is drawn alike in every chart.
pub const TABLE: [(&str, LineStyle); 15] = [
    ("h0", solid("#000000", 12)),
    ("h1", solid("#000000", 12)),
    (
        "h2",
        LineStyle {
            colour: "#808080",
            width_tenths: 10,
            dash: Some("3 2"),
            arrow: false,
        },
    ),
    ("a0", solid("#000000", 12)),
    ("h3", solid("#c0392b", 10)),
    ("h4", solid("#2e86c1", 10)),
    ("h5", solid("#27ae60", 10)),
    ("h6", solid("#8e44ad", 10)),
    ("h7", solid("#d35400", 10)),
    ("h8", solid("#16a085", 10)),
    ("d2", arrow("#d81b60", None)),
    ("d3", arrow("#1e88e5", None)),
    ("d4", arrow("#43a047", None)),
    ("d5", arrow("#fb8c00", None)),
    ("d6", arrow("#6d4c41", None)),
];

/// Styles of the keys outside [`TABLE`] (dashed, so they are not mistaken for an `h_i`).
const OTHER: [LineStyle; 6] = [
    dashed("#7b1fa2"),
    dashed("#00838f"),
    dashed("#9e9d24"),
    dashed("#5d4037"),
    dashed("#c2185b"),
    dashed("#283593"),
];

const fn dashed(colour: &'static str) -> LineStyle {
    LineStyle {
        colour,
        width_tenths: 10,
        dash: Some("5 2"),
        arrow: false,
    }
}

/// The style of the lines of `key` (`h0`, `h3`, `d2`, `h2^2`, …): [`TABLE`]'s, else one
/// of [`OTHER`] by a hash of the key (FNV-1a, the same on every machine).
pub fn style(key: &str) -> LineStyle {
    if let Some((_, s)) = TABLE.iter().find(|(k, _)| *k == key) {
        return *s;
    }
    let hash = key.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    OTHER[(hash % OTHER.len() as u64) as usize]
}

/// Whether `key` is an Adams differential (`d2`, `d3`, …): drawn as arrows.
pub fn is_differential(key: &str) -> bool {
    key.strip_prefix('d')
        .is_some_and(|r| !r.is_empty() && r.chars().all(|c| c.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_has_one_style_and_the_table_has_no_twins() {
        for (k, s) in TABLE {
            assert_eq!(style(k), s);
            assert_eq!(s.arrow, is_differential(k), "{k}");
        }
        // Distinct keys of the table are told apart (h0, h1, a0 by direction).
        for (i, (k, s)) in TABLE.iter().enumerate() {
            for (l, t) in &TABLE[i + 1..] {
                if !matches!((*k, *l), ("h0", "h1") | ("h0", "a0") | ("h1", "a0")) {
                    assert_ne!(s, t, "{k} and {l}");
                }
            }
        }
        assert_eq!(style("h2^2"), style("h2^2"));
        assert!(!style("(8,3,0)").arrow);
    }
}
