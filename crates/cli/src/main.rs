//! The `orderly` binary: parses arguments and hands each subcommand to the
//! library crate that does the work. No game rule or file format lives here
//! and no ruleset is named: every game command takes the ruleset by name
//! from the registry, and `orderly NAME ...` is resolved through it
//! (`commands/rulesets.rs`). Each subcommand is one module under
//! `commands/`.
//!
//! Exit codes: 0 the command did its job (a game that ended, whatever its
//! outcome, is a success); 1 an error (bad input, a file that could not be
//! read or written); 2 bad arguments.

mod commands;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Orderly hosts turn-based strategy games that anyone can play: a person
/// in a web page, a bot over HTTP, or any program that reads a state file
/// and writes an orders file. Every game is recorded and can be replayed
/// and re-verified exactly.
///
/// Start with `orderly serve` (games in the browser and over HTTP),
/// `orderly demo RULESET` (watch bots play) or `orderly play RULESET`
/// (play by files); `orderly rulesets` lists the games this build plays.
#[derive(Parser)]
#[command(name = "orderly", version, about, long_about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Host games over an HTTP API with a web client, stored in a database.
    Serve(commands::serve::Args),
    /// Play a game by files in a folder: each seat reads its view file and
    /// writes its orders file.
    Play(commands::play::Args),
    /// Watch built-in bots play a whole game, turn by turn.
    Demo(commands::demo::Args),
    /// Replay a game folder's orders files without waiting, writing every
    /// turn's files and the record.
    Replay(commands::replay::Args),
    /// Run a built-in bot for one seat: of a game folder, or of a hosted
    /// game over HTTP.
    Bot(commands::bot::Args),
    /// Let built-in bots play many games against each other.
    Tournament(commands::tournament::Args),
    /// List a ruleset's bundled maps or scenarios, or write them as files.
    #[command(visible_alias = "scenarios")]
    Maps(commands::maps::Args),
    /// List the rulesets this build plays, with their bots and scenarios.
    Rulesets,
    /// Check or replay a game record (Game Data JSON).
    Record(commands::record::Args),
    /// Draw a game record's board at a turn and action, as SVG or PNG.
    Render(commands::render::Args),
    /// Read Xconq 7.5 game modules (GDL): check, dump, eval.
    Gdl(commands::gdl::GdlArgs),
    /// Check, convert and format GZF (Full Thrust FT2) files.
    Gzf(commands::gzf::GzfArgs),
    /// `orderly RULESET ...`: `orderly ttrts demo` is `orderly demo ttrts`,
    /// `orderly ttrts MAP` is `orderly play ttrts MAP`, and a ruleset's own
    /// commands (`orderly xconq replay ...`).
    #[command(external_subcommand)]
    Ruleset(Vec<OsString>),
}

/// Parses a command line (the program's name first) and runs it.
pub(crate) fn run_line(line: Vec<OsString>) -> anyhow::Result<ExitCode> {
    match Cli::try_parse_from(line) {
        Ok(cli) => run(cli),
        Err(e) => {
            let _ = e.print();
            Ok(ExitCode::from(if e.use_stderr() { 2 } else { 0 }))
        }
    }
}

fn run(cli: Cli) -> anyhow::Result<ExitCode> {
    match cli.command {
        Command::Serve(args) => commands::serve::run(args),
        Command::Play(args) => commands::play::run(args),
        Command::Demo(args) => commands::demo::run(args),
        Command::Replay(args) => commands::replay::run(args),
        Command::Bot(args) => commands::bot::run(args),
        Command::Tournament(args) => commands::tournament::run(args),
        Command::Maps(args) => commands::maps::run(args),
        Command::Rulesets => commands::rulesets::list(),
        Command::Record(args) => commands::record::run(args),
        Command::Render(args) => commands::render::run(args),
        Command::Gdl(args) => commands::gdl::run(args),
        Command::Gzf(args) => commands::gzf::run(args),
        Command::Ruleset(args) => commands::rulesets::run(args),
    }
}

fn main() -> ExitCode {
    match run_line(std::env::args_os().collect()) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::from(1)
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn the_command_line_is_well_formed() {
        super::Cli::command().debug_assert();
    }

    /// Every argument of every subcommand says what it is for.
    #[test]
    fn every_argument_has_help() {
        fn walk(cmd: &clap::Command, path: &str, missing: &mut Vec<String>) {
            for arg in cmd.get_arguments() {
                let id = arg.get_id().as_str();
                if matches!(id, "help" | "version") {
                    continue;
                }
                if arg.get_help().is_none() && arg.get_long_help().is_none() {
                    missing.push(format!("{path} {id}"));
                }
            }
            for sub in cmd.get_subcommands() {
                walk(sub, &format!("{path} {}", sub.get_name()), missing);
            }
        }
        let mut missing = Vec::new();
        walk(&super::Cli::command(), "orderly", &mut missing);
        assert!(
            missing.is_empty(),
            "arguments without help:\n{}",
            missing.join("\n")
        );
    }
}
