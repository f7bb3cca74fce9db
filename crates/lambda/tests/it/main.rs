//! The integration tests of `lambda`, in one binary (`cargo test -p lambda --test it
//! MODULE::` runs one).

mod algebra;
mod resolution;
mod stable;
mod unstable;
