//! The integration tests of `rules-fullthrust`, one test binary (linking one binary
//! instead of one per file is most of what a cold `cargo test` costs).

mod examples;
mod files;
mod fixture;
mod game;
mod words;
