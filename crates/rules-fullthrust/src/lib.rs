//! Full Thrust as the project plays it (gzf-ft2 spec section 7): ship
//! movement from `Move` orders, simultaneous beam fire, damage tracks and
//! threshold checks, behind the engine's one `Ruleset` interface, played by
//! GZF files.
//!
//! The rules arithmetic is the gzf crate's (`gzf::rules`); this crate turns
//! it into a game: seats are the scenario's fleets, a fleet's orders arrive
//! as a GZF orders file ([`orders`]), one turn is played on the FT2 model
//! ([`turn`]), every die comes from the game's generator, and the game ends
//! as [`end`] decides (the spec has no end condition).

pub mod bots;
pub mod check;
pub mod end;
pub mod orders;
pub mod picture;
pub mod scenarios;
pub mod state;
pub mod targets;
pub mod turn;
pub mod view;

use engine::record::{Action, Position, UnitData};
use engine::{
    FileProtocol, GameRng, OrderIssue, Outcome, Ruleset, Seat, SeatInfo, Setup, SetupError,
    ViewFiles,
};
use gzf::ft2::values::Value;
use gzf::rules::fire::in_play;
use serde_json::{json, Map};

pub use orders::{Orders, ShipOrders, SystemOrders};
pub use state::State;

/// The Full Thrust ruleset.
#[derive(Debug, Clone, Copy, Default)]
pub struct FullThrust;

/// Turns played when the setup gives no `turn_limit` option.
pub const DEFAULT_TURN_LIMIT: u64 = 40;

impl FullThrust {
    fn starting_state(setup: &Setup) -> Result<State, SetupError> {
        let limit = match setup.options.get("turn_limit") {
            None => DEFAULT_TURN_LIMIT,
            Some(v) => v.as_u64().filter(|&n| n > 0).ok_or_else(|| {
                SetupError::at(
                    "options.turn_limit",
                    "the turn limit must be a whole number above 0",
                )
            })?,
        };
        let loaded = match setup.options.get("dice") {
            None => Vec::new(),
            Some(v) => v
                .as_array()
                .and_then(|a| {
                    a.iter()
                        .map(|d| d.as_u64().filter(|d| (1..=6).contains(d)).map(|d| d as u8))
                        .collect::<Option<Vec<u8>>>()
                })
                .ok_or_else(|| {
                    SetupError::at(
                        "options.dice",
                        "loaded dice must be a list of numbers 1 to 6",
                    )
                })?,
        };
        let text = match &setup.text {
            Some(t) => t.as_str(),
            None => scenarios::bundled(&setup.scenario).ok_or_else(|| {
                SetupError::at(
                    "scenario",
                    format!(
                        "no scenario named `{}`; give an FT2 file, or one of: {}",
                        setup.scenario,
                        scenarios::NAMES.join(", ")
                    ),
                )
            })?,
        };
        let mut state = State::from_scenario(&setup.scenario, text, limit)?;
        state.loaded_dice = loaded;
        if !setup.seats.is_empty() && setup.seats.len() != state.fleets.len() {
            return Err(SetupError::at(
                "seats",
                format!(
                    "the scenario has {} fleets ({}), but {} seats were given",
                    state.fleets.len(),
                    state.fleets.join(", "),
                    setup.seats.len()
                ),
            ));
        }
        Ok(state)
    }
}

impl Ruleset for FullThrust {
    type State = State;
    type Orders = Orders;
    type View = view::FleetView;

    const NAME: &'static str = "fullthrust";
    const VERSION: &'static str = "gzf-ft2-1.1";

    fn setup(&self, setup: &Setup, _rng: &mut GameRng) -> Result<State, SetupError> {
        Self::starting_state(setup)
    }

    fn seats(&self, state: &State) -> Vec<SeatInfo> {
        state
            .fleets
            .iter()
            .map(|f| SeatInfo {
                name: f.clone(),
                extra: Map::new(),
            })
            .collect()
    }

    fn turn(&self, state: &State) -> u64 {
        state.turn()
    }

    fn title(&self, state: &State) -> String {
        state.name.clone()
    }

    /// Fleets with a ship in play; nobody else has anything to order.
    fn awaiting(&self, state: &State) -> Vec<Seat> {
        let ships = state.model().ships();
        (0..state.fleets.len())
            .filter(|&f| {
                ships
                    .iter()
                    .any(|s| in_play(s) && state.seat_of(s) == Some(f))
            })
            .map(Seat)
            .collect()
    }

    fn check(
        &self,
        state: &State,
        seat: Seat,
        orders: &Orders,
    ) -> Result<Vec<OrderIssue>, Vec<OrderIssue>> {
        check::check_orders(state, seat, orders)
    }

    fn resolve(
        &self,
        state: &mut State,
        orders: &[(Seat, Orders)],
        rng: &mut GameRng,
        log: Option<&mut Vec<Action>>,
    ) {
        let mut file = state.model().clone();
        let ships = file.ships();
        for (seat, fleet_orders) in orders {
            for o in &fleet_orders.ships {
                let key = orders::ship_key(&o.ship);
                // `check` refuses orders for other fleets' ships; skipping
                // them here too keeps resolve safe on unchecked input.
                let Some(ship) = ships
                    .iter()
                    .find(|s| orders::ship_key(&s.name) == key && state.seat_of(s) == Some(seat.0))
                else {
                    continue;
                };
                if !o.move_order.is_empty() && orders::move_in_bounds(&o.move_order) {
                    file.blocks[ship.block].set("Move", Value::Move(o.move_order.clone()));
                }
                for (mine, real) in o.systems.iter().zip(&ship.systems) {
                    if !mine.orders.is_empty() {
                        file.blocks[real.block].set(
                            "Orders",
                            Value::Text(mine.orders.iter().map(Into::into).collect()),
                        );
                    }
                }
            }
        }
        let mut loaded = std::mem::take(&mut state.loaded_dice).into_iter();
        let mut roll = || loaded.next().unwrap_or_else(|| rng.die(6) as u8);
        let st = &*state;
        let actions = turn::play_turn(&mut file, &mut roll, &|s| st.seat_of(s).map(|f| f as u64));
        state.loaded_dice = loaded.collect();
        state.advance(file);
        if let Some(log) = log {
            log.extend(actions);
        }
    }

