//! TaE, "Tigris and Euphrates in space": the Thousand Parsec TaE ruleset as
//! `specs/tae.md` (the rulebook) says it is played.
//!
//! The crate is one ruleset behind the engine's one interface: [`Tae`]
//! implements [`engine::Ruleset`] (setup, checks, resolution, views),
//! [`engine::FileProtocol`] and [`engine::ViewFiles`] (play by files).
//! The rules are split the way the rulebook is: the board and map files,
//! pieces and the pool, regions, the orders and their checks, their effects,
//! combat, the turn sequence, final scoring, views, the text files and the
//! bots. `README.md` in this folder maps each file to its job.
//!
//! Hidden information is enforced in one place, [`view::view`]: it is the
//! only way state reaches a player, and files, JSON and bots all use it.
//!
//! Where the rulebook leaves room, this crate decides (see also the
//! report of the branch that added it):
//!
//! * A submission is a seat's whole list of orders for the turn, because
//!   the engine stores or refuses a seat's orders as one. Each order is
//!   still checked on its own in list order, a rejected one counting toward
//!   no limit (tae spec 7.1); but if any is rejected the whole list is
//!   refused with every reason, and the seat sends a corrected list.
//!   Nothing the player did not mean is ever stored.
//! * Turn numbers count every turn, combat turns included.
//! * The number of players is the number of seats given, else the
//!   `players` option, else 2.
//! * The rulebook has no end for a game in which nobody can place a
//!   colonist any more (a small, full map): such a game goes on, and hosts
//!   and tournaments cap it with their turn limit.

pub mod board;
pub mod bots;
pub mod checks;
pub mod combat;
pub mod effects;
pub mod events;
pub mod files;
pub mod map;
pub mod orders;
pub mod orders_file;
pub mod picture;
pub mod pieces;
pub mod regions;
pub mod scoring;
pub mod state;
pub mod targets;
pub mod turn;
pub mod view;
pub mod view_file;
pub mod view_parse;

use engine::record::{Action, Position, UnitData};
use engine::{
    FileProtocol, GameRng, OrderIssue, Outcome, Ruleset, Seat, SeatInfo, Setup, SetupError,
    ViewFiles,
};
use serde_json::Map;

pub use board::{Board, Cell, Colony, Kind, Leader, Pos, Terrain};
pub use orders::{Order, Orders, Reason};
pub use state::{Phase, State};
pub use view::View;

/// The TaE ruleset.
#[derive(Debug, Clone, Copy, Default)]
pub struct Tae;

/// Players when the setup names no seats and no `players` option.
pub const DEFAULT_PLAYERS: usize = 2;

/// More orders than this in one submission are refused outright: a hand
/// holds six colonists, so no legal submission comes near it.
pub const MAX_ORDERS: usize = 64;

/// The board a setup asks for: a map file's text, or the default board.
fn board_for(setup: &Setup) -> Result<Board, SetupError> {
    match &setup.text {
        Some(text) => map::load(text.as_bytes()).map_err(|e| {
            let at = match (e.line, e.column) {
                (Some(l), Some(c)) => format!("{}:{l}:{c}", setup.scenario),
                (Some(l), None) => format!("{}:{l}", setup.scenario),
                _ => setup.scenario.clone(),
            };
            SetupError::at(at, e.message)
        }),
        None if setup.scenario.is_empty() || setup.scenario == map::DEFAULT_MAP => {
            Ok(map::default_board())
        }
        // No silent fallback to the default board (tae spec 2.3).
        None => Err(SetupError::at(
            "scenario",
            format!(
                "no map named `{}`; give a map file, or `{}` for the default board",
                setup.scenario,
                map::DEFAULT_MAP
            ),
        )),
    }
}

/// The number of players: the seats given, else the `players` option.
fn players_for(setup: &Setup) -> Result<usize, SetupError> {
    if !setup.seats.is_empty() {
        return Ok(setup.seats.len());
    }
    match setup.options.get("players") {
        None => Ok(DEFAULT_PLAYERS),
        Some(v) => v
            .as_u64()
            .map(|n| n as usize)
            .ok_or_else(|| SetupError::at("options.players", "must be a number from 2 to 4")),
    }
}

