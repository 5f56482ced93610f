//! Built-in fleets' admirals. They see only the view file, so they play by
//! files exactly as an outside program would.
//!
//! * `closer`: each ship turns towards the nearest enemy in the fight,
//!   speeds up while far and slows down when close, and each battery fires
//!   at the nearest enemy that will be in its range and arcs after this
//!   turn's movement (predicted with the rules' own movement arithmetic,
//!   enemies assumed to go straight on).
//! * `random`: random legal-looking turns and speed changes, and each
//!   battery fires at a random enemy; a sparring partner for `closer`.

use engine::{Bot, GameRng, Seat};
use gzf::ft2::values::MoveElement;
use gzf::ft2::view::Ship;
use gzf::rules::fire::{in_play, Battery};
use gzf::rules::geometry::{arc_of, range_band, Position};
use gzf::rules::movement::move_ship;

use crate::orders::{Orders, ShipOrders, SystemOrders};
use crate::view::FleetView;
use crate::FullThrust;

/// The built-in bots' names.
pub const BOT_NAMES: &[&str] = &["closer", "random"];

/// A built-in bot by name.
pub fn bot(name: &str) -> Option<Box<dyn Bot<FullThrust>>> {
    match name {
        "closer" => Some(Box::new(Closer)),
        "random" => Some(Box::new(RandomAdmiral)),
        _ => None,
    }
}

/// The view's ships split into the seat's own ships in play and its enemies
/// in play.
fn sides(view: &FleetView, seat: Seat) -> (Vec<Ship>, Vec<Ship>) {
    let fleet = view
        .fleets
        .get(seat.0)
        .map(|f| gzf::ft2::assoc::name_key(f));
    let mine = |s: &Ship| s.fleet.as_deref().map(gzf::ft2::assoc::name_key) == fleet;
    let ships: Vec<Ship> = view
        .ships()
        .iter()
        .filter(|s| in_play(s))
        .cloned()
        .collect();
    ships.into_iter().partition(|s| mine(s))
}

/// The course (1–12) nearest to the bearing from `from` to `to`.
fn bearing(from: Position, to: Position) -> u8 {
    let angle = ((to.x - from.x) as f64).atan2((to.y - from.y) as f64);
    let steps = (angle / (std::f64::consts::PI / 6.0)).round() as i64;
    let c = steps.rem_euclid(12);
    if c == 0 {
        12
    } else {
        c as u8
    }
}

/// Where a ship will be after `order`, by the rules' movement.
fn after(ship: &Ship, order: &[MoveElement]) -> Option<Ship> {
    let out = move_ship(
        ship.position?,
        ship.course?,
        ship.velocity?,
        ship.thrust_rating.unwrap_or(0),
        order,
    );
    let mut s = ship.clone();
    s.position = Some(out.position);
    s.course = Some(out.course);
    s.velocity = Some(out.velocity);
    Some(s)
}

/// Fire orders for each battery of `me` (after its move) at the first of
/// `targets` (already moved) that is in the battery's range and arcs.
fn fire_orders(me: &Ship, targets: &[&Ship]) -> Vec<SystemOrders> {
    let mut systems: Vec<SystemOrders> = me
        .systems
        .iter()
        .map(|sys| {
            let target = Battery::from_system(&sys.kind)
                .filter(|_| sys.status.is_functioning())
                .and_then(|battery| {
                    targets.iter().find(|t| {
                        let (Some(from), Some(to), Some(c)) = (me.position, t.position, me.course)
                        else {
                            return false;
                        };
                        let reach = range_band(from, to).is_some_and(|b| battery.dice(b) > 0);
                        let arcs = sys.arcs.as_deref().unwrap_or(&[]);
                        reach && arcs.contains(&arc_of(from, c, to))
                    })
                });
            SystemOrders {
                kind: sys.kind.clone(),
                orders: target
                    .map(|t| vec![format!("Fire at {}", t.name)])
                    .unwrap_or_default(),
            }
        })
        .collect();
    while systems.last().is_some_and(|s| s.orders.is_empty()) {
        systems.pop();
    }
    systems
}

