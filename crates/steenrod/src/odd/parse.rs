//! Reading and writing elements of the mod p Steenrod algebra as text.
//!
//! Grammar (whitespace is free between tokens, and separates factors):
//!
//! ```text
//! element := '-'? term (('+' | '-') term)*
//! term    := n ('*' | '·')? monomial | n | monomial
//! monomial:= factor (('*' | '·')? factor)*
//! factor  := '1' | 'P' '^'? n | 'P(' n (',' n)* ')' | 'b' | 'β'
//!          | 'Q_' n | 'Q' n | 'Q(' n (',' n)* ')'
//! ```
//!
//! A leading integer is the term's coefficient (reduced mod p; default 1).
//! `P^n` = `Pn` = `P(n)` is the reduced power `P^n` (Milnor 1958, §6),
//! `P(r_1, …)` a Milnor basis element, `b` = `β` = `Q_0` the Bockstein,
//! `Q_i` = `Qi` Milnor's primitive `Q_i`, and `Q(i, j, …)` the product
//! `Q_i Q_j ⋯` in the order written (so `Q(1,0) = −Q(0,1)` and
//! `Q(0,0) = 0`). Juxtaposition is the product. Every term that names a
//! monomial has a degree (even when its coefficient or product is 0), and all
//! of them must agree; a term that is just `0` has none.

use fp::ValidPrime;

use super::MilnorQP;
use crate::milnor::PPart;
use crate::parse::{Lexer, ParseError};
use crate::MilnorAlgebra;

/// A parsed factor, before its degree is checked.
enum Factor {
    Q(u32),
    P(Vec<u32>),
}

/// The odd-primary grammar (module docs) over the shared [`Lexer`] (which it derefs to).
struct Parser<'a>(Lexer<'a>);

impl<'a> std::ops::Deref for Parser<'a> {
    type Target = Lexer<'a>;
    fn deref(&self) -> &Lexer<'a> {
        &self.0
    }
}

impl std::ops::DerefMut for Parser<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl Parser<'_> {
    /// One factor, appended to `out` (the unit appends nothing).
    fn factor(&mut self, out: &mut Vec<Factor>) -> Result<(), ParseError> {
        const WHAT: &str =
            "a factor: `P1`, `P^1`, `P(1,2)`, `b`, `β`, `Q_1`, `Q1`, `Q(0,1)` or `1`";
        match self.peek() {
            Some('1') => {
                let start = self.pos;
                if self.number()? != 1 {
                    self.pos = start;
                    return Err(self.unexpected(
                        "a factor (a number other than 1 may only lead a term, as its coefficient)",
                    ));
                }
            }
            Some(c @ ('b' | 'β')) => {
                self.pos += c.len_utf8();
                out.push(Factor::Q(0));
            }
            Some('P') => {
                self.pos += 1;
                if self.eat('(') {
                    out.push(Factor::P(self.list()?));
                } else {
                    self.eat('^');
                    out.push(Factor::P(vec![self.number()?]));
                }
            }
            Some('Q') => {
                self.pos += 1;
                if self.eat('(') {
                    out.extend(self.list()?.into_iter().map(Factor::Q));
                } else {
                    self.eat('_');
                    out.push(Factor::Q(self.number()?));
                }
            }
            _ => return Err(self.unexpected(WHAT)),
        }
        Ok(())
    }

    /// One term: its coefficient (not yet reduced) and its factors, `None`
    /// when it names no monomial (a bare number).
    fn term(&mut self) -> Result<(u32, Option<Vec<Factor>>), ParseError> {
        let mut coeff = 1;
        if matches!(self.peek(), Some('0'..='9')) {
            coeff = self.number()?;
            if self.eat('*') || self.eat('·') {
                // An explicit product sign: a monomial must follow.
            } else if matches!(self.peek(), None | Some('+' | '-')) {
                return Ok((coeff, None));
            }
        }
        let mut factors = Vec::new();
        loop {
            self.factor(&mut factors)?;
            if !(self.eat('*') || self.eat('·')) && matches!(self.peek(), None | Some('+' | '-')) {
                return Ok((coeff, Some(factors)));
            }
        }
    }
}

