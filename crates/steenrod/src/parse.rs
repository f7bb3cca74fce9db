//! Reading and writing elements of the Steenrod algebra as text.
//!
//! Grammar (whitespace is free between tokens):
//!
//! ```text
//! element := term ('+' term)*
//! term    := '0' | factor (('*')? factor)*
//! factor  := '1' | 'Sq(' n (',' n)* ')' | 'Sq' '^'? n
//! ```
//!
//! `Sq(r_1, …, r_k)` is a Milnor basis element, `Sq^i` = `Sqi` is the Steenrod
//! square `Sq^i = Sq(i)` (Milnor 1958, §6), juxtaposition (or `*`) is the product
//! in the algebra, and `0` is the zero element. All nonzero terms of an
//! element must have the same degree.

use fp::FpVector;
use thiserror::Error;

use crate::algebra::MilnorAlgebra;
use crate::milnor::{PPart, MAX_PPART_LEN};

/// Why [`MilnorAlgebra::parse`] rejected its input. Each variant names the
/// offending text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Nothing but whitespace.
    #[error("empty expression: expected e.g. `Sq(1,2) + Sq3 Sq1`")]
    Empty,
    /// A token that does not fit the grammar.
    #[error("unexpected {found} at byte {pos} of `{input}`: expected {expected}")]
    Unexpected {
        input: String,
        pos: usize,
        found: String,
        expected: &'static str,
    },
    /// A number that does not fit in `u32`.
    #[error("number `{number}` in `{input}` is too large")]
    NumberTooLarge { input: String, number: String },
    /// `Sq(…)` with a nonzero entry beyond position `MAX_PPART_LEN`.
    #[error("`{factor}` has more than {MAX_PPART_LEN} exponents")]
    TooManyExponents { factor: String },
    /// A term of degree above the algebra's maximal degree.
    #[error("term `{term}` has degree {degree}, above the algebra's maximal degree {max}")]
    DegreeTooLarge { term: String, degree: u64, max: u32 },
    /// Two nonzero terms of different degrees.
    #[error("term `{term}` has degree {degree} but the earlier terms have degree {expected}")]
    DegreeMismatch {
        term: String,
        degree: u32,
        expected: u32,
    },
}

/// Byte-level recursive-descent parser over one input string.
struct Parser<'a> {
    input: &'a str,
    pos: usize,
}

impl<'a> Parser<'a> {
    fn peek(&mut self) -> Option<u8> {
        while self.pos < self.input.len() && self.input.as_bytes()[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
        self.input.as_bytes().get(self.pos).copied()
    }

    fn unexpected(&mut self, expected: &'static str) -> ParseError {
        let found = match self.peek() {
            None => "end of input".to_string(),
            Some(_) => {
                let rest = &self.input[self.pos..];
                let c = rest.chars().next().unwrap_or('?');
                format!("`{c}`")
            }
        };
        ParseError::Unexpected {
            input: self.input.to_string(),
            pos: self.pos,
            found,
            expected,
        }
    }

    fn expect(&mut self, c: u8, expected: &'static str) -> Result<(), ParseError> {
        if self.peek() == Some(c) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.unexpected(expected))
        }
    }

    fn number(&mut self) -> Result<u32, ParseError> {
        if !matches!(self.peek(), Some(b'0'..=b'9')) {
            return Err(self.unexpected("a number"));
        }
        let start = self.pos;
        while matches!(self.input.as_bytes().get(self.pos), Some(b'0'..=b'9')) {
            self.pos += 1;
        }
        let text = &self.input[start..self.pos];
        text.parse().map_err(|_| ParseError::NumberTooLarge {
            input: self.input.to_string(),
            number: text.to_string(),
        })
    }

    /// One factor: `Some(Sq(R))`, or `None` for a literal `0`.
    fn factor(&mut self) -> Result<Option<PPart>, ParseError> {
        const WHAT: &str = "`Sq(…)`, `Sq^i`, `Sqi`, `1` or `0`";
        let start = self.pos;
        match self.peek() {
            Some(b'0'..=b'9') => match self.number()? {
                0 => Ok(None),
                1 => Ok(Some(PPart::ONE)),
                _ => {
                    self.pos = start;
                    Err(self.unexpected(WHAT))
                }
            },
            Some(b'S') if self.input[self.pos..].starts_with("Sq") => {
                self.pos += 2;
                if self.peek() == Some(b'(') {
                    self.pos += 1;
                    let mut r = vec![self.number()?];
                    while self.peek() == Some(b',') {
                        self.pos += 1;
                        r.push(self.number()?);
                    }
                    self.expect(b')', "`,` or `)`")?;
                    PPart::try_from_slice(&r).map(Some).ok_or_else(|| {
                        ParseError::TooManyExponents {
                            factor: self.input[start..self.pos].trim().to_string(),
                        }
                    })
                } else {
                    if self.peek() == Some(b'^') {
                        self.pos += 1;
                    }
                    Ok(Some(PPart::from_slice(&[self.number()?])))
                }
            }
            _ => Err(self.unexpected(WHAT)),
        }
    }

    /// One term as its factors; `None` for the zero term `0`.
    fn term(&mut self) -> Result<Option<Vec<PPart>>, ParseError> {
        let start = self.pos;
        let Some(first) = self.factor()? else {
            return match self.peek() {
                None | Some(b'+') => Ok(None),
                _ => Err(self.unexpected("`+` or the end after the term `0`")),
            };
        };
        let mut factors = vec![first];
        loop {
            match self.peek() {
                None | Some(b'+') => return Ok(Some(factors)),
                Some(b'*') => self.pos += 1,
                _ => {}
            }
            match self.factor()? {
                Some(f) => factors.push(f),
                None => {
                    self.pos = start;
                    return Err(self.unexpected("no `0` inside a product"));
                }
            }
        }
    }
}

