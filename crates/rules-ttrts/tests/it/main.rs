//! The integration tests of `rules-ttrts`, one test binary (linking one binary
//! instead of one per file is most of what a cold `cargo test` costs).

mod files;
mod fuzz;
mod matches;
mod reference;
mod rules;
mod words;
