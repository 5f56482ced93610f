//! One module per subcommand of `orderly`.

pub mod bot;
pub mod fullthrust;
pub mod record;
pub mod tournament;
pub mod ttrts;

/// The current time for records.
pub fn now() -> String {
    ::record::time::now_iso8601()
}
pub mod gzf;
