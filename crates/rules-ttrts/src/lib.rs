//! ttrts (Tiny Terminal RTS) v0.4.0, as the real program plays it.
//!
//! Everything follows `specs/ttrts.md`: the state and order files byte for
//! byte ([`format`](mod@format), [`orders`]), map loading with the dropped-unit rule,
//! turn resolution with every reproduced quirk ([`resolve`]), the three end
//! conditions, and the project's decisions of spec section 10 where the
//! original crashed, hung or read garbage.
//!
//! Seats are players: seat `P` is ttrts player `P` (0 Red, 1 Green, 2 Yellow,
//! 3 Blue), from 0 to the highest player on the map. There is no hidden
//! information: every seat's view is the whole state, the `Turn_N.txt` file.

pub mod board;
pub mod bots;
pub mod format;
pub mod maps;
pub mod orders;
pub mod picture;
pub mod resolve;

use engine::record::{Action, Position, UnitData};
use engine::{
    FileProtocol, GameRng, OrderIssue, Outcome, Ruleset, Seat, SeatInfo, Setup, SetupError,
    ViewFiles,
};
use serde_json::Map;

pub use board::{Dir, Pos, State, Unit, PLAYER_NAMES};
pub use orders::{Order, Orders};

/// The ttrts ruleset.
#[derive(Debug, Clone, Copy, Default)]
pub struct Ttrts;

/// The largest number of orders taken from one seat in one turn.
pub const MAX_ORDERS: usize = 1 << 17;

/// The end of the game (spec 4), checked between turns: one player left
/// wins; no units, or no unit able to step anywhere, is a draw.
pub fn end_of_game(state: &State) -> Option<Outcome> {
    let mut first = None;
    let mut several = false;
    for u in &state.units {
        match first {
            None => first = Some(u.player),
            Some(p) if p != u.player => {
                several = true;
                break;
            }
            Some(_) => {}
        }
    }
    match (first, several) {
        (Some(p), false) => {
            return Some(Outcome {
                winner: Some(Seat(p as usize)),
                reason: format!("only {} has units left", PLAYER_NAMES[p as usize]),
                scores: None,
            })
        }
        (None, _) => {
            return Some(Outcome {
                winner: None,
                reason: "no units are left".into(),
                scores: None,
            })
        }
        _ => {}
    }
    // Other units are not obstacles here (spec 4, decision 9).
    let can_move = state.units.iter().any(|u| {
        [Dir::N, Dir::E, Dir::S, Dir::W].iter().any(|d| {
            let t = d.ahead(u.pos);
            state.on_board(t) && !state.is_wall(t)
        })
    });
    (!can_move).then(|| Outcome {
        winner: None,
        reason: "no unit can move".into(),
        scores: None,
    })
}

impl Ttrts {
    /// Reads the map a game starts from: the setup's text, else a bundled map.
    fn starting_state(setup: &Setup) -> Result<State, SetupError> {
        match &setup.text {
            Some(text) => format::read_map(text.as_bytes())
                .map(|(state, _warnings)| state)
                .map_err(|e| {
                    SetupError::at(
                        format!("{}:{}:{}", setup.scenario, e.line, e.column),
                        e.message,
                    )
                }),
            None => maps::bundled(&setup.scenario).ok_or_else(|| {
                SetupError::at(
                    "scenario",
                    format!(
                        "no map named `{}`; give a map file, or one of: {}",
                        setup.scenario,
                        maps::MAP_NAMES.join(", ")
                    ),
                )
            }),
        }
    }
}

impl Ruleset for Ttrts {
    type State = State;
    type Orders = Orders;
    type View = State;

    const NAME: &'static str = "ttrts";
    const VERSION: &'static str = "0.4.0";

    fn setup(&self, setup: &Setup, _rng: &mut GameRng) -> Result<State, SetupError> {
        let state = Self::starting_state(setup)?;
        if !setup.seats.is_empty() && setup.seats.len() != state.seat_count() {
            return Err(SetupError::at(
                "seats",
                format!(
                    "the map `{}` has {} seats (players 0 to {}), but {} were given",
                    state.name,
                    state.seat_count(),
                    state.seat_count().saturating_sub(1),
                    setup.seats.len()
                ),
            ));
        }
        Ok(state)
    }

