//! The four orders and the reasons an order is refused (tae spec 7, 7.7).
//!
//! Targets are kept as signed numbers exactly as the player gave them, so an
//! order aimed off the board can be read and then refused with `off_board`
//! rather than failing to parse.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One order, named by its `order` field, e.g.
/// `{"order": "colonize", "colonist": 19, "x": 2, "y": 3}`. A normal turn
/// takes at most two orders of the first three kinds; a combat turn takes
/// only `reinforce`, from the two seats in the combat (tae spec 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
// A misspelt field is refused rather than read as a default.
#[serde(tag = "order", rename_all = "lowercase", deny_unknown_fields)]
pub enum Order {
    /// Put a colonist of the seat's hand on an empty inhabitable system.
    Colonize {
        /// The colonist's identifier (`hand[].id` of the view).
        colonist: u64,
        /// The system's column (0 is the west edge).
        x: i64,
        /// The system's row (0 is the south edge).
        y: i64,
    },
    /// Put one of the seat's leaders (from its hand or the board) on an
    /// empty inhabitable system next to a colony.
    Move {
        /// The leader's identifier: seat `s` owns leaders `6s+1` to `6s+4`
        /// (merchant, scientist, settler, mining).
        leader: u64,
        /// The system's column.
        x: i64,
        /// The system's row.
        y: i64,
    },
    /// Destroy a system with one of the seat's unused bombers.
    Bomb {
        /// The bomber's identifier (`players[seat].bombers` of the view).
        bomber: u64,
        /// The system's column.
        x: i64,
        /// The system's row.
        y: i64,
    },
    /// Commit a colonist of the combat's reinforcement type (`phase.reinforcement`)
    /// from the seat's hand to the combat being fought.
    Reinforce {
        /// The colonist's identifier (`hand[].id` of the view).
        colonist: u64,
    },
}

/// One seat's orders for one turn, in submission order: a JSON array of
/// [`Order`]s (empty passes).
pub type Orders = Vec<Order>;

impl Order {
    /// The piece the order uses.
    pub fn piece(&self) -> u64 {
        match *self {
            Order::Colonize { colonist, .. } | Order::Reinforce { colonist } => colonist,
            Order::Move { leader, .. } => leader,
            Order::Bomb { bomber, .. } => bomber,
        }
    }

    /// The target system, for the three normal orders.
    pub fn target(&self) -> Option<(i64, i64)> {
        match *self {
            Order::Colonize { x, y, .. } | Order::Move { x, y, .. } | Order::Bomb { x, y, .. } => {
                Some((x, y))
            }
            Order::Reinforce { .. } => None,
        }
    }

    /// The order's verb, as written in order files.
    pub fn verb(&self) -> &'static str {
        match self {
            Order::Colonize { .. } => "colonize",
            Order::Move { .. } => "move",
            Order::Bomb { .. } => "bomb",
            Order::Reinforce { .. } => "reinforce",
        }
    }

    /// The order as one line of an orders file (`docs/tae-files.md`).
    pub fn text(&self) -> String {
        match self.target() {
            Some((x, y)) => format!("{} {} {x} {y}", self.verb(), self.piece()),
            None => format!("{} {}", self.verb(), self.piece()),
        }
    }
}

/// Why an order is rejected at submission or fails at resolution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    GameOver,
    CombatTurn,
    NotCombatTurn,
    NotInCombat,
    TooManyOrders,
    UnknownPiece,
    NotYourPiece,
    WrongPieceKind,
    PieceAlreadyOrdered,
    OffBoard,
    SameTargetTwice,
    Destroyed,
    Occupied,
    WrongTerrain,
    TooManyKingdoms,
    AlreadyThere,
    NoScientistNeighbour,
    JoinsRegions,
    ThreeOfAType,
    WrongColonistType,
}

impl Reason {
    /// The rulebook's name for the reason (tae spec 7.7).
    pub fn code(self) -> &'static str {
        match self {
            Reason::GameOver => "game_over",
            Reason::CombatTurn => "combat_turn",
            Reason::NotCombatTurn => "not_combat_turn",
            Reason::NotInCombat => "not_in_combat",
            Reason::TooManyOrders => "too_many_orders",
            Reason::UnknownPiece => "unknown_piece",
            Reason::NotYourPiece => "not_your_piece",
            Reason::WrongPieceKind => "wrong_piece_kind",
            Reason::PieceAlreadyOrdered => "piece_already_ordered",
            Reason::OffBoard => "off_board",
            Reason::SameTargetTwice => "same_target_twice",
            Reason::Destroyed => "destroyed",
            Reason::Occupied => "occupied",
            Reason::WrongTerrain => "wrong_terrain",
            Reason::TooManyKingdoms => "too_many_kingdoms",
            Reason::AlreadyThere => "already_there",
            Reason::NoScientistNeighbour => "no_scientist_neighbour",
            Reason::JoinsRegions => "joins_regions",
            Reason::ThreeOfAType => "three_of_a_type",
            Reason::WrongColonistType => "wrong_colonist_type",
        }
    }

    /// What is wrong and what to do about it, for the player.
    pub fn advice(self) -> &'static str {
        match self {
            Reason::GameOver => "the game has ended; no orders are taken",
            Reason::CombatTurn => "this is a combat turn: only the two combatants may send `reinforce` orders",
            Reason::NotCombatTurn => "`reinforce` is only for combat turns; colonize, move or bomb instead",
            Reason::NotInCombat => "only the attacker's and the defender's owners may reinforce",
            Reason::TooManyOrders => "at most 2 orders a turn; remove one",
            Reason::UnknownPiece => "no such piece, or it has left the game; use an identifier from your view",
            Reason::NotYourPiece => "that piece is another player's; use one of your own",
            Reason::WrongPieceKind => "colonize takes a colonist, move a leader, bomb a bomber, reinforce a colonist",
            Reason::PieceAlreadyOrdered => "each piece takes one order a turn; remove the repeat",
            Reason::OffBoard => "the target is not on the board; x runs from 0 to width-1, y from 0 to height-1",
            Reason::SameTargetTwice => "your two orders aim at one system; pick another target",
            Reason::Destroyed => "the system was bombed and can never be used again",
            Reason::Occupied => "the system already holds a colony or a leader; pick an empty one",
            Reason::WrongTerrain => "mining colonists go on uninhabitable systems (M); others and leaders on inhabitable ones",
            Reason::TooManyKingdoms => "the system borders three or more regions with leaders; pick one bordering at most two",
            Reason::AlreadyThere => "the leader already stands there",
            Reason::NoScientistNeighbour => "a leader must stand next to a scientist colony (an artifact system counts)",
            Reason::JoinsRegions => "a leader may not border two regions; pick a system next to only one",
            Reason::ThreeOfAType => "this would put three leaders of one type in one region",
            Reason::WrongColonistType => "reinforce with colonists of this combat's reinforcement type",
        }
    }
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}
