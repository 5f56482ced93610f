//! The standard-game benchmark of BENCHMARKS.md as one process, for quick
//! runs and callgrind: the world of `benches/games.rs` (60x30, seed 1,
//! made by `setup` with `GameRng` seed 1), then 100 turns of greedy bots on
//! every side (`GameRng` seed 7), timing views, bots and the rules apart:
//! `cargo run --release -p orderly-xconq --example botgame_bench -- SIDES
//! [RUNS] [LIB]`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use engine::{Bot, GameRng, Ruleset, Seat, Setup};
use xconq::Xconq;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let sides: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(2);
    let runs: u32 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
    let lib = args
        .get(3)
        .cloned()
        .unwrap_or_else(|| "../shared/corpus/xconq/lib".into());
    let rules = Arc::new(Xconq::new(xconq::library::Library::with_dirs([lib.into()])));
    let setup = Setup {
        scenario: "standard".into(),
        seed: 1,
        options: serde_json::json!({ "sides": sides })
            .as_object()
            .cloned()
            .expect("an object"),
        ..Setup::default()
    };
    let start = rules
        .setup(&setup, &mut GameRng::from_seed(1))
        .expect("the world is made");
    let mut best = [Duration::MAX; 4];
    let mut fingerprint = String::new();
    for _ in 0..runs {
        let mut game = start.clone();
        let mut rng = GameRng::from_seed(7);
        let seats = rules.seats(&game).len();
        let mut bots: Vec<Box<dyn Bot<Xconq>>> = (0..seats)
            .map(|_| rules.bot("greedy").expect("greedy"))
            .collect();
        let (mut views, mut in_bots, mut resolve) =
            (Duration::ZERO, Duration::ZERO, Duration::ZERO);
        let all = Instant::now();
        let mut played = 0;
        for _ in 0..100 {
            if rules.outcome(&game).is_some() {
                break;
            }
            let mut orders = Vec::new();
            for seat in rules.awaiting(&game) {
                let t = Instant::now();
                let view = rules.view(&game, Some(seat));
                views += t.elapsed();
                let t = Instant::now();
                orders.push((
                    seat,
                    bots[seat.0].orders(&rules, &view, seat as Seat, &mut rng),
                ));
                in_bots += t.elapsed();
            }
            let t = Instant::now();
            rules.resolve(&mut game, &orders, &mut rng, None);
            resolve += t.elapsed();
            played += 1;
        }
        let total = all.elapsed();
        assert_eq!(played, 100, "the game ended early");
        // What the game came to, so runs of two builds can be compared.
        let units = game.state.units.iter().filter(|u| u.hp > 0).count();
        fingerprint = format!("generator at {}, {units} units alive", game.state.rng.rs);
        for (b, d) in best.iter_mut().zip([total, views, in_bots, resolve]) {
            *b = (*b).min(d);
        }
    }
    let ms = |d: Duration| d.as_secs_f64() * 1e3 / 100.0;
    println!(
        "standard, {sides} sides, 100 turns, best of {runs}: {:.3} ms a turn (views {:.3}, bots {:.3}, rules {:.3})",
        ms(best[0]),
        ms(best[1]),
        ms(best[2]),
        ms(best[3])
    );
    println!("at the end: {fingerprint}");
}
