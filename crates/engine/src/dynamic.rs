//! The object-safe face of rulesets and running games, JSON in and out.
//!
//! The host, the play-by-file driver and the CLI hold `dyn DynRuleset` and
//! `dyn Game`; one generic adapter ([`Registered`]) gives every ruleset this
//! face, so nothing outside a ruleset's crate names its types.

use std::borrow::Cow;
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::sync::Arc;

use record::GameRecord;
use serde_json::Value;

use crate::matches::{Match, TurnReport};
use crate::rng::GameRng;
use crate::ruleset::{
    OptionSpec, OrderIssue, Outcome, RulesSeat, Ruleset, Seat, SeatInfo, Setup, SetupError,
    ViewFiles,
};
use crate::schema::{schema_of, Side};
use crate::table::{Table, TableAct};

/// What reading an orders file gave.
#[derive(Debug, Clone, PartialEq)]
pub enum ParsedOrders {
    /// The file is not complete yet (still being written): wait.
    Incomplete,
    /// Accepted and stored; notes for the player (may be empty).
    Accepted(Vec<OrderIssue>),
    /// Rejected; nothing of it is kept.
    Rejected(Vec<OrderIssue>),
}

/// A running game of any ruleset.
pub trait Game: Send {
    fn ruleset(&self) -> &'static str;
    /// The game's type in its record (`type`; [`Ruleset::record_type`]).
    fn record_type(&self) -> String;
    fn seats(&self) -> Vec<SeatInfo>;
    /// The seats the rules play themselves ([`Ruleset::rules_seats`]).
    fn rules_seats(&self) -> Vec<RulesSeat>;
    fn turn(&self) -> u64;
    /// The game's own name (the map's or scenario's).
    fn title(&self) -> String;
    /// Seats that must send orders this turn.
    fn awaiting(&self) -> Vec<Seat>;
    /// Awaited seats whose orders have not arrived.
    fn missing(&self) -> Vec<Seat>;
    /// Orders as JSON; replaces the seat's earlier orders for this turn.
    /// Orders of the wrong shape are refused at their JSON path
    /// (`orders[0].unit`) with what was expected there in words.
    fn submit_json(
        &mut self,
        seat: Seat,
        orders: Value,
    ) -> Result<Vec<OrderIssue>, Vec<OrderIssue>>;
    /// Orders as the ruleset's native text file.
    fn submit_text(&mut self, seat: Seat, text: &[u8]) -> ParsedOrders;
    fn ready(&self) -> bool;
    fn resolve(&mut self, now: Option<&str>) -> TurnReport;
    fn outcome(&self) -> Option<Outcome>;
    /// A seat's decision at the table (see [`Match::act`]).
    fn act(&mut self, seat: Seat, act: TableAct, now: Option<&str>) -> Result<(), OrderIssue>;
    /// Resignations and standing draw offers.
    fn table(&self) -> Table;
    /// The view of `seat` (`None`: spectator) as JSON.
    fn view(&self, seat: Option<Seat>) -> Value;
    /// The native files of a seat's view: `(name, contents)`.
    fn view_files(&self, seat: Option<Seat>) -> Vec<(String, String)>;
    /// The names of those files, without making them.
    fn view_file_names(&self, seat: Option<Seat>) -> Vec<String>;
    /// Where `seat` writes this turn's orders.
    fn orders_file_name(&self, seat: Seat) -> String;
    /// The board as text, for people.
    fn board_text(&self) -> String;
    /// A built-in bot's orders for `seat`, as JSON. The game keeps one
    /// bot per seat and name from turn to turn, so a bot remembers what it
    /// learned on earlier turns (where it last saw an enemy, say) for as
    /// long as this game object lives; a restored game's bots start
    /// afresh. What they answer is recorded as orders, so nothing ever
    /// needs a bot's memory to replay a game.
    fn bot_orders(&mut self, bot: &str, seat: Seat, rng: &mut GameRng) -> Option<Value>;
    /// The record so far, when one is kept.
    fn record(&self) -> Option<GameRecord>;
    /// The same record as JSON text, written without rewriting the finished
    /// turns (cheap to call every turn).
    fn record_json(&self) -> Option<String>;
    /// Everything needed to resume the game.
    fn save(&self) -> Value;
    /// The game saved without the record's finished turns (see
    /// [`Match::save_base`]): its size does not grow with the game.
    fn save_base(&self) -> Value;
    /// The record turns the last resolution finished as JSON text (one
    /// turn, or an array of several): what [`Game::save_base`] leaves out,
    /// one resolution at a time.
    fn last_turn_json(&self) -> Option<String>;
    /// The orders the last resolution recorded (see [`Match::last_orders`]).
    fn last_orders(&self) -> Option<Value>;
    /// Records an end decided outside the rules (a host's turn limit):
    /// the record gets `ended`, `winnerId` and `outcome` as if the rules
    /// had ended the game. Nothing else changes.
    fn conclude(&mut self, outcome: &Outcome, now: Option<&str>);
    /// Whether everyone may know where every unit is while the game runs
    /// ([`Ruleset::units_public`]): if not, a running game's record is
    /// served without its turns' `units`.
    fn units_public(&self) -> bool;
}