/// The outcome of a finished game.
pub fn outcome_of(state: &State) -> Option<Outcome> {
    let Phase::Over(table) = &state.phase else {
        return None;
    };
    let best = table.rows.iter().map(|r| r.final_score).max().unwrap_or(0);
    let reason = match table.winner {
        Some(w) => format!(
            "seat {w} places first with a final score of {best}; {}",
            table.reason
        ),
        None => {
            let firsts: Vec<String> = table
                .rows
                .iter()
                .filter(|r| r.place == 1)
                .map(|r| r.seat.to_string())
                .collect();
            format!(
                "seats {} share first place; {}",
                firsts.join(", "),
                table.reason
            )
        }
    };
    Some(Outcome {
        winner: table.winner.map(Seat),
        reason,
        scores: Some(
            table
                .rows
                .iter()
                .map(|r| i64::from(r.final_score))
                .collect(),
        ),
    })
}

impl Ruleset for Tae {
    type State = State;
    type Orders = Orders;
    type View = View;

    const NAME: &'static str = "tae";
    const VERSION: &'static str = "1.0.0";

    fn setup(&self, setup: &Setup, rng: &mut GameRng) -> Result<State, SetupError> {
        let board = board_for(setup)?;
        let title = if setup.scenario.is_empty() {
            map::DEFAULT_MAP
        } else {
            std::path::Path::new(&setup.scenario)
                .file_stem()
                .and_then(|s| s.to_str())
                .unwrap_or(map::DEFAULT_MAP)
        };
        State::new(title, board, players_for(setup)?, rng)
    }

    fn seats(&self, state: &State) -> Vec<SeatInfo> {
        (0..state.seats())
            .map(|s| SeatInfo {
                name: format!("Seat {s}"),
                extra: Map::new(),
            })
            .collect()
    }

    fn turn(&self, state: &State) -> u64 {
        state.turn
    }

    fn title(&self, state: &State) -> String {
        state.title.clone()
    }

    /// Everyone in a normal turn; only the two combatants in a combat turn.
    fn awaiting(&self, state: &State) -> Vec<Seat> {
        match &state.phase {
            Phase::Normal => (0..state.seats()).map(Seat).collect(),
            Phase::Combat(c) => vec![Seat(c.conflict.attacker), Seat(c.conflict.defender)],
            Phase::Over(_) => vec![],
        }
    }

    fn check(
        &self,
        state: &State,
        seat: Seat,
        orders: &Orders,
    ) -> Result<Vec<OrderIssue>, Vec<OrderIssue>> {
        let rejected = rejections(state, seat, orders);
        if rejected.is_empty() {
            return Ok(vec![]);
        }
        Err(rejected
            .into_iter()
            .map(|r| r.issue(|i| OrderIssue::at_field(format!("orders[{i}]"), "")))
            .collect())
    }

    fn resolve(
        &self,
        state: &mut State,
        orders: &[(Seat, Orders)],
        rng: &mut GameRng,
        log: Option<&mut Vec<Action>>,
    ) {
        let given: Vec<(usize, &[Order])> =
            orders.iter().map(|(s, o)| (s.0, o.as_slice())).collect();
        let before: Vec<Vec<u64>> = state
            .players
            .iter()
            .map(|p| p.hand.iter().map(|c| c.id).collect())
            .collect();
        turn::resolve(state, &given, rng);
        if let Some(log) = log {
            log.extend(state.events.iter().map(events::Event::action));
            // The refill's draws (tae spec 12) go where they happened: after
            // everything else of the turn, before the end is announced.
            let end = match log.last() {
                Some(a) if a.action_type == "game_over" => log.len() - 1,
                _ => log.len(),
            };
            let drawn = refill_draws(state, &before);
            log.splice(end..end, drawn);
        }
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        outcome_of(state)
    }

