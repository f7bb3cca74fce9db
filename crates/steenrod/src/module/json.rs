//! Reading the field's JSON module format into a [`Spec`]: the generators and
//! the parsed actions, before any algebra is done. See `MODULE-FORMAT.md`.

use std::fmt;

use serde_json::{Map, Value};

use super::duplicates::DuplicateScan;
use super::ModuleError;

/// The generators and actions of a file, syntax checked.
#[derive(Debug)]
pub(super) struct Spec {
    /// `(name, degree)` in the file's order.
    pub gens: Vec<(String, i32)>,
    pub actions: Vec<ActionSpec>,
    /// The file's own `shift` (added to every degree), 0 when absent.
    pub shift: i32,
    /// The sub-Hopf algebra the module is over (`profile`), `None` for `A`.
    pub profile: Option<crate::Profile>,
}

/// One entry of `actions`, e.g. `"Sq2 Sq1 x0 = x3 + x4"`.
#[derive(Debug)]
pub(super) struct ActionSpec {
    /// How errors name it: `actions[3] "Sq2 Sq1 x0 = x3 + x4"`.
    pub field: String,
    /// The left side as written, trimmed: `Sq2 Sq1 x0`.
    pub lhs: String,
    /// The operation as written, trimmed: `Sq2 Sq1`.
    pub op_text: String,
    /// The factors of the operation, leftmost first (applied right to left).
    pub op: Vec<Factor>,
    /// The generator acted on.
    pub source: String,
    /// The generators summed on the right side (repeats cancel mod 2).
    pub targets: Vec<String>,
}

/// One factor of an operation: `Sq^i` or a Milnor basis element `Sq(R)`.
///
/// Normal form: a Milnor element has at least two significant entries (no
/// trailing zeros); `Sq(i)` is stored as `Sq(i)` = `Factor::Sq(i)`, so that
/// `Sq2` and `Sq(2)` compare equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Factor {
    Sq(u32),
    Milnor(Vec<u32>),
}

impl super::shape::ListedAction for ActionSpec {
    type Key = Vec<Factor>;
    fn field(&self) -> &str {
        &self.field
    }
    fn lhs(&self) -> &str {
        &self.lhs
    }
    fn op_text(&self) -> &str {
        &self.op_text
    }
    fn op_key(&self) -> &Vec<Factor> {
        &self.op
    }
    fn op_degree(&self) -> u64 {
        Factor::total_degree(&self.op)
    }
    fn source(&self) -> &str {
        &self.source
    }
    fn target_names(&self) -> Vec<&str> {
        self.targets.iter().map(String::as_str).collect()
    }
}

impl Factor {
    /// The degree `i`, or `Σ r_k (2^k − 1)`, saturating at `u64::MAX`.
    pub fn degree(&self) -> u64 {
        match self {
            Factor::Sq(i) => u64::from(*i),
            Factor::Milnor(r) => r.iter().enumerate().fold(0u64, |acc, (k, &x)| {
                if x == 0 {
                    return acc;
                }
                let weight = if k + 1 >= 63 {
                    u64::MAX
                } else {
                    (1u64 << (k + 1)) - 1
                };
                acc.saturating_add(weight.saturating_mul(u64::from(x)))
            }),
        }
    }

    /// The operation's degree: the sum of its factors' degrees (saturating).
    pub fn total_degree(op: &[Factor]) -> u64 {
        op.iter()
            .fold(0u64, |acc, f| acc.saturating_add(f.degree()))
    }
}

impl fmt::Display for Factor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Factor::Sq(i) => write!(f, "Sq{i}"),
            Factor::Milnor(r) => {
                let parts: Vec<String> = r.iter().map(u32::to_string).collect();
                write!(f, "Sq({})", parts.join(","))
            }
        }
    }
}

/// Parse and syntax check a whole file. Errors: invalid JSON (with serde's
/// line and column), a duplicate key, the top-level keys' errors
/// ([`super::keys::check_keys`]), malformed `gens` or `actions`. A file of
/// another type than `"finite dimensional module"` becomes the spec of a
/// finite module truncated to `options.top_degree` ([`super::kinds`]).
pub(super) fn parse_spec(
    file: &str,
    text: &str,
    options: &super::LoadOptions,
) -> Result<Spec, ModuleError> {
    use super::kinds::{derived_power_action, projective_spec, Kind};
    let obj = parse_object(file, text)?;
    let (shift, kind) = super::keys::check_keys(file, &obj)?;
    match kind {
        Kind::Finite => {}
        Kind::RealProjective | Kind::ComplexProjective | Kind::ClassifyingSpace => {
            return projective_spec(file, &obj, kind, shift, options)
        }
        Kind::FinitelyPresented => {
            let quotient = super::presented::presented_spec::<crate::MilnorAlgebra>(
                file,
                &obj,
                fp::P2,
                shift,
                options,
            )?;
            return Ok(Spec {
                gens: quotient.gens,
                actions: quotient
                    .actions
                    .into_iter()
                    .map(derived_power_action)
                    .collect(),
                shift,
                profile: None,
            });
        }
    }
    let gens = parse_gens(file, obj.get("gens"))?;
    let actions = parse_actions(file, obj.get("actions"), parse_action)?;
    let profile = super::profile::parse_profile(file, obj.get("profile"), false)?;
    Ok(Spec {
        gens,
        actions,
        shift,
        profile,
    })
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

/// Parse `"OP GEN = SUM"`, `OP` one or more factors `Sq<i>`, `Sq(r1,r2,…)`
/// (also `P(r1,…)`), `SUM` generators joined by `+`, or `0`.
fn parse_action(file: &str, i: usize, text: &str) -> Result<ActionSpec, ModuleError> {
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
        .map(|t| parse_factor(t))
        .collect::<Result<Vec<_>, _>>()
        .map_err(&err)?;

    let rhs = rhs.trim();
    if rhs.is_empty() {
        return Err(err("the right side is empty (write 0 for zero)".into()));
    }
    let mut targets = Vec::new();
    for term in rhs.split('+') {
        let term = term.trim();
        if term.is_empty() {
            return Err(err("an empty term on the right side".into()));
        }
        if term.chars().any(char::is_whitespace) {
            return Err(err(format!(
                "\"{term}\" on the right side is not a generator name (terms are joined by '+')"
            )));
        }
        if term != "0" {
            targets.push(term.to_string());
        }
    }
    Ok(ActionSpec {
        field,
        lhs: lhs.to_string(),
        op_text,
        op,
        source: source.to_string(),
        targets,
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

pub(super) fn parse_factor(token: &str) -> Result<Factor, String> {
    let unknown = || {
        format!("unknown operation \"{token}\"; expected Sq<i> (e.g. Sq2), a Milnor element Sq(r1,r2,...) or a product of these")
    };
    let inner = token
        .strip_prefix("Sq(")
        .or_else(|| token.strip_prefix("P("))
        .and_then(|rest| rest.strip_suffix(')'));
    if let Some(inner) = inner {
        let mut r = inner
            .split(',')
            .map(|x| x.trim().parse::<u32>().map_err(|_| unknown()))
            .collect::<Result<Vec<u32>, String>>()?;
        while r.last() == Some(&0) {
            r.pop();
        }
        return Ok(match r.len() {
            0 => Factor::Sq(0),
            1 => Factor::Sq(r[0]),
            _ => Factor::Milnor(r),
        });
    }
    match token.strip_prefix("Sq") {
        Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => digits
            .parse::<u32>()
            .map(Factor::Sq)
            .map_err(|_| format!("\"{token}\": the exponent is too large")),
        _ => Err(unknown()),
    }
}
