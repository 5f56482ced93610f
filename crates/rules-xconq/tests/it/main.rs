//! Integration tests of the xconq ruleset: the real program's fixtures
//! (`../shared/corpus/xconq-play`), replayed draw by draw and action by
//! action. Tests that need `../shared` say so in one line and pass without it.

mod files;
mod fixtures;
mod frontier;
mod games;
mod invariants;
mod property;
mod rules;

/// The module library of `../shared`, or None (with one line saying so).
pub fn shared_lib() -> Option<std::path::PathBuf> {
    let p = std::path::PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus/xconq/lib"
    ));
    if p.is_dir() {
        Some(p)
    } else {
        println!(
            "skipped: ../shared/corpus/xconq/lib (the Xconq modules) is not beside the project"
        );
        None
    }
}
