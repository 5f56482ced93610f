//! Deadline policies: when a turn is resolved although some awaited seats
//! have not sent orders (they get the ruleset's default orders).
//!
//! * `none`: wait for every awaited seat, however long it takes;
//! * `fixed`: resolve exactly `seconds` after the turn began, even if
//!   everyone has sent orders earlier (players can still revise until then);
//! * `all_done_or_limit`: resolve when everyone has sent orders, or
//!   `seconds` after the turn began, whichever comes first;
//! * `threshold`: resolve when everyone has sent orders, or `seconds` after
//!   the `seats`-th awaited seat sent its orders (bot seats count: they
//!   answer at once).

use serde::{Deserialize, Serialize};

use crate::error::{Detail, HostError};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "policy", rename_all = "snake_case", deny_unknown_fields)]
pub enum DeadlinePolicy {
    // A struct variant (not a unit one) so unknown fields are refused here too.
    None {},
    Fixed { seconds: u64 },
    AllDoneOrLimit { seconds: u64 },
    Threshold { seats: usize, seconds: u64 },
}

impl Default for DeadlinePolicy {
    fn default() -> DeadlinePolicy {
        DeadlinePolicy::None {}
    }
}

/// Shortest deadline accepted: a second (the scheduler's clock is finer,
/// but a turn that resolves before anyone could answer is no deadline).
pub const MIN_SECONDS: u64 = 1;
/// Longest deadline accepted: 30 days (a slow play-by-mail turn; anything
/// longer is better served by `none`).
pub const MAX_SECONDS: u64 = 30 * 24 * 3600;

impl DeadlinePolicy {
    /// Rejects deadlines that make no sense for a game of `game_seats`
    /// seats: seconds outside [`MIN_SECONDS`]..=[`MAX_SECONDS`], a
    /// threshold of no seat or of more seats than the game has.
    pub fn check(&self, game_seats: usize) -> Result<(), HostError> {
        let (seconds, seats) = match *self {
            DeadlinePolicy::None {} => return Ok(()),
            DeadlinePolicy::Fixed { seconds } | DeadlinePolicy::AllDoneOrLimit { seconds } => {
                (seconds, 1)
            }
            DeadlinePolicy::Threshold { seats, seconds } => (seconds, seats),
        };
        let mut details = vec![];
        if !(MIN_SECONDS..=MAX_SECONDS).contains(&seconds) {
            details.push(Detail::field(
                "deadline.seconds",
                format!("give {MIN_SECONDS} to {MAX_SECONDS} seconds (30 days), not {seconds}"),
            ));
        }
        if seats == 0 || seats > game_seats {
            details.push(Detail::field(
                "deadline.seats",
                format!("give 1 to {game_seats} seats (the game has {game_seats}), not {seats}"),
            ));
        }
        if details.is_empty() {
            Ok(())
        } else {
            Err(HostError::bad_request("the deadline policy is not valid").with_details(details))
        }
    }

    /// Whether everyone having sent orders resolves the turn at once.
    pub fn resolves_when_ready(&self) -> bool {
        !matches!(self, DeadlinePolicy::Fixed { .. })
    }

    /// When the turn must be resolved whatever is missing, in ms since the
    /// epoch: `step_started` is when the turn began, `arrivals` the times
    /// (sorted) at which awaited seats' orders arrived, `awaited` how many
    /// seats this turn awaits. A threshold above the seats awaited (a TaE
    /// combat turn awaits two of four) counts them all.
    pub fn deadline(&self, step_started: u64, arrivals: &[u64], awaited: usize) -> Option<u64> {
        match *self {
            DeadlinePolicy::None {} => None,
            DeadlinePolicy::Fixed { seconds } | DeadlinePolicy::AllDoneOrLimit { seconds } => {
                Some(step_started.saturating_add(seconds.saturating_mul(1000)))
            }
            DeadlinePolicy::Threshold { seats, seconds } => arrivals
                .get(seats.min(awaited).checked_sub(1)?)
                .map(|t| t.saturating_add(seconds.saturating_mul(1000))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deadlines() {
        assert_eq!(DeadlinePolicy::None {}.deadline(5, &[1, 2], 2), None);
        assert_eq!(
            DeadlinePolicy::Fixed { seconds: 2 }.deadline(1000, &[], 2),
            Some(3000)
        );
        assert!(!DeadlinePolicy::Fixed { seconds: 2 }.resolves_when_ready());
        assert!(DeadlinePolicy::AllDoneOrLimit { seconds: 2 }.resolves_when_ready());
        let t = DeadlinePolicy::Threshold {
            seats: 2,
            seconds: 1,
        };
        assert_eq!(t.deadline(0, &[10], 3), None);
        assert_eq!(t.deadline(0, &[10, 20], 3), Some(1020));
        // Only one seat awaited this turn: its orders start the clock.
        assert_eq!(t.deadline(0, &[10], 1), Some(1010));
        let bad = |p: DeadlinePolicy| p.check(2).unwrap_err().details[0].field.clone().unwrap();
        assert_eq!(
            bad(DeadlinePolicy::Threshold {
                seats: 0,
                seconds: 1
            }),
            "deadline.seats"
        );
        assert_eq!(
            bad(DeadlinePolicy::Threshold {
                seats: 3,
                seconds: 1
            }),
            "deadline.seats"
        );
        assert_eq!(
            bad(DeadlinePolicy::Fixed { seconds: 0 }),
            "deadline.seconds"
        );
        assert_eq!(
            bad(DeadlinePolicy::AllDoneOrLimit { seconds: 0 }),
            "deadline.seconds"
        );
        assert_eq!(
            bad(DeadlinePolicy::Fixed {
                seconds: MAX_SECONDS + 1
            }),
            "deadline.seconds"
        );
        assert!(DeadlinePolicy::Threshold {
            seats: 2,
            seconds: 1
        }
        .check(2)
        .is_ok());
        assert!(DeadlinePolicy::Fixed {
            seconds: MAX_SECONDS
        }
        .check(2)
        .is_ok());
    }

    #[test]
    fn policy_json() {
        let p: DeadlinePolicy =
            serde_json::from_str(r#"{"policy":"threshold","seats":1,"seconds":3}"#).unwrap();
        assert_eq!(
            p,
            DeadlinePolicy::Threshold {
                seats: 1,
                seconds: 3
            }
        );
        assert!(serde_json::from_str::<DeadlinePolicy>(r#"{"policy":"none","x":1}"#).is_err());
    }
}
