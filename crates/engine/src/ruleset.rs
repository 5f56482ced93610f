//! The one interface every ruleset implements, and the small types it speaks.

use std::fmt;

use record::{Action, UnitData};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::rng::GameRng;

/// A seat at the table: an index into the game's seats (the record's `teams`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub usize);

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// Who sits in a seat, as asked for when a game is created.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct SeatSpec {
    /// A display name; the ruleset's own name for the seat when empty.
    #[serde(default)]
    pub name: Option<String>,
    /// The built-in bot playing this seat, if any.
    #[serde(default)]
    pub bot: Option<String>,
    /// Played by the rules themselves: a seat the ruleset names in
    /// [`Ruleset::rules_seats`] (no person, no bot, never awaited).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rules: bool,
}

/// A seat the rules play themselves, such as a team that belongs to the
/// game rather than to a player (Tactics' Chaos team). Callers list only
/// the other seats; [`place_rules_seats`] puts these in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RulesSeat {
    pub seat: Seat,
    /// Who plays it, as the record's team names it (its `bot`).
    pub player: &'static str,
}

/// Puts the seats the rules play (`rules`, from [`Ruleset::rules_seats`])
/// into a setup's `seats`, so that callers may list only the seats people
/// or bots play. Seats already marked `rules` at exactly those places are
/// left as they are (a setup read back from a record), as is an empty list
/// (the ruleset's own seats). A `rules` mark anywhere else is refused,
/// naming the seats the rules do play.
pub fn place_rules_seats(rules: &[RulesSeat], seats: &mut Vec<SeatSpec>) -> Result<(), SetupError> {
    if seats.is_empty() {
        return Ok(());
    }
    let marked: Vec<usize> = (0..seats.len()).filter(|&i| seats[i].rules).collect();
    let mut wanted: Vec<usize> = rules.iter().map(|r| r.seat.0).collect();
    wanted.sort_unstable();
    if marked.is_empty() {
        for i in wanted {
            let at = i.min(seats.len());
            seats.insert(
                at,
                SeatSpec {
                    rules: true,
                    ..SeatSpec::default()
                },
            );
        }
        return Ok(());
    }
    if marked == wanted {
        return Ok(());
    }
    let bad = marked
        .iter()
        .find(|i| !wanted.contains(i))
        .or_else(|| marked.first())
        .copied()
        .unwrap_or_default();
    let played = if wanted.is_empty() {
        "no seat of this game is played by the rules".to_string()
    } else {
        let list: Vec<String> = wanted.iter().map(|i| format!("seat {i}")).collect();
        format!(
            "the rules play {} only (list only the other seats, or mark exactly those `rules`)",
            list.join(", ")
        )
    };
    Err(SetupError::at(
        format!("seats[{bad}]"),
        format!("seat {bad} is marked as played by the rules, but {played}"),
    ))
}

/// What a ruleset says about one of its seats.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// The seat's name in the game's own words ("Red", "Commonwealth").
    pub name: String,
    /// Extra fields for the record's team entry (e.g. ttrts's player number).
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub extra: Map<String, Value>,
}

/// Everything a game starts from. Written into the record (as `setup`) so the
/// game can be re-run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Setup {
    /// The map, scenario or module: a bundled name, or a file's name.
    pub scenario: String,
    /// The scenario's text when it came from a file (takes precedence over
    /// a bundled scenario of the same name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// The seats; a ruleset whose scenario fixes the seats may ignore them.
    #[serde(default)]
    pub seats: Vec<SeatSpec>,
    /// The game's seed.
    #[serde(default)]
    pub seed: u64,
    /// Ruleset-specific options.
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub options: Map<String, Value>,
}

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupError {
    /// Where: a file name with `:line:col`, or a field such as `seats`.
    pub location: Option<String>,
    pub message: String,
}

impl SetupError {
    pub fn new(message: impl Into<String>) -> SetupError {
        SetupError {
            location: None,
            message: message.into(),
        }
    }

