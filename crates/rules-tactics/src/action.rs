//! Inputs (what a player sends, spec §4.1) and actions (what the engine
//! records, spec §11.2), with their results and changes, and the JSON the
//! engine writes for them: keys in its order, directions rotated by 0°,
//! whole numbers without a fraction (spec §11.3).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::board::{Dir, Tile};
use crate::game::Color;
use crate::units::UnitType;

/// One input of a player (spec §4.1), named by its `type`, e.g.
/// `{"type": "move", "unit": 3, "assignment": [4, 5]}`. A seat's orders
/// for its turn are a list of these, applied in order (spec §15); a unit
/// may move once and act once a turn, and `turn` or `endTurn` ends it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "camelCase", deny_unknown_fields)]
pub enum Input {
    /// Move the unit to a tile.
    Move {
        /// The unit's id (`game.teams[].units[].id`; `options[].unit` of
        /// the view lists those able to act).
        unit: u32,
        /// The tile to go to: one of the unit's `options[].moves`.
        assignment: Tile,
        /// The facing after the move; the engine's own choice when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        direction: Option<Dir>,
    },
    /// Attack: a target tile for targeted units, none for "all" units.
    Attack {
        /// The attacking unit's id.
        unit: u32,
        /// The tile aimed at: one of the unit's `options[].targets`; absent
        /// for units that attack all around (`attacks_all`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Tile>,
        /// The facing after the attack; toward the target when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        direction: Option<Dir>,
    },
    /// The unit's special (Deathblow, Regenerate), when its
    /// `options[].special` says it is available.
    AttackSpecial {
        /// The unit's id.
        unit: u32,
    },
    /// Turn to face a direction; ends the turn.
    Turn {
        /// The unit's id.
        unit: u32,
        /// The new facing: `N`, `E`, `S` or `W`.
        direction: Dir,
    },
    /// End the turn.
    EndTurn,
}

impl Input {
    /// The unit the input is about (none for `endTurn`).
    pub fn unit(&self) -> Option<u32> {
        match *self {
            Input::Move { unit, .. }
            | Input::Attack { unit, .. }
            | Input::AttackSpecial { unit }
            | Input::Turn { unit, .. } => Some(unit),
            Input::EndTurn => None,
        }
    }

    /// The engine's name for the input type.
    pub fn type_name(&self) -> &'static str {
        match self {
            Input::Move { .. } => "move",
            Input::Attack { .. } => "attack",
            Input::AttackSpecial { .. } => "attackSpecial",
            Input::Turn { .. } => "turn",
            Input::EndTurn => "endTurn",
        }
    }
}

/// Why an attack missed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Miss {
    Blocked,
    Deflected,
}

/// One property change of a result, named by its one key: the property's
/// new value (spec §4.5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum Change {
    MHealth(i32),
    MBlocking(f64),
    Direction(Dir),
    MRecovery(i32),
    /// `None` is `false`.
    Focusing(Option<Vec<u32>>),
    /// `None` is `false`; an empty list still paralyses (D6).
    Paralyzed(Option<Vec<u32>>),
    /// A hatch: the Seed becomes this type.
    Type(UnitType),
}

impl Change {
    fn key(&self) -> &'static str {
        match self {
            Change::MHealth(_) => "mHealth",
            Change::MBlocking(_) => "mBlocking",
            Change::Direction(_) => "direction",
            Change::MRecovery(_) => "mRecovery",
            Change::Focusing(_) => "focusing",
            Change::Paralyzed(_) => "paralyzed",
            Change::Type(_) => "type",
        }
    }

    fn value(&self) -> Value {
        match self {
            Change::MHealth(v) | Change::MRecovery(v) => Value::from(*v),
            Change::MBlocking(v) => number(*v),
            Change::Direction(d) => Value::from(d.in_action().as_str()),
            Change::Focusing(l) | Change::Paralyzed(l) => ids(l.as_deref()),
            Change::Type(t) => Value::from(t.as_str()),
        }
    }
}

/// The effect of an action on one unit (spec §6.5, §11.2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default, JsonSchema)]
pub struct Res {
    /// The unit affected.
    pub unit: u32,
    /// The luck drawn for the attack, when one was drawn.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub luck: Option<i64>,
    /// Why the attack missed, when it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub miss: Option<Miss>,
    /// A line the engine shows with the result (a battle cry, a taunt).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notice: Option<String>,
    /// In the order written; empty means no `changes` key.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<Change>,
    /// Sub-results, shown together with this one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub results: Vec<Res>,
    /// The Dragon's counter-phase ban (spec §9.2): no `changes`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub banned: Option<Vec<usize>>,
}

