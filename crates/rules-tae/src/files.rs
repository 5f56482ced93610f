//! The text files of play by files (`docs/tae-files.md`): their names and
//! what they share. Each format has its own module: [`crate::view_file`]
//! writes a seat's view, [`crate::view_parse`] reads it back (for bots
//! playing by files), [`crate::orders_file`] reads and writes orders.

pub use crate::orders_file::{parse_orders, write_orders};
pub use crate::view_file::{board_picture, write_view};
pub use crate::view_parse::parse_view;

/// The first line of every view file.
pub const VIEW_HEADER: &str = "TaE view";
/// The line that ends a view or orders file.
pub const END: &str = "END";
/// The largest orders file read, in bytes.
pub const MAX_ORDERS_BYTES: usize = 64 << 10;

/// `View_1_Turn_3.txt` for seat 1, `View_Turn_3.txt` for spectators.
pub fn view_file_name(seat: Option<usize>, turn: u64) -> String {
    match seat {
        Some(s) => format!("View_{s}_Turn_{turn}.txt"),
        None => format!("View_Turn_{turn}.txt"),
    }
}

/// `Orders_1_Turn_3.txt`.
pub fn orders_file_name(seat: usize, turn: u64) -> String {
    format!("Orders_{seat}_Turn_{turn}.txt")
}

/// A problem in a file, at a 1-based line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileError {
    pub line: usize,
    pub column: Option<usize>,
    pub message: String,
}