    pub fn at(location: impl Into<String>, message: impl Into<String>) -> SetupError {
        SetupError {
            location: Some(location.into()),
            message: message.into(),
        }
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.location {
            Some(at) => write!(f, "{at}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for SetupError {}

/// A problem with a seat's orders: an error that rejects them, or a note the
/// player should read. Points at a line of the orders file or a JSON field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderIssue {
    /// 1-based line in the orders file, when the orders came as text.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// 1-based column on that line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// The JSON field, e.g. `orders[2].unit`, when the orders came as JSON.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// What is wrong and what to do, in words for people.
    pub message: String,
    /// A stable code for programs (`wrong_terrain`, `N401`), when the
    /// ruleset has one; people read `message`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
}

impl OrderIssue {
    pub fn at_line(line: usize, column: Option<usize>, message: impl Into<String>) -> OrderIssue {
        OrderIssue {
            line: Some(line),
            column,
            field: None,
            message: message.into(),
            code: None,
        }
    }

    pub fn at_field(field: impl Into<String>, message: impl Into<String>) -> OrderIssue {
        OrderIssue {
            line: None,
            column: None,
            field: Some(field.into()),
            message: message.into(),
            code: None,
        }
    }

    pub fn general(message: impl Into<String>) -> OrderIssue {
        OrderIssue {
            line: None,
            column: None,
            field: None,
            message: message.into(),
            code: None,
        }
    }

    /// The same issue with a code for programs.
    pub fn with_code(mut self, code: impl Into<String>) -> OrderIssue {
        self.code = Some(code.into());
        self
    }

    /// The message, followed by the code in brackets when there is one.
    fn coded(&self) -> String {
        match &self.code {
            Some(c) => format!("{} [{c}]", self.message),
            None => self.message.clone(),
        }
    }

    /// `file:line:col: message [code]` (or the parts that are known).
    pub fn display_in(&self, file: &str) -> String {
        let m = self.coded();
        match (self.line, self.column, &self.field) {
            (Some(l), Some(c), _) => format!("{file}:{l}:{c}: {m}"),
            (Some(l), None, _) => format!("{file}:{l}: {m}"),
            (None, _, Some(field)) => format!("{file}: {field}: {m}"),
            _ => format!("{file}: {m}"),
        }
    }
}

impl fmt::Display for OrderIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.coded();
        match (self.line, self.column, &self.field) {
            (Some(l), Some(c), _) => write!(f, "line {l}, column {c}: {m}"),
            (Some(l), None, _) => write!(f, "line {l}: {m}"),
            (None, _, Some(field)) => write!(f, "{field}: {m}"),
            _ => f.write_str(&m),
        }
    }
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// The winning seat; `None` for a draw.
    pub winner: Option<Seat>,
    /// Why, in a few words ("only Red has units left").
    pub reason: String,
    /// Final scores per seat, for rulesets that score.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<i64>>,
}

impl Outcome {
    /// The one way Orderly says how a game ended, in the seats' own names:
    /// "Red wins (only Red has units left)" or "a draw (no units left)".
    pub fn summary(&self, seats: &[SeatInfo]) -> String {
        match self.winner {
            Some(w) => {
                let name = seats
                    .get(w.0)
                    .map_or_else(|| w.to_string(), |s| s.name.clone());
                format!("{name} wins ({})", self.reason)
            }
            None => format!("a draw ({})", self.reason),
        }
    }
}

/// One turn of the game record, as a ruleset hands it to [`crate::Match`]
/// from [`Ruleset::resolve_recorded`].
#[derive(Debug, Clone, PartialEq)]
pub struct RecordTurn {
    /// The turn's number, as [`Ruleset::turn`] counts.
    pub turn: u64,
    /// The living units at the start of the turn (see [`Ruleset::units`]).
    pub units: Vec<Vec<UnitData>>,
    /// What happened in the turn, in order.
    pub actions: Vec<Action>,
}

/// A ruleset: the rules of one game, pure. No I/O, no clock, no global state;
/// everything random comes from the `rng` argument.
pub trait Ruleset: Send + Sync + Sized + 'static {
    /// The whole game state, serialisable (the generator is kept beside it).
    type State: Clone + Serialize + DeserializeOwned + Send + Sync;
    /// One seat's orders for one turn. Its JSON schema (derived with
    /// `schemars`, doc comments becoming descriptions) is what the host
    /// serves to bot writers, so it must describe exactly what
    /// deserialising accepts.
    type Orders: Clone + Serialize + DeserializeOwned + JsonSchema + Send + Sync + Default;
    /// What one seat (or a spectator) may see; its JSON schema is served
    /// too and must describe exactly what serialising gives.
    type View: Serialize + JsonSchema;

