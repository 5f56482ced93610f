//! Every legality check, in the rulebook's order (tae spec 7).
//!
//! Submission checks run against a [`Table`]: what the submitting player can
//! see. Both the full state (the host) and a seat's view (a bot) are tables,
//! so a bot asks exactly the questions the host will, with the same code.
//! The orders' own checks (7.3 to 7.5) take only the board and run again at
//! resolution with the resolution-only checks switched on.

use crate::board::{Board, Kind, Leader, Pos, Terrain};
use crate::orders::{Order, Reason};
use crate::pieces::{setup_piece, SetupPiece};
use crate::regions::Regions;

/// At most this many normal orders per player per turn (tae spec 7.2).
pub const MAX_NORMAL_ORDERS: usize = 2;

/// What kind of turn is open, as the checks need it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TurnKind {
    Normal,
    Combat {
        attacker: usize,
        defender: usize,
        reinforcement: Kind,
    },
    Over,
}

/// A piece, as far as the submitting side knows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece {
    Colonist { owner: usize, kind: Kind },
    Leader(Leader),
    Bomber { owner: usize },
}

impl Piece {
    pub fn owner(&self) -> usize {
        match *self {
            Piece::Colonist { owner, .. } | Piece::Bomber { owner } => owner,
            Piece::Leader(l) => l.owner,
        }
    }
}

/// What submission checks look at.
pub trait Table {
    fn board(&self) -> &Board;
    fn turn_kind(&self) -> TurnKind;
    /// The piece `id` names, if it is still in the game (a used colonist or
    /// bomber is not).
    fn piece(&self, id: u64) -> Option<Piece>;
}

/// Looks up a leader or bomber identifier; bombers must still be unused.
pub fn setup_piece_of(
    id: u64,
    players: usize,
    unused_bomber: impl Fn(usize) -> bool,
) -> Option<Piece> {
    match setup_piece(id, players)? {
        SetupPiece::Leader(l) => Some(Piece::Leader(l)),
        SetupPiece::Bomber { owner } => unused_bomber(owner).then_some(Piece::Bomber { owner }),
    }
}

/// Checks a seat's orders in submission order, each against the orders
/// accepted before it (a rejected order counts toward nothing, tae spec
/// 7.1). Returns the rejected orders' indexes with their reasons; an empty
/// list means every order is accepted.
pub fn check_orders(table: &impl Table, seat: usize, orders: &[Order]) -> Vec<(usize, Reason)> {
    let mut accepted: Vec<Order> = vec![];
    let mut rejected = vec![];
    for (i, order) in orders.iter().enumerate() {
        let verdict = match order {
            Order::Reinforce { colonist } => check_reinforce(table, seat, *colonist, &accepted),
            _ => check_normal(table, seat, order, &accepted),
        };
        match verdict {
            Ok(()) => accepted.push(*order),
            Err(reason) => rejected.push((i, reason)),
        }
    }
    rejected
}

/// A normal order at submission (tae spec 7.2, then the order's own checks).
pub fn check_normal(
    table: &impl Table,
    seat: usize,
    order: &Order,
    accepted: &[Order],
) -> Result<(), Reason> {
    match table.turn_kind() {
        TurnKind::Over => return Err(Reason::GameOver),
        TurnKind::Combat { .. } => return Err(Reason::CombatTurn),
        TurnKind::Normal => {}
    }
    let normal: Vec<&Order> = accepted
        .iter()
        .filter(|o| !matches!(o, Order::Reinforce { .. }))
        .collect();
    if normal.len() >= MAX_NORMAL_ORDERS {
        return Err(Reason::TooManyOrders);
    }
    let piece = table.piece(order.piece()).ok_or(Reason::UnknownPiece)?;
    if piece.owner() != seat {
        return Err(Reason::NotYourPiece);
    }
    let fits = matches!(
        (order, piece),
        (Order::Colonize { .. }, Piece::Colonist { .. })
            | (Order::Move { .. }, Piece::Leader(_))
            | (Order::Bomb { .. }, Piece::Bomber { .. })
    );
    if !fits {
        return Err(Reason::WrongPieceKind);
    }
    if normal.iter().any(|o| o.piece() == order.piece()) {
        return Err(Reason::PieceAlreadyOrdered);
    }
    let (x, y) = order.target().expect("normal orders have a target");
    let board = table.board();
    let at = board.at(x, y).ok_or(Reason::OffBoard)?;
    if normal.iter().any(|o| o.target() == Some((x, y))) {
        return Err(Reason::SameTargetTwice);
    }
    own_checks(board, piece, at, false)
}

