//! The turn machine every ruleset plugs into.
//!
//! A ruleset implements [`Ruleset`] (setup, who must act, checking orders,
//! resolving a turn, the outcome, per-seat views) and [`FileProtocol`] (its
//! native text files). Everything else is shared and lives here:
//!
//! * [`GameRng`], the one named, seeded generator; its state is part of the
//!   game state, so a saved game resumes with the same dice;
//! * [`Match`], a running game of one ruleset, typed: it checks orders,
//!   resolves turns and keeps the game record as it goes;
//! * [`Game`] and [`DynRuleset`], the object-safe face of the same (JSON in
//!   and out) that the host, the play-by-file driver and the CLI hold, so
//!   they never match on a ruleset's name;
//! * [`table`]: resigning and agreeing a draw, which every ruleset gets
//!   without code of its own;
//! * [`Bot`], a player written in Rust; [`verify`] re-runs a record;
//! * the JSON schemas of a ruleset's orders and views
//!   ([`DynRuleset::orders_schema`], [`DynRuleset::view_schema`]), derived
//!   from its types, so every ruleset's are served alike.
//!
//! Rulesets are pure: they get their randomness from the generator passed in
//! and do no I/O. The engine reads no clock either: timestamps come from the
//! caller.

mod dynamic;
mod matches;
mod orders_json;
mod rng;
mod ruleset;
mod schema;
mod setup_check;
pub mod table;
pub mod verify;

pub use dynamic::{play_bots, BotGame, DynRuleset, Game, ParsedOrders, Registered};
pub use matches::{Match, TurnReport};
pub use record;
pub use rng::GameRng;
pub use ruleset::{
    place_rules_seats, Bot, FileProtocol, OptionSpec, OrderIssue, Outcome, RecordTurn, RulesSeat,
    Ruleset, Seat, SeatInfo, SeatSpec, Setup, SetupError, ViewFiles,
};
pub use setup_check::{check_options, check_players, OptionsFrom, LIB_OPTION, LOCAL_OPTIONS};
pub use table::{Table, TableAct};
