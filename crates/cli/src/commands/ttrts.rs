//! `orderly ttrts`: play a ttrts game by files, replay a recorded one, run a
//! demo between bots, write the bundled maps.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use engine::{Seat, Setup};
use playfile::PlayEvent;

use crate::registry;

#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct Args {
    #[command(subcommand)]
    command: Option<Command>,
    /// The map: a ttrts state file, or the name of a bundled map
    /// (Tiny2Player, Big2Player, Chess, Medium4Player, Medium3Player,
    /// Skirmish50, Battle200).
    #[arg(required = true)]
    map: Option<String>,
    /// Where the game folder `ttrts_{NAME}` is made.
    #[arg(long, default_value = ".")]
    games_dir: PathBuf,
    /// Clear the game folder if it already holds a game.
    #[arg(long)]
    force: bool,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Replay DIR/map.txt with the order files DIR/Player_P_Turn_N.txt,
    /// writing every Turn_N.txt and the record into OUT, without waiting.
    Replay {
        dir: PathBuf,
        #[arg(long)]
        out: PathBuf,
    },
    /// Play a whole game between two bots in a temporary folder, printing
    /// each turn's board.
    Demo {
        #[arg(long, default_value = "Tiny2Player")]
        map: String,
        /// Bots, one per seat in turn (cycled), comma-separated.
        #[arg(long, default_value = "greedy,random", value_delimiter = ',')]
        bots: Vec<String>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Stop after this many turns.
        #[arg(long, default_value_t = 200)]
        max_turns: u64,
        /// Play in this folder (new or empty) and keep it, with the map as
        /// `map.txt`, so `orderly ttrts replay` can replay it.
        #[arg(long)]
        keep: Option<PathBuf>,
        /// Print only the result, not every turn's board.
        #[arg(long)]
        quiet: bool,
    },
    /// Write the bundled maps as files into a folder.
    Maps {
        #[arg(long)]
        out: PathBuf,
    },
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    match args.command {
        Some(Command::Replay { dir, out }) => replay(&dir, &out),
        Some(Command::Demo {
            map,
            bots,
            seed,
            max_turns,
            keep,
            quiet,
        }) => demo(&map, &bots, seed, max_turns, keep.as_deref(), quiet),
        Some(Command::Maps { out }) => maps(&out),
        None => play(
            args.map.as_deref().expect("clap requires a map"),
            &args.games_dir,
            args.force,
        ),
    }
}

/// The setup for a map argument: a file if there is one, else a bundled map.
fn map_setup(map: &str) -> anyhow::Result<Setup> {
    let path = Path::new(map);
    let text = if path.is_file() {
        let bytes = std::fs::read(path).with_context(|| format!("cannot read the map {map}"))?;
        let text = String::from_utf8(bytes)
            .with_context(|| format!("{map}: the map is not UTF-8 text"))?;
        match ttrts::format::read_map(text.as_bytes()) {
            Ok((_, warnings)) => {
                for w in warnings {
                    eprintln!("warning: {map}:{w}");
                }
            }
            Err(e) => bail!("{map}:{e}"),
        }
        Some(text)
    } else if ttrts::maps::bundled(map).is_none() {
        bail!(
            "{map}: no such file, and no bundled map of that name (bundled: {})",
            ttrts::maps::MAP_NAMES.join(", ")
        );
    } else {
        None
    };
    Ok(Setup {
        scenario: map.to_string(),
        text,
        ..Setup::default()
    })
}

fn print_event(event: PlayEvent) {
    match event {
        PlayEvent::TurnStarted { turn, awaiting } => {
            let who: Vec<String> = awaiting
                .iter()
                .map(|s| ttrts::PLAYER_NAMES[s.0].to_string())
                .collect();
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
        PlayEvent::Missing { .. } | PlayEvent::Resolved { .. } => {}
        PlayEvent::Over { outcome } => print_outcome(&outcome),
    }
}

fn print_outcome(outcome: &engine::Outcome) {
    match outcome.winner {
        Some(Seat(p)) => println!(
            "game over: {} wins ({})",
            ttrts::PLAYER_NAMES[p],
            outcome.reason
        ),
        None => println!("game over: a draw ({})", outcome.reason),
    }
}

fn play(map: &str, games_dir: &Path, force: bool) -> anyhow::Result<ExitCode> {
    let rules = registry::find("ttrts")?;
    let mut game = rules.start(map_setup(map)?, true, Some(&super::now()))?;
    let dir = games_dir.join(format!("ttrts_{}", game.title()));
    super::demo::fresh_folder(&dir, force)?;
    println!("game folder: {}", dir.display());
    println!("each player writes Player_P_Turn_N.txt there, ending with the line END");
    playfile::play(
        &mut *game,
        &dir,
        None,
        &mut |_| Ok(()),
        &mut print_event,
        &super::now,
    )?;
    Ok(ExitCode::SUCCESS)
}

fn replay(dir: &Path, out: &Path) -> anyhow::Result<ExitCode> {
    let map = dir.join("map.txt");
    let rules = registry::find("ttrts")?;
    let mut game = rules.start(
        map_setup(&map.to_string_lossy())?,
        true,
        Some(&super::now()),
    )?;
    let outcome = playfile::replay(
        &mut *game,
        dir,
        out,
        &mut |e| match e {
            PlayEvent::Over { .. } | PlayEvent::TurnStarted { .. } => {}
            other => print_event(other),
        },
        &super::now,
    )?;
    match outcome {
        Some(o) => print_outcome(&o),
        None => println!(
            "replay stopped at turn {}: no more order files",
            game.turn()
        ),
    }
    Ok(ExitCode::SUCCESS)
}

fn demo(
    map: &str,
    bots: &[String],
    seed: u64,
    max_turns: u64,
    keep: Option<&Path>,
    quiet: bool,
) -> anyhow::Result<ExitCode> {
    let rules = registry::find("ttrts")?;
    super::demo::check_bots(&*rules, bots)?;
    let setup = Setup {
        seed,
        ..map_setup(map)?
    };
    let mut game = rules.start(setup, true, Some(&super::now()))?;
    let temporary = tempfile::tempdir()?;
    let folder = super::demo::demo_folder(keep, temporary.path())?;
    if keep.is_some() {
        // The first Turn file is the map, so `orderly ttrts replay` can
        // replay the kept folder.
        for (name, text) in game.view_files(None) {
            if name == ttrts::turn_file_name(game.turn()) {
                std::fs::write(folder.join("map.txt"), text)?;
            }
        }
    }
    let outcome =
        super::demo::play_between_bots(&*rules, &mut *game, &folder, bots, seed, max_turns, quiet);
    match outcome? {
        Some(o) => print_outcome(&o),
        None => println!("\nstopped after {max_turns} turns with no winner"),
    }
    Ok(ExitCode::SUCCESS)
}

fn maps(out: &Path) -> anyhow::Result<ExitCode> {
    std::fs::create_dir_all(out)?;
    for name in ttrts::maps::MAP_NAMES {
        let state = ttrts::maps::bundled(name).expect("listed maps exist");
        let path = out.join(format!("{name}.txt"));
        std::fs::write(&path, ttrts::format::write_state(&state))
            .with_context(|| format!("cannot write {}", path.display()))?;
        println!("{}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}
