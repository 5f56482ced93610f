//! Boards of a game record at any turn and action, and the list of frames
//! a replay steps through.
//!
//! The record's per-turn snapshots hold the units but not the rest of a
//! board (ttrts walls, TaE terrain, scores and hands, Full Thrust damage
//! boxes and systems), so the board at the start of a turn is rebuilt by
//! re-running the record's `setup` and each earlier turn's `orders` through
//! the ruleset the caller gives (as `engine::verify` does) and taking the view
//! there. Then the turn's first K actions are applied to that board, one at
//! a time, each with its sub-results at once (game-record spec 1.5).
//! A record made elsewhere, with no `setup`, is drawn from its snapshots
//! when its ruleset can (`Drawing::record_board`: Tactics records).

use engine::{DynRuleset, Seat, Setup};
use record::{Action, GameRecord};
use serde_json::{json, Value};

use crate::{Board, Drawing, Highlight, RenderError};

/// A point in a record: the start of turn `turn` (the ruleset's turn
/// number, as in each turn's `turn` field) after its first `action`
/// actions (0: the start of the turn; the number of actions: its end).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct At {
    pub turn: u64,
    pub action: u64,
}

/// The turn number of `turns[i]`: its `turn` field, or its index when the
/// record has none (records from elsewhere).
fn turn_number(record: &GameRecord, i: usize) -> u64 {
    record.turns[i]
        .extra
        .get("turn")
        .and_then(Value::as_u64)
        .unwrap_or(i as u64)
}

/// The number of the record's last turn (what a board shows when no turn
/// is asked for); `None` for a record without turns.
pub fn last_turn(record: &GameRecord) -> Option<u64> {
    record
        .turns
        .len()
        .checked_sub(1)
        .map(|i| turn_number(record, i))
}

/// The record's type, which must be `rules`' name or the type its games
/// write (`Ruleset::record_type`, checked when the game is started again in
/// [`Rerun::start`]).
fn record_type(record: &GameRecord) -> Result<&str, RenderError> {
    record
        .game_type
        .as_deref()
        .ok_or_else(|| RenderError::input("$.type: the record does not say its ruleset"))
}

/// The first turn of the resolution that finished `turns[index]`. A turn
/// with actions but no `orders` was finished by the resolution of a turn
/// before it (engine `Ruleset::resolve_recorded`), so its board is that
/// turn's board with the actions since applied; the current turn (the
/// last, no orders and no actions yet) is its own start.
fn resolution_start(record: &GameRecord, index: usize) -> usize {
    let turn = &record.turns[index];
    let current = index + 1 == record.turns.len() && turn.actions.is_empty();
    if turn.extra.contains_key("orders") || current {
        return index;
    }
    (1..index)
        .rev()
        .find(|&i| record.turns[i].extra.contains_key("orders"))
        .unwrap_or(0)
}

/// The board of `record` at `at`, seen by `seat` (`None`: a spectator),
/// and the action just applied (none at the start of a turn).
pub fn record_board(
    rules: &dyn DynRuleset,
    drawing: &dyn Drawing,
    record: &GameRecord,
    at: At,
    seat: Option<usize>,
) -> Result<(Box<dyn Board>, Option<Highlight>), RenderError> {
    record_board_with(rules, drawing, record, at, seat, &mut None)
}

