//! Tactics: Dave Clark's remake of Tactics Arena Online, classic and Chaos,
//! exactly as its April 2019 engine plays (`specs/tactics.md`).
//!
//! WIP.

pub mod action;
pub mod attack;
pub mod board;
pub mod chaos;
pub mod draws;
pub mod error;
pub mod game;
pub mod movement;
pub mod record;
pub mod rerun;
pub mod turn;
pub mod units;

pub use error::Error;
