//! [`ModuleError`]: why a module file was rejected.

/// Why a module definition could not be read. Each message is one line that
/// names the file, the offending field and the reason, e.g.
///
/// ```text
/// C2bad.json: actions[1] "Sq2 x0 = x5": unknown generator "x5"
/// bad.json: not an A-module: the Adem relation Sq1 Sq1 = 0 fails on generator x0 (Sq1 Sq1 x0 = x2)
/// ```
///
/// `file` is the name given to [`super::FiniteModule::from_json_str`] or the
/// path given to [`super::FiniteModule::load`].
#[derive(Debug, thiserror::Error)]
pub enum ModuleError {
    /// The file could not be read.
    #[error("{file}: cannot read the file: {source}")]
    Io {
        file: String,
        #[source]
        source: std::io::Error,
    },
    /// The path names something other than a regular file (a FIFO, a device
    /// such as `/dev/zero`, a socket): refused before it is opened, so that
    /// reading never blocks or runs without end. `kind` says what it is.
    #[error("{file}: not a regular file ({kind}); a module file must be a regular file")]
    NotAFile { file: String, kind: String },
    /// The file holds more than `limit` bytes ([`super::MAX_FILE_BYTES`]).
    #[error("{file}: larger than {limit} bytes, the most a module file may hold")]
    TooLarge { file: String, limit: u64 },
    /// The text is not JSON; `line` and `column` are serde_json's (1-based).
    #[error("{file}: invalid JSON: {message}")]
    Json {
        file: String,
        line: usize,
        column: usize,
        /// serde_json's message, which ends with "at line L column C".
        message: String,
    },
    /// `p` is a prime other than 2.
    #[error("{file}: p = {p} is not supported; only p = 2")]
    UnsupportedPrime { file: String, p: i64 },
    /// `p` is an odd prime, given to the p = 2 reader ([`super::FiniteModule`]).
    #[error("{file}: p = {p} is an odd prime, which the mod 2 reader does not read: load the file as an odd-primary module (steenrod::module::AnyModule or FiniteModule<MilnorAlgebra<ValidPrime>>)")]
    OddPrime { file: String, p: u32 },
    /// `p` is 2, given to the odd-primary reader ([`super::FiniteModule`] over `MilnorAlgebra<ValidPrime>`).
    #[error("{file}: p = 2 is not an odd prime: load the file as a mod 2 module (steenrod::module::AnyModule or FiniteModule)")]
    NotOddPrime { file: String },
    /// `type` names a kind of module this reader does not handle.
    /// `supported` says which types are read, e.g. `at odd primes only
    /// "finite dimensional module" is`.
    #[error("{file}: type {kind:?} is not supported; {supported}")]
    UnsupportedType {
        file: String,
        kind: String,
        supported: String,
    },
    /// A `profile` (a module over a sub-Hopf algebra of A) was given.
    #[error(
        "{file}: {key}: modules over a sub-Hopf algebra of A (a profile) are not supported yet"
    )]
    UnsupportedProfile { file: String, key: String },
    /// A top-level key of the field's format that defines structure this
    /// reader does not build (`cofiber`, `generic: true`): reading the file
    /// without it would give another module. `reason` says what the key means.
    #[error("{file}: key \"{key}\" is not supported: {reason}")]
    RefusedKey {
        file: String,
        key: String,
        reason: String,
    },
    /// A top-level key outside the format.
    #[error("{file}: unknown key {key:?}")]
    UnknownKey { file: String, key: String },
    /// A field is missing or malformed, or an action is inconsistent with the
    /// generators, the degrees or the other actions. `field` is e.g. `gens`,
    /// `gens "x0"` or `actions[1] "Sq2 x0 = x5"`.
    #[error("{file}: {field}: {reason}")]
    Field {
        file: String,
        field: String,
        reason: String,
    },
    /// Every generator lies above `top`, the highest degree a truncated load
    /// ([`super::LoadOptions::top_degree`]) keeps: the range asked for holds no cell of
    /// the module. `lowest` is the lowest generator's degree (after the shift).
    #[error("{file}: gens: every generator lies above degree {top}, the highest that can affect the range asked for (the lowest is in degree {lowest})")]
    AboveRange { file: String, top: i32, lowest: i64 },
    /// An Adem relation fails: the actions do not make M an A-module.
    /// `relation` is e.g. `Sq1 Sq1 = 0`, `detail` e.g. `Sq1 Sq1 x0 = x2`.
    #[error("{file}: not an A-module: the Adem relation {relation} fails on generator {generator} ({detail})")]
    NotAModule {
        file: String,
        relation: String,
        generator: String,
        detail: String,
    },
}

impl ModuleError {
    /// The file (name or path) the error is about.
    pub fn file(&self) -> &str {
        match self {
            ModuleError::Io { file, .. }
            | ModuleError::NotAFile { file, .. }
            | ModuleError::TooLarge { file, .. }
            | ModuleError::RefusedKey { file, .. }
            | ModuleError::Json { file, .. }
            | ModuleError::UnsupportedPrime { file, .. }
            | ModuleError::OddPrime { file, .. }
            | ModuleError::NotOddPrime { file }
            | ModuleError::UnsupportedType { file, .. }
            | ModuleError::UnsupportedProfile { file, .. }
            | ModuleError::UnknownKey { file, .. }
            | ModuleError::Field { file, .. }
            | ModuleError::AboveRange { file, .. }
            | ModuleError::NotAModule { file, .. } => file,
        }
    }

    /// A [`ModuleError::Field`]. The field and the reason may quote the file's
    /// text; a line break in them is escaped (`\n`) so the message stays one line.
    pub(super) fn field(file: &str, field: impl Into<String>, reason: impl Into<String>) -> Self {
        ModuleError::Field {
            file: file.to_string(),
            field: one_line(field.into()),
            reason: one_line(reason.into()),
        }
    }
}

/// `s` with every white space other than ' ' (line breaks, tabs, …) escaped.
fn one_line(s: String) -> String {
    if !s.chars().any(|c| c.is_whitespace() && c != ' ') {
        return s;
    }
    s.chars()
        .map(|c| {
            if c.is_whitespace() && c != ' ' {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}
