//! The integration tests of `gdl`, one test binary (linking one binary
//! instead of one per file is most of what a cold `cargo test` costs).

mod blocks;
mod common;
mod corpus;
mod evaluator;
mod forms;
mod kernel_list;
mod lexical;
mod limits;
mod line_counters;
mod positions;
mod robustness;
