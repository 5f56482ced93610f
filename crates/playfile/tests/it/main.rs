//! The integration tests of `playfile`, one test binary (linking one binary
//! instead of one per file is most of what a cold `cargo test` costs).

mod folder;
