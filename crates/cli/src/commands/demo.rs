//! `orderly demo RULESET [SCENARIO]`: built-in bots play a whole game by
//! files in a folder while people watch the board turn by turn; and what
//! the game commands share when they run games in folders: making a fresh
//! game folder, and letting built-in bots answer a turn through the real
//! files (the seat's own view file named in `status.json`, then an orders
//! file written atomically), exactly as `orderly bot` would. Rulesets with
//! hidden information give each seat its own view file, so a bot must read
//! its seat's file, never just the first one written.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{bail, Context};
use engine::DynRuleset;
use playfile::{Status, TurnFiles};

use super::table::{bots_or_all, print_outcome, Table};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    table: Table,
    /// Bots, one per seat in turn (cycled), comma-separated (default: the
    /// ruleset's bots).
    #[arg(long, value_delimiter = ',')]
    bots: Vec<String>,
    /// Stop after this many turns.
    #[arg(long, default_value_t = super::MAX_TURNS)]
    max_turns: u64,
    /// Play in this folder (new or empty) and keep it, with its `game.json`,
    /// so `orderly replay` can replay it.
    #[arg(long, value_name = "DIR")]
    keep: Option<PathBuf>,
    /// Print only the result, not every turn's board.
    #[arg(long)]
    quiet: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let rules = registry::find(&args.table.ruleset)?;
    let bots = bots_or_all(&*rules, args.bots)?;
    let (setup, mut game) = args.table.start(&*rules, Some(&bots), true)?;
    let temporary = tempfile::tempdir()?;
    let folder = demo_folder(args.keep.as_deref(), temporary.path())?;
    if args.keep.is_some() {
        super::replay::write_game_file(&folder, rules.name(), &setup)?;
    }
    let seats = game.seats();
    let outcome = play_between_bots(
        &*rules,
        &mut *game,
        &folder,
        &bots,
        args.table.seed,
        args.max_turns,
        args.quiet,
    )?;
    match outcome {
        Some(o) => print_outcome(&seats, &o),
        None => println!("\nstopped after {} turns with no winner", args.max_turns),
    }
    Ok(ExitCode::SUCCESS)
}

/// Makes sure `dir` holds no earlier game: an error unless `force`, which
/// clears it.
pub fn fresh_folder(dir: &Path, force: bool) -> anyhow::Result<()> {
    if dir.is_dir() && std::fs::read_dir(dir)?.next().is_some() {
        if !force {
            bail!(
                "{} already holds a game; move it away, or pass --force to clear it",
                dir.display()
            );
        }
        std::fs::remove_dir_all(dir).with_context(|| format!("cannot clear {}", dir.display()))?;
    }
    Ok(())
}

/// Writes every awaited seat's orders file for this turn with the seat's
/// bot (`bots` cycle over the seats), each bot reading its own view file.
pub fn bots_answer(
    rules: &dyn DynRuleset,
    bots: &[String],
    seed: u64,
    files: &TurnFiles,
) -> Result<(), playfile::HookError> {
    let status_text = std::fs::read_to_string(files.dir.join("status.json"))
        .map_err(|e| format!("cannot read status.json: {e}"))?;
    let status: Status =
        serde_json::from_str(&status_text).map_err(|e| format!("status.json: {e}"))?;
    for (seat, _) in &files.orders {
        let name = status
            .awaiting
            .iter()
            .find(|s| s.seat == *seat)
            .and_then(|s| s.views.first())
            .ok_or_else(|| format!("status.json names no view file for {seat}"))?;
        let text = files
            .views
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, t)| t)
            .ok_or_else(|| format!("the view file {name} was not written"))?;
        let bot = &bots[seat.0 % bots.len()];
        let (file, orders) = rules
            .bot_answer(bot, *seat, name, text, seed.wrapping_add(files.turn))
            .map_err(|e| format!("the {bot} bot failed: {e}"))?;
        playfile::atomic_write(&files.dir.join(file), orders.as_bytes())
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Plays `game` in `folder` between built-in bots to its end (or
/// `max_turns`), printing each turn's board unless `quiet` and every
/// rejected orders file; then the final board. Returns the outcome, `None`
/// when the turn limit came first.
pub fn play_between_bots(
    rules: &dyn DynRuleset,
    game: &mut dyn engine::Game,
    folder: &Path,
    bots: &[String],
    seed: u64,
    max_turns: u64,
    quiet: bool,
) -> anyhow::Result<Option<engine::Outcome>> {
    let by_rules = game.rules_seats();
    for (i, s) in game.seats().iter().enumerate() {
        if by_rules.iter().any(|r| r.seat.0 == i) {
            println!("{} is played by the rules", s.name);
        } else {
            println!("{} is played by the {} bot", s.name, bots[i % bots.len()]);
        }
    }
    let outcome = playfile::play(
        game,
        folder,
        Some(max_turns),
        &mut |files| {
            if !quiet {
                println!("\n--- turn {} ---\n{}", files.turn, files.board);
            }
            bots_answer(rules, bots, seed, files)
        },
        &mut |e| {
            if let playfile::PlayEvent::Rejected { file, errors } = e {
                for err in errors {
                    eprintln!("error: {}", err.display_in(&file));
                }
            }
        },
        &super::now,
    )?;
    if outcome.is_some() && !quiet {
        println!("\n--- final board ---\n{}", game.board_text());
    }
    Ok(outcome)
}

/// The folder a demo plays in: `keep` (which must be new or empty, and is
/// made if missing), else the temporary folder.
pub fn demo_folder(keep: Option<&Path>, temporary: &Path) -> anyhow::Result<std::path::PathBuf> {
    match keep {
        Some(dir) => {
            if dir.is_dir() && std::fs::read_dir(dir)?.next().is_some() {
                bail!(
                    "{} is not empty; --keep needs a new or empty folder",
                    dir.display()
                );
            }
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot make {}", dir.display()))?;
            Ok(dir.to_path_buf())
        }
        None => Ok(temporary.to_path_buf()),
    }
}
