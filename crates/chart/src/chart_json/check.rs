//! [`Chart::check`]: what a chart.json must satisfy before it is drawn.

use std::collections::HashMap;

use super::{
    Chart, Class, Generator, Term, FORMAT, MAX_CHART_DEGREES, MAX_NAME_CHARS, MAX_PRIME, VERSION,
};
use crate::input::excerpt;

impl Chart {
    /// The module, algorithm and algebra: within [`MAX_NAME_CHARS`] and without control
    /// characters (they are drawn as text in the SVG, TikZ and the page).
    fn check_strings(&self) -> Result<(), String> {
        let algebra = self.algebra.clone().unwrap_or_default();
        for (key, name) in [
            ("module", &self.module),
            ("algorithm", &self.algorithm),
            ("algebra", &algebra),
        ] {
            if name.chars().count() > MAX_NAME_CHARS {
                return Err(format!(
                    "\"{key}\" is {} characters long, more than the limit {MAX_NAME_CHARS}",
                    name.chars().count()
                ));
            }
            if name.chars().any(char::is_control) {
                return Err(format!(
                    "\"{key}\" holds a control character (U+{:04X})",
                    name.chars().find(|c| c.is_control()).map_or(0, u32::from)
                ));
            }
        }
        Ok(())
    }

    /// Checks what the renderer relies on: format and version; a prime below 256; the range
    /// within the limits (module docs); every class inside the range with `t = stem + s`;
    /// classes in order with indices `0..dim` per bidegree; only the product keys of the
    /// chart's prime; every known product inside the range with distinct indices below
    /// the target's dimension, written as the prime's terms are (a bare index at p = 2, an
    /// `[index, coefficient]` pair with the coefficient in `1..p` at odd p).
    pub fn check(&self) -> Result<(), String> {
        if self.format != FORMAT {
            return Err(format!(
                "\"format\" is {:?}, expected {FORMAT:?}",
                excerpt(&self.format)
            ));
        }
        if self.version != VERSION {
            return Err(format!(
                "\"version\" is {}, this adams reads version {VERSION}",
                self.version
            ));
        }
        self.check_strings()?;
        check_prime(self.prime)?;
        self.check_range()?;
        let mut previous: Option<(i32, u32, usize)> = None;
        for c in &self.classes {
            let at = format!("class (stem {}, s {}, index {})", c.stem, c.s, c.index);
            if !self.in_range(c.stem, c.s) {
                return Err(format!(
                    "{at} lies outside the range stem {}..={}, s 0..={}",
                    self.min_stem, self.max_stem, self.max_s
                ));
            }
            // In range, so |stem| <= 2^21 and s <= 510: no overflow.
            if c.t != c.stem + c.s as i32 {
                return Err(format!(
                    "{at}: t = {} but stem + s = {}",
                    c.t,
                    c.stem + c.s as i32
                ));
            }
            let expected_index = match previous {
                Some((n, s, k)) if (n, s) == (c.stem, c.s) => k + 1,
                Some((n, s, _)) if (n, s) > (c.stem, c.s) => {
                    return Err(format!(
                    "{at} comes after (stem {n}, s {s}): classes must be ordered by stem, then s"
                ))
                }
                _ => 0,
            };
            if c.index != expected_index {
                return Err(format!(
                    "{at}: expected index {expected_index} (indices run 0, 1, … within a bidegree)"
                ));
            }
            if let Some(name) = &c.name {
                let chars = name.chars().count();
                if chars == 0 || chars > MAX_NAME_CHARS || name.chars().any(char::is_control) {
                    return Err(format!(
                        "{at}: \"name\" must be 1 to {MAX_NAME_CHARS} characters without control characters"
                    ));
                }
            }
            previous = Some((c.stem, c.s, c.index));
        }
        let dims = self.dims();
        for c in &self.classes {
            for g in Generator::ALL {
                self.check_product(c, g, &dims)?;
            }
            self.check_more(c, &dims)?;
        }
        Ok(())
    }

    /// The range within the limits: `min_stem <= max_stem`, both within
    /// [`crate::MAX_ABS_DEGREE`], at most [`MAX_CHART_DEGREES`] stems and filtrations.
    fn check_range(&self) -> Result<(), String> {
        let limit = crate::MAX_ABS_DEGREE;
        for (key, value) in [("min_stem", self.min_stem), ("max_stem", self.max_stem)] {
            if value.unsigned_abs() > limit as u32 {
                return Err(format!(
                    "\"{key}\" is {value}, beyond the limit {limit} (2^21) in absolute value"
                ));
            }
        }
        if self.min_stem > self.max_stem {
            return Err(format!(
                "min_stem {} is above max_stem {}",
                self.min_stem, self.max_stem
            ));
        }
        let span = self.max_stem - self.min_stem;
        if span > MAX_CHART_DEGREES {
            return Err(format!(
                "\"max_stem\" − \"min_stem\" is {span} stems, more than the limit {MAX_CHART_DEGREES} \
                 (the top degree of the Milnor basis tables, which no resolved range exceeds)"
            ));
        }
        if self.max_s > MAX_CHART_DEGREES as u32 {
            return Err(format!(
                "\"max_s\" is {}, more than the limit {MAX_CHART_DEGREES} (the top degree of the Milnor basis tables, \
                 which no resolved range exceeds)",
                self.max_s
            ));
        }
        Ok(())
    }

