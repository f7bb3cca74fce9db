//! The basis of a module at an odd prime: names by degree, and its vectors.

use std::collections::HashMap;

use fp::{FqVector, ValidPrime};

use super::super::shape::Kept;

/// The basis of M at an odd prime: names by degree, in the file's order within
/// a degree.
pub(super) struct OddBasis {
    pub p: ValidPrime,
    pub min: i64,
    pub max: i64,
    /// `names[t − min]`: the basis of `M_t`.
    pub names: Vec<Vec<String>>,
    /// `name → (t, x)`.
    lookup: HashMap<String, (i64, usize)>,
}

impl OddBasis {
    pub fn new(p: ValidPrime, kept: &Kept) -> OddBasis {
        let max = kept.min + kept.span as i64;
        let mut names = vec![Vec::new(); kept.span + 1];
        let mut lookup = HashMap::with_capacity(kept.gens.len());
        for (name, deg) in &kept.gens {
            let slot: &mut Vec<String> = &mut names[(i64::from(*deg) - kept.min) as usize];
            lookup.insert(name.clone(), (i64::from(*deg), slot.len()));
            slot.push(name.clone());
        }
        OddBasis {
            p,
            min: kept.min,
            max,
            names,
            lookup,
        }
    }

    pub fn dim(&self, t: i64) -> usize {
        if t < self.min || t > self.max {
            0
        } else {
            self.names[(t - self.min) as usize].len()
        }
    }

    /// `(t, x)` of the generator `name`, if kept.
    pub fn find(&self, name: &str) -> Option<(i64, usize)> {
        self.lookup.get(name).copied()
    }

    /// `2 x4 + x5`, or `0`, for a vector of `M_t`.
    pub fn format(&self, t: i64, v: &FqVector<ValidPrime>) -> String {
        super::super::format_element(v, |j| &self.names[(t - self.min) as usize][j])
    }

    pub fn unit(&self, t: i64, x: usize) -> FqVector<ValidPrime> {
        let mut v = FqVector::zero(self.p, self.dim(t));
        v.set_entry(x, 1);
        v
    }

    pub fn zero(&self, t: i64) -> FqVector<ValidPrime> {
        FqVector::zero(self.p, self.dim(t))
    }
}
