//! Bot-vs-bot tournaments for any ruleset: N games in parallel (rayon), each
//! with its own seed, bots rotated over the seats from game to game so every
//! bot plays every seat equally often. Games are played through the engine's
//! typed bot loop (no records, no JSON), so throughput is the rules' own.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use engine::{DynRuleset, Setup, SetupError};
use rayon::prelude::*;

/// What to play.
#[derive(Debug, Clone)]
pub struct Plan {
    /// What every game starts from (its seed aside): scenario, players,
    /// options.
    pub setup: Setup,
    /// Bot names; seat `s` of game `g` gets `bots[(s + g) % bots.len()]`.
    pub bots: Vec<String>,
    pub games: u64,
    pub seed: u64,
    /// A game still going after this many turns is a draw.
    pub max_turns: u64,
    /// Worker threads; 0 means one per core.
    pub jobs: usize,
}

/// The results.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    /// Wins per bot name (a bot on several seats counts once per win).
    pub wins: BTreeMap<String, u64>,
    pub draws: u64,
    /// Games stopped at the turn limit (counted in `draws` too).
    pub unfinished: u64,
    pub games: u64,
    pub turns: u64,
    pub elapsed: Duration,
}

impl Summary {
    pub fn games_per_second(&self) -> f64 {
        self.games as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

/// One game's result: the winning bot's name, whether the turn limit
/// stopped it, and how many turns it took.
type GameResult = (Option<String>, bool, u64);

/// Plays the tournament. `progress` is called after each game with the
/// number of games finished so far.
pub fn run(
    rules: &dyn DynRuleset,
    plan: &Plan,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Summary, SetupError> {
    if plan.bots.is_empty() {
        return Err(SetupError::at("--bots", "name at least one bot"));
    }
    for b in &plan.bots {
        if !rules.bot_names().contains(&b.as_str()) {
            return Err(SetupError::at(
                "--bots",
                format!(
                    "no bot `{b}` for {}; there are: {}",
                    rules.name(),
                    rules.bot_names().join(", ")
                ),
            ));
        }
    }
    // Fail early, once, on a bad map rather than in every game.
    rules.start(setup_for(plan, 0), false, None)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(plan.jobs)
        .build()
        .map_err(|e| SetupError::at("--jobs", e.to_string()))?;
    let done = AtomicU64::new(0);
    let start = Instant::now();
    let results: Vec<Result<GameResult, SetupError>> = pool.install(|| {
        (0..plan.games)
            .into_par_iter()
            .map(|g| {
                let names: Vec<&str> = (0..plan.bots.len())
                    .map(|s| plan.bots[(s + g as usize) % plan.bots.len()].as_str())
                    .collect();
                let game = rules.play_bots(setup_for(plan, g), &names, plan.max_turns)?;
                progress(done.fetch_add(1, Ordering::Relaxed) + 1);
                let winner = game
                    .outcome
                    .as_ref()
                    .and_then(|o| o.winner)
                    .map(|seat| names[seat.0 % names.len()].to_string());
                Ok((winner, game.outcome.is_none(), game.turns))
            })
            .collect()
    });
    let mut summary = Summary {
        elapsed: start.elapsed(),
        ..Summary::default()
    };
    for b in &plan.bots {
        summary.wins.entry(b.clone()).or_insert(0);
    }
    for r in results {
        let (winner, unfinished, turns) = r?;
        summary.games += 1;
        summary.turns += turns;
        match winner {
            Some(name) => *summary.wins.entry(name).or_insert(0) += 1,
            None => summary.draws += 1,
        }
        summary.unfinished += u64::from(unfinished);
    }
    Ok(summary)
}

fn setup_for(plan: &Plan, game: u64) -> Setup {
    Setup {
        seed: plan.seed.wrapping_add(game),
        ..plan.setup.clone()
    }
}
