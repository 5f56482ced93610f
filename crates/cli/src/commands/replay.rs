//! `orderly replay DIR --out OUT`: replays a game folder's orders files
//! without waiting, writing every turn's files and the record into OUT.
//!
//! What the game started from is the folder's `game.json` (`{"ruleset":
//! ..., "setup": ...}`, written by `orderly play` and `orderly demo
//! --keep`); a folder of the original program has none, and then the
//! ruleset is named with `--ruleset` and the game starts from the
//! ruleset's scenario file there (ttrts: `map.txt`).
//!
//! When the folder holds its game's `record.json`, every turn's orders read
//! from the files are held to the orders the record says were played, and
//! the replay stops at the first file changed after the game accepted it
//! (`--ignore-record` replays the files as they are).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use engine::Setup;
use playfile::{PlayEvent, ReplayError};
use serde_json::json;

use super::table::{print_event, print_outcome};

/// The file a game folder's setup is kept in.
pub const GAME_FILE: &str = "game.json";

#[derive(clap::Args)]
pub struct Args {
    /// The game folder, holding the orders files.
    dir: PathBuf,
    /// Where to write every turn's files and the record.
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// The ruleset, for a folder without `game.json`.
    #[arg(long)]
    ruleset: Option<String>,
    /// Replay the orders files as they are now, without holding them to
    /// the orders the folder's `record.json` says were played.
    #[arg(long)]
    ignore_record: bool,
    #[command(flatten)]
    lib: super::table::Lib,
}

/// Writes `dir/game.json`: what a replay of the folder starts from.
pub fn write_game_file(dir: &Path, ruleset: &str, setup: &Setup) -> anyhow::Result<()> {
    let text = serde_json::to_string_pretty(&json!({"ruleset": ruleset, "setup": setup}))?;
    playfile::atomic_write(&dir.join(GAME_FILE), text.as_bytes())
        .with_context(|| format!("cannot write {}", dir.join(GAME_FILE).display()))
}

/// The ruleset and setup a folder's game started from.
pub fn game_of(dir: &Path, ruleset: Option<&str>) -> anyhow::Result<(String, Setup)> {
    let path = dir.join(GAME_FILE);
    if path.is_file() {
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        #[derive(serde::Deserialize)]
        struct GameFile {
            ruleset: String,
            setup: Setup,
        }
        let game: GameFile = serde_json::from_str(&text)
            .with_context(|| format!("{}: not a game file", path.display()))?;
        if let Some(r) = ruleset {
            if !registry::plugin(r)?.answers_to(&game.ruleset) {
                bail!(
                    "{} is a game of {}, not of {r}",
                    dir.display(),
                    game.ruleset
                );
            }
        }
        return Ok((game.ruleset, game.setup));
    }
    let Some(ruleset) = ruleset else {
        bail!(
            "{} has no {GAME_FILE}; name its ruleset with --ruleset",
            dir.display()
        );
    };
    let rules = registry::find(ruleset)?;
    let Some(name) = rules.scenario_file_name() else {
        bail!(
            "{} has no {GAME_FILE}, and a {} game folder cannot be replayed without one",
            dir.display(),
            rules.name()
        );
    };
    let file = dir.join(name);
    let text = std::fs::read_to_string(&file).with_context(|| {
        format!(
            "cannot read {} (the game's starting {name})",
            file.display()
        )
    })?;
    Ok((
        rules.name().to_string(),
        Setup {
            scenario: file.display().to_string(),
            text: Some(text),
            ..Setup::default()
        },
    ))
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let (ruleset, mut setup) = game_of(&args.dir, args.ruleset.as_deref())?;
    args.lib.put(&mut setup.options);
    let rules = registry::find(&ruleset)?;
    let mut game = rules.start(setup, true, Some(&super::now()))?;
    let recorded = match args.ignore_record {
        true => None,
        false => playfile::RecordedOrders::read(&args.dir.join(playfile::RECORD_FILE))?,
    };
    let seats = game.seats();
    let outcome = playfile::replay(
        &mut *game,
        &args.dir,
        &args.out,
        recorded.as_ref(),
        &mut |e| match e {
            PlayEvent::Over { .. } | PlayEvent::TurnStarted { .. } => {}
            other => print_event(&seats, other),
        },
        &super::now,
    )
    .map_err(|e| match e {
        ReplayError::Changed(changed) => anyhow::anyhow!(
            "{changed} (--ignore-record; the new record will differ from {})",
            changed.record.display()
        ),
        other => other.into(),
    })?;
    match outcome {
        Some(o) => print_outcome(&seats, &o),
        None => println!(
            "replay stopped at turn {}: no more orders files",
            game.turn()
        ),
    }
    // Everything is written; the process ends now, and handing the game's
    // memory back piece by piece (a hundred turns of record) was a tenth
    // of a replay's work (BENCHMARKS.md, "A whole replay with its files").
    std::mem::forget(game);
    Ok(ExitCode::SUCCESS)
}
