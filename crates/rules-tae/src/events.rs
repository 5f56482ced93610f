//! What happened in a turn, told to the right people (tae spec 15).
//!
//! Resolution appends events to the state; views show each seat the events
//! it may see (a failed order only to its author, decision 35) and the
//! record gets every event as an action. One list serves both, so a view
//! and the record can never disagree about what happened.

use engine::record::Action;
use serde::{Deserialize, Serialize};

use crate::board::{Kind, Leader, Pos};
use crate::orders::{Order, Reason};
use crate::state::{Combat, Conflict};

/// One thing that happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    Colonized {
        seat: usize,
        colonist: u64,
        kind: Kind,
        at: Pos,
    },
    Moved {
        leader: Leader,
        from: Option<Pos>,
        to: Pos,
    },
    Bombed {
        seat: usize,
        bomber: u64,
        at: Pos,
    },
    /// An order that failed its re-check at resolution: its author only.
    Failed {
        seat: usize,
        order: Order,
        reason: Reason,
    },
    Scored {
        seat: usize,
        kind: Kind,
        points: u32,
    },
    /// A colony whose point went to nobody.
    PointLost {
        at: Pos,
    },
    LeaderHome {
        leader: Leader,
        from: Pos,
    },
    ColonyRemoved {
        at: Pos,
        kind: Kind,
        /// The colonist that founded it; `None` for a map artifact colony.
        founder: Option<u64>,
    },
    Queued {
        conflict: Conflict,
    },
    Void {
        conflict: Conflict,
    },
    Announced {
        combat: Combat,
    },
    Fought {
        combat: Combat,
        attacker_committed: u32,
        defender_committed: u32,
        winner: usize,
    },
    ArtifactTaken {
        seat: usize,
        at: Pos,
    },
    Ended {
        reason: String,
    },
}

impl Event {
    /// Whether `seat` (`None`: a spectator) may see this event.
    pub fn visible_to(&self, seat: Option<usize>) -> bool {
        match self {
            Event::Failed { seat: author, .. } => seat == Some(*author),
            _ => true,
        }
    }

    /// The event in a few words, for views and people.
    pub fn describe(&self) -> String {
        fn leader(l: &Leader) -> String {
            format!("seat {}'s {} leader", l.owner, l.kind.name())
        }
        fn conflict(c: &Conflict) -> String {
            let what = match c.cause {
                crate::state::Cause::Internal => "internal".to_string(),
                crate::state::Cause::External { uniting } => format!("external at {uniting}"),
            };
            format!(
                "{what} {} conflict, attacker seat {}, defender seat {}",
                c.leader.name(),
                c.attacker,
                c.defender
            )
        }
        match self {
            Event::Colonized { seat, kind, at, .. } => {
                format!("seat {seat} colonized {at} with a {} colony", kind.name())
            }
            Event::Moved { leader: l, from, to } => match from {
                Some(f) => format!("{} moved from {f} to {to}", leader(l)),
                None => format!("{} came from hand to {to}", leader(l)),
            },
            Event::Bombed { seat, at, .. } => format!("seat {seat} bombed {at}"),
            Event::Failed {
                seat,
                order,
                reason,
            } => {
                format!(
                    "seat {seat}'s order `{}` failed: {} [{}]",
                    order.text(),
                    reason.advice(),
                    reason.code()
                )
            }
            Event::Scored { seat, kind, points } => {
                format!("seat {seat} scored {points} {}", kind.category())
            }
            Event::PointLost { at } => format!("the colony at {at} scored for nobody"),
            Event::LeaderHome { leader: l, from } => format!("{} at {from} went home", leader(l)),
            Event::ColonyRemoved { at, kind, .. } => {
                format!("the {} colony at {at} was removed", kind.name())
            }
            Event::Queued { conflict: c } => format!("queued: {}", conflict(c)),
            Event::Void { conflict: c } => format!("void: {}", conflict(c)),
            Event::Announced { combat } => format!(
                "combat: {}, strengths {} against {}, reinforce with {}",
                conflict(&combat.conflict),
                combat.attacker_strength,
                combat.defender_strength,
                combat.reinforcement.name()
            ),
            Event::Fought {
                combat,
                attacker_committed,
                defender_committed,
                winner,
            } => format!(
                "combat fought: attacker {} + {attacker_committed} against defender {} + {defender_committed}; seat {winner} wins",
                combat.attacker_strength, combat.defender_strength
            ),
            Event::ArtifactTaken { seat, at } => format!("seat {seat} took the artifact at {at}"),
            Event::Ended { reason } => format!("the game is over: {reason}"),
        }
    }

    /// The event as a record action (the full record is the host's).
    pub fn action(&self) -> Action {
        let (kind, team) = match self {
            Event::Colonized { seat, .. }
            | Event::Bombed { seat, .. }
            | Event::Failed { seat, .. }
            | Event::Scored { seat, .. }
            | Event::ArtifactTaken { seat, .. } => (self.name(), Some(*seat as u64)),
            Event::Moved { leader, .. } | Event::LeaderHome { leader, .. } => {
                (self.name(), Some(leader.owner as u64))
            }
            _ => (self.name(), None),
        };
        let unit = match self {
            Event::Colonized { colonist, .. } => Some(*colonist),
            Event::Bombed { bomber, .. } => Some(*bomber),
            Event::Moved { leader, .. } | Event::LeaderHome { leader, .. } => {
                Some(crate::pieces::leader_id(*leader))
            }
            _ => None,
        };
        let mut action = Action::new(kind, unit, team).with("text", self.describe());
        if let Ok(serde_json::Value::Object(fields)) = serde_json::to_value(self) {
            action = action.with("detail", serde_json::Value::Object(fields));
        }
        // What only one seat may see is marked so, and a host leaves it out
        // of what it shows before the end (tae spec 15, decision 35).
        if let Event::Failed { seat, .. } = self {
            action = action.seen_only_by(&[*seat as u64]);
        }
        action
    }

    fn name(&self) -> &'static str {
        match self {
            Event::Colonized { .. } => "colonize",
            Event::Moved { .. } => "move",
            Event::Bombed { .. } => "bomb",
            Event::Failed { .. } => "failed",
            Event::Scored { .. } => "score",
            Event::PointLost { .. } => "point_lost",
            Event::LeaderHome { .. } => "leader_home",
            Event::ColonyRemoved { .. } => "colony_removed",
            Event::Queued { .. } => "conflict_queued",
            Event::Void { .. } => "conflict_void",
            Event::Announced { .. } => "combat_announced",
            Event::Fought { .. } => "combat_fought",
            Event::ArtifactTaken { .. } => "artifact_taken",
            Event::Ended { .. } => "game_over",
        }
    }
}
