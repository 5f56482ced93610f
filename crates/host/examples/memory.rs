//! Memory benchmark for BENCHMARKS.md (issue 15, point 2): a SQLite
//! database with many finished games and some games in play; a server
//! started on it is measured: restart time, resident memory after start,
//! after listing every page and after view requests, and the latency of
//! view requests (of games in play, and of finished games read on demand).
//!
//! `cargo build --release -p orderly-host --example memory` then
//! `./target/release/examples/memory [FINISHED] [PLAYING] [--db PATH]`
//! (defaults 10,000 and 100, a database in a temporary folder). With
//! `--db PATH` an existing database is measured as it is, or made there
//! first when it does not exist. The measuring is done by a fresh process
//! (this program again, with `--measure`), so its memory is the server's
//! own.
//!
//! Finished games: ttrts Tiny2Player, greedy against random (nine in ten),
//! and TaE, greedy against random, stopped at 60 turns (one in ten), played
//! out by the host itself; games in play: ttrts and TaE with two human
//! seats.

use std::sync::Arc;
use std::time::{Duration, Instant};

use client::Client;
use host::host::{CreateGame, Host};
use host::sqlite::SqliteStore;
use host::storage::Storage;
use host::{Background, Config};
use serde_json::json;

/// Resident memory of this process, in MB.
fn rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

fn game(i: usize, finished: bool) -> CreateGame {
    let tae = i % 10 == 9;
    let v = match (tae, finished) {
        (false, true) => json!({"ruleset": "ttrts", "map": "Tiny2Player",
            "seats": ["greedy", "random"], "seed": i, "max_turns": 200}),
        (true, true) => json!({"ruleset": "tae", "seats": ["greedy", "random"],
            "seed": i, "max_turns": 60}),
        (false, false) => json!({"ruleset": "ttrts", "map": "Tiny2Player",
            "seats": ["human", "human"], "seed": i}),
        (true, false) => json!({"ruleset": "tae", "seats": ["human", "human"], "seed": i}),
    };
    serde_json::from_value(v).expect("a valid game")
}

/// Fills the database: `finished` games played out by bots (64 at a time,
/// so commits group), then `playing` games left in play.
fn generate(db: &std::path::Path, finished: usize, playing: usize) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let t = Instant::now();
    rt.block_on(async {
        let store: Arc<dyn Storage> = Arc::new(SqliteStore::open(db).expect("database"));
        let host = Host::load(store, None).expect("host");
        host.set_finished_cache(4);
        let next = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let workers: Vec<_> = (0..64)
            .map(|_| {
                let (host, next) = (host.clone(), next.clone());
                tokio::spawn(async move {
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if i >= finished {
                            return;
                        }
                        let created = host.create(None, game(i, true)).await.expect("created");
                        let id = created["id"].as_str().unwrap().to_string();
                        host.resolve_due(&id).await;
                        assert_eq!(host.status(&id).await.unwrap()["finished"], true);
                    }
                })
            })
            .collect();
        for w in workers {
            w.await.unwrap();
        }
        for i in 0..playing {
            host.create(None, game(i, false)).await.expect("created");
        }
        println!(
            "made {finished} finished and {playing} games in play in {:.1} s; in memory now: {:?}",
            t.elapsed().as_secs_f64(),
            host.in_memory()
        );
    });
    // Let the SQLite writer finish and the lock go before measuring.
    drop(rt);
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let i = ((sorted.len() as f64 * p) as usize).min(sorted.len() - 1);
    sorted[i].as_secs_f64() * 1e3
}

/// Times `n` GETs of paths from `paths` (cycled); p50 and p99 in ms.
fn timed(c: &mut Client, paths: &[String], n: usize) -> (f64, f64) {
    let mut lat = Vec::with_capacity(n);
    for i in 0..n {
        let p = &paths[(i * 7919) % paths.len()];
        let t = Instant::now();
        let r = c.get(p, None).expect("answer");
        lat.push(t.elapsed());
        assert_eq!(r.status, 200, "{p}");
    }
    lat.sort();
    (percentile(&lat, 0.5), percentile(&lat, 0.99))
}

