//! What the host's HTTP tests share: a server on loopback over a SQLite
//! file, games created with the admin token, and bounded waits.

// Each test file uses its own part of this.
#![allow(dead_code)]

use std::path::Path;
use std::time::{Duration, Instant};

use client::Client;
use host::{Background, Config};
use serde_json::Value;

pub const ADMIN: &str = "admin-secret";

/// A server's settings for tests: SQLite at `db`, any free port, the
/// [`ADMIN`] token, a small body limit and a fast scheduler tick.
pub fn config(db: &Path) -> Config {
    Config {
        db: format!("sqlite:{}", db.display()),
        bind: "127.0.0.1:0".into(),
        admin_token: Some(ADMIN.into()),
        body_limit: 16 * 1024,
        tick: Duration::from_millis(20),
        files_dir: None,
        finished_cache: 4,
        ..Config::default()
    }
}

pub fn start(db: &Path) -> Background {
    Background::start(config(db)).expect("server starts")
}

/// A server in a fresh folder with one game created from `body`: the
/// folder (keep it while the test runs), the server, a client, and the
/// answer that created the game.
pub fn one_game(body: Value) -> (tempfile::TempDir, Background, Client, Value) {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir.path().join("g.db"));
    let mut c = Client::new(&server.url()).unwrap();
    let created = create(&mut c, body);
    (dir, server, c, created)
}

/// `POST /api/games`, which must answer 201; the response.
pub fn create(c: &mut Client, body: Value) -> Value {
    let r = c.post_json("/api/games", Some(ADMIN), &body).unwrap();
    assert_eq!(r.status, 201, "{}", String::from_utf8_lossy(&r.body));
    r.json()
}

/// Seat `i`'s token from a create response.
pub fn token(created: &Value, i: usize) -> String {
    created["tokens"][i]["token"].as_str().unwrap().to_string()
}

/// A game's public status.
pub fn status(c: &mut Client, id: &str) -> Value {
    c.get(&format!("/api/games/{id}"), None).unwrap().json()
}

/// Waits until `f` gives a value, for at most `limit`.
pub fn wait_for<T>(what: &str, limit: Duration, mut f: impl FnMut() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(t) = f() {
            return t;
        }
        assert!(start.elapsed() < limit, "gave up waiting for {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Waits (at most a minute) until the game's status satisfies `f`.
pub fn wait_status(c: &mut Client, id: &str, f: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let st = status(c, id);
        if f(&st) {
            return st;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "gave up waiting: {st}"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Reads `record` as a game record of `ruleset` and re-runs it: the rules
/// must reach the same record (no divergence). Returns the parsed record.
pub fn assert_reruns(record: Value, ruleset: &str) -> record::GameRecord {
    let parsed: record::GameRecord = serde_json::from_value(record).unwrap();
    let rules = registry::find(ruleset).unwrap();
    assert_eq!(
        rules.verify(&parsed).unwrap(),
        None,
        "{ruleset}: the record re-runs"
    );
    parsed
}

/// The whole record of game `id` as served.
pub fn record(c: &mut Client, id: &str) -> Value {
    c.get(&format!("/api/games/{id}/record"), None)
        .unwrap()
        .json()
}

#[cfg(feature = "postgres")]
/// The PostgreSQL database of the ignored PostgreSQL tests: asking for
/// them without one is a mistake, said plainly.
pub fn postgres_url() -> String {
    match std::env::var("ORDERLY_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => url,
        _ => panic!(
            "this PostgreSQL test needs ORDERLY_TEST_POSTGRES: eval \"$(scripts/postgres-up)\" starts a local PostgreSQL and sets it"
        ),
    }
}
