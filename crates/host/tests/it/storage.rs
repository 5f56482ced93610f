//! The storage suite: what every backend must do, run the same against
//! SQLite (in a temporary folder) and PostgreSQL (in a fresh schema of the
//! database `ORDERLY_TEST_POSTGRES` names; those tests are ignored unless
//! asked for with `--include-ignored`: `eval "$(scripts/postgres-up)"` sets
//! it).

#![cfg_attr(not(feature = "postgres"), allow(unused_imports))]

use std::time::Duration;

use crate::common;

#[cfg(feature = "postgres")]
use host::postgres::PgStore;
use host::sqlite::SqliteStore;
use host::storage::{
    read, DecisionRow, GameRow, Notice, OrderFormat, OrderRow, Storage, StoreErrorKind, TurnRow,
    Write,
};
use serde_json::json;

#[cfg(feature = "postgres")]
/// A URL to a fresh schema of the test database (these tests are ignored
/// unless asked for, and then need one).
fn postgres(test: &str) -> String {
    let url = common::postgres_url();
    host::postgres::fresh_schema(&url, test)
        .unwrap_or_else(|e| panic!("ORDERLY_TEST_POSTGRES={url}: {e}"))
}

fn block<T>(f: impl std::future::Future<Output = T>) -> T {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(f)
}

fn write(s: &dyn Storage, w: Write) -> Result<(), StoreErrorKind> {
    block(host::storage::durable(s, w)).map_err(|e| e.kind)
}

fn game(id: &str, step: u64, state: serde_json::Value) -> GameRow {
    GameRow {
        id: id.into(),
        ruleset: "ttrts".into(),
        meta: json!({"m": 1}),
        step,
        step_started_ms: 10 + step,
        state,
        finished: false,
    }
}

fn order(seat: usize, body: &str) -> OrderRow {
    OrderRow {
        seat,
        format: OrderFormat::Json,
        body: body.into(),
        at_ms: 5,
    }
}

