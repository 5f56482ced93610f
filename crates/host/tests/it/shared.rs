//! Two servers on one PostgreSQL database, as two `orderly serve` processes
//! (each with its own connections, runtime and games in memory): games
//! created on either, bots on both seats each talking to a different server,
//! every game finishes with the record a single SQLite server gives for the
//! same seeds and bots, and every step is resolved exactly once. Needs
//! `ORDERLY_TEST_POSTGRES`, so these tests are ignored unless asked for
//! with `--include-ignored` (`eval "$(scripts/postgres-up)"` sets it). Every wait is bounded.

use crate::common;
use std::time::{Duration, Instant};

use client::Client;
#[cfg(feature = "postgres")]
use host::postgres::PgStore;
use host::storage::{read, Storage};
use host::{Background, Config};
use serde_json::{json, Value};

fn server(db: &str) -> Background {
    Background::start(Config {
        db: db.to_string(),
        bind: "127.0.0.1:0".into(),
        admin_token: None,
        body_limit: 64 * 1024,
        tick: Duration::from_millis(20),
        files_dir: None,
        finished_cache: 4,
        ..Config::default()
    })
    .expect("server starts")
}

/// Removes wall-clock timestamps, which differ between any two runs.
fn strip_times(v: &mut Value) {
    match v {
        Value::Object(m) => {
            for k in ["created", "started", "ended", "resolved_at"] {
                m.remove(k);
            }
            m.values_mut().for_each(strip_times);
        }
        Value::Array(a) => a.iter_mut().for_each(strip_times),
        _ => {}
    }
}

/// The games played: (seats, seed); every human seat is an HTTP bot.
fn games() -> Vec<(Vec<&'static str>, u64)> {
    vec![
        (vec!["human", "human"], 31),
        (vec!["human", "human"], 32),
        (vec!["human", "greedy"], 33),
        (vec!["random", "human"], 34),
        (vec!["greedy", "random"], 35),
    ]
}

