//! Resigning and agreeing a draw, which every ruleset gets from the match:
//! played here on sealed bids (North, East, South, West).

use std::sync::Arc;

use engine::verify::verify;
use engine::{Match, Seat, SeatSpec, Setup, TableAct};
use toy::{Orders, SealedBids};

fn start(seats: usize) -> Match<SealedBids> {
    let setup = Setup {
        scenario: "table".into(),
        seats: vec![SeatSpec::default(); seats],
        seed: 5,
        ..Setup::default()
    };
    Match::start(
        Arc::new(SealedBids),
        setup,
        true,
        Some("2026-01-01T00:00:00Z"),
    )
    .unwrap()
}

fn lowest(m: &Match<SealedBids>, seat: usize) -> Orders {
    Orders {
        bid: Some(m.state().hands[seat][0]),
    }
}

#[test]
fn the_last_seat_left_wins_when_the_other_resigns() {
    let mut m = start(2);
    m.submit(Seat(0), lowest(&m, 0)).unwrap();
    m.act(Seat(0), TableAct::Resign, Some("2026-01-01T00:00:05Z"))
        .unwrap();
    let o = m.outcome().unwrap();
    assert_eq!(o.winner, Some(Seat(1)));
    assert_eq!(o.reason, "North resigned");
    assert!(m.awaiting().is_empty(), "nobody is asked once it is over");
    let record = m.record().unwrap();
    let json = serde_json::to_value(&record).unwrap();
    assert_eq!(json["winnerId"], 1);
    assert_eq!(json["table"]["resigned"][0]["seat"], 0);
    assert_eq!(json["outcome"]["reason"], "North resigned");
    assert_eq!(json["ended"], "2026-01-01T00:00:05Z");
    // Nothing more is decided once it is over.
    assert!(m.act(Seat(1), TableAct::OfferDraw, None).is_err());
    // The record re-runs to the same winner.
    assert_eq!(verify(Arc::new(SealedBids), &record).unwrap(), None);
}

#[test]
fn a_resigned_seat_is_not_asked_and_the_others_play_on() {
    let mut m = start(3);
    m.act(Seat(1), TableAct::Resign, None).unwrap();
    assert!(m.outcome().is_none(), "two seats still play");
    assert_eq!(m.awaiting(), vec![Seat(0), Seat(2)]);
    let refused = m.submit(Seat(1), lowest(&m, 1)).unwrap_err();
    assert!(refused[0].message.contains("resigned"), "{refused:?}");
    assert!(m.act(Seat(1), TableAct::OfferDraw, None).is_err());
    m.submit(Seat(0), lowest(&m, 0)).unwrap();
    m.submit(Seat(2), lowest(&m, 2)).unwrap();
    assert!(m.ready());
    let report = m.resolve(None);
    // The rules still got East's default bid, which is not a "default" of
    // a seat that failed to send orders.
    assert!(report.defaulted.is_empty());
    assert_eq!(m.state().hands[1].len(), 4, "East's lowest card was played");
    m.act(Seat(2), TableAct::Resign, None).unwrap();
    assert_eq!(m.outcome().unwrap().winner, Some(Seat(0)));
    assert_eq!(m.outcome().unwrap().reason, "East and South resigned");
    let record = m.record().unwrap();
    assert_eq!(verify(Arc::new(SealedBids), &record).unwrap(), None);
}

#[test]
fn a_draw_is_agreed_when_every_seat_still_playing_offers_it() {
    let mut m = start(2);
    m.act(Seat(0), TableAct::OfferDraw, None).unwrap();
    assert_eq!(m.table().draw_offers, vec![Seat(0)]);
    assert!(m.outcome().is_none());
    // Withdrawn, and a withdrawal without an offer is refused.
    m.act(Seat(0), TableAct::WithdrawDraw, None).unwrap();
    assert!(m.act(Seat(0), TableAct::WithdrawDraw, None).is_err());
    // Declining needs another seat's offer, and ends it.
    assert!(m.act(Seat(1), TableAct::DeclineDraw, None).is_err());
    m.act(Seat(0), TableAct::OfferDraw, None).unwrap();
    assert!(m.act(Seat(0), TableAct::DeclineDraw, None).is_err());
    m.act(Seat(1), TableAct::DeclineDraw, None).unwrap();
    assert!(m.table().draw_offers.is_empty());
    // An offer lapses when the turn is resolved.
    m.act(Seat(1), TableAct::OfferDraw, None).unwrap();
    m.resolve(None);
    assert!(m.table().draw_offers.is_empty());
    m.act(Seat(1), TableAct::OfferDraw, None).unwrap();
    m.act(Seat(0), TableAct::OfferDraw, None).unwrap();
    let o = m.outcome().unwrap();
    assert_eq!(o.winner, None);
    assert_eq!(o.reason, "drawn by agreement of North and East");
    let record = m.record().unwrap();
    let json = serde_json::to_value(&record).unwrap();
    assert_eq!(json["winnerId"], serde_json::Value::Null);
    assert_eq!(json["table"]["drawAgreed"], m.turn());
    assert_eq!(verify(Arc::new(SealedBids), &record).unwrap(), None);
}

#[test]
fn the_table_is_saved_with_the_match() {
    let mut m = start(3);
    m.act(Seat(2), TableAct::Resign, None).unwrap();
    m.act(Seat(0), TableAct::OfferDraw, None).unwrap();
    let back = Match::restore(Arc::new(SealedBids), m.save()).unwrap();
    assert_eq!(back.table(), m.table());
    assert_eq!(back.awaiting(), vec![Seat(0), Seat(1)]);
    // A save from before the table existed loads with an empty one.
    let mut old = start(2).save();
    old.as_object_mut().unwrap().remove("table");
    let back = Match::restore(Arc::new(SealedBids), old).unwrap();
    assert!(back.table().is_empty());
}
