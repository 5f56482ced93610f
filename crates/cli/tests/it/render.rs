//! `orderly render`: the board of a record played by bots, as SVG and PNG,
//! and clear errors for bad turns, actions, seats, outputs and records.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use engine::{GameRng, SeatSpec, Setup};
use predicates::str::contains;

fn orderly() -> Command {
    Command::cargo_bin("orderly").unwrap()
}

/// A TaE game of a few turns between bots, its record written to `dir`.
fn record_file(dir: &Path, ruleset: &str) -> PathBuf {
    let rules = registry::find(ruleset).unwrap();
    let setup = Setup {
        scenario: rules.default_scenario().into(),
        seed: 21,
        seats: vec![SeatSpec::default(); 2],
        ..Setup::default()
    };
    let mut game = rules.start(setup, true, None).unwrap();
    let mut rng = GameRng::from_seed(2);
    for _ in 0..4 {
        for s in game.awaiting() {
            let o = game.bot_orders(rules.bot_names()[0], s, &mut rng).unwrap();
            let _ = game.submit_json(s, o);
        }
        game.resolve(None);
    }
    let path = dir.join(format!("{ruleset}-record.json"));
    std::fs::write(&path, game.record().unwrap().to_json()).unwrap();
    path
}

#[test]
fn svg_and_png_of_a_record() {
    let dir = tempfile::tempdir().unwrap();
    let rec = record_file(dir.path(), "tae");
    let svg = dir.path().join("board.svg");
    orderly()
        .args([
            "render",
            rec.to_str().unwrap(),
            "--turn",
            "2",
            "--action",
            "3",
            "--seat",
            "1",
            "--out",
        ])
        .arg(&svg)
        .assert()
        .success();
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    assert_eq!(
        doc.root_element().attribute("class"),
        Some("board board-tae")
    );
    assert!(text.contains("seat 1&apos;s view"));
    assert!(text.contains("Turn 2, action 3 of"));
    let png = dir.path().join("board.png");
    orderly()
        .args([
            "render",
            rec.to_str().unwrap(),
            "--turn",
            "2",
            "--width",
            "500",
            "--out",
        ])
        .arg(&png)
        .assert()
        .success();
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let width = u32::from_be_bytes(bytes[16..20].try_into().unwrap());
    assert_eq!(width, 500);
}

#[test]
fn bad_requests_say_what_to_fix() {
    let dir = tempfile::tempdir().unwrap();
    let rec = record_file(dir.path(), "ttrts");
    let out = dir.path().join("b.svg");
    let r = rec.to_str().unwrap();
    orderly()
        .args(["render", r, "--turn", "77", "--out"])
        .arg(&out)
        .assert()
        .code(1)
        .stderr(contains(
            "--turn: the record has no turn 77; its turns are 0 to 4",
        ));
    orderly()
        .args(["render", r, "--turn", "1", "--action", "999", "--out"])
        .arg(&out)
        .assert()
        .code(1)
        .stderr(contains("--action: turn 1 has"));
    orderly()
        .args(["render", r, "--seat", "7", "--out"])
        .arg(&out)
        .assert()
        .code(1)
        .stderr(contains("--seat: the game has 2 seats"));
    orderly()
        .args(["render", r, "--out", "board.gif"])
        .assert()
        .code(1)
        .stderr(contains(".svg or .png"));
    orderly()
        .args(["render", "no-such-record.json", "--out"])
        .arg(&out)
        .assert()
        .code(1)
        .stderr(contains("cannot read no-such-record.json"));
    // A record without its setup cannot be re-run to rebuild its boards,
    // and ttrts cannot draw them from the record's snapshots alone.
    let mut bare: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&rec).unwrap()).unwrap();
    bare.as_object_mut().unwrap().remove("setup");
    let bare_path = dir.path().join("bare.json");
    std::fs::write(&bare_path, bare.to_string()).unwrap();
    orderly()
        .arg("render")
        .arg(&bare_path)
        .args(["--turn", "1", "--out"])
        .arg(&out)
        .assert()
        .code(1)
        .stderr(contains("$.setup: the record has no `setup`"));
    assert!(!out.exists(), "nothing written on errors");
}
