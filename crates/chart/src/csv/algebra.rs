//! The algebra an Ext table is over, read from its first line: `… over the mod p
//! Steenrod algebra …` (the whole algebra `A`), `… over A(1), a sub-Hopf algebra …` (as
//! `adams resolve` writes it, [`super::algebra_name`]) or `… over A(1) (profile (2,1)) …`
//! (the reference tables), `… over profile (2,1,1), …`.

/// The whole Steenrod algebra, as [`stated_algebra`] names it.
pub const WHOLE: &str = "A";

/// The algebra named after the first `over ` on `line` that names one: [`WHOLE`] for
/// `over the mod …`, `A(n)` for `over A(n)`, `profile (…)` for `over profile (…)`;
/// `None` when no `over ` is followed by one of those (a table that does not say: compared
/// with any).
pub fn stated_algebra(line: &str) -> Option<String> {
    let mut from = 0;
    while let Some(at) = line[from..].find("over ") {
        let start = from + at;
        from = start + "over ".len();
        let before = line[..start].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &line[from..];
        if rest.starts_with("the mod ") {
            return Some(WHOLE.to_string());
        }
        // `A(n)`: digits; `profile (…)`: entries, commas, `∞` (at most 64 characters).
        for (prefix, allowed) in [("A(", "0123456789"), ("profile (", "0123456789,∞")] {
            let Some(inner) = rest.strip_prefix(prefix) else {
                continue;
            };
            let Some(end) = inner.find(')') else { continue };
            let list = &inner[..end];
            if list.chars().count() <= 64 && list.chars().all(|c| allowed.contains(c)) {
                return Some(format!("{prefix}{list})"));
            }
        }
    }
    None
}

/// An algebra [`stated_algebra`] returned, in words.
pub fn describe(algebra: &str) -> String {
    if algebra == WHOLE {
        "A, the whole Steenrod algebra".to_string()
    } else {
        algebra.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_lines_name_their_algebra() {
        let ours = super::super::complete_line(10, 4, "S_2", "classical", 2, Some("A(1)"));
        assert_eq!(stated_algebra(&ours).as_deref(), Some("A(1)"));
        let whole = super::super::complete_line(10, 4, "S_2", "nassau", 2, None);
        assert_eq!(stated_algebra(&whole).as_deref(), Some(WHOLE));
        let other =
            super::super::complete_line(9, 4, "C2", "classical", 2, Some("profile (2,1,1)"));
        assert_eq!(stated_algebra(&other).as_deref(), Some("profile (2,1,1)"));
        // The reference tables' own words (tests/data/ext/ko.csv, tmf2.csv, S_2.csv).
        let ko = "# complete for stem <= 60, s <= 30; Ext over A(1) (profile (2,1)) of F_2";
        assert_eq!(stated_algebra(ko).as_deref(), Some("A(1)"));
        let tmf =
            "# complete for stem <= 60; Ext over A(2) (sub-Hopf algebra of profile (3,2,1)) of F_2";
        assert_eq!(stated_algebra(tmf).as_deref(), Some("A(2)"));
        let s2 = "# complete for t <= 236; Ext over the mod 2 Steenrod algebra of F_2";
        assert_eq!(stated_algebra(s2).as_deref(), Some(WHOLE));
        // A module called "cover" and a line that names no algebra.
        assert_eq!(stated_algebra("# Ext of cover of X"), None);
        assert_eq!(stated_algebra("# complete for stem <= 3, s <= 1"), None);
        assert_eq!(stated_algebra("# moreover the mod 2"), None);
        // Only digits (and commas, ∞ in a profile) between the parentheses.
        assert_eq!(stated_algebra("# over A(x) of M"), None);
        let long = format!("# over profile ({}) of M", "1,".repeat(40));
        assert_eq!(stated_algebra(&long), None);
        let tail = "# over profile (2,1,∞) of M";
        assert_eq!(stated_algebra(tail).as_deref(), Some("profile (2,1,∞)"));
    }
}
