//! Bot games of intro through the engine (spec §15, §18.3): they end, the
//! invariants hold after every turn, and no seat's view shows a unit its
//! side has not seen.

use std::sync::Arc;

use engine::{play_bots, Match, Ruleset, Seat, Setup};
use xconq::Xconq;

use super::shared_lib;

fn setup(seed: u64) -> Setup {
    Setup {
        scenario: "intro".into(),
        seed,
        ..Setup::default()
    }
}

/// Greedy bots end most intro games within 300 turns; a game where two
/// equal fronts grind each other down may run longer.
#[test]
fn greedy_bots_finish_intro_games() {
    let Some(lib) = shared_lib() else { return };
    let rules = Arc::new(Xconq::new(xconq::library::Library::with_dirs([lib])));
    let mut finished = 0;
    let seeds = 1..=6;
    for seed in seeds.clone() {
        let g = play_bots(rules.clone(), setup(seed), &["greedy"], 300).unwrap();
        if let Some(o) = g.outcome {
            finished += 1;
            assert!(o.winner.is_some(), "seed {seed}: {o:?}");
        }
        println!("seed {seed}: {} turns", g.turns);
    }
    assert!(
        finished >= 5,
        "{finished} of {} games ended within 300 turns",
        seeds.count()
    );
}

#[test]
fn random_against_greedy_plays_without_breaking_invariants() {
    let Some(lib) = shared_lib() else { return };
    let rules = Arc::new(Xconq::new(xconq::library::Library::with_dirs([lib])));
    for seed in [7, 8] {
        let mut m = Match::start(rules.clone(), setup(seed), false, None).unwrap();
        let mut bots = [rules.bot("random").unwrap(), rules.bot("greedy").unwrap()];
        let mut rng = engine::GameRng::from_seed(seed);
        for _ in 0..120 {
            if m.outcome().is_some() {
                break;
            }
            for seat in m.awaiting() {
                let view = m.view(Some(seat));
                let o = bots[seat.0].orders(&rules, &view, seat, &mut rng);
                m.submit(seat, o)
                    .expect("bot orders pass the shallow check");
            }
            m.resolve(None);
            super::invariants::check(m.state());
            for seat in [Seat(0), Seat(1)] {
                super::invariants::no_fog_leak(m.state(), &m.view(Some(seat)), seat.0 + 1);
            }
        }
    }
}

/// Every corpus module that `support` says plays (docs/xconq-support.md)
/// sets up with someone to play it and is played a few turns by the greedy
/// bot without breaking an invariant or showing a seat what it has not
/// seen.
#[test]
fn the_playable_corpus_modules_play() {
    let Some(lib) = shared_lib() else { return };
    let rules = Arc::new(Xconq::new(xconq::library::Library::with_dirs(
        [lib.clone()],
    )));
    let table = xconq::support::support_table(std::slice::from_ref(&lib), &[]).unwrap();
    let names: Vec<&str> = table
        .iter()
        .filter_map(|line| line.strip_suffix(": plays"))
        .collect();
    // The count in docs/xconq-support.md: a change to it is a change to
    // what the project plays, and the docs say which.
    assert_eq!(names.len(), 20, "{names:?}");
    for name in names {
        let setup = Setup {
            scenario: name.into(),
            seed: 5,
            ..Setup::default()
        };
        let mut m = match Match::start(rules.clone(), setup, false, None) {
            Ok(m) => m,
            Err(e) => panic!("{name}: {e}"),
        };
        assert!(!m.awaiting().is_empty(), "{name}: no seat plays");
        super::greedy_turns(&rules, &mut m, 5, 5, name);
    }
}

/// A module that gives a world but no sides (a map made for games to
/// include) is refused with what it is, not played as an instant draw.
#[test]
fn a_world_without_sides_is_refused_as_a_map() {
    let err = super::setup_error(
        "map",
        "(unit-type a (acp-per-turn 1)) (terrain-type plains)\n\
         (world 4)\n(area 4 3 (terrain \"4a\" \"4a\" \"4a\"))\n",
    );
    assert!(err.contains("map") && err.contains("no sides"), "{err}");
}
