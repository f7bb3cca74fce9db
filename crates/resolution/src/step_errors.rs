//! The typed errors of a step's matrix work: [`OffloadError`] (a backend failed, or an
//! offloaded call differs from the CPU's) and [`Inconsistency`] (a consistency check of
//! a step failed). Both are carried with the bidegree by
//! [`crate::ResolutionError::Offload`] and [`crate::ResolutionError::Inconsistent`].

use std::fmt;

use crate::backend::Call;

/// Which matrix of a step a call builds or reduces: its name in messages and, as text,
/// in the sample's hash ([`crate::sample::is_sampled`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum MatrixName {
    /// Nassau: `d_{s−1}` restricted to zero-signature rows and columns.
    ZeroSignatureTarget,
    /// Nassau: whole rows of `d_{s−1}` at signature zero, those the new generators use.
    ZeroSignatureRows,
    /// Nassau: the image of `d_s` on the zero-signature rows of `C_s`.
    ZeroSignatureImage,
    /// Nassau: `d_{s−1}` at a nonzero signature (its entries, one per profile entry).
    AtSignature(Vec<u8>),
    /// Classical: `d_s` on the old part of `(C_s)_t`.
    OldPart,
}

impl fmt::Display for MatrixName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatrixName::ZeroSignatureTarget => write!(f, "the zero-signature matrix of d_{{s-1}}"),
            MatrixName::ZeroSignatureRows => {
                write!(
                    f,
                    "the zero-signature rows of d_{{s-1}} the new generators use"
                )
            }
            MatrixName::ZeroSignatureImage => write!(f, "the zero-signature image of d_s"),
            MatrixName::AtSignature(sig) => {
                write!(f, "the matrix of d_{{s-1}} at signature {}", Signature(sig))
            }
            MatrixName::OldPart => write!(f, "the old-part matrix of d_s"),
        }
    }
}

/// A signature written `(a,b,…)`.
struct Signature<'a>(&'a [u8]);

impl fmt::Display for Signature<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let entries: Vec<String> = self.0.iter().map(u8::to_string).collect();
        write!(f, "({})", entries.join(","))
    }
}

/// A matrix build or a row reduction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// [`crate::Backend::build`].
    Build,
    /// [`crate::Backend::row_reduce`] (and the reduction behind a kernel).
    RowReduce,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Action::Build => "building",
            Action::RowReduce => "row reducing",
        })
    }
}

/// An offloaded build or reduction failed on its device, or differs from the CPU's
/// (a checked call, [`crate::Verified`]). `backend` is the backend's name.
#[derive(Debug, thiserror::Error)]
pub enum OffloadError {
    /// The device reported an error.
    #[error("{backend} failed {action} {what}: {source}")]
    Device {
        /// The backend.
        backend: String,
        /// Build or reduction.
        action: Action,
        /// The matrix.
        what: MatrixName,
        /// The device's own error.
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    /// A build returned a matrix of the wrong shape.
    #[error("{backend} returned a {rows} × {cols} matrix building {what}, expected {expected_rows} × {expected_cols}")]
    Shape {
        /// The backend.
        backend: String,
        /// The matrix.
        what: MatrixName,
        /// Rows returned.
        rows: usize,
        /// Columns returned.
        cols: usize,
        /// Rows expected.
        expected_rows: usize,
        /// Columns expected.
        expected_cols: usize,
    },
    /// A reduction returned pivots that are not `≤ rows` increasing columns below `cols`.
    #[error("{backend}: row reducing {what}: invalid pivot list of length {len} for a {rows} × {cols} matrix")]
    InvalidPivots {
        /// The backend.
        backend: String,
        /// The matrix.
        what: MatrixName,
        /// Length of the pivot list.
        len: usize,
        /// Rows of the matrix.
        rows: usize,
        /// Columns of the matrix.
        cols: usize,
    },
    /// A checked build differs from the CPU's at `row`.
    #[error("verify: {backend} differs from the CPU building {what}{}, row {row} of {rows}", Subalgebra(.subalgebra))]
    BuildDiffers {
        /// The backend.
        backend: String,
        /// The matrix.
        what: MatrixName,
        /// The sub-Hopf algebra of the step (Nassau), by name.
        subalgebra: Option<String>,
        /// First differing row.
        row: usize,
        /// Rows of the matrix.
        rows: usize,
    },
    /// A checked reduction found other pivots than the CPU's.
    #[error("verify: {backend} found pivots differing from the CPU's row reducing {what}")]
    PivotsDiffer {
        /// The backend.
        backend: String,
        /// The matrix.
        what: MatrixName,
    },
    /// A checked reduction differs from the CPU's at `row`.
    #[error("verify: {backend} differs from the CPU row reducing {what}, row {row} of {rows}")]
    ReductionDiffers {
        /// The backend.
        backend: String,
        /// The matrix.
        what: MatrixName,
        /// First differing row.
        row: usize,
        /// Rows of the matrix.
        rows: usize,
    },
}

impl OffloadError {
    /// The device error `source` of `backend` doing `action` for `call`.
    pub fn device(
        backend: String,
        action: Action,
        call: &Call<'_>,
        source: impl Into<Box<dyn std::error::Error + Send + Sync>>,
    ) -> Self {
        OffloadError::Device {
            backend,
            action,
            what: call.what.clone(),
            source: source.into(),
        }
    }
}

/// ` (subalgebra B(…))` when a step has one.
struct Subalgebra<'a>(&'a Option<String>);

