//! Tactics behind the engine's one interface: [`Tactics`] implements
//! [`engine::Ruleset`], [`engine::FileProtocol`] and [`engine::ViewFiles`].
//!
//! Seats are the record's teams (seat `i` plays `teams[i]`; the first-team
//! draw decides only which side of the board each seat gets). In Chaos the
//! Chaos team is seat 0, a seat the rules play ([`Ruleset::rules_seats`]:
//! callers list the 4 player seats, the match puts it in): it is never
//! awaited, its turns are played by the rules in the same resolution as the
//! turn before (spec D12) — the Seed just ends its turn, the Dragon plays
//! greedily — and the record names its player `Chaos`, as the engine does
//! (spec §2.1). A seat's orders are its
//! whole turn: its inputs, then an implied `endTurn` (spec §15). Orders are
//! rejected only when malformed, not the seat's, or when their first input
//! cannot be done now (spec D11); later inputs are skipped as the engine
//! skips them, because whether a turn goes on can depend on a draw.

use engine::record::{Action as RecordAction, UnitData};
use engine::{
    place_rules_seats, Bot, FileProtocol, GameRng, OrderIssue, Outcome, RecordTurn, RulesSeat,
    Ruleset, Seat, SeatInfo, Setup, SetupError, ViewFiles,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::action::{Action, Input};
use crate::attack::{attack_tiles, special_available};
use crate::bots::{chaos_inputs, player, Player, BOT_NAMES};
use crate::draws::{Draws, ListDraws, RngDraws};
use crate::files::{self, MAX_INPUTS};
use crate::game::{default_teams, BotFlag, EndReason, Game, GameKind};
use crate::movement::move_tiles;
use crate::record::{snapshot, team_json};
use crate::turn::{Skip, TurnLog};
use crate::view::{view, RecentTurn, View};

/// How the engine's records name the Chaos team's player (its `bot`).
pub const CHAOS_PLAYER: &str = "Chaos";

/// The Tactics ruleset (classic and Chaos).
#[derive(Debug, Clone, Copy, Default)]
pub struct Tactics;

impl Tactics {
    /// All seats of a game of this kind, the Chaos team's included.
    fn seat_count(self, kind: GameKind) -> usize {
        kind.slots() + usize::from(kind == GameKind::Chaos)
    }
}

/// The whole state of a game the project plays.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub game: Game,
    /// The last round of finished turns, for views.
    pub recent: Vec<RecentTurn>,
}

/// The game type a setup names: its scenario `classic` (also empty) or
/// `chaos`, compared without case.
fn kind_of(setup: &Setup) -> Result<GameKind, SetupError> {
    match setup.scenario.to_ascii_lowercase().as_str() {
        "" | "classic" | "default" => Ok(GameKind::Classic),
        "chaos" => Ok(GameKind::Chaos),
        other => Err(SetupError::at(
            "scenario",
            format!("`{other}` is not a Tactics game; use `classic` or `chaos`"),
        )),
    }
}

/// Where finished turns of a resolution go: the views' recent turns, and
/// the engine's log or its record turns.
struct Sink<'a> {
    recent: &'a mut Vec<RecentTurn>,
    log: Option<&'a mut Vec<RecordAction>>,
    /// The record turns when they are kept: the snapshot at the start of
    /// the open turn, and the turns finished so far.
    turns: Option<(Vec<Vec<UnitData>>, Vec<RecordTurn>)>,
    keep: usize,
}

impl TurnLog for Sink<'_> {
    fn finished(&mut self, game: &Game, turn: usize, actions: Vec<Action>) {
        if let Some(log) = self.log.as_deref_mut() {
            log.extend(actions.iter().map(Action::to_record));
        }
        if let Some((open, turns)) = &mut self.turns {
            let units = std::mem::replace(open, units_now(game));
            turns.push(RecordTurn {
                turn: turn as u64,
                units,
                actions: actions.iter().map(Action::to_record).collect(),
            });
        }
        if self.recent.len() == self.keep {
            self.recent.remove(0);
        }
        self.recent.push(RecentTurn {
            turn,
            team: turn % game.teams.len(),
            actions,
        });
    }
}

/// The board now as the record's snapshot (spec §11.4).
fn units_now(game: &Game) -> Vec<Vec<UnitData>> {
    serde_json::from_value(snapshot(game)).expect("snapshots are UnitData")
}

