//! The ruleset glue (spec §15): [`Xconq`] implements `engine::Ruleset`.
//!
//! A game's state ([`Game`]) carries the rules read from its module beside
//! the kernel state, so that once set up a game needs nothing but itself:
//! only `setup` reads the module library (read-only game data, like a
//! bundled map); everything after it is pure. The rules draw only from the
//! kernel's generator kept in the state (D5); the engine's `GameRng` is left
//! to the bots.

use std::path::PathBuf;

use crate::library::{Library, Request, Source};
use std::sync::Arc;

use engine::record::{Action, Position, UnitData};
use engine::{Bot, GameRng, OrderIssue, Outcome, Ruleset, Seat, SeatInfo, Setup, SetupError};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};

use crate::history::{Datum, Observers};
use crate::intro::Executed;
use crate::kernel::K;
use crate::orders::{ready, Orders, Ready, MAX_ORDERS};
use crate::rules::Rules;
use crate::state::State;
use crate::view::View;

/// The version of the rules: the spec's revision this crate follows (D1).
pub const VERSION: &str = "xconq-play spec with corrections §19 (kernel 7.5 subset) 1";

/// The module a game plays when none is named: one of the project's own,
/// so it plays without the Xconq library.
pub const DEFAULT_SCENARIO: &str = "frontier";

/// Orders a side executes before the next side's turn in a pass (§7.2).
pub const ORDERS_PER_PASS: usize = 99;

/// A game: the rules from its module and the kernel state.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Game {
    pub module: String,
    pub rules: Arc<Rules>,
    pub state: State,
    /// The optional turn limit (D8).
    #[serde(default)]
    pub last_turn: Option<i32>,
    /// The files the game was read from (see [`crate::library`]).
    #[serde(default)]
    pub sources: Vec<Source>,
    /// The sides that resigned (D9), in the order they did: the outcome
    /// names them. (Not kernel state: the kernel records a resignation as
    /// any other loss.)
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resigned: Vec<usize>,
}

/// What part of a seat's orders the shallow check refuses.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Fault {
    /// The seat itself (not in this game).
    Seat,
    /// The number of orders.
    Count,
    /// Order `i` of the list.
    Order(usize),
    /// The side a resignation hands the units to.
    ResignTo,
}

/// The shallow check of a seat's orders (spec §15.3, D7): each fault as
/// `at` places it (a JSON field for the engine, a line for an orders file).
pub(crate) fn faults(
    g: &Game,
    seat: Seat,
    orders: &Orders,
    at: &dyn Fn(Fault, String) -> OrderIssue,
) -> Vec<OrderIssue> {
    let side = seat_side(seat);
    if side >= g.state.sides.len() {
        return vec![at(Fault::Seat, format!("{seat} is not in this game"))];
    }
    if orders.orders.len() > MAX_ORDERS {
        return vec![at(
            Fault::Count,
            format!(
                "{} orders; at most {MAX_ORDERS} a turn",
                orders.orders.len()
            ),
        )];
    }
    let mut errors = Vec::new();
    let mut planned = crate::orders::Planned::new();
    for (i, o) in orders.orders.iter().enumerate() {
        if let Err(e) = ready(&g.rules, &g.state, side, o, &mut planned) {
            errors.push(at(Fault::Order(i), e));
        }
    }
    if let Some(to) = orders.resign_to {
        if to >= g.state.sides.len() || to == side {
            errors.push(at(Fault::ResignTo, format!("no other side {to}")));
        }
    }
    errors
}

/// The Xconq ruleset: where to find modules.
#[derive(Clone, Debug, Default)]
pub struct Xconq {
    pub library: Library,
}

impl Xconq {
    pub fn new(library: Library) -> Xconq {
        Xconq { library }
    }
}

fn seat_side(seat: Seat) -> usize {
    seat.0 + 1
}

