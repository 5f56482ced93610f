//! Whole bot games per second (BENCHMARKS.md, "TaE"): greedy against
//! random on the default board, two players, a new seed each game.

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion};
use engine::{play_bots, Setup};
use tae::Tae;

fn games(c: &mut Criterion) {
    let rules = Arc::new(Tae);
    let mut seed = 0u64;
    c.bench_function("tae whole game greedy vs random", |b| {
        b.iter(|| {
            seed += 1;
            let setup = Setup {
                scenario: "default".into(),
                seed,
                ..Setup::default()
            };
            play_bots(rules.clone(), setup, &["greedy", "random"], 1000).expect("default board")
        })
    });
}

criterion_group!(benches, games);
criterion_main!(benches);