/// [`record_board`], re-running the record from `rerun` when it holds this
/// record's game at or before the turn asked for (from the start
/// otherwise), and leaving in it the game at that turn for the next call.
/// The caller keeps one `rerun` per record: a rerun of another record (or of
/// one whose earlier turns differ) would draw a wrong board.
pub fn record_board_with(
    rules: &dyn DynRuleset,
    drawing: &dyn Drawing,
    record: &GameRecord,
    at: At,
    seat: Option<usize>,
    rerun: &mut Option<Rerun>,
) -> Result<(Box<dyn Board>, Option<Highlight>), RenderError> {
    if record.turns.is_empty() {
        return Err(RenderError::input("$.turns: the record has no turns"));
    }
    let index = (0..record.turns.len())
        .find(|&i| turn_number(record, i) == at.turn)
        .ok_or_else(|| {
            RenderError::request(
                "turn",
                format!(
                    "the record has no turn {}; its turns are {} to {}",
                    at.turn,
                    turn_number(record, 0),
                    turn_number(record, record.turns.len() - 1)
                ),
            )
        })?;
    let actions = &record.turns[index].actions;
    if at.action > actions.len() as u64 {
        return Err(RenderError::request(
            "action",
            format!(
                "turn {} has {} actions; give 0 to {}",
                at.turn,
                actions.len(),
                actions.len()
            ),
        ));
    }
    let mut board = turn_start(rules, drawing, record, index, seat, rerun)?;
    let highlight = step(drawing, record, index, &mut *board, 0, at.action as usize)?;
    Ok((board, highlight))
}

/// The board at the start of `turns[index]`, re-run from `rerun` when it
/// can be (see [`record_board_with`]).
fn turn_start(
    rules: &dyn DynRuleset,
    drawing: &dyn Drawing,
    record: &GameRecord,
    index: usize,
    seat: Option<usize>,
    rerun: &mut Option<Rerun>,
) -> Result<Box<dyn Board>, RenderError> {
    if let Some(s) = seat {
        if s >= record.teams.len() {
            return Err(RenderError::request(
                "seat",
                format!(
                    "the game has {} seats (0 to {})",
                    record.teams.len(),
                    record.teams.len().saturating_sub(1)
                ),
            ));
        }
    }
    // A record made elsewhere has no setup to re-run: its ruleset may draw
    // the turn from the record itself.
    if !record.extra.contains_key("setup") {
        if let Some(board) = drawing.record_board(record, index, seat) {
            return board;
        }
    }
    record_type(record)?;
    // The game is re-run to the start of the resolution that finished the
    // turn asked for, and that resolution's earlier turns are applied.
    let start = resolution_start(record, index);
    // A kept rerun serves if it has not gone past the turn; else start over.
    let reuse = matches!(rerun, Some(r) if r.index() <= start && r.game.ruleset() == rules.name());
    if !reuse {
        *rerun = None;
    }
    let r = match rerun {
        Some(r) => r,
        None => rerun.insert(Rerun::start(rules, record)?),
    };
    if let Err(e) = r.advance_to(record, start) {
        *rerun = None;
        return Err(e);
    }
    let view = r.view(record, seat)?;
    let mut board = drawing.board(&view)?;
    for i in start..index {
        for (k, action) in record.turns[i].actions.iter().enumerate() {
            board.apply(action, &format!("$.turns[{i}].actions[{k}]"))?;
        }
    }
    Ok(board)
}

/// Applies `turns[index]`'s actions `from..to` to `board`; the highlight of
/// the last one applied (none when none is).
fn step(
    drawing: &dyn Drawing,
    record: &GameRecord,
    index: usize,
    board: &mut dyn Board,
    from: usize,
    to: usize,
) -> Result<Option<Highlight>, RenderError> {
    let actions = &record.turns[index].actions;
    let turn = turn_number(record, index);
    let mut highlight = None;
    for (k, action) in actions.iter().enumerate().take(to).skip(from) {
        let was = action.unit.and_then(|u| board.position(u));
        board.apply(action, &format!("$.turns[{index}].actions[{k}]"))?;
        highlight = Some(Highlight {
            unit: action.unit,
            from: was,
            target: action.extra.get("targetUnit").and_then(Value::as_u64),
            caption: format!(
                "Turn {turn}, action {} of {}: {}",
                k + 1,
                actions.len(),
                caption_in(drawing, record, action)
            ),
        });
    }
    Ok(highlight)
}