impl MilnorAlgebra<ValidPrime> {
    /// Parses an element (see the [grammar](self::parse)) and returns its
    /// degree and its dense vector over `basis(degree)`, entries in `0..p`. An
    /// element without monomials (e.g. `0` or `2`) has degree 0.
    ///
    /// Errors ([`ParseError`]): empty input, an unknown symbol or token, a
    /// number too large for `u32`, a term above `max_degree`, terms of
    /// different degrees.
    pub fn parse(&self, s: &str) -> Result<(u32, Vec<u32>), ParseError> {
        let p = self.prime();
        let mut parser = Parser(Lexer::new(s, char::is_whitespace));
        if parser.peek().is_none() {
            return Err(ParseError::Empty {
                example: "2 P1 + Q(0)P(1)",
            });
        }
        let mut negative = parser.eat('-');
        let mut result: Option<(u32, Vec<u32>)> = None;
        let mut constant = 0u32;
        loop {
            let start = parser.pos;
            let (coeff, factors) = parser.term()?;
            let text = s[start..parser.pos].trim();
            let mut c = coeff % p;
            if negative {
                c = (p - c) % p;
            }
            match factors {
                None => constant = (constant + c) % p,
                Some(factors) => {
                    let (deg, v) = self.product_of(text, &factors)?;
                    match &mut result {
                        None => result = Some((deg, v.iter().map(|x| x * c % p).collect())),
                        Some((d, acc)) if *d == deg => {
                            for (a, x) in acc.iter_mut().zip(&v) {
                                *a = (*a + x * c) % p;
                            }
                        }
                        Some((d, _)) => {
                            return Err(ParseError::DegreeMismatch {
                                term: text.to_string(),
                                degree: deg,
                                expected: *d,
                            })
                        }
                    }
                }
            }
            match parser.peek() {
                None => break,
                Some('+') => negative = false,
                Some('-') => negative = true,
                Some(_) => return Err(parser.unexpected("`+`, `-` or the end")),
            }
            parser.pos += 1;
        }
        match result {
            None => Ok((0, vec![constant])),
            Some((0, mut v)) => {
                v[0] = (v[0] + constant) % p;
                Ok((0, v))
            }
            Some((d, v)) if constant == 0 => Ok((d, v)),
            Some((d, _)) => Err(ParseError::DegreeMismatch {
                term: constant.to_string(),
                degree: 0,
                expected: d,
            }),
        }
    }

    /// The product of the factors of the term `text`, as (degree, vector).
    fn product_of(&self, text: &str, factors: &[Factor]) -> Result<(u32, Vec<u32>), ParseError> {
        let p = u128::from(self.prime());
        let pow = |i: u32| p.checked_pow(i).unwrap_or(u128::MAX);
        let degree = factors.iter().fold(0u128, |acc, f| {
            let d = match f {
                Factor::Q(i) => pow(*i).saturating_mul(2) - 1,
                Factor::P(r) => r.iter().zip(1u32..).fold(0u128, |d, (&x, i)| {
                    let w = (pow(i) - 1).saturating_mul(2);
                    d.saturating_add(u128::from(x).saturating_mul(w))
                }),
            };
            acc.saturating_add(d)
        });
        if degree > u128::from(self.max_degree) {
            return Err(ParseError::DegreeTooLarge {
                term: text.to_string(),
                degree,
                max: self.max_degree,
            });
        }
        // Below max_degree every Q index is < 9 and every P entry beyond the 8th is 0.
        let mut deg = 0;
        let mut acc = vec![1u32];
        for f in factors {
            let x = match f {
                Factor::Q(i) => MilnorQP {
                    e: 1 << i,
                    r: PPart::ONE,
                },
                Factor::P(r) => MilnorQP {
                    e: 0,
                    r: PPart::from_slice(r),
                },
            };
            let xd = x.degree(self.prime());
            let mut v = vec![0; self.dim(xd)];
            v[self.index_of(xd, &x)] = 1;
            acc = self.multiply(deg, &acc, xd, &v);
            deg += xd;
        }
        Ok((deg, acc))
    }

    /// Writes `v ∈ A_deg` (dense, entries mod p) as a sum of Milnor basis
    /// elements in basis order, coefficient first when it is not 1:
    /// `2 P(2) + Q(0)P(1)`; `0` for the zero vector; a multiple `c` of the
    /// unit prints as `c`. The output parses back to `v` with
    /// `MilnorAlgebra::<ValidPrime>::parse`.
    pub fn element_to_string(&self, deg: u32, v: &[u32]) -> String {
        let p = self.prime();
        let terms: Vec<String> = self
            .basis(deg)
            .iter()
            .zip(v)
            .filter(|(_, &c)| c % p != 0)
            .map(|(x, &c)| match (c % p, *x == MilnorQP::ONE) {
                (1, _) => x.to_string(),
                (c, true) => c.to_string(),
                (c, false) => format!("{c} {x}"),
            })
            .collect();
        if terms.is_empty() {
            "0".to_string()
        } else {
            terms.join(" + ")
        }
    }
}
