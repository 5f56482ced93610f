//! What the game commands (`play`, `demo`, `tournament`) share: the table
//! a game is set at (ruleset, scenario, players, seed, options), turned into
//! the engine's `Setup` and checked as the host checks it (options the
//! ruleset takes, the players it seats), and how a game's progress is told
//! to people.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use engine::{DynRuleset, Game, Outcome, SeatInfo, SeatSpec, Setup};
use playfile::PlayEvent;
use serde_json::{Map, Value};

/// Where a game is set and who sits at it.
#[derive(clap::Args, Debug, Clone)]
pub struct Table {
    /// The ruleset (`orderly rulesets` lists them).
    pub ruleset: String,
    /// The map or scenario: a file, or the name of a bundled one
    /// (`orderly maps RULESET` lists them); the ruleset's own default when
    /// absent.
    pub scenario: Option<String>,
    /// The map or scenario, as an option (the same as SCENARIO).
    #[arg(
        long = "scenario",
        visible_alias = "map",
        value_name = "SCENARIO",
        conflicts_with = "scenario"
    )]
    pub scenario_option: Option<String>,
    /// How many players, for rulesets whose scenario does not fix it.
    #[arg(long, value_name = "N")]
    pub players: Option<usize>,
    /// The game's seed: the same seed and orders give the same game.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A ruleset option, KEY=VALUE (VALUE is read as JSON when it is JSON,
    /// else as text); may be repeated.
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    #[command(flatten)]
    pub lib: Lib,
}

/// `-L DIR`: folders the ruleset reads files from (game modules), the
/// engine's local option `lib` ([`engine::LOCAL_OPTIONS`]), for every
/// command that sets up or re-runs a game, so the one flag works in each.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct Lib {
    /// A folder the ruleset reads files from (game modules), searched
    /// first; may be repeated. The same as `--option lib=DIR`.
    #[arg(short = 'L', long = "lib", value_name = "DIR")]
    pub dirs: Vec<PathBuf>,
}

impl Lib {
    /// Puts the folders into `options` as `lib` (replacing one there).
    pub fn put(&self, options: &mut Map<String, Value>) {
        let dirs: Vec<Value> = self
            .dirs
            .iter()
            .map(|d| Value::String(d.display().to_string()))
            .collect();
        let value = match <[Value; 1]>::try_from(dirs) {
            Ok([one]) => one,
            Err(dirs) if dirs.is_empty() => return,
            Err(dirs) => Value::Array(dirs),
        };
        options.insert(engine::LIB_OPTION.into(), value);
    }

    /// Puts the folders into the options of a record's setup, which a
    /// re-run starts from.
    pub fn put_in_record(&self, record: &mut ::record::GameRecord) {
        if self.dirs.is_empty() {
            return;
        }
        if let Some(Value::Object(setup)) = record.extra.get_mut("setup") {
            let options = setup
                .entry("options")
                .or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(options) = options {
                self.put(options);
            }
        }
    }
}

impl Table {
    /// The scenario asked for, or the ruleset's default.
    pub fn scenario(&self, rules: &dyn DynRuleset) -> String {
        self.scenario
            .clone()
            .or_else(|| self.scenario_option.clone())
            .unwrap_or_else(|| rules.default_scenario().to_string())
    }

    /// The setup: the scenario's file when one of that name exists (else a
    /// bundled scenario, which the ruleset checks when the game starts),
    /// the players (with their bots, when given), the seed and options.
    pub fn setup(&self, rules: &dyn DynRuleset, bots: Option<&[String]>) -> anyhow::Result<Setup> {
        let scenario = self.scenario(rules);
        let path = Path::new(&scenario);
        let text = if path.is_file() {
            let bytes = std::fs::read(path).with_context(|| format!("cannot read {scenario}"))?;
            Some(
                String::from_utf8(bytes)
                    .with_context(|| format!("{scenario}: the file is not UTF-8 text"))?,
            )
        } else {
            None
        };
        let seats = match self.players {
            Some(0) => bail!("--players: a game needs at least one player"),
            Some(n) => (0..n)
                .map(|i| SeatSpec {
                    name: None,
                    bot: bots.map(|b| b[i % b.len()].clone()),
                    rules: false,
                })
                .collect(),
            None => Vec::new(),
        };
        let mut options = options(&self.options)?;
        self.lib.put(&mut options);
        // The host refuses these over HTTP with the same words.
        if let Err(errors) = engine::check_options(rules, &options, engine::OptionsFrom::Local) {
            let lines: Vec<String> = errors
                .iter()
                .map(|e| format!("--option: {}", e.message))
                .collect();
            bail!("{}", lines.join("\n"));
        }
        Ok(Setup {
            scenario,
            text,
            seats,
            seed: self.seed,
            options,
        })
    }