    fn view(&self, state: &State, seat: Option<Seat>) -> View {
        view::view(state, seat.map(|s| s.0))
    }

    /// Pieces on the board: each seat's leaders and the colonies it placed.
    /// The map's artifact colonies were never anyone's and are not listed.
    fn units(&self, state: &State) -> Vec<Vec<UnitData>> {
        let mut out = vec![vec![]; state.seats()];
        let board = &state.board;
        for p in board.positions() {
            let (seat, id, unit_type, extra) = match board.cell(p) {
                Cell::Leader(l) => (
                    l.owner,
                    pieces::leader_id(*l),
                    format!("{} leader", l.kind.name()),
                    Map::new(),
                ),
                Cell::Colony(Colony {
                    kind,
                    artifact,
                    id: Some(id),
                    placed_by: Some(seat),
                }) => {
                    let mut extra = Map::new();
                    if *artifact {
                        extra.insert("artifact".into(), true.into());
                    }
                    (*seat, *id, format!("{} colony", kind.name()), extra)
                }
                _ => continue,
            };
            out[seat].push(UnitData {
                id,
                unit_type: unit_type.into(),
                assignment: Position::new(p.x, p.y),
                extra: extra.into(),
            });
        }
        out
    }

    fn bot_names(&self) -> &'static [&'static str] {
        bots::BOT_NAMES
    }

    fn default_scenario(&self) -> &'static str {
        map::DEFAULT_MAP
    }

    fn bot(&self, name: &str) -> Option<Box<dyn engine::Bot<Self>>> {
        bots::bot(name)
    }

    /// The hands dealt at setup, in draw order (tae spec 4, 14).
    fn setup_actions(&self, state: &State) -> Vec<Action> {
        let mut drawn: Vec<(usize, pieces::Colonist)> = state
            .players
            .iter()
            .enumerate()
            .flat_map(|(seat, p)| p.hand.iter().map(move |c| (seat, *c)))
            .collect();
        drawn.sort_by_key(|(_, c)| c.id);
        drawn.into_iter().map(|(s, c)| draw_action(s, c)).collect()
    }

    fn options(&self) -> &'static [engine::OptionSpec] {
        &[engine::OptionSpec {
            name: "players",
            json_type: "integer",
            description: "the number of players, 2 to 4, when no seats are given (with seats, one per seat); default 2",
        }]
    }
}

/// A colonist drawn from the pool, as a record action: only its owner may
/// see it until the end (tae spec 12, 15), and then the record shows every
/// draw, so the game can be re-verified without the generator.
fn draw_action(seat: usize, c: pieces::Colonist) -> Action {
    Action::new("draw", Some(c.id), Some(seat as u64))
        .with("kind", c.kind.name())
        .with(
            "text",
            format!("seat {seat} drew colonist {}, a {}", c.id, c.kind.name()),
        )
        .seen_only_by(&[seat as u64])
}

/// The colonists a turn's refill drew: those in hand now that were not in
/// `before` (each seat's hand ids before the turn), in draw order.
/// Identifiers are given in draw order (tae spec 3.4), so that is id order.
fn refill_draws(state: &State, before: &[Vec<u64>]) -> Vec<Action> {
    let mut drawn: Vec<(usize, pieces::Colonist)> = state
        .players
        .iter()
        .enumerate()
        .flat_map(|(seat, p)| {
            p.hand
                .iter()
                .filter(move |c| !before.get(seat).is_some_and(|b| b.contains(&c.id)))
                .map(move |c| (seat, *c))
        })
        .collect();
    drawn.sort_by_key(|(_, c)| c.id);
    drawn.into_iter().map(|(s, c)| draw_action(s, c)).collect()
}

/// One rejected order of a submission: which (`None`: the whole
/// submission), why in words, and the rulebook's reason code (tae spec 7.7).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejection {
    pub order: Option<usize>,
    pub message: String,
    pub code: Option<&'static str>,
}

