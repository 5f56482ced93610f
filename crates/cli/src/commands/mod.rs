//! One module per subcommand of `orderly`.

pub mod bot;
pub mod demo;
pub mod fullthrust;
pub mod gdl;
pub mod gzf;
pub mod record;
pub mod render;
pub mod serve;
pub mod tae;
pub mod tournament;
pub mod ttrts;

/// The current time for records.
pub fn now() -> String {
    ::record::time::now_iso8601()
}
