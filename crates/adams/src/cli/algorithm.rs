//! `--algorithm`: the algorithm every resolving command chooses.

use clap::ValueEnum;

/// Algorithm that builds the minimal resolution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Algorithm {
    /// Row-reduce the full matrix of d_{s-1} in each bidegree (s, t); works for any module.
    Classical,
    /// Nassau's algorithm (arXiv:1910.04063): new generators from the zero-signature part
    /// of a Milnor sub-Hopf algebra's splitting, then a lift through the other
    /// signatures; rows s <= 1 are classical.
    Nassau,
}

impl Algorithm {
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Classical => "classical",
            Algorithm::Nassau => "nassau",
        }
    }

    pub fn to_resolution(self) -> resolution::Algorithm {
        match self {
            Algorithm::Classical => resolution::Algorithm::Classical,
            Algorithm::Nassau => resolution::Algorithm::Nassau,
        }
    }
}
