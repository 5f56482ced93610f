//! What the game commands (`play`, `demo`, `tournament`) refuse before a
//! game starts, with the words the host uses over HTTP: an option the
//! ruleset does not take, players the scenario cannot seat. Frontier, the
//! project's own Xconq module, is built in and fixes two sides.

use assert_cmd::Command;

fn refused(args: &[&str]) -> String {
    let work = tempfile::tempdir().unwrap();
    let out = Command::cargo_bin("orderly")
        .unwrap()
        .current_dir(work.path())
        .args(args)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{args:?}");
    assert!(!work.path().join("xconq_frontier").exists(), "{args:?}");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_misspelt_option_is_refused_not_ignored() {
    for command in [
        &["demo", "xconq", "--option", "side=4", "--quiet"][..],
        &["play", "xconq", "--option", "side=4"],
        &["tournament", "xconq", "--option", "side=4", "--games", "1"],
    ] {
        let stderr = refused(command);
        assert!(
            stderr.contains("--option: unknown option `side`; xconq takes: ")
                && stderr.contains("sides"),
            "{command:?}: {stderr}"
        );
    }
}

#[test]
fn players_the_scenario_cannot_seat_are_refused_not_ignored() {
    for command in [
        &["demo", "xconq", "--players", "3", "--quiet"][..],
        &["play", "xconq", "--players", "3"],
        &["tournament", "xconq", "--players", "3", "--games", "1"],
    ] {
        let stderr = refused(command);
        assert!(
            stderr.contains("--players 3: this scenario has 2 player seats; 3 given"),
            "{command:?}: {stderr}"
        );
    }
}

#[test]
fn a_tournament_of_no_turns_is_refused_as_a_bad_argument() {
    let out = Command::cargo_bin("orderly")
        .unwrap()
        .args(["tournament", "xconq", "--max-turns", "0", "--games", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--max-turns"));
}
