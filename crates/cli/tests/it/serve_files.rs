//! A hosted game with a folder seat, as a user runs it: `orderly serve
//! --files-dir DIR`, a game whose seat 0 is `"files"` against a server bot,
//! and `orderly bot ttrts --player 0 FOLDER` playing that seat by files,
//! exactly as it plays an `orderly ttrts` folder.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use client::Client;
use serde_json::{json, Value};

#[test]
fn the_file_bot_plays_a_folder_seat_of_a_hosted_game() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().join("seats");
    let mut server = Command::new(env!("CARGO_BIN_EXE_orderly"))
        .args(["serve", "--bind", "127.0.0.1:0", "--open", "--files-dir"])
        .arg(&games)
        .arg("--db")
        .arg(format!("sqlite:{}", dir.path().join("g.db").display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdout = server.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if let Some(url) = line.strip_prefix("listening on ") {
                let _ = tx.send(url.to_string());
            }
        }
    });
    let url = rx.recv_timeout(Duration::from_secs(30)).unwrap();
    let mut c = Client::new(&url).unwrap();
    let created = c
        .post_json(
            "/api/games",
            None,
            &json!({"ruleset": "ttrts", "map": "Tiny2Player", "seats": ["files", "greedy"], "seed": 4}),
        )
        .unwrap()
        .json();
    let id = created["id"].as_str().unwrap();
    let folder = PathBuf::from(created["folders"][0]["path"].as_str().unwrap());
    assert!(folder.starts_with(&games), "{}", folder.display());
    let out = Command::new(env!("CARGO_BIN_EXE_orderly"))
        .args(["bot", "ttrts", "--player", "0", "--idle-timeout", "60"])
        .arg(&folder)
        .output()
        .unwrap();
    let st = c.get(&format!("/api/games/{id}"), None).unwrap().json();
    let _ = server.kill();
    let _ = server.wait();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}");
    assert!(said.contains("wrote Player_0_Turn_0.txt"), "{said}");
    assert!(said.contains("game over"), "{said}");
    let record: Value =
        serde_json::from_str(&std::fs::read_to_string(folder.join("record.json")).unwrap())
            .unwrap();
    assert_eq!(record["setup"]["seed"], 4, "{record}");
    assert_eq!(st["finished"], true, "{st}");
}
