//! The folder driver with a real ruleset (ttrts, from the registry),
//! in-process.

use std::sync::Arc;

use engine::{DynRuleset, Seat, Setup};
use playfile::{play, replay, PlayEvent, RecordedOrders, ReplayError, Status};

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
        None,
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

/// Plays Tiny2Player between two greedy bots by files in `dir`, to the end.
fn play_greedy(dir: &std::path::Path) {
    let rules = ttrts();
    let mut game = rules.start(setup(), true, None).unwrap();
    play(
        &mut *game,
        dir,
        Some(500),
        &mut |files| {
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
        &String::new,
    )
    .unwrap();
}

fn replay_of(
    from: &std::path::Path,
    out: &std::path::Path,
    recorded: Option<&RecordedOrders>,
) -> Result<Option<engine::Outcome>, ReplayError> {
    let mut game = ttrts().start(setup(), true, None).unwrap();
    replay(&mut *game, from, out, recorded, &mut |_| {}, &String::new)
}

#[test]
fn a_replay_held_to_the_record_gives_the_same_game() {
    let from = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    play_greedy(from.path());
    let recorded = RecordedOrders::read(&from.path().join("record.json"))
        .unwrap()
        .expect("the folder has its record");
    assert!(!recorded.is_empty());
    assert!(replay_of(from.path(), out.path(), Some(&recorded))
        .unwrap()
        .is_some());
    let read = |dir: &std::path::Path| {
        let text = std::fs::read_to_string(dir.join("record.json")).unwrap();
        record::read_record(&text).unwrap().0
    };
    assert!(record::records_agree(&read(from.path()), &read(out.path())));
}

#[test]
fn a_replay_stops_at_an_orders_file_changed_after_it_was_accepted() {
    let from = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    play_greedy(from.path());
    // Seat 1's orders for turn 1, rewritten after the game took them:
    // unit 2 (Green's) now turns left.
    let file = from.path().join("Player_1_Turn_1.txt");
    let before = std::fs::read_to_string(&file).unwrap();
    assert_ne!(before, "ORDER:L id:2\nEND\n");
    std::fs::write(&file, "ORDER:L id:2\nEND\n").unwrap();
    // Unchecked, the replay plays the edit: another game, and no word.
    let unchecked = tempfile::tempdir().unwrap();
    replay_of(from.path(), unchecked.path(), None).unwrap();
    let recorded = RecordedOrders::read(&from.path().join("record.json"))
        .unwrap()
        .unwrap();
    let err = replay_of(from.path(), out.path(), Some(&recorded)).unwrap_err();
    let ReplayError::Changed(changed) = err else {
        panic!("{err}")
    };
    assert_eq!((changed.turn, changed.seat), (1, Seat(1)));
    assert_eq!(changed.file, "Player_1_Turn_1.txt");
    assert!(changed.present);
    let message = changed.to_string();
    assert!(
        message.contains("turn 1: Player_1_Turn_1.txt")
            && message.contains("Restore Player_1_Turn_1.txt"),
        "{message}"
    );
    // The same orders written differently are the same game.
    let spaced = match before.strip_suffix('\n') {
        Some(text) => text.to_string(),
        None => format!("{before}\n"),
    };
    std::fs::write(&file, spaced).unwrap();
    let again = tempfile::tempdir().unwrap();
    if let Err(e) = replay_of(from.path(), again.path(), Some(&recorded)) {
        panic!("{e}: {before:?}");
    }
}

#[test]
fn a_replay_names_an_accepted_orders_file_that_is_gone() {
    let from = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    play_greedy(from.path());
    std::fs::remove_file(from.path().join("Player_0_Turn_2.txt")).unwrap();
    let recorded = RecordedOrders::read(&from.path().join("record.json"))
        .unwrap()
        .unwrap();
    let ReplayError::Changed(changed) =
        replay_of(from.path(), out.path(), Some(&recorded)).unwrap_err()
    else {
        panic!("not a changed file")
    };
    assert_eq!(
        (changed.turn, changed.seat, changed.present),
        (2, Seat(0), false)
    );
    assert!(changed.to_string().contains("is missing"), "{changed}");
}

#[test]
fn every_seat_gets_its_final_view_when_the_game_ends() {
    // Sealed bids: each seat has views of its own, beside the table's.
    let dir = tempfile::tempdir().unwrap();
    let rules = registry::find("toy").expect("the toy ruleset is registered");
    let bot = rules.bot_names()[0];
    let mut game = rules.start(Setup::default(), true, None).unwrap();
    let outcome = play(
        &mut *game,
        dir.path(),
        Some(100),
        &mut |files| {
            let status: Status = serde_json::from_str(
                &std::fs::read_to_string(files.dir.join("status.json")).unwrap(),
            )
            .unwrap();
            for s in &status.awaiting {
                let name = &s.views[0];
                let text = std::fs::read_to_string(files.dir.join(name)).unwrap();
                let (file, orders) = rules
                    .bot_answer(bot, s.seat, name, &text, files.turn)
                    .unwrap();
                playfile::atomic_write(&files.dir.join(file), orders.as_bytes()).unwrap();
            }
            Ok(())
        },
        &mut |_| {},
        &String::new,
    )
    .unwrap();
    assert!(outcome.is_some());
    let status: Status =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("status.json")).unwrap())
            .unwrap();
    assert!(status.awaiting.is_empty() && status.outcome.is_some());
    assert_eq!(
        status
            .final_views
            .iter()
            .map(|v| v.seat)
            .collect::<Vec<_>>(),
        vec![Seat(0), Seat(1)]
    );
    for (seat, seen) in status.final_views.iter().enumerate() {
        assert_eq!(seen.views, game.view_file_names(Some(Seat(seat))));
        for name in &seen.views {
            let text = std::fs::read_to_string(dir.path().join(name))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let own = game.view_files(Some(Seat(seat)));
            let now = own.iter().find(|(n, _)| n == name).unwrap();
            assert_eq!(text, now.1, "{name} is the final view");
        }
    }
    for (name, text) in game.view_files(None) {
        assert_eq!(
            std::fs::read_to_string(dir.path().join(&name)).unwrap(),
            text
        );
    }
}

