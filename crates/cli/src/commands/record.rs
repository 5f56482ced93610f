//! `orderly record check|replay FILE`: validate a game record, print it turn
//! by turn, and re-run it with the rules when this build has its ruleset.
//!
//! Re-running: the ruleset's plug-in re-runs it when it has its own re-run
//! (records of another program, with the aid it needs: the Tactics
//! engine's draws file); otherwise the engine re-runs the record's setup
//! and recorded orders. Either way the last line says `re-run: every turn
//! agrees (T turns, A actions[, D draws])` (exit 0) or `re-run: first
//! divergence at PATH: the record has X but the rules give Y` (exit 1).
//! As everywhere (README, exit codes): 1 for an error, such as a record
//! that is not valid (as `record check` says) or a file that cannot be
//! read; 2 for arguments that cannot be honoured: `--verify` or `--draws`
//! for a record this build cannot re-run so.
//!
//! `-L DIR` names folders the ruleset reads files from (game modules),
//! put into the record's setup before it is re-run.

use std::path::PathBuf;
use std::process::ExitCode;

use ::record::{read_record, GameRecord, Severity, Winner};
use anyhow::Context;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Check a record: every error and warning with its JSON path.
    Check {
        /// The record file (JSON).
        file: PathBuf,
    },
    /// Print a record turn by turn and re-run it with the rules (when this
    /// build has the ruleset), reporting the first divergence.
    Replay {
        /// The record file (JSON).
        file: PathBuf,
        /// The ruleset's re-run aid for a record made elsewhere: the random
        /// numbers the original engine drew (Tactics: its draws file).
        #[arg(long, value_name = "FILE")]
        draws: Option<PathBuf>,
        /// Re-running is required: a record this build cannot re-run is an
        /// error (exit 2) instead of being only printed.
        #[arg(long)]
        verify: bool,
        /// Only re-run: print no turns, just the result.
        #[arg(long)]
        quiet: bool,
        #[command(flatten)]
        lib: super::table::Lib,
    },
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.command {
        Command::Check { file } => check(&file),
        Command::Replay {
            file,
            draws,
            verify,
            quiet,
            lib,
        } => replay(&file, draws.as_deref(), verify, quiet, &lib),
    }
}

fn load(file: &PathBuf) -> anyhow::Result<Option<GameRecord>> {
    let text =
        std::fs::read_to_string(file).with_context(|| format!("cannot read {}", file.display()))?;
    let name = file.display();
    match read_record(&text) {
        Ok((record, warnings)) => {
            for w in warnings {
                eprintln!("{name}: {w}");
            }
            Ok(Some(record))
        }
        Err(e) => {
            for p in &e.problems {
                eprintln!("{name}: {p}");
            }
            let errors = e
                .problems
                .iter()
                .filter(|p| p.severity == Severity::Error)
                .count();
            eprintln!("{name}: {errors} error(s); the record is rejected");
            Ok(None)
        }
    }
}

/// The record's game type; a record without one is a classic game of the
/// Tactics engine, whose classic records write no `type` (game-record spec).
pub fn game_type(r: &GameRecord) -> String {
    r.game_type.clone().unwrap_or_else(|| "classic".into())
}

fn winner(r: &GameRecord) -> String {
    let team = |i: u64| {
        r.teams
            .get(i as usize)
            .and_then(|t| t.as_ref())
            .and_then(|t| t.name.clone())
            .unwrap_or_else(|| format!("team {i}"))
    };
    match (&r.winner, &r.ended) {
        (Winner::Team(i), _) => format!("{} (team {i}) won", team(*i)),
        (Winner::NoWinner, Some(_)) => "a draw".into(),
        (Winner::Other(s), _) => format!("no winner ({s})"),
        (Winner::Absent, Some(_)) => "ended; the winner is not recorded".into(),
        _ => "not over".into(),
    }
}

fn check(file: &PathBuf) -> anyhow::Result<ExitCode> {
    let Some(r) = load(file)? else {
        return Ok(ExitCode::from(1));
    };
    let actions: usize = r.turns.iter().map(|t| t.actions.len()).sum();
    println!(
        "{}: a valid {} record: {} teams, {} turns, {} actions; {}",
        file.display(),
        game_type(&r),
        r.teams.len(),
        r.turns.len(),
        actions,
        winner(&r)
    );
    Ok(ExitCode::SUCCESS)
}

/// One result as `unit N {changes}`.
fn describe(result: &::record::ActionResult) -> String {
    // The kept text is what writing the map gives, without making it.
    let changes = result.changes.as_ref().map(|c| c.to_json_text());
    format!(
        "unit {} {}",
        result.unit.map_or("-".into(), |u| u.to_string()),
        changes.unwrap_or_default()
    )
}

