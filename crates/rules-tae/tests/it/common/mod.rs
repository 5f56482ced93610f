//! Fixtures for the rulebook's worked examples (tae spec 16): a board from
//! a map, pieces placed directly, hands fixed, then orders submitted and
//! resolved through the same functions the host uses.

#![allow(dead_code)]

use engine::{GameRng, Ruleset, Seat};
use tae::board::{Cell, Colony, Kind, Leader, Pos};
use tae::checks::check_orders;
use tae::pieces::{leader_id, Colonist};
use tae::{Order, Reason, State, Tae};

pub use Kind::{Merchant, Mining, Scientist, Settler};

pub const ALICE: usize = 0;
pub const BOB: usize = 1;
pub const CAROL: usize = 2;

/// A game on `map` (rows top first) for `players`, hands emptied.
pub fn game(map: &[&str], players: usize) -> State {
    let text = map.join("\n");
    let board = tae::map::load(text.as_bytes()).expect("example maps load");
    let mut state =
        State::new("example", board, players, &mut GameRng::from_seed(7)).expect("2 to 4 players");
    for p in &mut state.players {
        p.hand.clear();
    }
    state
}

pub fn at(x: u16, y: u16) -> Pos {
    Pos::new(x, y)
}

pub fn colony(state: &mut State, x: u16, y: u16, kind: Kind) {
    state.board.set(
        at(x, y),
        Cell::Colony(Colony {
            kind,
            artifact: false,
            id: None,
            placed_by: None,
        }),
    );
}

pub fn leader(state: &mut State, owner: usize, kind: Kind, x: u16, y: u16) {
    state
        .board
        .set(at(x, y), Cell::Leader(Leader { owner, kind }));
}

/// Gives `seat` a hand of these types, with fresh identifiers.
pub fn hand(state: &mut State, seat: usize, kinds: &[Kind]) {
    state.players[seat].hand = kinds
        .iter()
        .map(|&kind| {
            let id = state.next_id;
            state.next_id += 1;
            Colonist { id, kind }
        })
        .collect();
}

/// The identifiers of `seat`'s colonists of `kind`, in hand order.
pub fn colonists(state: &State, seat: usize, kind: Kind) -> Vec<u64> {
    state.players[seat]
        .hand
        .iter()
        .filter(|c| c.kind == kind)
        .map(|c| c.id)
        .collect()
}

pub fn colonize(state: &State, seat: usize, kind: Kind, x: i64, y: i64) -> Order {
    let colonist = colonists(state, seat, kind)[0];
    Order::Colonize { colonist, x, y }
}

pub fn move_to(seat: usize, kind: Kind, x: i64, y: i64) -> Order {
    Order::Move {
        leader: leader_id(Leader { owner: seat, kind }),
        x,
        y,
    }
}

pub fn bomb(state: &State, seat: usize, x: i64, y: i64) -> Order {
    let bomber = state.players[seat].bombers[0];
    Order::Bomb { bomber, x, y }
}

pub fn reinforce(ids: &[u64]) -> Vec<Order> {
    ids.iter()
        .map(|&colonist| Order::Reinforce { colonist })
        .collect()
}

/// The rejections of a submission, by order index.
pub fn rejected(state: &State, seat: usize, orders: &[Order]) -> Vec<(usize, Reason)> {
    check_orders(state, seat, orders)
}

/// Submits every seat's orders (all must be accepted) and resolves the turn.
pub fn play(state: &mut State, orders: &[(usize, Vec<Order>)]) {
    let mut given = vec![];
    for (seat, o) in orders {
        let r = Tae.check(state, Seat(*seat), o);
        assert!(r.is_ok(), "seat {seat}'s orders were rejected: {r:?}");
        given.push((Seat(*seat), o.clone()));
    }
    Tae.resolve(state, &given, &mut GameRng::from_seed(11), None);
}

/// The regions as sorted lists of systems, sorted.
pub fn regions(state: &State) -> Vec<Vec<Pos>> {
    tae::regions::Regions::of(&state.board, None).components(&state.board)
}

/// A region given as `(x, y)` pairs, for comparing with [`regions`].
pub fn region(systems: &[(u16, u16)]) -> Vec<Pos> {
    let mut v: Vec<Pos> = systems.iter().map(|&(x, y)| at(x, y)).collect();
    v.sort();
    v
}

pub fn sorted(mut rs: Vec<Vec<Pos>>) -> Vec<Vec<Pos>> {
    rs.sort();
    rs
}

/// Money, Technology, People, Raw Materials of a seat.
pub fn points(state: &State, seat: usize) -> [u32; 4] {
    state.players[seat].score.points
}

pub fn leader_at(state: &State, owner: usize, kind: Kind) -> Option<Pos> {
    state.board.leader_pos(Leader { owner, kind })
}
