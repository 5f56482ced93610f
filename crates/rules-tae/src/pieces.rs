//! What players own off the board: hands of colonists, bombers, score
//! counters, and the shared pool with its seeded draw (tae spec 3, 12, 14).
//!
//! Piece identifiers follow one counter (tae spec 3.4): seat `s` owns
//! leaders `6s+1..=6s+4` (in type order) and bombers `6s+5`, `6s+6`; later
//! numbers are colonists in draw order. Leader and bomber identifiers can
//! therefore be computed, never stored.

use engine::GameRng;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::board::{Kind, Leader};

/// Colonists in a full hand.
pub const HAND_SIZE: usize = 6;
/// Identifiers each seat gets at setup: four leaders and two bombers.
pub const IDS_PER_SEAT: u64 = 6;

/// A colonist in a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Colonist {
    /// Its identifier, which orders name.
    pub id: u64,
    /// Its civilisation: the colony it founds is of this type.
    pub kind: Kind,
}

/// One player's five counters (tae spec 3.1). They never decrease.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
pub struct Score {
    /// Money, Technology, People, Raw Materials: the points of each
    /// civilisation in type order (merchant, scientist, settler, mining).
    pub points: [u32; 4],
    /// Wildcards (artifacts), each added at the end to the lowest of the
    /// four.
    pub artifacts: u32,
}

impl Score {
    pub fn gain(&mut self, kind: Kind, n: u32) {
        self.points[kind.index()] += n;
    }

    pub fn get(&self, kind: Kind) -> u32 {
        self.points[kind.index()]
    }

    /// Every point, wildcards included (never decreases: a property test).
    pub fn total(&self) -> u32 {
        self.points.iter().sum::<u32>() + self.artifacts
    }
}

/// A player's pieces off the board. Leaders in hand are not listed: a
/// leader is in hand exactly when it is not on the board.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Player {
    pub hand: Vec<Colonist>,
    /// Identifiers of the bombers not yet used.
    pub bombers: Vec<u64>,
    pub score: Score,
}

impl Player {
    pub fn colonist(&self, id: u64) -> Option<Colonist> {
        self.hand.iter().copied().find(|c| c.id == id)
    }

    /// How many colonists of `kind` the hand holds.
    pub fn count(&self, kind: Kind) -> usize {
        self.hand.iter().filter(|c| c.kind == kind).count()
    }
}

/// A leader's identifier.
pub fn leader_id(leader: Leader) -> u64 {
    leader.owner as u64 * IDS_PER_SEAT + 1 + leader.kind.index() as u64
}

/// Seat `s`'s two bomber identifiers.
pub fn bomber_ids(seat: usize) -> [u64; 2] {
    let base = seat as u64 * IDS_PER_SEAT;
    [base + 5, base + 6]
}

/// What a setup identifier names, for `players` seats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetupPiece {
    Leader(Leader),
    Bomber { owner: usize },
}

/// Reads a leader or bomber identifier; `None` for colonist identifiers.
pub fn setup_piece(id: u64, players: usize) -> Option<SetupPiece> {
    if id == 0 || id > players as u64 * IDS_PER_SEAT {
        return None;
    }
    let owner = ((id - 1) / IDS_PER_SEAT) as usize;
    match (id - 1) % IDS_PER_SEAT {
        k @ 0..=3 => Some(SetupPiece::Leader(Leader {
            owner,
            kind: Kind::ALL[k as usize],
        })),
        _ => Some(SetupPiece::Bomber { owner }),
    }
}

/// The shared pool, by type (tae spec 3.2). Its composition is secret.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pool {
    pub counts: [u32; 4],
}

impl Pool {
    /// 30 merchants, 57 scientists, 30 settlers, 36 mining: 153.
    pub const START: Pool = Pool {
        counts: [30, 57, 30, 36],
    };

    pub fn total(&self) -> u32 {
        self.counts.iter().sum()
    }

    /// One weighted draw (tae spec 14): a uniform `k` below the pool's size
    /// walks the types in order. `None` when the pool is empty.
    pub fn draw(&mut self, rng: &mut GameRng) -> Option<Kind> {
        let n = self.total();
        if n == 0 {
            return None;
        }
        let kind = self.pick(rng.below(n));
        self.counts[kind.index()] -= 1;
        Some(kind)
    }

    /// The type `k` (below the total) stands for.
    pub fn pick(&self, mut k: u32) -> Kind {
        for kind in Kind::ALL {
            let c = self.counts[kind.index()];
            if k < c {
                return kind;
            }
            k -= c;
        }
        Kind::Mining
    }
}
