//! The products a chart carries: which generators at which prime, where their products
//! land, and how a product is written (`null`, a list of indices at p = 2, a list of
//! `[index, coefficient]` pairs at odd p).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A generator of `Ext^1` whose products the chart carries.
///
/// At p = 2: `h0`, `h1`, `h2`, the classes of `Sq(2^i)` at `(stem 2^i − 1, s 1)`. At odd p:
/// `a0`, the class of `β` at `(stem 0, s 1)`, and `h0`, the class of `P^1` at
/// `(stem 2p − 3, s 1)` (`t = 2(p − 1)`; the names of Ravenel, *Complex cobordism and stable homotopy
/// groups of spheres*, for the classes of `Ext^1` at odd p).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Generator {
    A0,
    H0,
    H1,
    H2,
}

/// The generators a chart at p = 2 carries, in the order of their keys.
pub const AT_TWO: [Generator; 3] = [Generator::H0, Generator::H1, Generator::H2];
/// The generators a chart at an odd prime carries.
pub const AT_ODD: [Generator; 2] = [Generator::A0, Generator::H0];

impl Generator {
    /// Every generator, in the order of the keys in a class.
    pub const ALL: [Generator; 4] = [Generator::A0, Generator::H0, Generator::H1, Generator::H2];

    /// The generators a chart at `prime` carries: [`AT_TWO`] or [`AT_ODD`].
    pub fn at_prime(prime: u32) -> &'static [Generator] {
        if prime == 2 {
            &AT_TWO
        } else {
            &AT_ODD
        }
    }

    /// The key of its product in a class of chart.json (and its name in the SVG).
    pub fn key(self) -> &'static str {
        match self {
            Generator::A0 => "a0",
            Generator::H0 => "h0",
            Generator::H1 => "h1",
            Generator::H2 => "h2",
        }
    }

    /// How many stems to the right its product lands at `prime` (always one filtration
    /// up): `a0` 0; `h0` 0 at p = 2, `2p − 3` at odd p; `h1` 1; `h2` 3.
    pub fn stem_shift(self, prime: u32) -> i32 {
        match self {
            Generator::A0 => 0,
            Generator::H0 if prime == 2 => 0,
            // A checked chart's prime is below 256.
            Generator::H0 => 2 * prime as i32 - 3,
            Generator::H1 => 1,
            Generator::H2 => 3,
        }
    }

    /// Whether the generator exists over the p = 2 sub-Hopf algebra named `algebra` (as
    /// chart.json's `algebra` names it): `h_i` is the class of `Sq(2^i)`, in `A(n)` for
    /// `i ≤ n` and in `profile (h(1), …)` for `i < h(1)` (`r_1 < 2^{h(1)}`). An `algebra`
    /// of another form keeps every generator.
    pub fn in_algebra(self, algebra: &str) -> bool {
        let i = match self {
            Generator::H0 => 0,
            Generator::H1 => 1,
            Generator::H2 => 2,
            Generator::A0 => return true,
        };
        let h1 = if let Some(n) = algebra.strip_prefix("A(").and_then(|r| r.strip_suffix(')')) {
            n.parse::<u32>().ok().map(|n| n + 1)
        } else if let Some(list) = algebra
            .strip_prefix("profile (")
            .and_then(|r| r.strip_suffix(')'))
        {
            match list.split(',').next().unwrap_or("") {
                // `profile ()`: F_2; `profile (,∞)`: no condition on r_1.
                "" if list.is_empty() => Some(0),
                "" => None,
                first => first.parse::<u32>().ok(),
            }
        } else {
            None
        };
        h1.is_none_or(|h| i < h)
    }
}

/// One term `c·y` of a product: the class `y` by its index in the target bidegree, and
/// its coefficient `c`. Written `5` at p = 2 (the coefficient is 1) and `[5, 2]` at odd p.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    untagged,
    expecting = "an index (p = 2) or an [index, coefficient] pair"
)]
pub enum Term {
    /// p = 2: the class at this index, coefficient 1.
    Index(usize),
    /// Odd p: the class at this index with this coefficient (in `1..p`).
    Scaled(usize, u32),
}

impl Term {
    /// The index of the class in the target bidegree.
    pub fn index(self) -> usize {
        match self {
            Term::Index(k) | Term::Scaled(k, _) => k,
        }
    }

    /// The coefficient (1 for [`Term::Index`]).
    pub fn coefficient(self) -> u32 {
        match self {
            Term::Index(_) => 1,
            Term::Scaled(_, c) => c,
        }
    }
}

/// The product of a class by one [`Generator`], as chart.json holds it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Product {
    /// The key is absent: a generator the chart's prime does not carry (or, as files
    /// before the `prime` key allowed, a product not given: then unknown).
    #[default]
    Absent,
    /// `null`: the target bidegree lies outside the computed range, so the product is
    /// unknown (not zero).
    Unknown,
    /// The product is the sum of these terms (`[]`: zero).
    Known(Vec<Term>),
}

impl Product {
    /// Whether the key is absent (then it is not written).
    pub fn is_absent(&self) -> bool {
        matches!(self, Product::Absent)
    }

    /// The terms of a known product.
    pub fn terms(&self) -> Option<&[Term]> {
        match self {
            Product::Known(terms) => Some(terms),
            Product::Absent | Product::Unknown => None,
        }
    }

    /// A p = 2 product from its indices (`None`: unknown).
    pub fn from_indices(indices: Option<Vec<usize>>) -> Product {
        indices.map_or(Product::Unknown, |ones| {
            Product::Known(ones.into_iter().map(Term::Index).collect())
        })
    }

    /// An odd-primary product from its `(index, coefficient)` pairs (`None`: unknown).
    pub fn from_pairs(pairs: Option<Vec<(usize, u32)>>) -> Product {
        pairs.map_or(Product::Unknown, |terms| {
            Product::Known(terms.into_iter().map(|(k, c)| Term::Scaled(k, c)).collect())
        })
    }
}

impl Serialize for Product {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.terms().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for Product {
    /// `null` is [`Product::Unknown`], a list [`Product::Known`]; an absent key is
    /// [`Product::Absent`] through `#[serde(default)]`.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(match Option::<Vec<Term>>::deserialize(deserializer)? {
            None => Product::Unknown,
            Some(terms) => Product::Known(terms),
        })
    }
}
