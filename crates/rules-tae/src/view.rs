//! What one seat (or a spectator) may see (tae spec 15, decisions 14, 34,
//! 35): the whole board, every counter, hand sizes, leaders in hand,
//! bombers left, the pool's total, the conflict queue, and the last turn's
//! events it may see; the types of its own hand only. The pool's
//! composition, the generator and other seats' hands never appear, and
//! reinforcements live only in the host's pending orders, never in the
//! state, so no view can show them before the combat is resolved.
//!
//! The same view is written to files, served as JSON and read by bots.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::board::{Board, Kind, Leader};
use crate::checks::{setup_piece_of, Piece, Table, TurnKind};
use crate::pieces::{Colonist, Score, IDS_PER_SEAT};
use crate::state::{Conflict, Phase, State};

/// One seat's public side.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PlayerView {
    /// How many colonists the hand holds (not their types).
    pub hand: usize,
    /// Leaders in hand, in type order.
    pub leaders_in_hand: Vec<Kind>,
    /// Unused bombers' identifiers.
    pub bombers: Vec<u64>,
    /// The seat's counters.
    pub score: Score,
}

/// A seat's view of the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct View {
    /// The map's name.
    pub title: String,
    /// The current turn, from 0 (combat turns count too).
    pub turn: u64,
    /// Whose view this is (seat from 0); `null` for a spectator.
    pub seat: Option<usize>,
    /// Every system: terrain and what it holds.
    pub board: Board,
    /// The first-player seat of the current (or next) normal turn.
    pub first: usize,
    /// The seats in the resolution order of that normal turn.
    pub order: Vec<usize>,
    /// Artifacts still on the board.
    pub artifacts: usize,
    /// What kind of turn is open (normal, combat, over).
    pub phase: Phase,
    /// Each seat's public side, in seat order.
    pub players: Vec<PlayerView>,
    /// The viewer's own colonists (empty for a spectator).
    pub hand: Vec<Colonist>,
    /// Colonists left in the pool (the total only).
    pub pool: u32,
    /// Conflicts waiting to be fought after the current one, in order.
    pub queue: Vec<Conflict>,
    /// The last turn's events this viewer may see, in words.
    pub events: Vec<String>,
}

/// Builds `seat`'s view of `state`.
pub fn view(state: &State, seat: Option<usize>) -> View {
    let seat = seat.filter(|&s| s < state.seats());
    View {
        title: state.title.clone(),
        turn: state.turn,
        seat,
        board: state.board.clone(),
        first: state.first,
        order: state.resolution_order(),
        artifacts: state.board.artifacts(),
        phase: state.phase.clone(),
        players: state
            .players
            .iter()
            .enumerate()
            .map(|(owner, p)| PlayerView {
                hand: p.hand.len(),
                leaders_in_hand: Kind::ALL
                    .into_iter()
                    .filter(|&kind| state.board.leader_pos(Leader { owner, kind }).is_none())
                    .collect(),
                bombers: p.bombers.clone(),
                score: p.score,
            })
            .collect(),
        hand: seat
            .map(|s| state.players[s].hand.clone())
            .unwrap_or_default(),
        pool: state.pool.total(),
        queue: state.queue.clone(),
        events: state
            .events
            .iter()
            .filter(|e| e.visible_to(seat))
            .map(|e| e.describe())
            .collect(),
    }
}

impl View {
    /// The combat being fought, if this is a combat turn.
    pub fn combat(&self) -> Option<&crate::state::Combat> {
        match &self.phase {
            Phase::Combat(c) => Some(c),
            _ => None,
        }
    }
}

impl Table for View {
    fn board(&self) -> &Board {
        &self.board
    }

    fn turn_kind(&self) -> TurnKind {
        self.phase.turn_kind()
    }

    /// Other seats' colonists are unknown to a view; a bot only ever names
    /// its own, which the view knows.
    fn piece(&self, id: u64) -> Option<Piece> {
        let seats = self.players.len();
        if id <= seats as u64 * IDS_PER_SEAT {
            return setup_piece_of(id, seats, |owner| self.players[owner].bombers.contains(&id));
        }
        let owner = self.seat?;
        self.hand
            .iter()
            .find(|c| c.id == id)
            .map(|c| Piece::Colonist {
                owner,
                kind: c.kind,
            })
    }
}