impl Res {
    /// A result for `unit` with these changes.
    pub fn new(unit: u32, changes: Vec<Change>) -> Res {
        Res {
            unit,
            changes,
            ..Res::default()
        }
    }

    /// The new `mHealth`, if this result sets one.
    pub fn m_health(&self) -> Option<i32> {
        self.changes.iter().find_map(|c| match c {
            Change::MHealth(h) => Some(*h),
            _ => None,
        })
    }

    /// The new `paralyzed`, if this result sets one (`Some(None)` is false).
    pub fn paralyzed(&self) -> Option<Option<&Vec<u32>>> {
        self.changes.iter().find_map(|c| match c {
            Change::Paralyzed(p) => Some(p.as_ref()),
            _ => None,
        })
    }

    /// The result as the engine writes it: `unit`, `luck`?, `miss`?,
    /// `notice`?, `changes`?, `results`? (a ban: `unit`, `banned`).
    pub fn to_json(&self) -> Value {
        let mut m = Map::new();
        m.insert("unit".into(), self.unit.into());
        if let Some(l) = self.luck {
            m.insert("luck".into(), l.into());
        }
        if let Some(miss) = self.miss {
            let text = match miss {
                Miss::Blocked => "blocked",
                Miss::Deflected => "deflected",
            };
            m.insert("miss".into(), text.into());
        }
        if let Some(n) = &self.notice {
            m.insert("notice".into(), n.clone().into());
        }
        if !self.changes.is_empty() {
            let changes: Map<String, Value> = self
                .changes
                .iter()
                .map(|c| (c.key().to_string(), c.value()))
                .collect();
            m.insert("changes".into(), Value::Object(changes));
        }
        if !self.results.is_empty() {
            m.insert("results".into(), results_json(&self.results));
        }
        if let Some(b) = &self.banned {
            m.insert("banned".into(), Value::from(b.clone()));
        }
        Value::Object(m)
    }
}

fn results_json(results: &[Res]) -> Value {
    Value::Array(results.iter().map(Res::to_json).collect())
}

/// A recorded action: what happened and the team whose turn it is (for
/// counter-actions the attacker's team, spec §11.2).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Action {
    /// The index of the team whose turn it is.
    pub team: usize,
    /// What happened, named by its one key (`move`, `attack`, ...).
    pub kind: ActionKind,
}

/// The action types of the April 2019 engine (spec §11.2): `unit` is the
/// acting unit's id, `results` the effects on each unit touched, in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum ActionKind {
    Move {
        unit: u32,
        assignment: Tile,
        /// The unit's new facing, raw (written rotated by 0°).
        direction: Option<Dir>,
    },
    Attack {
        unit: u32,
        direction: Option<Dir>,
        target: Option<Tile>,
        results: Vec<Res>,
    },
    AttackSpecial {
        unit: u32,
        results: Vec<Res>,
    },
    Turn {
        unit: u32,
        direction: Dir,
    },
    BreakFocus {
        unit: u32,
        results: Vec<Res>,
    },
    EndTurn {
        results: Vec<Res>,
        new_player_team: Option<usize>,
    },
    Phase {
        unit: u32,
        color: Color,
        results: Option<Vec<Res>>,
    },
    Heal {
        unit: u32,
        target: Tile,
        results: Vec<Res>,
    },
    Hatch {
        unit: u32,
        target: Tile,
        results: Vec<Res>,
    },
}

impl ActionKind {
    /// The engine's name of the action type.
    pub fn type_name(&self) -> &'static str {
        match self {
            ActionKind::Move { .. } => "move",
            ActionKind::Attack { .. } => "attack",
            ActionKind::AttackSpecial { .. } => "attackSpecial",
            ActionKind::Turn { .. } => "turn",
            ActionKind::BreakFocus { .. } => "breakFocus",
            ActionKind::EndTurn { .. } => "endTurn",
            ActionKind::Phase { .. } => "phase",
            ActionKind::Heal { .. } => "heal",
            ActionKind::Hatch { .. } => "hatch",
        }
    }

    /// The acting unit, if the action has one.
    pub fn unit(&self) -> Option<u32> {
        match *self {
            ActionKind::Move { unit, .. }
            | ActionKind::Attack { unit, .. }
            | ActionKind::AttackSpecial { unit, .. }
            | ActionKind::Turn { unit, .. }
            | ActionKind::BreakFocus { unit, .. }
            | ActionKind::Phase { unit, .. }
            | ActionKind::Heal { unit, .. }
            | ActionKind::Hatch { unit, .. } => Some(unit),
            ActionKind::EndTurn { .. } => None,
        }
    }

    /// The results, in order.
    pub fn results(&self) -> &[Res] {
        match self {
            ActionKind::Attack { results, .. }
            | ActionKind::AttackSpecial { results, .. }
            | ActionKind::BreakFocus { results, .. }
            | ActionKind::EndTurn { results, .. }
            | ActionKind::Heal { results, .. }
            | ActionKind::Hatch { results, .. } => results,
            ActionKind::Phase { results, .. } => results.as_deref().unwrap_or(&[]),
            ActionKind::Move { .. } | ActionKind::Turn { .. } => &[],
        }
    }
}