/// A board stepped into one turn of a record, kept by a caller that steps a
/// replay forward: the next frame of the same turn applies only the actions
/// in between, so a step costs one action, not the turn so far.
pub struct Frame {
    index: usize,
    action: usize,
    seat: Option<usize>,
    board: Box<dyn Board>,
    highlight: Option<Highlight>,
}

impl std::fmt::Debug for Frame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Frame")
            .field("index", &self.index)
            .field("action", &self.action)
            .field("seat", &self.seat)
            .finish_non_exhaustive()
    }
}

/// The picture of the record's turn at `index` (its place in `turns`, not
/// its number) after its first `action` actions, as `seat` saw it. It goes
/// on from `kept` when that frame is of the same turn and seat and not past
/// `action`, else from the start of the turn (re-run from `rerun` as
/// [`record_board_with`] does), and leaves the frame drawn in `kept`.
///
/// Only the turns the re-run goes over (from `rerun`'s place to `index`)
/// and the turn at `index` are read, so a caller holding a long record may
/// pass one whose other turns are left empty.
#[allow(clippy::too_many_arguments)]
pub fn frame_svg(
    rules: &dyn DynRuleset,
    drawing: &dyn Drawing,
    record: &GameRecord,
    index: usize,
    action: usize,
    seat: Option<usize>,
    rerun: &mut Option<Rerun>,
    kept: &mut Option<Frame>,
) -> Result<String, RenderError> {
    let Some(turn) = record.turns.get(index) else {
        return Err(RenderError::request(
            "index",
            format!(
                "the record has {} turns; give 0 to {}",
                record.turns.len(),
                record.turns.len().saturating_sub(1)
            ),
        ));
    };
    let n = turn.actions.len();
    if action > n {
        return Err(RenderError::request(
            "action",
            format!(
                "turn {} has {n} actions; give 0 to {n}",
                turn_number(record, index)
            ),
        ));
    }
    let reuse = kept
        .as_ref()
        .is_some_and(|f| f.index == index && f.seat == seat && f.action <= action);
    let mut frame = match kept.take() {
        Some(f) if reuse => f,
        _ => Frame {
            index,
            action: 0,
            seat,
            board: turn_start(rules, drawing, record, index, seat, rerun)?,
            highlight: None,
        },
    };
    if action > frame.action {
        frame.highlight = step(
            drawing,
            record,
            index,
            &mut *frame.board,
            frame.action,
            action,
        )?;
        frame.action = action;
    }
    let svg = frame.board.svg(frame.highlight.as_ref());
    *kept = Some(frame);
    Ok(svg)
}

/// A record being re-run: its game after the first `index` turns. A host
/// keeps one between requests ([`record_board_with`]), so stepping a replay
/// forward costs the turns stepped over, not the whole game again.
pub struct Rerun {
    game: Box<dyn engine::Game>,
    /// Turns of the record re-run so far.
    index: usize,
}

impl std::fmt::Debug for Rerun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rerun")
            .field("ruleset", &self.game.ruleset())
            .field("index", &self.index)
            .finish()
    }
}

impl Rerun {
    /// The record's game at its setup (no turn re-run yet).
    pub fn start(rules: &dyn DynRuleset, record: &GameRecord) -> Result<Rerun, RenderError> {
        let name = record_type(record)?;
        let not_of = || {
            RenderError::input(format!(
                "$.type: the record is of `{name}`, not of {}",
                rules.name()
            ))
        };
        let named = name.eq_ignore_ascii_case(rules.name());
        let setup = record.extra.get("setup").ok_or_else(|| {
            RenderError::input(
                "$.setup: the record has no `setup`, so its boards cannot be rebuilt \
                 (a running game's public record leaves it out)",
            )
        })?;
        let setup: Setup = match serde_json::from_value(setup.clone()) {
            Ok(s) => s,
            Err(_) if !named => return Err(not_of()),
            Err(e) => return Err(RenderError::input(format!("$.setup: cannot be read: {e}"))),
        };
        if let Some(v) = record.extra.get("rulesetVersion").and_then(Value::as_str) {
            if v != rules.version() {
                return Err(RenderError::input(format!(
                    "$.rulesetVersion: the record was played with {name} {v}; this build has {}",
                    rules.version()
                )));
            }
        }
        let game = match rules.start(setup, false, None) {
            Ok(g) => g,
            Err(_) if !named => return Err(not_of()),
            Err(e) => return Err(RenderError::input(format!("$.setup: {e}"))),
        };
        if !named && !game.record_type().eq_ignore_ascii_case(name) {
            return Err(not_of());
        }
        Ok(Rerun { game, index: 0 })
    }