/// Result of a game played by bots alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BotGame {
    pub outcome: Option<Outcome>,
    /// Turns played.
    pub turns: u64,
}

/// A ruleset, object-safe.
pub trait DynRuleset: Send + Sync {
    fn name(&self) -> &'static str;
    fn version(&self) -> &'static str;
    fn bot_names(&self) -> &'static [&'static str];
    /// The map or scenario used when none is named.
    fn default_scenario(&self) -> &'static str;
    /// The bundled maps or scenarios, by name.
    fn scenarios(&self) -> Vec<&'static str>;
    /// The bundled scenarios as files: `(file name, contents)`.
    fn scenario_files(&self) -> Vec<(String, String)>;
    /// The scenario file of a game folder of the original program.
    fn scenario_file_name(&self) -> Option<&'static str>;
    /// One sentence for people about writing an orders file.
    fn orders_help(&self) -> &'static str;
    /// The `options` a game's setup may give ([`Ruleset::options`]).
    fn options(&self) -> &'static [OptionSpec] {
        &[]
    }
    /// The JSON schema (2020-12) of one seat's orders as JSON, derived
    /// from [`Ruleset::Orders`]: what [`Game::submit_json`] reads.
    fn orders_schema(&self) -> Value;
    /// The JSON schema (2020-12) of a view, derived from
    /// [`Ruleset::View`]: what [`Game::view`] writes.
    fn view_schema(&self) -> Value;
    /// The seats the rules play in a game of this setup
    /// ([`Ruleset::rules_seats`]).
    fn rules_seats(&self, _setup: &Setup) -> Vec<RulesSeat> {
        Vec::new()
    }
    /// Starts a game.
    fn start(
        &self,
        setup: Setup,
        keep_record: bool,
        now: Option<&str>,
    ) -> Result<Box<dyn Game>, SetupError>;
    /// Resumes a saved game.
    fn restore(&self, saved: Value) -> Result<Box<dyn Game>, SetupError>;
    /// Resumes a game saved by [`Game::save_base`], given the record turns
    /// it left out ([`Game::last_turn_json`] of each resolution), oldest
    /// first.
    fn restore_with_turns(
        &self,
        saved: Value,
        turns: &[String],
    ) -> Result<Box<dyn Game>, SetupError>;
    /// Plays a whole game between built-in bots (one per seat, cycling
    /// through `bots`), with no record, as fast as the rules allow. Stops
    /// after `max_turns` turns (then `outcome` is `None`).
    fn play_bots(&self, setup: Setup, bots: &[&str], max_turns: u64)
        -> Result<BotGame, SetupError>;
    /// A bot's answer to a view file: `(orders file name, orders text)`.
    fn bot_answer(
        &self,
        bot: &str,
        seat: Seat,
        view_name: &str,
        view_text: &str,
        seed: u64,
    ) -> Result<(String, String), SetupError>;
    /// The same answer as JSON orders (what [`Game::submit_json`] and the
    /// HTTP API's JSON orders take), for a client that speaks JSON but
    /// reads the view's files to run a built-in bot.
    fn bot_answer_json(
        &self,
        bot: &str,
        seat: Seat,
        view_name: &str,
        view_text: &str,
        seed: u64,
    ) -> Result<Value, SetupError>;
    /// Re-runs a record with these rules (see [`crate::verify::verify`]).
    fn verify(&self, record: &GameRecord) -> Result<Option<crate::verify::Divergence>, SetupError>;
}

/// The adapter that gives a ruleset the object-safe face.
pub struct Registered<R>(pub Arc<R>);

struct Running<R: Ruleset>(Match<R>, Bots<R>);

/// The bots a running game has asked for, by seat and name, kept between
/// turns (see [`Game::bot_orders`]).
type Bots<R> = HashMap<(usize, String), Box<dyn crate::Bot<R>>>;

impl<R: Ruleset> Running<R> {
    fn new(m: Match<R>) -> Running<R> {
        Running(m, HashMap::new())
    }
}

