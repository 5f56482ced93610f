//! The storage suite: what every backend must do. Runs against SQLite (the
//! only backend built so far) in a temporary folder.

use host::sqlite::SqliteStore;
use host::storage::{GameRow, OrderFormat, OrderRow, Storage, StoreErrorKind, TurnRow, Write};
use serde_json::json;

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

    // A resolution commits state, turn row and next orders together...
    let commit = Write::CommitTurn {
        game: game("g1", 1, json!({"s": 1})),
        turn: TurnRow {
            step: 1,
            turn: 0,
            resolved_at: "t".into(),
            report: json!({"r": 0}),
        },
        orders: vec![order(1, "[2]")],
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
        },
        orders: vec![order(0, "[9]")],
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
    let loaded = s.load().unwrap();
    assert_eq!(loaded[0].game.step, 1);
    assert_eq!(loaded[0].orders.len(), 2);
}
