//! The whole game state, as saved between turns, and setup (tae spec 4).
//!
//! Everything here is the host's: the pool's composition and every hand's
//! types are secret, so the state never reaches a player directly; views
//! ([`crate::view`]) cut it down per seat.

use engine::{GameRng, SetupError};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::board::{Board, Kind, Leader, Pos};
use crate::events::Event;
use crate::pieces::{bomber_ids, Colonist, Player, Pool, HAND_SIZE, IDS_PER_SEAT};
use crate::scoring::FinalTable;

/// Seats a game may have (tae spec 4, decision 15).
pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 4;

/// What queued a conflict (tae spec 10.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Cause {
    /// A leader moved into a region holding one of its type.
    Internal,
    /// A colony on `uniting` joined two regions that both held one.
    External {
        /// The system whose colony joined the regions.
        uniting: Pos,
    },
}

/// A conflict record: two leaders of one type, in different hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Conflict {
    /// What queued it, named by `kind`.
    pub cause: Cause,
    /// The type of the two leaders in conflict.
    pub leader: Kind,
    /// The seat owning the attacking leader.
    pub attacker: usize,
    /// The seat owning the defending leader.
    pub defender: usize,
}

impl Conflict {
    pub fn attacker_leader(&self) -> Leader {
        Leader {
            owner: self.attacker,
            kind: self.leader,
        }
    }

    pub fn defender_leader(&self) -> Leader {
        Leader {
            owner: self.defender,
            kind: self.leader,
        }
    }
}

/// The combat fought in a combat turn, as announced (tae spec 10.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Combat {
    /// The conflict being fought.
    pub conflict: Conflict,
    /// True for an external combat; an external record whose sides are no
    /// longer apart is fought as internal (tae spec 10.2).
    pub external: bool,
    /// The colonist type that may reinforce.
    pub reinforcement: Kind,
    /// Where the attacking leader stands.
    pub attacker_at: Pos,
    /// Where the defending leader stands.
    pub defender_at: Pos,
    /// The attacker's strength before reinforcements.
    pub attacker_strength: u32,
    /// The defender's strength before reinforcements.
    pub defender_strength: u32,
}

/// What kind of turn is open, named by its `turn` field: `normal`,
/// `combat` (with the combat's fields beside it) or `over` (with the final
/// table's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "turn", rename_all = "lowercase")]
pub enum Phase {
    Normal,
    Combat(Combat),
    Over(FinalTable),
}

impl Phase {
    /// What the checks need to know about the open turn.
    pub fn turn_kind(&self) -> crate::checks::TurnKind {
        use crate::checks::TurnKind;
        match self {
            Phase::Normal => TurnKind::Normal,
            Phase::Combat(c) => TurnKind::Combat {
                attacker: c.conflict.attacker,
                defender: c.conflict.defender,
                reinforcement: c.reinforcement,
            },
            Phase::Over(_) => TurnKind::Over,
        }
    }
}

/// The game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The map's name.
    pub title: String,
    pub board: Board,
    pub players: Vec<Player>,
    pub pool: Pool,
    /// The first-player seat of the next normal turn.
    pub first: usize,
    pub turn: u64,
    pub phase: Phase,
    /// Conflicts waiting to be fought, first in first out.
    pub queue: Vec<Conflict>,
    /// The next piece identifier (tae spec 3.4).
    pub next_id: u64,
    /// What happened in the last resolved turn, for views and records.
    pub events: Vec<Event>,
}

impl State {
    /// A game on `board` for `players` seats, hands drawn from a full pool
    /// seat by seat (tae spec 4).
    pub fn new(
        title: &str,
        board: Board,
        players: usize,
        rng: &mut GameRng,
    ) -> Result<State, SetupError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(SetupError::at(
                "seats",
                format!("TaE is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}"),
            ));
        }
        let mut state = State {
            title: title.to_string(),
            board,
            players: (0..players)
                .map(|s| Player {
                    bombers: bomber_ids(s).to_vec(),
                    ..Player::default()
                })
                .collect(),
            pool: Pool::START,
            first: 0,
            turn: 1,
            phase: Phase::Normal,
            queue: vec![],
            next_id: players as u64 * IDS_PER_SEAT + 1,
            events: vec![],
        };
        state.refill(rng);
        Ok(state)
    }

    pub fn seats(&self) -> usize {
        self.players.len()
    }

    pub fn is_over(&self) -> bool {
        matches!(self.phase, Phase::Over(_))
    }

    pub fn combat(&self) -> Option<&Combat> {
        match &self.phase {
            Phase::Combat(c) => Some(c),
            _ => None,
        }
    }

    /// Seats in resolution order for a normal turn: `F, F+1, ..., F-1`.
    pub fn resolution_order(&self) -> Vec<usize> {
        let n = self.seats();
        (0..n).map(|i| (self.first + i) % n).collect()
    }

    /// Tops every hand up to six, seat by seat (tae spec 12). Returns false
    /// when a needed draw found the pool empty, which ends the game.
    pub fn refill(&mut self, rng: &mut GameRng) -> bool {
        for seat in 0..self.seats() {
            while self.players[seat].hand.len() < HAND_SIZE {
                let Some(kind) = self.pool.draw(rng) else {
                    return false;
                };
                let id = self.next_id;
                self.next_id += 1;
                self.players[seat].hand.push(Colonist { id, kind });
            }
        }
        true
    }

    /// Sends a leader standing on `p` back to its owner's hand.
    pub fn send_home(&mut self, p: Pos) -> Option<Leader> {
        let leader = self.board.cell(p).leader()?;
        self.board.set(p, crate::board::Cell::Empty);
        self.events.push(Event::LeaderHome { leader, from: p });
        Some(leader)
    }

    /// Leader support (tae spec 9.4): after every removal, leaders with no
    /// neighbouring scientist colony go home. One pass suffices, since
    /// sending leaders home removes no scientist colony.
    pub fn apply_leader_support(&mut self) {
        let unsupported: Vec<Pos> = self
            .board
            .leaders()
            .filter(|(p, _)| self.board.scientist_neighbours(*p) == 0)
            .map(|(p, _)| p)
            .collect();
        for p in unsupported {
            self.send_home(p);
        }
    }
}

impl crate::checks::Table for State {
    fn board(&self) -> &Board {
        &self.board
    }

    fn turn_kind(&self) -> crate::checks::TurnKind {
        self.phase.turn_kind()
    }

    fn piece(&self, id: u64) -> Option<crate::checks::Piece> {
        use crate::checks::{setup_piece_of, Piece};
        if id <= self.seats() as u64 * IDS_PER_SEAT {
            return setup_piece_of(id, self.seats(), |owner| {
                self.players[owner].bombers.contains(&id)
            });
        }
        self.players.iter().enumerate().find_map(|(owner, p)| {
            p.colonist(id).map(|c| Piece::Colonist {
                owner,
                kind: c.kind,
            })
        })
    }
}
