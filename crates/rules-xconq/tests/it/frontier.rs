//! The project's own modules (built into the program, `games/xconq`): they
//! play with nothing beside the project, their pictures show each seat only
//! what it saw, and a record keeps the files it was read from.

use std::sync::Arc;

use engine::{play_bots, Match, Ruleset, Seat, Setup};
use xconq::library::Library;
use xconq::Xconq;

fn setup(seed: u64) -> Setup {
    Setup {
        scenario: "frontier".into(),
        seed,
        ..Setup::default()
    }
}

#[test]
fn frontier_plays_to_the_end_from_the_built_in_modules() {
    let rules = Arc::new(Xconq::default());
    let mut ended = 0;
    for seed in 1..=4 {
        let g = play_bots(rules.clone(), setup(seed), &["greedy"], 400).unwrap();
        println!("frontier seed {seed}: {} turns, {:?}", g.turns, g.outcome);
        if g.outcome.is_some_and(|o| o.winner.is_some()) {
            ended += 1;
        }
    }
    assert!(
        ended >= 3,
        "{ended} of 4 games had a winner within 400 turns"
    );
}

/// Resignation (D9, spec §12.4) through orders: to no one, the side loses
/// and its units stay on it; naming a side, they go over to that side
/// first. Either way the other seat wins that turn, the outcome says who
/// resigned, and the record of the game replays.
#[test]
fn a_resigning_side_loses_and_hands_its_units_only_to_a_side_it_names() {
    let rules = Arc::new(Xconq::default());
    let units_of = |g: &xconq::ruleset::Game, side: usize| {
        g.state
            .units
            .iter()
            .skip(1)
            .filter(|u| u.side == side && u.alive() && !u.flushed)
            .count()
    };
    for to in [None, Some(1)] {
        let mut m = Match::start(rules.clone(), setup(3), true, None).unwrap();
        let (ours, theirs) = (units_of(m.state(), 1), units_of(m.state(), 2));
        assert!(ours > 0 && theirs > 0);
        m.submit(Seat(0), Default::default()).unwrap();
        let resign = xconq::orders::Orders {
            resign: true,
            resign_to: to,
            ..Default::default()
        };
        m.submit(Seat(1), resign).unwrap();
        m.resolve(None);
        let o = m.outcome().expect("the game is over");
        assert_eq!(o.winner, Some(Seat(0)), "{to:?}: {o:?}");
        assert!(o.reason.ends_with(" resigned)"), "{o:?}");
        let g = m.state();
        assert_eq!(g.state.sides[2].status, -1);
        assert!(!g.state.sides[2].ingame);
        match to {
            None => assert_eq!(units_of(g, 2), theirs, "its units stay on it"),
            Some(_) => {
                assert_eq!(units_of(g, 2), 0, "its units went over");
                assert!(units_of(g, 1) >= ours + theirs, "{}", units_of(g, 1));
            }
        }
        let record = m.record().unwrap().clone();
        assert_eq!(
            engine::verify::verify(rules.clone(), &record).unwrap(),
            None
        );
    }
}

#[test]
fn pictures_show_each_seat_only_what_it_saw() {
    let rules = Arc::new(Xconq::default());
    let drawing = xconq::picture::Drawing;
    let mut m = Match::start(rules.clone(), setup(7), false, None).unwrap();
    let mut bots = [rules.bot("greedy").unwrap(), rules.bot("random").unwrap()];
    let mut rng = engine::GameRng::from_seed(7);
    let mut enemies_drawn = 0;
    for _ in 0..60 {
        if m.outcome().is_some() {
            break;
        }
        for seat in [Seat(0), Seat(1)] {
            let view = m.view(Some(seat));
            let json = serde_json::to_value(&view).unwrap();
            let svg = render::view_svg(&drawing, &json).unwrap();
            let side = seat.0 + 1;
            let vision = &m.state().state.sides[side].vision;
            for id in super::drawn_units(&svg) {
                let own = m.state().state.unit(id).side == side;
                assert!(
                    own || vision.views.contains_key(&id),
                    "turn {}: seat {seat} is shown unit {id}",
                    m.turn()
                );
                enemies_drawn += usize::from(!own);
            }
            super::invariants::no_fog_leak(m.state(), &view, side);
        }
        let spectator = serde_json::to_value(m.view(None)).unwrap();
        let svg = render::view_svg(&drawing, &spectator).unwrap();
        assert!(
            super::drawn_units(&svg).is_empty(),
            "a spectator sees units mid-game"
        );
        for seat in m.awaiting() {
            let view = m.view(Some(seat));
            let o = bots[seat.0].orders(&rules, &view, seat, &mut rng);
            m.submit(seat, o)
                .expect("bot orders pass the shallow check");
        }
        m.resolve(None);
        super::invariants::check(m.state());
    }
    assert!(
        enemies_drawn > 0,
        "the game never showed a seat another side's unit"
    );
}

