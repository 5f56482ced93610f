//! The integration tests of `host`, one test binary (linking one binary
//! instead of one per file is most of what a cold `cargo test` costs).

mod api;
mod boards;
mod common;
mod files;
mod playing;
mod record_turns;
mod shared;
mod storage;
