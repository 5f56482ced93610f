//! Bounded memory (issue 15, point 2): a server holds the games in play
//! and a bounded number of finished games; start-up reads only the games
//! in play; listing every page reads no finished game (their statuses are
//! stored when they end); a finished game asked for is read on demand.

use std::sync::Arc;
use std::time::{Duration, Instant};

use host::host::{CreateGame, Host, Page};
use host::sqlite::SqliteStore;
use host::storage::Storage;
use serde_json::json;

fn block<T>(f: impl std::future::Future<Output = T>) -> T {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
        .block_on(f)
}

fn open(db: &std::path::Path) -> Arc<Host> {
    let store: Arc<dyn Storage> = Arc::new(SqliteStore::open(db).unwrap());
    with_cache(store)
}

fn with_cache(store: Arc<dyn Storage>) -> Arc<Host> {
    let host = Host::load(store, None).unwrap();
    host.set_finished_cache(3);
    host
}

async fn all_pages(host: &Host, limit: usize) -> Vec<serde_json::Value> {
    let mut out = vec![];
    let mut after = None;
    loop {
        let page = Page {
            limit,
            after: after.clone(),
            newest_first: false,
        };
        let listed = host.list(&page).await.unwrap();
        out.extend(listed.games);
        match listed.next_after {
            Some(a) => after = Some(a),
            None => return out,
        }
    }
}

#[test]
fn finished_games_leave_memory_and_come_back_on_demand() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    bounded(&|| open(&db));
}

#[cfg(feature = "postgres")]
#[test]
#[ignore = "needs PostgreSQL: eval \"$(scripts/postgres-up)\" sets ORDERLY_TEST_POSTGRES, then cargo test -- --include-ignored"]
fn postgres_finished_games_leave_memory_and_come_back_on_demand() {
    let url = crate::common::postgres_url();
    let url = host::postgres::fresh_schema(&url, "memory").unwrap();
    bounded(&|| with_cache(Arc::new(host::postgres::PgStore::open(&url).unwrap())));
}

/// The scenario of both backends: bots finish 8 games beside one in play,
/// then a fresh host on the same storage is looked at.
fn bounded(open: &dyn Fn() -> Arc<Host>) {
    let (finished_ids, playing_id) = block(async {
        let host = open();
        let mut ids = vec![];
        for seed in 0..8 {
            let req: CreateGame = serde_json::from_value(json!({
                "ruleset": "ttrts", "map": "Tiny2Player", "seats": ["greedy", "random"],
                "seed": seed, "max_turns": 30}))
            .unwrap();
            let created = host.create(None, req).await.unwrap();
            ids.push(created["id"].as_str().unwrap().to_string());
        }
        let req: CreateGame = serde_json::from_value(json!({
            "ruleset": "ttrts", "map": "Tiny2Player", "seats": ["human", "human"], "seed": 1}))
        .unwrap();
        let playing = host.create(None, req).await.unwrap()["id"]
            .as_str()
            .unwrap()
            .to_string();
        // The bots play their games out in the background.
        let start = Instant::now();
        loop {
            let mut done = 0;
            for id in &ids {
                // What the scheduler would do: resolve the turns due.
                host.resolve_due(id).await;
                if host.status(id).await.unwrap()["finished"] == true {
                    done += 1;
                }
            }
            if done == ids.len() {
                break;
            }
            assert!(start.elapsed() < Duration::from_secs(60), "the bots finish");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // In memory: the game in play and at most 3 finished ones.
        let (live, done) = host.in_memory();
        assert_eq!(live, 1);
        assert!(done <= 3, "{done}");
        (ids, playing)
    });
    block(async {
        // A restart reads the game in play only.
        let host = open();
        assert_eq!(host.in_memory(), (1, 0));
        // Every page lists every game, from stored statuses.
        let listed = all_pages(&host, 4).await;
        assert_eq!(listed.len(), 9);
        let listed_ids: Vec<&str> = listed.iter().map(|g| g["id"].as_str().unwrap()).collect();
        for id in &finished_ids {
            assert!(listed_ids.contains(&id.as_str()));
        }
        assert!(listed_ids.contains(&playing_id.as_str()));
        assert_eq!(listed.iter().filter(|g| g["finished"] == true).count(), 8);
        assert_eq!(host.in_memory(), (1, 0), "listing read no finished game");
        // A finished game asked for is read, kept, and its whole record served.
        let record = host.record(&finished_ids[0]).await.unwrap();
        assert!(record["setup"].is_object());
        assert_eq!(host.in_memory(), (1, 1));
        for id in &finished_ids {
            host.view(id, None, false).await.unwrap();
        }
        assert_eq!(host.in_memory(), (1, 3), "no more than the cache holds");
    });
}

/// A database written before statuses were stored: its finished games are
/// read once for a listing, and their statuses stored then.
#[test]
fn finished_games_without_a_stored_status_are_listed_too() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("g.db");
    let id = block(async {
        let host = open(&db);
        let req: CreateGame = serde_json::from_value(json!({
            "ruleset": "ttrts", "map": "Tiny2Player", "seats": ["greedy", "greedy"],
            "seed": 3, "max_turns": 5}))
        .unwrap();
        let id = host.create(None, req).await.unwrap()["id"]
            .as_str()
            .unwrap()
            .to_string();
        let start = Instant::now();
        while host.status(&id).await.unwrap()["finished"] != true {
            host.resolve_due(&id).await;
            assert!(start.elapsed() < Duration::from_secs(60));
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        id
    });
    let conn = rusqlite_free_statuses(&db);
    assert_eq!(conn, 1, "the finished game's status was stored");
    block(async {
        let host = open(&db);
        let listed = all_pages(&host, 10).await;
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0]["id"], id.as_str());
        assert_eq!(listed[0]["finished"], true);
    });
}

/// Empties the statuses table as an older database would have it; gives
/// the rows removed.
fn rusqlite_free_statuses(db: &std::path::Path) -> usize {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.execute("DELETE FROM statuses", []).unwrap()
}
