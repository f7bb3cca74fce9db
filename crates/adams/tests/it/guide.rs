//! The documentation's checks: the guide's examples run (`docs/guide/*.md`),
//! `docs/reference/cli.md` is what the clap definitions render, and the project's
//! Markdown links resolve.
//!
//! The form of a runnable example (documented for authors in `docs/guide/README.md`):
//!
//! - a fenced block ```` ```console ```` holds commands `$ adams ARGS` (split as a POSIX
//!   shell would, quotes included; no pipes or redirections), each followed by lines
//!   that must appear in its output (stdout or stderr, trailing blanks ignored; `…`
//!   stands for any text within the line);
//! - ```` ```console exit=N ```` expects every command of the block to exit with `N`
//!   (otherwise each must exit 0);
//! - ```` ```console skip=REASON ```` (`gpu`, `mpi`, `long`) is not run: the test counts
//!   it and names it in its output;
//! - a block whose info string has `file=NAME` (```` ```json file=BC3.json ````) is
//!   written to `NAME` before the commands after it run;
//! - ```` ```text output=PATH ```` lists lines that must appear in the file `PATH` that
//!   the commands before it wrote.
//!
//! Each page runs in a fresh folder in which `maps/`, `modules/` and `tests/` of the
//! repository are visible as from the repository root. A failure names the page, the
//! line and the command.

use crate::common;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::repository_root;

/// Fewer commands run than this means examples were lost or the parser broke.
const MIN_COMMANDS_RUN: usize = 70;

/// A command of the guide that runs longer than this is a hang (or a range too large
/// for the guide: mark it `skip=long`).
const COMMAND_LIMIT: Duration = Duration::from_secs(90);

/// The reasons a block may give for not running.
const SKIP_REASONS: [&str; 3] = ["gpu", "mpi", "long"];

/// One fenced block of a page: its info string's words and its lines.
struct Block {
    /// The line of the opening fence (1-based).
    line: usize,
    lang: String,
    attrs: Vec<(String, String)>,
    /// The fence's indentation, removed from the body's lines.
    indent: usize,
    body: Vec<String>,
}

