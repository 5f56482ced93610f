//! `orderly bot RULESET --player P GAMEDIR`: a built-in bot playing one seat
//! of a game folder by files, as any outside program would: it reads the
//! folder's `status.json` and its view file, and writes its orders file
//! (write-then-rename). It waits with file-system notifications.
//!
//! `orderly bot --server URL --game ID --token T`: the same bot playing a
//! seat of a hosted game over HTTP (the client crate does the talking; the
//! server crate is not needed for it).

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use engine::Seat;
use notify::{RecursiveMode, Watcher};
use playfile::Status;

#[derive(clap::Args)]
pub struct Args {
    /// The ruleset of the game (`orderly rulesets` lists them); folder mode
    /// only.
    #[arg(required_unless_present = "server")]
    ruleset: Option<String>,
    /// The seat to play, counted from 0 (status.json lists the seats);
    /// folder mode only.
    #[arg(long, required_unless_present = "server")]
    player: Option<usize>,
    /// The game folder; folder mode only.
    #[arg(required_unless_present = "server", conflicts_with = "server")]
    game_dir: Option<PathBuf>,
    /// Play a hosted game on this server (http://HOST:PORT) instead.
    #[arg(long, requires_all = ["game", "token"])]
    server: Option<String>,
    /// The hosted game's id.
    #[arg(long, requires = "server")]
    game: Option<String>,
    /// The seat's token.
    #[arg(long, requires = "server")]
    token: Option<String>,
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
    if let (Some(server), Some(game), Some(token)) = (&args.server, &args.game, &args.token) {
        let played = client::bot::play(
            server,
            game,
            token,
            &args.name,
            Duration::from_secs(args.idle_timeout),
        )?;
        println!(
            "game over after {} orders from seat {}: {}",
            played.orders_sent, played.seat, played.outcome
        );
        return Ok(ExitCode::SUCCESS);
    }
    let (Some(ruleset), Some(player), Some(dir)) = (&args.ruleset, args.player, &args.game_dir)
    else {
        bail!("give RULESET --player P GAMEDIR, or --server URL --game ID --token T");
    };
    let rules = registry::find(ruleset)?;
    if !rules.bot_names().contains(&args.name.as_str()) {
        bail!(
            "no bot `{}` for {}; there are: {}",
            args.name,
            rules.name(),
            rules.bot_names().join(", ")
        );
    }
    let seat = Seat(player);
    if !dir.is_dir() {
        bail!(
            "{} is not a game folder; start the game first (`orderly play {} ...`) and give its folder",
            dir.display(),
            rules.name()
        );
    }
    let (tx, rx) = mpsc::channel();
    let mut watcher = notify::recommended_watcher(move |e| {
        let _ = tx.send(e);
    })?;
    watcher
        .watch(dir, RecursiveMode::NonRecursive)
        .map_err(|e| anyhow::anyhow!("cannot watch {}: {e}", dir.display()))?;
    let mut answered: Option<u64> = None;
    let mut last_change = Instant::now();
    loop {
        if let Some(status) = read_status(dir) {
            if let Some(outcome) = &status.outcome {
                let seats: Vec<engine::SeatInfo> = status
                    .seats
                    .iter()
                    .map(|name| engine::SeatInfo {
                        name: name.clone(),
                        extra: Default::default(),
                    })
                    .collect();
                println!("game over: {}", outcome.summary(&seats));
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