fn suite(s: &dyn Storage) {
    write(
        s,
        Write::CreateGame {
            game: game("g1", 0, json!({"s": 0})),
            orders: vec![order(1, "[1]")],
        },
    )
    .unwrap();
    // Orders for the current step replace earlier ones; others conflict.
    write(
        s,
        Write::PutOrders {
            game: "g1".into(),
            step: 0,
            order: order(0, "[0]"),
        },
    )
    .unwrap();
    write(
        s,
        Write::PutOrders {
            game: "g1".into(),
            step: 0,
            order: order(0, "[00]"),
        },
    )
    .unwrap();
    assert_eq!(
        write(
            s,
            Write::PutOrders {
                game: "g1".into(),
                step: 3,
                order: order(0, "[0]"),
            },
        ),
        Err(StoreErrorKind::Conflict)
    );
    assert_eq!(
        write(
            s,
            Write::PutOrders {
                game: "nope".into(),
                step: 0,
                order: order(0, "[0]"),
            },
        ),
        Err(StoreErrorKind::Conflict)
    );
    let loaded = s.load().unwrap();
    assert_eq!(loaded.len(), 1);
    assert_eq!(loaded[0].game, game("g1", 0, json!({"s": 0})));
    assert_eq!(loaded[0].orders, vec![order(0, "[00]"), order(1, "[1]")]);
    // One game, by id; listing by id.
    let one = block(read(s.load_game("g1"))).unwrap().unwrap();
    assert_eq!(one.game, loaded[0].game);
    assert_eq!(one.orders, loaded[0].orders);
    assert!(block(read(s.load_game("nope"))).unwrap().is_none());
    assert_eq!(block(read(s.game_ids())).unwrap(), vec!["g1".to_string()]);

    // A resolution computed from other orders than the stored ones (a copy
    // that missed an order) changes nothing.
    let stale = Write::CommitTurn {
        game: game("g1", 1, json!({"s": "stale"})),
        turn: TurnRow {
            step: 1,
            turn: 0,
            resolved_at: "stale".into(),
            report: json!({}),
            record: None,
        },
        orders: vec![],
        used: vec![order(1, "[1]")],
        decided: 0,
        wait: true,
    };
    assert_eq!(write(s, stale), Err(StoreErrorKind::Conflict));
    assert!(s.turns("g1").unwrap().is_empty());

    // A resolution commits state, turn row and next orders together...
    let commit = Write::CommitTurn {
        game: game("g1", 1, json!({"s": 1})),
        turn: TurnRow {
            step: 1,
            turn: 0,
            resolved_at: "t".into(),
            report: json!({"r": 0}),
            record: None,
        },
        orders: vec![order(1, "[2]")],
        used: vec![order(0, "[00]"), order(1, "[1]")],
        decided: 0,
        wait: true,
    };
    write(s, commit.clone()).unwrap();
    // ...and only once: a second attempt at the same step changes nothing.
    assert_eq!(write(s, commit), Err(StoreErrorKind::Conflict));
    let other = Write::CommitTurn {
        game: game("g1", 1, json!({"s": "other"})),
        turn: TurnRow {
            step: 1,
            turn: 0,
            resolved_at: "t2".into(),
            report: json!({}),
            record: None,
        },
        orders: vec![order(0, "[9]")],
        used: vec![order(0, "[00]"), order(1, "[1]")],
        decided: 0,
        wait: false,
    };
    assert_eq!(write(s, other), Err(StoreErrorKind::Conflict));
    let loaded = s.load().unwrap();
    assert_eq!(loaded[0].game, game("g1", 1, json!({"s": 1})));
    assert_eq!(loaded[0].orders, vec![order(1, "[2]")]);
    let turns = s.turns("g1").unwrap();
    assert_eq!(turns.len(), 1);
    assert_eq!(turns[0].resolved_at, "t");

    // A failed write inside a group does not undo the others.
    let acks: Vec<_> = (0..50)
        .map(|i| {
            s.write(Write::PutOrders {
                game: "g1".into(),
                step: if i % 2 == 0 { 1 } else { 7 },
                order: order(i % 2, &format!("[{i}]")),
            })
        })
        .collect();
    let results: Vec<_> = acks
        .into_iter()
        .map(|a| block(a).unwrap().map_err(|e| e.kind))
        .collect();
    for (i, r) in results.iter().enumerate() {
        if i % 2 == 0 {
            assert_eq!(*r, Ok(()));
        } else {
            assert_eq!(*r, Err(StoreErrorKind::Conflict));
        }
    }
    let loaded = s.load().unwrap();
    assert_eq!(loaded[0].orders, vec![order(0, "[48]"), order(1, "[2]")]);

    // A second game is listed after the first.
    write(
        s,
        Write::CreateGame {
            game: game("g0", 0, json!({"s": 0})),
            orders: vec![],
        },
    )
    .unwrap();
    // The same id twice is refused, and changes nothing.
    assert!(write(
        s,
        Write::CreateGame {
            game: game("g0", 0, json!({"s": "again"})),
            orders: vec![order(0, "[x]")],
        },
    )
    .is_err());
    assert_eq!(
        block(read(s.game_ids())).unwrap(),
        vec!["g1".to_string(), "g0".to_string()]
    );
    let g0 = block(read(s.load_game("g0"))).unwrap().unwrap();
    assert_eq!(g0.game.state, json!({"s": 0}));
    assert!(g0.orders.is_empty());
}

/// What must still be there after the store is opened again.
fn after_reopen(s: &dyn Storage) {
    let loaded = s.load().unwrap();
    assert_eq!(loaded.len(), 2);
    assert_eq!(loaded[0].game.step, 1);
    assert_eq!(loaded[0].orders.len(), 2);
    assert_eq!(s.turns("g1").unwrap().len(), 1);
}

#[test]
fn sqlite_passes_the_storage_suite() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sub/games.db");
    {
        let s = SqliteStore::open(&path).unwrap();
        suite(&s);
    }
    // Everything is still there after reopening.
    let s = SqliteStore::open(&path).unwrap();
    // A second store on the same file (another server) is refused while the
    // first is open.
    let second = SqliteStore::open(&path);
    assert!(second.is_err_and(|e| e.message.contains("in use")));
    after_reopen(&s);
    assert!(!s.shared());
}

#[cfg(feature = "postgres")]
#[test]
#[ignore = "needs PostgreSQL: eval \"$(scripts/postgres-up)\" sets ORDERLY_TEST_POSTGRES, then cargo test -- --include-ignored"]
fn postgres_passes_the_storage_suite() {
    let url = postgres("postgres_passes_the_storage_suite");
    {
        let s = PgStore::open(&url).unwrap();
        assert!(s.shared());
        suite(&s);
    }
    let s = PgStore::open(&url).unwrap();
    after_reopen(&s);
}

