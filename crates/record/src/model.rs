//! The typed record (game-record spec 1 and 2). Every struct keeps the fields
//! it does not know in `extra` ([`OtherFields`], read as a map), in their
//! original order, so that reading and writing a record is lossless (spec
//! 2.1, rule 7).

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;

use crate::other_fields::OtherFields;
use crate::small::{Position, TypeName};

/// A whole game: GameData of spec 1.2 with the project's extra fields.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct GameRecord {
    /// Name of the ruleset (lower-case), e.g. `ttrts`; absent in old Tactics files.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub game_type: Option<String>,
    /// One entry per seat, in turn order; `null` for a seat not yet taken.
    pub teams: Vec<Option<Team>>,
    /// Finished turns, then the turn in progress (if any) as the last entry.
    #[serde(default)]
    pub turns: Vec<Turn>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub created: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<String>,
    /// The winner, kept apart from "absent" because an absent winner is not a draw
    /// (spec 3.1).
    #[serde(
        rename = "winnerId",
        default,
        skip_serializing_if = "Winner::is_absent",
        serialize_with = "Winner::serialize_field",
        deserialize_with = "Winner::deserialize_field"
    )]
    pub winner: Winner,
    #[serde(flatten)]
    pub extra: OtherFields,
}

/// What `winnerId` says.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Winner {
    /// No `winnerId` field: unknown (old Tactics files), or the game is not over.
    #[default]
    Absent,
    /// `null`: with `ended` set, a draw.
    NoWinner,
    /// A seat index into `teams`.
    Team(u64),
    /// A string such as `"draw"` or `"truce"` (later Tactics versions).
    Other(String),
}

impl Winner {
    fn is_absent(&self) -> bool {
        matches!(self, Winner::Absent)
    }

    fn serialize_ref<S: Serializer>(w: &&Winner, s: S) -> Result<S::Ok, S::Error> {
        Winner::serialize_field(w, s)
    }

    fn is_absent_ref(w: &&Winner) -> bool {
        w.is_absent()
    }

    fn serialize_field<S: Serializer>(w: &Winner, s: S) -> Result<S::Ok, S::Error> {
        match w {
            Winner::Absent | Winner::NoWinner => s.serialize_none(),
            Winner::Team(t) => s.serialize_u64(*t),
            Winner::Other(text) => s.serialize_str(text),
        }
    }

    fn deserialize_field<'de, D: Deserializer<'de>>(d: D) -> Result<Winner, D::Error> {
        use serde::de::Error;
        Ok(match Value::deserialize(d)? {
            Value::Null => Winner::NoWinner,
            Value::Number(n) => Winner::Team(
                n.as_u64()
                    .ok_or_else(|| D::Error::custom("winnerId must be a team index"))?,
            ),
            Value::String(s) => Winner::Other(s),
            _ => {
                return Err(D::Error::custom(
                    "winnerId must be a number, a string or null",
                ))
            }
        })
    }
}

/// One seat (TeamData, spec 1.3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Team {
    #[serde(rename = "playerId", default, skip_serializing_if = "Option::is_none")]
    pub player_id: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// `true`, `false`, or the name of the bot (spec 3.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot: Option<Value>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set: Option<Vec<Value>>,
    #[serde(flatten)]
    pub extra: OtherFields,
}

/// One turn: the units at its start, one array per seat, and its actions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Turn {
    pub units: Vec<Vec<UnitData>>,
    #[serde(default)]
    pub actions: Vec<Action>,
    #[serde(flatten)]
    pub extra: OtherFields,
}

/// A living unit at one moment (spec 1.4). Properties other than `id`, `type`
/// and `assignment` are present only when they differ from the default.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnitData {
    pub id: u64,
    #[serde(rename = "type")]
    pub unit_type: TypeName,
    /// A tile `[x, y]`, or two numbers for continuous maps.
    pub assignment: Position,
    #[serde(flatten)]
    pub extra: OtherFields,
}

/// One resolved order or event (spec 1.2 and 2.1 rule 3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Action {
    #[serde(rename = "type")]
    pub action_type: TypeName,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<u64>,
    #[serde(rename = "teamId", default, skip_serializing_if = "Option::is_none")]
    pub team_id: Option<u64>,
    #[serde(flatten)]
    pub extra: OtherFields,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub results: Option<Vec<ActionResult>>,
}

impl Action {
    /// An action of `action_type` by `unit` of seat `team`, with no results yet.
    pub fn new(action_type: &str, unit: Option<u64>, team: Option<u64>) -> Action {
        Action {
            action_type: TypeName::new(action_type),
            unit,
            team_id: team,
            extra: OtherFields::new(),
            results: None,
        }
    }

    /// Adds an extra field, builder style.
    pub fn with(mut self, key: &str, value: impl Into<Value>) -> Action {
        self.extra.insert(key.to_string(), value.into());
        self
    }

    /// Appends a result (results are shown one at a time, spec 1.5).
    pub fn push_result(&mut self, result: ActionResult) {
        self.results.get_or_insert_with(Vec::new).push(result);
    }

    /// Marks the action as seen only by `teams` until the game ends (the
    /// project's `seenBy` field, `docs/game-record.md`).
    pub fn seen_only_by(self, teams: &[u64]) -> Action {
        self.with(SEEN_BY, Value::from(teams.to_vec()))
    }

