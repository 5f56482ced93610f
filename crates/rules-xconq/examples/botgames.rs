//! Plays many seeded games between built-in bots and says how many ended,
//! how long a turn took and how much of it the bots spent (the quick loop
//! behind the figures in BENCHMARKS.md):
//! `cargo run --release -p orderly-xconq --example botgames -- SCENARIO
//! SIDES GAMES [BOT BOT] [LIB]`; seats alternate between the two bots.

use std::sync::Arc;
use std::time::{Duration, Instant};

use engine::{Match, Ruleset, Setup};
use xconq::Xconq;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let scenario = args.get(1).cloned().unwrap_or_else(|| "standard".into());
    let sides: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(2);
    let games: u64 = args.get(3).and_then(|s| s.parse().ok()).unwrap_or(20);
    let names = [
        args.get(4).cloned().unwrap_or_else(|| "greedy".into()),
        args.get(5).cloned().unwrap_or_else(|| "greedy".into()),
    ];
    let lib = args
        .get(6)
        .cloned()
        .unwrap_or_else(|| "../shared/corpus/xconq/lib".into());
    let rules = Arc::new(Xconq::new(xconq::library::Library::with_dirs([lib.into()])));
    let (mut ended, mut turns, mut total, mut in_bots) = (0, 0u64, Duration::ZERO, Duration::ZERO);
    let mut unfinished = Vec::new();
    for seed in 1..=games {
        let mut setup = Setup {
            scenario: scenario.clone(),
            seed,
            ..Setup::default()
        };
        if scenario == "standard" {
            setup.options.insert("sides".into(), sides.into());
        }
        let start = Instant::now();
        let mut m = Match::start(rules.clone(), setup, false, None).expect("the scenario sets up");
        let seats = rules.seats(m.state()).len();
        let mut bots: Vec<_> = (0..seats)
            .map(|i| rules.bot(&names[i % 2]).expect("a bot"))
            .collect();
        let mut rng = engine::GameRng::from_seed(seed ^ 0x5eed);
        let mut played = 0;
        while played < 300 && m.outcome().is_none() {
            played += 1;
            for seat in m.awaiting() {
                let view = m.view(Some(seat));
                let t = Instant::now();
                let o = bots[seat.0].orders(&rules, &view, seat, &mut rng);
                in_bots += t.elapsed();
                m.submit(seat, o).expect("the bot's orders pass the check");
            }
            m.resolve(None);
        }
        total += start.elapsed();
        turns += played;
        match m.outcome() {
            Some(o) => {
                ended += 1;
                println!("seed {seed}: {played} turns, {}", o.reason);
            }
            None => {
                unfinished.push(seed);
                let g = m.state();
                let mut left = vec![std::collections::BTreeMap::new(); seats + 1];
                for u in g.state.units.iter().skip(1) {
                    if u.hp > 0 && !u.flushed && u.side <= seats {
                        *left[u.side]
                            .entry(g.rules.unit_names[u.utype].as_str())
                            .or_insert(0) += 1;
                    }
                }
                println!("seed {seed}: unfinished; units by side {left:?}");
            }
        }
    }
    println!(
        "{scenario} {sides} sides {}-vs-{}: {ended}/{games} ended within 300 turns, {turns} turns, {:.3} ms a turn ({:.3} ms in bots); unfinished {unfinished:?}",
        names[0],
        names[1],
        total.as_secs_f64() * 1e3 / turns as f64,
        in_bots.as_secs_f64() * 1e3 / turns as f64,
    );
}
