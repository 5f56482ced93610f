//! The integration tests of `rules-tae`, one test binary (linking one binary
//! instead of one per file is most of what a cold `cargo test` costs).

mod common;
mod examples;
mod picture;
mod properties;
mod record;
mod rules;
mod targets;
mod views;
