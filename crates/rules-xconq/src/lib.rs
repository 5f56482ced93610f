//! Xconq 7.5 games played as the 7.5 kernel plays them (`specs/xconq-play.md`,
//! "spec" in comments).
//!
//! The rules are data: [`rules::Rules`] copies every property, table and
//! global the supported kernel subset reads out of the module `crates/gdl`
//! loaded, and the kernel ([`kernel::K`] and the modules beside it) applies
//! them in the kernel's exact order, drawing from the kernel's own generator
//! ([`rng::Xrandom`]) at exactly the kernel's places, so that a game replays
//! bit for bit against the real program's saves.
//!
//! Layers: `rng` and `geometry` (pure), `rules` (the module's data), `state`,
//! `views`, `history` (what is saved), `kernel` (stacks, capacity, entering
//! and leaving, killing, side changes, searches), `vision`, `economy`,
//! `actions`, `combat`, `phases` (the turn), `intro` (the intro turn-1 rule),
//! `setup` (a module's own world), `synth` and `names` (a world made at
//! setup, D20), `options` (sides and variants), `dump` (the fixtures' dump format), `replay` (replaying a fixture).

// The kernel's comparisons are kept in its own form (`n + 1 <= max`), so
// that each can be checked against the spec's text.
#![allow(clippy::int_plus_one)]

pub mod actions;
pub mod bots;
pub mod combat;
pub mod command;
pub mod dump;
pub mod economy;
pub mod error;
pub mod files;
pub mod geometry;
pub mod history;
pub mod intro;
pub mod kernel;
pub mod library;
pub mod names;
pub mod options;
pub mod orders;
pub mod phases;
pub mod picture;
pub mod plans;
pub mod replay;
pub mod rng;
pub mod rules;
pub mod ruleset;
pub mod setup;
pub mod start;
pub mod state;
pub mod support;
pub mod synth;
pub mod view;
pub mod views;
pub mod vision;

pub use error::Error;
pub use ruleset::{Game, Xconq};

/// The ruleset's plug-in entry: its rules (with the program's module
/// library), board drawing, browser controller, guide and own commands.
pub fn plugin() -> plugin::Plugin {
    plugin::Plugin {
        rules: std::sync::Arc::new(engine::Registered(std::sync::Arc::new(Xconq::new(
            command::library_from_environment(),
        )))),
        aliases: &[],
        drawing: std::sync::Arc::new(picture::Drawing),
        client: plugin::Client {
            controller: include_str!("../web/controller.js"),
            guide: include_str!("../web/guide.html"),
        },
        // Each action's caption tells a turn; targets are picked on the
        // map by the controller.
        describe: None,
        targets: None,
        command: Some(plugin::Command {
            about: "replay a fixture of the real Xconq 7.5 program (replay FIXTURE --dump OUT -L LIB); say which modules play (support -L LIB [MODULE...])",
            names: command::NAMES,
            run: command::run,
        }),
        rerun: None,
    }
}
