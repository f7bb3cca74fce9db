//! Fuzzing the module JSON readers (`AnyModule::from_json_str_with`: the mod 2
//! reader `FiniteModule` and, for a file with an odd `p`, `FiniteModule<MilnorAlgebra<ValidPrime>>`): every
//! input must end in `Ok` or a one-line `ModuleError` naming the file — never
//! a panic, never a hang.
//!
//! Inputs, from a seeded generator (proptest's ChaCha `TestRng`, so a failure is
//! reproducible from the seed and its case number): a seed corpus (the bundled `modules/*.json`, module
//! files written here, and, when the folder exists, the field's files in
//! `../shared/reference/modules` beside the checkout — read, not copied),
//! mutated — byte flips, truncation, key deletion and duplication, number
//! changes, huge numbers, deep nesting, odd Unicode, actions spliced between
//! files — plus freshly generated modules, each loaded with a random shift and
//! a random top degree (at most 60 in its own degrees where the input may be a
//! finitely presented module: beyond, the time is the algebra's, not the reader's).
//!
//! `ADAMS_FUZZ_CASES` sets the number of inputs (default 10000), `ADAMS_FUZZ_SEED`
//! the seed. Each input runs on a worker thread; one that takes longer than
//! `ADAMS_FUZZ_CASE_SECONDS` (default 20) fails the test as a hang. The test
//! prints how many inputs were tried, loaded and refused
//! (`cargo test -p steenrod --test it fuzz_module_json:: -- --nocapture`).

use crate::common::projective;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use projective::projective;
use proptest::prelude::Rng as _;
use proptest::test_runner::{RngAlgorithm, TestRng};
use serde_json::Value;
use steenrod::module::{bundled, bundled_names, AnyModule, LoadOptions, MAX_SPAN};

/// Random choices from proptest's seeded ChaCha generator: input `case` of a
/// run seeded with `seed` is the same on every machine.
struct Rng(TestRng);

impl Rng {
    fn for_case(seed: u64, case: u64) -> Rng {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&seed.to_le_bytes());
        bytes[8..16].copy_from_slice(&case.to_le_bytes());
        Rng(TestRng::from_seed(RngAlgorithm::ChaCha, &bytes))
    }
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }
    /// Uniform in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo + 1) as u64) as i64
    }
    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

fn env_number(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(v) => v
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v:?} is not a whole number")),
        Err(_) => default,
    }
}

/// The seed corpus: `(file name, text)`.
fn corpus() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = bundled_names()
        .iter()
        .map(|n| (format!("{n}.json"), bundled(n).unwrap().to_string()))
        .collect();
    out.push(("RP_1_20.json".into(), projective(1, 20)));
    out.push(("RP_-3_6.json".into(), projective(-3, 6)));
    out.push(("RP_1_140.json".into(), projective(1, 140)));
    out.push((
        "Milnor.json".into(),
        r#"{"p": 2, "type": "finite dimensional module", "generic": false, "name": "A(1)//?",
            "gens": {"x0": 0, "x1": 1, "x2": 2, "x3": 3, "x4": 4},
            "actions": ["Sq1 x0 = x1", "Sq2 x0 = x2", "Sq2 x1 = x3", "Sq1 x3 = x4", "Sq2 x2 = x4",
                        "Sq3 x0 = x3", "Sq(0,1) x0 = x3 + 0", "P(1) x3 = x4", "Sq2 Sq1 x0 = x3"],
            "shift": -2, "self_maps": [], "products": [{"name": "h_0"}]}"#
            .into(),
    ));
    out.push((
        "C4.json".into(),
        r#"{"p": 2, "type": "finite dimensional module", "gens": {"x0": 0}, "actions": [],
            "cofiber": {"idx": 0, "s": 2, "t": 2}}"#
            .into(),
    ));
    // Odd primes: coefficients, every notation of the operations, composites.
    out.push((
        "C3xX3.json".into(),
        r#"{"p": 3, "type": "finite dimensional module", "generic": true,
            "gens": {"x0": 0, "x1": 1, "x4": 4, "x5": 5, "x8": 8, "x9": 9},
            "actions": ["b x0 = x1", "P1 x0 = x4", "P1 x1 = x5", "β x4 = x5", "P1 x4 = 2 x8",
                        "P1 x5 = 2 x9", "b x8 = x9", "P2 x0 = x8", "Q_1 x0 = 2 x5", "P(1) b x0 = x5",
                        "Q(0)P(1) x0 = -1 x5", "P^2 x1 = 4 x9", "Q(0,1) x0 = 0 x9"],
            "shift": 1}"#
            .into(),
    ));
    out.push((
        "C5v1.json".into(),
        r#"{"p": 5, "type": "finite dimensional module", "gens": {"x0": 0, "x1": 1, "x9": 9, "x10": 10},
            "actions": ["b x0 = x1", "P1 x1 = 3 x9", "b x9 = x10"]}"#
            .into(),
    ));
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/reference/modules");
    if let Ok(entries) = std::fs::read_dir(&shared) {
        let mut files: Vec<_> = entries.filter_map(|e| e.ok()).map(|e| e.path()).collect();
        files.sort();
        for path in files {
            if let Ok(text) = std::fs::read_to_string(&path) {
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                out.push((name, text));
            }
        }
    }
    out
}

