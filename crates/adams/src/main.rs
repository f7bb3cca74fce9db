//! `adams`: Ext over the mod p Steenrod algebra (the E2 page of the Adams
//! spectral sequence) by minimal resolutions, from the command line.
//!
//! - `adams resolve [MODULE] --max-stem N --max-s S [--output DIR]`: resolve,
//!   print the Adams chart, write `DIR/ext.csv`, `DIR/chart.svg` and `DIR/chart.json`
//!   (classes with their h0, h1, h2 products).
//! - `adams chart CHART.json [--output FILE.svg]`: draw chart.svg again from a chart.json.
//! - `adams verify CSV --against REF.csv`: compare two Ext tables.
//! - `adams bench`: median wall time, CPU time and peak memory of resolutions.
//! - `adams certify SAVE_DIR`: check that a saved resolution is exact and minimal.
//! - `adams products MODULE --by CLASS`, `adams massey MODULE A B C`: products by any
//!   class and Massey products, from chain maps.
//! - `adams map FILE`: the map on Ext induced by a map of modules; `adams cofiber FILE`:
//!   Ext of the field's cofiber of a class.
//! - `adams d2 S_2 --max-stem N --max-s S`: Adams d2 of the sphere and the E3 page.
//!
//! Errors are one line on stderr (`error: ...`). Exit status: 0 success, 1 a
//! disagreement found by `verify` or a failed certificate, 2 bad input (module file, range, table,
//! command line), 3 a failure while computing or writing results.

mod bench;
mod certify;
mod chart_files;
mod chart_names;
mod cli;
mod cli_reference;
#[cfg(feature = "mpi")]
mod cluster;
mod cofiber;
mod compare;
mod d2;
mod draw;
mod error;
mod interrupt;
mod map;
mod massey;
mod modules;
mod offload;
mod plan;
mod prime;
mod products;
mod progress;
mod range;
mod resolve;
mod resolve_cofiber;
mod resolve_motivic;
mod resolve_unstable;
mod save;
mod spill;
mod subalgebra;
mod suspension;
mod usage;

use std::process::ExitCode;

// The chart model lives in the library (the Python bindings draw the same chart).
use adams::chart_model;

use clap::Parser;

use crate::cli::{Cli, Command};
use crate::error::{one_line, Error};
use resolution::report::print_error_line;

fn main() -> ExitCode {
    install_panic_hook();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(e),
    };
    match std::panic::catch_unwind(|| dispatch(cli.command)) {
        Ok(Ok(code)) => code,
        Ok(Err(error)) => ExitCode::from(error::report(&error)),
        // The panic hook has already printed the one-line message.
        Err(_) => ExitCode::from(3),
    }
}

/// Runs one command; `Ok` with its exit status (`adams verify` exits 1 on a
/// disagreement), or the error that stopped it.
fn dispatch(command: Command) -> Result<ExitCode, Error> {
    save::wait_for_locks(match &command {
        Command::Resolve(args) => args.wait,
        Command::D2(args) => args.wait,
        Command::Products(args) => args.wait,
        _ => false,
    });
    if let Some(range) = ext_range(&command) {
        resolve::init_logging(range.log.as_deref())?;
        let threads = range.threads;
        return with_threads(threads, move || run(command));
    }
    run(command)
}

/// The range flags of a command that resolves through [`cli::ExtRangeArgs`].
fn ext_range(command: &Command) -> Option<&cli::ExtRangeArgs> {
    match command {
        Command::Products(args) => Some(&args.range),
        Command::Massey(args) => Some(&args.range),
        Command::Map(args) => Some(&args.range),
        Command::Cofiber(args) => Some(&args.range),
        Command::D2(args) => Some(&args.range),
        _ => None,
    }
}

/// Runs `f` on a pool of `threads` workers (0: one per core): the resolutions it makes
/// (`RunOptions::threads` 0: the current pool's size) and the rayon work of the lifts
/// use that many.
fn with_threads<T>(threads: usize, f: impl FnOnce() -> Result<T, Error> + Send) -> Result<T, Error>
where
    T: Send,
{
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|source| Error::Threads { threads, source })?;
    pool.install(f)
}

/// Runs one parsed command.
fn run(command: Command) -> Result<ExitCode, Error> {
    match command {
        Command::Resolve(args) => resolve::run(*args).map(|()| ExitCode::SUCCESS),
        Command::Verify(args) => compare::run(args).map(|agree| match agree {
            true => ExitCode::SUCCESS,
            false => ExitCode::from(1),
        }),
        Command::Chart(args) => draw::run(args).map(|()| ExitCode::SUCCESS),
        Command::Bench(args) => bench::command(args).map(|()| ExitCode::SUCCESS),
        Command::Certify(args) => certify::run(args).map(|()| ExitCode::SUCCESS),
        Command::Products(args) => products::run_command(args).map(|()| ExitCode::SUCCESS),
        Command::Massey(args) => massey::run_command(args).map(|()| ExitCode::SUCCESS),
        Command::Map(args) => map::run_command(args).map(|()| ExitCode::SUCCESS),
        Command::Cofiber(args) => cofiber::run_command(args).map(|()| ExitCode::SUCCESS),
        Command::D2(args) => d2::run_command(args).map(|()| ExitCode::SUCCESS),
        Command::Suspension(args) => suspension::run(args).map(|()| ExitCode::SUCCESS),
        Command::CliReference => {
            print!("{}", cli_reference::markdown());
            Ok(ExitCode::SUCCESS)
        }
    }
}

/// A panic is a bug of ours: one line on stderr naming where. A panic inside the GPU
/// runtime (cubecl, wgpu: e.g. an allocation above the device's limit, no adapter) is
/// caught by the `gpu` crate (`gpu::boundary`) and comes back as a typed error naming
/// what failed, printed by [`error::report`].
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let text = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "panic".to_string());
        // The `gpu` crate chains its own hook in front of this one when it opens a
        // device: panics of the GPU runtime (on its device thread, or inside a call
        // into it) never reach here; they come back as typed errors from that call.
        let place = info
            .location()
            .map(|l| format!(" (at {}:{})", l.file(), l.line()))
            .unwrap_or_default();
        eprintln!(
            "error: internal error, a bug in adams: {}{place}",
            one_line(&text)
        );
    }));
}

/// Help and version go to stdout as clap prints them; a usage error becomes one
/// line on stderr, exit 2.
fn usage_error(e: clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => e.exit(),
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            print_error_line("no command given: try `adams resolve` (the sphere through stem 40), or see adams --help");
            ExitCode::from(2)
        }
        _ => {
            let text = e.render().to_string();
            let parts: Vec<&str> = text
                .lines()
                .map(str::trim)
                .filter(|l| {
                    !l.is_empty()
                        && !l.starts_with("Usage:")
                        && !l.starts_with("For more information")
                })
                .collect();
            let message = parts.join(" ");
            let message = message.strip_prefix("error: ").unwrap_or(&message);
            let argv: Vec<_> = std::env::args_os().collect();
            print_error_line(&match cli::env_source(&e, &argv) {
                Some(var) => format!(
                    "environment variable {var}: {message} (unset it or fix it; see adams --help)"
                ),
                None => format!("{message} (see adams --help)"),
            });
            ExitCode::from(2)
        }
    }
}