impl Game {
    pub fn k(&mut self) -> K<'_> {
        K::new(&self.rules, &mut self.state)
    }

    /// Whether the game is over (D8).
    pub fn over(&self) -> bool {
        self.state.endofgame
            || self.state.sides.iter().skip(1).all(|s| !s.ingame)
            || self.last_turn.is_some_and(|t| self.state.turn > t)
    }

    /// Plays one turn: the automatic actions, the orders in passes over the
    /// sides (§15.3), resignations, the end phase and the next start phase.
    pub fn play_turn(
        &mut self,
        orders: &[(usize, Vec<Ready>)],
        resign: &[(usize, Option<usize>)],
    ) -> Vec<Executed> {
        let mut done = Vec::new();
        let mut k = K::new(&self.rules, &mut self.state);
        k.run_automatic(&mut done);
        let mut queues: Vec<(usize, std::collections::VecDeque<&Ready>)> = orders
            .iter()
            .map(|(s, o)| (*s, o.iter().collect()))
            .collect();
        queues.sort_by_key(|q| q.0);
        while queues.iter().any(|q| !q.1.is_empty()) {
            for (side, q) in &mut queues {
                for _ in 0..ORDERS_PER_PASS {
                    let Some(o) = q.pop_front() else { break };
                    if crate::orders::SEAT_ORDERS.contains(&o.action) {
                        done.push(k.run_hold(*side, o.unit, o.action == "hold"));
                        continue;
                    }
                    // A unit another side took earlier this turn (captured,
                    // or given away) no longer takes this side's orders.
                    if k.s.living(o.unit).is_some_and(|u| u.side != *side) {
                        done.push(k.refuse(*side, o));
                        continue;
                    }
                    done.push(k.run_action(o.unit, o.action, o.args.clone(), o.actee, "order"));
                    // A seat that sends a holding unit somewhere wakes it
                    // (docs/xconq-decisions.md, "Holding units").
                    if matches!(o.action, "move" | "enter") {
                        let mover = if o.actee != 0 { o.actee } else { o.unit };
                        if let Some(u) = k.s.units.get_mut(mover as usize) {
                            u.hold = false;
                        }
                    }
                }
            }
        }
        for sd in &mut k.s.sides {
            sd.failed.clear();
        }
        for e in done
            .iter()
            .filter(|e| e.by == "order" && e.result != "action-done")
        {
            if let Some(sd) = k.s.sides.get_mut(e.side) {
                sd.failed.push(crate::state::FailedOrder {
                    turn: e.turn,
                    unit: e.unit,
                    action: e.action.to_string(),
                    args: e.args.clone(),
                    actee: e.actee,
                    result: e.result.to_string(),
                });
            }
        }
        for &(side, to) in resign {
            if k.resign(side, to) {
                self.resigned.push(side);
            }
        }
        k.end_phase();
        if !k.s.endofgame && k.s.sides.iter().skip(1).any(|s| s.ingame) {
            k.start_phase();
            k.test_for_game_end();
        }
        done
    }
}

impl K<'_> {
    /// Side `side`'s order `o` for a unit that is no longer the side's:
    /// not run (nothing changes, nothing draws), recorded as `cannot-do`
    /// for the side that gave it.
    fn refuse(&mut self, side: usize, o: &Ready) -> Executed {
        let rs = self.s.rng.rs;
        Executed {
            turn: self.s.turn,
            unit: o.unit,
            actee: o.actee,
            action: o.action,
            args: o.args.clone(),
            result: "cannot-do",
            rs,
            rs_after: rs,
            by: "order",
            side,
        }
    }

    /// A seat's `hold` (`hold` true) or `wake` order for unit `id`: the
    /// unit's decision to stay put (§10.5). Done when the unit is still the
    /// side's and alive (the order ran after others that may have changed
    /// that), `cannot-do` otherwise; it costs nothing and draws nothing.
    pub fn run_hold(&mut self, side: usize, id: i32, hold: bool) -> Executed {
        let rs = self.s.rng.rs;
        let ours = self
            .s
            .units
            .get(id as usize)
            .is_some_and(|u| u.side == side && u.hp > 0 && !u.flushed);
        if ours {
            self.um(id).hold = hold;
        }
        Executed {
            turn: self.s.turn,
            unit: id,
            actee: 0,
            action: if hold { "hold" } else { "wake" },
            args: Vec::new(),
            result: if ours { "action-done" } else { "cannot-do" },
            rs,
            rs_after: rs,
            by: "order",
            side,
        }
    }

    /// A side resigns (D9, §12.4): to no one, or handing its units over.
    /// False when it was already out of the game (nothing happens).
    pub fn resign(&mut self, side: usize, to: Option<usize>) -> bool {
        if !self.s.sides[side].ingame {
            return false;
        }
        if let Some(to) = to.filter(|&t| t != side && t < self.s.sides.len()) {
            for id in self.s.global_ids() {
                if self.u(id).side == side && self.in_play(id) {
                    let (x, y) = (self.u(id).x, self.u(id).y);
                    self.change_unit_side(id, to, crate::kernel::SideChange::Acquired, 0);
                    self.all_see_cell(x, y);
                }
            }
        }
        self.side_loses(side);
        true
    }
}

