//! Checking a fleet's orders before the turn is played (the engine's
//! `check`): every error at once, each naming the ship and what to do, and
//! the notes a player should read (N401 dropped move elements, spec 7.3).

use engine::{OrderIssue, Seat};
use gzf::rules::fire::in_play;
use gzf::rules::movement::{plan_move, DropReason};

use crate::orders::{self, Orders};
use crate::state::State;

/// Checks `orders` from `seat`: `Ok(notes)` when accepted, else every error.
pub fn check_orders(
    state: &State,
    seat: Seat,
    orders: &Orders,
) -> Result<Vec<OrderIssue>, Vec<OrderIssue>> {
    let ships = state.model().ships();
    let mut errors = Vec::new();
    let mut notes = Vec::new();
    if orders.turn != 0 && orders.turn != state.turn() {
        errors.push(OrderIssue::at_field(
            "turn",
            format!(
                "these are orders for turn {}, but turn {} is being played",
                orders.turn,
                state.turn()
            ),
        ));
    }
    let mut seen = std::collections::HashSet::new();
    for (i, o) in orders.ships.iter().enumerate() {
        let at = format!("orders[{i}]");
        let key = orders::ship_key(&o.ship);
        let Some(ship) = ships.iter().find(|s| orders::ship_key(&s.name) == key) else {
            errors.push(OrderIssue::at_field(
                at,
                format!("there is no ship `{}`; order your fleet's ships by their names in the view file", o.ship),
            ));
            continue;
        };
        if state.seat_of(ship) != Some(seat.0) {
            errors.push(OrderIssue::at_field(
                at,
                format!(
                    "`{}` is not a ship of your fleet; only order your own ships",
                    ship.name
                ),
            ));
            continue;
        }
        if !seen.insert(key) {
            errors.push(OrderIssue::at_field(
                at,
                format!(
                    "`{}` is ordered twice; give each ship one Ship block",
                    ship.name
                ),
            ));
            continue;
        }
        if !in_play(ship) {
            notes.push(OrderIssue::at_field(
                at.clone(),
                format!(
                    "`{}` is destroyed or off the map; its orders are ignored",
                    ship.name
                ),
            ));
        }
        if o.systems.len() > ship.systems.len() {
            errors.push(OrderIssue::at_field(
                format!("{at}.systems"),
                format!(
                    "`{}` has {} systems but the orders list {}",
                    ship.name,
                    ship.systems.len(),
                    o.systems.len()
                ),
            ));
        }
        for (k, (mine, real)) in o.systems.iter().zip(&ship.systems).enumerate() {
            if orders::ship_key(&mine.kind) != orders::ship_key(&real.kind) {
                errors.push(OrderIssue::at_field(
                    format!("{at}.systems[{k}]"),
                    format!(
                        "system {} of `{}` is `{}`, not `{}`; list the ship's systems in the order of the view file",
                        k + 1,
                        ship.name,
                        real.kind,
                        mine.kind
                    ),
                ));
            }
        }
        if !orders::move_in_bounds(&o.move_order) {
            errors.push(OrderIssue::at_field(
                format!("{at}.move"),
                format!(
                    "a move element of `{}` is larger than {}; no ship has that much thrust",
                    ship.name,
                    orders::MAX_MOVE
                ),
            ));
            continue;
        }
        let plan = plan_move(
            ship.thrust_rating.unwrap_or(0),
            ship.velocity.unwrap_or(0),
            &o.move_order,
        );
        if let Some(reason) = plan.dropped {
            notes.push(OrderIssue::at_field(
                format!("{at}.move"),
                format!(
                    "`{}`: only the first {} move elements are used; element {} {}, so it and the rest are dropped",
                    ship.name,
                    plan.applied,
                    plan.applied + 1,
                    match reason {
                        DropReason::Thrust => "would spend more than the ship's Thrust-Rating",
                        DropReason::TurnBudget => "would turn more than half the thrust",
                        DropReason::NegativeVelocity => "would make the velocity negative",
                    }
                ),
            ).with_code("N401"));
        }
    }
    if errors.is_empty() {
        Ok(notes)
    } else {
        Err(errors)
    }
}