/// Regions computed once for many checks on one board (bots check
/// hundreds of targets a turn). A Move needs its own, with the leader
/// lifted; [`check_move`] computes that itself.
pub fn check_colonize_in(
    board: &Board,
    regions: &Regions,
    kind: Kind,
    at: Pos,
    resolution: bool,
) -> Result<(), Reason> {
    let cell = board.cell(at);
    if *cell == crate::board::Cell::Destroyed {
        return Err(Reason::Destroyed);
    }
    if cell.is_occupied() {
        return Err(Reason::Occupied);
    }
    if !kind.fits(board.terrain(at)) {
        return Err(Reason::WrongTerrain);
    }
    let kingdoms = regions.bordered_kingdoms(board, at);
    if kingdoms.len() >= 3 {
        return Err(Reason::TooManyKingdoms);
    }
    if resolution {
        // Only possible while a conflict of this turn is pending (10.1).
        let mut per_kind = [0usize; 4];
        for r in &kingdoms {
            for (_, l) in regions.leaders(*r) {
                per_kind[l.kind.index()] += 1;
            }
        }
        if per_kind.iter().any(|&n| n >= 3) {
            return Err(Reason::ThreeOfAType);
        }
    }
    Ok(())
}

/// The order's own checks for a known piece and an on-board target.
pub fn own_checks(board: &Board, piece: Piece, at: Pos, resolution: bool) -> Result<(), Reason> {
    match piece {
        Piece::Colonist { kind, .. } => check_colonize(board, kind, at, resolution),
        Piece::Leader(leader) => check_move(board, leader, at, resolution),
        Piece::Bomber { .. } => check_bomb(board, at),
    }
}

/// Colonize a colonist of type `kind` at `at` (tae spec 7.3).
pub fn check_colonize(board: &Board, kind: Kind, at: Pos, resolution: bool) -> Result<(), Reason> {
    check_colonize_in(board, &Regions::of(board, None), kind, at, resolution)
}

/// Move `leader` to `to`, judged with the leader lifted off (tae spec 7.4,
/// decision 18).
pub fn check_move(board: &Board, leader: Leader, to: Pos, resolution: bool) -> Result<(), Reason> {
    let from = board.leader_pos(leader);
    check_move_in(
        board,
        &Regions::of(board, from),
        leader,
        from,
        to,
        resolution,
    )
}

/// [`check_move`] with the regions of the board with the leader lifted
/// (from `from`, where it stands) computed once.
pub fn check_move_in(
    board: &Board,
    regions: &Regions,
    leader: Leader,
    from: Option<Pos>,
    to: Pos,
    resolution: bool,
) -> Result<(), Reason> {
    if from == Some(to) {
        return Err(Reason::AlreadyThere);
    }
    let cell = board.cell(to);
    if *cell == crate::board::Cell::Destroyed {
        return Err(Reason::Destroyed);
    }
    if cell.is_occupied() {
        return Err(Reason::Occupied);
    }
    if board.terrain(to) == Terrain::Uninhabitable {
        return Err(Reason::WrongTerrain);
    }
    if board.scientist_neighbours(to) == 0 {
        return Err(Reason::NoScientistNeighbour);
    }
    let bordered = regions.bordered(board, to);
    if bordered.len() >= 2 {
        return Err(Reason::JoinsRegions);
    }
    if resolution {
        let same = bordered
            .first()
            .map_or(0, |&r| regions.leaders_of(r, leader.kind).len());
        if same >= 2 {
            return Err(Reason::ThreeOfAType);
        }
    }
    Ok(())
}

/// Bomb `at` (tae spec 7.5): anything but a destroyed system.
pub fn check_bomb(board: &Board, at: Pos) -> Result<(), Reason> {
    if *board.cell(at) == crate::board::Cell::Destroyed {
        return Err(Reason::Destroyed);
    }
    Ok(())
}

/// A Reinforce at submission (tae spec 7.6).
pub fn check_reinforce(
    table: &impl Table,
    seat: usize,
    colonist: u64,
    accepted: &[Order],
) -> Result<(), Reason> {
    let reinforcement = match table.turn_kind() {
        TurnKind::Over => return Err(Reason::GameOver),
        TurnKind::Normal => return Err(Reason::NotCombatTurn),
        TurnKind::Combat {
            attacker,
            defender,
            reinforcement,
        } => {
            if seat != attacker && seat != defender {
                return Err(Reason::NotInCombat);
            }
            reinforcement
        }
    };
    let piece = table.piece(colonist).ok_or(Reason::UnknownPiece)?;
    if piece.owner() != seat {
        return Err(Reason::NotYourPiece);
    }
    let Piece::Colonist { kind, .. } = piece else {
        return Err(Reason::WrongPieceKind);
    };
    if accepted.iter().any(|o| o.piece() == colonist) {
        return Err(Reason::PieceAlreadyOrdered);
    }
    if kind != reinforcement {
        return Err(Reason::WrongColonistType);
    }
    Ok(())
}