    /// The teams that may see this action while the game runs, when it is
    /// not everyone's (`seenBy`); `None` for an action everyone sees. A
    /// `seenBy` that is not a list of team ids is read as "nobody", so a
    /// damaged mark never makes a secret public.
    pub fn seen_by(&self) -> Option<Vec<u64>> {
        let v = self.extra.get(SEEN_BY)?;
        Some(
            v.as_array()
                .map(|a| a.iter().filter_map(Value::as_u64).collect())
                .unwrap_or_default(),
        )
    }

    /// Whether every one of a game's `teams` teams may see the action
    /// while the game runs (so it may be shown to anyone).
    pub fn is_public(&self, teams: usize) -> bool {
        match self.seen_by() {
            None => true,
            Some(seen) => (0..teams as u64).all(|t| seen.contains(&t)),
        }
    }
}

/// The action field naming the teams that may see it before the end.
pub const SEEN_BY: &str = "seenBy";

/// The effect of an action on one unit (spec 1.5).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ActionResult {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unit: Option<u64>,
    /// Property name → new value (not a difference, spec 3.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub changes: Option<OtherFields>,
    /// Sub-results, shown together with this one; never nested further.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub results: Option<Vec<ActionResult>>,
    #[serde(flatten)]
    pub extra: OtherFields,
}

impl ActionResult {
    /// A result for `unit` with one change.
    pub fn change(unit: u64, key: &str, value: impl Into<Value>) -> ActionResult {
        let mut changes = OtherFields::new();
        changes.insert(key.to_string(), value.into());
        ActionResult {
            unit: Some(unit),
            changes: Some(changes),
            results: None,
            extra: OtherFields::new(),
        }
    }
}

/// The record with its turns already written as JSON (see
/// [`GameRecord::to_json_with_turns`]).
#[derive(Serialize)]
struct WithRawTurns<'a> {
    #[serde(rename = "type", skip_serializing_if = "is_none")]
    game_type: &'a Option<String>,
    teams: &'a [Option<Team>],
    turns: &'a serde_json::value::RawValue,
    #[serde(skip_serializing_if = "is_none")]
    created: &'a Option<String>,
    #[serde(skip_serializing_if = "is_none")]
    started: &'a Option<String>,
    #[serde(skip_serializing_if = "is_none")]
    ended: &'a Option<String>,
    #[serde(
        rename = "winnerId",
        skip_serializing_if = "Winner::is_absent_ref",
        serialize_with = "Winner::serialize_ref"
    )]
    winner: &'a Winner,
    #[serde(flatten)]
    extra: &'a OtherFields,
}

/// The fields of [`WithRawTurns`] that come before `turns`, written alike.
#[derive(Serialize)]
struct Head<'a> {
    #[serde(rename = "type", skip_serializing_if = "is_none")]
    game_type: &'a Option<String>,
    teams: &'a [Option<Team>],
}

fn is_none(v: &&Option<String>) -> bool {
    v.is_none()
}

impl GameRecord {
    /// Writes the record as compact JSON with `turns` replaced by
    /// `turns_json`, a JSON array written earlier. A running game keeps its
    /// finished turns as text, so writing its record each turn costs the new
    /// turn, not the whole game again. `turns_json` must be a valid JSON
    /// array; it is copied as it is, checked only for its brackets (reading
    /// it through again was a fifth of a whole ttrts replay's work), and in
    /// full in debug builds.
    pub fn to_json_with_turns(&self, turns_json: &str) -> Result<String, serde_json::Error> {
        let trimmed = turns_json.trim();
        if !(trimmed.starts_with('[') && trimmed.ends_with(']')) {
            return Err(<serde_json::Error as serde::de::Error>::custom(
                "the turns are not a JSON array",
            ));
        }
        debug_assert!(
            serde_json::from_str::<&serde_json::value::RawValue>(turns_json).is_ok(),
            "the turns are not valid JSON"
        );
        // The record with no turns, and the part of it before `turns` (the
        // fields that come first), tell where the turns go.
        let write = |turns: &serde_json::value::RawValue| {
            serde_json::to_string(&WithRawTurns {
                game_type: &self.game_type,
                teams: &self.teams,
                turns,
                created: &self.created,
                started: &self.started,
                ended: &self.ended,
                winner: &self.winner,
                extra: &self.extra,
            })
        };
        let whole = write(&serde_json::value::RawValue::from_string("[]".into())?)?;
        let head = serde_json::to_string(&Head {
            game_type: &self.game_type,
            teams: &self.teams,
        })?;
        const EMPTY_TURNS: &str = r#","turns":[]"#;
        let at = head.len() - 1; // without the head's closing brace
        if !whole[at..].starts_with(EMPTY_TURNS) {
            // Cannot happen while `Head` and `WithRawTurns` agree; the slow
            // way is still right.
            return write(serde_json::from_str(turns_json)?);
        }
        let mut out = String::with_capacity(whole.len() + turns_json.len());
        out.push_str(&whole[..at]);
        out.push_str(r#","turns":"#);
        out.push_str(trimmed);
        out.push_str(&whole[at + EMPTY_TURNS.len()..]);
        Ok(out)
    }

    /// Writes the record as compact JSON.
    pub fn to_json(&self) -> String {
        // Same field order as `to_json_with_turns`, so both write the same text.
        serde_json::to_string(self).expect("a record always serialises")
    }

    /// Writes the record as indented JSON, for people.
    pub fn to_json_pretty(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record always serialises")
    }
}