#[cfg(feature = "postgres")]
#[test]
fn postgres_a_bad_url_or_an_absent_server_is_a_clear_error() {
    let e = PgStore::open("postgres://a:b@127.0.0.1:notaport/x")
        .err()
        .unwrap();
    assert!(e.message.contains("bad PostgreSQL URL"), "{}", e.message);
    // Port 1: nothing listens there.
    let e = PgStore::open("postgres://a:b@127.0.0.1:1/x").err().unwrap();
    assert!(e.message.contains("cannot connect"), "{}", e.message);
}

/// Two stores on one database, as two `orderly serve` processes: each hears
/// what the other commits, and a resolution from a copy that missed the
/// other's orders is refused.
#[cfg(feature = "postgres")]
#[test]
#[ignore = "needs PostgreSQL: eval \"$(scripts/postgres-up)\" sets ORDERLY_TEST_POSTGRES, then cargo test -- --include-ignored"]
fn postgres_two_stores_share_one_database() {
    let url = postgres("postgres_two_stores_share_one_database");
    let a = PgStore::open(&url).unwrap();
    let b = PgStore::open(&url).unwrap();
    let mut heard_by_b = b.notices().unwrap();
    let mut heard_by_a = a.notices().unwrap();
    write(
        &a,
        Write::CreateGame {
            game: game("g", 0, json!({"s": 0})),
            orders: vec![],
        },
    )
    .unwrap();
    // B sees the game A created.
    let seen = block(read(b.load_game("g"))).unwrap().unwrap();
    assert_eq!(seen.game.step, 0);
    write(
        &a,
        Write::PutOrders {
            game: "g".into(),
            step: 0,
            order: order(0, "[a]"),
        },
    )
    .unwrap();
    // B, not knowing A's orders, cannot resolve the step.
    let from_b = |used: Vec<OrderRow>| Write::CommitTurn {
        game: game("g", 1, json!({"s": "b"})),
        turn: TurnRow {
            step: 1,
            turn: 0,
            resolved_at: "b".into(),
            report: json!({"defaulted": [1]}),
            record: None,
        },
        orders: vec![],
        used,
        decided: 0,
        wait: true,
    };
    assert_eq!(write(&b, from_b(vec![])), Err(StoreErrorKind::Conflict));
    write(&b, from_b(vec![order(0, "[a]")])).unwrap();
    // A's orders for the old step now conflict.
    assert_eq!(
        write(
            &a,
            Write::PutOrders {
                game: "g".into(),
                step: 0,
                order: order(1, "[late]"),
            },
        ),
        Err(StoreErrorKind::Conflict)
    );
    // Each heard the other, and not itself.
    let next = |rx: &mut tokio::sync::broadcast::Receiver<Notice>| {
        block(async { tokio::time::timeout(Duration::from_secs(10), rx.recv()).await })
            .expect("a notice within 10 s")
            .unwrap()
    };
    assert_eq!(next(&mut heard_by_b), Notice::Created { game: "g".into() });
    assert_eq!(
        next(&mut heard_by_b),
        Notice::Orders {
            game: "g".into(),
            step: 0,
            seat: 0,
            order: Some(order(0, "[a]")),
        }
    );
    assert_eq!(
        next(&mut heard_by_a),
        Notice::Turn {
            game: "g".into(),
            step: 1,
            turn: 0,
            defaulted: vec![1],
            finished: false
        }
    );
    assert!(heard_by_a.try_recv().is_err());
    assert!(heard_by_b.try_recv().is_err());
}

/// Many resolutions of the same step raced from two stores: exactly one
/// lands.
#[cfg(feature = "postgres")]
#[test]
#[ignore = "needs PostgreSQL: eval \"$(scripts/postgres-up)\" sets ORDERLY_TEST_POSTGRES, then cargo test -- --include-ignored"]
fn postgres_a_step_is_resolved_once_under_a_race() {
    let url = postgres("postgres_a_step_is_resolved_once_under_a_race");
    let a = PgStore::open(&url).unwrap();
    let b = PgStore::open(&url).unwrap();
    write(
        &a,
        Write::CreateGame {
            game: game("r", 0, json!({"s": 0})),
            orders: vec![order(0, "[0]")],
        },
    )
    .unwrap();
    let acks: Vec<_> = (0..20)
        .map(|i| {
            let s: &dyn Storage = if i % 2 == 0 { &a } else { &b };
            s.write(Write::CommitTurn {
                game: game("r", 1, json!({"by": i})),
                turn: TurnRow {
                    step: 1,
                    turn: 0,
                    resolved_at: format!("{i}"),
                    report: json!({}),
                    record: None,
                },
                orders: vec![order(1, &format!("[{i}]"))],
                used: vec![order(0, "[0]")],
                decided: 0,
                wait: i % 3 != 0,
            })
        })
        .collect();
    let ok = acks
        .into_iter()
        .map(|ack| block(ack).unwrap())
        .filter(|r| r.is_ok())
        .count();
    assert_eq!(ok, 1);
    let turns = a.turns("r").unwrap();
    assert_eq!(turns.len(), 1);
    let g = block(read(b.load_game("r"))).unwrap().unwrap();
    assert_eq!(g.game.step, 1);
    assert_eq!(
        g.game.state,
        json!({"by": turns[0].resolved_at.parse::<i64>().unwrap()})
    );
    assert_eq!(g.orders.len(), 1);
}

