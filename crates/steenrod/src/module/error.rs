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
    /// `type` names a kind of module this reader does not handle.
    #[error("{file}: type \"{kind}\" is not supported; only \"finite dimensional module\" is")]
    UnsupportedType { file: String, kind: String },
    /// A `profile` (a module over a sub-Hopf algebra of A) was given.
    #[error(
        "{file}: {key}: modules over a sub-Hopf algebra of A (a profile) are not supported yet"
    )]
    UnsupportedProfile { file: String, key: String },
    /// A top-level key outside the format.
    #[error("{file}: unknown key \"{key}\"")]
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
            | ModuleError::Json { file, .. }
            | ModuleError::UnsupportedPrime { file, .. }
            | ModuleError::UnsupportedType { file, .. }
            | ModuleError::UnsupportedProfile { file, .. }
            | ModuleError::UnknownKey { file, .. }
            | ModuleError::Field { file, .. }
            | ModuleError::NotAModule { file, .. } => file,
        }
    }

    pub(super) fn field(file: &str, field: impl Into<String>, reason: impl Into<String>) -> Self {
        ModuleError::Field {
            file: file.to_string(),
            field: field.into(),
            reason: reason.into(),
        }
    }
}