fn distance_sq(a: &Ship, b: &Ship) -> i128 {
    match (a.position, b.position) {
        (Some(p), Some(q)) => p.distance_sq(q),
        _ => i128::MAX,
    }
}

struct Closer;

impl Closer {
    fn move_for(me: &Ship, enemy: &Ship) -> Vec<MoveElement> {
        let (Some(from), Some(to), Some(course)) = (me.position, enemy.position, me.course) else {
            return Vec::new();
        };
        let thrust = me.thrust_rating.unwrap_or(0);
        let want = bearing(from, to);
        let diff = (i64::from(want) - i64::from(course)).rem_euclid(12);
        let signed = if diff > 6 { diff - 12 } else { diff };
        let steps = signed.clamp(-(thrust / 2), thrust / 2);
        let mut order = Vec::new();
        if steps > 0 {
            order.push(MoveElement::Starboard(steps as u32));
        } else if steps < 0 {
            order.push(MoveElement::Port((-steps) as u32));
        }
        let left = thrust - steps.abs();
        let far = from.distance_sq(to) > 2400i128 * 2400;
        let v = me.velocity.unwrap_or(0);
        let target_speed = if far { 10 } else { 4 };
        let change = (target_speed - v).clamp(-left, left);
        if change != 0 {
            order.push(MoveElement::Accelerate(change));
        }
        order
    }
}

impl Bot<FullThrust> for Closer {
    fn orders(
        &mut self,
        _rules: &FullThrust,
        view: &FleetView,
        seat: Seat,
        _rng: &mut GameRng,
    ) -> Orders {
        let (mine, enemies) = sides(view, seat);
        let moved_enemies: Vec<Ship> = enemies.iter().filter_map(|e| after(e, &[])).collect();
        let ships = mine
            .iter()
            .filter_map(|me| {
                let nearest = enemies.iter().min_by_key(|e| distance_sq(me, e))?;
                let move_order = Closer::move_for(me, nearest);
                let moved = after(me, &move_order)?;
                let mut targets: Vec<&Ship> = moved_enemies.iter().collect();
                targets.sort_by_key(|t| distance_sq(&moved, t));
                Some(ShipOrders {
                    ship: me.name.clone(),
                    move_order,
                    systems: fire_orders(&moved, &targets),
                })
            })
            .collect();
        Orders {
            scenario: view.scenario.clone(),
            turn: view.turn,
            ships,
        }
    }
}

struct RandomAdmiral;

impl Bot<FullThrust> for RandomAdmiral {
    fn orders(
        &mut self,
        _rules: &FullThrust,
        view: &FleetView,
        seat: Seat,
        rng: &mut GameRng,
    ) -> Orders {
        let (mine, enemies) = sides(view, seat);
        let ships = mine
            .iter()
            .filter_map(|me| {
                let half = (me.thrust_rating.unwrap_or(0) / 2).max(0) as u32;
                let mut move_order = Vec::new();
                let turn = rng.below(half + 1);
                if turn > 0 {
                    move_order.push(if rng.chance(1, 2) {
                        MoveElement::Starboard(turn)
                    } else {
                        MoveElement::Port(turn)
                    });
                }
                let speed = rng.below(5) as i64 - 2;
                if speed != 0 && me.velocity.unwrap_or(0) + speed >= 0 {
                    move_order.push(MoveElement::Accelerate(speed));
                }
                let moved = after(me, &move_order)?;
                let pick = enemies.get(rng.index(enemies.len().max(1)));
                let targets: Vec<&Ship> = pick.into_iter().collect();
                Some(ShipOrders {
                    ship: me.name.clone(),
                    move_order,
                    systems: fire_orders(&moved, &targets),
                })
            })
            .collect();
        Orders {
            scenario: view.scenario.clone(),
            turn: view.turn,
            ships,
        }
    }
}
