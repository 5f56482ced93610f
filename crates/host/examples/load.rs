//! Load generator for BENCHMARKS.md: many concurrent clients on loopback
//! submitting orders to many games of a host, each order acknowledged only
//! once durable. Prints durable orders/s and latency percentiles.
//!
//! `cargo run --release -p orderly-host --example load -- [CLIENTS] [GAMES] [SECONDS] [--db URL] [--servers N]`
//! (defaults 64 clients, 64 games, 10 s, SQLite in a temporary folder).
//! Without `--servers` the server runs in this process on its own runtime;
//! with `--servers N` (PostgreSQL: the servers share the database) N server
//! processes are started (this program again, with `--serve`) and client i
//! talks to server i % N. `--db postgres://...` gets a fresh schema in that
//! database. The clients are plain threads with kept-alive connections.
//! Each client owns one game and sends seat 0's orders again and again
//! (each replaces the last: a durable write per order, and the turn never
//! resolves, so every request is the same work).

use std::io::BufRead;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use client::Client;
use host::{Background, Config};
use serde_json::json;

/// One server process started by `--servers`.
struct Child(std::process::Child);

impl Drop for Child {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `--serve DB`: a server alone, until its standard input closes.
fn serve(db: String) {
    let server = Background::start(Config {
        db,
        bind: "127.0.0.1:0".into(),
        admin_token: None,
        ..Config::default()
    })
    .expect("server starts");
    println!("{}", server.url());
    let mut line = String::new();
    let _ = std::io::stdin().read_line(&mut line);
    server.stop().unwrap();
}

fn main() {
    let mut all_args = std::env::args().skip(1);
    let mut args: Vec<u64> = vec![];
    let mut db = None;
    let mut servers = None;
    while let Some(a) = all_args.next() {
        match a.as_str() {
            "--serve" => return serve(all_args.next().expect("--serve DB")),
            "--db" => db = Some(all_args.next().expect("--db URL")),
            "--servers" => {
                servers = Some(
                    all_args
                        .next()
                        .and_then(|n| n.parse::<usize>().ok())
                        .filter(|n| *n > 0)
                        .expect("--servers N (1 or more)"),
                )
            }
            _ => args.push(
                a.parse()
                    .unwrap_or_else(|_| panic!("unknown argument {a:?}")),
            ),
        }
    }
    let clients = *args.first().unwrap_or(&64) as usize;
    let games = (*args.get(1).unwrap_or(&64) as usize).max(1);
    let seconds = *args.get(2).unwrap_or(&10);
    let dir = tempfile::tempdir().expect("temp dir");
    let db = match db {
        Some(url) if url.starts_with("postgres") => {
            host::postgres::fresh_schema(&url, "load").expect("PostgreSQL is reachable")
        }
        Some(db) => db,
        None => format!("sqlite:{}", dir.path().join("load.db").display()),
    };
    let mut in_process = None;
    let mut children = vec![];
    let urls: Vec<String> = match servers {
        None => {
            let server = Background::start(Config {
                db: db.clone(),
                bind: "127.0.0.1:0".into(),
                admin_token: None,
                ..Config::default()
            })
            .expect("server starts");
            let url = server.url();
            in_process = Some(server);
            vec![url]
        }
        Some(n) => (0..n)
            .map(|_| {
                let mut child = std::process::Command::new(std::env::current_exe().unwrap())
                    .args(["--serve", &db])
                    .stdin(std::process::Stdio::piped())
                    .stdout(std::process::Stdio::piped())
                    .spawn()
                    .expect("a server process starts");
                let mut line = String::new();
                std::io::BufReader::new(child.stdout.take().unwrap())
                    .read_line(&mut line)
                    .unwrap();
                children.push(Child(child));
                line.trim().to_string()
            })
            .collect(),
    };
    let url = urls[0].clone();
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
            let (url, stop) = (urls[i % urls.len()].clone(), stop.clone());
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
                (lat, errors, thread_cpu())
            })
        })
        .collect();
    let start = Instant::now();
    std::thread::sleep(Duration::from_secs(seconds));
    stop.store(true, Ordering::Relaxed);
    let mut all = vec![];
    let mut errors = 0;
    let mut client_cpu = 0.0;
    for h in handles {
        let (l, e, cpu) = h.join().unwrap();
        all.extend(l);
        errors += e;
        client_cpu += cpu;
    }
    let elapsed = start.elapsed().as_secs_f64();
    all.sort();
    let pct = |p: f64| all[((all.len() as f64 * p) as usize).min(all.len() - 1)];
    println!(
        "{} server(s) on {}, {clients} clients, {games} games, {elapsed:.1} s: {} durable orders, {:.0} orders/s, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms, {errors} errors",
        urls.len(),
        db.split(':').next().unwrap_or("?"),
        all.len(),
        all.len() as f64 / elapsed,
        pct(0.50).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3,
        all.last().unwrap().as_secs_f64() * 1e3,
    );
    // CPU time by thread kind (from /proc): what an order costs the server
    // and the clients, much less sensitive to the machine's load than the
    // wall-clock figures.
    let orders = all.len().max(1) as f64;
    let mut cpu = cpu_by_thread();
    cpu.retain(|(k, _)| k != "clients");
    cpu.push(("clients".into(), client_cpu));
    if in_process.is_some() {
        let line: Vec<String> = cpu
            .iter()
            .map(|(name, secs)| format!("{name} {:.0} us/order", secs * 1e6 / orders))
            .collect();
        println!("CPU: {}", line.join(", "));
    }
    if let Some(server) = in_process {
        server.stop().unwrap();
    }
    drop(children);
}

/// CPU seconds (user + system) of this process's threads, summed by kind:
/// the server's runtime, the SQLite writer, and the rest (the clients).
fn cpu_by_thread() -> Vec<(String, f64)> {
    let tick = 100.0; // USER_HZ on Linux
    let mut sums: std::collections::BTreeMap<String, f64> = Default::default();
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return vec![];
    };
    for t in tasks.flatten() {
        let Ok(stat) = std::fs::read_to_string(t.path().join("stat")) else {
            continue;
        };
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        let name = &stat[open + 1..close];
        let fields: Vec<&str> = stat[close + 2..].split(' ').collect();
        let (Some(u), Some(s)) = (fields.get(11), fields.get(12)) else {
            continue;
        };
        let secs = (u.parse::<f64>().unwrap_or(0.0) + s.parse::<f64>().unwrap_or(0.0)) / tick;
        let kind = if name.starts_with("tokio") {
            "server"
        } else if name.starts_with("sqlite") {
            "sqlite writer"
        } else {
            "clients"
        };
        *sums.entry(kind.to_string()).or_default() += secs;
    }
    sums.into_iter().collect()
}

/// CPU seconds this thread has used so far.
fn thread_cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
    let Some(close) = stat.rfind(')') else {
        return 0.0;
    };
    let fields: Vec<&str> = stat[close + 2..].split(' ').collect();
    let field = |i: usize| {
        fields
            .get(i)
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (field(11) + field(12)) / 100.0
}
