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
    /// Once the game is over, each seat's view files of its final turn,
    /// which show how it ended (absent before: `awaiting` names the views
    /// of the seats that play on).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub final_views: Vec<SeatViewFiles>,
}

/// A seat's view files, with no orders owed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatViewFiles {
    pub seat: Seat,
    pub views: Vec<String>,
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
    /// for their names. Once the game is over, the seats given are its
    /// `final_views`.
    pub fn with_view_names(game: &dyn Game, seats: Vec<crate::SeatViews>) -> Status {
        let outcome = game.outcome();
        let (awaiting, final_views) = if outcome.is_some() {
            let views = seats
                .into_iter()
                .map(|(seat, views)| SeatViewFiles { seat, views })
                .collect();
            (Vec::new(), views)
        } else {
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
            (awaiting, Vec::new())
        };
        Status {
            ruleset: game.ruleset().to_string(),
            turn: game.turn(),
            seats: game.seats().into_iter().map(|s| s.name).collect(),
            awaiting,
            outcome,
            final_views,
        }
    }

    /// The status of a game ended from outside its rules (a host's turn
    /// limit): no orders are owed, and the views the awaited seats were
    /// given are their final views.
    pub fn finish(&mut self, outcome: Option<Outcome>) {
        let owed = std::mem::take(&mut self.awaiting);
        self.final_views
            .extend(owed.into_iter().map(|s| SeatViewFiles {
                seat: s.seat,
                views: s.views,
            }));
        self.outcome = outcome;
    }
}