    fn seats(&self, state: &State) -> Vec<SeatInfo> {
        (0..state.seat_count())
            .map(|p| {
                let mut extra = Map::new();
                extra.insert("player".into(), p.into());
                SeatInfo {
                    name: PLAYER_NAMES[p].into(),
                    extra,
                }
            })
            .collect()
    }

    fn turn(&self, state: &State) -> u64 {
        state.turn
    }

    fn title(&self, state: &State) -> String {
        state.name.clone()
    }

    /// Players that still have units (decision 7: nobody else is waited for).
    fn awaiting(&self, state: &State) -> Vec<Seat> {
        state
            .players
            .iter()
            .filter(|&&p| state.units.iter().any(|u| u.player == p))
            .map(|&p| Seat(p as usize))
            .collect()
    }

    fn check(
        &self,
        state: &State,
        seat: Seat,
        orders: &Orders,
    ) -> Result<Vec<OrderIssue>, Vec<OrderIssue>> {
        if orders.len() > MAX_ORDERS {
            return Err(vec![OrderIssue::general(format!(
                "{} orders is more than the {MAX_ORDERS} taken in one turn",
                orders.len()
            ))]);
        }
        let mut notes = vec![];
        let player = seat.0 as u8;
        let stop = resolve::first_ignored(state, player, orders);
        let applied = &orders[..stop.unwrap_or(orders.len())];
        let mut last_line = std::collections::HashMap::new();
        for (i, o) in applied.iter().enumerate() {
            if let Some(before) = last_line.insert(o.unit, i + 1) {
                notes.push(OrderIssue::at_line(
                    i + 1,
                    None,
                    format!(
                        "unit {} already had an order on line {before}; this later one replaces it",
                        o.unit
                    ),
                ));
            }
            if !matches!(o.command, b'F' | b'L' | b'R' | b'A') {
                notes.push(OrderIssue::at_line(
                    i + 1,
                    Some(7),
                    format!(
                        "command {:?} is not F, L, R or A; unit {} will do nothing this turn",
                        char::from(o.command),
                        o.unit
                    ),
                ));
            }
        }
        if let Some(k) = stop {
            let o = orders[k];
            let whose = match state.units.iter().find(|u| u.id == o.unit) {
                Some(u) => format!("belongs to {}", PLAYER_NAMES[u.player as usize]),
                None => "is not on the board (unknown or dead)".to_string(),
            };
            notes.push(OrderIssue::at_line(
                k + 1,
                None,
                format!(
                    "unit {} {whose}, so this order and the {} after it are ignored (ttrts stops reading the file at the first order for a unit that is not yours)",
                    o.unit,
                    orders.len() - k - 1
                ),
            ));
        }
        Ok(notes)
    }

    fn resolve(
        &self,
        state: &mut State,
        orders: &[(Seat, Orders)],
        _rng: &mut GameRng,
        log: Option<&mut Vec<Action>>,
    ) {
        let mut by_player: Vec<(u8, &[Order])> = orders
            .iter()
            .map(|(s, o)| (s.0 as u8, o.as_slice()))
            .collect();
        // The original reads the players' files in ascending order (spec 3).
        by_player.sort_by_key(|(p, _)| *p);
        let commands = resolve::apply_orders(state, &by_player);
        resolve::resolve(state, &commands, log);
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        end_of_game(state)
    }

    fn view(&self, state: &State, _seat: Option<Seat>) -> State {
        let mut view = state.clone();
        view.grid = None;
        view
    }

    fn units(&self, state: &State) -> Vec<Vec<UnitData>> {
        let mut out = vec![vec![]; state.seat_count()];
        for u in &state.units {
            // Sized for its one field: a record keeps every unit of every
            // turn, and a default map reserves room for several.
            let mut extra = Map::with_capacity(1);
            extra.insert("direction".into(), u.dir.letter().to_string().into());
            out[u.player as usize].push(UnitData {
                id: u64::from(u.id),
                unit_type: "unit".into(),
                assignment: Position::new(u.pos.x, u.pos.y),
                extra: extra.into(),
            });
        }
        out
    }

    fn bot_names(&self) -> &'static [&'static str] {
        bots::BOT_NAMES
    }

    fn default_scenario(&self) -> &'static str {
        "Tiny2Player"
    }

    fn scenarios(&self) -> Vec<&'static str> {
        maps::MAP_NAMES.to_vec()
    }

    fn bot(&self, name: &str) -> Option<Box<dyn engine::Bot<Self>>> {
        bots::bot(name)
    }
}

