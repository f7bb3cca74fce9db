//! Classes of `Ext_A(F_2, F_2)` as a user writes them on the command line and as
//! `chart.json` keys their products: a monomial in the Hopf classes, `h3`,
//! `h2^2`, `h0^4`, `h1h3` (`h1 h3`, `h1*h3` too), or a basis class by position,
//! `(stem,s,index)` or `stem,s,index` (the `index`-th class of `Ext^{s, stem+s}`, in the
//! order of `ext.csv`/`chart.json`), or a monomial in the names of the bundled table of
//! names (`c0`, `d0`, `Ph1`, `h1 c0`; [`crate::names`]). One parser for every prime: the
//! text does not depend on it; what a spec names does, and is settled where the prime is
//! known (`adams products`: `a0` is refused at p = 2, the table's names at odd p, and
//! `h_i` is dual to `Sq(2^i)` at p = 2, to `P^{p^i}` at odd p).

use std::fmt;

/// The largest `i` of `h_i`: `h_8` has internal degree 256; `h_9` is past the tables.
pub const MAX_H: u32 = 8;

/// A class as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClassSpec {
    /// `∏ h_i^k`: `(i, k)` in the order written, `k ≥ 1`.
    Monomial(Vec<(u32, u32)>),
    /// The `index`-th basis class at `(stem, s)`.
    Indexed {
        /// Stem.
        stem: i32,
        /// Adams filtration.
        s: u32,
        /// Position in the basis.
        index: usize,
    },
    /// `a_0^k` (`a0`, `a0^k`): the class dual to `β` at (stem 0, s 1), at odd primes only.
    A0(u32),
    /// A monomial in the bundled table's names, `(name, power)` in the order written, with
    /// its bidegree.
    Named {
        /// The factors.
        factors: crate::names::Monomial,
        /// Stem.
        stem: i32,
        /// Adams filtration.
        s: u32,
    },
}

impl ClassSpec {
    /// Its bidegree as `(stem, s)` at p = 2 (the stem of `h_i` is `2^i − 1` there); `s`
    /// is the same at every prime.
    pub fn stem_s(&self) -> (i32, u32) {
        match self {
            ClassSpec::Monomial(factors) => factors.iter().fold((0, 0), |(n, s), &(i, k)| {
                (n + k as i32 * ((1 << i) - 1), s + k)
            }),
            ClassSpec::Indexed { stem, s, .. } | ClassSpec::Named { stem, s, .. } => (*stem, *s),
            ClassSpec::A0(k) => (0, *k),
        }
    }
}

impl fmt::Display for ClassSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClassSpec::Monomial(factors) => {
                for &(i, k) in factors {
                    match k {
                        1 => write!(f, "h{i}")?,
                        _ => write!(f, "h{i}^{k}")?,
                    }
                }
                Ok(())
            }
            ClassSpec::Indexed { stem, s, index } => write!(f, "({stem},{s},{index})"),
            ClassSpec::A0(1) => write!(f, "a0"),
            ClassSpec::A0(k) => write!(f, "a0^{k}"),
            ClassSpec::Named { factors, .. } => {
                write!(f, "{}", crate::names::write_monomial(factors))
            }
        }
    }
}

impl std::str::FromStr for ClassSpec {
    type Err = String;

    /// Errors (one line, quoting the text): not of either form, `h_i` past [`MAX_H`], a
    /// power of 0, numbers out of range.
    fn from_str(text: &str) -> Result<Self, String> {
        let t = text.trim();
        let h_only = monomial(t);
        if h_only.is_ok() {
            return h_only;
        }
        if let Some(power) = a0_power(t) {
            return power
                .map(ClassSpec::A0)
                .map_err(|why| format!("class {text:?}: {why}"));
        }
        if t.starts_with(|c: char| c.is_ascii_alphabetic()) {
            let table = crate::names::NameTable::bundled_ref();
            return match table.monomial(t) {
                Ok((factors, (stem, s))) => Ok(ClassSpec::Named { factors, stem, s }),
                Err(_) if t.starts_with(['h', 'H']) => {
                    h_only.map_err(|why| format!("class {text:?}: {why}"))
                }
                Err(why) => Err(format!(
                    "class {text:?}: {why} (a class is h<i>…, a name of the table such as c0, d0, Ph1, or (stem,s,index))"
                )),
            };
        }
        indexed(t).map_err(|why| format!("class {text:?}: {why}"))
    }
}

/// `a0` or `a0^k` (`k` in 1..=510): `Some(Ok(k))`; not of that form: `None`.
fn a0_power(t: &str) -> Option<Result<u32, String>> {
    let rest = t.strip_prefix("a0")?;
    if rest.is_empty() {
        return Some(Ok(1));
    }
    let k = rest.strip_prefix('^')?;
    Some(match k.parse::<u32>() {
        Ok(k) if (1..=510).contains(&k) => Ok(k),
        _ => Err("a0^k needs a power k from 1 to 510".into()),
    })
}

