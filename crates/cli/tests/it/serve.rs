//! `orderly serve` and `orderly bot --server` as a user runs them: the
//! server process on an ephemeral loopback port, two bot processes playing
//! a whole ttrts game through the API, then a clean stop on SIGTERM.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use client::Client;
use serde_json::json;

#[test]
fn bots_play_a_hosted_game_over_http_and_the_server_stops_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Command::new(env!("CARGO_BIN_EXE_orderly"))
        .args([
            "serve",
            "--bind",
            "127.0.0.1:0",
            "--admin-token",
            "adm",
            "--db",
        ])
        .arg(format!("sqlite:{}", dir.path().join("g.db").display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = server.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut line = String::new();
        let _ = BufReader::new(stdout).read_line(&mut line);
        let _ = tx.send(line);
    });
    let line = rx.recv_timeout(Duration::from_secs(30)).unwrap();
    let url = line
        .trim()
        .strip_prefix("listening on ")
        .unwrap()
        .to_string();
    let mut c = Client::new(&url).unwrap();
    let created = c
        .post_json(
            "/api/games",
            Some("adm"),
            &json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["human", "human"], "seed": 9}),
        )
        .unwrap()
        .json();
    let id = created["id"].as_str().unwrap();
    let bots: Vec<_> = (0..2)
        .map(|i| {
            Command::new(env!("CARGO_BIN_EXE_orderly"))
                .args(["bot", "--server", &url, "--game", id, "--token"])
                .arg(created["tokens"][i]["token"].as_str().unwrap())
                .args(["--name", "greedy", "--idle-timeout", "60"])
                .stdout(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for b in bots {
        let out = b.wait_with_output().unwrap();
        assert!(out.status.success());
        assert!(String::from_utf8_lossy(&out.stdout).contains("game over"));
    }
    let st = c.get(&format!("/api/games/{id}"), None).unwrap().json();
    assert_eq!(st["finished"], true);
    // SIGTERM: the server stops by itself, successfully.
    Command::new("kill")
        .args(["-TERM", &server.id().to_string()])
        .status()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(s) = server.try_wait().unwrap() {
            break s;
        }
        if Instant::now() > deadline {
            let _ = server.kill();
            panic!("the server did not stop on SIGTERM");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success());
    assert!(
        !dir.path().join("g.db.lock").exists(),
        "a clean stop leaves no lock file"
    );
}

/// Without a token given, `serve` makes one up and prints it only once it
/// is listening (so it is never shown for a server that failed to start).
#[test]
fn a_made_up_admin_token_is_printed_after_the_server_listens() {
    let dir = tempfile::tempdir().unwrap();
    let mut server = Command::new(env!("CARGO_BIN_EXE_orderly"))
        .args(["serve", "--bind", "127.0.0.1:0", "--db"])
        .arg(format!("sqlite:{}", dir.path().join("t.db").display()))
        .env_remove("ORDERLY_ADMIN_TOKEN")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = server.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let mut lines = BufReader::new(stdout).lines();
        for _ in 0..2 {
            if let Some(Ok(line)) = lines.next() {
                let _ = tx.send(line);
            }
        }
    });
    let first = rx.recv_timeout(Duration::from_secs(30)).unwrap();
    let second = rx.recv_timeout(Duration::from_secs(30)).unwrap();
    let _ = server.kill();
    let _ = server.wait();
    assert!(first.starts_with("listening on http://"), "{first}");
    assert!(
        second.starts_with("admin token (needed to create games): "),
        "{second}"
    );
    // A server that cannot start (its database is taken) prints no token.
    let taken = Command::new(env!("CARGO_BIN_EXE_orderly"))
        .args([
            "serve",
            "--bind",
            "127.0.0.1:0",
            "--db",
            "sqlite:/proc/nope/x.db",
        ])
        .env_remove("ORDERLY_ADMIN_TOKEN")
        .output()
        .unwrap();
    assert!(!taken.status.success());
    assert!(
        !String::from_utf8_lossy(&taken.stdout).contains("admin token"),
        "{}",
        String::from_utf8_lossy(&taken.stdout)
    );
}
