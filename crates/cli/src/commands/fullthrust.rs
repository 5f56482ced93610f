//! `orderly fullthrust`: host a Full Thrust battle played by GZF files, or
//! watch two bots fight one (`demo`).
//!
//! Each turn every fleet gets `Turn_N_Fleet_F.gzf` and answers with
//! `Orders_N_Fleet_F.gzf` (see the `fullthrust` crate's `orders` module for
//! its form: ships with `Move:`, their systems with `Orders:`, and the
//! `Scenario:` block with `Turn: N` last).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use engine::{Outcome, Seat, SeatInfo, Setup};
use playfile::PlayEvent;

use crate::registry;

#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    /// The scenario: an FT2 file, or the name of a bundled one (duel).
    #[arg(required = true)]
    scenario: Option<String>,
    /// Where the game folder `fullthrust_{NAME}` is made.
    #[arg(long, default_value = ".")]
    games_dir: PathBuf,
    /// Clear the game folder if it already holds a game.
    #[arg(long)]
    force: bool,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Play a whole battle between two bots by files in a temporary folder,
    /// printing each turn's board.
    Demo {
        #[arg(long, default_value = "duel")]
        scenario: String,
        /// Bots, one per fleet in turn (cycled), comma-separated.
        #[arg(long, default_value = "closer,random", value_delimiter = ',')]
        bots: Vec<String>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop after this many turns.
        #[arg(long, default_value_t = 200)]
        max_turns: u64,
        /// Play in this folder (new or empty) and keep it.
        #[arg(long)]
        keep: Option<PathBuf>,
        /// Print only the result, not every turn's board.
        #[arg(long)]
        quiet: bool,
    },
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.command {
        Some(Command::Demo {
            scenario,
            bots,
            seed,
            max_turns,
            keep,
            quiet,
        }) => demo(&scenario, &bots, seed, max_turns, keep.as_deref(), quiet),
        None => play(
            args.scenario.as_deref().expect("clap requires a scenario"),
            &args.games_dir,
            args.force,
        ),
    }
}

/// The setup for a scenario argument: a file if there is one, else a
/// bundled scenario (checked when the game starts).
fn scenario_setup(scenario: &str) -> anyhow::Result<Setup> {
    let path = Path::new(scenario);
    let text = if path.is_file() {
        let bytes = std::fs::read(path).with_context(|| format!("cannot read {scenario}"))?;
        Some(String::from_utf8(bytes).with_context(|| format!("{scenario}: not UTF-8 text"))?)
    } else {
        None
    };
    Ok(Setup {
        scenario: scenario.to_string(),
        text,
        ..Setup::default()
    })
}

fn print_outcome(seats: &[SeatInfo], outcome: &Outcome) {
    let scores = outcome
        .scores
        .as_ref()
        .map(|s| {
            let parts: Vec<String> = s
                .iter()
                .zip(seats)
                .map(|(n, seat)| format!("{} {n}", seat.name))
                .collect();
            format!("; boxes left: {}", parts.join(", "))
        })
        .unwrap_or_default();
    match outcome.winner {
        Some(Seat(f)) => println!(
            "battle over: {} wins ({}{scores})",
            seats[f].name, outcome.reason
        ),
        None => println!("battle over: a draw ({}{scores})", outcome.reason),
    }
}

fn play(scenario: &str, games_dir: &Path, force: bool) -> anyhow::Result<ExitCode> {
    let rules = registry::find("fullthrust")?;
    let mut game = rules.start(scenario_setup(scenario)?, true, Some(&super::now()))?;
    // Scenario names are free text; keep the folder name easy to type.
    let title: String = game
        .title()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let dir = games_dir.join(format!("fullthrust_{title}"));
    if dir.is_dir() && std::fs::read_dir(&dir)?.next().is_some() {
        if !force {
            bail!(
                "{} already holds a game; move it away, or pass --force to clear it",
                dir.display()
            );
        }
        std::fs::remove_dir_all(&dir).with_context(|| format!("cannot clear {}", dir.display()))?;
    }
    let seats = game.seats();
    println!("game folder: {}", dir.display());
    println!(
        "each fleet F reads Turn_N_Fleet_F.gzf and writes Orders_N_Fleet_F.gzf, ending with `Scenario:` and `Turn: N`"
    );
    playfile::play(
        &mut *game,
        &dir,
        None,
        &mut |_| Ok(()),
        &mut |e| match e {
            PlayEvent::TurnStarted { turn, awaiting } => {
                let who: Vec<&str> = awaiting.iter().map(|s| seats[s.0].name.as_str()).collect();
                println!("turn {turn}: waiting for {}", who.join(", "));
            }
            PlayEvent::Accepted { file, notes } => {
                for n in notes {
                    eprintln!("note: {}", n.display_in(&file));
                }
            }
            PlayEvent::Rejected { file, errors } => {
                for e in errors {
                    eprintln!("error: {}", e.display_in(&file));
                }
            }
            PlayEvent::Over { outcome } => print_outcome(&seats, &outcome),
            PlayEvent::Missing { .. } | PlayEvent::Resolved { .. } => {}
        },
        &super::now,
    )?;
    Ok(ExitCode::SUCCESS)
}

fn demo(
    scenario: &str,
    bots: &[String],
    seed: u64,
    max_turns: u64,
    keep: Option<&Path>,
    quiet: bool,
) -> anyhow::Result<ExitCode> {
    let rules = registry::find("fullthrust")?;
    super::demo::check_bots(&*rules, bots)?;
    let setup = Setup {
        seed,
        ..scenario_setup(scenario)?
    };
    let mut game = rules.start(setup, true, Some(&super::now()))?;
    let temporary = tempfile::tempdir()?;
    let folder = super::demo::demo_folder(keep, temporary.path())?;
    let seats = game.seats();
    let outcome =
        super::demo::play_between_bots(&*rules, &mut *game, &folder, bots, seed, max_turns, quiet);
    match outcome? {
        Some(o) => print_outcome(&seats, &o),
        None => println!("\nstopped after {max_turns} turns with no winner"),
    }
    Ok(ExitCode::SUCCESS)
}
