//! Conflicts and combat: finding the next valid record, announcing the
//! combat with its initial strengths, and fighting it (tae spec 10).
//!
//! The board cannot change during a combat turn, so strengths and sides
//! computed at the announcement are the ones used at resolution; the
//! resolution recomputes the loser's side from the same board rather than
//! storing it.

use crate::board::{Board, Cell, Kind, Pos};
use crate::events::Event;
use crate::regions::{side, Regions};
use crate::state::{Cause, Combat, Conflict, State};

/// Takes records from the front of the queue until one is a valid combat
/// (tae spec 10.2); void records are announced and dropped.
pub fn next_combat(state: &mut State) -> Option<Combat> {
    while !state.queue.is_empty() {
        let conflict = state.queue.remove(0);
        match announce(state, &conflict) {
            Some(combat) => return Some(combat),
            None => state.events.push(Event::Void { conflict }),
        }
    }
    None
}

/// The combat a record gives on the current board, or `None` when it is
/// void: a leader off the board, or the two in different regions.
pub fn announce(state: &State, conflict: &Conflict) -> Option<Combat> {
    let board = &state.board;
    let a = board.leader_pos(conflict.attacker_leader())?;
    let d = board.leader_pos(conflict.defender_leader())?;
    let regions = Regions::of(board, None);
    if regions.label(board, a) != regions.label(board, d) {
        return None;
    }
    let external = match conflict.cause {
        Cause::Internal => None,
        Cause::External { uniting } => {
            let apart =
                board.cell(uniting).colony().is_some() && !side(board, a, uniting).contains(&d);
            apart.then_some(uniting)
        }
    };
    let (reinforcement, attacker_strength, defender_strength) = match external {
        Some(u) => (
            conflict.leader,
            side_strength(board, a, u, conflict.leader),
            side_strength(board, d, u, conflict.leader),
        ),
        None => (
            Kind::Scientist,
            board.scientist_neighbours(a) as u32,
            board.scientist_neighbours(d) as u32,
        ),
    };
    Some(Combat {
        conflict: *conflict,
        external: external.is_some(),
        reinforcement,
        attacker_at: a,
        defender_at: d,
        attacker_strength,
        defender_strength,
    })
}

/// External strength: colonies of `kind` on the leader's side (10.5).
pub fn side_strength(board: &Board, leader_at: Pos, uniting: Pos, kind: Kind) -> u32 {
    side(board, leader_at, uniting)
        .into_iter()
        .filter(|&p| board.cell(p).colony().is_some_and(|c| c.kind == kind))
        .count() as u32
}

/// Resolves the combat with the colonists each side committed (tae spec
/// 10.3 to 10.5). Committed colonists leave the game whoever wins.
pub fn fight(state: &mut State, combat: &Combat, attacker_ids: &[u64], defender_ids: &[u64]) {
    let c = combat.conflict;
    let attacker_committed = commit(state, c.attacker, combat.reinforcement, attacker_ids);
    let defender_committed = commit(state, c.defender, combat.reinforcement, defender_ids);
    let attacker_total = combat.attacker_strength + attacker_committed;
    let defender_total = combat.defender_strength + defender_committed;
    // Ties go to the defender (decision 2).
    let (winner, loser_at) = if attacker_total > defender_total {
        (c.attacker, combat.defender_at)
    } else {
        (c.defender, combat.attacker_at)
    };
    state.events.push(Event::Fought {
        combat: *combat,
        attacker_committed,
        defender_committed,
        winner,
    });
    let uniting = match c.cause {
        Cause::External { uniting } if combat.external => Some(uniting),
        _ => None,
    };
    let loser_side = uniting.map(|u| side(&state.board, loser_at, u));
    state.send_home(loser_at);
    let kind = if combat.external {
        c.leader
    } else {
        Kind::Scientist
    };
    let mut won = 1;
    if let Some(loser_side) = loser_side {
        won += remove_side_colonies(state, &loser_side, c.leader);
    }
    state.players[winner].score.gain(kind, won);
    state.events.push(Event::Scored {
        seat: winner,
        kind,
        points: won,
    });
    state.apply_leader_support();
}

/// Takes the committed colonists out of the hand; only colonists of the
/// right type that are still there count (submission checked that).
fn commit(state: &mut State, seat: usize, kind: Kind, ids: &[u64]) -> u32 {
    let hand = &mut state.players[seat].hand;
    let before = hand.len();
    hand.retain(|c| !(ids.contains(&c.id) && c.kind == kind));
    (before - hand.len()) as u32
}

/// Removes the loser side's colonies of `kind` (tae spec 10.5 step 3,
/// decision 29): in a scientist war, colonies carrying an artifact or
/// touching a leader stay. Returns how many went.
fn remove_side_colonies(state: &mut State, loser_side: &[Pos], kind: Kind) -> u32 {
    let doomed: Vec<Pos> = loser_side
        .iter()
        .copied()
        .filter(|&p| {
            let Some(colony) = state.board.cell(p).colony() else {
                return false;
            };
            if colony.kind != kind {
                return false;
            }
            let kept = kind == Kind::Scientist
                && (colony.artifact
                    || state
                        .board
                        .neighbours(p)
                        .any(|q| state.board.cell(q).leader().is_some()));
            !kept
        })
        .collect();
    for &p in &doomed {
        let founder = state.board.cell(p).colony().and_then(|c| c.id);
        state.board.set(p, Cell::Empty);
        state.events.push(Event::ColonyRemoved {
            at: p,
            kind,
            founder,
        });
    }
    doomed.len() as u32
}