    /// How many of the record's turns have been re-run.
    pub fn index(&self) -> usize {
        self.index
    }

    /// Re-runs the record's turns up to (not including) `turns[index]`;
    /// `index` must not be below [`Rerun::index`]. A turn without orders
    /// that the rules already finished (in the resolution of an earlier
    /// turn) is passed over. On an error the rerun is left part way and
    /// should be dropped.
    pub fn advance_to(&mut self, record: &GameRecord, index: usize) -> Result<(), RenderError> {
        assert!(index >= self.index, "a rerun only goes forward");
        for i in self.index..index {
            let Some(orders) = record.turns[i].extra.get("orders") else {
                if i > 0 && self.game.turn() > turn_number(record, i) {
                    self.index = i + 1;
                    continue;
                }
                return Err(RenderError::input(format!(
                    "$.turns[{i}].orders: missing, so the game cannot be re-run past turn {}",
                    turn_number(record, i)
                )));
            };
            let orders = orders.as_array().ok_or_else(|| {
                RenderError::input(format!("$.turns[{i}].orders: must be an array"))
            })?;
            for (j, entry) in orders.iter().enumerate() {
                let path = format!("$.turns[{i}].orders[{j}]");
                let team = entry
                    .get("teamId")
                    .and_then(Value::as_u64)
                    .ok_or_else(|| RenderError::input(format!("{path}: has no teamId")))?;
                let given = entry.get("orders").cloned().unwrap_or(Value::Null);
                self.game
                    .submit_json(Seat(team as usize), given)
                    .map_err(|issues| {
                        let why: Vec<String> = issues.iter().map(ToString::to_string).collect();
                        RenderError::input(format!(
                            "{path}: the rules reject these orders on re-running: {}",
                            why.join("; ")
                        ))
                    })?;
            }
            self.game.resolve(None);
            self.index = i + 1;
        }
        Ok(())
    }

    /// The view at the start of `turns[index]` (index = [`Rerun::index`]).
    fn view(&self, record: &GameRecord, seat: Option<usize>) -> Result<Value, RenderError> {
        let index = self.index;
        let want = turn_number(record, index);
        if record.turns[index].extra.contains_key("turn") && self.game.turn() != want {
            return Err(RenderError::input(format!(
                "$.turns[{index}].turn: re-running the record reaches turn {} here, not {want}",
                self.game.turn()
            )));
        }
        Ok(self.game.view(seat.map(Seat)))
    }
}

fn seat_name(record: &GameRecord, seat: u64) -> String {
    record
        .teams
        .get(seat as usize)
        .and_then(|t| t.as_ref())
        .and_then(|t| t.name.clone())
        .unwrap_or_else(|| format!("seat {seat}"))
}

fn short(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(a) => format!("({})", a.iter().map(short).collect::<Vec<_>>().join(", ")),
        other => other.to_string(),
    }
}

/// One line for people about `action`: the ruleset's own words when its
/// drawing has them, else [`caption`].
pub fn caption_in(drawing: &dyn Drawing, record: &GameRecord, action: &Action) -> String {
    drawing
        .caption(record, action)
        .unwrap_or_else(|| caption(record, action))
}

