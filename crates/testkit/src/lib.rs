//! What the project's tests share: the reference corpus beside the project.
//!
//! Some tests compare Orderly with files made by the original programs (Xconq
//! dumps, ttrts recordings, Tactics records), which live in `../shared` beside
//! the project, not in the repository. A fresh clone has no `../shared`, and
//! its `cargo test --workspace` must still pass: such a test asks [`shared`]
//! (or the [`require_shared!`] macro) for its files and, when they are not
//! there, writes one line saying what it skipped and why, and returns.
//!
//! The line goes straight to the process's standard error, past the test
//! harness's output capture, so it shows in a plain `cargo test` run.
//!
//! CI has the corpus and must not skip silently: with
//! `ORDERLY_REQUIRE_SHARED=1` a missing corpus fails the test instead.
//! `ORDERLY_SHARED` names the corpus folder when it is not `../shared`.

use std::io::Write;
use std::path::PathBuf;

/// The corpus folder: `ORDERLY_SHARED`, or `../shared` beside the project.
///
/// The project is found when the test runs, from the running test's own
/// package folder (`CARGO_MANIFEST_DIR`, which cargo sets for the tests it
/// runs) up to the folder holding `Cargo.lock`. Not from where this crate
/// was compiled: a build shared by two checkouts (CI's clone with nothing
/// beside it uses the main checkout's target folder) may keep this crate
/// compiled in the other one.
pub fn shared_root() -> PathBuf {
    if let Some(dir) = std::env::var_os("ORDERLY_SHARED").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let start = std::env::var_os("CARGO_MANIFEST_DIR")
        .map(PathBuf::from)
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_default();
    let project = start
        .ancestors()
        .find(|dir| dir.join("Cargo.lock").is_file())
        .unwrap_or(&start);
    project.join("../shared")
}

/// The path of `rel` inside the corpus when it exists. When it does not,
/// says on standard error that the calling test is skipped and why (or
/// panics when `ORDERLY_REQUIRE_SHARED` is set) and gives `None`.
pub fn shared(rel: &str) -> Option<PathBuf> {
    let path = shared_root().join(rel);
    if path.exists() {
        return Some(path);
    }
    let test = std::thread::current()
        .name()
        .unwrap_or("a test")
        .to_string();
    if std::env::var_os("ORDERLY_REQUIRE_SHARED").is_some_and(|v| !v.is_empty() && v != "0") {
        panic!(
            "{test} needs {} (ORDERLY_REQUIRE_SHARED is set, so a missing corpus is an error)",
            path.display()
        );
    }
    // Said once per test and path, even when a property test asks per case.
    static SAID: std::sync::Mutex<Vec<(String, String)>> = std::sync::Mutex::new(Vec::new());
    let key = (test.clone(), rel.to_string());
    let mut said = SAID.lock().unwrap_or_else(|e| e.into_inner());
    if said.contains(&key) {
        return None;
    }
    said.push(key);
    let line = format!(
        "skipped {test}: needs ../shared/{rel} (the reference corpus and specs kept beside the project; CI has them)\n"
    );
    // Unbuffered and past libtest's capture of print!/eprint!.
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
    None
}

/// `let dir = require_shared!("corpus/ttrts");`: the corpus path, or return
/// from the test after saying it was skipped (see [`shared`]).
#[macro_export]
macro_rules! require_shared {
    ($rel:expr) => {
        match $crate::shared($rel) {
            Some(path) => path,
            None => return,
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_corpus_is_looked_for_beside_the_project() {
        let root = shared_root();
        if std::env::var_os("ORDERLY_SHARED").is_none() {
            // `PROJECT/../shared`
            let project = root.parent().and_then(|p| p.parent()).unwrap();
            assert!(root.ends_with("../shared"), "{}", root.display());
            assert!(project.join("Cargo.lock").is_file(), "{}", root.display());
            assert!(
                project.join("crates/testkit").is_dir(),
                "{}",
                root.display()
            );
        }
    }
}