    /// The ruleset's name in records (`type`), lower-case.
    const NAME: &'static str;
    /// Version of the rules; recorded so a game is re-run by the same rules.
    const VERSION: &'static str;

    /// The starting state.
    fn setup(&self, setup: &Setup, rng: &mut GameRng) -> Result<Self::State, SetupError>;
    /// Facts the ruleset learnt while setting up that a re-run must meet
    /// again, such as the files a game was read from and their hashes. A
    /// match adds them to its setup's options, so the record's `setup`
    /// keeps them and `setup` gets them back when the record is re-run (and
    /// can refuse other files with a clear message). Default: none.
    fn setup_facts(&self, _state: &Self::State) -> Map<String, Value> {
        Map::new()
    }
    /// The seats of this game, in order.
    fn seats(&self, state: &Self::State) -> Vec<SeatInfo>;
    /// The seats the rules play themselves in a game of this setup (its
    /// scenario decides): never awaited, given to no person or bot, left
    /// out of the seats callers list (see [`place_rules_seats`]). Default:
    /// none.
    fn rules_seats(&self, _setup: &Setup) -> Vec<RulesSeat> {
        Vec::new()
    }
    /// The current turn number, as the ruleset counts turns.
    fn turn(&self, state: &Self::State) -> u64;
    /// The game's own name (a map's or scenario's), for folders and titles.
    fn title(&self, _state: &Self::State) -> String {
        Self::NAME.to_string()
    }
    /// Who must send orders before this turn can be resolved.
    fn awaiting(&self, state: &Self::State) -> Vec<Seat>;
    /// Checks one seat's orders against the current state: notes for the
    /// player when they are accepted, every error when they are not.
    fn check(
        &self,
        state: &Self::State,
        seat: Seat,
        orders: &Self::Orders,
    ) -> Result<Vec<OrderIssue>, Vec<OrderIssue>>;
    /// Resolves the turn from checked orders (seats that sent none are
    /// absent). When `log` is given, appends the record's actions to it.
    fn resolve(
        &self,
        state: &mut Self::State,
        orders: &[(Seat, Self::Orders)],
        rng: &mut GameRng,
        log: Option<&mut Vec<Action>>,
    );
    /// Resolves the turn as [`Ruleset::resolve`] does and hands over the
    /// record turns it finished, oldest first. The first is the turn that
    /// was resolved (the record keeps the orders on it); a ruleset whose
    /// one resolution runs on through turns that need no orders (turns
    /// ended by the rules, a side the rules play) gives each of them as a
    /// turn of its own. When the game ends in the middle of a turn, the
    /// last may be that turn, with the actions up to the end: it is then
    /// the record's last turn and is not repeated as the current one.
    ///
    /// The default: the one turn resolved, its units at the start and the
    /// actions `resolve` logged.
    fn resolve_recorded(
        &self,
        state: &mut Self::State,
        orders: &[(Seat, Self::Orders)],
        rng: &mut GameRng,
    ) -> Vec<RecordTurn> {
        let turn = self.turn(state);
        let units = self.units(state);
        let mut actions = vec![];
        self.resolve(state, orders, rng, Some(&mut actions));
        vec![RecordTurn {
            turn,
            units,
            actions,
        }]
    }
    /// The game's type in its record (`type`): the ruleset's name, unless
    /// its records name the game played (Tactics writes `classic` or
    /// `chaos`). It may depend on the state, and is taken at the start.
    fn record_type(&self, _state: &Self::State) -> String {
        Self::NAME.to_string()
    }
    /// The outcome, once the game is over.
    fn outcome(&self, state: &Self::State) -> Option<Outcome>;
    /// What `seat` may see (`None`: a spectator). The only way state reaches
    /// a player.
    fn view(&self, state: &Self::State, seat: Option<Seat>) -> Self::View;
    /// The living units, one list per seat, as the record's UnitData.
    fn units(&self, state: &Self::State) -> Vec<Vec<UnitData>>;
    /// Whether every seat may know where every unit is while the game runs,
    /// so that the record's per-turn `units` ([`Ruleset::units`]: every
    /// unit where it truly is) may be shown to anyone before the end. True
    /// for a board without fog; a ruleset whose seats see only part of the
    /// board answers false, and a host then serves a running game's record
    /// without `units`.
    fn units_public(&self, _state: &Self::State) -> bool {
        true
    }
    /// The orders applied to a seat that sent none before a deadline.
    fn default_orders(&self, _state: &Self::State, _seat: Seat) -> Self::Orders {
        Self::Orders::default()
    }
    /// The built-in bots' names (the first ones are a tournament's default).
    fn bot_names(&self) -> &'static [&'static str];
    /// The map or scenario a game starts from when none is named.
    fn default_scenario(&self) -> &'static str {
        "default"
    }
    /// The bundled maps or scenarios, by name (the default among them).
    fn scenarios(&self) -> Vec<&'static str> {
        vec![self.default_scenario()]
    }
    /// A built-in bot by name.
    fn bot(&self, name: &str) -> Option<Box<dyn Bot<Self>>>;
    /// What setting the game up drew at random that the record must keep
    /// so that the game can be re-verified without this project's
    /// generator (TaE's dealt hands), as actions; those only some seats
    /// may see carry `seenBy`. Written to the record's `setupActions`.
    fn setup_actions(&self, _state: &Self::State) -> Vec<Action> {
        Vec::new()
    }
    /// The `options` a game's setup may give, with what each means; any
    /// other key is refused by hosts (and names these).
    fn options(&self) -> &'static [OptionSpec] {
        &[]
    }
}