const NUMBERS: [&str; 22] = [
    "0",
    "-0",
    "1",
    "-1",
    "2",
    "3",
    "127",
    "128",
    "129",
    "-128",
    "510",
    "511",
    "1048576",
    "1048577",
    "-1048577",
    "2147483647",
    "-2147483648",
    "4294967296",
    "9223372036854775807",
    "99999999999999999999999",
    "1e300",
    "0.5",
];

const ODD_TEXT: [&str; 16] = [
    "\u{0}", "\u{feff}", "\u{a0}", "\u{3000}", "\u{2028}", "\u{202e}", "é", "e\u{301}", "𝔽",
    "\u{fffd}", "\\u0000", "\\ud800", "\"", "\\", "\n", "Sq",
];

const OPS: [&str; 25] = [
    "Sq1",
    "Sq2",
    "Sq4",
    "Sq8",
    "Sq3",
    "Sq0",
    "Sq(0,1)",
    "P(1)",
    "Sq2 Sq1",
    "Sq(1,1)",
    "Sq4294967295",
    "Sq(0,0,0,0,0,0,0,0,0,0,1)",
    "Sq(4294967295,4294967295)",
    "Sq64",
    "b",
    "β",
    "P1",
    "P^3",
    "P2",
    "Q_1",
    "Q(0,1)P(1)",
    "P(0,1)",
    "P1 b",
    "Q(1,0)",
    "P4294967295",
];

