//! `orderly tae`: host a TaE game by files, or watch built-in bots play one.
//! The game runs through the generic folder driver; this module only turns
//! arguments into a setup and prints what happens.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use engine::{Outcome, Seat, SeatSpec, Setup};
use playfile::PlayEvent;

use crate::registry;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

/// Where the board comes from and who sits at the table.
#[derive(clap::Args)]
struct Table {
    /// A map file in the `.`/`M`/`A` format, or `default` for the default
    /// 16x11 board.
    #[arg(long, default_value = "default")]
    map: String,
    /// Players, 2 to 4.
    #[arg(long, default_value_t = 2)]
    players: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Host a game in the folder GAMES_DIR/tae_MAP: each seat reads
    /// View_S_Turn_N.txt and writes Orders_S_Turn_N.txt (docs/tae-files.md).
    Play {
        #[command(flatten)]
        table: Table,
        #[arg(long, default_value = ".")]
        games_dir: PathBuf,
        /// Clear the game folder if it already holds a game.
        #[arg(long)]
        force: bool,
    },
    /// Play a whole game between built-in bots in a temporary folder,
    /// printing the board, the scores and who leads each turn.
    Demo {
        #[command(flatten)]
        table: Table,
        /// Bots, one per seat in turn (cycled), comma-separated.
        #[arg(long, default_value = "greedy,random", value_delimiter = ',')]
        bots: Vec<String>,
        /// Stop after this many turns.
        #[arg(long, default_value_t = 1000)]
        max_turns: u64,
    },
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.command {
        Command::Play {
            table,
            games_dir,
            force,
        } => play(&table, &games_dir, force),
        Command::Demo {
            table,
            bots,
            max_turns,
        } => demo(&table, &bots, max_turns),
    }
}

/// The setup for the arguments: a map file's text, or the default board.
fn setup(table: &Table, bots: Option<&[String]>) -> anyhow::Result<Setup> {
    let path = Path::new(&table.map);
    let text = if table.map != tae::map::DEFAULT_MAP {
        if !path.is_file() {
            bail!(
                "{}: no such map file (give a file, or `{}` for the default board)",
                table.map,
                tae::map::DEFAULT_MAP
            );
        }
        Some(std::fs::read_to_string(path).with_context(|| format!("cannot read {}", table.map))?)
    } else {
        None
    };
    let seats = (0..table.players)
        .map(|i| SeatSpec {
            name: None,
            bot: bots.map(|b| b[i % b.len()].clone()),
        })
        .collect();
    Ok(Setup {
        scenario: table.map.clone(),
        text,
        seats,
        seed: table.seed,
        ..Setup::default()
    })
}

fn print_outcome(outcome: &Outcome) {
    match outcome.winner {
        Some(Seat(s)) => println!("game over: seat {s} wins ({})", outcome.reason),
        None => println!("game over: no single winner ({})", outcome.reason),
    }
}

fn play(table: &Table, games_dir: &Path, force: bool) -> anyhow::Result<ExitCode> {
    let rules = registry::find("tae")?;
    let mut game = rules.start(setup(table, None)?, true, Some(&super::now()))?;
    let dir = games_dir.join(format!("tae_{}", game.title()));
    super::demo::fresh_folder(&dir, force)?;
    println!("game folder: {}", dir.display());
    println!(
        "seat S reads View_S_Turn_N.txt and writes Orders_S_Turn_N.txt, ending with the line END"
    );
    playfile::play(
        &mut *game,
        &dir,
        None,
        &mut |_| Ok(()),
        &mut |event| match event {
            PlayEvent::TurnStarted { turn, awaiting } => {
                let who: Vec<String> = awaiting.iter().map(|s| s.0.to_string()).collect();
                println!("turn {turn}: waiting for seats {}", who.join(", "));
            }
            PlayEvent::Rejected { file, errors } => {
                for e in errors {
                    eprintln!("error: {}", e.display_in(&file));
                }
            }
            PlayEvent::Over { outcome } => print_outcome(&outcome),
            _ => {}
        },
        &super::now,
    )?;
    Ok(ExitCode::SUCCESS)
}

fn demo(table: &Table, bots: &[String], max_turns: u64) -> anyhow::Result<ExitCode> {
    let rules = registry::find("tae")?;
    super::demo::check_bots(&*rules, bots)?;
    let mut game = rules.start(setup(table, Some(bots))?, true, Some(&super::now()))?;
    let folder = tempfile::tempdir()?;
    let seed = table.seed;
    let outcome = super::demo::play_between_bots(
        &*rules,
        &mut *game,
        folder.path(),
        bots,
        seed,
        max_turns,
        false,
    );
    match outcome? {
        Some(o) => print_outcome(&o),
        None => println!("\nstopped after {max_turns} turns with no winner"),
    }
    Ok(ExitCode::SUCCESS)
}
