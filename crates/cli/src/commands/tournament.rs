//! `orderly tournament RULESET [SCENARIO]`: built-in bots play many games
//! in parallel; wins per bot.

use std::process::ExitCode;

use indicatif::{ProgressBar, ProgressStyle};

use super::table::{bots_or_all, Table};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    table: Table,
    /// Bots, comma-separated; they rotate over the seats from game to game
    /// (default: all of the ruleset's bots).
    #[arg(long, value_delimiter = ',')]
    bots: Vec<String>,
    /// How many games.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Worker threads; 0 means one per core.
    #[arg(long, default_value_t = 0)]
    jobs: usize,
    /// A game still going after this many turns counts as a draw.
    #[arg(long, default_value_t = super::MAX_TURNS, value_parser = clap::value_parser!(u64).range(1..))]
    max_turns: u64,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let rules = registry::find(&args.table.ruleset)?;
    let bots = bots_or_all(&*rules, args.bots)?;
    // One game set up first: a bad setup is told once, not once a game.
    let (setup, _) = args.table.start(&*rules, None, false)?;
    let scenario = setup.scenario.clone();
    let plan = tournament::Plan {
        setup,
        bots,
        games: args.games,
        seed: args.table.seed,
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
        "{} games of {} on {scenario}, {} threads, seeds {}..{}",
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