/// Reads a module into a fresh game, its first start phase done. A module
/// whose world is synthesised (standard) gets one made from `rng` (the
/// engine's `GameRng` for the game's seed, D5, D20) with `seats` sides
/// unless the `sides` option says otherwise.
pub fn new_game(
    library: &Library,
    req: &Request<'_>,
    seed: u64,
    options: &Map<String, Value>,
) -> Result<Game, crate::Error> {
    new_game_with(
        library,
        req,
        seed,
        options,
        0,
        &mut GameRng::from_seed(seed),
    )
}

/// [`new_game`] for a game of `seats` seats (0: not said), synthesising
/// from `rng`.
pub fn new_game_with(
    library: &Library,
    req: &Request<'_>,
    seed: u64,
    options: &Map<String, Value>,
    seats: usize,
    rng: &mut GameRng,
) -> Result<Game, crate::Error> {
    let asked = crate::options::read(options)?;
    let kernel_seed = (seed % 100_000) as i64;
    let mut loaded = library.load_with(req, kernel_seed, true, asked.variants.clone())?;
    let mut state = match (loaded.state.take(), &loaded.synth) {
        (Some(state), _) => {
            if asked.sides.is_some() || !asked.variants.is_empty() {
                let field = if asked.sides.is_some() {
                    "sides".to_string()
                } else {
                    asked.variants[0].option.clone()
                };
                return Err(crate::Error::BadOption {
                    field,
                    message: format!(
                        "module {} gives its own world and sides; this option is for modules whose world is synthesised (standard)",
                        req.module
                    ),
                });
            }
            state
        }
        (None, Some(settings)) => {
            let sides = crate::options::sides(asked.sides, seats)?;
            let ask = crate::synth::Ask {
                sides,
                seed: kernel_seed,
            };
            crate::synth::synthesise(&loaded.rules, settings, &ask, rng)
                .map_err(|e| crate::Error::no_room(settings, e.sides))?
                .0
        }
        (None, None) => return Err(crate::Error::no_world(req.module)),
    };
    if let Some(false) = options.get("intro-autoconstruct").and_then(Value::as_bool) {
        state.intro_rule = false;
    }
    if let Some(expected) = options.get("sources") {
        let expected: Vec<Source> =
            serde_json::from_value(expected.clone()).map_err(|e| crate::Error::SourcesDiffer {
                message: format!("cannot be read ({e}); it lists {{\"file\", \"sha256\"}} objects"),
            })?;
        crate::library::check_sources(&loaded.sources, &loaded.paths, &expected)?;
    }
    let module = loaded
        .paths
        .first()
        .and_then(|p| p.file_stem())
        .map_or_else(
            || req.module.to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
    let mut game = Game {
        module,
        rules: Arc::new(loaded.rules),
        state,
        last_turn: options
            .get("last-turn")
            .and_then(Value::as_i64)
            .map(|t| t.clamp(1, i64::from(i32::MAX)) as i32),
        sources: loaded.sources,
        resigned: Vec::new(),
    };
    game.k().start_phase();
    Ok(game)
}

/// The folders a game's `lib` option names (a folder or a list of them).
fn option_dirs(options: &Map<String, Value>) -> Result<Vec<PathBuf>, SetupError> {
    match options.get("lib") {
        None => Ok(Vec::new()),
        Some(Value::String(dir)) => Ok(vec![PathBuf::from(dir)]),
        Some(Value::Array(dirs)) => dirs
            .iter()
            .enumerate()
            .map(|(i, d)| {
                d.as_str().map(PathBuf::from).ok_or_else(|| {
                    SetupError::at(
                        format!("options.lib[{i}]"),
                        "must be a folder's path (text)",
                    )
                })
            })
            .collect(),
        Some(_) => Err(SetupError::at(
            "options.lib",
            "must be a folder's path or a list of them",
        )),
    }
}

fn setup_error(e: crate::Error) -> SetupError {
    match e {
        crate::Error::Unsupported {
            location,
            setting,
            why,
            ..
        } => SetupError::at(location, format!("{setting} is not supported yet: {why}")),
        e @ crate::Error::SourcesDiffer { .. } => SetupError::at("options.sources", e.to_string()),
        crate::Error::BadOption { field, message } => {
            SetupError::at(format!("options.{field}"), message)
        }
        other => SetupError::new(other.to_string()),
    }
}

impl Ruleset for Xconq {
    type State = Game;
    type Orders = Orders;
    type View = View;

    const NAME: &'static str = "xconq";
    const VERSION: &'static str = VERSION;

    fn setup(&self, setup: &Setup, _rng: &mut GameRng) -> Result<Game, SetupError> {
        let extra_dirs = option_dirs(&setup.options)?;
        let module = if setup.scenario.is_empty() || setup.scenario == "default" {
            DEFAULT_SCENARIO
        } else {
            setup.scenario.as_str()
        };
        let req = Request {
            module,
            text: setup.text.as_deref(),
            extra_dirs: &extra_dirs,
        };
        new_game_with(
            &self.library,
            &req,
            setup.seed,
            &setup.options,
            setup.seats.len(),
            _rng,
        )
        .map_err(setup_error)
    }

    fn setup_facts(&self, g: &Game) -> Map<String, Value> {
        let mut facts = Map::new();
        facts.insert(
            "sources".into(),
            serde_json::to_value(&g.sources).expect("sources serialise"),
        );
        facts
    }

    fn seats(&self, g: &Game) -> Vec<SeatInfo> {
        (1..g.state.sides.len())
            .map(|s| SeatInfo {
                name: crate::view::side_name(&g.state, s),
                extra: Map::new(),
            })
            .collect()
    }

    fn turn(&self, g: &Game) -> u64 {
        g.state.turn.max(0) as u64
    }

    fn title(&self, g: &Game) -> String {
        g.module.clone()
    }

    fn awaiting(&self, g: &Game) -> Vec<Seat> {
        if g.over() {
            return Vec::new();
        }
        (1..g.state.sides.len())
            .filter(|&s| g.state.sides[s].ingame)
            .map(|s| Seat(s - 1))
            .collect()
    }

    fn check(
        &self,
        g: &Game,
        seat: Seat,
        orders: &Orders,
    ) -> Result<Vec<OrderIssue>, Vec<OrderIssue>> {
        let errors = faults(g, seat, orders, &|at, message| match at {
            Fault::Seat => OrderIssue::general(message),
            Fault::Count => OrderIssue::at_field("orders", message),
            Fault::Order(i) => OrderIssue::at_field(format!("orders[{i}]"), message),
            Fault::ResignTo => OrderIssue::at_field("resign_to", message),
        });
        if errors.is_empty() {
            Ok(Vec::new())
        } else {
            Err(errors)
        }
    }

    fn resolve(
        &self,
        g: &mut Game,
        orders: &[(Seat, Orders)],
        _rng: &mut GameRng,
        log: Option<&mut Vec<Action>>,
    ) {
        if g.over() {
            return;
        }
        let mut ready_orders = Vec::new();
        let mut resign = Vec::new();
        for (seat, o) in orders {
            let side = seat_side(*seat);
            if side >= g.state.sides.len() {
                continue;
            }
            let mut planned = crate::orders::Planned::new();
            let list: Vec<Ready> = o
                .orders
                .iter()
                .filter_map(|x| ready(&g.rules, &g.state, side, x, &mut planned).ok())
                .collect();
            ready_orders.push((side, list));
            if o.resign {
                resign.push((side, o.resign_to));
            }
        }
        let events_before = g.state.history.events.len();
        let turn = g.state.turn;
        let done = g.play_turn(&ready_orders, &resign);
        if let Some(log) = log {
            // While the game runs the host shows anyone only the actions
            // every seat may see (`seenBy`, host `public.rs`): a unit's
            // action (its moves, its `rs`) only to its own seat (§15.4);
            // a turn's events to the seats that observed all of them; the
            // new turn's generator state to no one (it foretells the draws).
            let seats = g.state.sides.len().saturating_sub(1);
            for e in &done {
                let side = e.side;
                let mut a = Action::new(
                    e.action,
                    Some(e.unit.max(0) as u64),
                    Some(side.saturating_sub(1) as u64),
                )
                .with(
                    "unitType",
                    g.state
                        .units
                        .get(e.unit as usize)
                        .map_or("unit", |u| g.rules.unit_names[u.utype].as_str()),
                )
                .with("args", json!(e.args))
                .with("by", if e.by == "order" { "order" } else { "auto" })
                .with("result", e.result)
                .with("rs", e.rs)
                .with("turn", e.turn)
                .with(
                    "seenBy",
                    json!(side.checked_sub(1).into_iter().collect::<Vec<_>>()),
                );
                if e.actee != 0 && e.actee != e.unit {
                    a = a.with("actee", e.actee);
                }
                if matches!(e.action, "create-in" | "create-at" | "develop") {
                    if let Some(name) = e
                        .args
                        .first()
                        .and_then(|&t| g.rules.unit_names.get(t.max(0) as usize))
                    {
                        a = a.with("made", name.as_str());
                    }
                }
                log.push(a);
            }
            let new_events = &g.state.history.events[events_before..];
            let events: Vec<Value> = new_events
                .iter()
                .map(|e| event_json(&g.rules, &g.state, e))
                .collect();
            let mut end = Action::new("turn-end", None, None)
                .with("turn", turn)
                .with("events", Value::Array(events));
            if !new_events.is_empty() {
                let seen: Vec<usize> = (0..seats)
                    .filter(|&seat| new_events.iter().all(|e| e.observers.includes(seat + 1)))
                    .collect();
                end = end.with("seenBy", json!(seen));
            }
            log.push(end);
            if g.state.turn > turn {
                log.push(
                    Action::new("turn-start", None, None)
                        .with("turn", g.state.turn)
                        .with("rs", g.state.rng.rs)
                        .with("seenBy", json!([])),
                );
            }
        }
    }

    /// Seats see the world through their coverage (§11), so where every
    /// unit is stays hidden while the game runs, unless `see-all` shows
    /// everything to everyone.
    fn units_public(&self, g: &Game) -> bool {
        g.rules.globals.see_all
    }

    fn outcome(&self, g: &Game) -> Option<Outcome> {
        if !g.over() {
            return None;
        }
        let winner = (1..g.state.sides.len()).find(|&s| g.state.sides[s].status == 1);
        let mut reason = match winner {
            Some(s) => format!(
                "{} is the last side left",
                crate::view::side_name(&g.state, s)
            ),
            None if g.last_turn.is_some_and(|t| g.state.turn > t) => {
                "the turn limit was reached".into()
            }
            None => "no side is left".into(),
        };
        if !g.resigned.is_empty() {
            let names: Vec<String> = (g.resigned.iter())
                .map(|&s| crate::view::side_name(&g.state, s))
                .collect();
            reason += &format!(" ({} resigned)", names.join(", "));
        }
        Some(Outcome {
            winner: winner.map(|s| Seat(s - 1)),
            reason,
            scores: None,
        })
    }

    fn view(&self, g: &Game, seat: Option<Seat>) -> View {
        crate::view::view(&g.module, &g.rules, &g.state, seat.map(seat_side), g.over())
    }

    fn units(&self, g: &Game) -> Vec<Vec<UnitData>> {
        let r = &g.rules;
        (1..g.state.sides.len())
            .map(|side| {
                let mut ids = g.state.sides[side].units.clone();
                ids.sort_unstable();
                // Units a module places outside its area never play (see
                // `view::view`): no seat has them.
                ids.into_iter()
                    .map(|id| g.state.unit(id))
                    .filter(|u| u.hp > 0 && !u.flushed && g.state.area.in_area(u.x, u.y))
                    .map(|u| {
                        let mut extra = Map::new();
                        if u.hp != r.u.hp_max[u.utype] {
                            extra.insert("hp".into(), json!(u.hp));
                        }
                        if u.cp != r.u.cp[u.utype] {
                            extra.insert("cp".into(), json!(u.cp));
                        }
                        if u.transport != 0 {
                            extra.insert("in".into(), json!(u.transport));
                        }
                        extra.insert("supply".into(), json!(u.supply));
                        UnitData {
                            id: u.id as u64,
                            unit_type: r.unit_names[u.utype].as_str().into(),
                            assignment: Position::new(u.x, u.y),
                            extra: extra.into(),
                        }
                    })
                    .collect()
            })
            .collect()
    }

    fn bot_names(&self) -> &'static [&'static str] {
        crate::bots::NAMES
    }

    fn default_scenario(&self) -> &'static str {
        DEFAULT_SCENARIO
    }

    /// The built-in games, then Xconq 7.5's `intro` and `standard` (from a
    /// module library; standard's world is synthesised, D20, with as many
    /// sides as seats).
    fn scenarios(&self) -> Vec<&'static str> {
        crate::library::BUILT_IN_GAMES
            .iter()
            .copied()
            .chain(["intro", "standard"])
            .collect()
    }

    /// The options a game may be given. `lib` (module folders) is one of
    /// the engine's `LOCAL_OPTIONS`: the command line passes it (`-L DIR`,
    /// `--option lib=DIR`) and a host refuses it, since a client must not
    /// make the server read folders of its choosing. `sources` (the files a
    /// game was read from) is left out too: only a re-run sets it, from
    /// the record.
    fn options(&self) -> &'static [engine::OptionSpec] {
        OPTIONS
    }

    fn bot(&self, name: &str) -> Option<Box<dyn Bot<Self>>> {
        crate::bots::bot(name)
    }
}