/// Creates every game (alternately on each server), has an HTTP bot play
/// each human seat (seat i on server i % n), waits for every game to end and
/// returns (id, record) per game.
fn play(servers: &[String]) -> Vec<(String, Value)> {
    let mut created = vec![];
    for (i, (seats, seed)) in games().into_iter().enumerate() {
        let mut c = Client::new(&servers[i % servers.len()]).unwrap();
        let r = c
            .post_json(
                "/api/games",
                None,
                &json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": seats, "seed": seed}),
            )
            .unwrap();
        assert_eq!(r.status, 201, "{}", String::from_utf8_lossy(&r.body));
        created.push(r.json());
    }
    let mut bots = vec![];
    for g in &created {
        let id = g["id"].as_str().unwrap().to_string();
        for t in g["tokens"].as_array().unwrap() {
            let seat = t["seat"].as_u64().unwrap() as usize;
            let token = t["token"].as_str().unwrap().to_string();
            let url = servers[seat % servers.len()].clone();
            let id = id.clone();
            bots.push(std::thread::spawn(move || {
                client::bot::play(&url, &id, &token, "greedy", Duration::from_secs(60))
            }));
        }
    }
    for b in bots {
        let played = b.join().unwrap().expect("the bot finishes its game");
        assert!(played.outcome.is_object());
    }
    let mut out = vec![];
    for g in &created {
        let id = g["id"].as_str().unwrap().to_string();
        // Every server knows the end (built-in bot games end by themselves).
        for url in servers {
            let mut c = Client::new(url).unwrap();
            let start = Instant::now();
            loop {
                let st = c.get(&format!("/api/games/{id}"), None).unwrap().json();
                if st["finished"] == true {
                    break;
                }
                assert!(
                    start.elapsed() < Duration::from_secs(60),
                    "game {id} never ends on {url}: {st}"
                );
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        let mut c = Client::new(&servers[0]).unwrap();
        let mut record = c
            .get(&format!("/api/games/{id}/record"), None)
            .unwrap()
            .json();
        let mut other = Client::new(servers.last().unwrap())
            .unwrap()
            .get(&format!("/api/games/{id}/record"), None)
            .unwrap()
            .json();
        strip_times(&mut record);
        strip_times(&mut other);
        assert_eq!(record, other, "the servers disagree about game {id}");
        out.push((id, record));
    }
    out
}

#[cfg(feature = "postgres")]
#[test]
#[ignore = "needs PostgreSQL: eval \"$(scripts/postgres-up)\" sets ORDERLY_TEST_POSTGRES, then cargo test -- --include-ignored"]
fn two_servers_on_one_postgres_play_like_one() {
    let url = common::postgres_url();
    let db = host::postgres::fresh_schema(&url, "two_servers")
        .unwrap_or_else(|e| panic!("ORDERLY_TEST_POSTGRES={url}: {e}"));

    // The reference: one server on SQLite.
    let dir = tempfile::tempdir().unwrap();
    let one = server(&format!("sqlite:{}", dir.path().join("one.db").display()));
    let expected = play(&[one.url()]);
    one.stop().unwrap();

    let a = server(&db);
    let b = server(&db);
    // An unknown game is a 404 whatever its id looks like (the database is
    // asked only for plausible ids).
    let mut c = Client::new(&b.url()).unwrap();
    let long = "a".repeat(300);
    for id in ["0123456789abcdef", "bad%00id", "%E2%82%AC", long.as_str()] {
        let r = c.get(&format!("/api/games/{id}"), None).unwrap();
        assert_eq!(r.status, 404, "{id}: {}", String::from_utf8_lossy(&r.body));
    }
    let got = play(&[a.url(), b.url()]);
    for ((_, want), (id, have)) in expected.iter().zip(&got) {
        assert_eq!(have, want, "game {id} differs from the one-server run");
    }
    // Each server lists every game, whoever created it.
    for s in [&a, &b] {
        let list = Client::new(&s.url())
            .unwrap()
            .get("/api/games", None)
            .unwrap()
            .json();
        assert_eq!(list.as_array().unwrap().len(), got.len());
    }
    a.stop().unwrap();
    b.stop().unwrap();

    // Every step was resolved once: one turn row per step, 1..=step.
    let store = PgStore::open(&db).unwrap();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    for (id, record) in &got {
        let stored = rt
            .block_on(read(store.load_game(id)))
            .unwrap()
            .expect("the game is stored");
        assert!(stored.game.finished);
        let turns = store.turns(id).unwrap();
        let steps: Vec<u64> = turns.iter().map(|t| t.step).collect();
        assert_eq!(steps, (1..=stored.game.step).collect::<Vec<_>>());
        // Each of the ruleset's turns was resolved by one commit.
        let numbers: Vec<u64> = turns.iter().map(|t| t.turn).collect();
        assert!(
            numbers.windows(2).all(|w| w[0] < w[1]),
            "game {id}: turns resolved {numbers:?}"
        );
        assert!(!record["turns"].as_array().unwrap().is_empty());
    }
}

/// Deadlines with two servers sweeping the same games: each due turn is
/// resolved once, by whichever server locks it first, and both servers see
/// it.
#[cfg(feature = "postgres")]
#[test]
#[ignore = "needs PostgreSQL: eval \"$(scripts/postgres-up)\" sets ORDERLY_TEST_POSTGRES, then cargo test -- --include-ignored"]
fn two_servers_on_one_postgres_resolve_each_deadline_once() {
    let url = common::postgres_url();
    let db = host::postgres::fresh_schema(&url, "deadlines")
        .unwrap_or_else(|e| panic!("ORDERLY_TEST_POSTGRES={url}: {e}"));
    let a = server(&db);
    let b = server(&db);
    let mut ids = vec![];
    for (i, s) in [&a, &b].into_iter().enumerate() {
        // Nobody sends orders: the limit resolves the turns.
        let r = Client::new(&s.url())
            .unwrap()
            .post_json(
                "/api/games",
                None,
                &json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["human", "greedy"],
                        "seed": 40 + i, "deadline": {"policy": "all_done_or_limit", "seconds": 1}}),
            )
            .unwrap();
        assert_eq!(r.status, 201);
        ids.push(r.json()["id"].as_str().unwrap().to_string());
    }
    for id in &ids {
        for s in [&a, &b] {
            let mut c = Client::new(&s.url()).unwrap();
            let start = Instant::now();
            loop {
                let st = c.get(&format!("/api/games/{id}"), None).unwrap().json();
                if st["step"].as_u64() >= Some(2) {
                    break;
                }
                assert!(start.elapsed() < Duration::from_secs(30), "stuck: {st}");
                std::thread::sleep(Duration::from_millis(20));
            }
        }
    }
    a.stop().unwrap();
    b.stop().unwrap();
    let store = PgStore::open(&db).unwrap();
    for id in &ids {
        let turns = store.turns(id).unwrap();
        let steps: Vec<u64> = turns.iter().map(|t| t.step).collect();
        assert_eq!(steps, (1..=steps.len() as u64).collect::<Vec<_>>());
        // The human seat never answered: defaulted on every turn.
        for t in &turns {
            assert_eq!(t.report["defaulted"], json!([0]), "{t:?}");
        }
    }
}