/// Resolves one seat's turn (its inputs and the implied `endTurn`), then
/// the Chaos team's turns that follow (spec D12), into `sink`.
fn resolve_into(
    state: &mut State,
    orders: &[(Seat, Vec<Input>)],
    rng: &mut GameRng,
    log: Option<&mut Vec<RecordAction>>,
    record: bool,
) -> Vec<RecordTurn> {
    let mut draws = RngDraws::new(rng);
    let keep = state.game.teams.len();
    let State { game, recent } = state;
    let turns = record.then(|| (units_now(game), vec![]));
    let mut sink = Sink {
        recent,
        log,
        turns,
        keep,
    };
    if !game.is_over() && !game.teams[game.current_team()].is_chaos() {
        let seat = game.current_team();
        let mut inputs: Vec<Input> = orders
            .iter()
            .find(|(s, _)| s.0 == seat)
            .map(|(_, o)| o.iter().take(MAX_INPUTS).copied().collect())
            .unwrap_or_default();
        inputs.push(Input::EndTurn);
        game.play(&inputs, &mut draws, &mut sink);
    }
    play_chaos_turns(game, &mut draws, &mut sink);
    let Sink { log, turns, .. } = sink;
    let Some((open, mut turns)) = turns else {
        if let (true, Some(log)) = (game.is_over(), log) {
            // The open turn, in which the game ended (spec §11.1).
            log.extend(game.actions.iter().map(Action::to_record));
        }
        return vec![];
    };
    if game.is_over() {
        // The record ends with the open turn, in which the game ended (spec
        // §11.1): its snapshot, and its actions up to the end.
        turns.push(RecordTurn {
            turn: game.turn as u64,
            units: open,
            actions: game.actions.iter().map(Action::to_record).collect(),
        });
    }
    turns
}

/// Plays the Chaos team's turns that come up (spec D12): the Seed ends its
/// turn, the Dragon plays greedily.
pub fn play_chaos_turns(game: &mut Game, draws: &mut dyn Draws, log: &mut dyn TurnLog) {
    // Each pass ends a turn or the game; the bound only guards the loop.
    for _ in 0..64 {
        if game.is_over() || !game.teams[game.current_team()].is_chaos() {
            return;
        }
        let inputs = chaos_inputs(game);
        game.play(&inputs, draws, log);
    }
}

impl Ruleset for Tactics {
    type State = State;
    type Orders = Vec<Input>;
    type View = View;

    const NAME: &'static str = "tactics";
    const VERSION: &'static str = "2019-04-05";

    fn setup(&self, setup: &Setup, rng: &mut GameRng) -> Result<State, SetupError> {
        let kind = kind_of(setup)?;
        // The seats as a match has them: the Chaos team's put in when the
        // caller listed only the players' (a direct call may do that too).
        let mut seats = setup.seats.clone();
        place_rules_seats(&self.rules_seats(setup), &mut seats)?;
        let players = kind.slots();
        let given = seats.iter().filter(|s| !s.rules).count();
        if !seats.is_empty() && (given != players || seats.len() != self.seat_count(kind)) {
            let chaos = if kind == GameKind::Chaos {
                " (the Chaos team, seat 0, is played by the rules: leave it out)"
            } else {
                ""
            };
            return Err(SetupError::at(
                "seats",
                format!(
                    "a {} game has {players} player seats{chaos}, not {given}",
                    kind.as_str(),
                ),
            ));
        }
        let mut draws = RngDraws::new(rng);
        let mut game = Game::start(kind, default_teams(kind), &mut draws)
            .map_err(|e| SetupError::new(e.to_string()))?;
        // Spec D10: a seat played by a built-in bot is a bot team.
        for (i, team) in game.teams.iter_mut().enumerate() {
            if !team.is_chaos() {
                let bot = seats.get(i).is_some_and(|s| s.bot.is_some());
                team.bot = Some(BotFlag::Flag(bot));
            }
        }
        Ok(State {
            game,
            recent: vec![],
        })
    }

    fn seats(&self, state: &State) -> Vec<SeatInfo> {
        state
            .game
            .teams
            .iter()
            .map(|t| {
                let mut extra = Map::new();
                if let Value::Object(m) = team_json(t) {
                    for key in ["colorId", "set", "originalId", "id"] {
                        if let Some(v) = m.get(key) {
                            extra.insert(key.into(), v.clone());
                        }
                    }
                }
                SeatInfo {
                    name: t.name.clone().unwrap_or_else(|| format!("Team {}", t.id)),
                    extra,
                }
            })
            .collect()
    }

    /// In Chaos, seat 0: the Chaos team, written `bot: "Chaos"` as the
    /// engine writes it (spec §2.2 step 2).
    fn rules_seats(&self, setup: &Setup) -> Vec<RulesSeat> {
        match kind_of(setup) {
            Ok(GameKind::Chaos) => vec![RulesSeat {
                seat: Seat(0),
                player: CHAOS_PLAYER,
            }],
            _ => vec![],
        }
    }

