//! `orderly tactics …`: the ruleset's own commands, the only part of the
//! crate that reads or writes files.
//!
//! * `replay RECORD [--draws DRAWS] [--verify]` re-runs a record as spec
//!   §12.5 says `orderly record replay` does for Tactics (the CLI's generic
//!   command can call [`replay`] directly): the last line of standard output
//!   is `re-run: every turn agrees (T turns, A actions, D draws)` (exit 0)
//!   or `re-run: first divergence at PATH: …` (exit 1); a file that cannot
//!   be read, or is not a Tactics record, exits 2.
//! * `game [classic|chaos] --bots B,B --seed S --out FILE` plays a whole
//!   game between built-in bots and writes its record, which re-runs from
//!   its seed alone.

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::Context;
use clap::Parser;

use crate::draws::DrawsFile;
use crate::game::GameKind;
use crate::rerun::{rerun, Rerun};
use crate::selfplay::play_bots;

#[derive(Parser)]
#[command(about = "Tactics (classic and Chaos) as its April 2019 engine plays")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Print a record turn by turn; with --verify, re-run it with the rules
    /// and report the first divergence (tactics spec §12.5).
    Replay {
        /// The record (the engine's game, or the server's {id, state} file).
        record: PathBuf,
        /// The engine's draws file (tactics-draws/1); without it the record's
        /// own seed is used (games the project played).
        #[arg(long)]
        draws: Option<PathBuf>,
        /// Re-run the record and compare every turn.
        #[arg(long)]
        verify: bool,
    },
    /// Play a whole game between built-in bots and write its record.
    Game {
        /// `classic` or `chaos`.
        #[arg(default_value = "classic")]
        kind: String,
        /// Bots by player seat, comma-separated (cycled).
        #[arg(long, default_value = "greedy,random")]
        bots: String,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop after this many turns.
        #[arg(long, default_value_t = 2000)]
        max_turns: usize,
        /// Where to write the record (standard output when absent).
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

/// The subcommands [`command`] takes (so `orderly tactics SCENARIO` is
/// told from them).
pub const NAMES: &[&str] = &["replay", "game"];

/// Runs `orderly tactics …`; `args[0]` is the ruleset's name.
pub fn command(args: Vec<OsString>) -> anyhow::Result<ExitCode> {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            e.print()?;
            return Ok(ExitCode::from(code));
        }
    };
    match cli.command {
        Command::Replay {
            record,
            draws,
            verify,
        } => replay(&record, draws.as_deref(), verify),
        Command::Game {
            kind,
            bots,
            seed,
            max_turns,
            out,
        } => game(&kind, &bots, seed, max_turns, out.as_deref()),
    }
}

/// `record replay RECORD [--draws DRAWS] [--verify]` for a Tactics record
/// (spec §12.5).
pub fn replay(record: &Path, draws: Option<&Path>, verify: bool) -> anyhow::Result<ExitCode> {
    let fail = |message: String| {
        eprintln!("error: {message}");
        Ok(ExitCode::from(2))
    };
    let text = match std::fs::read_to_string(record) {
        Ok(t) => t,
        Err(e) => return fail(format!("cannot read {}: {e}", record.display())),
    };
    let rec = match ::record::read_record(&text) {
        Ok((rec, _)) => rec,
        Err(e) => {
            return fail(format!(
                "{}: the record cannot be read:\n{e}",
                record.display()
            ))
        }
    };
    let kind = rec.game_type.as_deref();
    if GameKind::from_type(kind).is_none()
        && !kind.is_some_and(|k| k.eq_ignore_ascii_case("tactics"))
    {
        return fail(format!(
            "{}: not a Tactics record: its type is `{}` (Tactics records are classic, chaos or have none)",
            record.display(),
            kind.unwrap_or_default()
        ));
    }
    let file = match draws {
        None => None,
        Some(p) => {
            let t = match std::fs::read_to_string(p) {
                Ok(t) => t,
                Err(e) => return fail(format!("cannot read {}: {e}", p.display())),
            };
            match DrawsFile::parse(&t) {
                Ok(f) => Some(f),
                Err(e) => return fail(format!("{}: {e}", p.display())),
            }
        }
    };
    let mut out = std::io::stdout().lock();
    print_record(&mut out, &rec)?;
    if !verify {
        return Ok(ExitCode::SUCCESS);
    }
    match rerun(&rec, file.as_ref()) {
        Err(e) => fail(format!("{}: {e}", record.display())),
        Ok(Rerun::Agrees(report)) => {
            writeln!(out, "re-run: {report}")?;
            Ok(ExitCode::SUCCESS)
        }
        Ok(Rerun::Diverges(d)) => {
            writeln!(out, "re-run: {d}")?;
            Ok(ExitCode::from(1))
        }
    }
}

/// One line per turn: its team and its actions' types.
fn print_record(out: &mut impl Write, rec: &::record::GameRecord) -> anyhow::Result<()> {
    let kind = rec.game_type.as_deref().unwrap_or("classic");
    writeln!(
        out,
        "{kind}: {} teams, {} turns",
        rec.teams.len(),
        rec.turns.len()
    )?;
    for (i, t) in rec.turns.iter().enumerate() {
        let types: Vec<&str> = t.actions.iter().map(|a| a.action_type.as_str()).collect();
        writeln!(
            out,
            "turn {i} (team {}): {}",
            i % rec.teams.len().max(1),
            types.join(", ")
        )?;
    }
    Ok(())
}

fn game(
    kind: &str,
    bots: &str,
    seed: u64,
    max_turns: usize,
    out: Option<&Path>,
) -> anyhow::Result<ExitCode> {
    let Some(kind) = GameKind::from_type(Some(kind)) else {
        eprintln!("error: `{kind}` is not a Tactics game; use classic or chaos");
        return Ok(ExitCode::from(2));
    };
    let names: Vec<&str> = bots.split(',').map(str::trim).collect();
    let played = play_bots(kind, seed, &names, max_turns, true)?;
    let log = played.log.context("the log was asked for")?;
    let now = ::record::time::now_iso8601();
    let text = serde_json::to_string(&log.record_json(&played.game, Some(&now), Some(seed)))?;
    match out {
        Some(p) => std::fs::write(p, text + "\n")
            .with_context(|| format!("cannot write {}", p.display()))?,
        None => println!("{text}"),
    }
    let end = match played.game.end {
        Some(e) => match e.winner {
            Some(w) => format!("team {w} wins"),
            None => "a draw".into(),
        },
        None => format!("stopped after {max_turns} turns"),
    };
    eprintln!(
        "{} turns, {} draws; {end}",
        played.game.turn + 1,
        played.draws
    );
    Ok(ExitCode::SUCCESS)
}
