//! The crate's one integration-test binary: the rules on small boards, the
//! engine's records re-run exactly, the text files, the engine glue, whole
//! bot games and property tests.

mod common;
mod corpus;
mod files;
mod picture;
mod plugin;
mod properties;
mod rules;
mod ruleset;
mod tournament;
