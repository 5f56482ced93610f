//! Tactics: Dave Clark's remake of Tactics Arena Online, its ordinary game
//! (`classic`) and `Chaos`, exactly as its JavaScript engine of 5 April 2019
//! plays them (`specs/tactics.md`, "the spec"): every action, result, float
//! and random draw of its records.
//!
//! The rules are pure and split as the spec is: [`board`] (tiles,
//! directions as the engine's strings, ranges, line of sight), [`units`]
//! (the stats table), [`game`] (state and start), [`movement`], [`attack`],
//! [`chaos`], [`turn`] (a batch of inputs, the inserted actions, endTurn,
//! the end). Randomness goes through one seam, [`draws::Draws`]: the game's
//! generator for new games, the engine's draws file for re-runs. [`action`]
//! and [`record`] write what the engine writes, key order included;
//! [`rerun`] re-runs a record and names the first divergence.
//!
//! Around the rules: [`ruleset::Tactics`] is the engine's `Ruleset`,
//! `FileProtocol` and `ViewFiles`; [`view`] and [`files`] are what a seat
//! sees and its text files (`docs/tactics-files.md`); [`bots`] are `random`
//! and `greedy` (and the Dragon's player); [`selfplay`] plays whole bot games
//! with their record. [`command`] is the only module doing I/O (`orderly
//! tactics …`, and `record replay` for Tactics records). `README.md` in
//! this folder maps each file to its job.

pub mod action;
pub mod attack;
pub mod board;
pub mod bots;
pub mod chaos;
pub mod command;
pub mod draws;
pub mod error;
pub mod files;
pub mod game;
pub mod movement;
pub mod picture;
pub mod record;
pub mod rerun;
pub mod ruleset;
pub mod selfplay;
pub mod turn;
pub mod units;
pub mod view;

/// The record types this ruleset answers to besides its name, compared
/// without case (spec §15, D9): the aliases of its plug-in entry.
pub const ALIASES: &[&str] = &["classic", "chaos"];

pub use action::{Action, ActionKind, Input};
pub use error::Error;
pub use game::{Game, GameKind};
pub use rerun::{rerun, rerun_from, rerun_text, Divergence, InputSource, Report, Rerun};
pub use ruleset::{State, Tactics};
pub use view::View;