/// The options a game may be given (see [`Xconq::options`]).
const OPTIONS: &[engine::OptionSpec] = &[

            engine::OptionSpec {
                name: "last-turn",
                json_type: "integer",
                description:
                    "the turn after which the game ends (1 or more); default: the module's own",
            },
            engine::OptionSpec {
                name: "intro-autoconstruct",
                json_type: "boolean",
                description:
                    "false turns off the intro module's automatic building rule; default true",
            },
            opt("sides", "integer", "standard (synthesised worlds): the number of sides, 2 to 15; default: the number of seats, else 2"),
            opt("world-size", "array", "standard: [width, height] or [width, height, circumference], width and height 20 to 200; default [60, 30, 360] (a circumference equal to the width wraps the world)"),
            opt("world-seen", "boolean", "standard: every side knows all terrain from the start; default false"),
            opt("see-all", "boolean", "standard: every side sees every unit; default false"),
            opt("sequential", "boolean", "standard: sides move one after another (orders already run side by side, so only the module's setting changes); default false"),
            opt("more-towns", "boolean", "standard: independent towns at 5 per 100 plains cells instead of 1; default true"),
            opt("mostly-land", "boolean", "standard: a world of 80% land; default false"),
            opt("all-land", "boolean", "standard: a world of land only; default false"),
            opt("ice-age", "boolean", "standard: most land is ice; default false"),
            opt("large", "boolean", "standard: larger countries; default false"),
            opt("noisy", "boolean", "standard: accepted and ignored (sounds of the original program)"),
            opt("silhouettes", "boolean", "standard: accepted and ignored (pictures of the original program)"),
            opt("classic", "boolean", "standard: accepted and ignored (pictures of the original program)"),
            opt("model1", "boolean", "standard: the alternative economy; true is refused (not played), false accepted"),
            opt("model1doctrine", "boolean", "standard: the alternative economy's doctrine; true is refused (not played), false accepted"),
];

const fn opt(
    name: &'static str,
    json_type: &'static str,
    description: &'static str,
) -> engine::OptionSpec {
    engine::OptionSpec {
        name,
        json_type,
        description,
    }
}

/// An event as the record's `turn-end` action lists it.
fn event_json(r: &Rules, s: &State, e: &crate::history::Event) -> Value {
    json!({
        "turn": e.turn,
        "type": e.kind,
        "observers": match e.observers {
            Observers::All => json!("all"),
            Observers::Mask(m) => json!(m),
        },
        "data": e.data.iter().map(|d| match *d {
            Datum::Num(n) => json!(n),
            Datum::Unit(id) if id < 0 => s.history.past_unit(id).map_or(Value::Null, |p| json!({
                "type": r.unit_names[p.utype], "side": p.side, "x": p.x, "y": p.y,
            })),
            Datum::Unit(id) => json!(id),
        }).collect::<Vec<_>>(),
    })
}
