//! The integration tests of `gzf`, one test binary (linking one binary
//! instead of one per file is most of what a cold `cargo test` costs).

mod blocks;
mod canonical;
mod common;
mod fixture;
mod json;
mod pieces;
mod playtime;
mod props;
mod reader_model;
mod syntax;
mod turn;
mod values;
