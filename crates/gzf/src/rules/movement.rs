//! Movement of spec §7.3: evaluating a `Move` order left to right against
//! the thrust budget, then the split move around the midpoint (FT1's
//! advanced rule) with the exact floating-point recipe of §7.2.

use super::geometry::{course_vector, turn, Position};
use crate::ft2::values::MoveElement;

/// Why the first dropped element was not allowed (note N401, warning W313).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DropReason {
    /// It would spend more than the Thrust-Rating.
    Thrust,
    /// It would turn more than half the thrust (rounded down).
    TurnBudget,
    /// It would make the velocity negative.
    NegativeVelocity,
}

/// The outcome of evaluating a move order (spec §7.3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MovePlan {
    /// How many elements are applied; the rest are dropped.
    pub applied: usize,
    /// Why element `applied` was dropped, if any was.
    pub dropped: Option<DropReason>,
    /// The new velocity.
    pub velocity: i64,
    /// Applied turn elements in written order, as signed step counts
    /// (+n starboard, −n port). Kept as runs, not single steps, so a huge
    /// order in a hostile file cannot make a huge list.
    pub turns: Vec<i64>,
}

impl MovePlan {
    /// K: the number of turn steps applied.
    pub fn steps(&self) -> i64 {
        self.turns.iter().map(|t| t.abs()).sum()
    }

    /// The net course change of the first `k` steps, in written order.
    pub fn net_of_first(&self, k: i64) -> i64 {
        let mut left = k;
        let mut net = 0;
        for &t in &self.turns {
            let take = left.min(t.abs());
            net += take * t.signum();
            left -= take;
        }
        net
    }
}

/// Evaluates `order` for a ship of thrust `thrust` moving at `velocity`.
/// The first element that is not allowed, and all after it, are dropped.
pub fn plan_move(thrust: i64, velocity: i64, order: &[MoveElement]) -> MovePlan {
    let budget_turn = thrust.div_euclid(2);
    let (mut spent, mut turned, mut v) = (0i64, 0i64, velocity);
    let mut turns = Vec::new();
    for (i, &el) in order.iter().enumerate() {
        let refused = match el {
            MoveElement::Accelerate(n) => {
                if spent + n.abs() > thrust {
                    Some(DropReason::Thrust)
                } else if v + n < 0 {
                    Some(DropReason::NegativeVelocity)
                } else {
                    spent += n.abs();
                    v += n;
                    None
                }
            }
            MoveElement::Starboard(n) | MoveElement::Port(n) => {
                let n = i64::from(n);
                if spent + n > thrust {
                    Some(DropReason::Thrust)
                } else if turned + n > budget_turn {
                    Some(DropReason::TurnBudget)
                } else {
                    spent += n;
                    turned += n;
                    let starboard = matches!(el, MoveElement::Starboard(_));
                    turns.push(if starboard { n } else { -n });
                    None
                }
            }
        };
        if let Some(reason) = refused {
            return MovePlan {
                applied: i,
                dropped: Some(reason),
                velocity: v,
                turns,
            };
        }
    }
    MovePlan {
        applied: order.len(),
        dropped: None,
        velocity: v,
        turns,
    }
}

/// Where a ship ends its move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveOutcome {
    pub position: Position,
    pub course: u8,
    pub velocity: i64,
    pub plan: MovePlan,
}