    /// One product of class `c`: a key of the chart's prime, its target inside the range,
    /// its terms of the prime's form, distinct indices below the target's dimension,
    /// coefficients in `1..p`.
    fn check_product(
        &self,
        c: &Class,
        g: Generator,
        dims: &HashMap<(i32, u32), usize>,
    ) -> Result<(), String> {
        let p = self.prime;
        let key = g.key();
        let at = format!("class (stem {}, s {}, index {})", c.stem, c.s, c.index);
        let product = c.product(g);
        if !self.generators().contains(&g) {
            if product.is_absent() {
                return Ok(());
            }
            let keys = self.generators().iter().map(|g| g.key());
            return Err(format!(
                "{at}: \"{key}\" is not a product of a chart at p = {p}, whose products are {}",
                keys.collect::<Vec<_>>().join(", ")
            ));
        }
        self.check_terms(c, key, product, (g.stem_shift(p), 1), dims)
    }

    /// The further products of class `c`: each key a class ([`super::extra::shift`]),
    /// checked as [`Chart::check_product`] checks `h0`. At odd p only keys whose bidegree
    /// holds at every prime: `(stem,s,index)` and `a0^k` (`adams products` at odd p).
    fn check_more(&self, c: &Class, dims: &HashMap<(i32, u32), usize>) -> Result<(), String> {
        for (key, product) in &c.more {
            let at = format!("class (stem {}, s {}, index {})", c.stem, c.s, c.index);
            let any_prime = matches!(
                key.parse(),
                Ok(crate::class_spec::ClassSpec::Indexed { .. }
                    | crate::class_spec::ClassSpec::A0(_))
            );
            if self.prime != 2 && !any_prime {
                return Err(format!(
                    "{at}: \"{}\": at odd p further products are keyed (stem,s,index) or a0^k",
                    excerpt(key)
                ));
            }
            let shift = super::extra::shift(key).map_err(|why| format!("{at}: {why}"))?;
            self.check_terms(c, key, product, shift, dims)?;
        }
        Ok(())
    }

    /// The terms of one product of `c` by `key`, landing `shift = (stems, filtrations)`
    /// away: inside the range, the prime's form, distinct indices below the target's
    /// dimension, coefficients in `1..p`.
    fn check_terms(
        &self,
        c: &Class,
        key: &str,
        product: &super::Product,
        shift: (i32, u32),
        dims: &HashMap<(i32, u32), usize>,
    ) -> Result<(), String> {
        let p = self.prime;
        let at = format!("class (stem {}, s {}, index {})", c.stem, c.s, c.index);
        let Some(terms) = product.terms() else {
            return Ok(());
        };
        let (n, s) = (c.stem + shift.0, c.s + shift.1);
        if !self.in_range(n, s) {
            return Err(format!(
                "{at}: {key} is given but lands at (stem {n}, s {s}), outside the range (use null)"
            ));
        }
        for &term in terms {
            match (p, term) {
                (2, Term::Index(_)) => {}
                (2, Term::Scaled(k, a)) => {
                    return Err(format!(
                        "{at}: {key} has the term [{k}, {a}]; at p = 2 a term is a class index alone"
                    ))
                }
                (_, Term::Index(k)) => {
                    return Err(format!(
                        "{at}: {key} has the term {k}; at p = {p} a term is an [index, coefficient] pair"
                    ))
                }
                (_, Term::Scaled(k, a)) if a == 0 || a >= p => {
                    return Err(format!(
                        "{at}: {key} gives class {k} the coefficient {a}, outside 1..={} (nonzero in F_{p})",
                        p - 1
                    ))
                }
                _ => {}
            }
        }
        let dim = dims.get(&(n, s)).copied().unwrap_or(0);
        if let Some(bad) = terms.iter().map(|t| t.index()).find(|&k| k >= dim) {
            return Err(format!(
                "{at}: {key} names class {bad} of (stem {n}, s {s}), which has {dim}"
            ));
        }
        let mut sorted: Vec<usize> = terms.iter().map(|t| t.index()).collect();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            let why = if p == 2 {
                "over F_2 a repeated one cancels"
            } else {
                "give each class once, with its coefficient"
            };
            return Err(format!(
                "{at}: {key} lists class {} twice (a sum of distinct classes: {why})",
                w[0]
            ));
        }
        Ok(())
    }
}

/// The prime: a prime number at most [`MAX_PRIME`].
fn check_prime(p: u32) -> Result<(), String> {
    if p > MAX_PRIME {
        return Err(format!(
            "\"prime\" is {p}, beyond the largest prime adams computes at, {MAX_PRIME}"
        ));
    }
    if !crate::input::is_prime(p) {
        return Err(format!("\"prime\" is {p}, which is not a prime"));
    }
    Ok(())
}
