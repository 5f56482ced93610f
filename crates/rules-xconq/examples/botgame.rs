//! Plays one game between two built-in bots and prints how it went, every
//! 25 turns: `cargo run -p orderly-xconq --example botgame -- SEED [BOT BOT]
//! [LIB]`; the scenario is `intro` unless `XCONQ_SCENARIO` names another.

use std::sync::Arc;

use engine::{Match, Ruleset, Setup};
use xconq::Xconq;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let names = [
        args.get(2).cloned().unwrap_or_else(|| "greedy".into()),
        args.get(3).cloned().unwrap_or_else(|| "greedy".into()),
    ];
    let lib = args
        .get(4)
        .cloned()
        .unwrap_or_else(|| "../shared/corpus/xconq/lib".into());
    let rules = Arc::new(Xconq::new(xconq::library::Library::with_dirs([lib.into()])));
    let setup = Setup {
        scenario: std::env::var("XCONQ_SCENARIO").unwrap_or_else(|_| "intro".into()),
        seed,
        ..Setup::default()
    };
    let mut m = Match::start(rules.clone(), setup, false, None).expect("the scenario sets up");
    let mut bots: Vec<_> = names.iter().map(|n| rules.bot(n).expect("a bot")).collect();
    let mut rng = engine::GameRng::from_seed(seed);
    let trace: Vec<i32> = std::env::var("BOTGAME_TRACE")
        .ok()
        .map(|s| s.split(',').filter_map(|t| t.parse().ok()).collect())
        .unwrap_or_default();
    for turn in 0..300 {
        if m.outcome().is_some() {
            break;
        }
        for seat in m.awaiting() {
            let view = m.view(Some(seat));
            let o = bots[seat.0].orders(&rules, &view, seat, &mut rng);
            if trace.contains(&view.turn)
                && seat.0
                    == std::env::var("BOTGAME_SEAT")
                        .ok()
                        .and_then(|s| s.parse().ok())
                        .unwrap_or(0)
            {
                let unseen: usize = view
                    .terrain
                    .iter()
                    .map(|r| {
                        r.bytes()
                            .filter(|&c| c == b'?' || !c.is_ascii_lowercase())
                            .count()
                    })
                    .sum();
                let foes: Vec<_> = view
                    .units
                    .iter()
                    .filter(|u| u.side != view.side)
                    .map(|u| format!("{}{}@{},{}", u.utype, u.side, u.x, u.y))
                    .collect();
                println!(
                    "T{} unseen/non-terrain chars {} foes seen {:?}",
                    view.turn, unseen, foes
                );
                for u in &view.own {
                    if std::env::var("BOTGAME_TYPES").map_or(u.utype == "troop-transport", |t| {
                        t.split(',').any(|t| t == u.utype)
                    }) {
                        let mine: Vec<_> = o
                            .orders
                            .iter()
                            .filter(|x| x.unit == u.id)
                            .map(|x| format!("{} {:?}", x.action, x.args))
                            .collect();
                        println!(
                            "  {} {} at {},{} in {} acp {} supply {:?} occ {} orders {:?}",
                            u.utype,
                            u.id,
                            u.x,
                            u.y,
                            u.transport,
                            u.acp,
                            u.supply,
                            u.occupants.len(),
                            mine
                        );
                    }
                }
            }
            let _ = m.submit(seat, o);
        }
        m.resolve(None);
        if turn % 25 == 0 {
            let g = m.state();
            let count = |side: usize| {
                let mut by_type = std::collections::BTreeMap::new();
                for u in g
                    .state
                    .units
                    .iter()
                    .skip(1)
                    .filter(|u| u.hp > 0 && !u.flushed && u.side == side)
                {
                    *by_type
                        .entry(g.rules.unit_names[u.utype].clone())
                        .or_insert(0) += 1;
                }
                by_type
            };
            println!(
                "turn {}: side 1 {:?}; side 2 {:?}; independents {:?}",
                g.state.turn,
                count(1),
                count(2),
                count(0)
            );
        }
    }
    println!("{:?}", m.outcome());
    if std::env::var_os("BOTGAME_WHERE").is_some() {
        let g = m.state();
        for u in g
            .state
            .units
            .iter()
            .skip(1)
            .filter(|u| u.hp > 0 && !u.flushed && u.side == 1)
        {
            println!(
                "side 1 {} {} at ({}, {}) in {} acp {} supply {:?}",
                u.id, g.rules.unit_names[u.utype], u.x, u.y, u.transport, u.acp, u.supply
            );
        }
        println!("{}", xconq::files::board_text(g));
    }
}