impl Block {
    fn attr(&self, key: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// The fenced blocks of a Markdown text, in order (fences of three backticks only).
fn blocks(text: &str) -> Result<Vec<Block>, String> {
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (i, line) in text.lines().enumerate() {
        let fence = line.trim_start().strip_prefix("```");
        match (fence, open.take()) {
            (Some(_), Some(block)) => out.push(block),
            (Some(info), None) => {
                let mut block = parse_info(info, i + 1)?;
                block.indent = line.len() - line.trim_start().len();
                open = Some(block);
            }
            (None, Some(mut block)) => {
                // A block inside a list item is indented as its fence is.
                let cut = line.len() - line.trim_start().len();
                block.body.push(line[cut.min(block.indent)..].to_string());
                open = Some(block);
            }
            (None, None) => {}
        }
    }
    match open {
        Some(block) => Err(format!(
            "line {}: a fenced block is never closed",
            block.line
        )),
        None => Ok(out),
    }
}

fn parse_info(info: &str, line: usize) -> Result<Block, String> {
    let mut words = info.split_whitespace();
    let lang = words.next().unwrap_or("").to_string();
    let mut attrs = Vec::new();
    for word in words {
        let (k, v) = word
            .split_once('=')
            .ok_or_else(|| format!("line {line}: `{word}` in a fence is not KEY=VALUE"))?;
        attrs.push((k.to_string(), v.to_string()));
    }
    Ok(Block {
        line,
        lang,
        attrs,
        indent: 0,
        body: Vec::new(),
    })
}

/// Whether the output line `got` matches the expected line `want`, `…` standing for any
/// text.
fn line_matches(want: &str, got: &str) -> bool {
    let parts: Vec<&str> = want.split('…').collect();
    if parts.len() == 1 {
        return want == got;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !got.starts_with(first) || got.len() < first.len() + last.len() {
        return false;
    }
    let mut rest = &got[first.len()..];
    for middle in &parts[1..parts.len() - 1] {
        match rest.find(middle) {
            Some(at) => rest = &rest[at + middle.len()..],
            None => return false,
        }
    }
    rest.ends_with(last)
}

/// The expected lines (trailing blanks dropped, empty lines ignored) missing from `text`.
fn missing_lines(expected: &[String], text: &str) -> Vec<String> {
    let got: Vec<&str> = text.lines().map(str::trim_end).collect();
    expected
        .iter()
        .map(|l| l.trim_end())
        .filter(|want| !want.is_empty() && !got.iter().any(|g| line_matches(want, g)))
        .map(str::to_string)
        .collect()
}

/// One command of a console block, with the lines its output must hold.
struct Example {
    line: usize,
    command: String,
    expected: Vec<String>,
}

fn examples(block: &Block) -> Result<Vec<Example>, String> {
    let mut out: Vec<Example> = Vec::new();
    for (k, text) in block.body.iter().enumerate() {
        let line = block.line + 1 + k;
        if let Some(command) = text.strip_prefix("$ ") {
            if !command.starts_with("adams ") && command != "adams" {
                return Err(format!(
                    "line {line}: only `$ adams …` commands run: {text}"
                ));
            }
            out.push(Example {
                line,
                command: command.to_string(),
                expected: Vec::new(),
            });
        } else {
            match out.last_mut() {
                Some(example) => example.expected.push(text.clone()),
                None if text.trim().is_empty() => {}
                None => return Err(format!("line {line}: output before any `$ adams` line")),
            }
        }
    }
    Ok(out)
}

/// What running the guide found.
#[derive(Default)]
struct Tally {
    run: usize,
    skipped: Vec<String>,
    failures: Vec<String>,
}

/// A fresh folder for one page, with the repository's `maps/`, `modules/` and `tests/`
/// visible in it.
fn page_folder() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = repository_root().canonicalize().unwrap();
    for name in ["maps", "modules", "tests"] {
        std::os::unix::fs::symlink(root.join(name), dir.path().join(name)).unwrap();
    }
    dir
}

/// Runs `adams ARGS` in `cwd` (killed after [`COMMAND_LIMIT`]): exit code and the text of
/// stdout and stderr.
fn run_adams(cwd: &Path, args: &[String]) -> Result<(i32, String, String), String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_adams"))
        .args(args)
        .current_dir(cwd)
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start adams: {e}"))?;
    let (stdout, stderr) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let read = |mut r: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut s = String::new();
            r.read_to_string(&mut s).map(|_| s).unwrap_or_default()
        })
    };
    let (out, err) = (read(Box::new(stdout)), read(Box::new(stderr)));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if started.elapsed() > COMMAND_LIMIT {
            child.kill().ok();
            child.wait().ok();
            return Err(format!("still running after {COMMAND_LIMIT:?}"));
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let code = status.code().unwrap_or(-1);
    Ok((code, out.join().unwrap(), err.join().unwrap()))
}

/// Runs one example in `cwd`; the reason it failed, if it did.
fn run_example(cwd: &Path, example: &Example, want_exit: i32) -> Option<String> {
    let words = match shlex::split(&example.command) {
        Some(words) => words,
        None => return Some("the command's quoting is unbalanced".to_string()),
    };
    let (code, stdout, stderr) = match run_adams(cwd, &words[1..]) {
        Ok(result) => result,
        Err(e) => return Some(e),
    };
    let tail = |s: &str| s.lines().rev().take(6).collect::<Vec<_>>().join("\n    ");
    if code != want_exit {
        return Some(format!(
            "exit {code}, expected {want_exit}; stderr ends:\n    {}",
            tail(&stderr)
        ));
    }
    let missing = missing_lines(&example.expected, &format!("{stdout}\n{stderr}"));
    (!missing.is_empty()).then(|| {
        format!(
            "output lacks the lines\n    {}\nstdout ends:\n    {}\nstderr ends:\n    {}",
            missing.join("\n    "),
            tail(&stdout),
            tail(&stderr)
        )
    })
}

/// Runs every block of one page in order in a fresh folder.
fn run_page(page: &Path, tally: &mut Tally) {
    let name = page
        .strip_prefix(repository_root())
        .unwrap_or(page)
        .display();
    let text = fs::read_to_string(page).unwrap();
    let blocks = match blocks(&text) {
        Ok(blocks) => blocks,
        Err(e) => return tally.failures.push(format!("{name}: {e}")),
    };
    let dir = page_folder();
    for block in &blocks {
        if let Err(e) = run_block(dir.path(), block, tally, &name.to_string()) {
            tally.failures.push(format!("{name}: {e}"));
        }
    }
}

