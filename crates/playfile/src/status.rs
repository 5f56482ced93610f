//! `status.json`: what a game folder waits for, for outside programs.

use engine::{Game, Outcome, Seat};
use serde::{Deserialize, Serialize};

/// The file name of the status file in a game folder.
pub const STATUS_FILE: &str = "status.json";

/// The state of a game folder between turns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Status {
    pub ruleset: String,
    pub turn: u64,
    /// The seats' names, in seat order.
    #[serde(default)]
    pub seats: Vec<String>,
    /// Seats whose orders are awaited, with the file each must write and the
    /// view files it should read.
    pub awaiting: Vec<SeatFiles>,
    /// Set once the game is over.
    pub outcome: Option<Outcome>,
}

/// One awaited seat's files.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatFiles {
    pub seat: Seat,
    pub views: Vec<String>,
    pub orders: String,
}

impl Status {
    /// The status of `game` now, listing the given seats (those of them
    /// that are awaited) with the names of their view files, as
    /// [`crate::views_for`] gives them: the files are not made again just
    /// for their names.
    pub fn with_view_names(game: &dyn Game, seats: Vec<crate::SeatViews>) -> Status {
        let awaited = game.awaiting();
        let awaiting = seats
            .into_iter()
            .filter(|(seat, _)| awaited.contains(seat))
            .map(|(seat, views)| SeatFiles {
                seat,
                views,
                orders: game.orders_file_name(seat),
            })
            .collect();
        Status {
            ruleset: game.ruleset().to_string(),
            turn: game.turn(),
            seats: game.seats().into_iter().map(|s| s.name).collect(),
            awaiting,
            outcome: game.outcome(),
        }
    }
}
