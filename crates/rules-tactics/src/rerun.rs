//! Re-running a record (spec §12): the game is set up again from the
//! record's teams, each turn's inputs are derived from its actions (§12.2)
//! and played through the rules, taking every random number from the
//! engine's draws file — or, for a game the project played, from the game's
//! own generator — and every turn must then agree with the record by value
//! (§12.4). The answer is a [`Report`] or the first [`Divergence`], as a
//! JSON path into the record (or into the draws file).

use std::fmt;

use std::sync::Arc;

use engine::{GameRng, Match, Seat, Setup};
use record::{first_difference, GameRecord, Turn, Winner};
use serde_json::{Map, Value};

use crate::action::Input;
use crate::board::{Dir, Tile};
use crate::draws::{DrawProblem, Draws, DrawsFile, FileDraws, RngDraws};
use crate::error::Error;
use crate::game::{BotFlag, Color, Game, GameKind, SetEntry, TeamSpec};
use crate::record::GameLog;
use crate::ruleset::Tactics;
use crate::units::UnitType;

/// A re-run that agreed: the counts of spec §12.5.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    /// Turns, the open one included.
    pub turns: usize,
    /// Actions in all turns.
    pub actions: usize,
    /// Random numbers the rules drew.
    pub draws: usize,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "every turn agrees ({} turns, {} actions, {} draws)",
            self.turns, self.actions, self.draws
        )
    }
}

/// Where the rules leave the record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Divergence {
    /// A JSON path into the game (`$.turns[41].actions[1]…`) or the draws
    /// file (`$.draws[17].use`).
    pub path: String,
    /// What the record (or the draws file) has.
    pub expected: String,
    /// What the rules give.
    pub actual: String,
}

impl fmt::Display for Divergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "first divergence at {}: the record has {} but the rules give {}",
            self.path, self.expected, self.actual
        )
    }
}

/// What a re-run found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rerun {
    Agrees(Report),
    Diverges(Divergence),
}

/// Re-runs a record's text, with a draws file or else the record's `seed`.
pub fn rerun_text(record_text: &str, draws: Option<&DrawsFile>) -> Result<Rerun, Error> {
    let (rec, _warnings) = record::read_record(record_text).map_err(Error::Record)?;
    rerun(&rec, draws)
}

/// Where a re-run takes the players' inputs from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputSource {
    /// Derived from the record's actions (spec §12.2).
    Record,
    /// The batches the players sent, from the draws file (spec §12.1):
    /// skipped inputs included, so the engine's skipping is re-run too.
    Sent,
}

/// Re-runs a read record (spec §12.2–§12.4) with inputs derived from it. A
/// record the engine's `Match` wrote for a game the project played (with
/// its `setup` and each resolution's `orders`) is re-run from those instead,
/// unless a draws file is given.
pub fn rerun(rec: &GameRecord, file: Option<&DrawsFile>) -> Result<Rerun, Error> {
    if file.is_none() && rec.extra.contains_key("setup") {
        return rerun_hosted(rec);
    }
    rerun_from(rec, file, InputSource::Record)
}