/// Moves a ship (spec §7.3 "Moving"): the first ⌊K/2⌋ turn steps, half the
/// velocity, the remaining steps, the other half; then rounds half away
/// from zero. The arithmetic order is the one §7.2 fixes, so every
/// implementation gets the same bits.
pub fn move_ship(
    start: Position,
    course: u8,
    velocity: i64,
    thrust: i64,
    order: &[MoveElement],
) -> MoveOutcome {
    let plan = plan_move(thrust, velocity, order);
    let k = plan.steps();
    let first = plan.net_of_first(k / 2);
    let c1 = turn(course, first);
    let c2 = turn(course, plan.net_of_first(k));
    let half = (50 * plan.velocity) as f64;
    let (dx1, dy1) = course_vector(c1);
    let (dx2, dy2) = course_vector(c2);
    let x = (start.x as f64 + half * dx1) + half * dx2;
    let y = (start.y as f64 + half * dy1) + half * dy2;
    MoveOutcome {
        position: Position::new(x.round() as i64, y.round() as i64),
        course: c2,
        velocity: plan.velocity,
        plan,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ft2::parse::move_element;

    fn order(text: &str) -> Vec<MoveElement> {
        text.split_whitespace()
            .map(|t| move_element(t).expect("test order is valid"))
            .collect()
    }

    /// (start x, y in hundredths, course, velocity, thrust, order) →
    /// (end x, y, course, velocity).
    fn check(start: (i64, i64, u8, i64, i64, &str), expect: (i64, i64, u8, i64)) {
        let (x, y, c, v, t, o) = start;
        let out = move_ship(Position::new(x, y), c, v, t, &order(o));
        assert_eq!(
            (out.position.x, out.position.y, out.course, out.velocity),
            expect,
            "{start:?}"
        );
    }

    #[test]
    fn example_1_one_step_turn() {
        check((0, 0, 3, 12, 6, "1S"), (1120, -300, 4, 12));
    }

    #[test]
    fn example_2_two_and_three_step_turns() {
        check((0, 0, 3, 12, 6, "2S"), (820, -820, 5, 12));
        check((0, 0, 3, 12, 6, "3S"), (520, -900, 6, 12));
    }

    #[test]
    fn example_3_turn_and_acceleration() {
        check((1000, 5000, 7, 14, 6, "2S +4"), (-679, 4550, 9, 18));
    }

    #[test]
    fn example_4_mixed_order() {
        check((0, 0, 12, 4, 4, "1P +2 1S"), (-150, 560, 12, 6));
    }

    #[test]
    fn example_5_truncation() {
        check((0, 0, 12, 4, 6, "+2 1S +3"), (225, 840, 1, 9));
        check((0, 0, 12, 4, 3, "+2 1S +3"), (150, 560, 1, 6));
        check((0, 0, 12, 4, 4, "3S"), (0, 400, 12, 4));
        check((0, 0, 12, 4, 5, "3S"), (0, 400, 12, 4));
        check((0, 0, 12, 4, 5, "2S +3"), (478, 478, 2, 7));
        check((0, 0, 12, 2, 6, "-3 1S"), (0, 200, 12, 2));
    }

    #[test]
    fn example_5_drop_reasons() {
        assert_eq!(
            plan_move(3, 4, &order("+2 1S +3")).dropped,
            Some(DropReason::Thrust)
        );
        assert_eq!(
            plan_move(4, 4, &order("3S")).dropped,
            Some(DropReason::TurnBudget)
        );
        let p = plan_move(6, 2, &order("-3 1S"));
        assert_eq!(
            (p.applied, p.dropped),
            (0, Some(DropReason::NegativeVelocity))
        );
    }

    #[test]
    fn example_6_odd_velocity_wraps_past_12() {
        check((0, 0, 1, 7, 6, "1P"), (175, 653, 12, 7));
    }

    #[test]
    fn huge_turns_are_runs_not_lists() {
        let p = plan_move(4_000_000, 0, &order("999999S 999999P 999999S"));
        assert_eq!((p.applied, p.turns.clone()), (2, vec![999_999, -999_999]));
        assert_eq!(
            (
                p.steps(),
                p.net_of_first(999_999),
                p.net_of_first(1_000_001)
            ),
            (1_999_998, 999_999, 999_997)
        );
    }

    #[test]
    fn no_orders_goes_straight() {
        check((0, 0, 9, 5, 6, ""), (-500, 0, 9, 5));
    }

    /// Spec §9.3: the four ships of the fixture.
    #[test]
    fn fixture_turn_1_movement() {
        check((0, 0, 3, 12, 6, "2S"), (820, -820, 5, 12));
        check((0, 1000, 3, 8, 6, "+2"), (1000, 1000, 3, 10));
        check((2000, -3000, 12, 6, 6, "1P"), (1850, -2440, 11, 6));
        check((1800, 1200, 9, 4, 6, "3S +4"), (1627, 1500, 12, 4));
    }
}
