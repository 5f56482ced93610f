//! The plug-in point for rulesets: what a ruleset crate hands to the
//! registry.
//!
//! A ruleset is one crate plus one line in the registry's list. The crate
//! provides everything about its game in one [`Plugin`]: the rules (through
//! the engine's object-safe [`DynRuleset`]), how its boards are drawn (a
//! [`render::Drawing`]), the browser controller that turns a player's
//! clicks into its JSON orders, a guide for players (rules at hand, the
//! legend of the board), optionally the story of a turn in its own words
//! and the legal targets of a picked thing, and optionally commands of its
//! own (`orderly xconq replay ...`) and a re-run of records made elsewhere.
//! The generic
//! crates (host, web, render, tournament, playfile, cli) hold a list of
//! plug-ins and never name a ruleset; a tidy test in the registry crate
//! keeps it so.
//!
//! Why a crate of its own: the entry names the engine's and the render
//! crate's traits, and the ruleset crates depend on it, so it must sit below
//! them and above those two; the registry (which names every ruleset crate)
//! sits above the rulesets.

use std::ffi::OsString;
use std::process::ExitCode;
use std::sync::Arc;

use engine::DynRuleset;
use record::{GameRecord, Turn};
use render::Drawing;
use serde_json::Value;

/// Everything about one ruleset.
#[derive(Clone)]
pub struct Plugin {
    /// The rules, object-safe: `engine::Registered(Arc::new(MyRules))`.
    pub rules: Arc<dyn DynRuleset>,
    /// Other names the ruleset answers to (compared without case), such as
    /// the record types it plays (`classic`, `chaos`).
    pub aliases: &'static [&'static str],
    /// How its boards are drawn.
    pub drawing: Arc<dyn Drawing>,
    /// What the browser client needs.
    pub client: Client,
    /// A turn told in words, for the play page's log; `None` tells each
    /// action by its caption (see [`Plugin::describe`]).
    pub describe: Option<Describe>,
    /// The legal targets of a picked thing, for the browser to outline;
    /// `None` when the ruleset has none to offer.
    pub targets: Option<Targets>,
    /// Commands of its own, if any (see [`Command`]).
    pub command: Option<Command>,
    /// A re-run of records the generic one cannot re-run (see [`Rerun`]).
    pub rerun: Option<Rerun>,
}

impl std::fmt::Debug for Plugin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Plugin")
            .field("name", &self.rules.name())
            .field("aliases", &self.aliases)
            .field("describe", &self.describe.is_some())
            .field("targets", &self.targets.is_some())
            .field("command", &self.command.is_some())
            .field("rerun", &self.rerun.is_some())
            .finish_non_exhaustive()
    }
}

impl Plugin {
    /// The ruleset's name (its records' `type`).
    pub fn name(&self) -> &'static str {
        self.rules.name()
    }

    /// What happened in `turn`, in the ruleset's words, one line per thing
    /// a player wants to know: its own [`Describe`], or else every
    /// action's caption (`render::Drawing::caption`, or the generic one).
    pub fn describe(&self, record: &GameRecord, turn: &Turn) -> Vec<String> {
        match self.describe {
            Some(f) => f(record, turn),
            None => turn
                .actions
                .iter()
                .map(|a| render::replay::caption_in(&*self.drawing, record, a))
                .collect(),
        }
    }

    /// Whether `name` (compared without case) is this ruleset's name or one
    /// of its aliases.
    pub fn answers_to(&self, name: &str) -> bool {
        self.name().eq_ignore_ascii_case(name)
            || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    }
}

/// The browser client's per-ruleset parts, shipped by the ruleset crate as
/// text (`include_str!`) and served by the host.
#[derive(Debug, Clone, Copy)]
pub struct Client {
    /// An ES module whose default export is the ruleset's controller: which
    /// board things a seat may pick, what buttons a pick offers, and how
    /// the picks become the ruleset's JSON orders. It may import the
    /// client's own modules by absolute path (`/dom.js`). The host serves it
    /// at `/rulesets/{name}/controller.js`.
    pub controller: &'static str,
    /// The rules at hand and the legend of the board, for players: an HTML
    /// fragment (headings, paragraphs, lists; no scripts or styles).
    pub guide: &'static str,
}

/// Tells one turn of a record in words for people: the lines a player
/// reads in the play page's log ("Red unit 3 destroyed Green unit 7",
/// "conflict at (4,5): seat 0 wins 3–2"), the important things first and
/// routine ones summed up. `record` holds the game's header (type, teams;
/// its turns may be left out); `turn` is the turn as served to everyone, so
/// it holds nothing secret.
pub type Describe = fn(record: &GameRecord, turn: &Turn) -> Vec<String>;

/// The board things a picked thing may be ordered onto, worked out with
/// the ruleset's own checks from a seat's view (the JSON of
/// `Ruleset::view`): `pick` names the thing as the browser controller
/// does (`piece:19`, `battery:Lark/0`), and the answer lists the `data-id`s
/// of the board's things it may target. Unknown picks have none.
pub type Targets = fn(view: &Value, pick: &str) -> Vec<String>;

/// A ruleset's own subcommands: `orderly NAME ARGS...` reaches `run` with
/// `NAME` as the first argument (parse them with
/// `clap::Parser::try_parse_from`).
#[derive(Debug, Clone, Copy)]
pub struct Command {
    /// One line for `orderly --help`.
    pub about: &'static str,
    /// The subcommand names it takes, so the command line can tell them
    /// from a scenario given to `orderly NAME SCENARIO`.
    pub names: &'static [&'static str],
    pub run: fn(Vec<OsString>) -> Result<ExitCode, CommandError>,
}

/// Why a ruleset's command failed (printed as `error: ...`, exit code 1).
pub type CommandError = Box<dyn std::error::Error + Send + Sync>;

/// Re-runs a record through the rules when the generic re-run
/// (`DynRuleset::verify`: setup and recorded orders) cannot, such as the
/// records of another program. `aid` is the ruleset's re-run aid when one
/// was given (the Tactics engine's draws file).
pub type Rerun =
    fn(record: &GameRecord, aid: Option<&Value>) -> Result<Rerunning, engine::SetupError>;

/// What a re-run found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rerunning {
    /// Every turn agrees: how many turns, actions and random draws.
    Agrees {
        turns: usize,
        actions: usize,
        draws: Option<usize>,
    },
    /// The first place where the rules disagree with the record.
    Diverges(engine::verify::Divergence),
}
