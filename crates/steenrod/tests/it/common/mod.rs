//! Where the field's module files are, if anywhere.
//!
//! The tests that exist to check adams against the field's own module files read
//! `../shared/reference/modules` beside the checkout when it is there. A clone of the
//! repository on its own has no such folder: those checks then say on stderr that
//! they checked nothing, and why, and pass; every other test runs from the project's
//! own data (`modules/`, `tests/data/`).

#![allow(dead_code)]

pub mod odd;
pub mod projective;

use std::path::PathBuf;

/// `../shared/reference/modules` beside the checkout, if it is a folder; otherwise
/// `None`, after a note on stderr naming the folder and `what` is not checked.
pub fn field_modules_dir(what: &str) -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/reference/modules");
    if dir.is_dir() {
        return Some(dir);
    }
    eprintln!(
        "note: {} is not there (no ../shared beside the checkout): checked nothing of {what}",
        dir.display()
    );
    None
}
