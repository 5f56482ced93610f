//! The integration tests of `host`, one test binary (linking one binary
//! instead of one per file is most of what a cold `cargo test` costs).

mod api;
mod boards;
mod common;
mod edges;
mod files;
mod memory;
mod playing;
mod record_turns;
mod records;
mod rules_seats;
mod schemas;
mod secrecy;
#[cfg(feature = "postgres")]
mod shared;
mod storage;
mod table;