/// A draw offered on one server is heard live by a seat listening on the
/// other, and accepted there: both servers then say the game is drawn.
#[cfg(feature = "postgres")]
#[test]
#[ignore = "needs PostgreSQL: eval \"$(scripts/postgres-up)\" sets ORDERLY_TEST_POSTGRES, then cargo test -- --include-ignored"]
fn two_servers_on_one_postgres_share_the_table() {
    let url = common::postgres_url();
    let db = host::postgres::fresh_schema(&url, "table")
        .unwrap_or_else(|e| panic!("ORDERLY_TEST_POSTGRES={url}: {e}"));
    let a = server(&db);
    let b = server(&db);
    let mut ca = Client::new(&a.url()).unwrap();
    let created = ca
        .post_json(
            "/api/games",
            None,
            &json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["human", "human"], "seed": 50}),
        )
        .unwrap()
        .json();
    let id = created["id"].as_str().unwrap().to_string();
    let tok = |i: usize| created["tokens"][i]["token"].as_str().unwrap().to_string();
    let mut cb = Client::new(&b.url()).unwrap();
    // B knows the game before its seat listens there.
    let start = Instant::now();
    while cb.get(&format!("/api/games/{id}"), None).unwrap().status != 200 {
        assert!(start.elapsed() < Duration::from_secs(30));
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut hears = cb
        .events(&id, Some(&tok(1)), Duration::from_secs(30))
        .unwrap();
    assert_eq!(hears.next_event().unwrap().unwrap().kind, "awaiting_you");
    let r = ca
        .post(
            &format!("/api/games/{id}/draw/offer"),
            Some(&tok(0)),
            "application/json",
            b"",
        )
        .unwrap();
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    let heard = hears.next_event().unwrap().unwrap();
    assert_eq!(heard.kind, "table");
    assert_eq!(heard.data["table"]["draw_offers"], json!([0]));
    let r = cb
        .post(
            &format!("/api/games/{id}/draw/accept"),
            Some(&tok(1)),
            "application/json",
            b"",
        )
        .unwrap();
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    for c in [&mut ca, &mut cb] {
        let start = Instant::now();
        loop {
            let st = c.get(&format!("/api/games/{id}"), None).unwrap().json();
            if st["finished"] == true {
                assert!(st["outcome"]["reason"]
                    .as_str()
                    .unwrap()
                    .starts_with("drawn by agreement"));
                break;
            }
            assert!(start.elapsed() < Duration::from_secs(30), "not over: {st}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    a.stop().unwrap();
    b.stop().unwrap();
}