/// `h3`, `h2^2`, `h1h3`, `h1 h3`, `h1*h3`.
fn monomial(t: &str) -> Result<ClassSpec, String> {
    let mut factors = Vec::new();
    let mut rest = t;
    while !rest.is_empty() {
        rest = rest.trim_start_matches([' ', '*', '·']);
        let Some(after) = rest.strip_prefix(['h', 'H']) else {
            return Err(format!("expected h<i> at {rest:?} (e.g. h3, h2^2, h1h3)"));
        };
        let digits = after.chars().take_while(char::is_ascii_digit).count();
        let i: u32 = after[..digits]
            .parse()
            .map_err(|_| "h must be followed by its index i (h0, h1, …)".to_string())?;
        if i > MAX_H {
            return Err(format!("h{i}: only h0 … h{MAX_H} lie within the tables"));
        }
        rest = &after[digits..];
        let mut k = 1;
        if let Some(power) = rest.strip_prefix('^') {
            let digits = power.chars().take_while(char::is_ascii_digit).count();
            let text = &power[..digits];
            k = match text.parse() {
                Ok(k) if (1..=510).contains(&k) => k,
                // Too large for a u32 too (h0^99999999999).
                _ if digits > 0 => return Err(format!("h{i}^{text}: the power must be 1 to 510")),
                _ => return Err(format!("h{i}^ must be followed by a power")),
            };
            rest = &power[digits..];
        }
        factors.push((i, k));
    }
    if factors.is_empty() {
        return Err("no factor".into());
    }
    // Its internal degree Σ k·2^i, summed without overflow (each term is at most
    // 510·2^8): above the tables no class exists, and stem_s stays in range.
    let top = crate::MAX_ALGEBRA_DEGREE as u64;
    let t = factors.iter().try_fold(0u64, |t, &(i, k)| {
        Some(t + (u64::from(k) << i)).filter(|&t| t <= top)
    });
    if t.is_none() {
        return Err(format!(
            "its internal degree t lies above {top}, the top degree of the Milnor basis tables"
        ));
    }
    Ok(ClassSpec::Monomial(factors))
}

/// `(stem,s,index)` or `stem,s,index`.
fn indexed(t: &str) -> Result<ClassSpec, String> {
    let inner = t
        .strip_prefix('(')
        .and_then(|x| x.strip_suffix(')'))
        .unwrap_or(t);
    let parts: Vec<&str> = inner.split(',').map(str::trim).collect();
    let [n, s, i] = parts[..] else {
        return Err("expected h<i>… or (stem,s,index), e.g. h3, h2^2, (8,3,0)".into());
    };
    let limit = crate::MAX_ABS_DEGREE;
    let stem: i32 = n
        .parse()
        .ok()
        .filter(|n: &i32| (-limit..=limit).contains(n))
        .ok_or_else(|| format!("stem {n:?} is not a number within ±{limit}"))?;
    let s: u32 = s
        .parse()
        .ok()
        .filter(|s: &u32| *s <= limit as u32)
        .ok_or_else(|| format!("s {s:?} is not a number 0 to {limit}"))?;
    let index: usize = i
        .parse()
        .map_err(|_| format!("index {i:?} is not a non-negative number"))?;
    Ok(ClassSpec::Indexed { stem, s, index })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        let p = |t: &str| t.parse::<ClassSpec>();
        assert_eq!(p("h3"), Ok(ClassSpec::Monomial(vec![(3, 1)])));
        assert_eq!(p("h2^2"), Ok(ClassSpec::Monomial(vec![(2, 2)])));
        assert_eq!(p("h1 h3").unwrap().stem_s(), (8, 2));
        assert_eq!(p("h0^4").unwrap().stem_s(), (0, 4));
        assert_eq!(p("(8,3,0)"), p("8, 3, 0"));
        assert_eq!(p("(8,3,0)").unwrap().to_string(), "(8,3,0)");
        assert_eq!(p("h1h3").unwrap().to_string(), "h1h3");
        // Names of the bundled table (Isaksen, "Stable stems", chart: c0 at (8, 3)).
        assert_eq!(p("c0").unwrap().stem_s(), (8, 3));
        assert_eq!(p("h1 c0").unwrap().stem_s(), (9, 4));
        assert_eq!(p("h1c0").unwrap().to_string(), "h1 c0");
        assert_eq!(p("P^2h1").unwrap().stem_s(), (17, 9));
        assert_eq!(p("d0^2").unwrap().stem_s(), (28, 8));
        // a0 (odd primes): its power, written back as given.
        assert_eq!(p("a0"), Ok(ClassSpec::A0(1)));
        assert_eq!(p("a0^3").unwrap().to_string(), "a0^3");
        assert_eq!(p("a0^3").unwrap().stem_s(), (0, 3));
        // h8^2 (t = 512) and a long product lie above the tables; i32::MIN is no stem
        // within the limit (its abs() overflowed and let it through).
        let long = "h8^510".repeat(20_000);
        for bad in [
            "h",
            "h9",
            "h2^0",
            "xyz",
            "(1,2)",
            "1,-2,0",
            "h2^",
            "h1 xyz",
            "c0^0",
            "h8^2",
            &long,
            "(-2147483648,1,0)",
            "a0^0",
            "a0^x",
        ] {
            assert!(p(bad).is_err(), "{bad}");
        }
        let huge = p("h0^99999999999").unwrap_err();
        assert!(
            huge.contains("h0^99999999999: the power must be 1 to 510"),
            "{huge}"
        );
        // On the command line no row is "above": the table's own wording is not used.
        let unknown = p("c0 zz").unwrap_err();
        assert!(
            unknown.contains("\"zz\": no name of the table starts there"),
            "{unknown}"
        );
    }
}