impl<R: ViewFiles> Game for Running<R> {
    fn ruleset(&self) -> &'static str {
        R::NAME
    }
    fn record_type(&self) -> String {
        self.0.rules().record_type(self.0.state())
    }
    fn seats(&self) -> Vec<SeatInfo> {
        self.0.rules().seats(self.0.state())
    }
    fn rules_seats(&self) -> Vec<RulesSeat> {
        self.0.rules().rules_seats(self.0.setup())
    }
    fn turn(&self) -> u64 {
        self.0.turn()
    }
    fn title(&self) -> String {
        self.0.rules().title(self.0.state())
    }
    fn awaiting(&self) -> Vec<Seat> {
        self.0.awaiting()
    }
    fn missing(&self) -> Vec<Seat> {
        self.0.missing()
    }
    fn submit_json(
        &mut self,
        seat: Seat,
        orders: Value,
    ) -> Result<Vec<OrderIssue>, Vec<OrderIssue>> {
        let orders: R::Orders = crate::orders_json::read(&orders, R::NAME, || {
            schema_of::<R::Orders>(R::NAME, Side::Orders)
        })
        .map_err(|e| vec![e])?;
        self.0.submit(seat, orders)
    }
    fn submit_text(&mut self, seat: Seat, text: &[u8]) -> ParsedOrders {
        match self.0.rules().parse_orders(self.0.state(), seat, text) {
            Ok(None) => ParsedOrders::Incomplete,
            Ok(Some(orders)) => match self.0.submit(seat, orders) {
                Ok(notes) => ParsedOrders::Accepted(notes),
                Err(errors) => ParsedOrders::Rejected(errors),
            },
            Err(errors) => ParsedOrders::Rejected(errors),
        }
    }
    fn ready(&self) -> bool {
        self.0.ready()
    }
    fn resolve(&mut self, now: Option<&str>) -> TurnReport {
        self.0.resolve(now)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn units_public(&self) -> bool {
        self.0.rules().units_public(self.0.state())
    }
    fn act(&mut self, seat: Seat, act: TableAct, now: Option<&str>) -> Result<(), OrderIssue> {
        self.0.act(seat, act, now)
    }
    fn table(&self) -> Table {
        self.0.table().clone()
    }
    fn view(&self, seat: Option<Seat>) -> Value {
        serde_json::to_value(self.0.view(seat)).expect("views serialise")
    }
    fn view_files(&self, seat: Option<Seat>) -> Vec<(String, String)> {
        self.0.rules().view_files(self.0.state(), seat)
    }
    fn view_file_names(&self, seat: Option<Seat>) -> Vec<String> {
        self.0.rules().view_file_names(self.0.state(), seat)
    }
    fn orders_file_name(&self, seat: Seat) -> String {
        self.0.rules().orders_file_name(self.0.state(), seat)
    }
    fn board_text(&self) -> String {
        self.0.rules().board_text(self.0.state())
    }
    fn bot_orders(&mut self, bot: &str, seat: Seat, rng: &mut GameRng) -> Option<Value> {
        let b = match self.1.entry((seat.0, bot.to_string())) {
            Entry::Occupied(e) => e.into_mut(),
            Entry::Vacant(e) => e.insert(self.0.rules().bot(bot)?),
        };
        let view = self.0.view(Some(seat));
        let orders = b.orders(self.0.rules(), &view, seat, rng);
        Some(serde_json::to_value(orders).expect("orders serialise"))
    }
    fn record(&self) -> Option<GameRecord> {
        self.0.record()
    }
    fn record_json(&self) -> Option<String> {
        self.0.record_json()
    }
    fn save(&self) -> Value {
        self.0.save()
    }
    fn save_base(&self) -> Value {
        self.0.save_base()
    }
    fn last_turn_json(&self) -> Option<String> {
        self.0.last_turn_json().map(Cow::into_owned)
    }
    fn last_orders(&self) -> Option<Value> {
        self.0.last_orders().cloned()
    }
    fn conclude(&mut self, outcome: &Outcome, now: Option<&str>) {
        self.0.conclude(outcome, now)
    }
}

