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
//! [`mod@rerun`] re-runs a record and names the first divergence.
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

/// The ruleset's entry for the registry (ARCHITECTURE.md, "Adding a
/// ruleset"): the rules, answering to the record types `classic` and
/// `chaos` too; the board picture; the browser controller and guide; the
/// re-run of the engine's own records with their draws files (`orderly
/// record replay RECORD --draws DRAWS --verify`, spec §12.5); and `orderly
/// tactics replay|game ...`.
pub fn plugin() -> plugin::Plugin {
    plugin::Plugin {
        rules: std::sync::Arc::new(engine::Registered(std::sync::Arc::new(Tactics))),
        aliases: ALIASES,
        drawing: std::sync::Arc::new(picture::Drawing),
        client: plugin::Client {
            controller: include_str!("../web/controller.js"),
            guide: include_str!("../web/guide.html"),
        },
        // Each action's caption tells a turn well enough; the controller
        // finds a unit's move and attack tiles in the view's `options`.
        describe: None,
        targets: None,
        command: Some(plugin::Command {
            about: "Tactics: re-run the engine's records with their draws, play bot games",
            names: command::NAMES,
            run: |args| command::command(args).map_err(Into::into),
        }),
        rerun: Some(plugin_rerun),
    }
}

/// The plug-in's re-run: [`rerun()`] with the draws file the command line
/// read as JSON (`aid`), its counts and first divergence in the generic
/// shape.
fn plugin_rerun(
    record: &::record::GameRecord,
    aid: Option<&serde_json::Value>,
) -> Result<plugin::Rerunning, engine::SetupError> {
    let draws = match aid {
        None => None,
        Some(v) => Some(
            draws::DrawsFile::parse(&v.to_string())
                .map_err(|e| engine::SetupError::at("--draws", e.to_string()))?,
        ),
    };
    match rerun(record, draws.as_ref()).map_err(|e| engine::SetupError::new(e.to_string()))? {
        Rerun::Agrees(r) => Ok(plugin::Rerunning::Agrees {
            turns: r.turns,
            actions: r.actions,
            draws: Some(r.draws),
        }),
        Rerun::Diverges(d) => Ok(plugin::Rerunning::Diverges(engine::verify::Divergence {
            path: d.path,
            expected: d.expected,
            actual: d.actual,
        })),
    }
}