/// The name of the state file of turn `n`.
pub fn turn_file_name(n: u64) -> String {
    format!("Turn_{n}.txt")
}

/// The name of player `p`'s order file for turn `n`.
pub fn orders_file_name(p: usize, n: u64) -> String {
    format!("Player_{p}_Turn_{n}.txt")
}

impl FileProtocol for Ttrts {
    fn view_files(&self, state: &State, _seat: Option<Seat>) -> Vec<(String, String)> {
        vec![(turn_file_name(state.turn), format::write_state(state))]
    }

    fn view_file_names(&self, state: &State, _seat: Option<Seat>) -> Vec<String> {
        vec![turn_file_name(state.turn)]
    }

    fn orders_file_name(&self, state: &State, seat: Seat) -> String {
        orders_file_name(seat.0, state.turn)
    }

    fn parse_orders(
        &self,
        _state: &State,
        _seat: Seat,
        text: &[u8],
    ) -> Result<Option<Orders>, Vec<OrderIssue>> {
        orders::parse_orders(text)
    }

    fn orders_text(&self, orders: &Orders) -> String {
        orders::write_orders(orders)
    }

    fn board_text(&self, state: &State) -> String {
        board_picture(state)
    }

    fn orders_help(&self) -> &'static str {
        "one line per unit, `ORDER:F id:3` (F forward, L left, R right, A attack), and the file ends with END, with no line break after it"
    }

    fn scenario_files(&self) -> Vec<(String, String)> {
        maps::MAP_NAMES
            .iter()
            .map(|name| {
                let state = maps::bundled(name).expect("listed maps exist");
                (format!("{name}.txt"), format::write_state(&state))
            })
            .collect()
    }

    fn scenario_file_name(&self) -> Option<&'static str> {
        Some("map.txt")
    }
}

impl ViewFiles for Ttrts {
    fn parse_view(&self, name: &str, text: &str) -> Result<State, SetupError> {
        format::read_map(text.as_bytes())
            .map(|(s, _)| s)
            .map_err(|e| SetupError::at(format!("{name}:{}:{}", e.line, e.column), e.message))
    }

    fn orders_file_for_view(&self, view: &State, seat: Seat) -> String {
        orders_file_name(seat.0, view.turn)
    }
}

/// The board as text, north at the top: two characters a tile, `##` for a
/// wall, the player's initial and the unit's glyph for a unit (`R>`), `**`
/// where several units share a tile, ` .` for an empty tile.
pub fn board_picture(state: &State) -> String {
    let (w, h) = (state.width as usize, state.height as usize);
    let mut cells = vec![*b" ."; w * h];
    for p in &state.walls {
        cells[p.y as usize * w + p.x as usize] = *b"##";
    }
    let mut count = vec![0u8; w * h];
    for u in &state.units {
        let i = u.pos.y as usize * w + u.pos.x as usize;
        count[i] = count[i].saturating_add(1);
        let cell = [
            PLAYER_NAMES[u.player as usize].as_bytes()[0],
            u.dir.glyph() as u8,
        ];
        cells[i] = if count[i] > 1 {
            *b"**"
        } else if cell.is_ascii() {
            cell
        } else {
            *b"??"
        };
    }
    // Whole rows at a time: a 200x200 board is 40,000 cells.
    let mut out = Vec::with_capacity((2 * w + 1) * h);
    for y in (0..h).rev() {
        out.extend_from_slice(cells[y * w..(y + 1) * w].as_flattened());
        out.push(b'\n');
    }
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// ttrts's entry in the registry: the rules, how its boards are drawn, the
/// browser controller and the guide for players.
pub fn plugin() -> plugin::Plugin {
    plugin::Plugin {
        rules: std::sync::Arc::new(engine::Registered(std::sync::Arc::new(Ttrts))),
        aliases: &[],
        drawing: std::sync::Arc::new(picture::Drawing),
        client: plugin::Client {
            controller: include_str!("../web/controller.js"),
            guide: include_str!("../web/guide.html"),
        },
        describe: Some(picture::describe),
        targets: None,
        command: None,
        rerun: None,
    }
}
