//! How long a turn takes when a seat is played by files: games of ttrts
//! (`MAP`, one folder seat against the server's greedy bot), one after
//! another; for every turn, the time from the orders file being renamed into
//! the folder to the next turn's `status.json` being there. That covers the
//! server noticing the file, checking it, storing it durably, resolving the
//! turn, committing it and writing the next views.
//!
//! `cargo run --release -p orderly-host --example files_turns [GAMES] [MAP]`
//! (`TRACE_TURNS=1`: every 25th turn's time on stderr, and each game's
//! record size).

use std::path::Path;
use std::time::{Duration, Instant};

use client::Client;
use engine::Seat;
use host::{Background, Config};
use playfile::Status;
use serde_json::json;

fn read_status(dir: &Path) -> Option<Status> {
    serde_json::from_str(&std::fs::read_to_string(dir.join("status.json")).ok()?).ok()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(50);
    let map = args.get(1).cloned().unwrap_or_else(|| "Tiny2Player".into());
    let tmp = tempfile::tempdir().expect("temp dir");
    let server = Background::start(Config {
        db: format!("sqlite:{}", tmp.path().join("f.db").display()),
        bind: "127.0.0.1:0".into(),
        admin_token: None,
        files_dir: Some(tmp.path().join("games")),
        ..Config::default()
    })
    .expect("server starts");
    let mut c = Client::new(&server.url()).unwrap();
    let rules = registry::find("ttrts").unwrap();
    let mut lat: Vec<Duration> = vec![];
    let trace = std::env::var_os("TRACE_TURNS").is_some();
    let all = Instant::now();
    for g in 0..games {
        let created = c
            .post_json(
                "/api/games",
                None,
                // The largest turn limit: long games are what TRACE_TURNS
                // is for.
                &json!({"ruleset": "ttrts", "map": map, "seats": ["files", "greedy"],
                        "seed": g, "max_turns": 1_000_000}),
            )
            .unwrap()
            .json();
        let dir = std::path::PathBuf::from(created["folders"][0]["path"].as_str().unwrap());
        let wait = |f: &dyn Fn(&Status) -> bool| -> Status {
            let start = Instant::now();
            loop {
                if let Some(st) = read_status(&dir).filter(|s| f(s)) {
                    return st;
                }
                assert!(start.elapsed() < Duration::from_secs(60), "stuck");
                std::thread::sleep(Duration::from_micros(200));
            }
        };
        let mut st = wait(&|_| true);
        while st.outcome.is_none() {
            let mine = &st.awaiting[0];
            let view = std::fs::read_to_string(dir.join(&mine.views[0])).unwrap();
            let (file, text) = rules
                .bot_answer("greedy", Seat(0), &mine.views[0], &view, st.turn)
                .unwrap();
            let turn = st.turn;
            let t0 = Instant::now();
            playfile::atomic_write(&dir.join(file), text.as_bytes()).unwrap();
            st = wait(&|s| s.turn > turn || s.outcome.is_some());
            lat.push(t0.elapsed());
            if trace && turn % 25 == 0 {
                eprintln!("turn {turn}: {:.2} ms", t0.elapsed().as_secs_f64() * 1e3);
            }
        }
        if trace {
            let record = std::fs::metadata(dir.join("record.json")).map(|m| m.len());
            eprintln!("game {g}: record.json {record:?} bytes");
        }
    }
    let total = all.elapsed();
    lat.sort();
    let pct = |p: f64| lat[((lat.len() as f64 - 1.0) * p).round() as usize];
    println!(
        "{games} games, {} turns by files in {:.2} s: p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        lat.len(),
        total.as_secs_f64(),
        pct(0.5).as_secs_f64() * 1e3,
        pct(0.9).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3,
        lat.last().unwrap().as_secs_f64() * 1e3,
    );
    server.stop().unwrap();
}