#[test]
fn a_resumed_game_is_the_recorded_game_and_another_setups_record_is_refused() {
    let from = tempfile::tempdir().unwrap();
    play_greedy(from.path());
    let file = from.path().join("record.json");
    let resumable = playfile::Resumable::read(&file).unwrap().expect("a record");
    let mut game = ttrts().start(setup(), true, None).unwrap();
    resumable.catch_up(&mut *game).unwrap();
    assert!(game.outcome().is_some(), "the recorded game ended");
    let text = std::fs::read_to_string(&file).unwrap();
    let recorded = record::read_record(&text).unwrap().0;
    assert!(record::records_agree(&recorded, &game.record().unwrap()));
    // The same record played into a game of another map: refused, naming
    // the record, not played as far as it goes.
    let other = Setup {
        scenario: "Big2Player".into(),
        ..Setup::default()
    };
    let mut game = ttrts().start(other, true, None).unwrap();
    let err = resumable.catch_up(&mut *game).unwrap_err().to_string();
    assert!(
        err.contains("record.json") && err.contains("not this game's"),
        "{err}"
    );
    // No record: nothing to resume from.
    assert!(playfile::Resumable::read(&from.path().join("none.json"))
        .unwrap()
        .is_none());
}

#[test]
fn a_game_stopped_before_its_first_turn_resumes_at_its_start() {
    let dir = tempfile::tempdir().unwrap();
    let mut game = ttrts().start(setup(), true, None).unwrap();
    // The program stops while the first turn waits (here: its hook fails).
    let _ = play(
        &mut *game,
        dir.path(),
        None,
        &mut |_| Err("stopped".into()),
        &mut |_| {},
        &String::new,
    );
    let file = dir.path().join("record.json");
    assert!(file.exists(), "play writes the record at once");
    let resumable = playfile::Resumable::read(&file).unwrap().expect("a record");
    assert!(resumable.is_empty());
    let mut again = ttrts().start(setup(), true, None).unwrap();
    resumable.catch_up(&mut *again).unwrap();
    assert_eq!(again.turn(), game.turn());
}
