//! Whole bot games per second (BENCHMARKS.md, "Tactics"): classic and Chaos,
//! a new seed each game, no record kept; a whole game through the engine's
//! `play_bots` (views and checks on the way); and re-running a recorded
//! Chaos game from its seed.

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use engine::Setup;
use tactics::game::GameKind;
use tactics::selfplay::play_bots;
use tactics::Tactics;

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("tactics whole game");
    group.sample_size(20);
    let cases: [(&str, GameKind, [&str; 2]); 5] = [
        (
            "classic greedy vs random",
            GameKind::Classic,
            ["greedy", "random"],
        ),
        (
            "classic greedy vs greedy",
            GameKind::Classic,
            ["greedy", "greedy"],
        ),
        (
            "classic random vs random",
            GameKind::Classic,
            ["random", "random"],
        ),
        ("chaos greedy x4", GameKind::Chaos, ["greedy", "greedy"]),
        ("chaos random x4", GameKind::Chaos, ["random", "random"]),
    ];
    for (name, kind, bots) in cases {
        let mut seed = 0u64;
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                play_bots(kind, seed, &bots, 20_000, false).expect("a bot game")
            })
        });
    }
    let rules = Arc::new(Tactics);
    let mut seed = 0u64;
    group.bench_function("classic greedy vs random through engine::play_bots", |b| {
        b.iter(|| {
            seed += 1;
            let setup = Setup {
                scenario: "classic".into(),
                seed,
                ..Setup::default()
            };
            engine::play_bots(rules.clone(), setup, &["greedy", "random"], 20_000)
                .expect("a bot game")
        })
    });
    group.finish();
}

fn rerun(c: &mut Criterion) {
    let played = play_bots(GameKind::Chaos, 7, &["greedy"], 20_000, true).expect("a bot game");
    let log = played.log.expect("kept");
    let text = log
        .record_json(&played.game, Some("2026-01-01T00:00:00.000Z"), Some(7))
        .to_string();
    let turns = played.game.turn + 1;
    c.bench_function(
        &format!("tactics rerun a {turns}-turn chaos record from its seed"),
        |b| b.iter(|| tactics::rerun_text(&text, None).expect("a record")),
    );
}

criterion_group!(benches, games, rerun);
criterion_main!(benches);
