//! `orderly play RULESET [SCENARIO]`: a game played by files in a folder.
//! Each seat (a person with an editor, or any program) reads its view file
//! and writes its orders file there; the game waits for every awaited seat,
//! resolves the turn and writes the next files, until it ends.
//!
//! The same command with `--resume` goes on with the game its folder holds
//! after the program stopped: the folder's record is played into the game
//! started again from its `game.json`, and play carries on at the turn it
//! stopped in (see [`playfile::Resumable`]).

use std::path::{Path, PathBuf};

use anyhow::bail;
use std::process::ExitCode;

use super::table::{folder_name, print_event, Table};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    table: Table,
    /// Where the game folder `{RULESET}_{TITLE}` is made.
    #[arg(long, default_value = ".", value_name = "DIR")]
    games_dir: PathBuf,
    /// Clear the game folder if it already holds a game.
    #[arg(long, conflicts_with = "resume")]
    force: bool,
    /// Go on with the game the folder already holds (the program that
    /// played it stopped), from its record; the other arguments must be
    /// the ones it was started with.
    #[arg(long)]
    resume: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let rules = registry::find(&args.table.ruleset)?;
    let (setup, mut game) = args.table.start(&*rules, None, true)?;
    let dir = args
        .games_dir
        .join(folder_name(rules.name(), &game.title()));
    let holds_game = dir.join(super::replay::GAME_FILE).is_file();
    if args.resume {
        if !holds_game {
            bail!(
                "{} holds no game to resume (no {}); leave --resume out to start one",
                dir.display(),
                super::replay::GAME_FILE
            );
        }
        game = resume(&*rules, &dir, &setup)?;
    } else {
        if holds_game && !args.force {
            bail!(
                "{} already holds a game; pass --resume to go on with it, --force to clear \
                 it and start again, or --games-dir to play elsewhere",
                dir.display()
            );
        }
        super::demo::fresh_folder(&dir, args.force)?;
        std::fs::create_dir_all(&dir)?;
        super::replay::write_game_file(&dir, rules.name(), &setup)?;
    }
    let seats = game.seats();
    println!("game folder: {}", dir.display());
    println!(
        "each seat reads the view file named in status.json and writes its orders file there: {}",
        rules.orders_help()
    );
    playfile::play(
        &mut *game,
        &dir,
        None,
        &mut |_| Ok(()),
        &mut |e| print_event(&seats, e),
        &super::now,
    )?;
    Ok(ExitCode::SUCCESS)
}

/// The game `dir` holds, brought to where its record stops. The setup asked
/// for must be the one the folder's game started from.
fn resume(
    rules: &dyn engine::DynRuleset,
    dir: &Path,
    asked: &engine::Setup,
) -> anyhow::Result<Box<dyn engine::Game>> {
    let (_, setup) = super::replay::game_of(dir, Some(rules.name()))?;
    if &setup != asked {
        bail!(
            "{} holds a game started otherwise ({}: {}); give the arguments it was \
             started with, or --force to clear it and start this one",
            dir.display(),
            super::replay::GAME_FILE,
            serde_json::to_string(&setup)?
        );
    }
    let record = playfile::Resumable::read(&dir.join(playfile::RECORD_FILE))?;
    let started = record.as_ref().and_then(|r| r.started.clone());
    let mut game = rules.start(
        setup,
        true,
        Some(started.as_deref().unwrap_or(&super::now())),
    )?;
    if let Some(record) = &record {
        record.catch_up(&mut *game)?;
        println!(
            "resumed after {} turn(s) of the record; now turn {}",
            record.len(),
            game.turn()
        );
    }
    Ok(game)
}