impl Rejection {
    /// As the engine's issue, placed by `at` (given the order's index).
    fn issue(self, at: impl Fn(usize) -> OrderIssue) -> OrderIssue {
        let mut issue = match self.order {
            Some(i) => at(i),
            None => OrderIssue::general(""),
        };
        issue.message = self.message;
        issue.code = self.code.map(str::to_string);
        issue
    }
}

/// Every rejected order of a submission.
pub fn rejections(state: &State, seat: Seat, orders: &[Order]) -> Vec<Rejection> {
    if orders.len() > MAX_ORDERS {
        return vec![Rejection {
            order: None,
            message: format!(
                "{} orders is more than the {MAX_ORDERS} taken at once",
                orders.len()
            ),
            code: None,
        }];
    }
    if seat.0 >= state.seats() {
        return vec![Rejection {
            order: None,
            message: format!("{seat} is not in this game"),
            code: None,
        }];
    }
    checks::check_orders(state, seat.0, orders)
        .into_iter()
        .map(|(i, reason)| Rejection {
            order: Some(i),
            message: format!("`{}` is refused: {}", orders[i].text(), reason.advice()),
            code: Some(reason.code()),
        })
        .collect()
}

impl FileProtocol for Tae {
    fn view_files(&self, state: &State, seat: Option<Seat>) -> Vec<(String, String)> {
        let seat = seat.map(|s| s.0);
        vec![(
            files::view_file_name(seat, state.turn),
            files::write_view(&view::view(state, seat)),
        )]
    }

    fn orders_file_name(&self, state: &State, seat: Seat) -> String {
        files::orders_file_name(seat.0, state.turn)
    }

    fn parse_orders(
        &self,
        state: &State,
        seat: Seat,
        text: &[u8],
    ) -> Result<Option<Orders>, Vec<OrderIssue>> {
        let Some(parsed) = files::parse_orders(text)? else {
            return Ok(None);
        };
        // Legality is judged here too so that errors name the file's lines;
        // the engine's check then sees the same orders and agrees.
        let orders: Orders = parsed.iter().map(|(_, o)| *o).collect();
        let rejected = rejections(state, seat, &orders);
        if rejected.is_empty() {
            return Ok(Some(orders));
        }
        Err(rejected
            .into_iter()
            .map(|r| r.issue(|i| OrderIssue::at_line(parsed[i].0, None, "")))
            .collect())
    }

    fn orders_text(&self, orders: &Orders) -> String {
        files::write_orders(orders)
    }

    fn board_text(&self, state: &State) -> String {
        files::board_picture(&view::view(state, None))
    }

    fn orders_help(&self) -> &'static str {
        "up to two orders, one a line, and the file ends with the line END (docs/tae-files.md)"
    }

    fn scenario_files(&self) -> Vec<(String, String)> {
        vec![(
            format!("{}.txt", map::DEFAULT_MAP),
            map::DEFAULT_MAP_TEXT.to_string(),
        )]
    }
}

impl ViewFiles for Tae {
    fn parse_view(&self, name: &str, text: &str) -> Result<View, SetupError> {
        files::parse_view(text).map_err(|e| SetupError::at(format!("{name}:{}", e.line), e.message))
    }

    fn orders_file_for_view(&self, view: &View, seat: Seat) -> String {
        files::orders_file_name(seat.0, view.turn)
    }
}

/// TaE's entry in the registry: the rules, how its boards are drawn, the
/// browser controller and the guide for players.
pub fn plugin() -> plugin::Plugin {
    plugin::Plugin {
        rules: std::sync::Arc::new(engine::Registered(std::sync::Arc::new(Tae))),
        aliases: &[],
        drawing: std::sync::Arc::new(picture::Drawing),
        client: plugin::Client {
            controller: include_str!("../web/controller.js"),
            guide: include_str!("../web/guide.html"),
        },
        describe: None,
        targets: Some(targets::targets),
        command: None,
        rerun: None,
    }
}
