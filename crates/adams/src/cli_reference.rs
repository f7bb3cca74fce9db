//! `docs/reference/cli.md`: the command line's reference, rendered from the clap
//! definitions of [`crate::cli`] by the `clap-markdown` crate (hidden command
//! `adams cli-reference`; `cargo test -p adams --test it guide::` fails when the file in
//! the repository differs from what this renders).

use clap::CommandFactory;

use crate::cli::Cli;

/// The file's opening: what it is and how to regenerate it.
const HEADER: &str = "<!-- Generated from crates/adams/src/cli/; do not edit by hand. \
Regenerate with `cargo run -p adams -- cli-reference > docs/reference/cli.md` \
(`cargo test -p adams --test it guide::` fails while it is stale). -->\n\n";

/// Variables the binary reads itself, not through a flag's `env`.
const OTHER_VARIABLES: &str = "\
| `ADAMS_VERIFY_SAMPLE` | `adams resolve --verify-sample`: the fraction of offloaded work redone on the CPU when the flag is not given |
| `ADAMS_CLUSTER_TIMEOUT` | MPI runs: seconds of silence before a rank is declared dead (default 60, at least 1) |
| `RUST_LOG` | `--log` when the flag is not given: a tracing filter for the structured logs on stderr |
";

/// The whole of `docs/reference/cli.md`.
pub fn markdown() -> String {
    let command = Cli::command();
    let options = clap_markdown::MarkdownOptions::new()
        .title("Command-line reference: `adams`".to_string())
        .show_footer(false);
    let body = clap_markdown::help_markdown_command_custom(&command, &options);
    format!("{HEADER}{}\n{}", body.trim_end(), environment(&command))
}

/// The environment variables a flag reads (`env = …` in the clap definitions), then the
/// ones the binary reads itself.
fn environment(command: &clap::Command) -> String {
    let mut rows = Vec::new();
    let mut commands = vec![(command.get_name().to_string(), command)];
    while let Some((path, c)) = commands.pop() {
        for sub in c.get_subcommands().filter(|s| !s.is_hide_set()) {
            commands.push((format!("{path} {}", sub.get_name()), sub));
        }
        for arg in c.get_arguments() {
            if let (Some(env), Some(long)) = (arg.get_env(), arg.get_long()) {
                let env = env.to_string_lossy();
                rows.push(format!(
                    "| `{env}` | `{path} --{long}` when the flag is not given |"
                ));
            }
        }
    }
    rows.sort();
    format!(
        "\n## Environment variables\n\n| variable | meaning |\n| --- | --- |\n{}\n{OTHER_VARIABLES}",
        rows.join("\n")
    )
}