fn replay(
    file: &PathBuf,
    draws: Option<&std::path::Path>,
    verify: bool,
    quiet: bool,
    lib: &super::table::Lib,
) -> anyhow::Result<ExitCode> {
    let Some(mut r) = load(file)? else {
        return Ok(ExitCode::from(1));
    };
    lib.put_in_record(&mut r);
    if !quiet {
        print_turns(&r);
    }
    let code = rerun(&r, draws, verify);
    // The command ends here: freeing a long record's many small parts one
    // by one would cost a sixth of the whole replay (BENCHMARKS.md).
    std::mem::forget(r);
    code
}

/// Prints the record turn by turn.
fn print_turns(r: &GameRecord) {
    for (i, turn) in r.turns.iter().enumerate() {
        let counts: Vec<String> = turn.units.iter().map(|u| u.len().to_string()).collect();
        // The ruleset's own turn number when the record has it, as every
        // other command shows it; else the turn's place in the record.
        let number = turn
            .extra
            .get("turn")
            .and_then(serde_json::Value::as_u64)
            .unwrap_or(i as u64);
        println!(
            "turn {number}: units per team [{}], {} actions",
            counts.join(", "),
            turn.actions.len()
        );
        for a in &turn.actions {
            let mut line = format!("  {}", a.action_type);
            if let Some(t) = a.team_id {
                line.push_str(&format!(" team {t}"));
            }
            if let Some(u) = a.unit {
                line.push_str(&format!(" unit {u}"));
            }
            // From the kept text when there is one (a value's text there
            // is what printing it gives), so no map is made per action.
            match a.extra.plain_fields() {
                Some(fields) => {
                    for (k, v) in fields {
                        if k != "created" {
                            line.push_str(&format!(" {k}={v}"));
                        }
                    }
                }
                None => {
                    for (k, v) in &a.extra {
                        if k != "created" {
                            line.push_str(&format!(" {k}={v}"));
                        }
                    }
                }
            }
            println!("{line}");
            for res in a.results.iter().flatten() {
                println!("    -> {}", describe(res));
                for sub in res.results.iter().flatten() {
                    println!("       & {}", describe(sub));
                }
            }
        }
    }
    println!("outcome: {}", winner(r));
}

/// Re-runs the record with its ruleset and says how it went.
fn rerun(
    r: &GameRecord,
    draws: Option<&std::path::Path>,
    verify: bool,
) -> anyhow::Result<ExitCode> {
    let kind = game_type(r);
    let Ok(plugin) = registry::plugin(&kind) else {
        println!("re-run: this build has no `{kind}` ruleset; the record was printed but not re-verified");
        return Ok(ExitCode::from(if verify || draws.is_some() {
            2
        } else {
            0
        }));
    };
    let aid = match draws {
        None => None,
        Some(path) => {
            let text = match std::fs::read_to_string(path) {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("error: cannot read {}: {e}", path.display());
                    return Ok(ExitCode::from(1));
                }
            };
            match serde_json::from_str::<serde_json::Value>(&text) {
                Ok(v) => Some(v),
                Err(e) => {
                    eprintln!("error: {}: not JSON: {e}", path.display());
                    return Ok(ExitCode::from(1));
                }
            }
        }
    };
    let result = match (plugin.rerun, &aid) {
        (Some(rerun), _) => rerun(r, aid.as_ref()),
        (None, Some(_)) => {
            eprintln!(
                "error: --draws: {} records are re-run from their own setup and orders; they take no draws file",
                plugin.name()
            );
            return Ok(ExitCode::from(2));
        }
        (None, None) => plugin.rules.verify(r).map(|d| match d {
            Some(d) => registry::Rerunning::Diverges(d),
            None => registry::Rerunning::Agrees {
                turns: r.turns.len(),
                actions: r.turns.iter().map(|t| t.actions.len()).sum(),
                draws: None,
            },
        }),
    };
    match result {
        Ok(registry::Rerunning::Agrees {
            turns,
            actions,
            draws,
        }) => {
            let draws = draws.map_or(String::new(), |d| format!(", {d} draws"));
            println!("re-run: every turn agrees ({turns} turns, {actions} actions{draws})");
            Ok(ExitCode::SUCCESS)
        }
        Ok(registry::Rerunning::Diverges(d)) => {
            println!("re-run: first divergence at {d}");
            Ok(ExitCode::from(1))
        }
        // Only printing was asked for: a record that cannot be re-run
        // without its aid (another engine's record and no --draws) was
        // still printed.
        Err(e) if !verify && draws.is_none() => {
            println!("re-run: the record was printed but not re-verified: {e}");
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("error: the record cannot be re-run: {e}");
            Ok(ExitCode::from(2))
        }
    }
}
