//! The engine's match machinery with ttrts: who is asked for orders, what
//! is refused, saving and resuming, and re-verifying a record.

use std::sync::Arc;

use engine::verify::verify;
use engine::{Match, Seat, Setup};
use ttrts::orders::Order;
use ttrts::Ttrts;

fn start(map: &str, record: bool) -> Match<Ttrts> {
    Match::start(
        Arc::new(Ttrts),
        Setup {
            scenario: map.into(),
            seed: 9,
            ..Setup::default()
        },
        record,
        Some("2026-11-22T00:00:00.000Z"),
    )
    .unwrap()
}

#[test]
fn orders_from_a_seat_that_is_not_asked_are_refused() {
    let mut m = start("Tiny2Player", false);
    let e = m.submit(Seat(3), vec![]).unwrap_err();
    assert!(
        e[0].message
            .contains("seat 3 is not asked for orders on turn 0"),
        "{e:?}"
    );
    assert_eq!(m.missing(), vec![Seat(0), Seat(1)]);
    m.submit(
        Seat(0),
        vec![Order {
            unit: 0,
            command: b'L',
        }],
    )
    .unwrap();
    assert_eq!(m.missing(), vec![Seat(1)]);
    assert!(!m.ready());
}

#[test]
fn resubmitting_replaces_and_missing_seats_get_no_orders() {
    let mut m = start("Tiny2Player", true);
    m.submit(
        Seat(0),
        vec![Order {
            unit: 0,
            command: b'L',
        }],
    )
    .unwrap();
    m.submit(
        Seat(0),
        vec![Order {
            unit: 0,
            command: b'R',
        }],
    )
    .unwrap();
    let report = m.resolve(None);
    assert_eq!(report.defaulted, vec![Seat(1)]);
    assert_eq!(m.state().units[0].dir, ttrts::Dir::N);
    assert_eq!(m.turn(), 1);
}

#[test]
fn a_saved_match_resumes_with_its_pending_orders() {
    let mut m = start("Chess", true);
    m.submit(
        Seat(1),
        vec![Order {
            unit: 9,
            command: b'F',
        }],
    )
    .unwrap();
    let saved = m.save();
    let mut back = Match::restore(Arc::new(Ttrts), saved.clone()).unwrap();
    assert_eq!(back.missing(), vec![Seat(0)]);
    back.resolve(None);
    m.resolve(None);
    assert_eq!(
        ttrts::format::write_state(back.state()),
        ttrts::format::write_state(m.state())
    );
    let mut wrong = saved;
    wrong["ruleset"] = "tae".into();
    assert!(Match::restore(Arc::new(Ttrts), wrong).is_err());
}

#[test]
fn a_finished_game_takes_no_orders_and_records_its_winner() {
    let mut m = start("Tiny2Player", true);
    let mut bot = ttrts::bots::bot("greedy").unwrap();
    let mut rng = engine::GameRng::from_seed(4);
    while m.outcome().is_none() && m.turn() < 300 {
        for seat in m.awaiting() {
            let view = m.view(Some(seat));
            let o = bot.orders(&Ttrts, &view, seat, &mut rng);
            m.submit(seat, o).unwrap();
        }
        m.resolve(Some("2026-11-22T00:00:01.000Z"));
    }
    let outcome = m.outcome().expect("greedy bots end Tiny2Player");
    assert!(m.submit(Seat(0), vec![]).is_err());
    let record = m.record().unwrap();
    assert_eq!(record.ended.as_deref(), Some("2026-11-22T00:00:01.000Z"));
    match outcome.winner {
        Some(s) => assert_eq!(record.winner, engine::record::Winner::Team(s.0 as u64)),
        None => assert_eq!(record.winner, engine::record::Winner::NoWinner),
    }
    assert_eq!(verify(Arc::new(Ttrts), &record).unwrap(), None);
    // The record's text reads back and still verifies.
    let (again, _) = engine::record::read_record(&record.to_json()).unwrap();
    assert_eq!(verify(Arc::new(Ttrts), &again).unwrap(), None);
}

#[test]
fn a_record_from_another_version_is_not_re_run() {
    let m = start("Tiny2Player", true);
    let mut record = m.record().unwrap();
    record.extra.insert("rulesetVersion".into(), "0.3.0".into());
    let e = verify(Arc::new(Ttrts), &record).unwrap_err();
    assert!(e.to_string().contains("played with ttrts 0.3.0"), "{e}");
}

#[test]
fn the_record_text_built_turn_by_turn_equals_the_whole_record() {
    let mut m = start("Big2Player", true);
    let mut bot = ttrts::bots::bot("random").unwrap();
    let mut rng = engine::GameRng::from_seed(2);
    for _ in 0..5 {
        assert_eq!(m.record_json().unwrap(), m.record().unwrap().to_json());
        for seat in m.awaiting() {
            let view = m.view(Some(seat));
            let o = bot.orders(&Ttrts, &view, seat, &mut rng);
            m.submit(seat, o).unwrap();
        }
        m.resolve(Some("2026-11-22T00:00:02.000Z"));
    }
    let restored = Match::restore(Arc::new(Ttrts), m.save()).unwrap();
    assert_eq!(restored.record_json(), m.record_json());
}
