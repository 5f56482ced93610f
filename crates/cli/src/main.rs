//! The `orderly` binary: parses arguments and hands each subcommand to the
//! library crate that does the work. No game rule or file format lives here;
//! each subcommand is one module under `commands/`.

mod commands;

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
    /// Check, convert and format GZF (Full Thrust FT2) files.
    Gzf(commands::gzf::GzfArgs),
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let result: anyhow::Result<std::process::ExitCode> = match cli.command {
        Command::Gzf(args) => commands::gzf::run(args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            std::process::ExitCode::from(1)
        }
    }
}
