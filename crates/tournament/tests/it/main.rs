//! Tournaments of the toy ruleset (sealed bids), the generic crates' test
//! game: results add up, a seed makes them repeatable, bad bots are named.

use engine::Setup;
use tournament::Plan;

fn plan(games: u64, bots: &[&str]) -> Plan {
    Plan {
        setup: Setup::default(),
        bots: bots.iter().map(|b| b.to_string()).collect(),
        games,
        seed: 7,
        max_turns: 100,
        jobs: 2,
    }
}

#[test]
fn every_game_is_a_win_or_a_draw_and_seeds_make_it_repeatable() {
    let rules = toy::plugin().rules;
    let a = tournament::run(&*rules, &plan(40, &["greedy", "random"]), &|_| {}).unwrap();
    assert_eq!(a.games, 40);
    assert_eq!(a.wins.values().sum::<u64>() + a.draws, 40);
    assert_eq!(a.unfinished, 0, "sealed bids always ends");
    let b = tournament::run(&*rules, &plan(40, &["greedy", "random"]), &|_| {}).unwrap();
    assert_eq!((a.wins, a.draws), (b.wins, b.draws));
}

#[test]
fn unknown_bots_are_named() {
    let rules = toy::plugin().rules;
    let err = tournament::run(&*rules, &plan(1, &["clever"]), &|_| {}).unwrap_err();
    assert!(err.message.contains("greedy, random"), "{err}");
}
