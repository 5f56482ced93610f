//! What the tests share: the corpus folder (when the shared checkout is
//! there) and small builders.

use std::path::PathBuf;

/// `../shared/corpus/tactics` of the project, if this checkout has it.
pub fn corpus() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus/tactics");
    dir.is_dir().then_some(dir)
}

/// Runs `f` with the corpus folder, or prints one line saying why it is
/// skipped.
pub fn with_corpus(what: &str, f: impl FnOnce(PathBuf)) {
    match corpus() {
        Some(dir) => f(dir),
        None => println!("skipped {what}: ../shared/corpus/tactics is not in this checkout"),
    }
}
