//! Carrying out the normal orders at resolution: the re-check, then the
//! effect of Colonize (with its scoring), Move and Bomb (tae spec 7.1, 9).
//!
//! A failed order consumes nothing (decision 36) and is told only to its
//! author through a `Failed` event; it is never retried (decision 8).

use crate::board::{Cell, Colony, Kind, Leader, Pos};
use crate::checks::{own_checks, Piece, Table};
use crate::events::Event;
use crate::orders::{Order, Reason};
use crate::pieces::Colonist;
use crate::regions::Regions;
use crate::state::{Cause, Conflict, State};

/// Re-checks one stored normal order against the board as it is now and,
/// if it still holds, applies it.
pub fn carry_out(state: &mut State, seat: usize, order: &Order) {
    let fail = |state: &mut State, reason: Reason| {
        state.events.push(Event::Failed {
            seat,
            order: *order,
            reason,
        })
    };
    // Submission made sure the piece is the seat's and the target on the
    // board; nothing in a turn takes a piece away from its owner, but a
    // stored order is re-read defensively rather than trusted.
    let piece = match state.piece(order.piece()) {
        Some(p) if p.owner() == seat => p,
        _ => return fail(state, Reason::UnknownPiece),
    };
    let Some(at) = order.target().and_then(|(x, y)| state.board.at(x, y)) else {
        return fail(state, Reason::OffBoard);
    };
    if let Err(reason) = own_checks(&state.board, piece, at, true) {
        return fail(state, reason);
    }
    match piece {
        Piece::Colonist { kind, .. } => colonize(
            state,
            seat,
            Colonist {
                id: order.piece(),
                kind,
            },
            at,
        ),
        Piece::Leader(leader) => move_leader(state, leader, at),
        Piece::Bomber { .. } => bomb(state, seat, order.piece(), at),
    }
}

/// Colonize (tae spec 9.1): place, then either queue the external conflicts
/// of a union of two leader-holding regions, or score in the region.
pub fn colonize(state: &mut State, seat: usize, colonist: Colonist, at: Pos) {
    let regions = Regions::of(&state.board, None);
    let kingdoms = regions.bordered_kingdoms(&state.board, at);
    let sides: Vec<Vec<Leader>> = kingdoms
        .iter()
        .map(|&r| regions.leaders(r).iter().map(|(_, l)| *l).collect())
        .collect();
    state.players[seat].hand.retain(|c| c.id != colonist.id);
    state.board.set(
        at,
        Cell::Colony(Colony {
            kind: colonist.kind,
            artifact: false,
            id: Some(colonist.id),
            placed_by: Some(seat),
        }),
    );
    state.events.push(Event::Colonized {
        seat,
        colonist: colonist.id,
        kind: colonist.kind,
        at,
    });
    if let [a, b] = sides.as_slice() {
        // A union: nobody scores; one record per type both sides lead.
        for kind in Kind::EXTERNAL_ORDER {
            let one = a.iter().find(|l| l.kind == kind);
            let other = b.iter().find(|l| l.kind == kind);
            if let (Some(one), Some(other)) = (one, other) {
                let (attacker, defender) =
                    external_roles(seat, one.owner, other.owner, state.seats());
                let conflict = Conflict {
                    cause: Cause::External { uniting: at },
                    leader: kind,
                    attacker,
                    defender,
                };
                state.queue.push(conflict);
                state.events.push(Event::Queued { conflict });
            }
        }
    } else {
        score_colony(state, at, colonist.kind);
    }
}

/// Attacker and defender of an external conflict (tae spec 10.1, decision
/// 26): the placer's own leader attacks; otherwise the leader whose owner
/// comes first after the placer in seat order.
pub fn external_roles(placer: usize, one: usize, other: usize, seats: usize) -> (usize, usize) {
    if one == placer {
        return (one, other);
    }
    if other == placer {
        return (other, one);
    }
    let after = |s: usize| (s + seats - placer) % seats;
    if after(one) < after(other) {
        (one, other)
    } else {
        (other, one)
    }
}

/// Who scores a colony of type `kind` in a region holding `leaders` (tae
/// spec 9.1 step 4, decisions 21 and 22): the one matching leader's owner;
/// failing a matching leader, the one settler leader's owner (never for a
/// settler colony); with two of the relevant type, nobody.
pub fn scorer(leaders: &[Leader], kind: Kind) -> Option<usize> {
    let owners = |k: Kind| -> Vec<usize> {
        leaders
            .iter()
            .filter(|l| l.kind == k)
            .map(|l| l.owner)
            .collect()
    };
    match owners(kind).as_slice() {
        [one] => Some(*one),
        [] if kind != Kind::Settler => match owners(Kind::Settler).as_slice() {
            [settler] => Some(*settler),
            _ => None,
        },
        _ => None,
    }
}

/// Scores a colony of type `kind` just placed on `at` that did not unite
/// two leader-holding regions.
fn score_colony(state: &mut State, at: Pos, kind: Kind) {
    let regions = Regions::of(&state.board, None);
    let r = regions
        .label(&state.board, at)
        .expect("a colony is occupied");
    let leaders: Vec<Leader> = regions.leaders(r).iter().map(|(_, l)| *l).collect();
    match scorer(&leaders, kind) {
        Some(seat) => {
            state.players[seat].score.gain(kind, 1);
            state.events.push(Event::Scored {
                seat,
                kind,
                points: 1,
            });
        }
        None => state.events.push(Event::PointLost { at }),
    }
}

/// Move (tae spec 9.2): the leader stands on `to`; another leader of its
/// type in the region there makes an internal conflict.
pub fn move_leader(state: &mut State, leader: Leader, to: Pos) {
    let from = state.board.leader_pos(leader);
    if let Some(f) = from {
        state.board.set(f, Cell::Empty);
    }
    state.board.set(to, Cell::Leader(leader));
    state.events.push(Event::Moved { leader, from, to });
    let regions = Regions::of(&state.board, None);
    let r = regions
        .label(&state.board, to)
        .expect("a leader is occupied");
    let rival = regions
        .leaders_of(r, leader.kind)
        .into_iter()
        .find(|l| *l != leader);
    if let Some(rival) = rival {
        let conflict = Conflict {
            cause: Cause::Internal,
            leader: leader.kind,
            attacker: leader.owner,
            defender: rival.owner,
        };
        state.queue.push(conflict);
        state.events.push(Event::Queued { conflict });
    }
}

/// Bomb (tae spec 9.3): the colony (and artifact) goes, a leader goes home,
/// the system is destroyed for good, then leader support.
pub fn bomb(state: &mut State, seat: usize, bomber: u64, at: Pos) {
    state.events.push(Event::Bombed { seat, bomber, at });
    if let Some(colony) = state.board.cell(at).colony().copied() {
        state.events.push(Event::ColonyRemoved {
            at,
            kind: colony.kind,
            founder: colony.id,
        });
    }
    state.send_home(at);
    state.board.set(at, Cell::Destroyed);
    state.players[seat].bombers.retain(|&b| b != bomber);
    state.apply_leader_support();
}
