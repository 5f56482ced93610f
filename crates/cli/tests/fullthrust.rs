//! `orderly fullthrust` and `orderly tournament fullthrust` end to end: a
//! bot-vs-bot battle by files from the bundled scenario runs to the end,
//! its kept folder holds each fleet's view and orders files and a record
//! that re-runs exactly.

use assert_cmd::Command;

fn orderly() -> Command {
    Command::cargo_bin("orderly").unwrap()
}

#[test]
fn a_demo_battle_runs_to_the_end_and_its_record_replays() {
    let dir = tempfile::tempdir().unwrap();
    let keep = dir.path().join("game");
    let run = orderly()
        .args([
            "fullthrust",
            "demo",
            "--quiet",
            "--bots",
            "closer,closer",
            "--keep",
        ])
        .arg(&keep)
        .assert()
        .success();
    let out = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
    assert!(out.contains("battle over:"), "{out}");
    for name in [
        "Turn_1_Fleet_0.gzf",
        "Turn_1_Fleet_1.gzf",
        "Orders_1_Fleet_0.gzf",
        "Orders_1_Fleet_1.gzf",
    ] {
        assert!(keep.join(name).is_file(), "{name} missing");
    }
    let run = orderly()
        .args(["record", "replay"])
        .arg(keep.join("record.json"))
        .assert()
        .success();
    let out = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
    assert!(!out.contains("divergence"), "{out}");
}

#[test]
fn a_fullthrust_tournament_plays_the_bundled_duel() {
    let run = orderly()
        .args(["tournament", "fullthrust", "--games", "6", "--jobs", "2"])
        .assert()
        .success();
    let out = String::from_utf8_lossy(&run.get_output().stdout).into_owned();
    assert!(out.contains("closer"), "{out}");
}

#[test]
fn an_unknown_scenario_is_a_clear_error() {
    let run = orderly()
        .args(["fullthrust", "demo", "--scenario", "nowhere"])
        .assert()
        .failure();
    let err = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
    assert!(err.contains("no scenario named `nowhere`"), "{err}");
}
