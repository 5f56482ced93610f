//! Load generator for BENCHMARKS.md: many concurrent clients on loopback
//! submitting orders to many games of a host backed by SQLite, each order
//! acknowledged only once durable. Prints durable orders/s and latency
//! percentiles.
//!
//! `cargo run --release -p orderly-host --example load -- [CLIENTS] [GAMES] [SECONDS]`
//! (defaults 64 clients, 64 games, 10 s). The server runs in this process on
//! its own runtime; the clients are plain threads with kept-alive
//! connections. Each client owns one game and sends seat 0's orders again
//! and again (each replaces the last: a durable write per order, and the
//! turn never resolves, so every request is the same work).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use host::client::Client;
use host::{Background, Config};
use serde_json::json;

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let clients = *args.first().unwrap_or(&64) as usize;
    let games = (*args.get(1).unwrap_or(&64) as usize).max(1);
    let seconds = *args.get(2).unwrap_or(&10);
    let dir = tempfile::tempdir().expect("temp dir");
    let server = Background::start(Config {
        db: format!("sqlite:{}", dir.path().join("load.db").display()),
        bind: "127.0.0.1:0".into(),
        admin_token: None,
        ..Config::default()
    })
    .expect("server starts");
    let url = server.url();
    let mut c = Client::new(&url).unwrap();
    let mut created = vec![];
    for i in 0..games {
        let r = c
            .post_json(
                "/api/games",
                None,
                &json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["human", "human"], "seed": i}),
            )
            .unwrap();
        assert_eq!(r.status, 201);
        let v = r.json();
        created.push((
            v["id"].as_str().unwrap().to_string(),
            v["tokens"][0]["token"].as_str().unwrap().to_string(),
        ));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let handles: Vec<_> = (0..clients)
        .map(|i| {
            let (id, token) = created[i % games].clone();
            let (url, stop) = (url.clone(), stop.clone());
            std::thread::spawn(move || {
                let mut c = Client::new(&url).unwrap();
                let path = format!("/api/games/{id}/orders");
                let body = json!([{"unit": 0, "command": "L"}]);
                let mut lat = vec![];
                let mut errors = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    let t = Instant::now();
                    match c.post_json(&path, Some(&token), &body) {
                        Ok(r) if r.status == 202 => lat.push(t.elapsed()),
                        _ => errors += 1,
                    }
                }
                (lat, errors)
            })
        })
        .collect();
    let start = Instant::now();
    std::thread::sleep(Duration::from_secs(seconds));
    stop.store(true, Ordering::Relaxed);
    let mut all = vec![];
    let mut errors = 0;
    for h in handles {
        let (l, e) = h.join().unwrap();
        all.extend(l);
        errors += e;
    }
    let elapsed = start.elapsed().as_secs_f64();
    all.sort();
    let pct = |p: f64| all[((all.len() as f64 * p) as usize).min(all.len() - 1)];
    println!(
        "{clients} clients, {games} games, {elapsed:.1} s: {} durable orders, {:.0} orders/s, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms, {errors} errors",
        all.len(),
        all.len() as f64 / elapsed,
        pct(0.50).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3,
        all.last().unwrap().as_secs_f64() * 1e3,
    );
    server.stop().unwrap();
}