/// One block of a page: a file to write, a file to check, or commands to run (or skip).
fn run_block(dir: &Path, block: &Block, tally: &mut Tally, page: &str) -> Result<(), String> {
    let line = block.line;
    if let Some(file) = block.attr("file") {
        let path = dir.join(file);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(|e| format!("line {line}: {e}"))?;
        }
        let body = block.body.join("\n") + "\n";
        return fs::write(&path, body).map_err(|e| format!("line {line}: {file}: {e}"));
    }
    if let Some(file) = block.attr("output") {
        let text = fs::read_to_string(dir.join(file))
            .map_err(|e| format!("line {line}: the commands before wrote no {file}: {e}"))?;
        let missing = missing_lines(&block.body, &text);
        return match missing.is_empty() {
            true => Ok(()),
            false => Err(format!(
                "line {line}: {file} lacks the lines\n    {}",
                missing.join("\n    ")
            )),
        };
    }
    if block.lang != "console" {
        return check_not_runnable(block);
    }
    let examples = examples(block)?;
    if let Some(reason) = block.attr("skip") {
        if !SKIP_REASONS.contains(&reason) {
            return Err(format!(
                "line {line}: skip={reason} is not one of {SKIP_REASONS:?}"
            ));
        }
        for e in &examples {
            let entry = format!("{page}:{} ({reason}): {}", e.line, e.command);
            tally.skipped.push(entry);
        }
        return Ok(());
    }
    let want_exit: i32 = match block.attr("exit") {
        Some(code) => code
            .parse()
            .map_err(|_| format!("line {line}: exit={code}"))?,
        None => 0,
    };
    for example in &examples {
        tally.run += 1;
        if let Some(why) = run_example(dir, example, want_exit) {
            let at = format!("{page}:{}: `{}`", example.line, example.command);
            tally.failures.push(format!("{at}: {why}"));
        }
    }
    Ok(())
}

/// A command of adams belongs in a console block, where it is run: a block of another
/// kind that holds one (a line starting `adams ` or `$ `) is refused.
fn check_not_runnable(block: &Block) -> Result<(), String> {
    for (k, text) in block.body.iter().enumerate() {
        let t = text.trim_start();
        if t.starts_with("adams ") || t.starts_with("$ ") {
            let line = block.line + 1 + k;
            return Err(format!(
                "line {line}: a command in a ```{} block is never run; put it in a ```console block: {text}",
                block.lang
            ));
        }
    }
    Ok(())
}

/// The guide's pages in reading order (their numbered names).
fn guide_pages() -> Vec<PathBuf> {
    let dir = repository_root().join("docs/guide");
    let mut pages: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    pages.sort();
    pages
}

#[test]
fn every_example_of_the_guide_runs() {
    let started = Instant::now();
    let mut tally = Tally::default();
    let pages = guide_pages();
    assert!(pages.len() >= 12, "docs/guide has {} pages", pages.len());
    for page in &pages {
        run_page(page, &mut tally);
    }
    println!(
        "guide: {} commands run on {} pages in {:.1} s; {} skipped:",
        tally.run,
        pages.len(),
        started.elapsed().as_secs_f64(),
        tally.skipped.len()
    );
    for entry in &tally.skipped {
        println!("  skipped {entry}");
    }
    assert!(
        tally.failures.is_empty(),
        "{} example(s) of the guide failed:\n{}",
        tally.failures.len(),
        tally.failures.join("\n")
    );
    assert!(
        tally.run >= MIN_COMMANDS_RUN,
        "only {} commands of the guide ran (at least {MIN_COMMANDS_RUN} expected)",
        tally.run
    );
}