/// Re-runs a record written by the engine's `Match`: its setup and seed start
/// the game again, each turn's recorded orders are resolved again, and every
/// turn and the winner must agree (as `engine::verify` does), counting the
/// numbers drawn.
fn rerun_hosted(rec: &GameRecord) -> Result<Rerun, Error> {
    let setup: Setup = rec
        .extra
        .get("setup")
        .cloned()
        .ok_or_else(|| {
            Error::not_tactics("$.setup", "missing: a hosted game's record keeps its setup")
        })
        .and_then(|v| {
            serde_json::from_value(v)
                .map_err(|e| Error::not_tactics("$.setup", format!("cannot be read: {e}")))
        })?;
    let rules = Arc::new(Tactics);
    let mut game = Match::start(rules, setup, true, None)
        .map_err(|e| Error::not_tactics("$.setup", e.to_string()))?;
    for (i, turn) in rec.turns.iter().enumerate() {
        let Some(orders) = turn.extra.get("orders").and_then(Value::as_array) else {
            continue;
        };
        for (j, entry) in orders.iter().enumerate() {
            let path = format!("$.turns[{i}].orders[{j}]");
            let seat = entry
                .get("teamId")
                .and_then(Value::as_u64)
                .ok_or_else(|| Error::not_tactics(&path, "has no teamId"))?;
            let given: Vec<Input> =
                serde_json::from_value(entry.get("orders").cloned().unwrap_or(Value::Null))
                    .map_err(|e| Error::not_tactics(format!("{path}.orders"), e.to_string()))?;
            if let Err(errors) = game.submit(Seat(seat as usize), given) {
                let why: Vec<String> = errors.iter().map(ToString::to_string).collect();
                return Ok(Rerun::Diverges(Divergence {
                    path,
                    expected: "orders the rules accept".into(),
                    actual: format!("a rejection: {}", why.join("; ")),
                }));
            }
        }
        game.resolve(None);
    }
    let produced = game.record().expect("the record is kept");
    let winner = |r: &GameRecord| {
        serde_json::to_value(r)
            .ok()
            .and_then(|v| v.get("winnerId").cloned())
            .unwrap_or(Value::Null)
    };
    let expected = serde_json::json!({"turns": rec.turns, "winnerId": winner(rec)});
    let actual = serde_json::json!({"turns": produced.turns, "winnerId": winner(&produced)});
    if let Some((path, expected, actual)) = first_difference(&expected, &actual) {
        return Ok(Rerun::Diverges(Divergence {
            path,
            expected,
            actual,
        }));
    }
    // Only the rules draw from the game's generator, two words a draw.
    let words: u64 = game.save()["rng"]["word"]
        .as_str()
        .and_then(|w| w.parse().ok())
        .unwrap_or(0);
    Ok(Rerun::Agrees(Report {
        turns: rec.turns.len(),
        actions: rec.turns.iter().map(|t| t.actions.len()).sum(),
        draws: (words / 2) as usize,
    }))
}

/// Re-runs a read record, taking the inputs from `source`. `Sent` needs a
/// draws file with `inputs`.
pub fn rerun_from(
    rec: &GameRecord,
    file: Option<&DrawsFile>,
    source: InputSource,
) -> Result<Rerun, Error> {
    let sent: Option<&[(usize, Vec<Input>)]> = match source {
        InputSource::Record => None,
        InputSource::Sent => match file {
            Some(f) if !f.inputs.is_empty() => Some(&f.inputs),
            _ => {
                return Err(Error::draws(
                    "$.inputs",
                    "this draws file has no inputs (only the engine's own files keep them)",
                ))
            }
        },
    };
    let kind = GameKind::from_type(rec.game_type.as_deref()).ok_or_else(|| {
        Error::not_tactics(
            "$.type",
            format!(
                "`{}` is not a Tactics game type (classic or chaos)",
                rec.game_type.as_deref().unwrap_or_default()
            ),
        )
    })?;
    let slots = slots(rec, kind)?;
    match file {
        Some(f) => {
            let mut draws = FileDraws::new(f);
            let outcome = play(rec, kind, slots, &mut draws, sent)?;
            Ok(finish(
                outcome,
                || match (&draws.problem, draws.used) {
                    (Some(p), _) => Some(draw_divergence(p, f)),
                    (None, used) if used < f.draws.len() => Some(Divergence {
                        path: format!("$.draws[{used}]"),
                        expected: format!("a `{}` draw", f.draws[used].what),
                        actual: format!("no more draws ({used} used)"),
                    }),
                    _ => None,
                },
                draws.problem.as_ref().map(problem_turn),
                draws.used,
            ))
        }
        None => {
            let seed = record_seed(rec)?;
            let mut rng = GameRng::from_seed(seed);
            let mut draws = RngDraws::new(&mut rng);
            let outcome = play(rec, kind, slots, &mut draws, sent)?;
            let used = draws.count;
            Ok(finish(outcome, || None, None, used))
        }
    }
}

/// The seed of a game the project played (`seed`, or `setup.seed`).
fn record_seed(rec: &GameRecord) -> Result<u64, Error> {
    let as_seed = |v: &Value| match v {
        Value::String(s) => s.parse().ok(),
        Value::Number(n) => n.as_u64(),
        _ => None,
    };
    rec.extra
        .get("seed")
        .and_then(as_seed)
        .or_else(|| {
            rec.extra
                .get("setup")
                .and_then(|s| s.get("seed"))
                .and_then(as_seed)
        })
        .ok_or_else(|| {
            Error::not_tactics(
                "$.seed",
                "the record has no seed, so only its draws file can re-run it (give --draws)",
            )
        })
}

fn problem_turn(p: &DrawProblem) -> usize {
    match p {
        DrawProblem::WrongUse { asked, .. } | DrawProblem::TooMany { asked, .. } => asked.turn,
    }
}