/// Connections the database drops (a restart, a network failure) are made
/// again: the write that found one lost fails, unacknowledged; later ones
/// work.
#[cfg(feature = "postgres")]
#[test]
#[ignore = "needs PostgreSQL: eval \"$(scripts/postgres-up)\" sets ORDERLY_TEST_POSTGRES, then cargo test -- --include-ignored"]
fn postgres_a_lost_connection_is_made_again() {
    let url = postgres("postgres_a_lost_connection_is_made_again");
    let app = format!("orderly_reconnect_{}", std::process::id());
    let url = format!("{url}&application_name={app}");
    let s = PgStore::open(&url).unwrap();
    write(
        &s,
        Write::CreateGame {
            game: game("c", 0, json!({"s": 0})),
            orders: vec![],
        },
    )
    .unwrap();
    // Another connection ends every connection of the store.
    let killed = block(async {
        let (client, conn) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
            .await
            .unwrap();
        tokio::spawn(conn);
        client
            .query(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                 WHERE application_name = $1 AND pid <> pg_backend_pid()",
                &[&app],
            )
            .await
            .unwrap()
            .len()
    });
    assert!(killed >= 3, "{killed} connections ended");
    let put = |i: usize| Write::PutOrders {
        game: "c".into(),
        step: 0,
        order: order(0, &format!("[{i}]")),
    };
    // Each write and read gets through within a few attempts.
    let start = std::time::Instant::now();
    let mut i = 0;
    while write(&s, put(i)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "never reconnects"
        );
        i += 1;
        std::thread::sleep(Duration::from_millis(50));
    }
    let got = loop {
        match s.load() {
            Ok(games) => break games,
            Err(_) => assert!(start.elapsed() < Duration::from_secs(20)),
        }
    };
    assert_eq!(got[0].orders, vec![order(0, &format!("[{i}]"))]);
    assert!(block(read(s.load_game("c"))).unwrap().is_some());
}

/// A commit with the record turn it added, `{"t": step}` as text.
fn commit_with_record(s: &dyn Storage, id: &str, step: u64) {
    write(
        s,
        Write::CommitTurn {
            game: game(id, step, json!({"s": step})),
            turn: TurnRow {
                step,
                turn: step - 1,
                resolved_at: "t".into(),
                report: json!({}),
                record: Some(format!("{{\"t\": {step}}}")),
            },
            orders: vec![],
            used: vec![],
            decided: 0,
            wait: true,
        },
    )
    .unwrap();
}

/// Turn rows keep their record turns as given (text, not re-encoded), and a
/// loaded game gets them back in step order.
fn record_turns_suite(s: &dyn Storage) {
    write(
        s,
        Write::CreateGame {
            game: game("r1", 0, json!({"s": 0})),
            orders: vec![],
        },
    )
    .unwrap();
    for step in 1..=3 {
        commit_with_record(s, "r1", step);
    }
    let g = block(read(s.load_game("r1"))).unwrap().unwrap();
    assert_eq!(g.game.state, json!({"s": 3}));
    assert_eq!(g.turns, ["{\"t\": 1}", "{\"t\": 2}", "{\"t\": 3}"]);
    let rows = s.turns("r1").unwrap();
    assert_eq!(rows[2].record.as_deref(), Some("{\"t\": 3}"));
}

#[test]
fn sqlite_keeps_record_turns_in_turn_rows() {
    let dir = tempfile::tempdir().unwrap();
    let s = SqliteStore::open(&dir.path().join("g.db")).unwrap();
    record_turns_suite(&s);
}