    fn turn(&self, state: &State) -> u64 {
        state.game.turn as u64
    }

    fn title(&self, state: &State) -> String {
        format!("tactics {}", state.game.kind.as_str())
    }

    /// The team whose turn it is; nobody during the Chaos team's turn, which
    /// the rules play themselves when the turn is resolved.
    fn awaiting(&self, state: &State) -> Vec<Seat> {
        let g = &state.game;
        if g.is_over() || g.teams[g.current_team()].is_chaos() {
            return vec![];
        }
        vec![Seat(g.current_team())]
    }

    fn check(
        &self,
        state: &State,
        seat: Seat,
        orders: &Vec<Input>,
    ) -> Result<Vec<OrderIssue>, Vec<OrderIssue>> {
        check_orders(&state.game, seat.0, orders)
    }

    fn resolve(
        &self,
        state: &mut State,
        orders: &[(Seat, Vec<Input>)],
        rng: &mut GameRng,
        log: Option<&mut Vec<RecordAction>>,
    ) {
        resolve_into(state, orders, rng, log, false);
    }

    /// Every turn the resolution finished is a turn of the record (spec
    /// D12): the seat's, the turns ended automatically and the Chaos team's;
    /// when the game ends, the open turn it ended in comes last.
    fn resolve_recorded(
        &self,
        state: &mut State,
        orders: &[(Seat, Vec<Input>)],
        rng: &mut GameRng,
    ) -> Vec<RecordTurn> {
        resolve_into(state, orders, rng, None, true)
    }

    /// `classic` or `chaos`, as the project writes them (spec D9).
    fn record_type(&self, state: &State) -> String {
        state.game.kind.as_str().to_string()
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        let g = &state.game;
        let end = g.end?;
        let name = |t: usize| {
            g.teams[t]
                .name
                .clone()
                .unwrap_or_else(|| format!("team {t}"))
        };
        let reason = match (end.reason, end.winner) {
            (EndReason::LastTeam, Some(w)) => format!("{} is the last team standing", name(w)),
            (EndReason::PassRule, _) => format!(
                "{} turns in a row of nothing but ending the turn",
                3 * g.teams.len()
            ),
            _ => "no team is left standing".into(),
        };
        Some(Outcome {
            winner: end.winner.map(Seat),
            reason,
            scores: None,
        })
    }

    fn view(&self, state: &State, seat: Option<Seat>) -> View {
        view(&state.game, &state.recent, seat.map(|s| s.0))
    }

    fn units(&self, state: &State) -> Vec<Vec<UnitData>> {
        serde_json::from_value(snapshot(&state.game)).expect("snapshots are UnitData")
    }

    fn bot_names(&self) -> &'static [&'static str] {
        BOT_NAMES
    }

    fn default_scenario(&self) -> &'static str {
        "classic"
    }

    /// The two games of the engine (spec §2): what `orderly maps tactics`
    /// lists and `--scenario` chooses.
    fn scenarios(&self) -> Vec<&'static str> {
        vec!["classic", "chaos"]
    }

    fn bot(&self, name: &str) -> Option<Box<dyn Bot<Self>>> {
        player(name).map(|p| Box::new(p) as Box<dyn Bot<Self>>)
    }
}

impl Bot<Tactics> for Player {
    fn orders(
        &mut self,
        _rules: &Tactics,
        view: &View,
        _seat: Seat,
        rng: &mut GameRng,
    ) -> Vec<Input> {
        let mut inputs = self.inputs(&view.game, rng);
        // The orders are the whole turn: the closing endTurn is implied.
        if inputs.last() == Some(&Input::EndTurn) {
            inputs.pop();
        }
        inputs
    }
}

