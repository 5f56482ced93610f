//! The end of a battle. The spec (gzf-ft2) describes one turn and says
//! nothing of how a game ends, so the project decides:
//!
//! * the battle is over when at most one fleet has a ship **in the fight**:
//!   on the map, not `Destroyed`, and with a functioning A, B or C battery
//!   (a ship that cannot shoot can no longer change the result); that
//!   fleet wins, and with none left it is a draw;
//! * otherwise, once the turn limit has been played (counted from the
//!   scenario's first turn; option `turn_limit`, default 40), the fleet with the
//!   most unchecked damage boxes on ships in the fight wins; equal is a
//!   draw. Scores are those box counts, per fleet.

use engine::{Outcome, Seat};
use gzf::ft2::view::Ship;
use gzf::rules::fire::{in_play, Battery};

use crate::state::State;

/// Whether a ship can still act in the battle.
pub fn in_the_fight(ship: &Ship) -> bool {
    in_play(ship)
        && ship
            .systems
            .iter()
            .any(|s| Battery::from_system(&s.kind).is_some() && s.status.is_functioning())
}

/// The outcome, once the battle is over.
pub fn end_of_game(state: &State) -> Option<Outcome> {
    let file = state.model();
    let mut boxes = vec![0i64; state.fleets.len()];
    let mut fighting = vec![false; state.fleets.len()];
    for s in file.ships().iter().filter(|s| in_the_fight(s)) {
        if let Some(f) = state.seat_of(s) {
            fighting[f] = true;
            boxes[f] += s
                .damage_track
                .as_ref()
                .map_or(0, |t| i64::from(t.remaining()));
        }
    }
    let left: Vec<usize> = (0..fighting.len()).filter(|&f| fighting[f]).collect();
    let turn = state.turn();
    match left.as_slice() {
        [] => Some(Outcome {
            winner: None,
            reason: "no fleet has a ship left in the fight".into(),
            scores: Some(boxes),
        }),
        [f] => Some(Outcome {
            winner: Some(Seat(*f)),
            reason: format!("only {} has ships left in the fight", state.fleets[*f]),
            scores: Some(boxes),
        }),
        _ if turn.saturating_sub(state.first_turn) >= state.turn_limit => {
            let best = boxes.iter().copied().max().unwrap_or(0);
            let leaders: Vec<usize> = (0..boxes.len()).filter(|&f| boxes[f] == best).collect();
            Some(Outcome {
                winner: (leaders.len() == 1).then(|| Seat(leaders[0])),
                reason: format!(
                    "the turn limit of {} was played; the winner has the most undamaged boxes left",
                    state.turn_limit
                ),
                scores: Some(boxes),
            })
        }
        _ => None,
    }
}
