//! Speed of the rules (see BENCHMARKS.md): the tier-2 replay of the standard
//! fixture (rules alone, per action), a tier-1 intro replay, 100 turns of
//! intro between greedy bots (bots included, per turn), and 100 turns of
//! standard on a synthesised 60x30 world with 2 and 7 greedy sides (bots
//! included; the world is made once, outside the timing, and each run
//! starts from a copy of it). Needs `../shared`; without it the benchmarks
//! say so and measure nothing.

use std::path::PathBuf;
use std::sync::Arc;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use engine::{play_bots, Bot, GameRng, Ruleset, Seat, Setup};
use xconq::Xconq;

fn shared() -> Option<PathBuf> {
    let p = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus"
    ));
    if p.is_dir() {
        Some(p)
    } else {
        eprintln!("skipped: ../shared/corpus is not beside the project");
        None
    }
}

fn benches(c: &mut Criterion) {
    let Some(corpus) = shared() else { return };
    let lib = vec![corpus.join("xconq/lib")];
    for name in ["standard-ai-s3", "intro-scripted-s3"] {
        let dir = corpus.join("xconq-play").join(name);
        c.bench_function(&format!("replay {name}"), |b| {
            b.iter(|| xconq::replay::replay(&dir, &lib).unwrap())
        });
    }
    let rules = Arc::new(Xconq::new(xconq::library::Library::with_dirs(lib)));
    let mut g = c.benchmark_group("bots");
    g.sample_size(10);
    g.bench_function("intro greedy vs greedy, 100 turns", |b| {
        b.iter(|| {
            let setup = Setup {
                scenario: "intro".into(),
                seed: 1,
                ..Setup::default()
            };
            play_bots(rules.clone(), setup, &["greedy"], 100).unwrap()
        })
    });
    for sides in [2u64, 7] {
        let setup = Setup {
            scenario: "standard".into(),
            seed: 1,
            options: serde_json::json!({ "sides": sides })
                .as_object()
                .cloned()
                .unwrap(),
            ..Setup::default()
        };
        let start = rules.setup(&setup, &mut GameRng::from_seed(1)).unwrap();
        let turns = std::cell::Cell::new(0u64);
        g.bench_function(format!("standard greedy, {sides} sides, 100 turns"), |b| {
            b.iter_batched(
                || start.clone(),
                |mut game| turns.set(hundred_turns(&rules, &mut game)),
                BatchSize::LargeInput,
            )
        });
        eprintln!(
            "standard, {sides} sides: {} turns played per run",
            turns.get()
        );
        // The rules alone: the same world, every side sending no orders
        // (start and end phases, economy, vision; the bots' share is the
        // difference from the figure above).
        g.bench_function(
            format!("standard rules only, {sides} sides, 100 turns"),
            |b| {
                b.iter_batched(
                    || start.clone(),
                    |mut game| {
                        let mut rng = GameRng::from_seed(7);
                        for _ in 0..100 {
                            let orders: Vec<_> = rules
                                .awaiting(&game)
                                .into_iter()
                                .map(|seat| (seat, Default::default()))
                                .collect();
                            rules.resolve(&mut game, &orders, &mut rng, None);
                        }
                        game
                    },
                    BatchSize::LargeInput,
                )
            },
        );
    }
    g.finish();
}

/// Up to 100 turns of greedy bots on every side; the turns played.
fn hundred_turns(rules: &Xconq, game: &mut xconq::Game) -> u64 {
    let mut rng = GameRng::from_seed(7);
    let seats = rules.seats(game).len();
    let mut bots: Vec<Box<dyn Bot<Xconq>>> =
        (0..seats).map(|_| rules.bot("greedy").unwrap()).collect();
    let mut played = 0;
    for _ in 0..100 {
        if rules.outcome(game).is_some() {
            break;
        }
        let orders: Vec<_> = rules
            .awaiting(game)
            .into_iter()
            .map(|seat: Seat| {
                let view = rules.view(game, Some(seat));
                (seat, bots[seat.0].orders(rules, &view, seat, &mut rng))
            })
            .collect();
        rules.resolve(game, &orders, &mut rng, None);
        played += 1;
    }
    played
}

criterion_group!(all, benches);
criterion_main!(all);
