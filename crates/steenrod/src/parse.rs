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

/// Why [`MilnorAlgebra::parse`] or `MilnorAlgebra::<ValidPrime>::parse` rejected its input.
/// Each variant names the offending text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Nothing but whitespace; `example` is an element in the prime's notation.
    #[error("empty expression: expected e.g. `{example}`")]
    Empty { example: &'static str },
    /// A symbol or token that does not fit the grammar.
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
    /// `Sq(…)` with a nonzero entry beyond position `MAX_PPART_LEN` (p = 2).
    #[error("`{factor}` has more than {MAX_PPART_LEN} exponents")]
    TooManyExponents { factor: String },
    /// A term of degree above the algebra's maximal degree.
    #[error("term `{term}` has degree {degree}, above the algebra's maximal degree {max}")]
    DegreeTooLarge {
        term: String,
        degree: u128,
        max: u32,
    },
    /// Two terms of different degrees.
    #[error("term `{term}` has degree {degree} but the earlier terms have degree {expected}")]
    DegreeMismatch {
        term: String,
        degree: u32,
        expected: u32,
    },
}

/// The tokens both primes' grammars share, read by recursive descent over one input
/// string: whitespace (`space`: ASCII whitespace at p = 2, any Unicode whitespace at odd p),
/// numbers, comma-separated lists `n, n, …)`, single symbols.
pub(crate) struct Lexer<'a> {
    pub input: &'a str,
    pub pos: usize,
    space: fn(char) -> bool,
}

impl<'a> Lexer<'a> {
    /// A lexer at the start of `input` that skips the characters `space` accepts.
    pub fn new(input: &'a str, space: fn(char) -> bool) -> Self {
        Lexer {
            input,
            pos: 0,
            space,
        }
    }

    /// The next character after whitespace (consumed), if any.
    pub fn peek(&mut self) -> Option<char> {
        let rest = &self.input[self.pos..];
        let trimmed = rest.trim_start_matches(self.space);
        self.pos += rest.len() - trimmed.len();
        trimmed.chars().next()
    }

    /// Consumes `c` if it comes next (after whitespace).
    pub fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    /// The error for the next character (or the end): `expected` says what would fit.
    pub fn unexpected(&mut self, expected: &'static str) -> ParseError {
        let found = match self.peek() {
            None => "end of input".to_string(),
            Some(c) => format!("`{c}`"),
        };
        ParseError::Unexpected {
            input: self.input.to_string(),
            pos: self.pos,
            found,
            expected,
        }
    }

    /// A decimal number that fits in `u32`.
    pub fn number(&mut self) -> Result<u32, ParseError> {
        if !matches!(self.peek(), Some('0'..='9')) {
            return Err(self.unexpected("a number"));
        }
        let start = self.pos;
        let rest = &self.input[start..];
        self.pos += rest
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(rest.len());
        let text = &self.input[start..self.pos];
        text.parse().map_err(|_| ParseError::NumberTooLarge {
            input: self.input.to_string(),
            number: text.to_string(),
        })
    }

    /// `n (',' n)* ')'`, after an opening parenthesis.
    pub fn list(&mut self) -> Result<Vec<u32>, ParseError> {
        let mut v = vec![self.number()?];
        while self.eat(',') {
            v.push(self.number()?);
        }
        if !self.eat(')') {
            return Err(self.unexpected("`,` or `)`"));
        }
        Ok(v)
    }
}

/// The p = 2 grammar (module docs) over the shared [`Lexer`].
struct Parser<'a>(Lexer<'a>);

impl Parser<'_> {
    /// One factor: `Some(Sq(R))`, or `None` for a literal `0`.
    fn factor(&mut self) -> Result<Option<PPart>, ParseError> {
        const WHAT: &str = "`Sq(…)`, `Sq^i`, `Sqi`, `1` or `0`";
        let lex = &mut self.0;
        let start = lex.pos;
        match lex.peek() {
            Some('0'..='9') => match lex.number()? {
                0 => Ok(None),
                1 => Ok(Some(PPart::ONE)),
                _ => {
                    lex.pos = start;
                    Err(lex.unexpected(WHAT))
                }
            },
            Some('S') if lex.input[lex.pos..].starts_with("Sq") => {
                lex.pos += 2;
                if lex.eat('(') {
                    let r = lex.list()?;
                    PPart::try_from_slice(&r).map(Some).ok_or_else(|| {
                        ParseError::TooManyExponents {
                            factor: lex.input[start..lex.pos].trim().to_string(),
                        }
                    })
                } else {
                    lex.eat('^');
                    Ok(Some(PPart::from_slice(&[lex.number()?])))
                }
            }
            _ => Err(lex.unexpected(WHAT)),
        }
    }

    /// One term as its factors; `None` for the zero term `0`.
    fn term(&mut self) -> Result<Option<Vec<PPart>>, ParseError> {
        let start = self.0.pos;
        let Some(first) = self.factor()? else {
            return match self.0.peek() {
                None | Some('+') => Ok(None),
                _ => Err(self.0.unexpected("`+` or the end after the term `0`")),
            };
        };
        let mut factors = vec![first];
        loop {
            match self.0.peek() {
                None | Some('+') => return Ok(Some(factors)),
                Some('*') => self.0.pos += 1,
                _ => {}
            }
            match self.factor()? {
                Some(f) => factors.push(f),
                None => {
                    self.0.pos = start;
                    return Err(self.0.unexpected("no `0` inside a product"));
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
        let mut p = Parser(Lexer::new(s, |c| c.is_ascii_whitespace()));
        if p.0.peek().is_none() {
            return Err(ParseError::Empty {
                example: "Sq(1,2) + Sq3 Sq1",
            });
        }
        let mut result: Option<(u32, FpVector)> = None;
        loop {
            let start = p.0.pos;
            let factors = p.term()?;
            let text = s[start..p.0.pos].trim();
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
                        degree: u128::from(degree),
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
            match p.0.peek() {
                None => break,
                Some('+') => p.0.pos += 1,
                Some(_) => return Err(p.0.unexpected("`+` or the end")),
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
