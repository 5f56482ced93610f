//! Running `orderly` as a child process in a folder, for the tests that
//! play by files against it.

use std::path::Path;
use std::process::{Child, Command as StdCommand, Stdio};
use std::time::{Duration, Instant};

/// Waits (up to a minute) until `path` exists.
pub fn wait_for(path: &Path, what: &str) {
    let start = Instant::now();
    while !path.exists() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Starts `orderly ARGS` in `dir`, its output captured.
pub fn spawn(args: &[&str], dir: &Path) -> Child {
    StdCommand::new(assert_cmd::cargo::cargo_bin("orderly"))
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits for `child`: (success, stdout, stderr).
pub fn finish(child: Child) -> (bool, String, String) {
    let out = child.wait_with_output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
