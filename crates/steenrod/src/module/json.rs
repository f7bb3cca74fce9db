//! Reading the field's JSON module format into a [`Spec`]: the generators and
//! the parsed actions, before any algebra is done, at every prime (the notation of a
//! factor and of a term is the algebra's: [`FileAlgebra`]). See `MODULE-FORMAT.md`.

use serde_json::{Map, Value};

use super::duplicates::DuplicateScan;
use super::file_algebra::{FileAlgebra, FileObject};
use super::keys::Notation;
use super::kinds::Kind;
use super::{DerivedAction, LoadOptions, ModuleError};

/// The generators and actions of a file, syntax checked (`F` the algebra's factor).
#[derive(Debug)]
pub(super) struct Spec<F> {
    /// `(name, degree)` in the file's order.
    pub gens: Vec<(String, i32)>,
    pub actions: Vec<ActionSpec<F>>,
    /// The file's own `shift` (added to every degree), 0 when absent.
    pub shift: i32,
    /// The sub-Hopf algebra the module is over (`profile`), `None` for `A`.
    pub profile: Option<crate::Profile>,
}

/// One entry of `actions`, e.g. `"Sq2 Sq1 x0 = x3 + x4"` or `"P1 b x0 = 2 x5"`.
#[derive(Debug)]
pub(super) struct ActionSpec<F> {
    /// How errors name it: `actions[3] "Sq2 Sq1 x0 = x3 + x4"`.
    pub field: String,
    /// The left side as written, trimmed: `Sq2 Sq1 x0`.
    pub lhs: String,
    /// The operation as written, trimmed: `Sq2 Sq1`.
    pub op_text: String,
    /// The factors of the operation, leftmost first (applied right to left).
    pub op: Vec<F>,
    /// The operation's degree at the file's prime (saturating).
    pub degree: u64,
    /// The generator acted on.
    pub source: String,
    /// The right side: `(generator, coefficient in 0..p)` in the file's order (a
    /// generator named twice: the coefficients add; at p = 2 repeats cancel).
    pub targets: Vec<(String, u32)>,
}

impl<F: std::hash::Hash + Eq> super::shape::ListedAction for ActionSpec<F> {
    type Key = Vec<F>;
    fn field(&self) -> &str {
        &self.field
    }
    fn lhs(&self) -> &str {
        &self.lhs
    }
    fn op_text(&self) -> &str {
        &self.op_text
    }
    fn op_key(&self) -> &Vec<F> {
        &self.op
    }
    fn op_degree(&self) -> u64 {
        self.degree
    }
    fn source(&self) -> &str {
        &self.source
    }
    fn target_names(&self) -> Vec<&str> {
        self.targets.iter().map(|(n, _)| n.as_str()).collect()
    }
}

/// Parse and syntax check a whole file at `A`'s prime: the prime, the field and the
/// spec. Errors: invalid JSON (with serde's line and column), a duplicate key, `p`
/// ([`FileAlgebra::file_prime`]), the top-level keys' errors
/// ([`super::keys::check_keys`]), malformed `gens`, `actions` or `profile`. A file of
/// another type than `"finite dimensional module"` becomes the spec of a finite module
/// truncated to `options.top_degree` ([`super::kinds`], [`super::presented`]).
pub(super) fn read_spec<A: FileAlgebra>(
    file: &str,
    text: &str,
    options: &LoadOptions,
) -> Result<(A::Field, Spec<A::Factor>), ModuleError> {
    let obj = parse_object(file, text)?;
    let field = A::file_prime(file, obj.get("p"))?;
    let p = fp::Prime::value(field);
    let (shift, kind) = super::keys::check_keys(file, &obj, A::NOTATION)?;
    let (gens, derived) = match kind {
        Kind::Finite => {
            let gens = parse_gens(file, obj.get("gens"))?;
            let actions = parse_actions(file, obj.get("actions"), |f, i, s| {
                parse_action::<A>(f, i, s, p)
            })?;
            let odd = A::NOTATION == Notation::ReducedPowers;
            let profile = super::profile::parse_profile(file, obj.get("profile"), odd)?;
            let spec = Spec {
                gens,
                actions,
                shift,
                profile,
            };
            return Ok((field, spec));
        }
        Kind::FinitelyPresented => {
            let quotient =
                super::presented::presented_spec::<A>(file, &obj, field, shift, options)?;
            (quotient.gens, quotient.actions)
        }
        _ => {
            let source = FileObject {
                file,
                obj: &obj,
                shift,
                options,
            };
            A::space(&source, kind, p)?
        }
    };
    let actions = derived
        .into_iter()
        .map(|a| derived_action::<A>(p, a))
        .collect();
    let spec = Spec {
        gens,
        actions,
        shift,
        profile: None,
    };
    Ok((field, spec))
}

