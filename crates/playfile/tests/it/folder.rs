//! The folder driver with a real ruleset (ttrts, from the registry),
//! in-process.

use std::sync::Arc;

use engine::{DynRuleset, Seat, Setup};
use playfile::{play, replay, PlayEvent, Status};

fn ttrts() -> Arc<dyn DynRuleset> {
    registry::find("ttrts").expect("ttrts is registered")
}

fn setup() -> Setup {
    Setup {
        scenario: "Tiny2Player".into(),
        ..Setup::default()
    }
}

#[test]
fn a_hook_that_writes_orders_plays_the_game_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let rules = ttrts();
    let mut game = rules
        .start(setup(), true, Some("2026-01-01T00:00:00.000Z"))
        .unwrap();
    let mut turns = 0;
    let outcome = play(
        &mut *game,
        dir.path(),
        Some(500),
        &mut |files| {
            turns += 1;
            let status: Status = serde_json::from_str(
                &std::fs::read_to_string(files.dir.join("status.json")).unwrap(),
            )
            .unwrap();
            assert_eq!(status.turn, files.turn);
            for (seat, _) in &files.orders {
                let (name, text) = &files.views[0];
                let (file, orders) = rules
                    .bot_answer("greedy", *seat, name, text, files.turn)
                    .unwrap();
                playfile::atomic_write(&files.dir.join(file), orders.as_bytes()).unwrap();
            }
            Ok(())
        },
        &mut |_| {},
        &|| "2026-01-01T00:00:01.000Z".to_string(),
    )
    .unwrap();
    assert!(outcome.is_some(), "two greedy bots finish Tiny2Player");
    assert!(turns > 0);
    let record = std::fs::read_to_string(dir.path().join("record.json")).unwrap();
    let (record, _) = record::read_record(&record).unwrap();
    assert_eq!(record.turns.len(), turns + 1);
    assert_eq!(rules.verify(&record).unwrap(), None);
}

#[test]
fn a_hook_error_stops_the_game_instead_of_waiting() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = ttrts().start(setup(), false, None).unwrap();
    let err = play(
        &mut *game,
        dir.path(),
        None,
        &mut |_| Err("bot crashed".into()),
        &mut |_| {},
        &String::new,
    )
    .unwrap_err();
    assert!(err.to_string().contains("bot crashed"));
}

#[test]
fn a_replay_counts_a_rejected_file_as_no_orders_and_goes_on() {
    let from = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    std::fs::write(
        from.path().join("Player_0_Turn_0.txt"),
        "ORDER:F id:0\nbad line\nEND",
    )
    .unwrap();
    std::fs::write(from.path().join("Player_1_Turn_0.txt"), "ORDER:F id:2\nEND").unwrap();
    let mut game = ttrts().start(setup(), true, None).unwrap();
    let mut events = vec![];
    let outcome = replay(
        &mut *game,
        from.path(),
        out.path(),
        &mut |e| events.push(e),
        &String::new,
    )
    .unwrap();
    assert_eq!(outcome, None);
    assert!(events.iter().any(|e| matches!(e, PlayEvent::Rejected { file, errors } if file == "Player_0_Turn_0.txt" && errors[0].line == Some(2))));
    let turn1 = std::fs::read_to_string(out.path().join("Turn_1.txt")).unwrap();
    // Red's file was rejected whole: unit 0 did not move; Green's unit 2 did.
    assert!(turn1.contains("UNIT:0 pl:0 vs:< dr:W ps:[4,2]"), "{turn1}");
    assert!(turn1.contains("UNIT:2 pl:1 vs:> dr:E ps:[2,1]"), "{turn1}");
    assert!(out.path().join("record.json").exists());
    assert_eq!(game.awaiting(), vec![Seat(0), Seat(1)]);
}