/// One line for people: who did what, and what it changed.
pub fn caption(record: &GameRecord, action: &Action) -> String {
    if let Some(text) = action.extra.get("text").and_then(Value::as_str) {
        return text.to_string();
    }
    let mut out = String::new();
    if let Some(t) = action.team_id {
        out.push_str(&seat_name(record, t));
        out.push_str(": ");
    }
    out.push_str(&action.action_type);
    if let Some(u) = action.unit {
        out.push_str(&format!(" by unit {u}"));
    }
    for (k, v) in &action.extra {
        if matches!(k.as_str(), "created" | "dice" | "detail" | "thresholds") {
            continue;
        }
        if v.is_object() || v.as_array().is_some_and(|a| a.is_empty()) {
            continue;
        }
        out.push_str(&format!(", {k} {}", short(v)));
    }
    let results: Vec<String> = crate::flat_results(action)
        .iter()
        .filter_map(|r| {
            let changes = r.changes.as_ref()?;
            let what: Vec<String> = changes
                .iter()
                .map(|(k, v)| format!("{k} {}", short(v)))
                .collect();
            Some(match r.unit {
                Some(u) => format!("unit {u}: {}", what.join(", ")),
                None => what.join(", "),
            })
        })
        .collect();
    if !results.is_empty() {
        out.push_str(" → ");
        out.push_str(&results.join("; "));
    }
    out
}

/// The frames of a replay: per turn, its number, how many actions it has
/// and one caption per action, so a client can build a slider and step
/// buttons without knowing the ruleset.
pub fn frames(drawing: &dyn Drawing, record: &GameRecord) -> Value {
    let turns: Vec<Value> = (0..record.turns.len())
        .map(|i| {
            let t = &record.turns[i];
            json!({
                "turn": turn_number(record, i),
                "actions": t.actions.len(),
                "captions": t.actions.iter().map(|a| caption_in(drawing, record, a)).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "ruleset": record.game_type,
        "ended": record.ended.is_some(),
        "turns": turns,
    })
}

/// The stops a replay makes in a turn of `actions`: its start, then each
/// action, or each of its results when it has several (the game-record
/// spec, 1.5: results shown one at a time).
fn stops(t: &record::Turn) -> usize {
    1 + t
        .actions
        .iter()
        .map(|a| a.results.as_ref().map_or(0, Vec::len).max(1))
        .sum::<usize>()
}

/// The most turns one [`frames_page`] gives.
pub const FRAMES_PER_PAGE: usize = 20;

/// A page of [`frames`], so a replay shows its first frame without the
/// whole game: `index` lists every turn (number, actions, stops: what a
/// slider and a step counter need), `turns` the frames of up to `count`
/// turns (at most [`FRAMES_PER_PAGE`]) from the `from`-th, each with its
/// captions and every action's results (what a replay shows beside the
/// board), so the client never needs the record itself.
pub fn frames_page(drawing: &dyn Drawing, record: &GameRecord, from: usize, count: usize) -> Value {
    let index: Vec<Value> = record
        .turns
        .iter()
        .enumerate()
        .map(|(i, t)| json!([turn_number(record, i), t.actions.len(), stops(t)]))
        .collect();
    let end = from
        .saturating_add(count.min(FRAMES_PER_PAGE))
        .min(record.turns.len());
    let turns: Vec<Value> = (from.min(end)..end)
        .map(|i| {
            let t = &record.turns[i];
            json!({
                "turn": turn_number(record, i),
                "actions": t.actions.len(),
                "captions": t.actions.iter().map(|a| caption_in(drawing, record, a)).collect::<Vec<_>>(),
                "results": t.actions.iter().map(|a| serde_json::to_value(a.results.as_deref().unwrap_or_default()).unwrap_or_default()).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "ruleset": record.game_type,
        "ended": record.ended.is_some(),
        "index_fields": ["turn", "actions", "stops"],
        "index": index,
        "from": from,
        "turns": turns,
    })
}
