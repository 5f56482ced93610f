//! A seat's view keeps its side's events between views (`SeenCache`): it
//! must always equal the view made from nothing, including after snapshots
//! rewrote earlier events (a unit that died is then shown as it was).

use engine::{GameRng, Ruleset, Seat, Setup};
use xconq::Xconq;

#[test]
fn a_seat_s_kept_events_equal_its_events_mapped_afresh_every_turn() {
    let rules = Xconq::default();
    let setup = Setup {
        scenario: "frontier".into(),
        seed: 5,
        ..Setup::default()
    };
    let mut rng = GameRng::from_seed(5);
    let mut game = rules.setup(&setup, &mut rng).unwrap();
    let seats = rules.seats(&game).len();
    let mut bots: Vec<_> = (0..seats).map(|_| rules.bot("greedy").unwrap()).collect();
    let mut compared = 0;
    for _ in 0..80 {
        if rules.outcome(&game).is_some() {
            break;
        }
        let mut orders = Vec::new();
        for seat in rules.awaiting(&game) {
            let kept = rules.view(&game, Some(seat));
            let mut fresh = game.clone();
            fresh.state.history.forget_views();
            assert_eq!(
                kept,
                rules.view(&fresh, Some(seat)),
                "turn {}",
                game.state.turn
            );
            compared += kept.events.len();
            orders.push((seat, bots[seat.0].orders(&rules, &kept, seat, &mut rng)));
        }
        rules.resolve(&mut game, &orders, &mut rng, None);
    }
    let rewritten = game.state.history.rewritten().len();
    assert!(
        rewritten > 0,
        "no event was rewritten: the test would not show the catching up"
    );
    assert!(compared > 0);
    // And once more after the game, for every seat and a spectator.
    for seat in (0..seats).map(|s| Some(Seat(s))).chain([None]) {
        let mut fresh = game.clone();
        fresh.state.history.forget_views();
        assert_eq!(rules.view(&game, seat), rules.view(&fresh, seat));
    }
}