/// The action `g·source = Σ c·target` of a derived module (its generator `g` of degree
/// `a.degree`), as a file would list it: `derived action "Sq4 x0 = x4"`.
pub(super) fn derived_action<A: FileAlgebra>(p: u32, a: DerivedAction) -> ActionSpec<A::Factor> {
    let op = A::generator_factor(a.degree, p);
    let op_text = op.to_string();
    let lhs = format!("{op_text} {}", a.source);
    let terms: Vec<String> = a
        .targets
        .iter()
        .map(|(t, c)| {
            if *c == 1 {
                t.clone()
            } else {
                format!("{c} {t}")
            }
        })
        .collect();
    let rhs = if terms.is_empty() {
        "0".to_string()
    } else {
        terms.join(" + ")
    };
    ActionSpec {
        field: format!("derived action {:?}", format!("{lhs} = {rhs}")),
        degree: A::factor_degree(&op, p),
        lhs,
        op_text,
        op: vec![op],
        source: a.source,
        targets: a.targets,
    }
}

/// Parse `"OP GEN = SUM"` at the prime `p` (entry `i` of `actions` in `file`): `OP` one or
/// more factors ([`FileAlgebra::parse_factor`]), `SUM` terms
/// ([`FileAlgebra::parse_term`]) joined by `+`, or `0`.
fn parse_action<A: FileAlgebra>(
    file: &str,
    i: usize,
    text: &str,
    p: u32,
) -> Result<ActionSpec<A::Factor>, ModuleError> {
    let field = format!("actions[{i}] {text:?}");
    let err = |reason: String| ModuleError::field(file, &field, reason);
    let ActionParts {
        lhs,
        factors,
        source,
        op_text,
        rhs,
    } = split_action(text).map_err(&err)?;
    let op = factors
        .iter()
        .map(|t| A::parse_factor(t))
        .collect::<Result<Vec<_>, _>>()
        .map_err(&err)?;
    let targets = parse_sum::<A>(rhs.trim(), p).map_err(&err)?;
    Ok(ActionSpec {
        field,
        lhs: lhs.to_string(),
        op_text,
        degree: op
            .iter()
            .fold(0u64, |acc, f| acc.saturating_add(A::factor_degree(f, p))),
        op,
        source: source.to_string(),
        targets,
    })
}

/// `0`, or terms ([`FileAlgebra::parse_term`]) joined by `+`; the terms `0` left out.
fn parse_sum<A: FileAlgebra>(rhs: &str, p: u32) -> Result<Vec<(String, u32)>, String> {
    if rhs.is_empty() {
        return Err("the right side is empty (write 0 for zero)".into());
    }
    let mut targets = Vec::new();
    for term in rhs.split('+') {
        let term = term.trim();
        if term.is_empty() {
            return Err("an empty term on the right side".into());
        }
        let (name, c) = A::parse_term(term, p)?;
        if name != "0" {
            targets.push((name.to_string(), c));
        }
    }
    Ok(targets)
}

/// The top-level object of a module file. Errors: invalid JSON (with serde's
/// line and column), a duplicate key, a top level that is not an object.
pub(super) fn parse_object(file: &str, text: &str) -> Result<Map<String, Value>, ModuleError> {
    // A byte order mark (editors on Windows write one) is not JSON; skip it.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let value: Value = serde_json::from_str(text).map_err(|e| json_error(file, &e))?;
    let DuplicateScan(dup) = serde_json::from_str(text).map_err(|e| json_error(file, &e))?;
    if let Some((parent, key)) = dup {
        let field = if parent.is_empty() {
            "top level".to_string()
        } else {
            parent
        };
        return Err(ModuleError::field(
            file,
            field,
            format!("the key \"{key}\" appears twice"),
        ));
    }
    let Value::Object(obj) = value else {
        return Err(ModuleError::field(
            file,
            "top level",
            format!("expected a JSON object, found {}", kind_of(&value)),
        ));
    };
    Ok(obj)
}

/// The `actions` array (absent: none), each string read by `parse(file, i, text)`.
pub(super) fn parse_actions<T>(
    file: &str,
    actions: Option<&Value>,
    parse: impl Fn(&str, usize, &str) -> Result<T, ModuleError>,
) -> Result<Vec<T>, ModuleError> {
    match actions {
        None => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .enumerate()
            .map(|(i, item)| match item {
                Value::String(s) => parse(file, i, s),
                other => Err(ModuleError::field(
                    file,
                    format!("actions[{i}]"),
                    format!("expected a string, found {other}"),
                )),
            })
            .collect(),
        Some(v) => Err(ModuleError::field(
            file,
            "actions",
            format!("expected an array of strings, found {}", kind_of(v)),
        )),
    }
}

