//! `orderly record check|replay FILE`: validate a game record, print it turn
//! by turn, and re-run it with the rules when this build has its ruleset.

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
    },
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.command {
        Command::Check { file } => check(&file),
        Command::Replay { file } => replay(&file),
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

fn game_type(r: &GameRecord) -> String {
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
    let changes = result
        .changes
        .as_ref()
        .map(|c| serde_json::Value::Object(c.clone()).to_string());
    format!(
        "unit {} {}",
        result.unit.map_or("-".into(), |u| u.to_string()),
        changes.unwrap_or_default()
    )
}

fn replay(file: &PathBuf) -> anyhow::Result<ExitCode> {
    let Some(r) = load(file)? else {
        return Ok(ExitCode::from(1));
    };
    let kind = game_type(&r);
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
            for (k, v) in &a.extra {
                if k != "created" {
                    line.push_str(&format!(" {k}={v}"));
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
    println!("outcome: {}", winner(&r));
    match registry::find(&kind) {
        Err(_) => {
            println!("re-run: this build has no `{kind}` ruleset; the record was printed but not re-verified");
            Ok(ExitCode::SUCCESS)
        }
        Ok(rules) => match rules.verify(&r)? {
            None => {
                println!(
                    "re-run: every turn agrees with the {} rules {}",
                    rules.name(),
                    rules.version()
                );
                Ok(ExitCode::SUCCESS)
            }
            Some(d) => {
                println!("re-run: first divergence at {d}");
                Ok(ExitCode::from(1))
            }
        },
    }
}
