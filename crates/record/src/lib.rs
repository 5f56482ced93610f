//! The game record: one JSON format for every game the host plays.
//!
//! The format is the "Game Data" format of the Tactics engine, as
//! `specs/game-record.md` describes it: a record holds the seats (`teams`),
//! one entry per turn with a snapshot of the units at its start and the
//! actions resolved in it, timestamps and the winner. The project adds a few
//! fields (all allowed by the format's "extra fields" rule) so a game can be
//! re-verified: `seed`, `rulesetVersion`, `setup`, and each turn's `orders`.
//!
//! This crate only reads, checks and writes JSON; it knows nothing of the
//! rules. [`read_record`] reads the text straight into the typed
//! [`GameRecord`], applying every check on the way (`fast`, a byte-level
//! reader for the records writers write, and `typed`, serde visitors for
//! whatever it does not expect); only a record
//! that fails there is read the slow way, so every error can name a JSON
//! path: [`check::check_value`] walks the raw `serde_json::Value` and
//! reports what is wrong where (a record it accepts is then turned into the
//! typed one, identical to the fast path's). Unknown fields are kept (in
//! `extra`, [`OtherFields`], in their order) so a record read and written
//! again loses nothing; a record read from text keeps them as text until
//! someone looks inside (see `other_fields`).

pub mod check;
mod convert;
pub mod diff;
mod fast;
mod model;
mod other_fields;
mod small;
pub mod time;
mod typed;

pub use check::{read_record, Problem, ReadError, Severity};
pub use diff::{first_difference, records_agree};
pub use model::{Action, ActionResult, GameRecord, Team, Turn, UnitData, Winner, SEEN_BY};
pub use other_fields::OtherFields;
pub use small::{Position, TypeName};