#[cfg(feature = "postgres")]
#[test]
#[ignore = "needs PostgreSQL: eval \"$(scripts/postgres-up)\" sets ORDERLY_TEST_POSTGRES, then cargo test -- --include-ignored"]
fn postgres_keeps_record_turns_in_turn_rows() {
    let url = postgres("postgres_keeps_record_turns_in_turn_rows");
    record_turns_suite(&PgStore::open(&url).unwrap());
}

/// The tables as the version before record turns in turn rows made them
/// (`games` of PostgreSQL also had `seq BIGSERIAL UNIQUE`), with one game
/// at step 1.
fn old_tables(games_seq: &str) -> String {
    format!(
        "
CREATE TABLE games ({games_seq} id TEXT PRIMARY KEY, ruleset TEXT NOT NULL, meta TEXT NOT NULL,
    step BIGINT NOT NULL, step_started_ms BIGINT NOT NULL, state TEXT NOT NULL,
    finished BOOLEAN NOT NULL);
CREATE TABLE orders (game TEXT NOT NULL, step BIGINT NOT NULL, seat BIGINT NOT NULL,
    format TEXT NOT NULL, body TEXT NOT NULL, at_ms BIGINT NOT NULL,
    PRIMARY KEY (game, step, seat));
CREATE TABLE turns (game TEXT NOT NULL, step BIGINT NOT NULL, turn BIGINT NOT NULL,
    resolved_at TEXT NOT NULL, report TEXT NOT NULL, PRIMARY KEY (game, step));
INSERT INTO games (id, ruleset, meta, step, step_started_ms, state, finished)
    VALUES ('old', 'ttrts', '{{}}', 1, 5, '{{\"s\": 1}}', false);
INSERT INTO turns (game, step, turn, resolved_at, report) VALUES ('old', 1, 0, 't', '{{}}');
"
    )
}

/// A store opened on the older tables gains the record column: the old turn
/// row has no record turn, the next commit stores its own.
fn old_tables_suite(s: &dyn Storage) {
    let g = block(read(s.load_game("old"))).unwrap().unwrap();
    assert_eq!(g.game.step, 1);
    assert!(g.turns.is_empty());
    assert_eq!(s.turns("old").unwrap()[0].record, None);
    commit_with_record(s, "old", 2);
    let g = block(read(s.load_game("old"))).unwrap().unwrap();
    assert_eq!(g.turns, ["{\"t\": 2}"]);
}

#[test]
fn sqlite_opens_the_older_tables() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("g.db");
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute_batch(&old_tables(""))
        .unwrap();
    old_tables_suite(&SqliteStore::open(&path).unwrap());
}

#[cfg(feature = "postgres")]
#[test]
#[ignore = "needs PostgreSQL: eval \"$(scripts/postgres-up)\" sets ORDERLY_TEST_POSTGRES, then cargo test -- --include-ignored"]
fn postgres_opens_the_older_tables() {
    let url = postgres("postgres_opens_the_older_tables");
    block(async {
        let (client, conn) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
            .await
            .unwrap();
        tokio::spawn(conn);
        client
            .batch_execute(&old_tables("seq BIGSERIAL UNIQUE,"))
            .await
            .unwrap();
    });
    old_tables_suite(&PgStore::open(&url).unwrap());
}

/// A game row held by another session (a stuck server, a client stopped
/// mid-transaction) makes a write wait at most the lock timeout, then fail
/// as a conflict with nothing written, not stall the store's queue.
#[cfg(feature = "postgres")]
#[test]
#[ignore = "needs PostgreSQL: eval \"$(scripts/postgres-up)\" sets ORDERLY_TEST_POSTGRES, then cargo test -- --include-ignored"]
fn postgres_a_held_row_is_a_conflict_not_a_stall() {
    let url = postgres("postgres_a_held_row_is_a_conflict_not_a_stall");
    let s = std::sync::Arc::new(PgStore::open(&url).unwrap());
    write(
        &*s,
        Write::CreateGame {
            game: game("h", 0, json!({"s": 0})),
            orders: vec![],
        },
    )
    .unwrap();
    let put = |body: &str| Write::PutOrders {
        game: "h".into(),
        step: 0,
        order: order(0, body),
    };
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let other = rt.block_on(async {
        let (client, conn) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
            .await
            .unwrap();
        tokio::spawn(conn);
        client
            .batch_execute("BEGIN; SELECT id FROM games WHERE id = 'h' FOR UPDATE")
            .await
            .unwrap();
        client
    });
    // On another thread, so that a stall fails the test instead of hanging it.
    let (tx, rx) = std::sync::mpsc::channel();
    let blocked = std::sync::Arc::clone(&s);
    std::thread::spawn(move || {
        let _ = tx.send(write(&*blocked, put("[1]")));
    });
    let answer = rx
        .recv_timeout(Duration::from_secs(30))
        .expect("the write gave up within the lock timeout");
    assert_eq!(answer, Err(StoreErrorKind::Conflict));
    rt.block_on(other.batch_execute("ROLLBACK")).unwrap();
    write(&*s, put("[2]")).unwrap();
    let got = block(read(s.load_game("h"))).unwrap().unwrap();
    assert_eq!(got.orders, vec![order(0, "[2]")]);
}