    fn outcome(&self, state: &State) -> Option<Outcome> {
        end::end_of_game(state)
    }

    fn view(&self, state: &State, seat: Option<Seat>) -> view::FleetView {
        view::FleetView::of(state, seat)
    }

    fn units(&self, state: &State) -> Vec<Vec<UnitData>> {
        let mut out = vec![Vec::new(); state.fleets.len()];
        let file = state.model();
        for (i, s) in file.ships().iter().enumerate() {
            let (Some(seat), Some(p)) = (state.seat_of(s), s.position) else {
                continue;
            };
            if !in_play(s) {
                continue;
            }
            let mut extra = Map::new();
            extra.insert("name".into(), json!(s.name));
            extra.insert("course".into(), json!(s.course));
            extra.insert("velocity".into(), json!(s.velocity));
            extra.insert("thrust".into(), json!(s.thrust_rating));
            if let Some(t) = &s.damage_track {
                extra.insert("damageTrack".into(), json!(t.lines().join(" ")));
            }
            out[seat].push(UnitData {
                id: i as u64 + 1,
                unit_type: "ship".into(),
                // Whole hundredths, so always finite.
                assignment: Position::from_f64(p.x as f64 / 100.0, p.y as f64 / 100.0)
                    .unwrap_or_else(|| Position::new(0, 0)),
                extra: extra.into(),
            });
        }
        out
    }

    fn bot_names(&self) -> &'static [&'static str] {
        bots::BOT_NAMES
    }

    fn scenarios(&self) -> Vec<&'static str> {
        scenarios::NAMES.to_vec()
    }

    fn default_scenario(&self) -> &'static str {
        scenarios::NAMES[0]
    }

    fn bot(&self, name: &str) -> Option<Box<dyn engine::Bot<Self>>> {
        bots::bot(name)
    }

    fn options(&self) -> &'static [engine::OptionSpec] {
        &[
            engine::OptionSpec {
                name: "turn_limit",
                json_type: "integer",
                description: "turns played (from the scenario's first) before the fleet with the most undamaged boxes wins; 1 or more, default 40",
            },
            engine::OptionSpec {
                name: "dice",
                json_type: "array",
                description: "loaded dice: numbers 1 to 6 used, in order, before the game's generator (for tests and set pieces)",
            },
        ]
    }
}

/// The name of the file a fleet receives at the start of turn `turn`.
pub fn view_file_name(fleet: usize, turn: u64) -> String {
    format!("Turn_{turn}_Fleet_{fleet}.gzf")
}

/// The name of the file a fleet answers in for turn `turn`.
pub fn orders_file_name(fleet: usize, turn: u64) -> String {
    format!("Orders_{turn}_Fleet_{fleet}.gzf")
}

impl FileProtocol for FullThrust {
    fn view_files(&self, state: &State, seat: Option<Seat>) -> Vec<(String, String)> {
        let turn = state.turn();
        match seat {
            Some(s) => vec![(view_file_name(s.0, turn), state.file.clone())],
            None => vec![(format!("Turn_{turn}.gzf"), state.file.clone())],
        }
    }

    fn orders_file_name(&self, state: &State, seat: Seat) -> String {
        orders_file_name(seat.0, state.turn())
    }

    fn parse_orders(
        &self,
        state: &State,
        _seat: Seat,
        text: &[u8],
    ) -> Result<Option<Orders>, Vec<OrderIssue>> {
        orders::parse_orders(text, state.turn())
    }

    fn orders_text(&self, orders: &Orders) -> String {
        orders::write_orders(orders)
    }

    fn board_text(&self, state: &State) -> String {
        view::board_text(state)
    }

    fn orders_help(&self) -> &'static str {
        "a GZF file of the fleet's ship orders, ending with a `Scenario:` block that gives `Turn: N` (gzf-ft2 spec 7)"
    }

    fn scenario_files(&self) -> Vec<(String, String)> {
        scenarios::NAMES
            .iter()
            .filter_map(|name| Some((format!("{name}.gzf"), scenarios::bundled(name)?.to_string())))
            .collect()
    }
}

impl ViewFiles for FullThrust {
    fn parse_view(&self, name: &str, text: &str) -> Result<view::FleetView, SetupError> {
        view::FleetView::read(name, text)
    }

    fn orders_file_for_view(&self, view: &view::FleetView, seat: Seat) -> String {
        orders_file_name(seat.0, view.turn)
    }
}

/// Full Thrust's entry in the registry: the rules, how its boards are drawn, the
/// browser controller and the guide for players.
pub fn plugin() -> plugin::Plugin {
    plugin::Plugin {
        rules: std::sync::Arc::new(engine::Registered(std::sync::Arc::new(FullThrust))),
        aliases: &[],
        drawing: std::sync::Arc::new(picture::Drawing),
        client: plugin::Client {
            controller: include_str!("../web/controller.js"),
            guide: include_str!("../web/guide.html"),
        },
        describe: Some(picture::describe),
        targets: Some(targets::targets),
        command: None,
        rerun: None,
    }
}