impl MilnorAlgebra {
    /// Parses an element (see the [module grammar](crate::parse)) and returns
    /// its degree and its vector over `basis(degree)`. An element all of whose
    /// terms are `0` is returned as `(0, zero vector of A_0)`.
    pub fn parse(&self, s: &str) -> Result<(u32, FpVector), ParseError> {
        let mut p = Parser { input: s, pos: 0 };
        if p.peek().is_none() {
            return Err(ParseError::Empty);
        }
        let mut result: Option<(u32, FpVector)> = None;
        loop {
            let start = p.pos;
            let factors = p.term()?;
            let text = s[start..p.pos].trim();
            if let Some(factors) = factors {
                // In u64: the exponents of a parsed factor may be as large as
                // u32 allows, so its degree need not fit in u32.
                let degree: u64 = factors
                    .iter()
                    .flat_map(|f| f.0.iter().zip(1u32..))
                    .map(|(&r, i)| u64::from(r) * ((1u64 << i) - 1))
                    .sum();
                if degree > u64::from(self.max_degree()) {
                    return Err(ParseError::DegreeTooLarge {
                        term: text.to_string(),
                        degree,
                        max: self.max_degree(),
                    });
                }
                let (deg, v) = self.product_of(&factors);
                match &mut result {
                    None => result = Some((deg, v)),
                    Some((d, acc)) if *d == deg => acc.add(&v),
                    Some((d, _)) => {
                        return Err(ParseError::DegreeMismatch {
                            term: text.to_string(),
                            degree: deg,
                            expected: *d,
                        })
                    }
                }
            }
            match p.peek() {
                None => break,
                Some(b'+') => p.pos += 1,
                Some(_) => return Err(p.unexpected("`+` or the end")),
            }
        }
        Ok(result.unwrap_or_else(|| (0, FpVector::new(self.dim(0)))))
    }

    /// `Sq(R_1)·Sq(R_2)·…` as (degree, vector); the caller checked the degree.
    fn product_of(&self, factors: &[PPart]) -> (u32, FpVector) {
        let mut deg = 0;
        let mut acc = FpVector::new(1);
        acc.set(0, true);
        for f in factors {
            let fd = f.degree();
            let mut v = FpVector::new(self.dim(fd));
            v.set(self.index_of(f), true);
            acc = self.multiply(deg, &acc, fd, &v);
            deg += fd;
        }
        (deg, acc)
    }

    /// Writes `v ∈ A_deg` as a sum of Milnor basis elements in basis order,
    /// e.g. `Sq(3) + Sq(0,1)`; `0` for the zero vector. The output parses back
    /// to `v` with [`MilnorAlgebra::parse`] (for `deg ≠ 0` or `v ≠ 0`).
    pub fn element_to_string(&self, deg: u32, v: &FpVector) -> String {
        let basis = self.basis(deg);
        let terms: Vec<String> = v.iter_ones().map(|i| basis[i].to_string()).collect();
        if terms.is_empty() {
            "0".to_string()
        } else {
            terms.join(" + ")
        }
    }
}
