//! Where a bad value on the command line came from: a flag, or its environment variable.

use super::Cli;

/// The environment variable a clap error's bad value came from, if it did: the error
/// names an argument that reads a variable (`env = …`) and `argv` does not give that flag,
/// so clap took the value from the variable. Clap's own message names only the flag.
pub fn env_source(e: &clap::Error, argv: &[std::ffi::OsString]) -> Option<String> {
    use clap::error::{ContextKind, ContextValue};
    let Some(ContextValue::String(arg)) = e.get(ContextKind::InvalidArg) else {
        return None;
    };
    let long = arg.split_whitespace().next()?.strip_prefix("--")?;
    let command = <Cli as clap::CommandFactory>::command();
    let mut commands = vec![&command];
    while let Some(c) = commands.pop() {
        commands.extend(c.get_subcommands());
        let Some(env) = c
            .get_arguments()
            .find(|a| a.get_long() == Some(long))
            .and_then(|a| a.get_env())
        else {
            continue;
        };
        let flag = format!("--{long}");
        let given = argv
            .iter()
            .filter_map(|a| a.to_str())
            .any(|a| a == flag || a.starts_with(&format!("{flag}=")));
        return (!given).then(|| env.to_string_lossy().into_owned());
    }
    None
}