/// Positions of the char boundaries of `s` (plus its end).
fn boundary(s: &str, rng: &mut Rng) -> usize {
    let mut at = rng.below(s.len() + 1);
    while !s.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn insert_at(s: &str, at: usize, piece: &str) -> String {
    format!("{}{piece}{}", &s[..at], &s[at..])
}

/// One mutation of `text`.
fn mutate(text: &str, rng: &mut Rng, corpus: &[(String, String)]) -> String {
    match rng.below(11) {
        // Flip one bit of one byte (lossy back to text).
        0 => {
            let mut bytes = text.as_bytes().to_vec();
            if !bytes.is_empty() {
                let i = rng.below(bytes.len());
                bytes[i] ^= 1 << rng.below(8);
            }
            String::from_utf8_lossy(&bytes).into_owned()
        }
        // Truncate.
        1 => text[..boundary(text, rng)].to_string(),
        // Replace a number by an edge case.
        2 => {
            let starts: Vec<usize> = text
                .char_indices()
                .filter(|&(i, c)| {
                    c.is_ascii_digit() && (i == 0 || !text.as_bytes()[i - 1].is_ascii_digit())
                })
                .map(|(i, _)| i)
                .collect();
            if starts.is_empty() {
                return text.to_string();
            }
            let a = *rng.pick(&starts);
            let b = a + text[a..].bytes().take_while(u8::is_ascii_digit).count();
            format!("{}{}{}", &text[..a], rng.pick(&NUMBERS), &text[b..])
        }
        // Insert odd text anywhere.
        3 => {
            let at = boundary(text, rng);
            let odd: &&str = rng.pick(&ODD_TEXT);
            insert_at(text, at, odd)
        }
        // Deep nesting, as the whole file or as a value.
        4 => {
            let depth = *rng.pick(&[10usize, 127, 129, 1000, 100_000]);
            let nest = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
            if rng.chance(50) {
                nest
            } else {
                text.replacen("\"actions\":", &format!("\"actions\": {nest}, \"x\":"), 1)
            }
        }
        // Structured edits of the parsed file.
        5..=9 => match serde_json::from_str::<Value>(text) {
            Ok(Value::Object(mut obj)) => {
                edit_object(&mut obj, rng, corpus);
                let mut s = serde_json::to_string(&Value::Object(obj)).unwrap();
                if rng.chance(20) {
                    // Duplicate a key at the top level.
                    let key = rng.pick(&["p", "gens", "actions", "type", "shift"]);
                    s = s.replacen('{', &format!("{{\"{key}\": 2, "), 1);
                }
                s
            }
            _ => text.to_string(),
        },
        // A fresh module.
        _ => generated(rng),
    }
}

/// Delete or add a key, change a degree, or rewrite, drop, repeat or splice an action.
fn edit_object(
    obj: &mut serde_json::Map<String, Value>,
    rng: &mut Rng,
    corpus: &[(String, String)],
) {
    let keys: Vec<String> = obj.keys().cloned().collect();
    match rng.below(7) {
        0 if !keys.is_empty() => {
            obj.remove(rng.pick(&keys));
        }
        1 => {
            let key = *rng.pick(&[
                "cofiber",
                "generic",
                "name",
                "file_name",
                "description",
                "shift",
                "profile",
                "algebra",
                "min",
                "self_maps",
                "colour",
            ]);
            let value = match rng.below(6) {
                0 => Value::Null,
                1 => Value::Bool(rng.chance(50)),
                2 => Value::from(rng.range(-700, 700)),
                3 => Value::from("milnor"),
                4 => serde_json::json!(["adem", "milnor"]),
                _ => serde_json::json!({"s": 2, "t": 2, "idx": 0}),
            };
            obj.insert(key.to_string(), value);
        }
        2 => {
            if let Some(Value::Object(gens)) = obj.get_mut("gens") {
                let names: Vec<String> = gens.keys().cloned().collect();
                if !names.is_empty() {
                    let g = rng.pick(&names).clone();
                    let deg = if rng.chance(70) {
                        Value::from(rng.range(-5, 140))
                    } else {
                        serde_json::from_str(rng.pick::<&str>(&NUMBERS)).unwrap_or(Value::Null)
                    };
                    gens.insert(g, deg);
                }
            }
        }
        3 => {
            if let Some(Value::Object(gens)) = obj.get_mut("gens") {
                let name = format!(
                    "{}{}",
                    rng.pick(&["x", "y", "", " ", "+", "0", "𝔽"]),
                    rng.below(200)
                );
                gens.insert(name, Value::from(rng.range(-3, 40)));
            }
        }
        _ => {
            let names: Vec<String> = match obj.get("gens") {
                Some(Value::Object(g)) => g.keys().cloned().collect(),
                _ => vec!["x0".into()],
            };
            let spliced = spliced_action(rng, corpus);
            if let Some(Value::Array(actions)) = obj.get_mut("actions") {
                match rng.below(4) {
                    0 if !actions.is_empty() => {
                        actions.remove(rng.below(actions.len()));
                    }
                    1 if !actions.is_empty() => {
                        let a = actions[rng.below(actions.len())].clone();
                        actions.push(a);
                    }
                    2 => actions.push(Value::from(spliced)),
                    _ => actions.push(Value::from(random_action(rng, &names))),
                }
            }
        }
    }
}

fn random_action(rng: &mut Rng, names: &[String]) -> String {
    let fallback = ["x0".to_string()];
    let names = if names.is_empty() {
        &fallback[..]
    } else {
        names
    };
    let rhs = match rng.below(6) {
        0 => "0".to_string(),
        1 => rng.pick(names).clone(),
        2 => format!("{} + {}", rng.pick(names), rng.pick(names)),
        3 => format!("{} {}", rng.pick(&NUMBERS), rng.pick(names)),
        4 => format!(
            "-{} {} + {}",
            rng.below(9),
            rng.pick(names),
            rng.pick(names)
        ),
        _ => format!("{} +", rng.pick(names)),
    };
    format!("{} {} = {rhs}", rng.pick(&OPS), rng.pick(names))
}

/// An action string of another corpus file.
fn spliced_action(rng: &mut Rng, corpus: &[(String, String)]) -> String {
    let (_, text) = rng.pick(corpus);
    serde_json::from_str::<Value>(text)
        .ok()
        .and_then(|v| v["actions"].as_array().cloned())
        .filter(|a| !a.is_empty())
        .and_then(|a| a[rng.below(a.len())].as_str().map(str::to_string))
        .unwrap_or_else(|| "Sq1 x0 = x1".to_string())
}

/// A random module: a few generators in random degrees and random actions of
/// the algebra generators between them (mostly not an A-module): `Sq^{2^k}` at
/// p = 2, `b` and `P^{p^k}` with coefficients at an odd p (or a p that is no prime).
fn generated(rng: &mut Rng) -> String {
    if rng.chance(50) {
        return generated_odd(rng);
    }
    let n = 1 + rng.below(10);
    let degrees: Vec<i64> = (0..n).map(|_| rng.range(-4, 24)).collect();
    let gens: Vec<String> = degrees
        .iter()
        .enumerate()
        .map(|(i, d)| format!("\"g{i}\": {d}"))
        .collect();
    let mut actions = Vec::new();
    for (i, &d) in degrees.iter().enumerate() {
        for k in 0..5 {
            let targets: Vec<String> = degrees
                .iter()
                .enumerate()
                .filter(|&(_, &e)| e == d + (1 << k))
                .filter(|_| rng.chance(50))
                .map(|(j, _)| format!("g{j}"))
                .collect();
            if !targets.is_empty() {
                actions.push(format!("\"Sq{} g{i} = {}\"", 1 << k, targets.join(" + ")));
            }
        }
    }
    format!(
        r#"{{"p": 2, "type": "finite dimensional module", "gens": {{{}}}, "actions": [{}]}}"#,
        gens.join(", "),
        actions.join(", ")
    )
}

fn generated_odd(rng: &mut Rng) -> String {
    let p = *rng.pick(&[3i64, 3, 5, 7, 11, 251, 4, 9, 257]);
    let n = 1 + rng.below(10);
    let q = 2 * (p - 1);
    let degrees: Vec<i64> = (0..n).map(|_| rng.range(-4, 40)).collect();
    let gens: Vec<String> = degrees
        .iter()
        .enumerate()
        .map(|(i, d)| format!("\"g{i}\": {d}"))
        .collect();
    let mut ops: Vec<(String, i64)> = vec![("b".into(), 1)];
    let mut power = 1i64;
    while q * power <= 40 {
        ops.push((format!("P{power}"), q * power));
        power *= p;
    }
    let mut actions = Vec::new();
    for (i, &d) in degrees.iter().enumerate() {
        for (op, deg) in &ops {
            let mut targets = Vec::new();
            for (j, &e) in degrees.iter().enumerate() {
                if e == d + deg && rng.chance(50) {
                    targets.push(format!("{} g{j}", rng.range(1, p - 1)));
                }
            }
            if !targets.is_empty() {
                actions.push(format!("\"{op} g{i} = {}\"", targets.join(" + ")));
            }
        }
    }
    format!(
        r#"{{"p": {p}, "type": "finite dimensional module", "gens": {{{}}}, "actions": [{}]}}"#,
        gens.join(", "),
        actions.join(", ")
    )
}

/// What one input did.
enum Outcome {
    Loaded,
    Refused,
    /// A panic, or a loaded module / an error that breaks the contract.
    Bad(String),
}

fn run_one(name: &str, text: &str, options: LoadOptions) -> Outcome {
    let result = catch_unwind(AssertUnwindSafe(|| {
        AnyModule::from_json_str_with(name, text, &options)
    }));
    match result {
        Err(payload) => {
            let msg = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Outcome::Bad(format!("panic: {msg}"))
        }
        Ok(Err(e)) => {
            let s = e.to_string();
            if s.contains('\n') || !s.starts_with(&format!("{name}: ")) || e.file() != name {
                Outcome::Bad(format!("the error is not one line naming the file: {s:?}"))
            } else {
                Outcome::Refused
            }
        }
        Ok(Ok(m)) => {
            let span = i64::from(m.max_degree()) - i64::from(m.min_degree());
            let top_ok = options.top_degree.is_none_or(|top| m.max_degree() <= top);
            let total: usize = (m.min_degree()..=m.max_degree()).map(|t| m.dim(t)).sum();
            if total == 0 || !(0..=i64::from(MAX_SPAN)).contains(&span) || !top_ok {
                Outcome::Bad(format!("loaded a module out of bounds: {m:?}"))
            } else {
                Outcome::Loaded
            }
        }
    }
}

/// The highest own degree through which an input that may be a finitely presented module
/// is loaded.
const FINITELY_PRESENTED_TOP: i32 = 60;

/// The name of the fuzz test's worker thread, whose panics the hook leaves unprinted.
const WORKER: &str = "fuzz-module-json";

#[test]
fn module_json_reader_never_panics_or_hangs() {
    let cases = env_number("ADAMS_FUZZ_CASES", 10_000);
    let seed = env_number("ADAMS_FUZZ_SEED", 0x5eed_ad45);
    let limit = Duration::from_secs(env_number("ADAMS_FUZZ_CASE_SECONDS", 20));
    let corpus = corpus();

    // The worker's panics are caught and reported below: keep the hook's backtrace noise
    // out for that thread alone, so that the tests beside this one in the process (and
    // this test's own thread) still print theirs.
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if std::thread::current().name() != Some(WORKER) {
            previous(info);
        }
    }));
    let (tx, rx) = mpsc::channel::<(u64, String, Outcome)>();
    let worker_corpus = corpus.clone();
    let started = Instant::now();
    let worker = std::thread::Builder::new().name(WORKER.to_string());
    let spawned = worker.spawn(move || {
        let corpus = worker_corpus;
        for case in 0..cases {
            let mut rng = Rng::for_case(seed, case);
            let (name, seed_text) = rng.pick(&corpus).clone();
            let mut text = seed_text;
            for _ in 0..1 + rng.below(3) {
                text = mutate(&text, &mut rng, &corpus);
            }
            let mut options = LoadOptions {
                shift: if rng.chance(70) {
                    0
                } else {
                    rng.range(-700, 700) as i32
                },
                top_degree: match rng.below(3) {
                    0 => None,
                    1 => Some(rng.range(-10, 160) as i32),
                    _ => Some(rng.range(-1000, 1000) as i32),
                },
            };
            // A finitely presented module is computed through its top degree: that is the
            // algebra's work, steep in the degree (A//A(1) through degree 125 took 9 s of
            // this test's 26), not the reader's. Its own top degree stays at most 60.
            if text.contains("finitely presented") {
                options.top_degree = options
                    .top_degree
                    .map(|top| top.min(options.shift.saturating_add(FINITELY_PRESENTED_TOP)));
            }
            let outcome = run_one(&name, &text, options);
            let shown: String = text.chars().take(400).collect();
            if tx
                .send((case, format!("{name} {options:?}: {shown}"), outcome))
                .is_err()
            {
                return;
            }
        }
    });
    spawned.expect("the fuzz worker thread starts");

    let (mut loaded, mut refused) = (0u64, 0u64);
    let mut bad = Vec::new();
    for case in 0..cases {
        match rx.recv_timeout(limit) {
            Ok((_, input, Outcome::Bad(why))) => bad.push(format!("case {case}: {why}\n  input: {input}")),
            Ok((_, _, Outcome::Loaded)) => loaded += 1,
            Ok((_, _, Outcome::Refused)) => refused += 1,
            Err(_) => panic!(
                "case {case} (seed {seed:#x}) ran longer than {limit:?}: a hang (rerun with ADAMS_FUZZ_SEED={seed} to reproduce)"
            ),
        }
    }
    println!(
        "fuzz_module_json: {cases} inputs tried from {} seed files in {:.1} s (seed {seed:#x}): {loaded} loaded, {refused} refused with a one-line error, {} bad",
        corpus.len(),
        started.elapsed().as_secs_f64(),
        bad.len()
    );
    assert!(
        bad.is_empty(),
        "{} inputs broke the contract:\n{}",
        bad.len(),
        bad.join("\n")
    );
    // The generator must reach both outcomes, or it tests nothing.
    assert!(
        loaded > cases / 20 && refused > cases / 20,
        "{loaded} loaded, {refused} refused"
    );
}
