//! Battle turns per second: the bundled `duel` played by two `closer` bots,
//! measured per resolved turn (orders from the bots included, as in a
//! tournament), and one whole bot-vs-bot game.

use std::sync::Arc;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use engine::{play_bots, GameRng, Ruleset, Seat, Setup};
use fullthrust::FullThrust;

fn setup(seed: u64) -> Setup {
    Setup {
        scenario: "duel".into(),
        seed,
        ..Setup::default()
    }
}

fn bench(c: &mut Criterion) {
    let rules = FullThrust;
    let mut rng = GameRng::from_seed(1);
    let start = rules.setup(&setup(1), &mut rng).expect("bundled scenario");
    let mut g = c.benchmark_group("fullthrust");
    g.sample_size(20);
    g.throughput(Throughput::Elements(1));
    g.bench_function("resolve one turn of duel (closer vs closer)", |b| {
        let mut bots = [rules.bot("closer").unwrap(), rules.bot("closer").unwrap()];
        let orders: Vec<_> = (0..2)
            .map(|s| {
                let view = rules.view(&start, Some(Seat(s)));
                (Seat(s), bots[s].orders(&rules, &view, Seat(s), &mut rng))
            })
            .collect();
        b.iter(|| {
            let mut state = start.clone();
            let mut log = Vec::new();
            rules.resolve(&mut state, &orders, &mut rng, Some(&mut log));
            state
        })
    });
    g.bench_function("whole duel game (closer vs closer)", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            play_bots(
                Arc::new(FullThrust),
                setup(seed),
                &["closer", "closer"],
                200,
            )
            .expect("game runs")
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