/// One option a ruleset takes in [`Setup::options`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct OptionSpec {
    /// The key, e.g. `turn_limit`.
    pub name: &'static str,
    /// The JSON type of its value, as a JSON-schema type name
    /// (`integer`, `array`, ...).
    #[serde(rename = "type")]
    pub json_type: &'static str,
    /// What it does, its range and its default, for people.
    pub description: &'static str,
}

/// A player written in Rust. It sees only its seat's view.
pub trait Bot<R: Ruleset>: Send {
    fn orders(&mut self, rules: &R, view: &R::View, seat: Seat, rng: &mut GameRng) -> R::Orders;
}

/// A ruleset's native text files, for play by files. Pure text in and out;
/// the driver that reads and writes the files lives elsewhere.
pub trait FileProtocol: Ruleset {
    /// The files a seat (or, for `None`, everyone) receives at the start of
    /// the current turn: `(file name, contents)`.
    fn view_files(&self, state: &Self::State, seat: Option<Seat>) -> Vec<(String, String)>;
    /// The names of the files [`FileProtocol::view_files`] gives, without
    /// their contents: a driver that already made a file this turn (one
    /// shared by every seat, say) need not make it again. The default makes
    /// the files and keeps the names; a ruleset whose files cost something
    /// to make names them directly.
    fn view_file_names(&self, state: &Self::State, seat: Option<Seat>) -> Vec<String> {
        self.view_files(state, seat)
            .into_iter()
            .map(|(name, _)| name)
            .collect()
    }
    /// The name of the file in which `seat` writes its orders this turn.
    fn orders_file_name(&self, state: &Self::State, seat: Seat) -> String;
    /// Reads an orders file. `Ok(None)` means the file is not complete yet
    /// (still being written); `Err` lists every reason it is rejected.
    fn parse_orders(
        &self,
        state: &Self::State,
        seat: Seat,
        text: &[u8],
    ) -> Result<Option<Self::Orders>, Vec<OrderIssue>>;
    /// Writes orders as the file a player would (used by bots playing by files).
    fn orders_text(&self, orders: &Self::Orders) -> String;
    /// A picture of the board as text, for people watching a demo.
    fn board_text(&self, state: &Self::State) -> String;
    /// One sentence for people about writing an orders file (what ends
    /// it, where the format is described).
    fn orders_help(&self) -> &'static str {
        ""
    }
    /// The bundled scenarios as the files a player could start a game
    /// from: `(file name, contents)`.
    fn scenario_files(&self) -> Vec<(String, String)> {
        Vec::new()
    }
    /// The name of the scenario file a game folder of the original program
    /// holds (ttrts: `map.txt`), which a replay of such a folder starts
    /// from when it has no `game.json`.
    fn scenario_file_name(&self) -> Option<&'static str> {
        None
    }
}

/// The bot's side of play by files: reading the file a seat received and
/// naming the file it answers in.
pub trait ViewFiles: FileProtocol {
    /// Reads the view file a seat received (as written by `view_files`).
    fn parse_view(&self, name: &str, text: &str) -> Result<Self::View, SetupError>;
    /// The orders file to write in answer to that view.
    fn orders_file_for_view(&self, view: &Self::View, seat: Seat) -> String;
}
