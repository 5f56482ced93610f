//! `orderly bot RULESET --player P GAMEDIR`: a built-in bot playing one seat
//! of a game folder by files, as any outside program would: it reads the
//! folder's `status.json` and its view file, and writes its orders file
//! (write-then-rename). It waits with file-system notifications.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use engine::Seat;
use notify::{RecursiveMode, Watcher};
use playfile::Status;

use crate::registry;

#[derive(clap::Args)]
pub struct Args {
    /// The ruleset of the game (ttrts, ...).
    ruleset: String,
    /// The seat to play (for ttrts, the player number 0-3).
    #[arg(long)]
    player: usize,
    /// The game folder.
    game_dir: PathBuf,
    /// Which built-in bot plays.
    #[arg(long, default_value = "greedy")]
    name: String,
    /// Seed for the bot's own choices.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Give up when the folder has not changed for this many seconds.
    #[arg(long, default_value_t = 600)]
    idle_timeout: u64,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let rules = registry::find(&args.ruleset)?;
    if !rules.bot_names().contains(&args.name.as_str()) {
        bail!(
            "no bot `{}` for {}; there are: {}",
            args.name,
            rules.name(),
            rules.bot_names().join(", ")
        );
    }
    let seat = Seat(args.player);
    let dir = &args.game_dir;
    let (tx, rx) = mpsc::channel();
    let mut watcher = notify::recommended_watcher(move |e| {
        let _ = tx.send(e);
    })?;
    watcher
        .watch(dir, RecursiveMode::NonRecursive)
        .with_context(|| format!("cannot watch {}", dir.display()))?;
    let mut answered: Option<u64> = None;
    let mut last_change = Instant::now();
    loop {
        if let Some(status) = read_status(dir) {
            if let Some(outcome) = &status.outcome {
                match outcome.winner {
                    Some(w) if w == seat => {
                        println!("game over: this seat won ({})", outcome.reason)
                    }
                    Some(w) => println!("game over: {w} won ({})", outcome.reason),
                    None => println!("game over: a draw ({})", outcome.reason),
                }
                return Ok(ExitCode::SUCCESS);
            }
            let mine = status.awaiting.iter().find(|s| s.seat == seat);
            if let (Some(files), true) = (mine, answered != Some(status.turn)) {
                let view_name = files
                    .views
                    .first()
                    .context("status.json names no view file")?;
                let view = std::fs::read_to_string(dir.join(view_name))
                    .with_context(|| format!("cannot read {view_name}"))?;
                let (file, text) = rules.bot_answer(
                    &args.name,
                    seat,
                    view_name,
                    &view,
                    args.seed.wrapping_add(status.turn),
                )?;
                playfile::atomic_write(&dir.join(&file), text.as_bytes())?;
                println!("turn {}: wrote {file}", status.turn);
                answered = Some(status.turn);
            }
        }
        match rx.recv_timeout(Duration::from_millis(500)) {
            Ok(_) => last_change = Instant::now(),
            Err(_) if last_change.elapsed() > Duration::from_secs(args.idle_timeout) => {
                bail!(
                    "nothing changed in {} for {} s; giving up",
                    dir.display(),
                    args.idle_timeout
                )
            }
            Err(_) => {}
        }
    }
}

/// The folder's status, if it can be read (it is written atomically, so a
/// failure means it is not there yet).
fn read_status(dir: &std::path::Path) -> Option<Status> {
    let text = std::fs::read_to_string(dir.join("status.json")).ok()?;
    serde_json::from_str(&text).ok()
}