impl fmt::Display for Subalgebra<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(name) => write!(f, " (subalgebra {name})"),
            None => Ok(()),
        }
    }
}

/// What consistency check of a step failed (a bug, or a faulty device).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Inconsistency {
    /// `pivots(B) ⊄ pivots(K)`: the image of `d_s` is not in the kernel of `d_{s−1}` (in
    /// Nassau's step, on the zero signature of `subalgebra`).
    #[error("{}", image_not_in_kernel(.subalgebra))]
    ImageNotInKernel {
        /// The step's sub-Hopf algebra (Nassau), by name.
        subalgebra: Option<String>,
    },
    /// Nassau: `d(x)` has a component at `signature` outside the image of `d_{s−1}`.
    #[error("the lift fails at signature {} (subalgebra {subalgebra})", Signature(.signature))]
    LiftFails {
        /// The signature.
        signature: Vec<u8>,
        /// The step's sub-Hopf algebra, by name.
        subalgebra: String,
    },
    /// Nassau: `d(x) ≠ 0` for a new generator `x` after the lift.
    #[error("d∘d ≠ 0 on a new generator after the lift (subalgebra {subalgebra})")]
    NonzeroAfterLift {
        /// The step's sub-Hopf algebra, by name.
        subalgebra: String,
    },
    /// Classical: the step `(s, t)` got no kernel of `d_{s−1}` from `(s−1, t)`.
    #[error("the kernel of the previous differential was not computed")]
    MissingKernel,
    /// Classical: the kernel of `d_{s−1}` has `kernel_dim` columns, the image `image_dim`.
    #[error("kernel and image live in different spaces")]
    AmbientMismatch {
        /// Columns of the kernel.
        kernel_dim: usize,
        /// Columns of the image.
        image_dim: usize,
    },
}

fn image_not_in_kernel(subalgebra: &Option<String>) -> String {
    match subalgebra {
        Some(name) => format!(
            "d∘d ≠ 0 on the zero signature: the image of d_s is not in the kernel of d_{{s−1}} (subalgebra {name})"
        ),
        None => "d∘d ≠ 0: the image of d_s is not in the kernel of d_{s−1}".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The names are hashed into the sample (`sample::is_sampled`): they must stay the
    /// texts the steps used before the names were typed, so that a run samples the same
    /// calls as before.
    #[test]
    fn matrix_names_keep_their_texts() {
        assert_eq!(
            MatrixName::ZeroSignatureTarget.to_string(),
            "the zero-signature matrix of d_{s-1}"
        );
        assert_eq!(
            MatrixName::ZeroSignatureImage.to_string(),
            "the zero-signature image of d_s"
        );
        assert_eq!(
            MatrixName::AtSignature(vec![1, 0, 2]).to_string(),
            "the matrix of d_{s-1} at signature (1,0,2)"
        );
        let e = Inconsistency::ImageNotInKernel { subalgebra: None };
        assert_eq!(
            e.to_string(),
            "d∘d ≠ 0: the image of d_s is not in the kernel of d_{s−1}"
        );
        let e = Inconsistency::LiftFails {
            signature: vec![0, 1],
            subalgebra: "A(1)".into(),
        };
        assert_eq!(
            e.to_string(),
            "the lift fails at signature (0,1) (subalgebra A(1))"
        );
    }
}
