//! Turn resolution speed (BENCHMARKS.md, "ttrts"): one turn of random
//! orders on the bundled maps, from the same state each time.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use engine::{GameRng, Ruleset, Seat, Setup};
use ttrts::{bots, Ttrts};

fn turn_on(c: &mut Criterion, map: &str) {
    let rules = Ttrts;
    let setup = Setup {
        scenario: map.into(),
        ..Setup::default()
    };
    let mut rng = GameRng::from_seed(1);
    let mut state = rules.setup(&setup, &mut rng).expect("bundled map");
    // Play a few turns first so the board has walls and contacts.
    let mut bot = bots::bot("random").expect("bot");
    let mut play = |state: &mut ttrts::State, rng: &mut GameRng| {
        let orders: Vec<(Seat, ttrts::Orders)> = rules
            .awaiting(state)
            .into_iter()
            .map(|s| (s, bot.orders(&rules, state, s, rng)))
            .collect();
        orders
    };
    for _ in 0..5 {
        let o = play(&mut state, &mut rng);
        rules.resolve(&mut state, &o, &mut rng, None);
    }
    let orders = play(&mut state, &mut rng);
    c.bench_function(&format!("ttrts resolve {map}"), |b| {
        b.iter_batched_ref(
            || state.clone(),
            |s| rules.resolve(s, &orders, &mut GameRng::from_seed(0), None),
            BatchSize::SmallInput,
        )
    });
}

fn benches(c: &mut Criterion) {
    for map in ["Skirmish50", "Battle200"] {
        turn_on(c, map);
    }
}

criterion_group!(resolve, benches);
criterion_main!(resolve);
