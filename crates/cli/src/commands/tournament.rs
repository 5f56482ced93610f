//! `orderly tournament RULESET`: built-in bots play many games in parallel.

use std::process::ExitCode;

use anyhow::Context;
use indicatif::{ProgressBar, ProgressStyle};

use crate::registry;

#[derive(clap::Args)]
pub struct Args {
    /// The ruleset (ttrts, ...).
    ruleset: String,
    /// The map or scenario: a bundled name or a file (default: the
    /// ruleset's own default).
    #[arg(long)]
    map: Option<String>,
    /// Bots, comma-separated; they rotate over the seats from game to game
    /// (default: all of the ruleset's bots).
    #[arg(long, value_delimiter = ',')]
    bots: Vec<String>,
    #[arg(long, default_value_t = 100)]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long, default_value_t = 0)]
    jobs: usize,
    /// A game still going after this many turns counts as a draw.
    #[arg(long, default_value_t = 500)]
    max_turns: u64,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let rules = registry::find(&args.ruleset)?;
    let map = args
        .map
        .unwrap_or_else(|| rules.default_scenario().to_string());
    let text = match std::path::Path::new(&map).is_file() {
        true => Some(std::fs::read_to_string(&map).with_context(|| format!("cannot read {map}"))?),
        false => None,
    };
    let plan = tournament::Plan {
        scenario: map.clone(),
        text,
        bots: if args.bots.is_empty() {
            rules.bot_names().iter().map(|b| b.to_string()).collect()
        } else {
            args.bots
        },
        games: args.games,
        seed: args.seed,
        max_turns: args.max_turns,
        jobs: args.jobs,
    };
    let bar = ProgressBar::new(plan.games);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games {per_sec} eta {eta}")
            .expect("a valid template"),
    );
    let summary = tournament::run(&*rules, &plan, &|_| bar.inc(1))?;
    bar.finish_and_clear();
    println!(
        "{} games of {} on {map}, {} threads, seeds {}..{}",
        summary.games,
        rules.name(),
        if plan.jobs == 0 {
            rayon_threads()
        } else {
            plan.jobs
        },
        plan.seed,
        plan.seed + plan.games.saturating_sub(1)
    );
    for (bot, wins) in &summary.wins {
        println!(
            "  {bot:<10} {wins:>7} wins ({:.1}%)",
            pct(*wins, summary.games)
        );
    }
    println!(
        "  {:<10} {:>7}      ({:.1}%, of which {} stopped at {} turns)",
        "draws",
        summary.draws,
        pct(summary.draws, summary.games),
        summary.unfinished,
        plan.max_turns
    );
    println!(
        "{:.1} games/s, {:.0} turns/s, {:.2} s",
        summary.games_per_second(),
        summary.turns as f64 / summary.elapsed.as_secs_f64().max(1e-9),
        summary.elapsed.as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

fn pct(n: u64, of: u64) -> f64 {
    100.0 * n as f64 / of.max(1) as f64
}

fn rayon_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}