impl Action {
    /// The action as the engine writes it (spec §11.2): its own keys in the
    /// engine's order, then `created` (when a time is given) and `teamId`.
    pub fn to_json(&self, created: Option<&str>) -> Value {
        let mut m = Map::new();
        m.insert("type".into(), self.kind.type_name().into());
        if let Some(u) = self.kind.unit() {
            m.insert("unit".into(), u.into());
        }
        let dir = |d: &Dir| Value::from(d.in_action().as_str());
        match &self.kind {
            ActionKind::Move {
                assignment,
                direction,
                ..
            } => {
                m.insert("assignment".into(), tile(*assignment));
                if let Some(d) = direction {
                    m.insert("direction".into(), dir(d));
                }
            }
            ActionKind::Attack {
                direction,
                target,
                results,
                ..
            } => {
                if let Some(d) = direction {
                    m.insert("direction".into(), dir(d));
                }
                if let Some(t) = target {
                    m.insert("target".into(), tile(*t));
                }
                m.insert("results".into(), results_json(results));
            }
            ActionKind::AttackSpecial { results, .. } | ActionKind::BreakFocus { results, .. } => {
                m.insert("results".into(), results_json(results));
            }
            ActionKind::Turn { direction, .. } => {
                m.insert("direction".into(), dir(direction));
            }
            ActionKind::EndTurn {
                results,
                new_player_team,
            } => {
                m.insert("results".into(), results_json(results));
                if let Some(t) = new_player_team {
                    m.insert("newPlayerTeam".into(), (*t).into());
                }
            }
            ActionKind::Phase { color, results, .. } => {
                m.insert("colorId".into(), color.as_str().into());
                if let Some(r) = results {
                    m.insert("results".into(), results_json(r));
                }
            }
            ActionKind::Heal {
                target, results, ..
            }
            | ActionKind::Hatch {
                target, results, ..
            } => {
                m.insert("target".into(), tile(*target));
                m.insert("results".into(), results_json(results));
            }
        }
        if let Some(c) = created {
            m.insert("created".into(), c.into());
        }
        m.insert("teamId".into(), self.team.into());
        Value::Object(m)
    }

    /// The action as the project's record crate types it.
    pub fn to_record(&self) -> record::Action {
        serde_json::from_value(self.to_json(None)).expect("actions are valid record actions")
    }
}

/// A tile as `[x, y]`.
pub fn tile(t: Tile) -> Value {
    Value::from(vec![t.x, t.y])
}

/// A list of unit ids, or `false`.
pub fn ids(list: Option<&[u32]>) -> Value {
    match list {
        Some(l) => Value::from(l.to_vec()),
        None => Value::Bool(false),
    }
}

/// A number as JavaScript prints it: whole numbers without a fraction, others
/// as the shortest text that reads back to the same double (spec §11.3).
pub fn number(v: f64) -> Value {
    if v.fract() == 0.0 && v.abs() < 9_007_199_254_740_992.0 {
        Value::from(v as i64)
    } else {
        serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_read_as_the_engine_sends_them() {
        let i: Input =
            serde_json::from_str(r#"{"type":"move","unit":4,"assignment":[2,6]}"#).unwrap();
        assert_eq!(
            i,
            Input::Move {
                unit: 4,
                assignment: Tile::new(2, 6),
                direction: None
            }
        );
        let e: Input = serde_json::from_str(r#"{"type":"endTurn"}"#).unwrap();
        assert_eq!(e, Input::EndTurn);
        assert!(serde_json::from_str::<Input>(r#"{"type":"turn","unit":4,"facing":"N"}"#).is_err());
    }

    #[test]
    fn actions_write_keys_in_the_engines_order() {
        let a = Action {
            team: 0,
            kind: ActionKind::Move {
                unit: 1,
                assignment: Tile::new(7, 3),
                direction: Some(Dir::WS),
            },
        };
        assert_eq!(
            a.to_json(Some("t")).to_string(),
            r#"{"type":"move","unit":1,"assignment":[7,3],"direction":"NW","created":"t","teamId":0}"#
        );
        assert_eq!(number(18.0).to_string(), "18");
        assert_eq!(number(11.809800000000001).to_string(), "11.809800000000001");
    }
}