impl<R: ViewFiles> DynRuleset for Registered<R> {
    fn name(&self) -> &'static str {
        R::NAME
    }
    fn version(&self) -> &'static str {
        R::VERSION
    }
    fn bot_names(&self) -> &'static [&'static str] {
        self.0.bot_names()
    }
    fn rules_seats(&self, setup: &Setup) -> Vec<RulesSeat> {
        self.0.rules_seats(setup)
    }
    fn default_scenario(&self) -> &'static str {
        self.0.default_scenario()
    }
    fn scenarios(&self) -> Vec<&'static str> {
        self.0.scenarios()
    }
    fn scenario_files(&self) -> Vec<(String, String)> {
        self.0.scenario_files()
    }
    fn scenario_file_name(&self) -> Option<&'static str> {
        self.0.scenario_file_name()
    }
    fn orders_help(&self) -> &'static str {
        self.0.orders_help()
    }
    fn options(&self) -> &'static [OptionSpec] {
        self.0.options()
    }
    fn orders_schema(&self) -> Value {
        schema_of::<R::Orders>(R::NAME, Side::Orders)
    }
    fn view_schema(&self) -> Value {
        schema_of::<R::View>(R::NAME, Side::View)
    }
    fn start(
        &self,
        setup: Setup,
        keep_record: bool,
        now: Option<&str>,
    ) -> Result<Box<dyn Game>, SetupError> {
        Ok(Box::new(Running::new(Match::start(
            self.0.clone(),
            setup,
            keep_record,
            now,
        )?)))
    }
    fn restore(&self, saved: Value) -> Result<Box<dyn Game>, SetupError> {
        Ok(Box::new(Running::new(Match::restore(
            self.0.clone(),
            saved,
        )?)))
    }
    fn restore_with_turns(
        &self,
        saved: Value,
        turns: &[String],
    ) -> Result<Box<dyn Game>, SetupError> {
        Ok(Box::new(Running::new(Match::restore_with_turns(
            self.0.clone(),
            saved,
            turns,
        )?)))
    }
    fn play_bots(
        &self,
        setup: Setup,
        bots: &[&str],
        max_turns: u64,
    ) -> Result<BotGame, SetupError> {
        play_bots(self.0.clone(), setup, bots, max_turns)
    }
    fn bot_answer(
        &self,
        bot: &str,
        seat: Seat,
        view_name: &str,
        view_text: &str,
        seed: u64,
    ) -> Result<(String, String), SetupError> {
        let rules = &*self.0;
        let (view, orders) = answer(rules, bot, seat, view_name, view_text, seed)?;
        Ok((
            rules.orders_file_for_view(&view, seat),
            rules.orders_text(&orders),
        ))
    }
    fn bot_answer_json(
        &self,
        bot: &str,
        seat: Seat,
        view_name: &str,
        view_text: &str,
        seed: u64,
    ) -> Result<Value, SetupError> {
        let (_, orders) = answer(&*self.0, bot, seat, view_name, view_text, seed)?;
        Ok(serde_json::to_value(orders).expect("orders serialise"))
    }
    fn verify(&self, record: &GameRecord) -> Result<Option<crate::verify::Divergence>, SetupError> {
        crate::verify::verify(self.0.clone(), record)
    }
}

/// Bot `bot`'s orders for `seat` from a view file, with the view read.
fn answer<R: ViewFiles>(
    rules: &R,
    bot: &str,
    seat: Seat,
    view_name: &str,
    view_text: &str,
    seed: u64,
) -> Result<(R::View, R::Orders), SetupError> {
    let mut b = find_bot(rules, bot, "bot")?;
    let view = rules.parse_view(view_name, view_text)?;
    let mut rng = GameRng::from_seed(seed);
    let orders = b.orders(rules, &view, seat, &mut rng);
    Ok((view, orders))
}

/// A built-in bot by name, or an error at `field` listing the bots there are.
fn find_bot<R: Ruleset>(
    rules: &R,
    name: &str,
    field: &str,
) -> Result<Box<dyn crate::Bot<R>>, SetupError> {
    rules.bot(name).ok_or_else(|| {
        SetupError::at(
            field,
            format!(
                "no bot `{name}` for {}; there are: {}",
                R::NAME,
                rules.bot_names().join(", ")
            ),
        )
    })
}

/// Plays a game between built-in bots, typed (no JSON on the way).
pub fn play_bots<R: Ruleset>(
    rules: Arc<R>,
    setup: Setup,
    bots: &[&str],
    max_turns: u64,
) -> Result<BotGame, SetupError> {
    if bots.is_empty() {
        return Err(SetupError::at("bots", "name at least one bot"));
    }
    let seed = setup.seed;
    let mut game = Match::start(rules.clone(), setup, false, None)?;
    let seats = rules.seats(game.state()).len();
    let mut players = Vec::with_capacity(seats);
    for i in 0..seats {
        let name = bots[i % bots.len()];
        players.push(find_bot(&*rules, name, "bots")?);
    }
    // The bots' own choices come from a stream apart from the game's.
    let mut bot_rng = GameRng::from_seed(seed ^ 0xB07_B07_B07);
    let mut turns = 0;
    while game.outcome().is_none() && turns < max_turns {
        for seat in game.awaiting() {
            let view = game.view(Some(seat));
            let orders = players[seat.0].orders(&rules, &view, seat, &mut bot_rng);
            // A bot's illegal orders count as no orders: the default applies.
            let _ = game.submit(seat, orders);
        }
        game.resolve(None);
        turns += 1;
    }
    Ok(BotGame {
        outcome: game.outcome(),
        turns,
    })
}