fn measure(db: &str) {
    let rss_before = rss_mb();
    let t = Instant::now();
    let server = Background::start(Config {
        db: format!("sqlite:{db}"),
        bind: "127.0.0.1:0".into(),
        admin_token: None,
        ..Config::default()
    })
    .expect("server starts");
    let restart = t.elapsed();
    let mut c = Client::new(&server.url()).unwrap();
    // The first answer: the server is serving.
    assert_eq!(c.get("/api/rulesets", None).unwrap().status, 200);
    let ready = t.elapsed();
    let rss_start = rss_mb();
    let t = Instant::now();
    let mut next = Some("/api/games?limit=100".to_string());
    let (mut ids_playing, mut ids_finished) = (vec![], vec![]);
    let mut pages = 0;
    while let Some(path) = next.take() {
        let r = c.get(&path, None).unwrap();
        assert_eq!(r.status, 200);
        pages += 1;
        for g in r.json().as_array().unwrap() {
            let id = g["id"].as_str().unwrap().to_string();
            if g["finished"] == true {
                ids_finished.push(id);
            } else {
                ids_playing.push(id);
            }
        }
        next = r
            .header("link")
            .map(|l| l[1..l.find('>').unwrap()].to_string());
    }
    let listing = t.elapsed();
    let rss_listed = rss_mb();
    let playing: Vec<String> = ids_playing
        .iter()
        .map(|id| format!("/api/games/{id}/view"))
        .collect();
    let finished: Vec<String> = ids_finished
        .iter()
        .map(|id| format!("/api/games/{id}/view"))
        .collect();
    let (p50_play, p99_play) = timed(&mut c, &playing, 2000);
    let (p50_done, p99_done) = timed(&mut c, &finished, 2000);
    let rss_views = rss_mb();
    println!(
        "{} finished + {} in play ({} pages): restart {:.0} ms (serving after {:.0} ms); \
         RSS {:.0} MB before, {:.0} MB after start, {:.0} MB after listing every page ({:.0} ms), \
         {:.0} MB after 4,000 views; view of a game in play p50 {:.2} ms p99 {:.2} ms; \
         of a finished game (read on demand) p50 {:.2} ms p99 {:.2} ms",
        ids_finished.len(),
        ids_playing.len(),
        pages,
        restart.as_secs_f64() * 1e3,
        ready.as_secs_f64() * 1e3,
        rss_before,
        rss_start,
        rss_listed,
        listing.as_secs_f64() * 1e3,
        rss_views,
        p50_play,
        p99_play,
        p50_done,
        p99_done,
    );
    server.stop().unwrap();
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut numbers = vec![];
    let mut db = None;
    while let Some(a) = args.next() {
        match a.as_str() {
            "--measure" => return measure(&args.next().expect("--measure DB")),
            "--db" => db = Some(args.next().expect("--db PATH")),
            _ => numbers.push(a.parse::<usize>().expect("a number of games")),
        }
    }
    let finished = numbers.first().copied().unwrap_or(10_000);
    let playing = numbers.get(1).copied().unwrap_or(100);
    let tmp = tempfile::tempdir().expect("temp dir");
    let db = db.map_or_else(|| tmp.path().join("memory.db"), std::path::PathBuf::from);
    if !db.exists() {
        generate(&db, finished, playing);
    }
    let size: u64 = ["", "-wal"]
        .iter()
        .filter_map(|s| std::fs::metadata(format!("{}{s}", db.display())).ok())
        .map(|m| m.len())
        .sum();
    println!("database {} MB", size / 1_000_000);
    let status = std::process::Command::new(std::env::current_exe().unwrap())
        .args(["--measure", &db.display().to_string()])
        .status()
        .expect("the measuring process runs");
    assert!(status.success());
}