fn draw_divergence(p: &DrawProblem, f: &DrawsFile) -> Divergence {
    match p {
        DrawProblem::WrongUse { index, file, asked } => Divergence {
            path: format!("$.draws[{index}].use"),
            expected: format!("\"{file}\""),
            actual: format!("a `{}` draw in turn {}", asked.what.as_str(), asked.turn),
        },
        DrawProblem::TooMany { index, asked } => Divergence {
            path: format!("$.draws[{index}]"),
            expected: format!("no draw ({} in the file)", f.draws.len()),
            actual: format!("a `{}` draw in turn {}", asked.what.as_str(), asked.turn),
        },
    }
}

/// The record's player teams by slot, with their initial `bot` flags (§12.3).
fn slots(rec: &GameRecord, kind: GameKind) -> Result<Vec<TeamSpec>, Error> {
    let handed: Vec<u64> = rec
        .turns
        .iter()
        .flat_map(|t| t.actions.iter())
        .filter(|a| a.action_type == "endTurn")
        .filter_map(|a| a.extra.get("newPlayerTeam").and_then(Value::as_u64))
        .collect();
    let mut by_slot: Vec<(usize, TeamSpec)> = vec![];
    for (i, team) in rec.teams.iter().enumerate() {
        let path = format!("$.teams[{i}]");
        let Some(team) = team else {
            return Err(Error::not_tactics(
                path,
                "an empty seat: the game never started",
            ));
        };
        if kind == GameKind::Chaos && team.name.as_deref() == Some("Chaos") {
            continue;
        }
        let original = team
            .extra
            .get("originalId")
            .and_then(Value::as_u64)
            .ok_or_else(|| Error::not_tactics(format!("{path}.originalId"), "missing"))?;
        let color = match team.extra.get("colorId") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(Color::parse(s).ok_or_else(|| {
                Error::not_tactics(
                    format!("{path}.colorId"),
                    format!("`{s}` is not a colour of the engine"),
                )
            })?),
            Some(other) => {
                return Err(Error::not_tactics(
                    format!("{path}.colorId"),
                    format!("must be a colour name, not {other}"),
                ))
            }
        };
        let bot = match &team.bot {
            _ if handed.contains(&(i as u64)) => Some(BotFlag::Flag(true)),
            None => None,
            Some(Value::Bool(b)) => Some(BotFlag::Flag(*b)),
            Some(Value::String(s)) => Some(BotFlag::Name(s.clone())),
            Some(other) => {
                return Err(Error::not_tactics(
                    format!("{path}.bot"),
                    format!("must be true, false or a name, not {other}"),
                ))
            }
        };
        let set = team
            .set
            .as_ref()
            .ok_or_else(|| Error::not_tactics(format!("{path}.set"), "missing"))?
            .iter()
            .enumerate()
            .map(|(k, e)| set_entry(e, &format!("{path}.set[{k}]")))
            .collect::<Result<Vec<_>, _>>()?;
        by_slot.push((
            original as usize,
            TeamSpec {
                name: team.name.clone(),
                color,
                bot,
                set,
            },
        ));
    }
    by_slot.sort_by_key(|(slot, _)| *slot);
    if by_slot.len() != kind.slots() || by_slot.iter().enumerate().any(|(i, (slot, _))| i != *slot)
    {
        return Err(Error::not_tactics(
            "$.teams",
            format!(
                "a {} game has player teams with originalId 0 to {}; this record's are {:?}",
                kind.as_str(),
                kind.slots() - 1,
                by_slot.iter().map(|(s, _)| *s).collect::<Vec<_>>()
            ),
        ));
    }
    Ok(by_slot.into_iter().map(|(_, t)| t).collect())
}

fn set_entry(v: &Value, path: &str) -> Result<SetEntry, Error> {
    let kind = v
        .get("type")
        .and_then(Value::as_str)
        .ok_or_else(|| Error::not_tactics(format!("{path}.type"), "missing"))?;
    let kind = UnitType::parse(kind).ok_or_else(|| {
        Error::not_tactics(
            format!("{path}.type"),
            format!("`{kind}` has no stats in the April 2019 rules"),
        )
    })?;
    let assignment = v
        .get("assignment")
        .and_then(tile_of)
        .ok_or_else(|| Error::not_tactics(format!("{path}.assignment"), "must be [x, y]"))?;
    Ok(SetEntry { kind, assignment })
}