#[test]
fn a_record_keeps_its_sources_and_a_rerun_with_other_files_is_refused() {
    let rules = Arc::new(Xconq::default());
    let mut m = Match::start(rules.clone(), setup(2), true, None).unwrap();
    for _ in 0..3 {
        for seat in m.awaiting() {
            m.submit(seat, Default::default()).unwrap();
        }
        m.resolve(None);
    }
    let record = m.record().unwrap().clone();
    let sources = &record.extra["setup"]["options"]["sources"];
    let files: Vec<&str> = sources
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["file"].as_str().unwrap())
        .collect();
    assert_eq!(files, ["frontier.g", "frontier-units.g"]);
    assert_eq!(sources[0]["sha256"].as_str().unwrap().len(), 64);
    assert_eq!(
        engine::verify::verify(rules.clone(), &record).unwrap(),
        None
    );

    // The same names with one file changed, found first: refused, naming it.
    let dir = tempfile::tempdir().unwrap();
    let units = xconq::library::BUILT_IN
        .iter()
        .find(|(f, _)| *f == "frontier-units.g")
        .unwrap()
        .1;
    std::fs::write(
        dir.path().join("frontier-units.g"),
        units.replace(
            "(add capital vision-range 2)",
            "(add capital vision-range 3)",
        ),
    )
    .unwrap();
    let other = Arc::new(Xconq::new(Library::with_dirs([dir.path().to_path_buf()])));
    let err = engine::verify::verify(other, &record)
        .unwrap_err()
        .to_string();
    assert!(err.contains("options.sources"), "{err}");
    assert!(err.contains("frontier-units.g"), "{err}");
    assert!(err.contains("ORDERLY_XCONQ_LIB=DIR"), "{err}");
}

#[test]
fn a_missing_module_says_where_it_looked_and_what_to_do() {
    let x = Xconq::new(Library::with_dirs(["/nonexistent/xconq-lib".into()]));
    let setup = Setup {
        scenario: "no-such-game".into(),
        ..Setup::default()
    };
    let err = x
        .setup(&setup, &mut engine::GameRng::from_seed(1))
        .unwrap_err()
        .to_string();
    for part in [
        "module \"no-such-game\" was not found",
        "/nonexistent/xconq-lib",
        "the built-in modules",
        "`-L DIR` on any command that plays, re-runs or checks a game",
        "ORDERLY_XCONQ_LIB=DIR",
        "frontier",
    ] {
        assert!(err.contains(part), "{part:?} not in: {err}");
    }
}

#[test]
fn a_module_given_as_text_includes_from_the_library() {
    let x = Xconq::default();
    let text = "(game-module \"tiny\")\n(include \"frontier-units\")\n(world 100)\n(area 8 6)\n\
                (side 1 (noun \"Left\")) (side 2 (noun \"Right\"))\n(scorekeeper (do last-side-wins))\n\
                (area 8 6 (terrain (by-char \".,=+%^_\") \"8+\" \"8+\" \"8+\" \"8+\" \"8+\" \"8+\"))\n\
                (capital 3 2 1) (capital 5 3 2)\n";
    let setup = Setup {
        scenario: "games/tiny.g".into(),
        text: Some(text.into()),
        ..Setup::default()
    };
    let g = x.setup(&setup, &mut engine::GameRng::from_seed(1)).unwrap();
    assert_eq!(g.module, "tiny");
    assert_eq!(g.sources[0].file, "tiny.g");
    assert_eq!(x.seats(&g).len(), 2);
}