fn json_error(file: &str, e: &serde_json::Error) -> ModuleError {
    ModuleError::Json {
        file: file.to_string(),
        line: e.line(),
        column: e.column(),
        message: e.to_string(),
    }
}

pub(super) fn kind_of(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

pub(super) fn parse_gens(
    file: &str,
    gens: Option<&Value>,
) -> Result<Vec<(String, i32)>, ModuleError> {
    let Some(gens) = gens else {
        return Err(ModuleError::field(
            file,
            "gens",
            "missing (an object mapping generator names to degrees)",
        ));
    };
    let Value::Object(map) = gens else {
        return Err(ModuleError::field(
            file,
            "gens",
            format!(
                "expected an object mapping generator names to degrees, found {}",
                kind_of(gens)
            ),
        ));
    };
    if map.is_empty() {
        return Err(ModuleError::field(
            file,
            "gens",
            "no generators (the zero module is not supported)",
        ));
    }
    let mut out = Vec::with_capacity(map.len());
    for (name, deg) in map {
        let field = format!("gens {name:?}");
        if let Some(reason) = bad_name(name) {
            return Err(ModuleError::field(file, field, reason));
        }
        let deg = bounded_degree(deg).ok_or_else(|| {
            ModuleError::field(
                file,
                &field,
                format!(
                    "expected an integer degree of absolute value at most {}, found {deg}",
                    super::MAX_ABS_DEGREE
                ),
            )
        })?;
        out.push((name.clone(), deg));
    }
    Ok(out)
}

/// `v` as a degree (or shift): an integer of absolute value at most `2^20`.
pub(super) fn bounded_degree(v: &Value) -> Option<i32> {
    v.as_i64()
        .and_then(|d| i32::try_from(d).ok())
        .filter(|d| d.unsigned_abs() <= super::MAX_ABS_DEGREE)
}

/// Why `name` cannot be a generator name, if it cannot.
fn bad_name(name: &str) -> Option<&'static str> {
    if name.is_empty() {
        Some("a generator name must not be empty")
    } else if name.chars().any(char::is_whitespace) {
        Some("a generator name must not contain white space")
    } else if name.contains(['+', '=']) {
        Some("a generator name must not contain '+' or '='")
    } else if name == "0" {
        Some("\"0\" stands for zero and cannot name a generator")
    } else {
        None
    }
}

/// The parts of an action `"OP GEN = SUM"`, at any prime: the left side (trimmed), the
/// tokens of `OP` (applied right to left), the generator `GEN`, the text of `OP` and the
/// right side (untrimmed).
pub(super) struct ActionParts<'a> {
    pub lhs: &'a str,
    pub factors: Vec<&'a str>,
    pub source: &'a str,
    pub op_text: String,
    pub rhs: &'a str,
}

/// Splits `"OP GEN = SUM"` into its [`ActionParts`]. Errors (the reason, for the
/// caller's field): not exactly one `=`, an empty left side, no operation before the
/// generator, a token error.
pub(super) fn split_action(text: &str) -> Result<ActionParts<'_>, String> {
    let mut sides = text.split('=');
    let (Some(lhs), Some(rhs), None) = (sides.next(), sides.next(), sides.next()) else {
        return Err(
            "expected \"OPERATION GENERATOR = SUM OF GENERATORS\" with exactly one '='".into(),
        );
    };
    let lhs = lhs.trim();
    let mut factors = tokenize(lhs)?;
    let Some(source) = factors.pop() else {
        return Err("the left side is empty".into());
    };
    if factors.is_empty() {
        return Err(format!(
            "the left side \"{lhs}\" has no operation before the generator"
        ));
    }
    let op_text = lhs[..lhs.len() - source.len()].trim_end().to_string();
    Ok(ActionParts {
        lhs,
        factors,
        source,
        op_text,
        rhs,
    })
}

/// Split at white space outside parentheses: `Sq(0, 1) x0` → `Sq(0, 1)`, `x0`.
pub(super) fn tokenize(s: &str) -> Result<Vec<&str>, String> {
    let mut tokens = Vec::new();
    let mut depth = 0usize;
    let mut start: Option<usize> = None;
    for (pos, ch) in s.char_indices() {
        match ch {
            '(' => depth += 1,
            ')' => {
                depth = depth
                    .checked_sub(1)
                    .ok_or_else(|| format!("unbalanced ')' in \"{s}\""))?;
            }
            _ => {}
        }
        if ch.is_whitespace() && depth == 0 {
            if let Some(b) = start.take() {
                tokens.push(&s[b..pos]);
            }
        } else if start.is_none() {
            start = Some(pos);
        }
    }
    if depth != 0 {
        return Err(format!("unbalanced '(' in \"{s}\""));
    }
    if let Some(b) = start {
        tokens.push(&s[b..]);
    }
    Ok(tokens)
}