fn tile_of(v: &Value) -> Option<Tile> {
    let a = v.as_array()?;
    match a.as_slice() {
        [x, y] => Some(Tile::new(
            i32::try_from(x.as_i64()?).ok()?,
            i32::try_from(y.as_i64()?).ok()?,
        )),
        _ => None,
    }
}

/// What playing the record's inputs gave.
struct Played {
    /// A divergence found before any turn could be compared (the team order).
    early: Option<Divergence>,
    produced: Vec<Value>,
    expected: Vec<Value>,
    game: Game,
    rec_ended: bool,
    rec_winner: Winner,
}

fn play(
    rec: &GameRecord,
    kind: GameKind,
    slots: Vec<TeamSpec>,
    draws: &mut dyn Draws,
    sent: Option<&[(usize, Vec<Input>)]>,
) -> Result<Played, Error> {
    let mut game = Game::start(kind, slots, draws)?;
    let expected: Vec<Value> = rec.turns.iter().map(turn_value).collect();
    let mut early = None;
    for (i, team) in game.teams.iter().enumerate() {
        let want = rec
            .teams
            .get(i)
            .and_then(|t| t.as_ref())
            .and_then(|t| t.extra.get("originalId"))
            .and_then(Value::as_u64);
        if want != Some(team.original_id as u64) {
            early = Some(Divergence {
                path: format!("$.teams[{i}].originalId"),
                expected: want.map_or("(absent)".into(), |w| w.to_string()),
                actual: format!("{} (the first team drawn)", team.original_id),
            });
            break;
        }
    }
    if early.is_some() || game.teams.len() != rec.teams.len() {
        return Ok(Played {
            early: early.or(Some(Divergence {
                path: "$.teams".into(),
                expected: format!("{} teams", rec.teams.len()),
                actual: format!("{} teams", game.teams.len()),
            })),
            produced: vec![],
            expected,
            game,
            rec_ended: rec.ended.is_some() || !matches!(rec.winner, Winner::Absent),
            rec_winner: rec.winner.clone(),
        });
    }
    let mut log = GameLog::new(&game);
    if let Some(batches) = sent {
        for (turn, inputs) in batches {
            if game.is_over() {
                break;
            }
            // A batch for a turn the re-run is not in cannot apply; the
            // comparison will show where the turns parted.
            if *turn == game.turn {
                game.play(inputs, draws, &mut log);
            }
        }
        let produced = log.turns_json(&game);
        return Ok(Played {
            early: None,
            produced,
            expected,
            game,
            rec_ended: rec.ended.is_some() || !matches!(rec.winner, Winner::Absent),
            rec_winner: rec.winner.clone(),
        });
    }
    let last = rec.turns.len().saturating_sub(1);
    for (i, turn) in rec.turns.iter().enumerate() {
        if game.is_over() {
            break;
        }
        if game.turn > i {
            continue;
        }
        let mut inputs = derive_inputs(&game, turn, i);
        // Every turn but the last (the open one) ended with `endTurn`.
        if i != last {
            inputs.push(Input::EndTurn);
        }
        game.play(&inputs, draws, &mut log);
    }
    let produced = log.turns_json(&game);
    Ok(Played {
        early: None,
        produced,
        expected,
        game,
        rec_ended: rec.ended.is_some() || !matches!(rec.winner, Winner::Absent),
        rec_winner: rec.winner.clone(),
    })
}

/// A turn as `{units, actions}`, the two things compared (spec §12.4).
fn turn_value(t: &Turn) -> Value {
    let mut m = Map::new();
    m.insert(
        "units".into(),
        serde_json::to_value(&t.units).expect("units serialise"),
    );
    m.insert(
        "actions".into(),
        serde_json::to_value(&t.actions).expect("actions serialise"),
    );
    Value::Object(m)
}