fn decision(seq: u64, seat: usize, act: &str) -> DecisionRow {
    DecisionRow {
        seq,
        seat,
        act: act.into(),
        at: format!("2026-01-01T00:00:0{seq}Z"),
    }
}

/// Decisions at the table: kept per step in their order, only at the
/// game's step and in their place; one that ends the game marks it
/// finished; a resolution that missed one is a conflict.
fn decisions_suite(s: &dyn Storage) {
    write(
        s,
        Write::CreateGame {
            game: game("d1", 0, json!({"s": 0})),
            orders: vec![order(0, "[0]")],
        },
    )
    .unwrap();
    let put = |step, d: DecisionRow, finished| Write::PutDecision {
        game: "d1".into(),
        step,
        decision: d,
        finished,
    };
    write(s, put(0, decision(0, 1, "offer_draw"), false)).unwrap();
    // Not at the game's step, not in its place, not a game: refused.
    assert_eq!(
        write(s, put(1, decision(1, 0, "decline_draw"), false)),
        Err(StoreErrorKind::Conflict)
    );
    assert_eq!(
        write(s, put(0, decision(0, 0, "decline_draw"), false)),
        Err(StoreErrorKind::Conflict)
    );
    assert_eq!(
        write(
            s,
            Write::PutDecision {
                game: "nope".into(),
                step: 0,
                decision: decision(0, 0, "resign"),
                finished: false,
            }
        ),
        Err(StoreErrorKind::Conflict)
    );
    write(s, put(0, decision(1, 0, "decline_draw"), false)).unwrap();
    let one = block(read(s.load_game("d1"))).unwrap().unwrap();
    assert_eq!(
        one.decisions,
        vec![decision(0, 1, "offer_draw"), decision(1, 0, "decline_draw")]
    );
    assert_eq!(one.orders, vec![order(0, "[0]")]);
    // A resolution that applied one decision of the two changes nothing.
    let commit = |decided| Write::CommitTurn {
        game: game("d1", 1, json!({"s": 1})),
        turn: TurnRow {
            step: 1,
            turn: 0,
            resolved_at: "t".into(),
            report: json!({}),
            record: None,
        },
        orders: vec![],
        used: vec![order(0, "[0]")],
        decided,
        wait: true,
    };
    assert_eq!(write(s, commit(1)), Err(StoreErrorKind::Conflict));
    write(s, commit(2)).unwrap();
    // The next step starts with none; a resignation ending the game
    // finishes it, so start-up no longer loads it.
    let one = block(read(s.load_game("d1"))).unwrap().unwrap();
    assert!(one.decisions.is_empty());
    assert!(s.load().unwrap().iter().any(|g| g.game.id == "d1"));
    write(s, put(1, decision(0, 1, "resign"), true)).unwrap();
    let one = block(read(s.load_game("d1"))).unwrap().unwrap();
    assert!(one.game.finished);
    assert_eq!(one.decisions, vec![decision(0, 1, "resign")]);
    assert!(!s.load().unwrap().iter().any(|g| g.game.id == "d1"));
}

#[test]
fn sqlite_keeps_decisions_at_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let s = SqliteStore::open(&dir.path().join("g.db")).unwrap();
    decisions_suite(&s);
}

#[cfg(feature = "postgres")]
#[test]
#[ignore = "needs PostgreSQL: eval \"$(scripts/postgres-up)\" sets ORDERLY_TEST_POSTGRES, then cargo test -- --include-ignored"]
fn postgres_keeps_decisions_at_the_table() {
    let url = postgres("postgres_keeps_decisions_at_the_table");
    decisions_suite(&PgStore::open(&url).unwrap());
}
