//! The turn sequence (tae spec 8, 10.3, 11, 12, 13.1).
//!
//! A normal turn runs every stored order, player by player in the rotating
//! order; a combat turn fights one combat. Both end the same way: artifacts,
//! refill, end check, then (normal turns only) rotation, then the next
//! combat from the queue decides what the next turn is.

use engine::GameRng;

use crate::board::{Kind, Pos};
use crate::combat::{fight, next_combat};
use crate::effects::carry_out;
use crate::events::Event;
use crate::orders::Order;
use crate::regions::Regions;
use crate::scoring::final_table;
use crate::state::{Phase, State};

/// The game ends at the end check once at most this many artifacts remain.
pub const END_ARTIFACTS: usize = 2;

/// Resolves the open turn with each seat's accepted orders.
pub fn resolve(state: &mut State, orders: &[(usize, &[Order])], rng: &mut GameRng) {
    if state.is_over() {
        return;
    }
    state.events.clear();
    let rotate = match state.phase.clone() {
        Phase::Over(_) => return,
        Phase::Normal => {
            for seat in state.resolution_order() {
                let mine = orders.iter().filter(|(s, _)| *s == seat);
                for order in mine.flat_map(|(_, o)| o.iter()) {
                    if !matches!(order, Order::Reinforce { .. }) {
                        carry_out(state, seat, order);
                    }
                }
            }
            true
        }
        Phase::Combat(combat) => {
            let committed = |seat: usize| -> Vec<u64> {
                orders
                    .iter()
                    .filter(|(s, _)| *s == seat)
                    .flat_map(|(_, o)| o.iter())
                    .filter_map(|o| match o {
                        Order::Reinforce { colonist } => Some(*colonist),
                        _ => None,
                    })
                    .collect()
            };
            let (a, d) = (
                committed(combat.conflict.attacker),
                committed(combat.conflict.defender),
            );
            fight(state, &combat, &a, &d);
            false
        }
    };
    end_of_turn(state, rng, rotate);
}

/// Artifacts, refill, end check, rotation and the next turn's kind.
fn end_of_turn(state: &mut State, rng: &mut GameRng, rotate: bool) {
    take_artifacts(state);
    let refilled = state.refill(rng);
    state.turn += 1;
    let left = state.board.artifacts();
    if left <= END_ARTIFACTS || !refilled {
        let reason = if left <= END_ARTIFACTS {
            format!("only {left} artifacts are left on the board")
        } else {
            "the pool could not refill a hand".to_string()
        };
        // Pending conflicts are discarded (decision 32).
        state.queue.clear();
        state.events.push(Event::Ended {
            reason: reason.clone(),
        });
        let scores: Vec<_> = state.players.iter().map(|p| p.score).collect();
        state.phase = Phase::Over(final_table(&scores, &reason));
        return;
    }
    if rotate {
        state.first = (state.first + 1) % state.seats();
    }
    state.phase = match next_combat(state) {
        Some(combat) => {
            state.events.push(Event::Announced { combat });
            Phase::Combat(combat)
        }
        None => Phase::Normal,
    };
}

/// The artifact step (tae spec 11, decision 30): in each region with two or
/// more artifacts and exactly one merchant leader, that leader's owner takes
/// the artifact with the lowest y, then the lowest x.
pub fn take_artifacts(state: &mut State) {
    let regions = Regions::of(&state.board, None);
    for r in 0..regions.count() as u32 {
        let artifacts: Vec<Pos> = regions
            .systems(&state.board, r)
            .into_iter()
            .filter(|&p| state.board.cell(p).colony().is_some_and(|c| c.artifact))
            .collect();
        if artifacts.len() < 2 {
            continue;
        }
        let [merchant] = regions.leaders_of(r, Kind::Merchant).as_slice()[..] else {
            continue;
        };
        // Systems come in board order: lowest y first, then lowest x.
        let at = artifacts[0];
        let i = state.board.index(at);
        if let crate::board::Cell::Colony(c) = &mut state.board.cells[i] {
            c.artifact = false;
        }
        state.players[merchant.owner].score.artifacts += 1;
        state.events.push(Event::ArtifactTaken {
            seat: merchant.owner,
            at,
        });
    }
}