/// The inputs of turn `i` derived from its actions (spec §12.2).
pub fn derive_inputs(game: &Game, turn: &Turn, i: usize) -> Vec<Input> {
    let teams = turn.units.len().max(1);
    let team: Vec<u64> = turn
        .units
        .get(i % teams)
        .map(|us| us.iter().map(|u| u.id).collect())
        .unwrap_or_default();
    let mut out = vec![];
    let actions = &turn.actions;
    for (j, a) in actions.iter().enumerate() {
        let Some(unit) = a.unit else { continue };
        let Ok(id) = u32::try_from(unit) else {
            continue;
        };
        let tile = |k: &str| a.extra.get(k).and_then(tile_of);
        let direction = a
            .extra
            .get("direction")
            .and_then(Value::as_str)
            .and_then(Dir::parse);
        let mine = team.contains(&unit);
        match a.action_type.as_str() {
            "move" if mine => {
                if let Some(assignment) = tile("assignment") {
                    out.push(Input::Move {
                        unit: id,
                        assignment,
                        direction: None,
                    });
                }
            }
            "attack" if mine => match tile("target") {
                Some(t) => out.push(Input::Attack {
                    unit: id,
                    target: Some(t),
                    direction: None,
                }),
                None => out.push(Input::Attack {
                    unit: id,
                    target: None,
                    direction,
                }),
            },
            "attackSpecial" if mine => out.push(Input::AttackSpecial { unit: id }),
            "turn" if mine => {
                if let Some(d) = direction {
                    out.push(Input::Turn {
                        unit: id,
                        direction: d,
                    });
                }
            }
            "breakFocus" => {
                // Followed by endTurn (or nothing): a turn in place (§12.2).
                let ends = actions
                    .get(j + 1)
                    .is_none_or(|next| next.action_type == "endTurn");
                if ends {
                    let facing = game.unit(id).map_or(Dir::S, |u| u.facing);
                    out.push(Input::Turn {
                        unit: id,
                        direction: facing,
                    });
                }
            }
            _ => {}
        }
    }
    out
}

/// Compares what was played with the record (spec §12.4): turns in order
/// (a draws-file problem comes before any difference in the turn it
/// happened in, which it explains), then the number of turns, the end, the
/// winner and the draws left over.
fn finish(
    p: Played,
    draws_left: impl FnOnce() -> Option<Divergence>,
    problem_turn: Option<usize>,
    used: usize,
) -> Rerun {
    if let Some(d) = p.early {
        return Rerun::Diverges(d);
    }
    let draws_divergence = draws_left();
    for (i, want) in p.expected.iter().enumerate() {
        if let (Some(t), Some(d)) = (problem_turn, &draws_divergence) {
            if t <= i {
                return Rerun::Diverges(d.clone());
            }
        }
        let Some(got) = p.produced.get(i) else {
            return Rerun::Diverges(Divergence {
                path: format!("$.turns[{i}]"),
                expected: format!("turn {i}"),
                actual: match p.game.end {
                    Some(_) => format!("no turn {i}: the game ended in turn {}", p.game.turn),
                    None => format!("no turn {i}"),
                },
            });
        };
        if let Some((path, expected, actual)) = first_difference(want, got) {
            return Rerun::Diverges(Divergence {
                path: format!("$.turns[{i}]{}", &path[1..]),
                expected,
                actual,
            });
        }
    }
    if p.produced.len() > p.expected.len() {
        let i = p.expected.len();
        return Rerun::Diverges(Divergence {
            path: format!("$.turns[{i}]"),
            expected: "(absent)".into(),
            actual: format!("turn {i}"),
        });
    }
    if let Some(d) = draws_divergence {
        return Rerun::Diverges(d);
    }
    let over = p.game.is_over();
    if p.rec_ended != over {
        return Rerun::Diverges(Divergence {
            path: "$.ended".into(),
            expected: if p.rec_ended {
                "the game over"
            } else {
                "null (not over)"
            }
            .into(),
            actual: if over {
                "the game over"
            } else {
                "a game still going"
            }
            .into(),
        });
    }
    let winner = p.game.end.and_then(|e| e.winner);
    let show = |w: Option<usize>| w.map_or("null".to_string(), |t| t.to_string());
    match p.rec_winner {
        Winner::Team(t) if Some(t as usize) != winner => {
            return Rerun::Diverges(Divergence {
                path: "$.winnerId".into(),
                expected: t.to_string(),
                actual: show(winner),
            })
        }
        Winner::NoWinner if winner.is_some() => {
            return Rerun::Diverges(Divergence {
                path: "$.winnerId".into(),
                expected: "null".into(),
                actual: show(winner),
            })
        }
        _ => {}
    }
    let actions = p
        .expected
        .iter()
        .map(|t| {
            t.get("actions")
                .and_then(Value::as_array)
                .map_or(0, Vec::len)
        })
        .sum();
    Rerun::Agrees(Report {
        turns: p.expected.len(),
        actions,
        draws: used,
    })
}