/// Checks a seat's orders (spec D11): every malformed input, and the first
/// input when it cannot be done now. Notes point out inputs that the rules
/// will skip for sure.
pub fn check_orders(
    game: &Game,
    seat: usize,
    orders: &[Input],
) -> Result<Vec<OrderIssue>, Vec<OrderIssue>> {
    let mut errors = vec![];
    if orders.len() > MAX_INPUTS {
        return Err(vec![OrderIssue::at_field(
            "orders",
            format!(
                "{} inputs is more than the {MAX_INPUTS} one turn takes",
                orders.len()
            ),
        )]);
    }
    if game.is_over() {
        return Err(vec![OrderIssue::general("the game is over")]);
    }
    if seat != game.current_team() {
        return Err(vec![OrderIssue::general(format!(
            "it is team {}'s turn, not seat {seat}'s",
            game.current_team()
        ))]);
    }
    let yours: Vec<String> = game.teams[seat]
        .units
        .iter()
        .map(|u| u.id.to_string())
        .collect();
    for (k, input) in orders.iter().enumerate() {
        if let Some(id) = input.unit() {
            if game.team_of(id) != Some(seat) {
                errors.push(OrderIssue::at_field(
                    format!("orders[{k}].unit"),
                    format!(
                        "unit {id} is not one of your living units (yours: {})",
                        yours.join(", ")
                    ),
                ));
            }
        }
        let given = match input {
            Input::Turn { direction, .. } => Some(*direction),
            Input::Move { direction, .. } | Input::Attack { direction, .. } => *direction,
            _ => None,
        };
        // The engine's app never gives a targeted attack a facing (spec §4.1);
        // one given would face the attacker a way a re-run from the record
        // cannot know (spec §12.2), so the project refuses it.
        if let Input::Attack {
            unit,
            direction: Some(_),
            target: Some(_),
        } = input
        {
            if game.unit(*unit).is_some_and(|u| !u.kind.stats().all) {
                errors.push(OrderIssue::at_field(
                    format!("orders[{k}].direction"),
                    "a targeted attack turns toward its target by itself; leave out `direction` (a `turn` afterwards sets the facing)",
                ));
                continue;
            }
        }
        if let Some(d) = given {
            if !d.is_cardinal() {
                errors.push(OrderIssue::at_field(
                    format!("orders[{k}].direction"),
                    format!("`{d}` is not a facing a player may give; use N, E, S or W"),
                ));
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let Some(first) = orders.first() else {
        return Ok(vec![]);
    };
    if *first != Input::EndTurn {
        let why = match game.precheck(first) {
            Some(skip) => Some(skip.describe().to_string()),
            None => {
                // Validity does not depend on the numbers drawn.
                let mut draws = ListDraws {
                    values: vec![],
                    next: 0,
                };
                game.validate(first, &mut draws)
                    .is_none()
                    .then(|| explain_invalid(game, first))
            }
        };
        if let Some(why) = why {
            return Err(vec![OrderIssue::at_field(
                "orders[0]",
                format!("this {} cannot be done now: {why}", first.type_name()),
            )]);
        }
    }
    Ok(notes(orders))
}

/// Inputs that will be skipped whatever happens (spec §4.3): after the end
/// of the turn, for a second unit, a second move or a second attack.
fn notes(orders: &[Input]) -> Vec<OrderIssue> {
    let mut out = vec![];
    let first_unit = orders.first().and_then(Input::unit);
    let (mut moves, mut attacks) = (0, 0);
    for (k, input) in orders.iter().enumerate() {
        let field = format!("orders[{k}]");
        if k > 0 && matches!(orders[k - 1], Input::EndTurn | Input::Turn { .. }) {
            out.push(OrderIssue::at_field(
                field,
                "comes after the end of the turn (a `turn` or `endTurn` ends it) and will be ignored",
            ));
            break;
        }
        if input.unit().is_some() && input.unit() != first_unit {
            out.push(OrderIssue::at_field(
                field.clone(),
                format!(
                    "only one unit acts per turn: this input for another unit than {} will be skipped",
                    first_unit.unwrap_or_default()
                ),
            ));
        }
        match input {
            Input::Move { .. } => moves += 1,
            Input::Attack { .. } | Input::AttackSpecial { .. } => attacks += 1,
            _ => {}
        }
        if matches!(input, Input::Move { .. }) && moves == 2 {
            out.push(OrderIssue::at_field(
                field,
                "a unit moves once per turn: this second move will be skipped",
            ));
        } else if matches!(input, Input::Attack { .. } | Input::AttackSpecial { .. })
            && attacks == 2
        {
            out.push(OrderIssue::at_field(
                field,
                "a unit attacks once per turn: this second attack will be skipped",
            ));
        }
    }
    out
}

/// Why a valid-looking input cannot be done (spec §4.4), in words.
fn explain_invalid(game: &Game, input: &Input) -> String {
    let Some(u) = input.unit().and_then(|id| game.unit(id)) else {
        return Skip::NoSuchUnit.describe().into();
    };
    let s = u.kind.stats();
    let name = format!("unit {} ({} at {})", u.id, s.name, u.tile);
    let occ = game.occupancy();
    match *input {
        Input::Move {
            assignment,
            direction,
            ..
        } => {
            if direction.is_some() && !s.directional {
                return format!("{name} has no facing; leave out `direction`");
            }
            let tiles = move_tiles(game, &occ, u);
            if !tiles.contains(&assignment) {
                return if tiles.is_empty() {
                    format!("{name} cannot move at all from where it stands")
                } else {
                    format!(
                        "{name} cannot move to {assignment}: it goes at most {} tiles, may not stop on a unit or cross an enemy ({} tiles are open to it)",
                        s.radius,
                        tiles.len()
                    )
                };
            }
            format!("moving {name} to {assignment} would face another way than `direction`")
        }
        Input::Attack {
            target, direction, ..
        } => {
            if direction.is_some() && !s.directional {
                return format!("{name} has no facing; leave out `direction`");
            }
            if s.all {
                return format!("{name} strikes everything in its reach; leave out `target`");
            }
            let Some(t) = target else {
                return format!("{name} needs a `target` tile");
            };
            if !attack_tiles(game, u, u.tile).contains(&t) {
                return match s.range {
                    None => format!("{name} has no attack of its own"),
                    Some((lo, hi)) => format!(
                        "{t} is out of reach of {name} (distance {lo} to {hi}{})",
                        if s.linear { ", in a straight line" } else { "" }
                    ),
                };
            }
            format!(
                "the direction given does not point from {} toward {t}",
                u.tile
            )
        }
        Input::AttackSpecial { .. } => match u.kind {
            crate::units::UnitType::Assassin => {
                format!(
                    "Deathblow needs the Assassin below 5 health ({} left)",
                    u.health_left()
                )
            }
            crate::units::UnitType::ChaosDragon if !special_available(u) => {
                "Regenerate needs the Dragon wounded".into()
            }
            _ => format!("{name} has no special"),
        },
        Input::Turn { .. } => format!("{name} has no facing to turn"),
        Input::EndTurn => String::new(),
    }
}

impl FileProtocol for Tactics {
    fn view_files(&self, state: &State, seat: Option<Seat>) -> Vec<(String, String)> {
        let v = self.view(state, seat);
        vec![(
            files::view_file_name(seat.map(|s| s.0), state.game.turn),
            files::write_view(&v),
        )]
    }

    fn orders_file_name(&self, state: &State, seat: Seat) -> String {
        files::orders_file_name(seat.0, state.game.turn)
    }

    fn parse_orders(
        &self,
        state: &State,
        seat: Seat,
        text: &[u8],
    ) -> Result<Option<Vec<Input>>, Vec<OrderIssue>> {
        let to_issue = |e: files::FileError| OrderIssue::at_line(e.line, e.column, e.message);
        let Some(inputs) = files::parse_orders(text)
            .map_err(|es| es.into_iter().map(to_issue).collect::<Vec<_>>())?
        else {
            return Ok(None);
        };
        // Judged here too so errors name the file's lines.
        let lines = input_lines(text);
        match check_orders(&state.game, seat.0, &inputs) {
            Ok(_) => Ok(Some(inputs)),
            Err(issues) => Err(issues
                .into_iter()
                .map(|i| match i.field.as_deref().and_then(field_index) {
                    Some(k) => {
                        OrderIssue::at_line(lines.get(k).copied().unwrap_or(1), None, i.message)
                    }
                    None => i,
                })
                .collect()),
        }
    }

    fn orders_text(&self, orders: &Vec<Input>) -> String {
        files::write_orders(orders)
    }

    fn board_text(&self, state: &State) -> String {
        files::board_picture(&state.game)
    }

    fn orders_help(&self) -> &'static str {
        "one input a line (`move ID to X Y`, `attack ID at X Y`, `special ID`, `turn ID D`), and the file ends with the line `end` (docs/tactics-files.md)"
    }
}

/// `orders[3].unit` → 3.
fn field_index(field: &str) -> Option<usize> {
    let rest = field.strip_prefix("orders[")?;
    rest[..rest.find(']')?].parse().ok()
}

/// The 1-based line of each input of an orders file.
fn input_lines(text: &[u8]) -> Vec<usize> {
    String::from_utf8_lossy(text)
        .lines()
        .enumerate()
        .filter(|(_, l)| {
            let l = l.split('#').next().unwrap_or("").trim();
            !l.is_empty() && !l.eq_ignore_ascii_case("end")
        })
        .map(|(i, _)| i + 1)
        .collect()
}

impl ViewFiles for Tactics {
    fn parse_view(&self, name: &str, text: &str) -> Result<View, SetupError> {
        files::parse_view(text).map_err(|e| {
            let at = match e.column {
                Some(c) => format!("{name}:{}:{c}", e.line),
                None => format!("{name}:{}", e.line),
            };
            SetupError::at(at, e.message)
        })
    }

    fn orders_file_for_view(&self, view: &View, seat: Seat) -> String {
        files::orders_file_name(seat.0, view.game.turn)
    }
}