    /// Starts the game of [`Table::setup`] and checks that it has the
    /// players asked for (a scenario that fixes its seats sets up its own
    /// number whatever `--players` said): the setup and the game.
    pub fn start(
        &self,
        rules: &dyn DynRuleset,
        bots: Option<&[String]>,
        keep_record: bool,
    ) -> anyhow::Result<(Setup, Box<dyn Game>)> {
        let setup = self.setup(rules, bots)?;
        let game = rules.start(setup.clone(), keep_record, Some(&super::now()))?;
        if let Some(players) = self.players {
            engine::check_players(&*game, players).map_err(|e| {
                anyhow::anyhow!(
                    "--players {players}: {}; leave --players out for the scenario's own",
                    e.message
                )
            })?;
        }
        Ok((setup, game))
    }
}

/// `KEY=VALUE` pairs as the setup's options.
pub fn options(pairs: &[String]) -> anyhow::Result<Map<String, Value>> {
    let mut out = Map::new();
    for pair in pairs {
        let Some((key, value)) = pair.split_once('=') else {
            bail!("--option {pair}: write KEY=VALUE, e.g. --option cards=6");
        };
        let value = serde_json::from_str(value).unwrap_or_else(|_| Value::String(value.into()));
        out.insert(key.trim().to_string(), value);
    }
    Ok(out)
}

/// The bots asked for (all of the ruleset's when none), each checked.
pub fn bots_or_all(rules: &dyn DynRuleset, bots: Vec<String>) -> anyhow::Result<Vec<String>> {
    let bots = if bots.is_empty() {
        rules.bot_names().iter().map(|b| b.to_string()).collect()
    } else {
        bots
    };
    check_bots(rules, &bots)?;
    Ok(bots)
}

/// Fails unless every bot name is one of the ruleset's bots.
pub fn check_bots(rules: &dyn DynRuleset, bots: &[String]) -> anyhow::Result<()> {
    if bots.is_empty() {
        bail!(
            "name at least one bot; {} has: {}",
            rules.name(),
            rules.bot_names().join(", ")
        );
    }
    for b in bots {
        if !rules.bot_names().contains(&b.as_str()) {
            bail!(
                "no bot `{b}` for {}; there are: {}",
                rules.name(),
                rules.bot_names().join(", ")
            );
        }
    }
    Ok(())
}

/// A game's title made safe for a folder name.
pub fn folder_name(ruleset: &str, title: &str) -> String {
    let title: String = title
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{ruleset}_{title}")
}

/// Prints what happens in a game played by files.
pub fn print_event(seats: &[SeatInfo], event: PlayEvent) {
    let name = |s: engine::Seat| {
        seats
            .get(s.0)
            .map_or_else(|| s.to_string(), |i| i.name.clone())
    };
    match event {
        PlayEvent::TurnStarted { turn, awaiting } => {
            let who: Vec<String> = awaiting.into_iter().map(name).collect();
            println!("turn {turn}: waiting for {}", who.join(", "));
        }
        PlayEvent::Accepted { file, notes } => {
            for n in notes {
                eprintln!("note: {}", n.display_in(&file));
            }
        }
        PlayEvent::Rejected { file, errors } => {
            for e in errors {
                eprintln!("error: {}", e.display_in(&file));
            }
        }
        PlayEvent::Missing { .. } | PlayEvent::Resolved { .. } => {}
        PlayEvent::Over { outcome } => print_outcome(seats, &outcome),
    }
}

/// "game over: Red wins (...)": the one way the command line says it.
pub fn print_outcome(seats: &[SeatInfo], outcome: &Outcome) {
    let scores = outcome
        .scores
        .as_ref()
        .map(|s| {
            let parts: Vec<String> = s
                .iter()
                .zip(seats)
                .map(|(n, seat)| format!("{} {n}", seat.name))
                .collect();
            format!("; scores: {}", parts.join(", "))
        })
        .unwrap_or_default();
    println!("game over: {}{scores}", outcome.summary(seats));
}
