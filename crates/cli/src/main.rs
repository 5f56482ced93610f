//! The `orderly` binary: parses arguments and hands each subcommand to the
//! library crate that does the work. No game rule or file format lives here;
//! each subcommand is one module under `commands/`, and `registry` lists the
//! rulesets.
//!
//! Exit codes: 0 the command did its job (a game that ended, whatever its
//! outcome, is a success); 1 an error (bad input, a file that could not be
//! read or written); 2 bad arguments.

mod commands;
mod registry;

use clap::{Parser, Subcommand};

/// Host, play, replay and check turn-based strategy games.
#[derive(Parser)]
#[command(name = "orderly", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play ttrts by files, replay recorded games, run a demo.
    Ttrts(commands::ttrts::Args),
    /// Run a built-in bot against a game folder, playing one seat by files.
    Bot(commands::bot::Args),
    /// Let built-in bots play many games against each other.
    Tournament(commands::tournament::Args),
    /// Check or replay a game record (Game Data JSON).
    Record(commands::record::Args),
    /// Read Xconq 7.5 game modules (GDL): check, dump, eval.
    Gdl(commands::gdl::GdlArgs),
    /// Play TaE (Tigris & Euphrates in space) by files, or watch a bot demo.
    Tae(commands::tae::Args),
    /// Check, convert and format GZF (Full Thrust FT2) files.
    Gzf(commands::gzf::GzfArgs),
    /// Host games over an HTTP API, stored in a database.
    Serve(commands::serve::Args),
    /// Play a Full Thrust battle by GZF files, or run a demo between bots.
    Fullthrust(commands::fullthrust::Args),
    /// Draw a game record's board at a turn and action, as SVG or PNG.
    Render(commands::render::Args),
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Ttrts(args) => commands::ttrts::run(args),
        Command::Bot(args) => commands::bot::run(args),
        Command::Tournament(args) => commands::tournament::run(args),
        Command::Record(args) => commands::record::run(args),
        Command::Gdl(args) => commands::gdl::run(args),
        Command::Tae(args) => commands::tae::run(args),
        Command::Gzf(args) => commands::gzf::run(args),
        Command::Serve(args) => commands::serve::run(args),
        Command::Fullthrust(args) => commands::fullthrust::run(args),
        Command::Render(args) => commands::render::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            std::process::ExitCode::from(1)
        }
    }
}
