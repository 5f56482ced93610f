//! Turn resolution speed (BENCHMARKS.md, "ttrts"): one turn of bot orders
//! from the same state each time, on the bundled large maps, and on
//! generated boards to show how the cost grows with units and board size.

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};
use engine::{GameRng, Ruleset, Seat};
use ttrts::format::{read_map, write_state};
use ttrts::{bots, maps, Orders, State, Ttrts};

/// A state after a few turns of play, and the next turn's orders.
fn position(mut state: State, bot: &str) -> (State, Vec<(Seat, Orders)>) {
    let rules = Ttrts;
    let mut rng = GameRng::from_seed(1);
    let mut player = bots::bot(bot).expect("bot");
    let mut orders = |state: &State, rng: &mut GameRng| -> Vec<(Seat, Orders)> {
        rules
            .awaiting(state)
            .into_iter()
            .map(|s| (s, player.orders(&rules, state, s, rng)))
            .collect()
    };
    for _ in 0..5 {
        let o = orders(&state, &mut rng);
        rules.resolve(&mut state, &o, &mut rng, None);
    }
    let o = orders(&state, &mut rng);
    (state, o)
}

/// A `size`x`size` board with `units` units, half each side, facing each
/// other, in columns near the west and east edges.
fn generated(size: u16, units: u16) -> State {
    let mut text = format!(
        "==== ttrts v0.4.0 ====\nNAME:Gen\nSIZE:[{size},{size}]\nTURN:0\nWALL:NONE\n~~~~\n"
    );
    let per_col = size / 2;
    for k in 0..units / 2 {
        let (col, row) = (k / per_col, k % per_col);
        text += &format!(
            "UNIT:{} pl:0 vs:> dr:E ps:[{},{}]\n",
            2 * k + 1,
            1 + 2 * col,
            2 * row
        );
        text += &format!(
            "UNIT:{} pl:1 vs:< dr:W ps:[{},{}]\n",
            2 * k + 2,
            size - 2 - 2 * col,
            2 * row + 1
        );
    }
    text += "END";
    read_map(text.as_bytes()).expect("generated map").0
}

fn bench_turn(c: &mut Criterion, name: &str, state: State, bot: &str) {
    let (state, orders) = position(state, bot);
    c.bench_function(name, |b| {
        b.iter_batched_ref(
            || state.clone(),
            |s| Ttrts.resolve(s, &orders, &mut GameRng::from_seed(0), None),
            BatchSize::SmallInput,
        )
    });
}

/// A whole 100-turn game of random orders, replayed from its first state:
/// the figure to divide by 100 for the mean cost of a turn as games go
/// (boards fill with walls, units die).
fn bench_game(c: &mut Criterion, map: &str) {
    let rules = Ttrts;
    let start = maps::bundled(map).expect("bundled");
    let mut state = start.clone();
    let mut rng = GameRng::from_seed(1);
    let mut player = bots::bot("random").expect("bot");
    let mut turns = vec![];
    for _ in 0..100 {
        let o: Vec<(Seat, Orders)> = rules
            .awaiting(&state)
            .into_iter()
            .map(|s| (s, player.orders(&rules, &state, s, &mut rng)))
            .collect();
        rules.resolve(&mut state, &o, &mut rng, None);
        turns.push(o);
    }
    c.bench_function(&format!("ttrts 100 turns {map} random"), |b| {
        b.iter_batched(
            || start.clone(),
            |mut s| {
                for o in &turns {
                    rules.resolve(&mut s, o, &mut GameRng::from_seed(0), None);
                }
                s
            },
            BatchSize::SmallInput,
        )
    });
}

fn benches(c: &mut Criterion) {
    bench_game(c, "Skirmish50");
    bench_game(c, "Battle200");
    for map in ["Skirmish50", "Battle200"] {
        for bot in ["random", "greedy"] {
            let state = maps::bundled(map).expect("bundled");
            bench_turn(c, &format!("ttrts turn {map} {bot}"), state, bot);
        }
    }
    let mut by_units = c.benchmark_group("ttrts turn by units (200x200, random)");
    for units in [50u16, 100, 200, 400, 800] {
        let (state, orders) = position(generated(200, units), "random");
        by_units.bench_with_input(BenchmarkId::from_parameter(units), &units, |b, _| {
            b.iter_batched_ref(
                || state.clone(),
                |s| Ttrts.resolve(s, &orders, &mut GameRng::from_seed(0), None),
                BatchSize::SmallInput,
            )
        });
    }
    by_units.finish();
    let mut by_size = c.benchmark_group("ttrts turn by board size (100 units, random)");
    for size in [50u16, 100, 200, 400, 800] {
        let (state, orders) = position(generated(size, 100), "random");
        by_size.bench_with_input(BenchmarkId::from_parameter(size), &size, |b, _| {
            b.iter_batched_ref(
                || state.clone(),
                |s| Ttrts.resolve(s, &orders, &mut GameRng::from_seed(0), None),
                BatchSize::SmallInput,
            )
        });
    }
    by_size.finish();
    // Writing the state file is part of every turn played by files.
    let (state, _) = position(maps::bundled("Battle200").expect("bundled"), "random");
    c.bench_function("ttrts write Turn file Battle200", |b| {
        b.iter(|| write_state(&state))
    });
}

criterion_group!(resolve, benches);
criterion_main!(resolve);
