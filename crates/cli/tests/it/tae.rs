//! `orderly tae` end to end: a demo game to its end, and a game played by
//! files between two `orderly bot` processes, each reading only its own
//! seat's view file.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::cargo::CommandCargoExt;

fn orderly() -> Command {
    Command::cargo_bin("orderly").expect("the orderly binary")
}

#[test]
fn the_demo_plays_a_game_to_its_end() {
    let out = orderly()
        .args(["tae", "demo", "--seed", "3"])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("--- turn 1 ---"));
    assert!(text.contains("seat 0: money"));
    assert!(text.contains("game over:"), "{text}");
}

fn wait(child: &mut Child, until: Instant) -> bool {
    while Instant::now() < until {
        if let Ok(Some(status)) = child.try_wait() {
            return status.success();
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    false
}

#[test]
fn two_bot_processes_play_a_game_by_files() {
    let dir = tempfile::tempdir().unwrap();
    let games = dir.path().to_str().unwrap();
    let mut host = orderly()
        .args(["tae", "play", "--seed", "5", "--games-dir", games])
        .stdout(Stdio::null())
        .spawn()
        .expect("host starts");
    let folder = dir.path().join("tae_default");
    let start = Instant::now();
    while !folder.join("status.json").exists() && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(50));
    }
    let mut bots: Vec<Child> = [("0", "greedy"), ("1", "random")]
        .iter()
        .map(|(seat, name)| {
            orderly()
                .args([
                    "bot",
                    "tae",
                    "--player",
                    seat,
                    "--name",
                    name,
                    "--idle-timeout",
                    "60",
                ])
                .arg(&folder)
                .stdout(Stdio::null())
                .spawn()
                .expect("bot starts")
        })
        .collect();
    let until = Instant::now() + Duration::from_secs(240);
    let host_ok = wait(&mut host, until);
    for b in &mut bots {
        wait(b, until);
    }
    assert!(host_ok, "the host did not finish the game");
    let status = std::fs::read_to_string(folder.join("status.json")).unwrap();
    assert!(
        status.contains("\"outcome\":{") || status.contains("\"outcome\": {"),
        "{status}"
    );
    assert!(folder.join("View_0_Turn_1.txt").exists());
    assert!(folder.join("Orders_1_Turn_1.txt").exists());
    assert!(!std::fs::read_dir(&folder).unwrap().any(|e| e
        .unwrap()
        .file_name()
        .to_string_lossy()
        .ends_with(".errors.txt")));
}
