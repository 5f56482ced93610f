//! `orderly fullthrust` and `orderly tournament fullthrust` end to end: a
//! bot-vs-bot battle by files from the bundled scenario runs to the end,
//! its kept folder holds each fleet's view and orders files and a record
//! that re-runs exactly; a host and two bot processes play by files, and a
//! rejected orders file is explained.

use std::process::Child;

use assert_cmd::Command;

use crate::process::{finish, spawn, wait_for};

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
    assert!(out.contains("game over: Blue Squadron wins"), "{out}");
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

#[test]
fn bot_processes_play_a_battle_by_files_against_the_host() {
    let work = tempfile::tempdir().unwrap();
    let host = spawn(&["fullthrust", "duel", "--games-dir", "."], work.path());
    let dir = work.path().join("fullthrust_Duel_at_Barnard_s_Star");
    wait_for(&dir.join("status.json"), "the game folder");
    // Blue orders a Grey ship: the file is refused with the reason beside it.
    std::fs::write(
        dir.join("Orders_1_Fleet_0.gzf"),
        "GZF-Version: 1.0\nProfile: FT2\n\nShip: Warden\nMove: 1S\n\nScenario: Duel\nTurn: 1\n",
    )
    .unwrap();
    let errors = dir.join("Orders_1_Fleet_0.gzf.errors.txt");
    wait_for(&errors, "the errors file");
    let why = std::fs::read_to_string(&errors).unwrap();
    assert!(
        why.contains("`Warden` is not a ship of your fleet"),
        "{why}"
    );
    let bots: Vec<Child> = [("0", "closer"), ("1", "random")]
        .iter()
        .map(|(seat, name)| {
            let args = ["bot", "fullthrust", "--player", seat, "--name", name];
            let mut all: Vec<&str> = args.to_vec();
            all.push("fullthrust_Duel_at_Barnard_s_Star");
            spawn(&all, work.path())
        })
        .collect();
    let (ok, stdout, stderr) = finish(host);
    assert!(ok, "host failed: {stderr}");
    assert!(stdout.contains("game over:"), "{stdout}");
    for bot in bots {
        let (ok, stdout, stderr) = finish(bot);
        assert!(ok, "bot failed: {stdout} {stderr}");
        assert!(stdout.contains("game over"), "{stdout}");
    }
    assert!(
        !errors.exists(),
        "the bot's corrected file replaced the refused one"
    );
    orderly()
        .args(["record", "replay"])
        .arg(dir.join("record.json"))
        .assert()
        .success();
}
