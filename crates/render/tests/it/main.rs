//! The integration tests of `render`, one test binary (linking one binary
//! instead of one per file is most of what a cold `cargo test` costs).

mod boards;
mod common;
mod golden;
mod png;
