//! One module per subcommand of `orderly`; `table` holds what the game
//! commands share.

pub mod bot;
pub mod demo;
pub mod gdl;
pub mod gzf;
pub mod maps;
pub mod play;
pub mod record;
pub mod render;
pub mod replay;
pub mod rulesets;
pub mod serve;
pub mod table;
pub mod tournament;

/// The turn limit of every game command unless told otherwise (the host's
/// default too).
pub const MAX_TURNS: u64 = host::host::DEFAULT_MAX_TURNS;

/// The current time for records.
pub fn now() -> String {
    ::record::time::now_iso8601()
}