#[test]
fn the_example_parser_reads_the_documented_forms() {
    let page = "text\n```console exit=2\n$ adams resolve X\nerror: …X…\n```\n\
                ```json file=a.json\n{}\n```\n";
    let found = blocks(page).unwrap();
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].attr("exit"), Some("2"));
    assert_eq!(found[1].attr("file"), Some("a.json"));
    let found_examples = examples(&found[0]).unwrap();
    assert_eq!(found_examples.len(), 1);
    assert_eq!(
        (found_examples[0].line, found_examples[0].expected.len()),
        (3, 1)
    );
    assert!(line_matches("error: …X…", "error: module X not found"));
    assert!(line_matches("a … c", "a b c"));
    assert!(!line_matches("a … c", "a b d"));
    assert!(!line_matches("ab…ba", "aba"));
    assert!(line_matches("exact", "exact"));
    assert!(!line_matches("exact", "exactly"));
    let missing = missing_lines(&["x".into(), "y …".into()], "y z\n");
    assert_eq!(missing, vec!["x".to_string()]);
    assert!(blocks("```sh\nadams resolve\n```\n").is_ok_and(|b| check_not_runnable(&b[0]).is_err()));
    assert!(blocks("```console\n").is_err());
    let indented = blocks("1. item\n   ```console\n   $ adams x\n   out\n   ```\n").unwrap();
    let examples = examples(&indented[0]).unwrap();
    assert_eq!(
        (
            examples[0].command.as_str(),
            examples[0].expected[0].as_str()
        ),
        ("adams x", "out")
    );
}

/// The Markdown files of the project whose links are checked.
fn markdown_files() -> Vec<PathBuf> {
    let root = repository_root();
    let mut files = vec![root.join("README.md"), root.join("ARCHITECTURE.md")];
    let mut folders = vec![
        root.join("docs"),
        root.join("crates"),
        root.join("tests/data"),
    ];
    while let Some(dir) = folders.pop() {
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let skip = path.ends_with("target") || path.ends_with("fuzz");
            if path.is_dir() && !skip {
                folders.push(path);
            } else if path.extension().is_some_and(|x| x == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The anchors GitHub gives a Markdown file's headings: lower case, spaces to `-`,
/// punctuation other than `-` and `_` dropped.
fn anchors(text: &str) -> BTreeSet<String> {
    let mut in_fence = false;
    let mut out = BTreeSet::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
        }
        let Some(title) = line.strip_prefix('#').filter(|_| !in_fence) else {
            continue;
        };
        let slug: String = title
            .trim_start_matches('#')
            .trim()
            .to_lowercase()
            .chars()
            .filter(|c| c.is_alphanumeric() || matches!(c, ' ' | '-' | '_'))
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        out.insert(slug);
    }
    out
}

/// The targets of the inline links `](target)` of a Markdown text outside code, with
/// their lines.
fn links(text: &str) -> Vec<(usize, String)> {
    let mut in_fence = false;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("](") {
            rest = &rest[at + 2..];
            if let Some(end) = rest.find(')') {
                out.push((i + 1, rest[..end].to_string()));
                rest = &rest[end..];
            }
        }
    }
    out
}

#[test]
fn markdown_links_resolve() {
    let root = repository_root();
    let mut broken = Vec::new();
    for file in markdown_files() {
        let text = fs::read_to_string(&file).unwrap();
        let name = file
            .strip_prefix(&root)
            .unwrap_or(&file)
            .display()
            .to_string();
        for (line, target) in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let linked = match path.is_empty() {
                true => file.clone(),
                false => file.parent().unwrap().join(path),
            };
            if !linked.exists() {
                broken.push(format!("{name}:{line}: {target}: no such file"));
            } else if !anchor.is_empty() && linked.extension().is_some_and(|x| x == "md") {
                let headings = anchors(&fs::read_to_string(&linked).unwrap());
                if !headings.contains(anchor) {
                    broken.push(format!("{name}:{line}: {target}: no such heading"));
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn cli_reference_is_up_to_date() {
    let out = Command::new(env!("CARGO_BIN_EXE_adams"))
        .arg("cli-reference")
        .output()
        .expect("cannot start the adams binary");
    assert!(out.status.success(), "adams cli-reference failed");
    let rendered = String::from_utf8(out.stdout).unwrap();
    let path = repository_root().join("docs/reference/cli.md");
    let current = fs::read_to_string(&path).unwrap_or_default();
    assert!(
        current == rendered,
        "docs/reference/cli.md is out of date with crates/adams/src/cli/; regenerate it \
         with\n  cargo run -p adams -- cli-reference > docs/reference/cli.md"
    );
}
