//! The ASCII Adams chart: stem `n = t - s` across, Adams filtration `s` up, one
//! mark per bidegree giving `dim Ext^{s,t}`.
//!
//! Marks: `.` for 0, the digit for 1–9, `*` for 10 or more. Each stem takes two
//! columns (the mark and a space); the stem axis is labelled every 5 stems and
//! ticked with `+` there.

use std::collections::HashMap;

use crate::csv::Row;

/// The mark for a dimension.
pub fn mark(dim: usize) -> char {
    match dim {
        0 => '.',
        1..=9 => char::from(b'0' + dim as u8),
        _ => '*',
    }
}

const LABEL_EVERY: i32 = 5;

/// The lines above the chart: what it shows (the module, the prime `p` of the Steenrod
/// algebra, the range) and what a mark means; ends with a blank line.
pub fn header(module: &str, p: u32, sub: Option<&str>, max_stem: i32, max_s: u32) -> String {
    format!(
        "Ext^(s,t) of {module} over {} (Adams E2), stem <= {max_stem}, s <= {max_s}\n\
         mark = dim Ext^(s,t): . for 0, 1-9, * for 10 or more\n\n",
        crate::csv::algebra_name(p, sub)
    )
}

/// Draw stems `min_stem..=max_stem` and filtrations `0..=max_s`. Rows outside
/// that range are ignored. The result ends with a newline; no line has
/// trailing spaces.
pub fn render(rows: &[Row], min_stem: i32, max_stem: i32, max_s: u32) -> String {
    let dims: HashMap<(i32, u32), usize> = rows
        .iter()
        .map(|r| ((r.bidegree.n(), r.bidegree.s()), r.dim))
        .collect();
    let s_width = max_s.to_string().len().max(1);
    let prefix = s_width + 3; // "{s} | "
    let mut out = String::new();

    out.push_str(&format!("{:>s_width$}\n", "s"));
    for s in (0..=max_s).rev() {
        let marks: Vec<String> = (min_stem..=max_stem)
            .map(|n| mark(dims.get(&(n, s)).copied().unwrap_or(0)).to_string())
            .collect();
        out.push_str(&format!("{s:>s_width$} | {}\n", marks.join(" ")));
    }

    // Axis: `+` under every labelled stem, `-` elsewhere.
    let mut axis = format!("{:>s_width$} +", "");
    let mut labels = " ".repeat(prefix);
    for n in min_stem..=max_stem {
        let tick = n.rem_euclid(LABEL_EVERY) == 0;
        axis.push_str(if tick { "-+" } else { "--" });
        // Column of stem n's mark is prefix + 2 * (n - min_stem); the axis string
        // is one column longer at this point ("+" before the first cell).
        if tick {
            let col = prefix + 2 * (n - min_stem) as usize;
            if labels.len() <= col {
                labels.push_str(&" ".repeat(col - labels.len()));
                labels.push_str(&n.to_string());
            }
        }
    }
    out.push_str(&axis);
    out.push('\n');
    out.push_str(labels.trim_end());
    out.push_str("   stem n = t - s\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::csv::tests::row;

    #[test]
    fn the_header_names_the_prime() {
        assert_eq!(
            header("S_3", 3, None, 40, 20),
            "Ext^(s,t) of S_3 over the mod 3 Steenrod algebra (Adams E2), stem <= 40, s <= 20\n\
             mark = dim Ext^(s,t): . for 0, 1-9, * for 10 or more\n\n"
        );
        assert!(
            header("S_2", 2, None, 8, 4).starts_with("Ext^(s,t) of S_2 over the mod 2 Steenrod")
        );
    }

    #[test]
    fn marks() {
        assert_eq!(mark(0), '.');
        assert_eq!(mark(1), '1');
        assert_eq!(mark(9), '9');
        assert_eq!(mark(10), '*');
        assert_eq!(mark(1234), '*');
    }

    #[test]
    fn small_chart_is_drawn_with_stem_across_and_s_up() {
        let rows = [
            row(0, 0, 1),
            row(0, 1, 1),
            row(0, 2, 1),
            row(1, 1, 1),
            row(3, 1, 1),
            row(3, 2, 12),
            row(6, 2, 1),
        ];
        let chart = render(&rows, 0, 6, 2);
        let expected = "\
s
2 | 1 . . * . . 1
1 | 1 1 . 1 . . .
0 | 1 . . . . . .
  +-+---------+--
    0         5   stem n = t - s
";
        assert_eq!(chart, expected);
    }

    #[test]
    fn negative_stems_and_wide_filtrations_stay_aligned() {
        let rows = [row(-2, 0, 1), row(10, 10, 2)];
        let chart = render(&rows, -2, 10, 10);
        let lines: Vec<&str> = chart.lines().collect();
        assert_eq!(lines[0], " s");
        assert_eq!(lines[1], "10 | . . . . . . . . . . . . 2");
        assert_eq!(lines[11], " 0 | 1 . . . . . . . . . . . .");
        // Stem 0 is the third cell: column 5 + 2 * 2 = 9; stem 5 at 19, 10 at 29.
        assert_eq!(lines[12], "   +-----+---------+---------+");
        assert_eq!(
            lines[13],
            "         0         5         10   stem n = t - s"
        );
    }
}
